// Scalar nim products, 64-bit random operands: every implementation in one run
// (docs/benchmarks.md has the table and the command).
//   throughput: independent products over 4096 pairs (in cache), ns per product
//   latency:    a dependent chain x = x * b[i], ns per product
// "default" is nimber::mul as users get it (the clmul path where the CPU has PCLMULQDQ);
// "clmul" and "portable_byte_tower" call each path directly.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
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

// The operands of the word type a product function takes: 64 or 128 bits.
template <class Mul>
struct word_of : word_of<decltype(&Mul::operator())> {};
template <class C, class R, class A>
struct word_of<R (C::*)(A, A) const> { using type = A; };

template <class U>
std::pair<const std::vector<U>&, const std::vector<U>&> operands_of() {
  if constexpr (sizeof(U) == 16) return {data().a128, data().b128};
  else return {data().a, data().b};
}

void count_products(benchmark::State& state) {
  state.counters["ns/product"] = benchmark::Counter(double(state.iterations()) * kPairs,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

template <class Mul>
void throughput(benchmark::State& state, Mul mul) {
  using U = typename word_of<Mul>::type;
  const auto [a, b] = operands_of<U>();
  std::vector<U> out(kPairs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) out[i] = mul(a[i], b[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  count_products(state);
}

template <class Mul>
void latency(benchmark::State& state, Mul mul) {
  using U = typename word_of<Mul>::type;
  const auto& b = operands_of<U>().second;
  U x = 1;
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPairs; ++i) x = mul(x, U(b[i] | 1));
    benchmark::DoNotOptimize(x);
  }
  count_products(state);
}

const auto fast = [](std::uint64_t a, std::uint64_t b) { return nimber::mul(a, b); };
const auto byte_tower = [](std::uint64_t a, std::uint64_t b) { return nimber::detail::fast_mul<64>(a, b); };
const auto tower = [](std::uint64_t a, std::uint64_t b) { return nimber::detail::tower_mul<64>(a, b); };
const auto log_tower = [](std::uint64_t a, std::uint64_t b) { return nimber::ref::log_tower_mul(a, b); };
const auto bit_table = [](std::uint64_t a, std::uint64_t b) { return nimber::ref::bit_table_mul(a, b); };
const auto fermat = [](std::uint64_t a, std::uint64_t b) { return std::uint64_t(nimber::ref::fermat_mul(a, b)); };

#if NIMBER_DETAIL_X86_KERNELS
const auto clmul = [](std::uint64_t a, std::uint64_t b) { return nimber::detail::clmul_mul64(a, b); };
const auto clmul128 = [](nimber::u128 a, nimber::u128 b) { return nimber::detail::clmul_mul128(a, b); };

// The clmul path is there where the registry's pclmul kernel is.
bool skip_without_clmul(benchmark::State& state) {
  for (const auto& k : nimber::kernel::list())
    if (k.name == "pclmul" && k.supported) return false;
  state.SkipWithError("no PCLMULQDQ on this CPU");
  return true;
}
#endif


const auto fast128 = [](nimber::u128 a, nimber::u128 b) { return nimber::mul(a, b); };
const auto byte_tower128 = [](nimber::u128 a, nimber::u128 b) { return nimber::detail::fast_mul<128>(a, b); };

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

// Each product function gets a throughput and a latency row; the clmul rows say why they are
// skipped on a CPU without PCLMULQDQ.
template <class Mul>
void register_rows(const std::string& name, Mul mul, bool (*skip)(benchmark::State&) = nullptr) {
  benchmark::RegisterBenchmark(("throughput/" + name).c_str(), [=](benchmark::State& state) {
    if (skip == nullptr || !skip(state)) throughput(state, mul);
  });
  benchmark::RegisterBenchmark(("latency/" + name).c_str(), [=](benchmark::State& state) {
    if (skip == nullptr || !skip(state)) latency(state, mul);
  });
}

const bool registered = [] {
  register_rows("default", fast);
#if NIMBER_DETAIL_X86_KERNELS
  register_rows("clmul", clmul, skip_without_clmul);
  register_rows("mul128_clmul", clmul128, skip_without_clmul);
#endif
  register_rows("portable_byte_tower", byte_tower);
  register_rows("pure_tower", tower);
  register_rows("log_tower_baseline", log_tower);
  register_rows("bit_table", bit_table);
  register_rows("fermat_recursion", fermat);
  register_rows("mul128_default", fast128);
  register_rows("mul128_portable_byte_tower", byte_tower128);
  return true;
}();

}  // namespace

BENCHMARK(BM_inverse64);
BENCHMARK(BM_sqrt64);

BENCHMARK_MAIN();
