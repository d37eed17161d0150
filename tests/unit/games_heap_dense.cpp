// The dense heap engine (src/games/grundy_dense.cpp), under every kernel this CPU runs (its
// vector scan and the scalar loop): the games whose values the sparse-space method cannot make
// mostly common, and seeded random octal codes, against the definition on one and several
// threads; and the engine stopping at the first value too wide for its bytes (a narrow width
// forced), with the values up to there exact.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "games/grundy_dense.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/kernel.hpp"

namespace ng = nimber::games;

namespace {

// body() once under each kernel this CPU runs, the kernel in force before restored after.
template <class Body>
void for_each_kernel(Body body) {
  const std::string saved(nimber::kernel::active());
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    SCOPED_TRACE(std::string(k.name));
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    body();
  }
  nimber::kernel::force(saved);
}

ng::sequence_options on_threads(unsigned threads) {
  ng::sequence_options o;
  o.use_period = false;
  o.threads = threads;
  return o;
}

TEST(HeapDense, GamesWithoutSparseSpaceAgreeWithTheDefinition) {
  for (const char* code : {"0.104", "0.106", "0.76", "0.04", "0.06", "4.04", "0.6"}) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 4000;
    const auto reference = ng::grundy_values_naive(game, terms);
    for_each_kernel([&] {
      for (const unsigned threads : {1u, 2u, 3u})
        ASSERT_EQ(ng::grundy_sequence_of(game, terms, on_threads(threads)).values, reference)
            << code << " on " << threads << " threads";
    });
  }
}

// Octal codes of one to four digits with a split digit, some with a split that removes none
// (d0 = 4), seeded.
TEST(HeapDense, SeededRandomOctalCodes) {
  std::mt19937_64 rng(23);
  for (int trial = 0; trial < 30; ++trial) {
    std::string code = trial % 5 == 0 ? "4." : "0.";
    const int digits = 1 + int(rng() % 4);
    for (int k = 0; k < digits; ++k) code += char('0' + rng() % 8);
    code[2 + rng() % digits] |= 4;
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 2000);
    for_each_kernel([&] {
      for (const unsigned threads : {1u, 2u})
        ASSERT_EQ(ng::grundy_sequence_of(game, 2000, on_threads(threads)).values, reference)
            << code << " on " << threads << " threads";
    });
  }
}

// With room for values below `limit` only, the engine computes the terms up to and including
// the first value that does not fit (found exactly: its table is full below it), then no more.
TEST(HeapDense, StopsAtTheFirstValueTooWide) {
  for (const char* code : {"0.106", "0.76", "0.104"}) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 3000;
    const auto reference = ng::grundy_values_naive(game, terms);
    for (const std::uint32_t limit : {4u, 8u, 16u}) {
      std::uint64_t first_wide = 0;
      while (first_wide < terms && reference[first_wide] < limit) ++first_wide;
      ASSERT_LT(first_wide, terms) << code << " never reaches " << limit;
      for_each_kernel([&] {
        ng::packed_values g;
        ng::detail::grundy_dense dense(game, terms, nullptr, limit);
        std::uint64_t n = 0;
        // Odd lengths, so that blocks and groups end anywhere.
        while (const std::uint64_t done = dense.extend(g, n, std::min<std::uint64_t>(97, terms - n))) n += done;
        ASSERT_EQ(n, first_wide + 1) << code << " limit " << limit;
        ASSERT_EQ(g.to_vector(), std::vector<std::uint32_t>(reference.begin(), reference.begin() + std::ptrdiff_t(n)))
            << code << " limit " << limit;
        ASSERT_EQ(dense.extend(g, n, 1), 0u);
      });
    }
  }
}

// The engine called for pieces of any length (blocks and groups cut anywhere, the first
// terms included) at full width gives the definition's values.
TEST(HeapDense, PiecesOfAnyLength) {
  for (const char* code : {"0.106", "0.76", "4.04"}) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 3000;
    const auto reference = ng::grundy_values_naive(game, terms);
    for (const std::uint64_t piece : {1u, 5u, 64u, 97u, 200u}) {
      for_each_kernel([&] {
        ng::packed_values g;
        ng::detail::grundy_dense dense(game, terms, nullptr);
        for (std::uint64_t n = 0; n < terms;) {
          const std::uint64_t done = dense.extend(g, n, std::min(piece, terms - n));
          ASSERT_EQ(done, std::min(piece, terms - n)) << code << " at " << n;
          n += done;
        }
        ASSERT_EQ(g.to_vector(), reference) << code << " in pieces of " << piece;
      });
    }
  }
}

// Terms given rather than computed (the values of a resumed run) are taken over as they are:
// the run from them ends as the run from nothing.
TEST(HeapDense, ResumedRunsMatch) {
  const auto game = ng::heap_game::from_string("0.106");
  const auto whole = ng::grundy_sequence_of(game, 5000, on_threads(2)).values.to_vector();
  for (const std::uint64_t known : {1u, 63u, 1000u, 4097u}) {
    const auto options = on_threads(2);
    const std::span<const std::uint32_t> given(whole.data(), known);
    ASSERT_EQ(ng::grundy_sequence_of(game, 5000, ng::resumed_store(game, 5000, given, options), options).values, whole)
        << known;
  }
}

}  // namespace
