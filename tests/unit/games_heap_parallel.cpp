// The heap engine on several threads: the sparse-space method's speculated blocks verified on
// the worker pool give the values of one thread and of the plain definition, on every game of
// docs/games.md and on seeded random octal codes, whatever the thread count (more threads than
// cores included); and the statistics at every power of two against plain counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "nimber/games/heap.hpp"

namespace ng = nimber::games;

namespace {

using method = ng::sequence_options::method;

ng::sequence_options on_threads(unsigned threads, method m = method::automatic) {
  ng::sequence_options o;
  o.use_period = false;
  o.engine = m;
  o.threads = threads;
  return o;
}

// Every game docs/games.md names (its tables of known periods and of rates as the run grows).
const char* const kDocumentedGames[] = {
    "0.07", "0.137", "0.77", "0.6",  "0.16", "0.104", "0.106", "0.14", "0.154", "0.156",
    "0.165", "0.33", "0.336", "0.354", "0.356", "0.376", "0.45", "0.51", "0.52", "0.53",
    "0.54", "0.55", "0.56", "0.57", "0.64", "0.74", "0.75", "0.76", "4.07", "grundy",
    "subtraction:1,3,4", "subtraction:1,2,3"};

// The sparse engine forced on from the first terms (where rare values are frequent, so that
// speculations fail and blocks shrink and grow) and the automatic one, on 1, 2 and 5 threads,
// against the definition.
TEST(HeapParallel, EveryDocumentedGameAgreesWithTheDefinition) {
  for (const char* code : kDocumentedGames) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 1000;
    const auto reference = ng::grundy_values_naive(game, terms);
    for (const unsigned threads : {1u, 2u, 5u}) {
      const auto s = ng::grundy_sequence_of(game, terms, on_threads(threads, method::sparse));
      ASSERT_EQ(s.values, reference) << code << " on " << threads << " threads";
    }
    ASSERT_EQ(ng::grundy_sequence_of(game, terms, on_threads(2)).values, reference) << code;
  }
}

// Long runs, where the blocks reach their full length and the pre-pass is split over the
// threads: every thread count gives the one-thread values, mask and rare count. The games
// whose values stay irregular (the sparse engine runs throughout).
TEST(HeapParallel, LongRunsMatchOneThread) {
  for (const char* code : {"grundy", "0.6", "0.14", "0.336", "0.64"}) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = std::string(code) == "grundy" ? 60000 : 25000;
    const auto one = ng::grundy_sequence_of(game, terms, on_threads(1));
    for (const unsigned threads : {2u}) {
      const auto s = ng::grundy_sequence_of(game, terms, on_threads(threads));
      ASSERT_EQ(s.values, one.values) << code << " on " << threads << " threads";
      EXPECT_EQ(s.mask, one.mask) << code;
      EXPECT_EQ(s.rare_positions, one.rare_positions) << code;
    }
  }
}

// Random octal codes of one to four digits, each with a split digit (so that the sparse
// method applies), seeded: sparse engine on 1 and 3 threads against the definition.
TEST(HeapParallel, SeededRandomOctalCodes) {
  std::mt19937_64 rng(2023);
  for (int trial = 0; trial < 30; ++trial) {
    std::string code = "0.";
    const int digits = 1 + int(rng() % 4);
    for (int k = 0; k < digits; ++k) code += char('0' + rng() % 8);
    code[2 + rng() % digits] |= 4;  // at least one digit that splits a heap
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 1000);
    for (const unsigned threads : {1u, 3u}) {
      const auto s = ng::grundy_sequence_of(game, 1000, on_threads(threads, method::sparse));
      ASSERT_EQ(s.values, reference) << code << " on " << threads << " threads";
    }
  }
}

// The statistics at every power of two against plain counts: the histogram by a loop, the
// mask by trying every mask on the values themselves, the rare positions listed one by one.
TEST(HeapStats, PowerOfTwoStatisticsAgainstPlainCounts) {
  for (const char* code : {"grundy", "0.6", "0.07", "4.07", "0.0"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto values = ng::grundy_sequence_of(game, 20000, on_threads(2)).values;
    const auto stats = ng::power_of_two_stats(values);
    ASSERT_EQ(stats.size(), 15u) << code;  // 1, 2, 4, ..., 16384
    for (std::size_t k = 0; k < stats.size(); ++k) {
      const std::uint64_t n = std::uint64_t(1) << k;
      const ng::sequence_stats& s = stats[k];
      ASSERT_EQ(s.terms, n);
      std::uint32_t largest = 0, largest_after_0 = 0;
      std::map<std::uint32_t, std::uint64_t> count;
      for (std::uint64_t i = 0; i < n; ++i) {
        ++count[values[i]];
        largest = std::max(largest, values[i]);
        if (i >= 1) largest_after_0 = std::max(largest_after_0, values[i]);
      }
      EXPECT_EQ(s.largest, largest) << code << " " << n;
      ASSERT_EQ(s.histogram.size(), largest + 1u) << code << " " << n;
      for (std::uint32_t v = 0; v <= largest; ++v) EXPECT_EQ(s.histogram[v], count[v]) << code << " " << v;
      // Every mask below 2^(bit width of the largest value after G(0)), the first best one.
      const auto rare_under = [&](std::uint32_t mask, std::uint64_t& last) {
        std::uint64_t rare = 0;
        last = 0;
        for (std::uint64_t i = 1; i < n; ++i)
          if (std::popcount(values[i] & mask) % 2 == 0) ++rare, last = i;
        return rare;
      };
      std::uint32_t best_mask = 1;
      std::uint64_t last = 0, best = rare_under(1, last);
      for (std::uint32_t m = 2; m < (1u << std::bit_width(largest_after_0)); ++m)
        if (const std::uint64_t r = rare_under(m, last); r < best) best = r, best_mask = m;
      EXPECT_EQ(s.mask, best_mask) << code << " " << n;
      EXPECT_EQ(s.rare, best) << code << " " << n;
      rare_under(best_mask, last);
      EXPECT_EQ(s.last_rare, last) << code << " " << n;
    }
  }
  // The engine's own mask, chosen at 16384 for the terms after it, is the statistics' there.
  const auto run = ng::grundy_sequence_of(ng::heap_game::grundys_game(), 16385, on_threads(1));
  EXPECT_EQ(ng::power_of_two_stats(run.values).back().mask, run.mask);
}

}  // namespace

#ifdef NIMBER_EXHAUSTIVE
// The irregular games to 10^5 terms on two threads against the definition (minutes).
TEST(HeapParallelExhaustive, IrregularGamesAgainstTheDefinition) {
  for (const char* code : {"grundy", "0.6", "0.14", "0.336", "0.354", "0.64", "0.376"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 100000);
    EXPECT_EQ(ng::grundy_sequence_of(game, 100000, on_threads(2)).values, reference) << code;
  }
}
#endif

// Grundy's game from made-up starts (sequence_options::known, seeded): one common value
// everywhere under the mask 1 but a few rare positions near half the start's length and a few
// other values among the first heaps. The rare pairs' pass must leave out only the pair (a, a)
// and keep every other pair of the terms around it, where such a pair is often the only one
// to reach its nim-sum: the sparse engine against the definition from the same start.
TEST(HeapParallel, MadeUpStartsOfGrundysGame) {
  const auto game = ng::heap_game::grundys_game();
  for (unsigned seed = 0; seed < 200; ++seed) {
    std::mt19937_64 rng(seed);
    const std::uint64_t length = 8193 + rng() % 300;
    std::vector<std::uint32_t> start(length, std::uint32_t(1 + 2 * (rng() % 4)));
    start[0] = 0;
    const unsigned rares = 1 + unsigned(rng() % 6);
    for (unsigned i = 0; i < rares; ++i) start[length / 2 - 40 + rng() % 80] = std::uint32_t(2 * (rng() % 4));
    for (unsigned i = 1; i < 40; ++i)
      if (rng() % 3 == 0) start[i] = std::uint32_t(1 + 2 * (rng() % 4));
    const std::uint64_t terms = length + 600;
    const ng::sequence_options plain = on_threads(1, method::naive);
    const auto reference = ng::grundy_sequence_of(game, terms, ng::resumed_store(game, terms, start, plain), plain).values;
    const ng::sequence_options sparse = on_threads(1 + seed % 2, method::sparse);
    ASSERT_EQ(ng::grundy_sequence_of(game, terms, ng::resumed_store(game, terms, start, sparse), sparse).values, reference)
        << "seed " << seed;
  }
}
