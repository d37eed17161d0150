// The ordinal operands of the arithmetic commands and `nimber alpha`.
#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliOrdinal, Arithmetic) {
  expect_output({"mul", "w", "w", "w"}, "2\n");
  expect_output({"mul", "ω", "ω"}, "w^2\n");
  expect_output({"mul", "w^(w^2)", "w^(w^2)*1", "w^(w^2)", "w^(w^2)", "w^(w^2)", "w^(w^2)", "w^(w^2)"}, "w + 1\n");
  expect_output({"add", "w^w + 1", "w + 1"}, "w^w + w\n");
  expect_output({"inv", "w"}, "w^2*3\n");
  expect_output({"div", "2", "w"}, "w^2\n");
  expect_output({"sqrt", "w"}, "w^2*2\n");  // (w^2*2)^2 = w^4*3 = w*2*3 = w
  expect_output({"pow", "w", "3"}, "2\n");
  expect_output({"pow", "w", "-1"}, "w^2*3\n");
  expect_output({"mul", "w", "5"}, "w*5\n");
  expect_output({"mul", "w", "5", "--format", "json"}, "{\"product\":\"w*5\"}\n");
  // Plain numbers keep the number path (and --hex).
  expect_output({"mul", "8", "8"}, "13\n");
}

TEST(CliOrdinal, Errors) {
  expect_error({"mul", "w", "w^"}, "argument 2: position 3: 'end of text': expected a number, 'w' or '('");
  expect_error({"add", "w", "3w"},
               "argument 2: position 1: '3w': expected a number (decimal, 0x hex or 0b binary), 'w' or '('");
  expect_error({"inv", "w + w"}, "argument 1: 'w + w': expected a nonzero ordinal (0 has no inverse)");
  expect_error({"pow", "w", "x"}, "argument 2: 'x': expected an exponent between -2^63 and 2^63 - 1 (the base is an ordinal)");
  expect_error({"mul", "w^(w^500*3582)", "w^(w^500)"},  // odd_prime(500) = 3583
               "argument 2: 'w^(w^500)': expected an ordinal whose arithmetic needs only alphas within reach: "
               "alpha_3583 is not in the library's table, and its field is too large to compute on first use "
               "(nimber alpha computes it)");
}

TEST(CliOrdinal, Alpha) {
  const result seven = run({"alpha", "7"});
  EXPECT_EQ(seven.status, 0);
  EXPECT_EQ(seven.out.substr(0, seven.out.find(", excess")), "alpha_7 = w + 1  (order of 2: 3, E = 6");
  const result r = run({"alpha", "--primes", "3..19", "--format", "csv", "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "p,order,degree,alpha,excess,source,seconds");
  EXPECT_NE(r.out.find("\n13,12,12,w + 4,0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n19,18,36,w^3 + 4,4,"), std::string::npos) << r.out;
  // Several primes: the table's as they are, the others computed together, by increasing p.
  const result several = run({"alpha", "151", "7", "139", "7", "--format", "csv", "--quiet", "--verify"});
  EXPECT_EQ(several.status, 0) << several.err;
  EXPECT_EQ(several.out.substr(0, several.out.find(",0.")),
            "p,order,degree,alpha,excess,source,seconds\n7,3,6,w + 1,1,table")
      << several.out;
  EXPECT_NE(several.out.find("\n139,138,15180,w^(w^7) + w,0,"), std::string::npos) << several.out;
  EXPECT_NE(several.out.find("\n151,15,60,w^w + w,0,"), std::string::npos) << several.out;
  EXPECT_EQ(std::count(several.out.begin(), several.out.end(), '\n'), 4) << several.out;
  expect_error({"alpha", "9"}, "argument 1: '9': expected an odd prime");
  expect_error({"alpha", "7", "15"}, "argument 2: '15': expected an odd prime");
  expect_error({"alpha", "--primes", "3-7"}, "--primes: '3-7': expected a range A..B, e.g. 3..257");
}

// A frontier file's entry as it is, recomputed with --verify, and refused when it disagrees.
TEST(CliOrdinal, AlphaFrontierFile) {
  // The SHA-256 of alpha_139's certificate text, by sha256sum of the third field of
  // `nimber alpha --primes 139..139 --data`.
  const std::string hash = "6f48349bc324cc5f9fe54d9a9c1734e93f071a4ffae762b44be38addf96be26e";
  const std::string line = "139 138 15180 0 0.5 1000 ; w^(w^7) + w ; ";
  temp_file good, short_hash, wrong, bad;
  std::ofstream(good.path) << "# p f E ...\n" << line << hash << " ; here\n";
  std::ofstream(short_hash.path) << line << hash.substr(0, 16) << " ; here\n";
  std::ofstream(wrong.path) << line << "0123456789abcdef ; here\n";
  std::ofstream(bad.path) << "# p f E ...\n" << line << "; here\n";
  expect_output({"alpha", "139", "--frontier", good.path, "--format", "csv"},
                "p,order,degree,alpha,excess,source,seconds\n139,138,15180,w^(w^7) + w,0,frontier,0.500000\n");
  const result json = run({"alpha", "139", "--frontier", short_hash.path, "--format", "json"});
  EXPECT_NE(json.out.find("\"certificate_sha256\":\"" + hash.substr(0, 16) + "\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"certificate\":null"), std::string::npos) << json.out;
  for (const temp_file* f : {&good, &short_hash}) {
    const result r = run({"alpha", "139", "--frontier", f->path, "--verify", "--format", "csv", "--quiet"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\n139,138,15180,w^(w^7) + w,0,\"frontier, verified\","), std::string::npos) << r.out;
  }
  const result json_verified = run({"alpha", "139", "--frontier", good.path, "--verify", "--format", "json", "--quiet"});
  EXPECT_NE(json_verified.out.find("\"certificate_sha256\":\"" + hash + "\""), std::string::npos);
  expect_error({"alpha", "139", "--frontier", wrong.path, "--verify", "--quiet"},
               "alpha 139 --verify: the certificate's SHA-256 is " + hash + ", the frontier file has 0123456789abcdef");
  expect_error({"alpha", "139", "--frontier", wrong.path, "--verify", "--data", "--quiet"},
               "alpha 139 --verify: the certificate's SHA-256 is " + hash + ", the frontier file has 0123456789abcdef");
  expect_error({"alpha", "139", "--frontier", bad.path},
               "--frontier " + bad.path +
                   ": alpha frontier: line 2: expected 16 to 64 lower-case hex digits of SHA-256 as the third field");
  expect_error({"alpha", "139", "--frontier", "/nonexistent/frontier"},
               "--frontier: '/nonexistent/frontier': expected a readable file");
  expect_error({"alpha", "--primes", "3..7", "--verify"},
               "alpha: --verify, --second-proof and --frontier go with primes P, not with --primes");
  // The second proof: the same certificate by the plain power, against the line's hash.
  const result second = run({"alpha", "139", "--frontier", short_hash.path, "--second-proof", "--format", "csv", "--quiet"});
  EXPECT_EQ(second.status, 0) << second.err;
  EXPECT_NE(second.out.find("\n139,138,15180,w^(w^7) + w,0,\"frontier, second proof\","), std::string::npos) << second.out;
  expect_error({"alpha", "139", "--frontier", wrong.path, "--second-proof", "--quiet"},
               "alpha 139 --second-proof: the plain power's certificate has SHA-256 " + hash +
                   ", the frontier file has 0123456789abcdef");
  const result both = run({"alpha", "7", "131", "--second-proof", "--verify", "--format", "csv", "--quiet"});
  EXPECT_EQ(both.status, 0) << both.err;
  EXPECT_NE(both.out.find("\n7,3,6,w + 1,1,\"table, second proof\","), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("\n131,130,780,w^(w^4) + w^w,0,\"table, second proof\","), std::string::npos) << both.out;
  expect_error({"alpha", "--primes", "3..7", "--second-proof"},
               "alpha: --verify, --second-proof and --frontier go with primes P, not with --primes");
}

TEST(CliOrdinal, AlphaCheckpoint) {
  temp_file ckpt;
  std::remove(ckpt.path.c_str());
  const result first = run({"alpha", "--primes", "3..23", "--checkpoint", ckpt.path, "--format", "csv", "--quiet"});
  const result again = run({"alpha", "--primes", "3..23", "--checkpoint", ckpt.path, "--format", "csv", "--quiet"});
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(first.out, again.out);  // the second run reads every entry back, times included
  // Any alpha run may go on from the checkpoint, whatever its range or thread count.
  const result part = run({"alpha", "--primes", "11..19", "--threads", "2", "--checkpoint", ckpt.path, "--format",
                           "csv", "--quiet"});
  EXPECT_EQ(part.status, 0) << part.err;
  EXPECT_EQ(part.out, "p,order,degree,alpha,excess,source,seconds\n" +
                          first.out.substr(first.out.find("\n11,"), first.out.find("\n23,") - first.out.find("\n11,")).substr(1) + "\n")
      << part.out;
}

// A second proof recorded in the checkpoint is not done again: the next run shows its hash
// alone, without the certificate the first run printed.
TEST(CliOrdinal, AlphaSecondProofCheckpoint) {
  temp_file ckpt;
  std::remove(ckpt.path.c_str());
  const std::vector<std::string> command{"alpha", "139", "--second-proof", "--checkpoint", ckpt.path,
                                         "--format", "json", "--quiet"};
  const result first = run(command);
  const result again = run(command);
  ASSERT_EQ(first.status, 0) << first.err;
  ASSERT_EQ(again.status, 0) << again.err;
  const std::string hash = "\"certificate_sha256\":\"6f48349bc324cc5f9fe54d";
  EXPECT_NE(first.out.find(hash), std::string::npos) << first.out;
  EXPECT_NE(again.out.find(hash), std::string::npos) << again.out;
  EXPECT_NE(first.out.find("\"certificate\":\"w^"), std::string::npos) << first.out;
  EXPECT_EQ(again.out.find("\"certificate\":\"w^"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("frontier, second proof"), std::string::npos) << again.out;
}

// SIGTERM during a second proof saves its squarings; the same command goes on from them and
// prints the row an uninterrupted run prints.
TEST(CliOrdinal, AlphaSecondProofStopsAndResumes) {
  temp_file ckpt;
  std::remove(ckpt.path.c_str());
  const std::vector<std::string> command{"alpha", "1277", "--second-proof", "--checkpoint", ckpt.path,
                                         "--threads", "1", "--format", "csv", "--progress"};
  auto p = start(command);
  bool squaring = false;
  for (const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
       !squaring && std::chrono::steady_clock::now() < deadline;
       std::this_thread::sleep_for(std::chrono::milliseconds(5)))
    squaring = read_file(p->err.path).find("plain power") != std::string::npos;
  ASSERT_TRUE(squaring);
  kill(p->pid, SIGTERM);
  const result stopped = finish(*p);
  EXPECT_EQ(stopped.status, 128 + SIGTERM) << stopped.err;
  EXPECT_EQ(stopped.out, "");
  const std::string saved = "nimber: stopped: alpha_1277's second proof saved in " + ckpt.path + " after ";
  const std::size_t at = stopped.err.find(saved);
  ASSERT_NE(at, std::string::npos) << stopped.err;
  const std::uint64_t squarings = std::stoull(stopped.err.substr(at + saved.size()));
  EXPECT_GT(squarings, 0u);
  const result resumed = run(command);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  // Its progress starts where the stopped run saved.
  const std::string first = "plain power: " + std::to_string(squarings) + " of ";
  EXPECT_NE(resumed.err.find(first), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.out.find("\n1277,"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find(",\"frontier, second proof\","), std::string::npos) << resumed.out;
}

TEST(CliOrdinal, AlphaRangeAndThreads) {
  // A range brings only the primes it needs; the rows printed are those asked for, the same on
  // one thread and on two (the seconds aside).
  const auto strip_seconds = [](std::string s) {
    std::string r;
    for (std::size_t at = 0; at < s.size();) {
      const std::size_t end = s.find('\n', at);
      const std::string line = s.substr(at, end - at);
      r += line.substr(0, line.rfind(',')) + "\n";
      at = end + 1;
    }
    return r;
  };
  const result one = run({"alpha", "--primes", "40..110", "--threads", "1", "--format", "csv", "--quiet"});
  const result two = run({"alpha", "--primes", "40..110", "--threads", "2", "--format", "csv", "--quiet"});
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(strip_seconds(one.out), strip_seconds(two.out));
  EXPECT_EQ(one.out.find("\n37,"), std::string::npos);
  EXPECT_NE(one.out.find("\n41,20,20,w^w + 1,1,"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("\n107,106,8268,w^(w^14) + 1,1,"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("\n113,"), std::string::npos);
  expect_error({"alpha", "--primes", "3..7", "--threads", "x"}, "--threads: 'x': expected a thread count from 0 (one per core) to 1024");
}

}  // namespace
