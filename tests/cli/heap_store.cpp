// `nimber heap --store FILE`: runs killed with SIGKILL at seeded random moments and taken up
// again with --resume print what one uninterrupted run in memory prints, statistics included;
// stores of another code, cut short or damaged are refused with one error line.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

struct outcome {
  std::string out, stats;
};

// The run in memory, uninterrupted, and its wall time.
outcome in_memory(const std::string& code, const std::string& terms, const temp_dir& dir, double& seconds) {
  const std::string stats = dir.path + "/memory.stats";
  const auto start_time = std::chrono::steady_clock::now();
  const result r = run({"heap", code, "--terms", terms, "--stats", stats, "--quiet"});
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  EXPECT_EQ(r.status, 0) << r.err;
  return {r.out, read_file(stats)};
}

// The run into a store, killed at random moments before `seconds` up to `kills` times and
// taken up again each time, then left to complete. `hits`: the kills that found it running.
// A run done before the first kill (the machine was busier during the run in memory) is made
// again from no store, with half the time to the kills, a few times at most.
outcome killed_and_resumed(const std::string& code, const std::string& terms, const temp_dir& dir, double seconds,
                           unsigned kills, std::uint64_t seed, unsigned& hits) {
  const std::string store = dir.path + "/values.store", stats = dir.path + "/store.stats";
  const std::vector<std::string> args{"heap", code, "--terms", terms, "--store", store, "--resume",
                                      "--checkpoint-every", "0", "--stats", stats, "--quiet"};
  std::mt19937_64 rng(seed);
  hits = 0;
  for (unsigned k = 0, again = 0;; ++k) {
    auto p = start(args);
    if (k < kills) {
      ::usleep(useconds_t(20000 + rng() % std::uint64_t(seconds * 0.7e6 + 1)));
      ::kill(p->pid, SIGKILL);
    }
    const result r = finish(*p);
    if (r.status == 0 && hits == 0 && k < kills && again++ < 4) {
      std::filesystem::remove(store);
      seconds /= 2;
      k = ~0u;  // the next run is the first again
      continue;
    }
    if (r.status == 0) return {r.out, read_file(stats)};
    EXPECT_EQ(r.status, 128 + SIGKILL) << r.err;
    if (r.status != 128 + SIGKILL) return {};
    ++hits;
  }
}

// Grundy's game and Officers on the sparse engine, 0.106 on the dense one: byte for byte.
TEST(CliHeapStore, KilledAndResumedRunsPrintWhatOneRunPrints) {
  struct game {
    const char* code;
    const char* terms;
    std::uint64_t seed;
  };
  for (const game& g : {game{"grundy", "300000", 11}, game{"0.6", "200000", 12}, game{"0.106", "200000", 13}}) {
    const temp_dir dir;
    double seconds = 0;
    const outcome memory = in_memory(g.code, g.terms, dir, seconds);
    unsigned hits = 0;
    const outcome store = killed_and_resumed(g.code, g.terms, dir, seconds, 3, g.seed, hits);
    EXPECT_GE(hits, 1u) << g.code << ": no kill found the run running";
    EXPECT_TRUE(store.out == memory.out) << g.code;
    EXPECT_TRUE(store.stats == memory.stats) << g.code;
    EXPECT_GT(memory.out.size(), 100000u) << g.code;
    // The completed store goes on to more terms, and a run of the terms it holds computes none.
    const result again = run({"heap", g.code, "--terms", g.terms, "--store", dir.path + "/values.store", "--resume", "--quiet"});
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_TRUE(again.out == memory.out) << g.code;
  }
}

// Runs killed in their first tens of milliseconds, while the store is created and while it
// grows from one page to a mebibyte and on (each growth moves the exceptions and writes a
// header): every file left behind is taken up again (no header describes more file than there
// is) or is no store yet (a run killed before its first header leaves no FILE). Seeded; under
// the sanitizers, which start slowly, the first kill of a round often falls before that header.
TEST(CliHeapStore, RunsKilledWhileTheStoreGrowsLeaveAStoreToTakeUp) {
  const temp_dir dir;
  const std::string store = dir.path + "/values.store";
  const std::vector<std::string> args{"heap", "0.106", "--terms", "200000", "--store", store, "--resume",
                                      "--checkpoint-every", "0", "--quiet"};
  std::mt19937_64 rng(14);
  for (int round = 0; round < 40; ++round) {
    std::filesystem::remove(store);
    std::filesystem::remove(store + ".create");
    for (int k = 0; k < 6; ++k) {
      auto p = start(args);
      ::usleep(useconds_t(10000 + rng() % 80000));
      ::kill(p->pid, SIGKILL);
      const result r = finish(*p);
      ASSERT_TRUE(r.status == 0 || r.status == 128 + SIGKILL) << "round " << round << ": " << r.err;
    }
  }
}

TEST(CliHeapStore, UnfitStoresAreRefused) {
  const temp_dir dir;
  const std::string store = dir.path + "/g.store";
  ASSERT_EQ(run({"heap", "grundy", "--terms", "100000", "--store", store, "--quiet"}).status, 0);
  expect_error({"heap", "grundy", "--terms", "100000", "--store", store},
               "--store: '" + store + "': expected a file that does not exist yet (--resume goes on from a store)");
  expect_error({"heap", "0.6", "--terms", "100000", "--store", store, "--resume"},
               "--store: '" + store + "': expected a store of 0.6 (it holds the values of grundy)");
  expect_error({"heap", "grundy", "--terms", "1000", "--store", store, "--resume"},
               "--resume: '" + store + "': expected a store of at most --terms terms (it holds 100000)");
  expect_error({"heap", "grundy", "--terms", "1000", "--store", store, "--checkpoint", dir.path + "/c"},
               "--checkpoint: '" + dir.path + "/c': expected no --checkpoint beside --store (the store is the checkpoint)");
  expect_error({"heap", "grundy", "--terms", "1000", "--store", "-"},
               "--store: '-': expected a file name (a store is not written to standard output)");
  ASSERT_EQ(::truncate(store.c_str(), 4096 + 1000), 0);
  const result cut = run({"heap", "grundy", "--terms", "100000", "--store", store, "--resume"});
  EXPECT_EQ(cut.status, 2);
  EXPECT_EQ(cut.out, "");
  EXPECT_EQ(cut.err.rfind("nimber: error: --store: '" + store + "': expected a whole store of ", 0), 0u) << cut.err;
  std::ofstream(store) << "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0\n";
  expect_error({"heap", "grundy", "--terms", "100000", "--store", store, "--resume"},
               "--store: '" + store + "': expected a store written by nimber heap --store (this file is not one)");
}

}  // namespace
