// The command under stress: exit statuses, the memory budget, --output written whole or not at
// all, checkpoints that survive a killed run, and input files that change while they are read.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "progress.hpp"
#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliExitStatus, DistinctForAnswerNoAnswerAndBadInput) {
  EXPECT_EQ(run({"mul", "5", "11"}).status, 0);
  EXPECT_EQ(run({"log", "1", "2"}).status, 1);  // no logarithm exists
  EXPECT_EQ(run({"mul", "5", "x"}).status, 2);
  EXPECT_EQ(run({"div", "5", "0"}).status, 2);
  const result help = run({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("3 internal error"), std::string::npos) << help.out;
}

TEST(CliMemory, RequestsBeyondTheBudgetAreRefused) {
  // A heap run needs its values, at most 4 bytes a term (its output is written as it goes).
  expect_resource_error({"heap", "0.07", "--terms", "4294967296", "--max-memory", "8G"},
                        "4294967296 terms of 0.07 needs 16 GiB of memory; 8.0 GiB may be used");
  expect_resource_error({"heap", "grundy", "--terms", "4294967296", "--max-memory", "8G"},
                        "4294967296 terms of grundy needs ");
  expect_resource_error({"heap", "0.07", "--terms", "1000", "--max-memory", "1K"},
                        "1000 terms of 0.07 needs 3.9 KiB of memory; 1.0 KiB may be used");
  expect_output({"heap", "0.07", "--terms", "5", "--max-memory", "1M"}, "0 0 1 1 2\n");
  // Sizes: a number with K, M, G or T (powers of 1024), optionally followed by B or iB.
  expect_output({"mul", "2", "3", "--max-memory", "64MiB"}, "1\n");
  expect_output({"mul", "2", "3", "--max-memory", "1g"}, "1\n");
  expect_output({"mul", "2", "3", "--max-memory", "4096B"}, "1\n");
  const std::string expected = "expected a size such as 4G, 512M, 64K or a number of bytes";
  for (const std::string bad : {"", "0", "1x", "-5", "G", "99999999999T", "4 G", "1iB", "2KB B"})
    expect_error({"mul", "2", "3", "--max-memory", bad}, "--max-memory: '" + bad + "': " + expected);
}

TEST(CliMemory, GameFileHeadersAreCheckedBeforeAllocating) {
  temp_file f;
  std::ofstream(f.path) << "4294967295 0\n";
  const result r = run({"game", "grundy", f.path});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("4294967295 positions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--max-memory"), std::string::npos) << r.err;
}

TEST(CliOutputFile, HoldsTheWholeResultOrIsLeftAsItWas) {
  temp_dir dir;
  const std::string file = dir.path + "/out.txt";
  expect_output({"mul", "5", "11", "--output", file}, "");
  EXPECT_EQ(read_file(file), "12\n");
  // A failed run leaves the file as it was, and no temporary file beside it.
  EXPECT_EQ(run({"mul", "5", "x", "--output", file}).status, 2);
  EXPECT_EQ(read_file(file), "12\n");
  EXPECT_EQ(dir.files(), std::vector<std::string>{"out.txt"});
  // A run with no answer writes its (empty) result.
  EXPECT_EQ(run({"log", "1", "2", "--output", file}).status, 1);
  EXPECT_EQ(read_file(file), "");
  expect_error({"mul", "1", "2", "--output", dir.path}, "cannot write '" + dir.path + "': it is a directory");
  expect_error({"mul", "1", "2", "--output", dir.path + "/none/x"},
               "cannot write '" + dir.path + "/none/x': No such file or directory");
  // The batch command writes its products straight to the destination, through it too.
  expect_output({"batch", "--output", file}, "", "2\n5 11\n8 8\n");
  EXPECT_EQ(read_file(file), "12\n13\n");
  EXPECT_EQ(dir.files(), std::vector<std::string>{"out.txt"});
}

// Runs `args` to the end, stopping it (SIGTERM or SIGKILL, at random moments) and resuming it
// with --resume until it completes; returns the final run's result. A stopped run prints
// nothing, unless the signal came while or after it wrote its result (`whole`), in one write
// that a fatal signal may cut short (a write to a file stops at one): what it printed is then
// the start of `whole`, never anything else.
result run_with_interruptions(const std::vector<std::string>& args, const std::string& whole,
                              std::mt19937& random, int& interruptions) {
  std::vector<std::string> resumed = args;
  resumed.push_back("--resume");
  for (int attempt = 0;; ++attempt) {
    auto p = start(attempt == 0 ? args : resumed);
    if (attempt >= 3) return finish(*p);  // enough: let it complete
    std::this_thread::sleep_for(std::chrono::milliseconds(20 + random() % 200));
    const int signal = random() % 2 ? SIGTERM : SIGKILL;
    kill(p->pid, signal);
    const result r = finish(*p);
    if (r.status == 0) return r;  // it had finished before the signal
    EXPECT_EQ(r.status, 128 + signal) << r.err;
    EXPECT_TRUE(whole.starts_with(r.out)) << r.out;
    ++interruptions;
  }
}

// Runs `plain` with a checkpoint saved after every step, interrupted and resumed, twice: each
// final run prints what `plain` prints and leaves no checkpoint behind.
void expect_resumed_runs_print_as(const std::vector<std::string>& plain, std::uint32_t seed) {
  temp_dir dir;
  std::vector<std::string> args = plain;
  args.insert(args.end(), {"--checkpoint", dir.path + "/run.ckpt", "--checkpoint-every", "0"});
  const result whole = run(plain);
  ASSERT_EQ(whole.status, 0);
  std::mt19937 random(seed);
  int interruptions = 0;
  for (int trial = 0; trial < 2; ++trial) {
    const result r = run_with_interruptions(args, whole.out, random, interruptions);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.out == whole.out) << "trial " << trial;
    EXPECT_TRUE(dir.files().empty()) << "the checkpoint is removed once the output is whole";
  }
  EXPECT_GT(interruptions, 0);
}

TEST(CliCheckpoint, ResumedRunsPrintWhatAnUninterruptedRunPrints) {
  expect_resumed_runs_print_as({"heap", "grundy", "--terms", "600000", "--format", "csv"}, 20261124);
}

TEST(CliCheckpoint, ResumedMisereQuotientsPrintWhatAnUninterruptedRunPrints) {
  // 4.07 to heap 34, whose quotient changes at every odd heap from 11: about half a second.
  expect_resumed_runs_print_as({"misere", "4.07", "--heaps", "34", "--format", "json"}, 20261127);
}

TEST(CliCheckpoint, DamagedOrForeignCheckpointsAreRefused) {
  temp_dir dir;
  const std::string checkpoint = dir.path + "/run.ckpt";
  const std::vector<std::string> args{"heap", "0.07", "--terms", "300", "--checkpoint", checkpoint, "--resume"};
  // No checkpoint yet: --resume starts from the beginning.
  const result fresh = run(args);
  EXPECT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(fresh.out, run({"heap", "0.07", "--terms", "300"}).out);
  std::ofstream(checkpoint) << "hello\n";
  expect_error(args, "--resume: '" + checkpoint + "': expected a checkpoint of this command (it is not a nimber checkpoint)");
  std::ofstream(checkpoint) << "nimber checkpoint 1\ncommand heap 0.07 --terms 301 --checkpoint " + checkpoint +
                                   "\nwords 0\nfnv1a64 0\n";
  expect_error(args, "--resume: '" + checkpoint + "': expected a checkpoint of this command (it belongs to 'nimber heap 0.07 --terms 301 --checkpoint " + checkpoint + "')");
  std::ofstream(checkpoint) << "nimber checkpoint 1\ncommand heap 0.07 --terms 300 --checkpoint " + checkpoint +
                                   "\nwords 1\nfnv1a64 0123456789abcdef\nabcd";
  expect_error(args, "--resume: '" + checkpoint + "': expected a checkpoint of this command (its checksum does not match: the file is damaged)");
  // Fewer or more bytes than the words the header counts, and a header cut short.
  for (const std::string tail : {"\nwords 2\nfnv1a64 0123456789abcdef\nabcd", "\nwords 1\nfnv1a64 0123456789abcdef\nabcde",
                                 "\nwords 1\nfnv1a64 0123456789abcdef\nab", "\nwords 1\n"}) {
    std::ofstream(checkpoint) << "nimber checkpoint 1\ncommand heap 0.07 --terms 300 --checkpoint " + checkpoint + tail;
    const std::string what = tail == "\nwords 1\n" ? "its header is damaged" : "its checksum does not match: the file is damaged";
    expect_error(args, "--resume: '" + checkpoint + "': expected a checkpoint of this command (" + what + ")");
  }
  expect_error({"heap", "0.07", "--terms", "30", "--resume"},
               "--resume: end of arguments: expected --checkpoint FILE beside it (the file to resume from)");
}

// A batch file truncated while nimber reads it: an error or the whole answer, never a signal.
TEST(CliBatch, AFileTruncatedWhileReadGivesAnErrorNotASignal) {
  constexpr int pairs = 1'500'000;
  std::string content = std::to_string(pairs) + "\n";
  std::mt19937_64 values(7);
  for (int i = 0; i < pairs; ++i) content += std::to_string(values()) + ' ' + std::to_string(values()) + '\n';
  temp_file input;
  std::mt19937 random(11);
  int truncated = 0;
  for (int trial = 0; trial < 6; ++trial) {
    std::ofstream(input.path, std::ios::binary | std::ios::trunc) << content;
    auto p = start({"batch", input.path});
    std::this_thread::sleep_for(std::chrono::microseconds(random() % 150'000));
    ASSERT_EQ(truncate(input.path.c_str(), off_t(content.size() / 2)), 0);
    const result r = finish(*p);
    if (r.status == 0) {
      EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), pairs);
    } else {
      ++truncated;
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    }
  }
  std::printf("truncated while read in %d of 6 runs\n", truncated);
}

}  // namespace

namespace {

// --progress shows the line even into a file (here: a temporary file as stderr); by default a
// non-terminal stderr gets none, and --quiet never.
TEST(CliProgress, ForcedShownElseSilent) {
  const std::string m = "1 2\n3 4\n";
  const result forced = cli_test::run({"matrix", "rank", "--progress"}, m);
  EXPECT_EQ(forced.status, 0);
  EXPECT_EQ(forced.out, "2\n");
  EXPECT_EQ(forced.err.rfind("nimber matrix rank: ", 0), 0u) << forced.err;
  EXPECT_EQ(cli_test::run({"matrix", "rank"}, m).err, "");
  EXPECT_EQ(cli_test::run({"matrix", "rank", "--progress", "--quiet"}, m).err, "");
  const result heap = cli_test::run({"heap", "0.07", "--terms", "70", "--progress"});
  EXPECT_EQ(heap.err.rfind("nimber heap 0.07: ", 0), 0u) << heap.err;
  EXPECT_NE(heap.err.find("terms"), std::string::npos) << heap.err;
}

// A count that goes back (a second candidate's power under the same label) is a new pass
// whose rate is measured afresh: its first line, like the stage's first, knows no rate yet.
// The meter in-process, on a captured (non-terminal) stderr, a line a second.
TEST(CliProgress, CountGoingBackStartsTheRateAfresh) {
  testing::internal::CaptureStderr();
  {
    nimber::cli::progress_meter meter(nimber::cli::progress_mode::always, "pass", "steps");
    meter(0, 100);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    meter(50, 100);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    meter(10, 100);
  }
  const std::string err = testing::internal::GetCapturedStderr();
  std::vector<std::string> lines;
  for (std::size_t at = 0, end; (end = err.find('\n', at)) != std::string::npos; at = end + 1)
    lines.push_back(err.substr(at, end - at));
  ASSERT_EQ(lines.size(), 3u) << err;
  EXPECT_EQ(lines[0], "pass: 0 of 100 steps (0%), time left unknown ");
  EXPECT_NE(lines[1].find(" steps/s, "), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2], "pass: 10 of 100 steps (10%), time left unknown ");
}

}  // namespace
