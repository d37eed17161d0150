// The packed store of heap values: each width, widening in place as a value outgrows the width
// (the values kept), and the heap engine with the store widened at a chosen term giving the
// values of the definition.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "nimber/games/heap.hpp"
#include "nimber/games/packed_values.hpp"

namespace ng = nimber::games;

namespace {

// Random values below `limit`.
std::vector<std::uint32_t> random_values(std::uint64_t count, std::uint64_t limit, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> v(count);
  for (auto& x : v) x = std::uint32_t(rng() % limit);
  return v;
}

}  // namespace

TEST(PackedValues, NarrowestWidthThatHoldsTheValues) {
  EXPECT_EQ(ng::packed_values(std::uint64_t(10)).width(), 1u);
  EXPECT_EQ(ng::packed_values(random_values(1000, 256, 1)).width(), 1u);
  EXPECT_EQ(ng::packed_values(random_values(1000, 65536, 2)).width(), 2u);
  EXPECT_EQ(ng::packed_values(random_values(1000, std::uint64_t(1) << 32, 3)).width(), 4u);
  for (const std::uint64_t limit : {std::uint64_t(256), std::uint64_t(65536), std::uint64_t(1) << 32}) {
    const auto v = random_values(5000, limit, 4);
    const ng::packed_values p(v);
    EXPECT_EQ(p.size(), v.size());
    EXPECT_EQ(p.bytes(), v.size() * p.width());
    EXPECT_EQ(p.to_vector(), v);
    EXPECT_EQ(p, v);
    EXPECT_EQ(std::vector<std::uint32_t>(p.begin(), p.end()), v);
  }
}

// A value past the width widens the store where it is set, at every position and from every
// width, the values already there kept.
TEST(PackedValues, WidensInPlaceWhenAValueOutgrowsTheWidth) {
  for (const std::uint64_t at : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(777), std::uint64_t(299999)}) {
    std::vector<std::uint32_t> v = random_values(300000, 256, unsigned(at));
    ng::packed_values p(std::uint64_t(v.size()));
    for (std::uint64_t i = 0; i < v.size(); ++i) p.set(i, v[i]);
    ASSERT_EQ(p.width(), 1u);
    v[at] = 256;
    p.set(at, 256);
    ASSERT_EQ(p.width(), 2u) << at;
    ASSERT_EQ(p, v) << at;
    v[v.size() - 1 - at] = 65536;
    p.set(v.size() - 1 - at, 65536);
    ASSERT_EQ(p.width(), 4u) << at;
    ASSERT_EQ(p, v) << at;
  }
  // From one byte straight to four.
  ng::packed_values p(std::vector<std::uint32_t>{1, 2, 3});
  p.set(1, 0xffffffffu);
  EXPECT_EQ(p.width(), 4u);
  EXPECT_EQ(p, (std::vector<std::uint32_t>{1, 0xffffffffu, 3}));
}

TEST(PackedValues, ResizeKeepsTheWidthAndZerosNewValues) {
  ng::packed_values p(std::vector<std::uint32_t>{300, 5});
  p.resize(4);
  EXPECT_EQ(p.width(), 2u);
  EXPECT_EQ(p, (std::vector<std::uint32_t>{300, 5, 0, 0}));
  p.resize(1);
  EXPECT_EQ(p, (std::vector<std::uint32_t>{300}));
  EXPECT_EQ(p.to_vector(0), std::vector<std::uint32_t>{});
  const ng::packed_values copy = p;
  p.set(0, 1);
  EXPECT_EQ(copy, (std::vector<std::uint32_t>{300}));
  EXPECT_EQ(ng::packed_values(std::vector<std::uint32_t>{7}), ng::packed_values(std::vector<std::uint32_t>{7}));
}

// The engine's store widened at a chosen term (once to two bytes, once more to four), with
// values that would fit a byte, on the naive and the sparse path and several threads: the
// values of the definition.
TEST(PackedValues, EngineWidenedAtAChosenTermGivesTheSameValues) {
  for (const char* code : {"grundy", "0.6", "0.07", "4.07"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 9500);
    for (const std::uint64_t at : {std::uint64_t(1), std::uint64_t(100), std::uint64_t(9000)})
      for (const unsigned threads : {1u, 3u}) {
        ng::sequence_options o;
        o.use_period = false;
        o.threads = threads;
        o.widen_at = at;
        const auto s = ng::grundy_sequence_of(game, reference.size(), o);
        ASSERT_EQ(s.values.width(), 2u) << code << " at " << at;
        ASSERT_EQ(s.values, reference) << code << " at " << at << " on " << threads << " threads";
      }
  }
}

// Nim (every positive number a move): G(n) = n, so the store widens on its own at 256.
TEST(PackedValues, EngineWidensWhenTheValuesNeedIt) {
  const auto s = ng::grundy_sequence_of(ng::heap_game::from_string("subtraction:1+1"), 1000);
  EXPECT_EQ(s.values.width(), 2u);
  for (std::uint32_t n = 0; n < 1000; ++n) ASSERT_EQ(s.values[n], n);
}
