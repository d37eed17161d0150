// Sequences: Perfect Triples (Codeforces 1338C) and tables of nim squares and
// inverses.
#pragma once

#include <cstdint>

#include "nimber/arith.hpp"

namespace nimber {

// The n-th term (1-based) of the Perfect Triples sequence: start empty and repeatedly append
// the lexicographically smallest triple (a, b, c) of positive integers, none already in the
// sequence, with a xor b xor c = 0. The triples turn out to be (a, 2 * a, 3 * a) in nimber
// arithmetic, with a running through [4^k, 2 * 4^k) in order for k = 0, 1, 2, ...; and 2 * a
// acts digit by digit in base 4 (0, 1, 2, 3 -> 0, 2, 3, 1), since each power of 4 is a
// product of Fermat powers above 2. O(log n). Precondition: 1 <= n <= 10^18 (any n whose
// terms fit in 64 bits: n < 3 * 4^30 or so).
constexpr std::uint64_t perfect_triples_term(std::uint64_t n) noexcept {
  const std::uint64_t triple = (n - 1) / 3, position = (n - 1) % 3;
  // Block k holds the 4^k triples with first element in [4^k, 2 * 4^k).
  std::uint64_t block = 1, skipped = 0;
  while (triple - skipped >= block) {
    skipped += block;
    block *= 4;
  }
  const std::uint64_t a = block + (triple - skipped);
  if (position == 0) return a;
  constexpr std::uint64_t twice[4] = {0, 2, 3, 1};  // 2 * d in GF(4)
  std::uint64_t b = 2 * block;
  for (std::uint64_t rest = a - block, place = 1; rest != 0; rest /= 4, place *= 4)
    b += twice[rest % 4] * place;
  return position == 1 ? b : (a ^ b);
}

}  // namespace nimber
