// Heap games: subtraction games, take-and-break games by octal or hexadecimal code, and
// Grundy's game; their Grundy sequences, proved periodicity, and sums of heaps.
//
// A take-and-break code d0.d1d2d3... (Winning Ways, ch. 4) says what a move on one heap may do:
// remove k tokens, then leave the rest as j non-empty heaps, allowed when bit j of digit d_k is
// set (bit 0: no heap left, i.e. the whole heap of exactly k is taken; bit 1: one heap; bit 2:
// two heaps; bit 3: three heaps). Octal codes use bits 0..2 (digits 0-7), hexadecimal codes
// bits 0..3 (digits 0-9, a-f); a digit below 8 means the same in both. d0 may only hold bits 2
// and 3 (split without removing). Examples: 0.07 Dawson's Kayles, 0.77 Kayles, 0.137 Dawson's
// Chess, 4.07, 0.333 the subtraction game {1, 2, 3}.
//
// A subtraction set may also hold arithmetic progressions s, s + p, s + 2p, ... (so any
// eventually periodic set): "subtraction:1,3+1" takes any number but 2, "subtraction:1+2"
// any odd number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/games/error.hpp"
#include "nimber/games/packed_values.hpp"
#include "nimber/progress.hpp"
#include "nimber/text.hpp"

namespace nimber::games {

// The moves start, start + step, start + 2 step, ... of a subtraction set (start, step >= 1).
struct progression {
  std::uint32_t start = 1, step = 1;
  friend bool operator==(const progression&, const progression&) = default;
};

class heap_game {
 public:
  enum class kind : std::uint8_t { take_break, grundy };

  // The take-and-break game with these digits (digits[k] = d_k, each below 16, d0 with bits
  // 0 and 1 clear, trailing zeros dropped). Throws game_argument_error otherwise.
  static heap_game take_break(std::vector<std::uint8_t> digits);
  // Remove s tokens from one heap, s in the finite set (each s >= 1): code digits d_s = 3,
  // or in one of the progressions. Throws game_argument_error on a 0 member or step.
  static heap_game subtraction(std::span<const std::uint32_t> set,
                               std::span<const progression> progressions = {});
  // Split one heap into two non-empty heaps of different sizes.
  static heap_game grundys_game();

  // "0.07", "4.07", ".137" (a missing d0 is 0), "0.f" (hex), "subtraction:1,3,4" (members
  // s or progressions s+p), or "grundy". Throws parse_error naming the offending part.
  static heap_game from_string(std::string_view spec);
  // The same with the error by value: parse_errc::empty for empty text, invalid_digit for
  // any other mistake (from_string names it). Throws only std::bad_alloc.
  static parse_result<heap_game> parse(std::string_view spec);

  kind type() const noexcept { return kind_; }
  std::span<const std::uint8_t> digits() const noexcept { return digits_; }
  // The infinite part of a subtraction set (empty for every other game).
  std::span<const progression> progressions() const noexcept { return progressions_; }
  // The code ("0.07"), "subtraction:..." for a set with progressions, or "grundy".
  std::string name() const;
  // True for a take-and-break code with no three-heap digit bit and no progression (the
  // periodicity theorem needs a largest move).
  bool is_octal() const noexcept;
  // The largest k with d_k != 0 (0 for Grundy's game): the t of the periodicity theorem.
  std::uint32_t max_removal() const noexcept;
  // True when some move leaves two or three heaps.
  bool splits() const noexcept;

  // Calls f(std::span<const std::uint64_t> heaps) once per move from a heap of size n with
  // the heaps it leaves (possibly none), two-heap results as (a, b) with a <= b, three-heap
  // ones as a <= b <= c. The same result may come from several k.
  template <class F>
  void for_each_option(std::uint64_t n, F&& f) const;

 private:
  kind kind_ = kind::take_break;
  std::vector<std::uint8_t> digits_{0};
  std::vector<progression> progressions_;
};

// The game is eventually periodic: G(n + period) = G(n) for every n >= preperiod.
struct periodicity {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  friend bool operator==(const periodicity&, const periodicity&) = default;
};

// The smallest period, with its preperiod, that the arithmetic-periodicity theorem proves from
// the computed values G(0 .. values.size()-1) of an octal game (Guy and Smith 1956; Winning
// Ways ch. 4): with t = max_removal(), if G(n + p) = G(n) for all n0 <= n < 2 n0 + p + t then
// it holds for all n >= n0. Games that split a heap need n0 >= 1 here (the proof pairs an
// option heap b' with b' - p, which must not be empty). nullopt when no (n0, p) meets the
// condition within the values, and always for hexadecimal codes with three-heap moves and for
// Grundy's game, which the theorem does not cover.
std::optional<periodicity> prove_period(const heap_game& game,
                                        std::span<const std::uint32_t> values);
std::optional<periodicity> prove_period(const heap_game& game, const packed_values& values);

struct sequence_options {
  // Look for a proved period as the values grow (at powers of two) and, once found, fill the
  // remaining terms from it instead of computing them.
  bool use_period = true;
  enum class method : std::uint8_t { automatic, naive, sparse } engine = method::automatic;
  // Threads that verify the sparse method's speculated terms (0: one per core). The values
  // are the same for every count.
  unsigned threads = 0;
  // Called now and then with (terms done, terms wanted).
  progress_fn progress;
  // Called with (values, n), G(0 .. n-1) the first n of the values (the store may hold more,
  // not yet computed), whenever progress is (at least once per 2^16 terms); returning false
  // stops the run there, with the n terms computed so far. A file-backed store is saved here
  // by packed_values::commit(n). May be empty.
  std::function<bool(packed_values&, std::uint64_t)> checkpoint;
  // For tests of the store: widen it one step (packed_values::widen_step: one byte to parity
  // packing once the sparse engine has named its mask, else to two bytes; two to four) once
  // the run has computed this many terms, whether or not a value needs it (0: only when one
  // does). The values are the same.
  std::uint64_t widen_at = 0;
  // Values from 256 to 511 are parity-packed into one byte (packed_values::prefer_parity) in a
  // run of this many terms or more, and take two bytes in a shorter one. The packing halves the
  // store, and its scans and marks, on one byte, are also the faster (Officers to 2^20: 0.54
  // times the CPU, the HeapLayout benchmark): every run packs by default.
  std::uint64_t parity_from = 0;
  // On a parity-packed store, the verification scans look the exceptions (the rare positions)
  // below this many positions (at most 2^26) up in a bit index rebuilt for every block of terms,
  // the others by search. The values are the same for any; tests make it small to reach the
  // search.
  std::uint64_t exception_index = std::uint64_t(1) << 17;
};

struct grundy_sequence {
  packed_values values;                   // G(0) .. G(terms - 1), each at the width it needs
  std::optional<periodicity> period;      // proved from the computed terms, when found
  std::uint64_t computed = 0;             // terms computed by mex; the rest follow from period
  std::uint32_t mask = 0;                 // the sparse-space mask used last (0: none)
  std::uint64_t rare_positions = 0;       // positions n >= 1 whose value is rare for that mask
  bool stopped = false;                   // the checkpoint callback stopped the run early:
                                          // values holds only the computed terms
};

// G(0) .. G(terms - 1) of a heap game. For two-heap splits the sparse-space method
// (Winning Ways ch. 4, "Sparse space spells speed") takes over past 8192 terms when it pays:
// with a mask m, a value v is rare when popcount(v & m) is even and common when odd. A common
// value is only ever the nim-sum of a rare and a common one, so all common values reachable
// from heap n come from the few positions with rare values; the smallest common value c not
// reached is the mex unless a rare value below c is unreachable, which a scan of the other
// pairs settles, stopping as soon as every rare value below c has been seen. The mask is
// re-chosen at every power of two (the one making the fewest recent values rare). Any mask
// gives exact values; it only changes the speed. The sparse method runs on options.threads
// threads by speculation and verification (J. P. Grossman, "Searching for periodicity in
// Officers", Games of No Chance 5): a block of terms is assumed common, each term's candidate
// following from the ones before it, and the scans that confirm them run in parallel; the
// values are the same for every thread count. Three-heap moves are computed naively
// (O(n^2) per term).
grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms,
                                   const sequence_options& options = {});
// The same in `store` (a file-backed one, or one from resumed_store), which becomes the
// result's values. The values it holds already (at most `terms`) are taken as
// G(0 .. store.size()-1); the run goes on from there, and its result is the same as if it had
// computed them. Long passes over the values let a file-backed store trim its resident pages
// (packed_values::trim).
grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms, packed_values store,
                                   const sequence_options& options = {});
// The store of a run of `terms` terms (with these options) that has computed
// G(0 .. given.size()-1) = given: values from an earlier run of the same game, a saved
// checkpoint say, packed as that run packs them (the sparse-space mask and parity packing
// chosen at each power of two). grundy_sequence_of(game, terms, store, options) goes on from
// there, so `given` need not outlive this call. The values are not checked.
packed_values resumed_store(const heap_game& game, std::uint64_t terms, std::span<const std::uint32_t> given,
                            const sequence_options& options = {});

// The figures long runs are published in, for the first N terms.
struct sequence_stats {
  std::uint64_t terms = 0;     // N
  // The sparse-space mask that leaves the fewest of G(1 .. N-1) rare, the smallest on a tie,
  // among the masks below 2^min(12, bit width of the largest value): the one the engine
  // chooses at N when it runs the sparse method and the values have at most 12 bits.
  std::uint32_t mask = 0;
  std::uint64_t rare = 0;       // positions 1 <= n < N whose value is rare for that mask
  std::uint64_t last_rare = 0;  // the largest of them (0: none)
  std::uint32_t largest = 0;    // the largest G(n), n < N
  std::vector<std::uint64_t> histogram;  // histogram[v]: how many n < N have G(n) = v
  friend bool operator==(const sequence_stats&, const sequence_stats&) = default;
};

// The statistics at N = 1, 2, 4, ..., up to the largest power of two within the values.
std::vector<sequence_stats> power_of_two_stats(std::span<const std::uint32_t> values);
std::vector<sequence_stats> power_of_two_stats(const packed_values& values);

// The plain definition, all options of every heap enumerated: the test reference.
std::vector<std::uint32_t> grundy_values_naive(const heap_game& game, std::uint64_t terms);

// ---- Sums of heaps -----------------------------------------------------------------------

struct heap_move {
  std::size_t heap;                  // index into the position
  std::vector<std::uint64_t> leaves; // the heaps it is replaced by (none, one, two or three)
  friend bool operator==(const heap_move&, const heap_move&) = default;
};

// The nim-sum of G(h) over the heaps. Precondition: values covers every heap size.
std::uint32_t heaps_value(std::span<const std::uint32_t> values, std::span<const std::uint64_t> heaps);
std::uint32_t heaps_value(const packed_values& values, std::span<const std::uint64_t> heaps);

// Every move to a position of value 0, heap by heap (empty when the position is lost).
// Precondition: values covers every heap size.
std::vector<heap_move> heaps_winning_moves(const heap_game& game,
                                           std::span<const std::uint32_t> values,
                                           std::span<const std::uint64_t> heaps);
std::vector<heap_move> heaps_winning_moves(const heap_game& game, const packed_values& values,
                                           std::span<const std::uint64_t> heaps);

// Nim (Bouton): the winning moves reduce heap i to heaps[i] ^ s, s the nim-sum, where smaller.
struct nim_move {
  std::size_t heap;
  std::uint64_t to;
  friend bool operator==(const nim_move&, const nim_move&) = default;
};
std::vector<nim_move> nim_winning_moves(std::span<const std::uint64_t> heaps);

// ---- Implementation of the option enumerator -------------------------------------------------

template <class F>
void heap_game::for_each_option(std::uint64_t n, F&& f) const {
  std::uint64_t heaps[3];
  if (kind_ == kind::grundy) {
    for (std::uint64_t a = 1; 2 * a < n; ++a) {
      heaps[0] = a;
      heaps[1] = n - a;
      f(std::span<const std::uint64_t>(heaps, 2));
    }
    return;
  }
  for (const progression& p : progressions_)
    for (std::uint64_t s = p.start; s <= n; s += p.step) {
      heaps[0] = n - s;
      f(std::span<const std::uint64_t>(heaps, s < n ? 1 : 0));
    }
  for (std::uint64_t k = 0; k < digits_.size() && k <= n; ++k) {
    const unsigned d = digits_[k];
    const std::uint64_t m = n - k;
    if ((d & 1) && m == 0) f(std::span<const std::uint64_t>(heaps, 0));
    if ((d & 2) && m >= 1 && k >= 1) {
      heaps[0] = m;
      f(std::span<const std::uint64_t>(heaps, 1));
    }
    if (d & 4)
      for (std::uint64_t a = 1; 2 * a <= m; ++a) {
        heaps[0] = a;
        heaps[1] = m - a;
        f(std::span<const std::uint64_t>(heaps, 2));
      }
    if (d & 8)
      for (std::uint64_t a = 1; 3 * a <= m; ++a)
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) {
          heaps[0] = a;
          heaps[1] = b;
          heaps[2] = m - a - b;
          f(std::span<const std::uint64_t>(heaps, 3));
        }
  }
}

}  // namespace nimber::games
