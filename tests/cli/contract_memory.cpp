// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Resources: --max-memory honoured before allocating, GMP's allocation failures, and the
// progress of long runs.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "runner.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define NIMBER_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NIMBER_TEST_ASAN 1
#endif
#endif

namespace {

using namespace cli_test;

// Out of memory while running: one line naming the budget, status 2, nothing on stdout.
void expect_out_of_memory(const result& r) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nimber: error: out of memory: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--max-memory"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

// Waits at most `limit` for p, then kills it: a run that waits for input it does not need
// fails the test instead of hanging it.
result finish_within(process& p, std::chrono::seconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  int wstatus = 0;
  while (waitpid(p.pid, &wstatus, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > end) {
      kill(p.pid, SIGKILL);
      ADD_FAILURE() << "still running after " << limit.count() << " s";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  p.pid = -1;
  result r;
  r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  r.out = read_file(p.out.path);
  r.err = read_file(p.err.path);
  return r;
}

TEST(ContractMemory, CommandsEstimateBeforeAllocating) {
  expect_resource_error({"table", "4096", "--max-memory", "10M"}, "a table of 4096 x 4096 needs ");
  expect_resource_error({"table", "4096", "--format", "csv", "--max-memory", "10M"}, "a table of 4096 x 4096 needs ");
  expect_resource_error({"bench", "--n", "16777216", "--max-memory", "1M"}, "timing 16777216 pairs needs 384 MiB");
  expect_resource_error({"bench", "--bits", "67108864", "--max-memory", "100M"},
                        "a product of two 67108864-bit nimbers needs ");
  // x^65536 + x: the table of x^(2k) mod f alone is 3 * 32768 * 65536 bytes in GF(2^8).
  std::vector<std::string> solve{"solve", "1"};
  for (int i = 0; i < 65534; ++i) solve.push_back("0");
  for (const char* s : {"1", "0", "--max-memory", "100M"}) solve.push_back(s);
  expect_resource_error(solve, "finding the roots of a polynomial of degree 65536 in GF(2^8) needs 6.0 GiB");
  // Small runs still fit small budgets.
  expect_output({"table", "4", "--format", "csv", "--max-memory", "1M"}, "0,0,0,0\n0,1,2,3\n0,2,3,1\n0,3,1,2\n");
  expect_output({"solve", "1", "1", "1", "--max-memory", "1M"}, "2\n3\n");
}

TEST(ContractMemory, MatricesAreRefusedFromTheirShape) {
  temp_dir dir;
  const std::string file = dir.path + "/m.txt";
  {
    std::ofstream out(file);
    std::mt19937 random(7);
    for (int i = 0; i < 700; ++i, out << '\n')
      for (int j = 0; j < 700; ++j) out << random() % 65536 << ' ';
  }
  expect_resource_error({"matrix", "inverse", file, "--max-memory", "1M"}, "argument 2: '" + file + "' needs ");
  expect_resource_error({"matrix", "inverse", file, "--max-memory", "8M"}, "a 700 x 700 matrix needs ");
  expect_resource_error({"matrix", "inverse", file, "--max-memory", "16M"},
                        "nimber matrix inverse of a 700 x 700 matrix needs ");
  EXPECT_EQ(run({"matrix", "rank", file, "--max-memory", "64M"}).status, 0);
}

TEST(ContractMemory, ReadsStopAtTheBudget) {
  expect_resource_error({"mul", "@/dev/zero", "3", "--max-memory", "20M"},
                        "argument 1: '@/dev/zero' needs more than 20 MiB of memory; 20 MiB may be used");
  temp_dir dir;
  const std::string file = dir.path + "/big.txt";
  std::ofstream(file) << std::string(3 << 20, '1');
  expect_resource_error({"add", "@" + file, "1", "--max-memory", "2M"},
                        "argument 1: '@" + file + "' needs 3.0 MiB of memory; 2.0 MiB may be used");
}

TEST(ContractMemory, GameFilesAreRefusedFromTheirHeaderBeforeTheEnd) {
  // Standard input is a FIFO whose writer never closes it: a run that waited for the end of
  // its input would never finish.
  temp_dir dir;
  const std::string fifo = dir.path + "/in";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const int writer = open(fifo.c_str(), O_RDWR);
  ASSERT_GE(writer, 0);
  const std::string header = "# a game too large\n4294967295 0\n0\n";
  ASSERT_EQ(write(writer, header.data(), header.size()), ssize_t(header.size()));
  auto p = start({"game", "grundy", "-"}, "", fifo);
  const result r = finish_within(*p, std::chrono::seconds(60));
  close(writer);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nimber: error: a game of 4294967295 positions and 0 moves needs ", 0), 0u) << r.err;
}

TEST(ContractMemory, MisereSumsSearchAsFarAsTheBudgetHolds) {
  // Four positions on a cycle: a sum of 8 of them reaches C(11, 3) = 165 sums.
  const std::string cycle = "4 4\n0 1\n1 2\n2 3\n3 0\n";
  const std::vector<std::string> args{"game", "outcome", "-", "--misere", "--sum", "0,0,0,0,0,0,0,0"};
  std::vector<std::string> tight = args;
  for (const char* s : {"--max-memory", "4K"}) tight.push_back(s);
  const result r = run(tight, cycle);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nimber: error: the misère sum of 8 components reaches more than ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("(--max-memory)"), std::string::npos) << r.err;
  const result roomy = run(args, cycle);
  EXPECT_EQ(roomy.status, 0) << roomy.err;
  EXPECT_NE(roomy.out.find("sum 0 + 0 + 0 + 0 + 0 + 0 + 0 + 0: draw (misère play, 165 sums searched)"), std::string::npos)
      << roomy.out;
}

TEST(ContractMemory, RunawayAllocationsEndInOneLine) {
  // An ordinal inverse whose estimate is unknown, and big decimal conversion through GMP.
  expect_out_of_memory(run({"inv", "w^(w^50) + 1", "--max-memory", "64M"}));
  expect_out_of_memory(run({"add", "2^300000000", "1", "--max-memory", "100M"}));
}

TEST(ContractMemory, AlphaRefusesAFieldPastTheBudgetBeforeComputingIt) {
  expect_resource_error({"alpha", "839", "--verify", "--max-memory", "1G"},
                        "alpha_839, in a field of 15762780 bits, needs 5.6 GiB of memory; 1.0 GiB may be used");
  expect_resource_error({"alpha", "719", "--threads", "1", "--max-memory", "1G"},
                        "alpha_359, in a field of 3504820 bits, needs 1.3 GiB");
}

TEST(ContractMemory, LongRunsShowProgress) {
  // alpha: the primes done, then each prime's power test, bit by bit of its exponent.
  const result alpha = run({"alpha", "263", "--verify", "--progress"});
  EXPECT_EQ(alpha.status, 0) << alpha.err;
  EXPECT_EQ(alpha.out.rfind("alpha_263 = w^(w^30) + 1", 0), 0u) << alpha.out;
  EXPECT_NE(alpha.err.find("nimber alpha: 0 of 5 primes"), std::string::npos) << alpha.err;
  EXPECT_NE(alpha.err.find("nimber alpha: alpha_263, power test: "), std::string::npos) << alpha.err;
  EXPECT_NE(alpha.err.find(" of 123 exponent bits"), std::string::npos) << alpha.err;
  // Work with no steps to count: the time so far.
  const result inv = run({"inv", "w^(w^45)", "--progress"});
  EXPECT_EQ(inv.status, 0) << inv.err;
  EXPECT_EQ(inv.err.rfind("nimber inv: 0 s so far\n", 0), 0u) << inv.err;
  EXPECT_EQ(run({"inv", "w^(w^45)", "--progress", "--quiet"}).err, "");
}

#ifndef NIMBER_TEST_ASAN  // ASan reserves terabytes of address space: ulimit -v stops it at once
TEST(ContractMemory, AnAddressSpaceLimitIsTheDefaultBudget) {
  // GMP's own abort ("GNU MP: Cannot allocate memory", status 134) must never show.
  const std::string command = "ulimit -v 400000; exec '" NIMBER_CLI "' add 2^300000000 1";
  temp_file out, err;
  const std::string shell = "sh -c \"" + command + "\" > " + out.path + " 2> " + err.path;
  const int status = std::system(shell.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  result r;
  r.status = WEXITSTATUS(status);
  r.out = read_file(out.path);
  r.err = read_file(err.path);
  expect_out_of_memory(r);
}
#endif

}  // namespace
