// Perfect Triples against a direct simulation of its definition and against nim products.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/algebra/sequences.hpp"

namespace {

// The definition, greedily: a is the least unused number, b the least unused one with
// c = a xor b unused (b < c follows, or (a, c, b) would be smaller).
std::vector<std::uint64_t> simulate(std::size_t terms) {
  std::vector<bool> used(8 * terms + 16, false);
  std::vector<std::uint64_t> seq;
  std::uint64_t a = 1;
  while (seq.size() < terms) {
    while (used[a]) ++a;
    std::uint64_t b = a + 1;
    while (used[b] || used[a ^ b] || (a ^ b) == b) ++b;
    for (const std::uint64_t v : {a, b, a ^ b}) {
      used[v] = true;
      seq.push_back(v);
    }
  }
  return seq;
}

TEST(Sequences, PerfectTriplesMatchesTheDefinition) {
  const auto seq = simulate(6000);
  for (std::size_t i = 0; i < seq.size(); ++i)
    ASSERT_EQ(nimber::perfect_triples_term(i + 1), seq[i]) << i + 1;
}

TEST(Sequences, PerfectTriplesAreNimMultiples) {
  for (std::uint64_t n : {1ULL, 4ULL, 1000ULL, 123456790ULL, 999999999999999997ULL}) {  // triple starts
    const std::uint64_t a = nimber::perfect_triples_term(n);
    EXPECT_EQ(nimber::perfect_triples_term(n + 1), nimber::mul(a, std::uint64_t(2)));
    EXPECT_EQ(nimber::perfect_triples_term(n + 2), nimber::mul(a, std::uint64_t(3)));
  }
  EXPECT_EQ(nimber::perfect_triples_term(1), 1u);
  EXPECT_EQ(nimber::perfect_triples_term(6), 12u);  // 1 2 3 4 8 12 5 10 15
  static_assert(nimber::perfect_triples_term(4) == 4);
}

}  // namespace
