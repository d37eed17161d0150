// GF(2)[x] products (nimber/gf2x.hpp) and the fields GF(2^E) (nimber/gf2e.hpp), one thread.
// docs/big.md ("GF(2^E)") and docs/benchmarks.md have the figures and the commands:
//
//   build/bench/nimber_bench_gf2e --benchmark_min_time=0.2 --benchmark_repetitions=5 \
//       --benchmark_report_aggregates_only=true
//
// E = 237,820 is the degree in which alpha_283 of the transfinite nimbers is decided; 283 is
// prime with ord_283(2) = 94, which divides E, so 283 | 2^E - 1.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "nimber/gf2e.hpp"
#include "nimber/gf2x.hpp"

namespace {

using u64 = std::uint64_t;

std::vector<u64> random_limbs(std::size_t n, u64 seed) {
  std::mt19937_64 rng(seed);
  std::vector<u64> v(n);
  for (u64& x : v) x = rng();
  return v;
}

nimber::gf2e::element random_element(const nimber::gf2e& f, u64 seed) {
  return f.from_polynomial(random_limbs(f.limbs(), seed));
}

void min_statistic(benchmark::internal::Benchmark* b) {
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}

// Products of two n-bit polynomials, n = 2^10 .. 2^24.
void BM_gf2x_mul(benchmark::State& state) {
  const std::size_t n = std::size_t(state.range(0)) / 64;
  const auto a = random_limbs(n, 1), b = random_limbs(n, 2);
  std::vector<u64> out(2 * n);
  for (auto _ : state) {
    nimber::gf2x::mul(a.data(), n, b.data(), n, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bits"] = double(state.range(0));
}
BENCHMARK(BM_gf2x_mul)->RangeMultiplier(4)->Range(1 << 10, 1 << 24)->Unit(benchmark::kMicrosecond)->Apply(min_statistic);

// Products between powers of two: 2^20 and 2^22 bits times 17/16, 5/4, 3/2 and 7/4, where a
// transform of the next power of two would be mostly empty.
void BM_gf2x_mul_between(benchmark::State& state) { BM_gf2x_mul(state); }
void between_sizes(benchmark::internal::Benchmark* b) {
  for (const int bits : {1 << 20, 1 << 22})
    for (const int sixteenths : {17, 20, 24, 28}) b->Arg(bits / 16 * sixteenths);
  b->Unit(benchmark::kMicrosecond)->Apply(min_statistic);
}
BENCHMARK(BM_gf2x_mul_between)->Apply(between_sizes);

// The two algorithms apart, the FFT forced on or off (set_fft_limbs): the crossover and the
// cost model of src/gf2x/product.cpp are fitted to these.
template <bool Fft>
void BM_gf2x_algorithm(benchmark::State& state) {
  const std::size_t n = std::size_t(state.range(0));
  const auto a = random_limbs(n, 1), b = random_limbs(n, 2);
  std::vector<u64> out(2 * n);
  nimber::gf2x::set_fft_limbs(Fft ? 1 : std::numeric_limits<std::size_t>::max());
  for (auto _ : state) {
    nimber::gf2x::mul(a.data(), n, b.data(), n, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  nimber::gf2x::set_fft_limbs(0);
  state.counters["limbs"] = double(n);
}
void algorithm_sizes(benchmark::internal::Benchmark* b) {
  for (const int n : {256, 512, 768, 1024, 1280, 2048, 4096, 16384, 262144}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}
BENCHMARK(BM_gf2x_algorithm<false>)->Name("BM_gf2x_karatsuba")->Apply(algorithm_sizes);
BENCHMARK(BM_gf2x_algorithm<true>)->Name("BM_gf2x_fft")->Apply(algorithm_sizes);

// A floor under any change of basis between the nimber tower of 2^k bits and a univariate
// power basis that goes level by level (push-down and lift-up in an Artin-Schreier tower, De
// Feo and Schost, "Fast arithmetics in Artin-Schreier towers over finite fields"): at each
// level i = 10 .. k, each of the 2^(k-i) pieces leaves two remainders of degree 3 2^(i-1)
// modulo the minimal polynomial of the level below (degree 2^(i-1)), and each remainder needs
// at least one product of two 2^i-bit polynomials (Barrett's quotient). Only those products are
// run here, on random operands; docs/big.md compares the total with the tower's product.
void BM_gf2x_level_products(benchmark::State& state) {
  const unsigned k = unsigned(state.range(0));
  const auto a = random_limbs(std::size_t(1) << (k - 6), 1), b = random_limbs(std::size_t(1) << (k - 6), 2);
  std::vector<u64> out(std::size_t(1) << (k - 5));
  for (auto _ : state) {
    for (unsigned i = 10; i <= k; ++i) {
      const std::size_t n = std::size_t(1) << (i - 6);
      for (std::size_t r = 0; r < std::size_t(2) << (k - i); ++r) {
        nimber::gf2x::mul(a.data(), n, b.data(), n, out.data());
        benchmark::DoNotOptimize(out.data());
      }
    }
  }
  state.counters["bits"] = double(std::size_t(1) << k);
}
BENCHMARK(BM_gf2x_level_products)->DenseRange(20, 24, 2)->Unit(benchmark::kMillisecond);

void BM_gf2x_square(benchmark::State& state) {
  const std::size_t n = std::size_t(state.range(0)) / 64;
  const auto a = random_limbs(n, 1);
  std::vector<u64> out(2 * n);
  for (auto _ : state) {
    nimber::gf2x::square(a.data(), n, out.data());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_gf2x_square)->RangeMultiplier(16)->Range(1 << 10, 1 << 22)->Unit(benchmark::kMicrosecond);

// Field products and squares (with the reduction) in GF(2^E).
void BM_gf2e_mul(benchmark::State& state) {
  const nimber::gf2e f(u64(state.range(0)));
  const auto a = random_element(f, 1), b = random_element(f, 2);
  auto out = f.zero();
  for (auto _ : state) {
    f.mul(a.data(), b.data(), out.data());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_gf2e_mul)->Arg(1279)->Arg(23209)->Arg(237820)->Unit(benchmark::kMicrosecond)->Apply(min_statistic);

void BM_gf2e_square(benchmark::State& state) {
  const nimber::gf2e f(u64(state.range(0)));
  auto a = random_element(f, 1);
  for (auto _ : state) {
    f.square(a.data(), a.data());
    benchmark::DoNotOptimize(a.data());
  }
}
BENCHMARK(BM_gf2e_square)->Arg(1279)->Arg(23209)->Arg(237820)->Unit(benchmark::kMicrosecond)->Apply(min_statistic);

// The absolute trace (Newton's identities on the modulus, then a parity).
void BM_gf2e_trace(benchmark::State& state) {
  const nimber::gf2e f(u64(state.range(0)));
  const auto a = random_element(f, 5);
  for (auto _ : state) benchmark::DoNotOptimize(f.trace(a));
}
BENCHMARK(BM_gf2e_trace)->Arg(1279)->Arg(237820)->Unit(benchmark::kMicrosecond);

// x^((2^E - 1)/p): the p-th power test of the transfinite constants.
void BM_gf2e_pow_cofactor(benchmark::State& state) {
  const nimber::gf2e f(u64(state.range(0)));
  const auto a = random_element(f, 3);
  for (auto _ : state) benchmark::DoNotOptimize(f.pow_cofactor(a, u64(state.range(1))));
}
BENCHMARK(BM_gf2e_pow_cofactor)->Args({237820, 283})->Args({237820, 47})->Iterations(1)->Unit(benchmark::kSecond);

// The inverse by Itoh-Tsujii: E - 1 squarings and about 2 log2 E products.
void BM_gf2e_inverse(benchmark::State& state) {
  const nimber::gf2e f(u64(state.range(0)));
  const auto a = random_element(f, 4);
  for (auto _ : state) benchmark::DoNotOptimize(f.inverse(a));
}
BENCHMARK(BM_gf2e_inverse)->Arg(23209)->Arg(237820)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
