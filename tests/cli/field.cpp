// The field commands run as a subprocess: log, order, solve, triples, seq and matrix.
// Outputs; exit status 1 with an empty stdout when there is no answer; exit status 2 with
// one stderr line naming the bad token for bad input.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "runner.hpp"
#include "nimber/algebra/matrix.hpp"

namespace {

using namespace cli_test;

const std::string kNumber = "expected a number below 2^128 (decimal, 0x hex or 0b binary)";

// No answer: status 1, nothing on stdout or stderr.
void expect_none(const std::vector<std::string>& args, const std::string& input = "") {
  const result r = run(args, input);
  EXPECT_EQ(r.status, 1) << args[0] << ": " << r.err;
  EXPECT_EQ(r.out, "") << args[0];
  EXPECT_EQ(r.err, "") << args[0];
}

TEST(CliField, LogAndOrder) {
  expect_output({"log", "2", "3"}, "2\n");  // 2 * 2 = 3
  expect_output({"log", "2", "1"}, "0\n");
  expect_output({"log", "0x100", "0x100", "--hex"}, "0x1\n");
  expect_none({"log", "0x10", "0x1234"});
  expect_none({"log", "1", "2"});
  expect_output({"order", "2"}, "3\n");
  expect_output({"order", "1"}, "1\n");
  expect_output({"order", "0x100000006"}, "18446744073709551615\n");
  expect_error({"log", "0", "5"}, "argument 1: '0': expected a nonzero base (0 has no logarithm)");
  expect_error({"log", "2", "x"}, "argument 2: 'x': " + kNumber);
  expect_error({"order", "0"}, "argument 1: '0': expected a nonzero number (0 has no order)");
  expect_error({"order", "-3"}, "argument 1: '-3': " + kNumber);
}

TEST(CliField, PolynomialRoots) {
  expect_output({"solve", "1", "1", "1"}, "2\n3\n");  // x^2 + x + 1
  expect_output({"solve", "1", "0", "3"}, "2\n");     // x^2 = 3
  expect_output({"solve", "5", "0"}, "0\n");
  expect_none({"solve", "1", "0", "0", "2"});  // x^3 = 2 in GF(2^8)
  expect_none({"solve", "7"});                 // a nonzero constant
  expect_error({"solve", "0", "0"},
               "argument 1: '0': expected a nonzero polynomial (every number is a root of 0)");
  expect_error({"solve", "1", "y"}, "argument 2: 'y': " + kNumber);
}

TEST(CliField, Sequences) {
  expect_output({"triples", "9"}, "15\n");
  expect_output({"triples", "1", "6"}, "1\n2\n3\n4\n8\n12\n");
  expect_output({"seq", "squares", "3"}, "0\n1\n3\n2\n");
  expect_output({"seq", "inverses", "3"}, "1\n3\n2\n");
  expect_output({"seq", "inverses", "3", "--hex"}, "0x1\n0x3\n0x2\n");
  expect_error({"triples", "0"}, "argument 1: '0': expected a term number from 1 to 10^18");
  expect_error({"seq", "cubes", "3"}, "argument 1: 'cubes': expected 'squares' or 'inverses'");
}

TEST(CliField, Matrix) {
  expect_output({"matrix", "det", "-"}, "5\n", "1 2\n3 4\n");  // 1*4 + 2*3 = 4 + 1
  expect_output({"matrix", "det"}, "5\n", "1 2\n3 4\n");  // FILE defaults to stdin
  expect_output({"matrix", "det", "--hex"}, "0x5\n", "1 2\n3 4\n");
  expect_output({"matrix", "rank", "-"}, "2\n", "1 2\n3 4\n");
  expect_output({"matrix", "rank", "-"}, "1\n", "1 2\n2 3\n");  // 2 * (1 2) = (2 3)
  expect_output({"matrix", "rank", "-"}, "0\n", "0 0 0\n");
  // Blank lines, tabs, CRLF and all three number forms.
  expect_output({"matrix", "rank", "-"}, "2\n", "\n0x1\t0b10 \r\n\n  3 4\n\n");
  // 128-bit entries: the smallest field that holds them.
  expect_output({"matrix", "det", "-"}, "340282366920938463463374607431768211455\n",
                "340282366920938463463374607431768211455\n");
  expect_output({"matrix", "inverse", "-"}, "3\n", "2\n");
  // The inverse, checked against the library.
  const result r = run({"matrix", "inverse", "-"}, "1 2 3\n4 5 6\n7 8 10\n");
  ASSERT_EQ(r.status, 0) << r.err;
  nimber::matrix<std::uint8_t> a(3, 3);
  const std::uint8_t entries[] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
  std::copy(std::begin(entries), std::end(entries), a.data().begin());
  const auto inv = nimber::inverse(a);
  ASSERT_TRUE(inv);
  std::string want;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) want += std::to_string((*inv)(i, j)) + (j == 2 ? "\n" : " ");
  EXPECT_EQ(r.out, want);
  // From a file.
  temp_file f;
  std::ofstream(f.path) << "1 2\n3 4\n";
  expect_output({"matrix", "rank", f.path}, "2\n");
}

TEST(CliField, MatrixSolve) {
  expect_output({"matrix", "solve", "-"}, "3 1\n", "2 0 1\n0 1 1\n");  // 2x = 1, y = 1
  // x + y = 0: the particular solution, then a basis of the null space.
  expect_output({"matrix", "solve", "-"}, "0 0\n1 1\n", "1 1 0\n");
  expect_output({"matrix", "solve", "-"}, "0 0 0\n1 0 0\n0 1 0\n0 0 1\n", "0 0 0 0\n");
  expect_none({"matrix", "solve", "-"}, "1 1 1\n1 1 0\n");  // x + y = 1 and x + y = 0
  expect_none({"matrix", "solve", "-"}, "0 5\n");
}

TEST(CliField, MatrixErrors) {
  expect_error({"matrix", "rank", "-"}, "line 2: end of line: expected 2 entries like line 1 (this row has 1)",
               "1 2\n3\n");
  expect_error({"matrix", "rank", "-"}, "line 3: '5': expected end of line (line 1 has 2 entries)",
               "1 2\n\n3 4 5\n");
  expect_error({"matrix", "rank", "-"}, "line 1: 'x': " + kNumber, "1 x\n");
  expect_error({"matrix", "det", "-"}, "line 2: '-1': " + kNumber, "1 2\n-1 2\n");
  expect_error({"matrix", "rank", "-"},
               "line 1: '340282366920938463463374607431768211456': expected a number below 2^128",
               "340282366920938463463374607431768211456\n");
  expect_error({"matrix", "rank", "-"},
               "line 1: end of input: expected a matrix: one row per line, entries separated by spaces");
  expect_error({"matrix", "det", "-"},
               "line 3: end of input: expected a matrix: one row per line, entries separated by spaces",
               "\n \n");
  expect_error({"matrix", "det", "-"},
               "line 2: end of input: expected row 2 of 2 (det needs a square matrix)", "1 2\n");
  expect_error({"matrix", "inverse", "-"},
               "line 2: '7': expected end of input after 1 rows (inverse needs a square matrix)",
               "1\n7\n");
  // Singular: the first row that depends on the rows above it is named.
  for (const auto& [input, line, rank] : {std::tuple("1 0 0\n0 1 0\n1 1 0\n", "3", "2 of 3"),
                                          std::tuple("1 2\n2 3\n", "2", "1 of 2"),
                                          std::tuple("0 0\n1 1\n", "1", "1 of 2")})
    expect_error({"matrix", "inverse", "-"},
                 std::string("line ") + line + ": this row is a combination of the rows above it, "
                 "so the matrix is singular (rank " + rank + ") and has no inverse", input);
  expect_error({"matrix", "solve", "-"},
               "line 1: end of line: expected at least 2 entries: solve reads the augmented matrix "
               "[A | b]",
               "1\n2\n");
  expect_error({"matrix", "frob", "-"},
               "argument 1: 'frob': expected 'rank', 'det', 'inverse' or 'solve'");
  expect_error({"matrix", "rank", "/nonexistent/m"},
               "argument 2: '/nonexistent/m': expected a readable file ('-' for stdin) "
               "(No such file or directory)");
  expect_error({"matrix"},
               "argument 1: end of arguments: expected another argument (usage: nimber matrix "
               "rank|det|inverse|solve [FILE|-])");
}

TEST(CliField, HelpEverywhere) {
  for (const char* cmd : {"log", "order", "solve", "triples", "seq", "matrix"}) {
    const result r = run({cmd, "--help"});
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_NE(r.out.find("Examples:"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find(std::string("nimber ") + cmd), std::string::npos) << cmd;
  }
  EXPECT_NE(run({"matrix", "--help"}).out.find("the last column is b"), std::string::npos);
}

}  // namespace
