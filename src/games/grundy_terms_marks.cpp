// The marking pass of grundy_terms.hpp: before a block's candidates, every pair of a rare
// position with a known heap marks its nim-sum in the row of each term of the block, one chunk
// of terms at a time (the sparse-space method of grundy_terms.cpp).
#include "games/grundy_terms.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace nimber::games::detail {

namespace {

// range(lo, hi) for the two runs of terms that make up [from, to) but `skip` (which may lie
// outside).
template <class Range>
inline void ranges_but(std::uint64_t from, std::uint64_t to, std::uint64_t skip, const Range& range) {
  const std::uint64_t upto = std::min(std::max(skip, from), to);
  range(from, upto);
  range(upto == skip ? upto + 1 : upto, to);
}

// mark(t) for every term t in [from, to) but `skip`, in two plain loops.
template <class Mark>
inline void terms_but(std::uint64_t from, std::uint64_t to, std::uint64_t skip, const Mark& mark) {
  ranges_but(from, to, skip, [&](std::uint64_t lo, std::uint64_t hi) {
#pragma GCC unroll 4
    for (std::uint64_t t = lo; t < hi; ++t) mark(t);
  });
}

// marks[t * stride + (pa ^ other[t])] = 1 for t in [from, to): eight terms a load on a
// little-endian machine, each byte of the word (other heaps' bytes xor pa) a mark's slot.
inline void mark_slots(std::uint8_t* marks, std::size_t stride, const std::uint8_t* other, std::uint32_t pa,
                       std::uint64_t from, std::uint64_t to) noexcept {
  std::uint64_t t = from;
  if constexpr (std::endian::native == std::endian::little) {
    const std::uint64_t spread = pa * std::uint64_t(0x0101010101010101);
    for (; t + 8 <= to; t += 8) {
      std::uint64_t x;
      std::memcpy(&x, other + t, 8);
      x ^= spread;
      std::uint8_t* row = marks + t * stride;
      for (unsigned j = 0; j < 8; ++j, row += stride, x >>= 8) row[x & 255] = 1;
    }
  }
  for (; t < to; ++t) marks[t * stride + (pa ^ other[t])] = 1;
}

// mark_slots() but at the term `skip` (which may lie outside), on rows of bytes or of bits.
inline void mark_slots_but(std::uint8_t* marks, std::size_t stride, bool bits, const std::uint8_t* other,
                           std::uint32_t pa, std::uint64_t from, std::uint64_t to, std::uint64_t skip) noexcept {
  if (bits) return terms_but(from, to, skip, [&](std::uint64_t t) { set_bit(marks + t * stride, pa ^ other[t]); });
  ranges_but(from, to, skip, [&](std::uint64_t lo, std::uint64_t hi) { mark_slots(marks, stride, other, pa, lo, hi); });
}

}  // namespace

// The rare pairs of one chunk of terms [from, to) for the kernel's heap_marks slot, gathered
// for one call: those that cover every term of the chunk and skip none. The others, and all of
// them where the kernel lacks the slot, are marked one at a time. The rows are of bits or of
// bytes (grundy_terms::mark).
class chunk_marks {
 public:
  chunk_marks(::nimber::detail::kernels::heap_marks_fn kernel, std::uint64_t* bases, std::uint8_t* values,
              std::uint8_t* rows, std::size_t stride, bool bits, std::uint64_t from, std::uint64_t to) noexcept
      : kernel_(kernel), bases_(bases), values_(values), rows_(rows), stride_(stride), bits_(bits), from_(from),
        to_(to) {}
  // Slot value ^ g[base + t] of row t marked for t in [from, end) but `skip`.
  void add(const std::uint8_t* g, std::uint64_t base, std::uint32_t value, std::uint64_t end,
           std::uint64_t skip) noexcept {
    if (kernel_ != nullptr && end == to_ && (skip < from_ || skip >= to_)) {
      bases_[sources_] = base + from_;
      values_[sources_++] = std::uint8_t(value);
    } else {
      mark_slots_but(rows_, stride_, bits_, g + base, value, from_, end, skip);
    }
  }
  void finish(const std::uint8_t* g) noexcept {
    if (sources_ != 0) kernel_(g, bases_, values_, sources_, to_ - from_, rows_ + from_ * stride_, stride_, bits_);
  }

 private:
  ::nimber::detail::kernels::heap_marks_fn kernel_;
  std::uint64_t* bases_;
  std::uint8_t* values_;
  std::uint8_t* rows_;
  std::size_t stride_;
  bool bits_;
  std::uint64_t from_, to_;
  std::size_t sources_ = 0;
};

void grundy_terms::plan_rare_pairs(std::uint64_t n0, std::uint64_t count) {
  // Every pair (a, m - a), m = n - k, a rare with count <= a < n0 - k: for every term n of the
  // block the other heap m - a is then non-empty and below n0, so already known. A rare a
  // below count pairs with a known heap in the terms t < a + k (m - a below n0): those pairs
  // are taken here too when n0 - k > count for every k (so that a < m), and the others, with
  // the rare positions from n0 - k on, term by term in candidate().
  const auto rare_begin = rare_.begin();
  rare_low_ = std::lower_bound(rare_begin, rare_.end(), count) - rare_begin;
  low_pass_n0_ = std::ranges::all_of(split_offsets_, [&](std::uint64_t k) { return n0 > count + k; }) ? n0 : 0;
  rare_first_ = low_pass_n0_ != 0 ? 0 : rare_low_;
  low_rare_bytes_.clear();
  if (g_.parity_packed())
    for (std::size_t i = 0; i < rare_low_; ++i) low_rare_bytes_.push_back(g_.pack(rare_values_[i]));
  high_.clear();
  for (const std::uint64_t k : split_offsets_) {
    const std::uint64_t top = n0 > k ? n0 - k : 0;  // this pass takes a < top
    const std::size_t high = std::lower_bound(rare_begin, rare_.end(), top) - rare_begin;
    high_.push_back(std::max(high, rare_low_));
  }
  // Each thread's part is marked in chunks of terms whose marked parts (marked_bytes() a row)
  // stay within about 64 KiB, near the first-level cache (a rare position at a time over all
  // of a long block's rows would not). Longer chunks spread each rare position's setup over
  // more terms.
  rare_chunk_ = std::max(min_rare_chunk, (std::uint64_t(1) << 16) / marked_bytes());
  // Every rare position of every pass may go to the kernel's marks, on every thread at once.
  marks_capacity_ = split_offsets_.size() * rare_.size();
  if (heap_marks_ != nullptr && marks_bases_.size() < threads_ * marks_capacity_) {
    marks_bases_.resize(threads_ * marks_capacity_);
    marks_values_.resize(threads_ * marks_capacity_);
  }
}

void grundy_terms::mark_rare_part(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::uint64_t from,
                                  std::uint64_t to, unsigned thread) noexcept {
  const std::uint64_t length = to - from, chunks = (length + rare_chunk_ - 1) / rare_chunk_;
  for (std::uint64_t c = 0; c < chunks; ++c)
    mark_rare_chunk(n0, count, rows, from + length * c / chunks, from + length * (c + 1) / chunks, thread);
}

void grundy_terms::mark_rare_chunk(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::uint64_t from,
                                   std::uint64_t to, unsigned thread) noexcept {
  // Only the first marked_bytes() of a row are ever marked (size_rows).
  const std::size_t bytes = marked_bytes();
  for (std::uint64_t t = from; t < to; ++t) std::fill_n(rows + t * stride_, bytes, std::uint8_t(0));
  const std::size_t scratch = heap_marks_ != nullptr ? thread * marks_capacity_ : 0;
  chunk_marks batch(heap_marks_, marks_bases_.data() + scratch, marks_values_.data() + scratch, rows, stride_,
                    bit_rows_, from, to);
  if (g_.parity_packed()) return mark_rare_pairs_packed(n0, count, rows, rare_first_, rare_low_, from, to, batch);
  g_.visit([&](const auto* const g) noexcept {
    // Locals, not captures: a byte store may alias anything reached through a reference, so
    // the compiler would reload each of them after every mark.
    std::uint8_t* const marks = rows;
    const std::size_t stride = stride_;
    const std::uint64_t* const rare = rare_.data();
    const std::uint32_t* const rare_values = rare_values_.data();
    const bool distinct = distinct_;
    const std::size_t first = rare_first_, low = rare_low_;
    for (std::size_t j = 0; j < split_offsets_.size(); ++j) {
      const std::uint64_t k = split_offsets_[j];
      const std::uint64_t top = n0 > k ? n0 - k : 0;
      const std::size_t high = high_[j];
      for (std::size_t i = first; i < high; ++i) {
        const std::uint64_t a = rare[i];
        const std::uint32_t va = rare_values[i];
        const auto* other = g + (top - a);  // G(m - a) for m = n0 + t - k
        // With distinct heaps the pair (a, a) is no option: skip the term where m = 2a.
        const std::uint64_t skip = distinct && 2 * a >= top ? 2 * a - top : count;
        const std::uint64_t end = i < low ? std::min<std::uint64_t>(to, a + k) : to;
        if constexpr (sizeof(*other) == 1)
          batch.add(g, top - a, va, end, skip);
        else
          terms_but(from, end, skip, [&](std::uint64_t t) { marks[t * stride + (va ^ other[t])] = 1; });
      }
    }
    if constexpr (sizeof(*g) == 1) batch.finish(g);
  });
}

// The byte of the other heap stands for a common value unless that heap is one of the store's
// exceptions (a rare value); the other heaps of a rare position ascend with the terms, so one
// walk through the exceptions finds them.
void grundy_terms::mark_rare_pairs_packed(std::uint64_t n0, std::uint64_t count, std::uint8_t* rows, std::size_t first,
                                          std::size_t low, std::uint64_t from, std::uint64_t chunk_end,
                                          chunk_marks& batch) const noexcept {
  std::uint8_t* const marks = rows;
  const std::size_t stride = stride_;
  const std::uint8_t* const g = g_.packed_bytes();
  const std::span<const std::uint64_t> rare_at = g_.exceptions();
  for (std::size_t j = 0; j < split_offsets_.size(); ++j) {
    const std::uint64_t k = split_offsets_[j];
    const std::uint64_t top = n0 > k ? n0 - k : 0;
    // Taken from the largest rare position down, the other heaps' stretches ascend, and so
    // does the first exception at or past each stretch: one walk finds them all.
    auto r = rare_at.end();
    for (std::size_t i = high_[j]; i-- > first;) {
      const std::uint64_t a = rare_[i];
      const std::uint32_t pa = g_.pack(rare_values_[i]);  // row_slot(va ^ common value of b) = pa ^ b
      const std::uint64_t to = i < low ? std::min(chunk_end, a + k) : chunk_end;
      // With distinct heaps the pair (a, a) is no option: skip the term where m = 2a.
      const std::uint64_t skip = distinct_ && 2 * a >= top ? 2 * a - top : count;
      const std::uint64_t base = top - a;  // the other heap of term t is base + t
      if (i + 1 == high_[j]) r = std::lower_bound(rare_at.begin(), rare_at.end(), base + from);
      if (to <= from) continue;
      while (r != rare_at.end() && *r < base + from) ++r;
      if (r == rare_at.end() || *r >= base + to) {  // no exception among the other heaps
        batch.add(g, base, pa, to, skip);
        continue;
      }
      auto e = r;
      for (std::uint64_t t = from; t < to; ++t) {
        std::uint32_t slot = pa ^ g[base + t];  // a rare value with a rare heap: the rare half
        if (e != rare_at.end() && *e == base + t) {
          slot |= packed_half;
          ++e;
        }
        if (t != skip) set_bit(marks + t * stride, slot);
      }
    }
  }
  batch.finish(g);
}

}  // namespace nimber::games::detail
