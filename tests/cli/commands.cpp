// Runs the built `nimber` binary (NIMBER_CLI) and checks its stdout, stderr and exit status.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include "runner.hpp"
#include "nimber/arith.hpp"

namespace {

using namespace cli_test;

std::string data_file(const std::string& name) {
  return read_file(std::string(NIMBER_TEST_DATA) + "/" + name);
}

TEST(Cli, ConwayGuyTables) {
  expect_output({"table", "16", "--format", "csv"}, data_file("conway_guy_mul16.csv"));
  expect_output({"table", "16", "--op", "add", "--format", "csv"},
                data_file("conway_guy_add16.csv"));
  // The text layout is the J article's, character for character.
  expect_output({"table", "16", "--op", "add"}, data_file("conway_guy_add16.txt"));
}

TEST(Cli, TableText) {
  expect_output({"table", "4"},
                "+-+-------+\n"
                "| |0 1 2 3|\n"
                "+-+-------+\n"
                "|0|0 0 0 0|\n"
                "|1|0 1 2 3|\n"
                "|2|0 2 3 1|\n"
                "|3|0 3 1 2|\n"
                "+-+-------+\n");
  expect_output({"table", "1", "--format", "csv"}, "0\n");
  // Entries wider than the labels: 4 * 4 = 6, 7 * 7 = 10.
  const result r = run({"table", "8"});
  EXPECT_NE(r.out.find("|7| 0  7  9 14 10 13  3  4|"), std::string::npos) << r.out;
}

TEST(Cli, Arithmetic) {
  expect_output({"mul", "5", "11"}, "12\n");
  expect_output({"mul", "8", "8"}, "13\n");
  expect_output({"mul", "2", "3", "4"}, "4\n");
  expect_output({"mul", "0x10", "0x10", "--hex"}, "0x18\n");
  expect_output({"mul", "--hex", "0b1000", "8"}, "0xd\n");
  expect_output({"mul", "340282366920938463463374607431768211455", "1"},
                "340282366920938463463374607431768211455\n");
  expect_output({"add", "3", "5", "7"}, "1\n");
  expect_output({"add", "0b1100", "0b1010"}, "6\n");
  expect_output({"div", "12", "11"}, "5\n");
  expect_output({"inv", "2"}, "3\n");
  expect_output({"sqrt", "3"}, "2\n");
  expect_output({"sqrt", "13"}, "8\n");
  expect_output({"pow", "2", "2"}, "3\n");
  expect_output({"pow", "2", "-1"}, "3\n");
  expect_output({"pow", "0", "0"}, "1\n");
  expect_output({"pow", "5", "-0"}, "1\n");
  expect_output({"pow", "0", "7"}, "0\n");
}

TEST(Cli, ArithmeticInTheBigField) {
  // 2^64 * 2^64 = 2^64 + 2^63 (F * F = 3F/2), and inverse / sqrt undo mul / square.
  expect_output({"mul", "0x10000000000000000", "0x10000000000000000", "--hex"},
                "0x18000000000000000\n");
  const std::string a = "123456789012345678901234567890123456789";
  const std::string inv = run({"inv", a}).out;
  expect_output({"mul", a, inv.substr(0, inv.size() - 1)}, "1\n");
  const std::string root = run({"sqrt", a}).out;
  const std::string r = root.substr(0, root.size() - 1);
  expect_output({"mul", r, r}, a + "\n");
  expect_output({"pow", a, "-1"}, inv);
}

TEST(Cli, Nim) {
  expect_output({"nim", "3", "5", "7"},
                "nim-sum: 1\n"
                "the player to move wins; winning moves:\n"
                "heap 1: 3 -> 2\n"
                "heap 2: 5 -> 4\n"
                "heap 3: 7 -> 6\n");
  expect_output({"nim", "1", "2", "3"},
                "nim-sum: 0\n"
                "the player to move loses: every move leaves a nonzero nim-sum\n");
  expect_output({"nim", "0"},
                "nim-sum: 0\n"
                "the player to move loses: there is no move (every heap is empty)\n");
  expect_output({"nim", "12", "0x1"},
                "nim-sum: 13\n"
                "the player to move wins; winning moves:\n"
                "heap 1: 12 -> 1\n");
}

TEST(Cli, MisereNim) {
  // Heaps of two or more: normal play's moves. Here no move empties the large heaps.
  expect_output({"nim", "3", "5", "7", "--misere"},
                "nim-sum: 1\n"
                "misère play: the player to move wins; winning moves:\n"
                "heap 1: 3 -> 2\n"
                "heap 2: 5 -> 4\n"
                "heap 3: 7 -> 6\n");
  // One large heap: leave an odd number of heaps of one, whatever the nim-sum says.
  expect_output({"nim", "2", "1", "1", "--misere"},
                "nim-sum: 2\n"
                "misère play: the player to move wins; winning moves:\n"
                "heap 1: 2 -> 1\n");
  expect_output({"nim", "1", "1", "1", "--misere"},
                "nim-sum: 1\n"
                "misère play: the player to move loses: every move leaves the opponent a winning position\n");
  expect_output({"nim", "0", "0", "--misere"},
                "nim-sum: 0\n"
                "misère play: the player to move wins: there is no move (every heap is empty)\n");
  expect_output({"nim", "1", "1", "--misere", "--format", "json"},
                R"({"nim_sum":0,"wins":true,"winning_moves":[{"heap":1,"from":1,"to":0},{"heap":2,"from":1,"to":0}]})" "\n");
  expect_output({"nim", "0x10", "--misere", "--format", "csv", "--hex"}, "heap,from,to\n1,0x10,0x1\n");
}

TEST(Cli, Batch) {
  expect_output({"batch"}, "1\n12\n13\n0\n", "4\n1 1\n5 11\n8 8\n0 18446744073709551615\n");
  expect_output({"batch"}, "", "0\n");
  expect_output({"batch"}, "3\n", "1\r\n2\t2");
  // From a file argument too.
  temp_file f;
  std::ofstream(f.path) << "1\n8 8\n";
  expect_output({"batch", f.path}, "13\n");
}

TEST(Cli, BatchLargeInput) {
  // 10^5 pairs, well past any pipe or stdio buffer; products of all bytes by all bytes.
  std::string input = "100000\n", want;
  for (std::uint64_t i = 0; i < 100000; ++i) {
    const std::uint64_t a = i % 256, b = i / 256 % 256;
    input += std::to_string(a) + " " + std::to_string(b) + "\n";
    want += std::to_string(nimber::mul(a, b)) + "\n";
  }
  const result r = run({"batch"}, input);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out == want);
}

TEST(Cli, HelpEverywhere) {
  for (const char* cmd :
       {"mul", "add", "div", "inv", "sqrt", "pow", "table", "batch", "nim"}) {
    const result r = run({cmd, "--help"});
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_NE(r.out.find("Examples:"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find(std::string("nimber ") + cmd), std::string::npos) << cmd;
  }
  const result r = run({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Examples:"), std::string::npos);
  EXPECT_NE(r.out.find("batch"), std::string::npos);
}

TEST(Cli, ArgumentErrors) {
  // The arithmetic commands take numbers of any size (test_cli_big.cpp).
  const std::string any = "expected a number (decimal, 0x hex or 0b binary)";
  expect_error({"mul", "5", "x"}, "argument 2: 'x': " + any);
  expect_error({"mul", "-5", "3"}, "argument 1: '-5': " + any);
  expect_error({"add", "1", "2", "0x"}, "argument 3: '0x': " + any);
  expect_error({"sqrt", ""}, "argument 1: '': " + any);
  expect_error({"div", "1", "0"}, "argument 2: '0': expected a nonzero divisor (division by zero)");
  expect_error({"inv", "0x0"}, "argument 1: '0x0': expected a nonzero number (0 has no inverse)");
  expect_error({"pow", "0", "-2"},
               "argument 2: '-2': expected a non-negative exponent, since the base is 0 (0 has "
               "no inverse)");
  expect_error({"pow", "2", "-0x"},
               "argument 2: '-0x': expected an exponent: an optional '-' and a number (decimal, "
               "0x hex or 0b binary)");
  expect_error({"mul", "5"},
               "argument 2: end of arguments: expected another argument (usage: nimber mul A B "
               "[C ...])");
  expect_error({"div", "1", "2", "3"},
               "argument 3: '3': expected end of arguments (usage: nimber div A B)");
  expect_error({"nim"},
               "argument 1: end of arguments: expected another argument (usage: nimber nim H1 "
               "[H2 ...])");
  expect_error({"nim", "3", "4y"},
               "argument 2: '4y': expected a heap size below 2^64 (decimal, 0x hex or 0b binary)");
  expect_error({"table", "0"}, "argument 1: '0': expected a table size from 1 to 4096");
  expect_error({"table", "4097"}, "argument 1: '4097': expected a table size from 1 to 4096");
  // Unprintable bytes are escaped and long tokens cut, so the message stays one line.
  expect_error({"mul", "1\x01", "2"}, "argument 1: '1\\x01': " + any);
  expect_error({"mul", std::string(100, '7') + "z", "2"},
               "argument 1: '" + std::string(64, '7') + "... (101 characters)': " + any);
}

TEST(Cli, Cli11ErrorsAreOneLineWithStatus2) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{},
                                             {"frobnicate"},
                                             {"mul", "--foo", "1", "2"},
                                             {"table", "4", "--op", "sub"},
                                             {"table", "4", "--format", "xml"},
                                             {"table"}}) {
    const result r = run(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("nimber: error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_NE(run({"mul", "--foo", "1", "2"}).err.find("--foo"), std::string::npos);
  EXPECT_NE(run({"table", "4", "--op", "sub"}).err.find("sub"), std::string::npos);
}

TEST(Cli, BatchErrors) {
  const std::string value = "(a decimal number below 2^64)";
  expect_error({"batch"}, "line 1: end of input: expected the pair count T (the input is empty)");
  expect_error({"batch"}, "line 1: end of input: expected the pair count T (the input is empty)",
               " \n\t\n");
  expect_error({"batch"}, "line 1: 'two': expected the pair count T " + value, "two\n1 1\n");
  expect_error({"batch"}, "line 1: '18446744073709551616': expected the pair count T to be below 2^64",
               "18446744073709551616\n");
  expect_error({"batch"}, "line 3: 'x7': expected A of pair 2 of 2 " + value, "2\n1 2\nx7 8\n");
  expect_error({"batch"}, "line 2: '-1': expected B of pair 1 of 1 " + value, "1\n1 -1\n");
  expect_error({"batch"}, "line 2: '18446744073709551616': expected B of pair 1 of 1 to be below 2^64",
               "1\n0 18446744073709551616\n");
  expect_error({"batch"},
               "line 2: end of input: expected A of pair 2 of 3 (the input has fewer pairs than T)",
               "3\n1 2\n");
  expect_error({"batch"}, "line 3: '9': expected end of input (all T = 1 pairs have been read)",
               "1\n1 2\n9\n");
  expect_error({"batch"}, "line 1: '1\\x00': expected A of pair 1 of 1 " + value,
               std::string("1 1\0 2", 6));
  expect_error({"batch", "/nonexistent/input"},
               "argument 1: '/nonexistent/input': expected a readable file (No such file or "
               "directory)");
}

// A directory where a file is expected, an absurd benchmark size, a full disk: clear errors,
// never an internal failure or a silent success.
TEST(Cli, UnreadableFilesHugeSizesAndWriteErrors) {
  expect_error({"mul", "@/", "3"},
               "argument 1: '@/': expected '@' and a readable file (it is a directory)");
  expect_error({"matrix", "det", "/"}, "argument 2: '/': expected a readable file ('-' for stdin) (it is a directory)");
  expect_error({"bench", "--n", "1000000000000"},
               "--n: '1000000000000': expected a number of pairs from 1 to 2^28");
  // Past 2^64 too the token is named as typed (not a saturated value).
  expect_error({"bench", "--n", "99999999999999999999"},
               "--n: '99999999999999999999': expected a number of pairs from 1 to 2^28");
  expect_error({"bench", "--n", "1e3"}, "--n: '1e3': expected a number of pairs from 1 to 2^28");
  if (std::FILE* full = std::fopen("/dev/full", "w")) {
    std::fclose(full);
    const std::string command = std::string(NIMBER_CLI) + " mul 5 11 > /dev/full 2> /dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2) << "a failed write is a resource error, not an answer";
  }
}


// `game grundy` on a loopy graph: generalised Sprague-Grundy values in every format, sums of
// loopy positions, and the usual one-line errors.
TEST(CliGame, GrundyOfLoopyGraphs) {
  // 0 -> 2 (terminal), 0 -> 1, 1 -> 1, 1 -> 0; a heap *1: 3 -> 4 (docs/games.md).
  const std::string file = "# p, x, t, *1\n5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n";
  expect_output({"game", "grundy", "-"}, "0 inf{0}\n1 inf{}\n2 0\n3 1\n4 0\n", file);
  expect_output({"game", "grundy", "-", "--format", "csv"},
                "position,grundy\n0,inf{0}\n1,inf{}\n2,0\n3,1\n4,0\n", file);
  expect_output({"game", "grundy", "-", "--format", "json"},
                "{\"positions\":5,\"moves\":5,\"grundy\":[{\"inf\":[0]},{\"inf\":[]},0,1,0]}\n",
                file);
  expect_output({"game", "outcome", "-"}, "0 win\n1 draw\n2 lose\n3 win\n4 lose\n", file);
  // K with two members: the CSV field separates them by a space.
  const std::string two = "5 7\n0 1\n0 2\n0 3\n2 1\n3 4\n4 3\n4 2\n";
  expect_output({"game", "grundy", "-", "--format", "csv"},
                "position,grundy\n0,inf{0 1}\n1,0\n2,1\n3,inf{}\n4,inf{1}\n", two);
  expect_output({"game", "grundy", "-"}, "0 inf{0,1}\n1 0\n2 1\n3 inf{}\n4 inf{1}\n", two);
  // Acyclic graphs keep their mex values; a P-position on a cycle gets 0.
  expect_output({"game", "grundy", "-"}, "0 1\n1 0\n", "2 1\n0 1\n");
  expect_output({"game", "grundy", "-"}, "0 0\n1 1\n2 0\n", "3 3\n0 1\n1 0\n1 2\n");
}

TEST(CliGame, MisereOutcomes) {
  const std::string file = "5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n";
  // The positions without moves are won; 3's only move reaches one; 0 and 1 can cycle.
  expect_output({"game", "outcome", "-", "--misere"}, "0 draw\n1 draw\n2 win\n3 lose\n4 win\n", file);
  // 3 + 3: moving either copy to 4 leaves 3 + 4, whose one move ends the game (a won position).
  // 3 (= *) and 4 (= 0) are tame: the genus rule decides, without a search.
  expect_output({"game", "outcome", "-", "--misere", "--sum", "3,3"},
                "0 draw\n1 draw\n2 win\n3 lose\n4 win\n"
                "sum 3 + 3: win (misère play, every component tame: by the genus rule)\n"
                "winning move: component 1, 3 -> 4\nwinning move: component 2, 3 -> 4\n",
                file);
  expect_output({"game", "outcome", "-", "--misere", "--sum", "4", "--format", "json"},
                "{\"positions\":5,\"moves\":5,\"outcome\":[\"draw\",\"draw\",\"win\",\"lose\",\"win\"],"
                "\"sum\":{\"positions\":[4],\"outcome\":\"win\",\"method\":\"genus\",\"searched\":0,"
                "\"winning_moves\":[]}}\n",
                file);
  // 0 can play forever, so it is not tame: the sum is searched.
  expect_output({"game", "outcome", "-", "--misere", "--sum", "3,0"},
                "0 draw\n1 draw\n2 win\n3 lose\n4 win\n"
                "sum 3 + 0: win (misère play, 6 sums searched)\nwinning move: component 2, 0 -> 2\n",
                file);
  // Normal play: the sum by its value, as game grundy gives it.
  expect_output({"game", "outcome", "-", "--sum", "3,3"},
                "0 win\n1 draw\n2 lose\n3 win\n4 lose\nsum 3 + 3: value 0 (lose)\n", file);
  expect_error({"game", "outcome", "-", "--misere", "--sum", "0,5"},
               "--sum: '5': expected position numbers U1,U2,... below N = 5", file);
}

TEST(CliGame, MisereGenus) {
  // 2 = *2, 3 = {*2} (0^02), 4 = {0, {*2}}: restive (1^20), so not tame.
  const std::string file = "5 6\n1 0\n2 0\n2 1\n3 2\n4 3\n4 0\n";
  expect_output({"game", "outcome", "-", "--genus"},
                "0 win 0^120 tame\n1 lose 1^031 tame\n2 win 2^20 tame\n3 lose 0^02 tame\n4 win 1^20 not tame\n", file);
  expect_output({"game", "outcome", "-", "--genus", "--misere", "--format", "csv"},
                "position,outcome,genus,tame\n0,win,0^120,true\n1,lose,1^031,true\n2,win,2^20,true\n"
                "3,lose,0^02,true\n4,win,1^20,false\n",
                file);
  // 4 + 2 holds a restive component: searched. 3 + 2 + 1 is tame: x = 3, firm, won by 2 -> 1.
  expect_output({"game", "outcome", "-", "--genus", "--sum", "4,2", "--format", "json"},
                "{\"positions\":5,\"moves\":6,\"outcome\":[{\"outcome\":\"win\",\"genus\":\"0^120\",\"tame\":true},"
                "{\"outcome\":\"lose\",\"genus\":\"1^031\",\"tame\":true},{\"outcome\":\"win\",\"genus\":\"2^20\",\"tame\":true},"
                "{\"outcome\":\"lose\",\"genus\":\"0^02\",\"tame\":true},{\"outcome\":\"win\",\"genus\":\"1^20\",\"tame\":false}],"
                "\"sum\":{\"positions\":[4,2],\"outcome\":\"lose\",\"method\":\"search\",\"searched\":12,\"winning_moves\":[]}}\n",
                file);
  expect_output({"game", "outcome", "-", "--misere", "--sum", "3,2,1"},
                "0 win\n1 lose\n2 win\n3 lose\n4 win\n"
                "sum 3 + 2 + 1: win (misère play, every component tame: by the genus rule)\n"
                "winning move: component 2, 2 -> 1\n",
                file);
  // Play can go on forever from 0 and 1: no genus.
  expect_error({"game", "outcome", "-", "--genus"},
               "--genus: '-': expected a game without cycles (position 0 can reach a cycle: genus is defined for "
               "games that end)",
               "5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n");
  expect_error({"game", "outcome", "-", "--genus", "--sum", "1,x"},
               "--sum: 'x': expected position numbers U1,U2,... below N = 5", file);
}

TEST(CliGame, LoopySums) {
  const std::string file = "5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n";
  // inf{0} + *1 = inf{1}: drawn. inf{0} + 0: won by 0 -> 2.
  expect_output({"game", "grundy", "-", "--sum", "0,3"},
                "0 inf{0}\n1 inf{}\n2 0\n3 1\n4 0\nsum 0 + 3: value inf{1} (draw)\n", file);
  expect_output({"game", "grundy", "-", "--sum", "0,4", "--format", "json"},
                "{\"positions\":5,\"moves\":5,\"grundy\":[{\"inf\":[0]},{\"inf\":[]},0,1,0],"
                "\"sum\":{\"positions\":[0,4],\"value\":{\"inf\":[0]},\"outcome\":\"win\","
                "\"winning_moves\":[{\"component\":1,\"from\":0,\"to\":2}]}}\n",
                file);
  expect_output({"game", "grundy", "-", "--sum", "3,3"},
                "0 inf{0}\n1 inf{}\n2 0\n3 1\n4 0\nsum 3 + 3: value 0 (lose)\n", file);
  // Two infinite components: always drawn, inf{}.
  expect_output({"game", "grundy", "-", "--sum", "0,1", "--format", "json"},
                "{\"positions\":5,\"moves\":5,\"grundy\":[{\"inf\":[0]},{\"inf\":[]},0,1,0],"
                "\"sum\":{\"positions\":[0,1],\"value\":{\"inf\":[]},\"outcome\":\"draw\","
                "\"winning_moves\":[]}}\n",
                file);
  // All finite: the first move listed is the one that keeps the counters going down.
  expect_output({"game", "grundy", "-", "--sum", "0,0,1"},
                "0 0\n1 1\n2 0\nsum 0 + 0 + 1: value 1 (win)\n"
                "winning move: component 3, 1 -> 2\nwinning move: component 3, 1 -> 0\n"
                "winning move: component 1, 0 -> 1\nwinning move: component 2, 0 -> 1\n",
                "3 3\n0 1\n1 0\n1 2\n");
  // CSV holds the values only.
  expect_output({"game", "grundy", "-", "--sum", "3", "--format", "csv"},
                "position,grundy\n0,inf{0}\n1,inf{}\n2,0\n3,1\n4,0\n", file);
}

TEST(CliGame, Errors) {
  const std::string file = "5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n";
  expect_error({"game", "grundy", "-", "--sum", "0,5"},
               "--sum: '5': expected position numbers U1,U2,... below N = 5", file);
  expect_error({"game", "grundy", "-", "--sum", "0,,1"},
               "--sum: '': expected position numbers U1,U2,... below N = 5", file);
  expect_error({"game", "grundy", "-", "--sum", "x"},
               "--sum: 'x': expected position numbers U1,U2,... below N = 5", file);
  expect_error({"game", "grundy", "-"}, "line 2: '3': expected a position number below N = 3",
               "3 1\n0 3\n");
  expect_error({"game", "grundy", "-"}, "line 3: end of input: expected 2 move lines 'u v', found 1",
               "3 2\n0 1\n");
  expect_error({"game", "outcome", "-"}, "line 1: 'x': expected the number of positions N "
               "(decimal, below 2^32)", "x 1\n");
}

}  // namespace
