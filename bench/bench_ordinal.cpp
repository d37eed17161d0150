// Products of random ordinals below omega^(omega^omega) (nimber/transfinite/ordinal.hpp), one
// thread. docs/transfinite.md has the figures and the command:
//
//   build/bench/nimber_bench_ordinal --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// An operand has `terms` terms; each term's exponent has `kappas` nonzero digits n_k < q_k
// at random primes q_k <= `max_q` (kappa_(q_k) to the power n_k) and a random 64-bit
// coefficient. Every alpha_q the products need is computed before the timing (the ones past
// the shipped table on first use).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "nimber/transfinite/ordinal.hpp"

namespace {

using nimber::ordinal;

ordinal random_ordinal(std::mt19937_64& rng, int terms, int kappas, std::size_t primes) {
  ordinal x;
  for (int t = 0; t < terms; ++t) {
    std::vector<std::uint64_t> exponent(primes, 0);
    for (int j = 0; j < kappas; ++j) {
      const std::size_t k = rng() % primes;
      exponent[k] = 1 + rng() % (nimber::odd_prime(k) - 1);
    }
    while (!exponent.empty() && exponent.back() == 0) exponent.pop_back();
    x += ordinal::omega_power(exponent, nimber::big_nim(rng() | 1));
  }
  return x;
}

// Arguments: terms, kappas per term, max_q. Each iteration multiplies a new pair (and each
// repetition draws new ones), so that the cache of monomial products helps only where the
// operands share monomials, as in real use, never by repeating a pair.
void BM_ordinal_mul(benchmark::State& state) {
  const int terms = int(state.range(0)), kappas = int(state.range(1));
  std::size_t primes = 0;
  while (nimber::odd_prime(primes) <= std::uint64_t(state.range(2))) ++primes;
  for (std::size_t k = 0; k < primes; ++k) (void)ordinal::kappa(k).pow(std::int64_t(nimber::odd_prime(k)));
  // The draws depend only on the case and how many times it ran, not on the other cases run
  // (a filter or an order changes nothing).
  static std::map<std::array<std::int64_t, 3>, std::uint64_t> runs;
  const std::uint64_t run = runs[{state.range(0), state.range(1), state.range(2)}]++;
  std::mt19937_64 rng(20261124 + std::uint64_t(terms) * 1000003 + std::uint64_t(kappas) * 1009 +
                      std::uint64_t(state.range(2)) + run * 7919);
  std::vector<ordinal> pool;
  for (benchmark::IterationCount i = 0; i <= state.max_iterations; ++i)
    pool.push_back(random_ordinal(rng, terms, kappas, primes));
  std::size_t i = 0, result_terms = 0;
  for (auto _ : state) {
    const ordinal c = pool[i] * pool[i + 1];
    result_terms += c.terms().size();
    benchmark::DoNotOptimize(c);
    ++i;
  }
  state.counters["result_terms"] = benchmark::Counter(double(result_terms), benchmark::Counter::kAvgIterations);
}

}  // namespace

int main(int argc, char** argv) {
  // terms, kappas per term, max_q; products per repetition.
  const std::vector<std::array<std::int64_t, 4>> cases{{2, 3, 43, 2000},  {2, 3, 257, 2000}, {8, 3, 257, 1000},
                                                       {8, 6, 257, 1000}, {16, 4, 257, 200}, {2, 12, 257, 1000},
                                                       {1, 54, 257, 100}};
  for (const auto& [terms, kappas, max_q, count] : cases)
    benchmark::RegisterBenchmark("BM_ordinal_mul", BM_ordinal_mul)
        ->ArgNames({"terms", "kappas", "max_q"})
        ->Args({terms, kappas, max_q})
        ->Iterations(count)
        ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
