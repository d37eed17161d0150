// Scalar nim products, 64-bit random operands: every implementation in one run.
//   throughput: independent products over 4096 pairs (in cache), ns per product
//   latency:    a dependent chain x = x * b[i], ns per product
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "nimber/nimber.hpp"

namespace {

constexpr std::size_t kPairs = 4096;

struct operands {
  std::vector<std::uint64_t> a, b;
  std::vector<nimber::u128> a128, b128;
  operands() : a(kPairs), b(kPairs), a128(kPairs), b128(kPairs) {
    std::mt19937_64 rng(42);
    for (std::size_t i = 0; i < kPairs; ++i) {
      a[i] = rng(), b[i] = rng();
      a128[i] = (nimber::u128(rng()) << 64) | rng();
      b128[i] = (nimber::u128(rng()) << 64) | rng();
    }
  }
};
const operands& data() {
  static const operands d;
  return d;
}

template <class Mul>
void throughput(benchmark::State& state, Mul mul) {
  const auto& d = data();
  std::vector<std::uint64_t> out(kPairs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) out[i] = mul(d.a[i], d.b[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["ns/product"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

template <class Mul>
void latency(benchmark::State& state, Mul mul) {
  const auto& d = data();
  std::uint64_t x = 1;
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) x = mul(x, d.b[i] | 1);
    benchmark::DoNotOptimize(x);
  }
  state.counters["ns/product"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

const auto fast = [](std::uint64_t a, std::uint64_t b) { return nimber::mul(a, b); };
const auto tower = [](std::uint64_t a, std::uint64_t b) { return nimber::detail::tower_mul<64>(a, b); };
const auto log_tower = [](std::uint64_t a, std::uint64_t b) { return nimber::ref::log_tower_mul(a, b); };
const auto bit_table = [](std::uint64_t a, std::uint64_t b) { return nimber::ref::bit_table_mul(a, b); };
const auto fermat = [](std::uint64_t a, std::uint64_t b) { return std::uint64_t(nimber::ref::fermat_mul(a, b)); };

void BM_mul128(benchmark::State& state) {
  const auto& d = data();
  std::vector<nimber::u128> out(kPairs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) out[i] = nimber::mul(d.a128[i], d.b128[i]);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["ns/product"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_inverse64(benchmark::State& state) {
  const auto& d = data();
  std::vector<std::uint64_t> out(kPairs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) out[i] = nimber::inverse(d.a[i]);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["ns/op"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                               benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_sqrt64(benchmark::State& state) {
  const auto& d = data();
  std::vector<std::uint64_t> out(kPairs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) out[i] = nimber::sqrt(d.a[i]);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["ns/op"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                               benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_CAPTURE(throughput, default_byte_tower, fast);
BENCHMARK_CAPTURE(throughput, pure_tower, tower);
BENCHMARK_CAPTURE(throughput, log_tower_baseline, log_tower);
BENCHMARK_CAPTURE(throughput, bit_table, bit_table);
BENCHMARK_CAPTURE(throughput, fermat_recursion, fermat);
BENCHMARK_CAPTURE(latency, default_byte_tower, fast);
BENCHMARK_CAPTURE(latency, log_tower_baseline, log_tower);
BENCHMARK(BM_mul128);
BENCHMARK(BM_inverse64);
BENCHMARK(BM_sqrt64);

BENCHMARK_MAIN();
