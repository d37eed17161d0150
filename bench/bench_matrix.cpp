// Matrices over GF(2^64): rank, determinant, inverse (docs/algebra.md), and, in the same run,
// a textbook right-looking elimination whose row operations are batch::axpy calls.
//
//   build-matrix/bench/nimber_bench_matrix --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <random>

#include "nimber/batch.hpp"
#include "nimber/algebra/matrix.hpp"

namespace {

using nimber::matrix;

matrix<std::uint64_t> random_matrix(std::size_t n) {
  std::mt19937_64 rng(n);
  matrix<std::uint64_t> m(n, n);
  for (std::uint64_t& v : m.data()) v = rng();
  return m;
}

// The baseline: for each pivot, one batch::axpy per row below it.
std::size_t axpy_rank(matrix<std::uint64_t> a) {
  std::size_t r = 0;
  for (std::size_t c = 0; c < a.cols() && r < a.rows(); ++c) {
    std::size_t p = r;
    while (p < a.rows() && a(p, c) == 0) ++p;
    if (p == a.rows()) continue;
    std::swap_ranges(a.row(p).begin(), a.row(p).end(), a.row(r).begin());
    const std::uint64_t inv = nimber::inverse(a(r, c));
    const auto pivot = a.row(r).subspan(c);
    for (std::size_t i = r + 1; i < a.rows(); ++i)
      if (a(i, c) != 0) nimber::batch::axpy(nimber::mul(a(i, c), inv), pivot, a.row(i).subspan(c));
    ++r;
  }
  return r;
}

void BM_Rank(benchmark::State& state) {
  const matrix<std::uint64_t> a = random_matrix(std::size_t(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(nimber::rank(a));
}
BENCHMARK(BM_Rank)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_RankAxpyBaseline(benchmark::State& state) {
  const matrix<std::uint64_t> a = random_matrix(std::size_t(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(axpy_rank(a));
}
BENCHMARK(BM_RankAxpyBaseline)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_Determinant(benchmark::State& state) {
  const matrix<std::uint64_t> a = random_matrix(std::size_t(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(nimber::determinant(a));
}
BENCHMARK(BM_Determinant)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_Inverse(benchmark::State& state) {
  const matrix<std::uint64_t> a = random_matrix(std::size_t(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(nimber::inverse(a));
}
BENCHMARK(BM_Inverse)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
