// Batch nim products, one run, the same seeded data for every row. Read the ns/item column
// (benchmark's items_per_second inverted: time per product or per value).
//   mul/<kernel>/<n>         pairwise 64-bit products, n = 4096 (in cache) and 2^20
//   mul_1thread/<kernel>/2^20 the same in slices below the threading threshold
//   log_tower/<n>            ref::log_tower_mul in a loop: the best public method (baseline)
//   clmul_poly/<n>           GF(2^64) in polynomial basis, x^64+x^4+x^3+x+1, VPCLMULQDQ
//   xor_stream/<n>           c[i] = a[i] ^ b[i]: the memory bound
//   mul_const, axpy /<kernel>/2^20   by one random 64-bit constant
#include <benchmark/benchmark.h>
#include <immintrin.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nimber/batch.hpp"
#include "nimber/kernel.hpp"
#include "nimber/reference.hpp"

namespace {

constexpr std::size_t kSmall = 4096, kLarge = std::size_t(1) << 20;

struct operands {
  std::vector<std::uint64_t> a, b, out;
  operands() : a(kLarge), b(kLarge), out(kLarge) {
    std::mt19937_64 rng(42);
    for (std::size_t i = 0; i < kLarge; ++i) a[i] = rng(), b[i] = rng();
  }
};
operands& data() {
  static operands d;
  return d;
}

void per_item(benchmark::State& state, std::size_t n) {
  state.SetItemsProcessed(std::int64_t(state.iterations() * n));
  // An inverted rate of n * 1e-9 items per iteration: nanoseconds per item.
  state.counters["ns/item"] = benchmark::Counter(double(n) * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                                      benchmark::Counter::kInvert);
}

template <class Body>
void run(benchmark::State& state, std::size_t n, Body body) {
  auto& d = data();
  for (auto _ : state) {
    body(std::span<const std::uint64_t>(d.a.data(), n), std::span<const std::uint64_t>(d.b.data(), n),
         std::span<std::uint64_t>(d.out.data(), n));
    benchmark::ClobberMemory();
  }
  per_item(state, n);
}

void force(benchmark::State& state, const std::string& kernel) {
  if (nimber::kernel::force(kernel) != nimber::kernel::force_status::ok) state.SkipWithError("unsupported");
}

void mul_batch(benchmark::State& state, std::string kernel, std::size_t n) {
  force(state, kernel);
  run(state, n, [](auto a, auto b, auto out) { nimber::batch::mul(a, b, out); });
}

void mul_one_thread(benchmark::State& state, std::string kernel, std::size_t n) {
  force(state, kernel);
  constexpr std::size_t slice = nimber::batch::parallel_threshold / 2;
  run(state, n, [](auto a, auto b, auto out) {
    for (std::size_t i = 0; i < out.size(); i += slice)
      nimber::batch::mul(a.subspan(i, slice), b.subspan(i, slice), out.subspan(i, slice));
  });
}

void mul_const(benchmark::State& state, std::string kernel, std::size_t n) {
  force(state, kernel);
  run(state, n, [](auto a, auto, auto out) { nimber::batch::mul(0x9E3779B97F4A7C15ull, a, out); });
}

void axpy(benchmark::State& state, std::string kernel, std::size_t n) {
  force(state, kernel);
  run(state, n, [](auto a, auto, auto out) { nimber::batch::axpy(0x9E3779B97F4A7C15ull, a, out); });
}

void log_tower(benchmark::State& state, std::size_t n) {
  run(state, n, [](auto a, auto b, auto out) {
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::ref::log_tower_mul(a[i], b[i]);
  });
}

void xor_stream(benchmark::State& state, std::size_t n) {
  run(state, n, [](auto a, auto b, auto out) {
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] ^ b[i];
  });
}

// The hardware limit for a 64-bit field product: GF(2)[x]/(x^64 + x^4 + x^3 + x + 1) with
// VPCLMULQDQ, 8 products per step. With P = H x^64 + L, x^64 = x^4 + x^3 + x + 1 = r gives
// P = L + H r; H r has at most 67 bits, so its top 3 bits T are folded once more (T r < 2^7).
#define NIMBER_CLMUL_TARGET __attribute__((target("avx512f,vpclmulqdq")))
// Low qword of each 128-bit lane: the 128-bit product p reduced mod the polynomial.
NIMBER_CLMUL_TARGET inline __m512i reduce(__m512i p, __m512i r) {
  const __m512i t = _mm512_clmulepi64_epi128(p, r, 0x01);  // H r
  const __m512i u = _mm512_clmulepi64_epi128(t, r, 0x01);  // (H r)_hi r
  return _mm512_ternarylogic_epi64(p, t, u, 0x96);
}
NIMBER_CLMUL_TARGET void clmul_poly_mul(const std::uint64_t* a, const std::uint64_t* b,
                                        std::uint64_t* out, std::size_t n) {
  const __m512i r = _mm512_set1_epi64(0x1B);
  for (std::size_t i = 0; i + 8 <= n; i += 8) {
    const __m512i x = _mm512_loadu_si512(a + i), y = _mm512_loadu_si512(b + i);
    const __m512i even = reduce(_mm512_clmulepi64_epi128(x, y, 0x00), r);
    const __m512i odd = reduce(_mm512_clmulepi64_epi128(x, y, 0x11), r);
    _mm512_storeu_si512(out + i, _mm512_unpacklo_epi64(even, odd));
  }
}

void clmul_poly(benchmark::State& state, std::size_t n) {
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("vpclmulqdq"))
    return state.SkipWithError("no VPCLMULQDQ");
  run(state, n, [](auto a, auto b, auto out) { clmul_poly_mul(a.data(), b.data(), out.data(), out.size()); });
}

// Wall-clock time throughout: batches of 2^16 and more run on several threads, whose work
// the default (main-thread CPU time) would not see.
template <class... Args>
void add(const std::string& name, Args... args) {
  benchmark::RegisterBenchmark(name.c_str(), args...)->UseRealTime();
}

int register_all = [] {
  auto sizes = {kSmall, kLarge};
  for (std::size_t n : sizes) {
    add(("log_tower/" + std::to_string(n)), log_tower, n);
    add(("clmul_poly/" + std::to_string(n)), clmul_poly, n);
    add(("xor_stream/" + std::to_string(n)), xor_stream, n);
    for (const auto& k : nimber::kernel::list()) {
      if (!k.supported) continue;
      const std::string name(k.name);
      add(("mul/" + name + "/" + std::to_string(n)), mul_batch, name, n);
    }
  }
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    const std::string name(k.name), suffix = "/" + name + "/" + std::to_string(kLarge);
    add(("mul_1thread" + suffix), mul_one_thread, name, kLarge);
    add(("mul_const" + suffix), mul_const, name, kLarge);
    add(("axpy" + suffix), axpy, name, kLarge);
  }
  return 0;
}();

}  // namespace

BENCHMARK_MAIN();
