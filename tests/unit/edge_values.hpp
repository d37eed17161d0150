// Seeded random and edge operands shared by the tests: 0, 1, every 2^k, every Fermat power
// 2^(2^k), every 2^(2^k) - 1, all-ones, and their neighbours, then random words.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "nimber/arith.hpp"

namespace nimber::test {

template <class U>
std::vector<U> edge_values() {
  std::vector<U> v{0, 1, U(~U(0)), U(~U(0) - 1)};
  for (unsigned k = 0; k < bits_of<U>; ++k) {
    const U p = U(U(1) << k);
    v.push_back(p);
    v.push_back(U(p - 1));
    v.push_back(U(p + 1));
    v.push_back(U(~p));
  }
  return v;
}

template <class U>
U random_word(std::mt19937_64& rng) {
  if constexpr (sizeof(U) == 16) return (U(rng()) << 64) | rng();
  else return U(rng());
}

// Edge values followed by seeded random words, n in all.
template <class U>
std::vector<U> test_values(std::size_t n, std::uint64_t seed = 20261122) {
  std::vector<U> v = edge_values<U>();
  std::mt19937_64 rng(seed);
  while (v.size() < n) v.push_back(random_word<U>(rng));
  return v;
}

}  // namespace nimber::test
