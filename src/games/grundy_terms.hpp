// The term-by-term engine of grundy_sequence.cpp: G(n) of a heap game from G(0 .. n-1), by the
// definition (naive) or by the sparse-space method of Winning Ways for your Mathematical Plays,
// ch. 4, "Sparse space spells speed", run in parallel by speculation and verification as in
// J. P. Grossman, "Searching for periodicity in Officers", Games of No Chance 5.
// Internal to the games layer.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include "games/block_parts.hpp"
#include "games/crew.hpp"
#include "kernels/kernel.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::games::detail {

class chunk_marks;

// A row of bits keeps slot s as bit s % 8 of byte s / 8 (the kernels' heap_marks with `bits`).
inline void set_bit(std::uint8_t* row, std::uint32_t s) noexcept { row[s >> 3] |= std::uint8_t(1u << (s & 7)); }
// Slots 64 w .. 64 w + 63 of a row of bits, slot 64 w + i as bit i.
inline std::uint64_t bit_word(const std::uint8_t* row, std::uint32_t w) noexcept {
  std::uint64_t word = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&word, row + 8 * w, 8);
  } else {
    for (unsigned i = 0; i < 8; ++i) word |= std::uint64_t(row[8 * w + i]) << (8 * i);
  }
  return word;
}

// std::popcount in a few inline operations: the library's base instruction set has no popcnt,
// so std::popcount would be a call to the compiler's runtime (Hacker's Delight, 5-1).
inline unsigned count_bits(std::uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555;
  x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
  return unsigned((x * 0x0101010101010101) >> 56);
}

// Computes G(n) of a heap game term by term into a store the caller owns, given G(0 .. n-1):
// naive() by the definition (every option enumerated), sparse_block() by the sparse-space
// method for a block of terms at once. note(n) must see every term, in order. The hot loops
// read the store's array at its current width (packed_values::visit), one loop per width.
class grundy_terms {
 public:
  // threads: how many threads verify a block (1: this one only); exception_index: as in
  // sequence_options.
  grundy_terms(const heap_game& game, packed_values& g, unsigned threads, std::uint64_t exception_index);

  bool sparse_possible() const {
    return !three_heaps_ && game_.splits() && game_.progressions().empty();
  }

  // G(n) from G(0 .. n-1) by the definition.
  std::uint32_t naive(std::uint64_t n);

  // G(n0 .. n0 + count - 1), count <= max_block, by the sparse-space method with the current
  // mask and rare list; returns how many were computed (fewer when a speculated value proved
  // wrong or outgrew the marks).
  std::uint64_t sparse_block(std::uint64_t n0, std::uint64_t count);

  // The most terms a sparse block takes; a block is shorter after a wrong speculation.
  static constexpr std::uint64_t max_block = 256;
  std::uint64_t block_size() const { return block_; }

  bool is_rare(std::uint32_t v) const { return (count_bits(v & mask_) & 1) == 0; }

  // Picks the mask that makes the fewest of G(from .. to-1) rare and rebuilds the rare list.
  void choose_mask(std::uint64_t from, std::uint64_t to);
  // Adds the rare positions from .. to-1 to the list (it ends below from).
  void extend_rare(std::uint64_t from, std::uint64_t to);

  std::uint32_t mask() const { return mask_; }
  // The helper threads (null on one thread), for another engine of the same run to share.
  crew* helpers() const { return crew_.get(); }
  std::uint64_t rare_count() const { return rare_.size(); }
  std::uint64_t last_rare() const { return rare_.empty() ? 0 : rare_.back(); }
  // Records term n, given rather than computed (a resumed run), as computing it would have.
  void replay(std::uint64_t n) {
    if (game_.type() == heap_game::kind::take_break) add_to_classes(n);
    note(n);
  }
  // Before a mask is chosen no position is listed (the list is built when it is).
  void note(std::uint64_t n) { note(n, g_[n]); }
  // note(n) with v = G(n), as stored.
  void note(std::uint64_t n, std::uint32_t v) {
    if (n >= 1 && mask_ != 0 && is_rare(v)) {
      rare_.push_back(n);
      rare_values_.push_back(v);
    }
    while (v >= value_limit_) value_limit_ *= 2;
  }

 private:
  // The block's pass over the pairs (a, m - a) with a rare, count <= a < n0 - k, for every
  // term, in chunks of terms: plan_rare_pairs() sets it up, mark_rare_part() clears and marks
  // the rows of the terms from .. to-1 in chunks of equal length, at most rare_chunk_ each, by
  // mark_rare_chunk() (the parts may run at once, on different threads).
  void plan_rare_pairs(std::uint64_t n0, std::uint64_t count);
  void mark_rare_part(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::uint64_t from,
                      std::uint64_t to, unsigned thread) noexcept;
  void mark_rare_chunk(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::uint64_t from,
                       std::uint64_t to, unsigned thread) noexcept;
  // The end of a block whose speculation reached `done`, `wrong` its first wrong term (not
  // below `done` when none): stores and notes the true terms, sets the next block's length,
  // and returns how many were kept.
  std::uint64_t keep_block(std::uint64_t n0, std::uint64_t done, std::uint64_t wrong);
  static constexpr std::uint64_t min_rare_chunk = 8;
  // The candidate G(n) given the block's marks: the smallest common value not reached, every
  // pair with a rare member marked first (the ones the block pass left out here).
  std::uint32_t candidate(std::uint64_t n, std::uint8_t* marks, std::size_t low);
  // candidate()'s pairs of the rare positions below `low` whose other heap lies in the block,
  // on packed rows after a pass that took the others.
  void mark_speculated_partners(std::uint64_t n, std::uint8_t* marks, std::size_t low) const noexcept;
  // G(n) = c unless a rare value below c is unreachable; scans the common-common pairs. Uses
  // the scratch row `wanted` on rows of bytes (zero on entry and exit); verify_packed() is the
  // same on packed rows, with no scratch row.
  std::uint32_t verify(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks,
                       std::uint8_t* wanted) const;
  std::uint32_t verify_packed(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks) const;
  // The same on unpacked rows of bits.
  std::uint32_t verify_bits(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks) const;
  // verify()'s scan of the pairs of heaps, on the store's array g: bit x of the table for x
  // the nim-sum of two stored entries says that it may stand for a wanted value, and found(a,
  // m, x) whether it does for the pair (a, m - a). The vector scan takes the pairs where
  // filter_for(m) (a kernels::heap_scan_filter) says it does, and hands the others to found.
  // A value found is cleared from the table and, where there is one, from `wanted`.
  static constexpr std::uint64_t scan_stretch = std::uint64_t(1) << 20;  // pairs between trims
  template <class T, class Found, class Filter>
  void scan_pairs(const T* g, std::uint64_t n, std::uint8_t* wanted, std::uint32_t* table,
                  std::uint32_t& missing, const Found& found, const Filter& filter_for) const noexcept;
  // The same on a parity-packed store, the table indexed by the values' bytes.
  void scan_pairs_packed(std::uint64_t n, std::uint32_t* table, std::uint32_t& missing) const noexcept;
  // The store's exceptions below low_exceptions_range_ as bits (low_exceptions_), rebuilt
  // before each verification: a scan's lower heaps stay below it but in the longest scans.
  void index_low_exceptions();
  // Past this the index (rebuilt per block) would cost more than the searches it saves.
  static constexpr std::uint64_t max_exception_index = std::uint64_t(1) << 26;
  // mark_rare_chunk() for the terms from .. chunk_end-1 of the block on a parity-packed
  // store: the rare positions rare_[first ..] (those below `low` only where they pair with a
  // known heap), the pairs with a common heap through `batch`.
  void mark_rare_pairs_packed(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::size_t first,
                              std::size_t low, std::uint64_t from, std::uint64_t chunk_end,
                              chunk_marks& batch) const noexcept;

  // Rows of marks for `count` terms: sized (size_rows) or sized and zeroed (clear_rows).
  std::uint8_t* size_rows(std::uint64_t count);
  // The bytes of a row that marks reach: value_limit_, or 512 bits on rows of bits.
  std::size_t marked_bytes() const { return bit_rows_ ? bit_row_bytes : value_limit_; }
  std::uint8_t* clear_rows(std::uint64_t count);
  // f(item, thread) for item < items, on the crew when there is one.
  template <class F>
  void run_items(std::uint64_t items, const F& f) noexcept {
    if (crew_) return crew_->run(items, f);
    for (std::uint64_t i = 0; i < items; ++i) f(i, 0u);
  }
  void rebuild_rare(std::uint64_t to) {
    rare_.clear();
    rare_values_.clear();
    extend_rare(1, to);
  }
  // Marks slot s of a row: byte s set to 1, or on rows of bits bit s % 8 of byte s / 8.
  void mark(std::uint8_t* row, std::uint32_t s) const noexcept {
    if (bit_rows_)
      set_bit(row, s);
    else
      row[s] = 1;
  }
  void mark_single_heap_options(std::uint64_t n, std::uint8_t* marks);
  void mark_progression_options(std::uint64_t n, std::uint8_t* marks);
  void add_to_classes(std::uint64_t n);
  std::vector<std::uint8_t>& class_of(std::size_t i, std::uint64_t n);
  void mark_three_heap_options(std::uint64_t n, std::uint8_t* marks) const;

  // The smallest unmarked value: at most value_limit_, inside the row.
  static std::uint32_t mex(const std::uint8_t* marks) {
    std::uint32_t v = 0;
    while (marks[v]) ++v;
    return v;
  }
  // Where a sparse block's row keeps the mark of value v: at v, or on a parity-packed store at
  // its byte, common values in the first half of 512 entries and rare ones in the second. Each
  // half ascends with the values: the dropped bit is the mask's lowest below 512, so for a value
  // of either class it follows from the bits above it. A rare position's pairs with common
  // heaps then mark the byte of that heap xor the byte of the rare value, with no lookup.
  std::uint32_t row_slot(std::uint32_t v) const noexcept {
    return packed_rows_ ? g_.pack(v) | (is_rare(v) ? packed_half : 0u) : v;
  }
  static constexpr std::uint32_t packed_half = 256;
  // Rows of bits (on a parity-packed store, or an unpacked one of one byte a value where the
  // kernel's marks gather bits) keep 512 slots, one cache line a row (on an unpacked store a
  // nim-sum is below 256 and the candidate below 512): a block's rows move between the cores
  // that mark, speculate and verify them, and each line moved costs a transfer; bits also make
  // the candidate's search and the verification's table a few words.
  static constexpr std::size_t bit_row_bytes = 2 * packed_half / 8;
  // The rare values below the common value c on a packed store: the first so many of the rare
  // half (those whose bits above the dropped one are lower, and those with the same ones when
  // c has the dropped bit).
  std::uint32_t rare_below(std::uint32_t c) const noexcept {
    const std::uint32_t dropped = (mask_ & 511) & (~(mask_ & 511) + 1);
    return (g_.pack(c) & ~(dropped - 1)) + ((c & dropped) != 0 ? dropped : 0);
  }

  const heap_game& game_;
  packed_values& g_;
  unsigned threads_ = 1;
  // The active kernel's vector scan of the verification, or null for the scalar scan alone.
  ::nimber::detail::kernels::heap_scan_fn scan_ = ::nimber::detail::kernels::active_slots().heap_scan;
  // The active kernel's rare-pair marks, or null for byte stores; per thread, marks_capacity_
  // entries of scratch for its sources (plan_rare_pairs sizes them).
  ::nimber::detail::kernels::heap_marks_fn heap_marks_ = ::nimber::detail::kernels::active_slots().heap_marks;
  std::vector<std::uint64_t> marks_bases_;
  std::vector<std::uint8_t> marks_values_;
  std::size_t marks_capacity_ = 0;
  std::unique_ptr<crew> crew_;  // the helper threads, when threads_ > 1
  block_parts parts_;           // how a block is split between the threads
  bool three_heaps_ = false;
  std::vector<std::uint64_t> split_offsets_;  // k with "remove k, leave two heaps"
  // Per progression of a subtraction set, per residue class, which values occur there.
  std::vector<std::vector<std::vector<std::uint8_t>>> class_values_;
  bool distinct_ = false;                     // the two heaps must differ (Grundy's game)
  std::uint64_t value_limit_ = 1;  // a power of two above every value so far (2^32 fits)
  std::size_t stride_ = 0;
  std::uint64_t block_ = 64;          // the next sparse block's length
  std::vector<std::uint8_t> rows_;    // marks (reached values), one row per term
  std::vector<std::uint8_t> wanted_;  // one scratch row of bytes per thread; zero between terms
  std::size_t wanted_stride_ = 0;
  std::vector<std::uint32_t> candidates_, verified_;  // per term of the block
  std::vector<std::size_t> high_;     // per split offset, where the per-term rare pairs resume
  // plan_rare_pairs(): the most terms a chunk, and the rare positions the pass starts at and
  // those below the block's length
  std::uint64_t rare_chunk_ = min_rare_chunk;
  std::size_t rare_first_ = 0, rare_low_ = 0;
  std::vector<std::uint8_t> low_rare_bytes_;  // on a packed store, the bytes of those below it
  // n0 of the block when its pass took the pairs of the rare positions below its length with a
  // known heap (candidate() then only those with a heap in the block), else 0.
  std::uint64_t low_pass_n0_ = 0;
  std::uint64_t low_exceptions_range_;         // a multiple of 64
  std::vector<std::uint64_t> low_exceptions_;  // index_low_exceptions()
  std::vector<std::uint64_t> indexed_exceptions_;  // the exceptions it holds
  std::uint32_t mask_ = 0;
  bool packed_rows_ = false;  // the rows of the block under way are in row_slot's packed form
  bool bit_rows_ = false;     // they are rows of bits (bit_row_bytes), not of bytes
  // The slots of the rare values, for the candidate's search past them (size_rows builds them
  // for the masks kept beside them): on rows of bytes 1 at each below stride_, on unpacked rows
  // of bits their 512 bits.
  std::vector<std::uint8_t> rare_bytes_;
  std::uint32_t rare_bytes_mask_ = 0;
  std::array<std::uint64_t, bit_row_bytes / 8> rare_bits_{};
  std::uint32_t rare_bits_mask_ = 0;
  // row_slot(v) for v < 512 on packed rows (size_rows builds it for packed_slots_mask_)
  std::vector<std::uint16_t> packed_slots_;
  std::uint32_t packed_slots_mask_ = 0;
  std::vector<std::uint64_t> rare_;         // positions n >= 1 with a rare value, ascending
  std::vector<std::uint32_t> rare_values_;  // their values
};

// The sparse-space mask that leaves the fewest values rare, and how many it leaves: low[v] is
// the count of values whose low bits are v (low.size() a power of two). With one bucket there
// is no mask to try: mask 1, and every value (all 0) is rare.
std::pair<std::uint32_t, std::uint64_t> fewest_rare_mask(std::span<const std::uint64_t> low) noexcept;

}  // namespace nimber::games::detail
