// Impartial games: outcomes by retrograde analysis, Grundy values of graphs, Grundy sequences
// of heap games (with and without the proved period, naive and sparse-space engines) and
// winning moves of coin-turning grids.
//
//   nimber_bench_games --benchmark_filter=Outcomes   # the 10^7-edge target
//   nimber_bench_games --benchmark_filter=GrundyLoopy   # generalised values, 10^6 edges
#include <benchmark/benchmark.h>

#include <array>
#include <random>
#include <vector>

#include "nimber/games/coin_turning.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/misere_quotient.hpp"

namespace ng = nimber::games;

namespace {

// A random graph with n positions and m moves; half the moves go to a lower position so that
// there are long chains of decided positions as well as cycles.
ng::game_graph random_graph(std::size_t n, std::size_t m, bool acyclic) {
  std::mt19937_64 rng(42);
  std::vector<ng::position> from(m), to(m);
  for (std::size_t i = 0; i < m; ++i) {
    const auto u = ng::position(1 + rng() % (n - 1));
    from[i] = u;
    to[i] = (acyclic || (i & 1)) ? ng::position(rng() % u) : ng::position(rng() % n);
  }
  return ng::game_graph::from_edges(n, from, to);
}

void Outcomes(benchmark::State& state) {
  const std::size_t m = std::size_t(state.range(0));
  const auto g = random_graph(m / 5, m, false);
  for (auto _ : state) benchmark::DoNotOptimize(ng::outcomes(g));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(m));
  state.counters["edges"] = double(m);
}
BENCHMARK(Outcomes)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond);

void GrundyAcyclic(benchmark::State& state) {
  const std::size_t m = std::size_t(state.range(0));
  const auto g = random_graph(m / 5, m, true);
  for (auto _ : state) benchmark::DoNotOptimize(ng::grundy_values(g));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(m));
}
BENCHMARK(GrundyAcyclic)->Arg(10'000'000)->Unit(benchmark::kMillisecond);

// Generalised Sprague-Grundy values, n = m / 5 positions. up = 2: the graph of Outcomes, where
// almost every position is infinite after two or three rounds; up = 256: one arc in 256 may go
// up, the rest go down, so nearly every position lies on a cycle yet gets a finite value (up
// to 7 or 8: that many rounds).
void GrundyLoopy(benchmark::State& state) {
  const std::size_t m = std::size_t(state.range(0)), up = std::size_t(state.range(1));
  const std::size_t n = m / 5;
  std::mt19937_64 rng(42);
  std::vector<ng::position> from(m), to(m);
  for (std::size_t i = 0; i < m; ++i) {
    const auto u = ng::position(1 + rng() % (n - 1));
    from[i] = u;
    to[i] = i % up != 0 ? ng::position(rng() % u) : ng::position(rng() % n);
  }
  const auto g = ng::game_graph::from_edges(n, from, to);
  for (auto _ : state) benchmark::DoNotOptimize(ng::generalized_grundy(g));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(m));
  state.counters["edges"] = double(m);
}
BENCHMARK(GrundyLoopy)
    ->Args({1'000'000, 2})
    ->Args({1'000'000, 256})
    ->Args({10'000'000, 2})
    ->Unit(benchmark::kMillisecond);

void ReadGameFile(benchmark::State& state) {
  const std::string text = ng::write_game_graph(random_graph(200'000, 1'000'000, false));
  for (auto _ : state) benchmark::DoNotOptimize(ng::read_game_graph(text));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
BENCHMARK(ReadGameFile)->Unit(benchmark::kMillisecond);

// Dawson's Kayles to 10^6 terms with its period proved (the remaining terms follow from it).
void DawsonsKaylesMillion(benchmark::State& state) {
  const auto game = ng::heap_game::from_string("0.07");
  for (auto _ : state) {
    auto s = ng::grundy_sequence_of(game, 1'000'000);
    if (!s.period) state.SkipWithError("period not proved");
    benchmark::DoNotOptimize(s.values.size());
  }
}
BENCHMARK(DawsonsKaylesMillion)->Unit(benchmark::kMillisecond);

// Every term by mex, no period used: the engines themselves, range(0) terms on range(1)
// threads (the sparse engine's verification runs on them).
void HeapEngine(benchmark::State& state, const char* code, ng::sequence_options::method m) {
  const auto game = ng::heap_game::from_string(code);
  const auto terms = std::uint64_t(state.range(0));
  ng::sequence_options options;
  options.use_period = false;
  options.engine = m;
  options.threads = unsigned(state.range(1));
  state.counters["threads"] = double(options.threads);
  for (auto _ : state)
    benchmark::DoNotOptimize(ng::grundy_sequence_of(game, terms, options).values.size());
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(terms));
}
using method = ng::sequence_options::method;
BENCHMARK_CAPTURE(HeapEngine, grundy_naive, "grundy", method::naive)->Args({1 << 15, 1})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(HeapEngine, grundy_sparse, "grundy", method::automatic)
    ->Args({1 << 15, 1})->Args({1 << 20, 1})->Unit(benchmark::kMillisecond);
// One thread against two, the same code: the scaling of the speculate-and-verify engine
// (wall time: UseRealTime, as the second thread's CPU is not the caller's).
BENCHMARK_CAPTURE(HeapEngine, grundy_threads, "grundy", method::automatic)
    ->Args({1 << 20, 1})->Args({1 << 20, 2})->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(HeapEngine, officers_threads, "0.6", method::automatic)
    ->Args({1 << 20, 1})->Args({1 << 20, 2})->UseRealTime()->Unit(benchmark::kMillisecond);
// The store's two layouts for values from 256 on, one thread: two bytes a term (range(1) = 0)
// against one parity-packed byte (range(1) = 1). Officers' values pass 255 near term 10,000.
void HeapLayout(benchmark::State& state, const char* code) {
  const auto game = ng::heap_game::from_string(code);
  const auto terms = std::uint64_t(state.range(0));
  ng::sequence_options options;
  options.use_period = false;
  options.threads = 1;
  options.parity_from = state.range(1) != 0 ? 0 : ~std::uint64_t(0);
  state.counters["packed"] = double(state.range(1));
  for (auto _ : state) {
    const auto s = ng::grundy_sequence_of(game, terms, options);
    if (s.values.parity_packed() != (state.range(1) != 0)) state.SkipWithError("not the layout asked for");
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(terms));
}
BENCHMARK_CAPTURE(HeapLayout, officers, "0.6")->Args({1 << 20, 0})->Args({1 << 20, 1})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(HeapEngine, dawson_naive, "0.07", method::naive)->Args({1 << 15, 1})->Unit(benchmark::kMillisecond);
// A game with no sparse space: the dense engine (the automatic choice) against the definition
// term by term (method::naive), one thread.
BENCHMARK_CAPTURE(HeapEngine, dense_0_106, "0.106", method::automatic)
    ->Args({1 << 16, 1})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(HeapEngine, naive_0_106, "0.106", method::naive)->Args({1 << 16, 1})->Unit(benchmark::kMillisecond);

void GridWinningMove(benchmark::State& state) {
  std::mt19937_64 rng(7);
  const ng::coin_product rule{ng::coin_rule::mock_turtles, ng::coin_rule::ruler};
  std::vector<std::vector<ng::coin_cell>> positions(256);
  for (auto& p : positions)
    for (int i = 0; i < 3; ++i) p.push_back({rng() >> 40, 1 + (rng() >> 40)});
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ng::grid_winning_move(rule, positions[i++ & 255]));
}
BENCHMARK(GridWinningMove);

// The misère outcome of a 5-heap position of Dawson's Kayles from its quotient to heap 30
// (built once, outside the timing): the product of the heaps' elements and a P-portion lookup.
void MisereQuotientOutcome(benchmark::State& state) {
  const auto q = ng::misere_quotient::compute(ng::heap_game::from_string("0.07"), 30);
  std::mt19937_64 rng(5);
  std::vector<std::array<std::uint64_t, 5>> positions(1024);
  for (auto& p : positions)
    for (auto& h : p) h = rng() % 31;
  std::size_t i = 0, wins = 0;
  for (auto _ : state) wins += q.next_player_wins(positions[i++ % positions.size()]);
  benchmark::DoNotOptimize(wins);
}
BENCHMARK(MisereQuotientOutcome);

}  // namespace

BENCHMARK_MAIN();
