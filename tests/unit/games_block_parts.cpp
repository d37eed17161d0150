// How the heap engine splits a block between its threads (block_parts): parts that cover the
// block, none empty; equal until measured; sized from the measured times so that each part's
// marks end as the part before it ends its speculation; and one odd block moving them little.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>

#include "games/block_parts.hpp"

namespace {

using nimber::games::detail::block_parts;
using bounds_t = std::array<std::uint64_t, block_parts::max_parts + 1>;

bounds_t split(const block_parts& parts, std::uint64_t count, unsigned n) {
  bounds_t b{};
  parts.split(count, n, b.data());
  return b;
}

void expect_cover(const bounds_t& b, std::uint64_t count, unsigned n) {
  EXPECT_EQ(b[0], 0u);
  EXPECT_EQ(b[n], count);
  for (unsigned q = 0; q < n; ++q) EXPECT_LT(b[q], b[q + 1]) << "part " << q << " of " << n << ", count " << count;
}

TEST(BlockParts, EqualUntilEveryPartIsMeasured) {
  block_parts parts;
  EXPECT_EQ(split(parts, 256, 2), (bounds_t{0, 128, 256}));
  EXPECT_EQ(split(parts, 256, 1), (bounds_t{0, 256}));
  EXPECT_EQ(split(parts, 3, 3), (bounds_t{0, 1, 2, 3}));
  const bounds_t nine = split(parts, 9, 2);
  EXPECT_TRUE(nine[1] == 4 || nine[1] == 5) << nine[1];
  parts.record(0, 128, 1000, 100);  // part 1 not yet measured
  EXPECT_EQ(split(parts, 256, 2), (bounds_t{0, 128, 256}));
}

// Marks of 1 a term everywhere, speculation of s: part 0 ends its speculation at L0 (1 + s),
// so part 1 has L1 = L0 (1 + s) terms; the first part is count / (2 + s).
TEST(BlockParts, TheFirstPartIsShorterByItsSpeculation) {
  block_parts parts;
  parts.record(0, 100, 100.0, 25.0);
  parts.record(1, 100, 100.0, 25.0);
  const bounds_t b = split(parts, 256, 2);
  EXPECT_EQ(b[1], std::uint64_t(std::llround(256 / 2.25)));
  expect_cover(b, 256, 2);
}

// A part whose thread marks twice as slowly gets half the terms of the one before it (with a
// speculation a hundredth of the marks), and the third part matches what the first two take.
TEST(BlockParts, ASlowerThreadGetsFewerTerms) {
  block_parts parts;
  parts.record(0, 100, 100.0, 1.0);
  parts.record(1, 100, 200.0, 1.0);
  parts.record(2, 100, 100.0, 1.0);
  const bounds_t b = split(parts, 1000, 3);
  // Lengths 1, 1.01 / 2 = 0.505, and (1.01 + 0.505 * 0.01) / 1 = 1.01505 of the first.
  const double total = 1 + 0.505 + 1.01505;
  EXPECT_EQ(b[1], std::uint64_t(std::llround(1000 / total)));
  EXPECT_EQ(b[2], std::uint64_t(std::llround(1000 * 1.505 / total)));
  expect_cover(b, 1000, 3);
}

// One block measured a hundred times slower (a thread set aside by the system) moves the
// estimate by an eighth of a doubling, not a hundredfold.
TEST(BlockParts, OneOddBlockMovesTheSplitLittle) {
  block_parts parts;
  parts.record(0, 100, 100.0, 1.0);
  parts.record(1, 100, 100.0, 1.0);
  parts.record(1, 100, 10000.0, 1.0);  // part 1's marks now 1.125 a term
  const bounds_t b = split(parts, 1000, 2);
  EXPECT_EQ(b[1], std::uint64_t(std::llround(1000 / (1 + 1.01 / 1.125))));
}

TEST(BlockParts, EveryPartNonEmptyWhateverTheTimes) {
  std::mt19937_64 random(20261203);
  std::uniform_real_distribution<double> time(1e-3, 1e6);
  for (int trial = 0; trial < 2000; ++trial) {
    block_parts parts;
    const unsigned n = 1 + unsigned(random() % block_parts::max_parts);
    for (unsigned q = 0; q < n; ++q) parts.record(q, 1 + random() % 256, time(random), time(random));
    const std::uint64_t count = n + random() % 300;
    expect_cover(split(parts, count, n), count, n);
  }
}

TEST(BlockParts, ACoarseClockLeavesTheEstimateAlone) {
  block_parts parts;
  parts.record(0, 100, 0.0, 0.0);
  parts.record(1, 100, 100.0, 1.0);
  EXPECT_EQ(split(parts, 256, 2), (bounds_t{0, 128, 256}));
}

}  // namespace
