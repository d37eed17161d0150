// The packed store of heap values: each width, widening in place as a value outgrows the width
// (the values kept), and the heap engine with the store widened at a chosen term giving the
// values of the definition.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
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

// The engine's store widened at a chosen term, with values that would fit a byte, on the
// naive and the sparse path and several threads: the values of the definition.
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
        // Past term 8192 the sparse engine may have named its mask: then the step is parity
        // packing.
        if (at < 8192 || !s.values.parity_packed()) {
          ASSERT_EQ(s.values.width(), 2u) << code << " at " << at;
        }
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

// Parity packing: values below 512 in one byte by a mask, the rare positions listed apart;
// packed again by another mask, and widened to two bytes, every value kept.
TEST(PackedValues, ParityPackingKeepsEveryValue) {
  const std::vector<std::uint32_t> v = random_values(20000, 512, 9);
  ng::packed_values p(std::uint64_t(v.size()));
  p.prefer_parity(254);
  for (std::uint64_t i = 0; i < v.size(); ++i) p.set(i, v[i]);
  ASSERT_TRUE(p.parity_packed());
  EXPECT_EQ(p.width(), 1u);
  EXPECT_EQ(p.parity_mask(), 254u);
  EXPECT_EQ(p, v);
  std::uint64_t rare = 0;
  for (const std::uint32_t x : v) rare += (std::popcount(x & 254u) & 1) == 0;
  EXPECT_EQ(p.exceptions().size(), rare);
  std::mt19937_64 rng(3);
  for (int k = 0; k < 1000; ++k) {  // out of order
    const std::uint64_t i = rng() % v.size();
    ASSERT_EQ(p[i], v[i]) << i;
  }
  for (const std::uint32_t mask : {1u, 510u, 0x1f0u, 256u}) {
    p.prefer_parity(mask);
    ASSERT_EQ(p.parity_mask(), mask);
    ASSERT_EQ(p, v) << mask;
  }
  // Rewritten out of order: a rare value where a common one was, and back.
  std::vector<std::uint32_t> w = v;
  for (int k = 0; k < 2000; ++k) {
    const std::uint64_t i = rng() % w.size();
    w[i] = std::uint32_t(rng() % 512);
    p.set(i, w[i]);
  }
  EXPECT_EQ(p, w);
  const ng::packed_values copy = p;
  EXPECT_EQ(copy, w);
  p.prefer_parity(512);  // no bit below 512: two bytes
  EXPECT_FALSE(p.parity_packed());
  EXPECT_EQ(p.width(), 2u);
  EXPECT_EQ(p, w);
  // A value past 511 widens a packed store to two bytes.
  ng::packed_values q(std::uint64_t(3));
  q.prefer_parity(6);
  q.set(0, 300);
  EXPECT_TRUE(q.parity_packed());
  q.set(2, 600);
  EXPECT_EQ(q.width(), 2u);
  EXPECT_EQ(q, (std::vector<std::uint32_t>{300, 0, 600}));
}

// The sparse engine on a parity-packed store (packing forced at a chosen term, the values
// being below 256): the values of the plain store, with the exceptions looked up in the index
// and, past 64 positions, by search; an index asked for 2^40 positions is held to 2^26.
TEST(PackedValues, EngineOnParityPackedStoreGivesTheSameValues) {
  for (const char* code : {"grundy", "0.6"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 12000);
    for (const unsigned threads : {1u, 3u})
      for (const std::uint64_t index : {std::uint64_t(1) << 17, std::uint64_t(64), std::uint64_t(1) << 40}) {
        ng::sequence_options o;
        o.use_period = false;
        o.threads = threads;
        o.widen_at = 9000;
        o.parity_from = 0;
        o.exception_index = index;
        const auto s = ng::grundy_sequence_of(game, reference.size(), o);
        ASSERT_TRUE(s.values.parity_packed()) << code;
        ASSERT_EQ(s.values, reference) << code << " on " << threads << " threads, index " << index;
      }
  }
  // Grundy's game to a few hundred thousand terms, packed from term 10000 on.
  ng::sequence_options plain;
  plain.threads = 2;
  ng::sequence_options packed = plain;
  packed.widen_at = 10000;
  packed.parity_from = 0;
  const auto game = ng::heap_game::grundys_game();
  const auto a = ng::grundy_sequence_of(game, 200000, plain), b = ng::grundy_sequence_of(game, 200000, packed);
  EXPECT_FALSE(a.values.parity_packed());
  EXPECT_TRUE(b.values.parity_packed());
  EXPECT_EQ(a.values, b.values);
  // Only the computed rare positions are listed (1,273 from 2^17 on, and G(0) = 0): the store
  // never held terms ahead of the run.
  EXPECT_LT(b.values.exceptions().size(), 1300u);
}

// On a parity-packed store the sparse engine's rows keep each mark at its value's byte, and the
// rare values below a candidate are found from the mask's lowest bit (the one the store drops).
// Codes whose masks' lowest bits are 1, 2, 4 and 8, packed from term 2000 on (0.007 has too many
// rare positions for the sparse engine to be chosen: it is forced), on one and two threads: the
// values of the definition.
TEST(PackedValues, EngineOnParityPackedStoreForEveryDroppedBit) {
  std::vector<std::uint32_t> dropped;
  for (const char* code : {"0.172", "0.161", "0.14", "0.007"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 12000);
    for (const unsigned threads : {1u, 2u}) {
      ng::sequence_options o;
      o.use_period = false;
      o.engine = ng::sequence_options::method::sparse;
      o.threads = threads;
      o.widen_at = 2000;
      o.parity_from = 0;
      const auto s = ng::grundy_sequence_of(game, reference.size(), o);
      ASSERT_TRUE(s.values.parity_packed()) << code;
      ASSERT_EQ(s.values, reference) << code << " on " << threads << " threads";
      const std::uint32_t mask = s.values.parity_mask() & 511;
      dropped.push_back(mask & (~mask + 1));
    }
  }
  std::sort(dropped.begin(), dropped.end());
  dropped.erase(std::unique(dropped.begin(), dropped.end()), dropped.end());
  EXPECT_EQ(dropped, (std::vector<std::uint32_t>{1, 2, 4, 8}));
}

// 0.034, packed from term 9000 on, to past its rare position 374,473: an exception above the
// engine's index of the low ones (2^17 positions; 4096 in the second run), met by the upper
// heaps of the scans after it, by the lower heaps of its own scan (a rare value: every pair is
// read) and by the rare pairs of the terms after it. The values of the plain store.
TEST(PackedValues, EngineOnParityPackedStorePastTheIndexedExceptions) {
  const auto game = ng::heap_game::from_string("0.034");
  ng::sequence_options plain;
  plain.use_period = false;
  plain.threads = 1;
  ng::sequence_options packed = plain;
  packed.threads = 2;
  packed.widen_at = 9000;
  packed.parity_from = 0;
  const auto a = ng::grundy_sequence_of(game, 400000, plain), b = ng::grundy_sequence_of(game, 400000, packed);
  ASSERT_TRUE(b.values.parity_packed());
  const auto exceptions = b.values.exceptions();
  EXPECT_TRUE(std::binary_search(exceptions.begin(), exceptions.end(), std::uint64_t(374473)));
  EXPECT_EQ(a.values, b.values);
  packed.exception_index = 4096;
  EXPECT_EQ(a.values, ng::grundy_sequence_of(game, 400000, packed).values);
}

// A run resumed from given values (sequence_options::known) past Officers' first value of 256
// (between terms 8192 and 16384) packs its store as the uninterrupted run does, one byte a
// term, rather than widening it to two as the values are set.
TEST(PackedValues, ResumedFromGivenValuesPacksAsTheUninterruptedRun) {
  const auto game = ng::heap_game::from_string("0.6");
  ng::sequence_options o;
  o.use_period = false;
  o.threads = 2;
  o.parity_from = 0;
  const auto whole = ng::grundy_sequence_of(game, 60000, o);
  ASSERT_TRUE(whole.values.parity_packed());
  ASSERT_EQ(whole.values.width(), 1u);
  const auto values = whole.values.to_vector(whole.values.size());
  for (const std::uint64_t known : {std::uint64_t(16384), std::uint64_t(20000), std::uint64_t(32768), std::uint64_t(50001)}) {
    const std::span<const std::uint32_t> given(values.data(), known);
    const auto s = ng::grundy_sequence_of(game, values.size(), ng::resumed_store(game, values.size(), given, o), o);
    EXPECT_TRUE(s.values.parity_packed()) << known;
    EXPECT_EQ(s.values.width(), 1u) << known;
    EXPECT_EQ(s.values, whole.values) << known;
    EXPECT_EQ(s.mask, whole.mask) << known;
    EXPECT_EQ(s.rare_positions, whole.rare_positions) << known;
  }
}
