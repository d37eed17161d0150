// Field algorithms: discrete logarithms (against a plain Pohlig-Hellman with hash-map
// baby-step giant-step, in the same run), quadratics, polynomial roots, Perfect Triples.
//
//   build-field/bench/nimber_bench_field --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

#include "nimber/algebra/log.hpp"
#include "nimber/algebra/poly.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/algebra/sequences.hpp"

namespace {

using nimber::u128;

// The textbook method, as public solutions of 1310F write it: logarithms to a fixed
// generator, Pohlig-Hellman over the 7 primes of 2^64 - 1 with projections by powering, and
// per prime a baby-step giant-step with a std::unordered_map of ceil(sqrt(p)) baby steps
// (built once, like ours). Then the same CRT as the library.
class plain_pohlig_hellman {
 public:
  plain_pohlig_hellman() {
    const std::uint64_t g = nimber::smallest_primitive<std::uint64_t>();
    for (const std::uint64_t p : nimber::group_order_primes<std::uint64_t>()) {
      prime_table t;
      t.p = p;
      t.m = std::uint64_t(std::ceil(std::sqrt(double(p))));
      const std::uint64_t gp = nimber::pow(g, kOrder / p);
      std::uint64_t x = 1;
      for (std::uint64_t j = 0; j < t.m; ++j, x = nimber::mul(x, gp)) t.baby.emplace(x, j);
      t.giant = nimber::inverse(x);  // gp^-m
      tables_.push_back(std::move(t));
    }
  }

  std::optional<std::uint64_t> log(std::uint64_t a, std::uint64_t b) const {
    u128 x = 0, modulus = 1;
    for (const prime_table& t : tables_) {
      const std::uint64_t la = residue(a, t), lb = residue(b, t), p = t.p;
      if (la == 0) {
        if (lb != 0) return std::nullopt;
        continue;
      }
      const std::uint64_t xi = mulmod(lb, invmod(la, p), p);
      const std::uint64_t k = mulmod((xi + p - std::uint64_t(x % p)) % p, invmod(std::uint64_t(modulus % p), p), p);
      x += modulus * k;
      modulus *= p;
    }
    return std::uint64_t(x);
  }

 private:
  static constexpr std::uint64_t kOrder = ~std::uint64_t(0);
  struct prime_table {
    std::uint64_t p = 0, m = 0, giant = 0;
    std::unordered_map<std::uint64_t, std::uint64_t> baby;
  };
  static std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t p) {
    return std::uint64_t(u128(a) * b % p);
  }
  static std::uint64_t invmod(std::uint64_t a, std::uint64_t p) {
    std::uint64_t r = 1;
    for (std::uint64_t e = p - 2; e; e >>= 1, a = mulmod(a, a, p))
      if (e & 1) r = mulmod(r, a, p);
    return r;
  }
  static std::uint64_t residue(std::uint64_t h, const prime_table& t) {
    std::uint64_t y = nimber::pow(h, kOrder / t.p);
    for (std::uint64_t i = 0;; ++i, y = nimber::mul(y, t.giant))
      if (const auto it = t.baby.find(y); it != t.baby.end()) return (i * t.m + it->second) % t.p;
  }
  std::vector<prime_table> tables_;
};

std::vector<std::pair<std::uint64_t, std::uint64_t>> random_pairs64(std::size_t n) {
  std::mt19937_64 rng(1310);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> v(n);
  for (auto& [a, b] : v) a = rng() | 1, b = rng() | 1;
  return v;
}

// Runs f(a, b) over 1024 fixed random pairs, one pair per iteration.
template <class F>
void over_pairs(benchmark::State& state, F f) {
  const auto pairs = random_pairs64(1024);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ & 1023];
    benchmark::DoNotOptimize(f(a, b));
  }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One-time set-up, timed on first use (the tables live for the process).
void BM_LogSetup64(benchmark::State& state) {
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    nimber::prepare_log_tables<std::uint64_t>();
    state.counters["setup_ms"] = 1e3 * seconds_since(t0);
  }
}
BENCHMARK(BM_LogSetup64)->Iterations(1);

void BM_Log64(benchmark::State& state) {
  over_pairs(state, [](std::uint64_t a, std::uint64_t b) { return nimber::discrete_log(a, b); });
}
BENCHMARK(BM_Log64);

void BM_Log64_PlainHashMapBSGS(benchmark::State& state) {
  static const plain_pohlig_hellman plain;
  const auto pairs = random_pairs64(1024);
  for (const auto& [a, b] : pairs)  // the baseline must agree with the library
    if (plain.log(a, b) != nimber::discrete_log(a, b)) std::abort();
  over_pairs(state, [](std::uint64_t a, std::uint64_t b) { return plain.log(a, b); });
}
BENCHMARK(BM_Log64_PlainHashMapBSGS);

void BM_LogSetup128(benchmark::State& state) {
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    nimber::prepare_log_tables<u128>();
    state.counters["setup_ms"] = 1e3 * seconds_since(t0);
  }
}
BENCHMARK(BM_LogSetup128)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_Log128(benchmark::State& state) {
  std::mt19937_64 rng(128);
  for (auto _ : state) {
    const u128 a = (u128(rng()) << 64) | rng(), b = (u128(rng()) << 64) | rng();
    benchmark::DoNotOptimize(nimber::discrete_log(a, b));
  }
}
BENCHMARK(BM_Log128)->Iterations(20)->Unit(benchmark::kMillisecond);

void BM_Order64(benchmark::State& state) {
  over_pairs(state, [](std::uint64_t a, std::uint64_t) { return nimber::order(a); });
}
BENCHMARK(BM_Order64);

void BM_Quadratic64(benchmark::State& state) {
  over_pairs(state, [](std::uint64_t b, std::uint64_t c) { return nimber::solve_quadratic(b, c); });
}
BENCHMARK(BM_Quadratic64);

void BM_PolynomialRoots64(benchmark::State& state) {
  std::mt19937_64 rng(100);
  std::vector<std::uint64_t> f(std::size_t(state.range(0)) + 1);
  for (auto& c : f) c = rng();
  for (auto _ : state)
    benchmark::DoNotOptimize(nimber::polynomial_roots(std::span<const std::uint64_t>(f)));
}
BENCHMARK(BM_PolynomialRoots64)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

void BM_PerfectTriples(benchmark::State& state) {
  std::uint64_t n = 999999999999999000ULL;
  for (auto _ : state) benchmark::DoNotOptimize(nimber::perfect_triples_term(n++));
}
BENCHMARK(BM_PerfectTriples);

}  // namespace

BENCHMARK_MAIN();
