// The search behind the sparse-space method's slow case (grundy_sequence.cpp): which of a few
// wanted values are nim-sums G(a) + G(m - a) of the pairs 1 <= a <= last. Internal to the games
// layer; a header of its own so that the tests can check it against the plain loop.
#pragma once

#include <algorithm>
#include <cstdint>

namespace nimber::games::sparse_space {

// For each pair in order, a nim-sum x with wanted[x] set is marked (marks[x] = 1) and cleared
// from wanted; `missing` counts the wanted values, all below c. Returns how many are still
// missing (0 as soon as the last one is found). When the mex is a rare value this walks every
// pair, so the walk goes in blocks of 64 pairs compared with up to four wanted values at once:
// no load depends on a nim-sum and the loop vectorises, five times the speed of a lookup per
// pair on 0.376. A block with a hit, and any walk for more than four values, goes pair by pair.
inline std::uint32_t find_wanted_pairs(const std::uint32_t* g, std::uint64_t m, std::uint64_t last,
                                       std::uint8_t* wanted, std::uint32_t c, std::uint8_t* marks,
                                       std::uint32_t missing) noexcept {
  constexpr std::uint64_t block = 64;
  std::uint32_t want[4];
  const auto list_wanted = [&] {
    std::uint32_t k = 0;
    for (std::uint32_t v = 0; v < c && k < 4; ++v)
      if (wanted[v]) want[k++] = v;
    std::fill(want + k, want + 4, ~std::uint32_t(0));  // above every value: never equal
  };
  list_wanted();
  for (std::uint64_t a = 1; a <= last;) {
    const std::uint64_t len = std::min(block, last + 1 - a);
    if (missing <= 4 && len == block) {
      const std::uint32_t* forward = g + a;                       // G(a + i)
      const std::uint32_t* backward = g + (m - a - (block - 1));  // G(m - a - i) at block-1-i
      std::uint32_t hit = 0;
      for (std::uint64_t i = 0; i < block; ++i) {
        const std::uint32_t x = forward[i] ^ backward[block - 1 - i];
        hit |= std::uint32_t(x == want[0]) | (x == want[1]) | (x == want[2]) | (x == want[3]);
      }
      if (!hit) {
        a += block;
        continue;
      }
    }
    for (const std::uint64_t end = a + len; a < end; ++a) {
      const std::uint32_t x = g[a] ^ g[m - a];
      if (wanted[x]) {  // a wanted value seen for the first time
        wanted[x] = 0;
        marks[x] = 1;
        if (--missing == 0) return 0;
      }
    }
    list_wanted();
  }
  return missing;
}

}  // namespace nimber::games::sparse_space
