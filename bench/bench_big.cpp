// big_nim against NTL's GF2X product (a lower bound on any GF2E product of the same size:
// the field product adds a reduction), at 2^10 .. 2^20 bits, in one run; plus our square,
// square root and inverse at the same sizes (docs/big.md has the table and the command).
//
//   build/bench/nimber_bench_big --benchmark_enable_random_interleaving=true \
//       --benchmark_min_time=0.2 --benchmark_repetitions=9 --benchmark_report_aggregates_only=true
//
// Operands are seeded random values of exactly the field size (big_nim::random), so every
// product is a full GF(2^bits) product. The raw limb kernels are timed, on storage made
// once, as NTL's products are timed on polynomials made once.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "nimber/big.hpp"

#ifdef NIMBER_HAVE_NTL
#include <NTL/GF2X.h>
#endif

namespace {

using nimber::big_nim;

std::vector<std::uint64_t> operand(std::size_t bits, std::uint64_t seed) {
  const big_nim x = big_nim::random(bits, seed);
  std::vector<std::uint64_t> v(bits / 64, 0);
  std::copy(x.limbs().begin(), x.limbs().end(), v.begin());
  return v;
}

// With repetitions, the fastest one too: on a shared VM the median carries the machine's slow
// phases, which hurt a product on two cores (it waits for a stalled helper) more than NTL's.
void sizes(benchmark::internal::Benchmark* b) {
  for (int k = 10; k <= 20; k += 2) b->Arg(1 << k);
  b->Unit(benchmark::kMicrosecond);
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}

void set_counters(benchmark::State& state) {
  state.counters["bits"] = double(state.range(0));
}

void BM_big_mul(benchmark::State& state) {
  const std::size_t bits = std::size_t(state.range(0)), n = bits / 64;
  const auto a = operand(bits, 1), b = operand(bits, 2);
  std::vector<std::uint64_t> out(n);
  for (auto _ : state) {
    nimber::big::mul(a.data(), b.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
  }
  set_counters(state);
}
BENCHMARK(BM_big_mul)->Apply(sizes);

// The value type, allocation and normalisation included.
void BM_big_nim_operator_mul(benchmark::State& state) {
  const std::size_t bits = std::size_t(state.range(0));
  const big_nim a = big_nim::random(bits, 1), b = big_nim::random(bits, 2);
  for (auto _ : state) benchmark::DoNotOptimize(a * b);
  set_counters(state);
}
BENCHMARK(BM_big_nim_operator_mul)->Apply(sizes);

// A one-operand limb kernel: square, sqrt or inverse.
template <void (*Kernel)(const std::uint64_t*, std::uint64_t*, std::size_t)>
void BM_unary(benchmark::State& state) {
  const std::size_t bits = std::size_t(state.range(0)), n = bits / 64;
  const auto a = operand(bits, 1);
  std::vector<std::uint64_t> out(n);
  for (auto _ : state) {
    Kernel(a.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
  }
  set_counters(state);
}
BENCHMARK(BM_unary<nimber::big::square>)->Name("BM_big_square")->Apply(sizes);
BENCHMARK(BM_unary<nimber::big::sqrt>)->Name("BM_big_sqrt")->Apply(sizes);
BENCHMARK(BM_unary<nimber::big::inverse>)->Name("BM_big_inverse")->Apply(sizes);

#ifdef NIMBER_HAVE_NTL
// Two random polynomials of degree below `bits`: the product has 2 bits - 1 coefficients.
void BM_ntl_gf2x_mul(benchmark::State& state) {
  const long bits = long(state.range(0));
  NTL::GF2X a, b, c;
  NTL::SetSeed(NTL::ZZ(1));
  NTL::random(a, bits);
  NTL::random(b, bits);
  for (auto _ : state) {
    NTL::mul(c, a, b);
    benchmark::DoNotOptimize(&c);
  }
  set_counters(state);
}
BENCHMARK(BM_ntl_gf2x_mul)->Apply(sizes);
#endif

}  // namespace

BENCHMARK_MAIN();
