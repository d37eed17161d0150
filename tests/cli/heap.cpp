// `nimber heap` and `nimber coins` run as a subprocess: sequences against published values
// (OEIS), the three output formats, proved periods, sums of heaps, periodic subtraction sets,
// and one-line errors with an empty stdout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliHeap, SequencesMatchPublishedValues) {
  // Dawson's Kayles (OEIS A002187), Kayles (A002186), Grundy's game (A002188).
  expect_output({"heap", "0.07", "--terms", "20"}, "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3\n");
  expect_output({"heap", "0.77", "--terms", "20"}, "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2\n");
  expect_output({"heap", "grundy", "--terms", "21"},
                "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0\n");
  // Past 8192 terms Grundy's game switches to the sparse engine; its csv has a header and
  // one line per term.
  const result r = run({"heap", "grundy", "--terms", "20000", "--format", "csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 21), "n,grundy\n0,0\n1,0\n2,0\n");
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 20001);
}

TEST(CliHeap, FormatsAndPeriod) {
  expect_output({"heap", "0.07", "--terms", "4", "--format", "csv"}, "n,grundy\n0,0\n1,0\n2,1\n3,1\n");
  expect_output({"heap", "0.07", "--terms", "200", "--period", "--format", "json"},
                std::string("{\"game\":\"0.07\",\"terms\":200,\"values\":[") +
                    [] {
                      // The json values are the text output with commas.
                      std::string v = run({"heap", "0.07", "--terms", "200"}).out;
                      v.pop_back();
                      std::replace(v.begin(), v.end(), ' ', ',');
                      return v;
                    }() +
                    "],\"period\":{\"preperiod\":53,\"period\":34,\"proved_from_terms\":200}}\n");
  const result p = run({"heap", "subtraction:1,2,3", "--terms", "40", "--period"});
  EXPECT_NE(p.out.find("period 4, preperiod 0"), std::string::npos) << p.out;
  const result g = run({"heap", "grundy", "--terms", "100", "--period"});
  EXPECT_NE(g.out.find("none claimed"), std::string::npos) << g.out;
}

TEST(CliHeap, SumsOfHeaps) {
  // Kayles: G(5) = G(9) = G(12) = 4, so the sum is 4; each winning move leaves two equal
  // heaps (value 0) in one of them, the other two cancelling.
  expect_output({"heap", "0.77", "--terms", "20", "--heaps", "5,9,12"},
                "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2\n"
                "sum 5 + 9 + 12: value 4\n"
                "winning move: heap 1 (5) -> 2 + 2\n"
                "winning move: heap 2 (9) -> 4 + 4\n"
                "winning move: heap 3 (12) -> 5 + 5\n");
  const result lost = run({"heap", "0.77", "--terms", "20", "--heaps", "3,3"});
  EXPECT_NE(lost.out.find("value 0\nthe player to move loses"), std::string::npos) << lost.out;
}

TEST(CliHeap, PeriodicSubtractionSets) {
  // Any number but 2: G = 0 1 0 1, then each block of four two higher.
  expect_output({"heap", "subtraction:1,3+1", "--terms", "12"}, "0 1 0 1 2 3 2 3 4 5 4 5\n");
  // The even numbers: G(n) = n / 2 rounded down.
  expect_output({"heap", "subtraction:2+2", "--terms", "8"}, "0 0 1 1 2 2 3 3\n");
  const result r = run({"heap", "subtraction:1+2", "--terms", "10", "--period"});
  EXPECT_EQ(r.out, "0 1 0 1 0 1 0 1 0 1\n"
                   "period: none claimed (the periodicity theorem covers octal codes only)\n");
  expect_error({"heap", "subtraction:3+0", "--terms", "5"},
               "argument 1 (subtraction set element 1): '3+0': expected a decimal step p in "
               "s+p, from 1 to 65535");
}

TEST(CliHeap, ThreadsGiveTheSameValues) {
  // Past 8192 terms the sparse engine verifies its speculated terms on --threads threads.
  const result one = run({"heap", "grundy", "--terms", "30000", "--threads", "1"});
  ASSERT_EQ(one.status, 0) << one.err;
  for (const char* threads : {"2", "3", "0"}) {
    const result r = run({"heap", "grundy", "--terms", "30000", "--threads", threads});
    EXPECT_EQ(r.out, one.out) << threads;
  }
  expect_error({"heap", "grundy", "--terms", "5", "--threads", "x"},
               "--threads: 'x': expected a thread count from 0 (one per core) to 1024");
}

// The checkpoint a run of `command` saves after computing `words` (the format of
// cli/checkpoint.cpp: header, FNV-1a of command, count and words, little-endian words).
std::string checkpoint_of(const std::string& command, const std::vector<std::uint32_t>& words) {
  std::string bytes;
  for (const std::uint32_t w : words)
    for (int j = 0; j < 4; ++j) bytes += char(w >> (8 * j));
  std::uint64_t h = 0xcbf29ce484222325;
  for (const char c : command + "\n" + std::to_string(words.size()) + "\n" + bytes)
    h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return "nimber checkpoint 1\ncommand " + command + "\nwords " + std::to_string(words.size()) +
         "\nfnv1a64 " + hex + "\n" + bytes;
}

TEST(CliHeap, ResumesWithAnotherThreadCount) {
  // --threads is no part of the command a checkpoint belongs to: a run saved without it goes
  // on with --threads 2, past the sparse engine's start, and prints the uninterrupted output.
  temp_dir dir;
  const std::string path = dir.path + "/g.ckpt";
  const result head = run({"heap", "grundy", "--terms", "10000"});
  std::vector<std::uint32_t> words;
  std::istringstream printed(head.out);
  for (std::uint32_t v; printed >> v;) words.push_back(v);
  std::ofstream(path, std::ios::binary) << checkpoint_of("heap grundy --terms 20000 --checkpoint " + path, words);
  const result resumed = run({"heap", "grundy", "--terms", "20000", "--checkpoint", path, "--resume", "--threads", "2"});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, run({"heap", "grundy", "--terms", "20000"}).out);
}

TEST(CliHeap, StatsAgainstAPlainCount) {
  // The histogram of each power of two counted here from the printed values, line by line.
  temp_file stats;
  const result r = run({"heap", "grundy", "--terms", "10000", "--stats", stats.path});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::uint32_t> values;
  std::istringstream printed(r.out);
  for (std::uint32_t v; printed >> v;) values.push_back(v);
  ASSERT_EQ(values.size(), 10000u);
  std::string expected;
  for (std::size_t n = 1; n <= values.size(); n *= 2) {
    std::map<std::uint32_t, std::uint64_t> count;
    std::uint32_t largest = 0;
    for (std::size_t i = 0; i < n; ++i) ++count[values[i]], largest = std::max(largest, values[i]);
    for (std::uint32_t v = 0; v <= largest; ++v) expected += std::to_string(v) + " " + std::to_string(count[v]) + "\n";
  }
  std::istringstream file(read_file(stats.path));
  std::string histogram, line, header;
  std::getline(file, header);
  EXPECT_EQ(header, "# nimber heap grundy: the first N terms, N = 1, 2, 4, ..., 10000 terms computed");
  while (std::getline(file, line))
    if (line.rfind("terms ", 0) == 0) header = line;
    else histogram += line + "\n";
  EXPECT_EQ(histogram, expected);
  // The last header: the mask the engine takes at 8192, when it turns to the sparse method.
  EXPECT_EQ(header, "terms 8192 mask 126 rare 820 last_rare 8189 largest 85");
  expect_error({"heap", "grundy", "--terms", "5", "--stats", "-"},
               "--stats: '-': expected a file name (the statistics go to a file, not standard output)");
}

TEST(CliHeap, NoValuesKeepsTheRestOfTheRun) {
  // The same run with and without the values: the statistics file, the period and the sum
  // are the same, and the last value is the last one printed.
  temp_file with_values, without;
  const result full = run({"heap", "0.07", "--terms", "20000", "--period", "--heaps", "5,9", "--stats", with_values.path});
  const result r = run({"heap", "0.07", "--terms", "20000", "--period", "--heaps", "5,9", "--stats", without.path,
                        "--no-values"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(full.status, 0) << full.err;
  const std::size_t values_end = full.out.find('\n') + 1;
  std::istringstream values(full.out.substr(0, values_end));
  std::string last;
  while (values >> last) {}
  EXPECT_EQ(r.out, "20000 terms computed (values not listed); G(19999) = " + last + "\n" + full.out.substr(values_end));
  EXPECT_EQ(read_file(without.path), read_file(with_values.path));
  expect_output({"heap", "grundy", "--terms", "21", "--no-values", "--format", "json"},
                "{\"game\":\"grundy\",\"terms\":21,\"last_value\":0}\n");
  expect_error({"heap", "0.07", "--terms", "5", "--no-values", "--format", "csv"},
               "--format: 'csv': expected text or json beside --no-values (csv holds the values only)");
  expect_error({"heap", "0.07", "--terms", "5", "--no-values", "--misere"},
               "--misere: '--no-values': expected no --no-values beside it (misère values stand alone)");
}

TEST(CliHeap, Errors) {
  expect_error({"heap", "0.7z", "--terms", "5"},
               "argument 1 (digit d2): 'z': expected an octal or hex digit (0-9, a-f)");
  expect_error({"heap", "0.07", "--terms", "5", "--heaps", "9"},
               "--heaps: '9': expected heap sizes below --terms (5)");
  expect_error({"heap", "0.07", "--terms", "-1"},
               "--terms: '-1': expected a number of terms from 1 to 2^32");
}

TEST(CliCoins, ValuesAndWinningMoves) {
  // Ruler: a coin at n is worth the largest power of two dividing n; 1 ^ 2 ^ 8 = 11.
  expect_output({"coins", "ruler", "3,6,8"},
                "value: 11\nwinning move: turn coins 6, 7, 8 (coin 8 heads to tails)\n");
  // Turning Corners: a head at x:y is worth x * y (nim product); 8*8 = 13, 5*11 = 12.
  const result r = run({"coins", "corners", "8:8,5:11"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.substr(0, 9), "value: 1\n");
  expect_error({"coins", "ruler", "3,x"},
               "argument 2: 'x': expected coin numbers 3,5,9 (decimal, distinct)");
}

}  // namespace
