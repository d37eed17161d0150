// The dense term-by-term engine of grundy_sequence.cpp, for the heap games whose values the
// sparse-space method cannot split into few rare and many common ones: G(n) by the definition
// (every option enumerated), on a byte copy of the values, many pairs of heaps at a time.
// Internal to the games layer.
#pragma once

#include <cstdint>
#include <vector>

#include "games/crew.hpp"
#include "kernels/kernel.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/packed_values.hpp"

namespace nimber::games::detail {

// Computes G(n) of an octal game that splits heaps from G(0 .. n-1), while every value stays
// below `limit` (at most 256: the values are held one byte each). The run's values live in a
// vector the caller owns; extend() copies the ones it has not seen yet before computing more.
class grundy_dense {
 public:
  // capacity: the most terms the run will hold; helpers: the threads that scan with this one
  // (null: this one alone), owned by the caller.
  grundy_dense(const heap_game& game, std::uint64_t capacity, crew* helpers, std::uint32_t limit = 256);

  // True for the games this engine computes: take-and-break codes with two-heap splits, no
  // three-heap moves and no progressions.
  static bool possible(const heap_game& game) noexcept;

  // Computes g[n0 .. n0 + count - 1] from g[0 .. n0 - 1] and returns how many it computed:
  // fewer than count (possibly 0) once a value is `limit` or more, after which it computes no
  // more (the caller goes on by another method).
  std::uint64_t extend(packed_values& g, std::uint64_t n0, std::uint64_t count);

  // The terms one block takes: its scans run together and, on several threads, in parallel.
  static constexpr std::uint64_t block = 64;
  // Terms scanned together by one kernel call: they share every load of G(a .. a + 63).
  static constexpr unsigned group = 8;

 private:
  // Copies g[have_ .. n) into the byte copies; false if one of them does not fit.
  bool take(const packed_values& g, std::uint64_t n);
  // Makes the copies hold at least n terms.
  void room(std::uint64_t n);
  // No more terms: a value did not fit. Frees the copies.
  void stop() noexcept;
  void put(std::uint64_t n, std::uint8_t v) noexcept {
    bytes_[n] = v;
    reversed_[reversed_.size() - 1 - n] = v;
    while (v >= below_) below_ *= 2;
    have_ = n + 1;
  }
  // Clears each term's table bits for the pairs (a, m - a), m = n0 + t - k, whose partner is
  // below n0 (a >= first_known(t, k)), of the terms t0 <= t < t0 + terms of the block at n0;
  // from <= a by the kernel's vector scan where the slot is filled.
  void scan_group(std::uint64_t n0, std::uint64_t t0, unsigned terms, std::uint64_t k, std::uint64_t from) noexcept;
  // The scalar form, for one term: every pair (a, m - a), from <= a <= last.
  void scan_scalar(std::uint8_t* table, std::uint64_t m, std::uint64_t from, std::uint64_t last) const noexcept;
  // Term n0 + t from its table and the options the block's scans left out: the pairs whose
  // partner lies in the block, and the one-heap ones.
  std::uint32_t finish(std::uint64_t n0, std::uint64_t t) noexcept;
  // The smallest a whose partner m - a, m = n0 + t - k, is below the block at n0.
  static std::uint64_t first_known(std::uint64_t t, std::uint64_t k) noexcept { return t >= k ? t + 1 - k : 1; }

  static void reach(std::uint8_t* table, std::uint32_t x) noexcept {
    table[x >> 3] &= std::uint8_t(~(1u << (x & 7)));
  }

  const heap_game& game_;
  std::uint64_t capacity_;
  std::uint32_t limit_;
  crew* crew_;
  ::nimber::detail::kernels::dense_scan_fn scan_ = ::nimber::detail::kernels::active_slots().dense_scan;
  std::vector<std::uint64_t> split_offsets_;  // k with "remove k, leave two heaps"
  std::vector<std::uint8_t> bytes_;     // G(i) at i
  std::vector<std::uint8_t> reversed_;  // G(i) at reversed_.size() - 1 - i
  std::uint64_t have_ = 0;              // terms copied so far
  std::uint32_t below_ = 1;             // a power of two above every value so far
  bool full_ = false;                   // a value reached the limit: no more terms
  std::vector<std::uint8_t> tables_;    // per term of a block, 256 bits: values not reached
};

}  // namespace nimber::games::detail
