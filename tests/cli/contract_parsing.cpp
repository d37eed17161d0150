// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Parsing: nesting depth of ordinal expressions, options CLI11 rejects, environment variables, and each message naming the token, where it was and what was expected.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "nimber/big.hpp"
#include "nimber/kernel.hpp"
#include "runner.hpp"

namespace {

using namespace cli_test;
using nimber::big_nim;

const std::string kNesting = "expected at most 1000 nested parentheses and exponents";

std::string nested(std::size_t depth, const std::string& inner) {
  return std::string(depth, '(') + inner + std::string(depth, ')');
}

// A file holding `text`, removed on destruction; arg() is the operand "@PATH".
struct operand_file : temp_file {
  explicit operand_file(const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  std::string arg() const { return "@" + path; }
};

TEST(ContractParsing, DeepNesting) {
  expect_output({"add", nested(500, "w"), "0"}, "w\n");
  expect_output({"add", nested(1000, "w"), "0"}, "w\n");
  expect_error({"add", nested(10000, "w"), "0"}, "argument 1: position 1001: '(': " + kNesting);
  expect_error({"mul", "w", nested(1001, "w")}, "argument 2: position 1001: '(': " + kNesting);
  // Past what a command line holds: w^(w^(w^(...))) of 10^6 characters, from stdin and a file.
  std::string towers;
  while (towers.size() < 1000000) towers += "w^(";
  expect_error({"add", "-", "0"}, "argument 1: standard input: position 1502: '^': " + kNesting, towers + "w");
  const operand_file deep(std::string(1000000, '(') + "w");
  expect_error({"mul", "2", deep.arg()},
               "argument 2: file '" + deep.path + "': position 1001: '(': " + kNesting);
  expect_output({"add", "w^" + nested(400, "w^2"), "1"}, "w^(w^2) + 1\n");
}

TEST(ContractParsing, ProductInExponent) {
  const std::string rule = " (in an exponent '*' only gives a power of w its coefficient, as in w^(w^2*3))";
  expect_error({"mul", "w^(2*3)", "w"}, "argument 1: position 5: '*': expected '+' or ')'" + rule);
  expect_error({"add", "1", "w^(w*w)"}, "argument 2: position 6: 'w': expected a number" + rule);
  expect_error({"inv", "w^(1 + w)"},
               "argument 1: position 8: 'w': expected a term below the one before it (an exponent is in "
               "Cantor normal form, as in w^(w^2 + w + 1))");
  expect_output({"add", "w^(w^2*3 + w + 1)*5", "0"}, "w^(w^2*3 + w + 1)*5\n");
  expect_output({"mul", "(2*3)", "1"}, "1\n");  // outside an exponent '*' is the nim product
}

TEST(ContractParsing, HexForPowersOfTwo) {
  const std::string two64 = "0x10000000000000000";
  expect_output({"mul", "2^64", "3", "--hex"}, "0x30000000000000000\n");
  expect_output({"add", "2^64", "1", "--hex"}, "0x10000000000000001\n");
  expect_output({"div", "2^64", "1", "--hex"}, two64 + "\n");
  expect_output({"pow", "2^64", "1", "--hex"}, two64 + "\n");
  const big_nim x = big_nim::power_of_two(64);
  expect_output({"inv", "2^64", "--hex"}, x.inverse().to_string(16) + "\n");
  expect_output({"sqrt", "2^64", "--hex"}, x.sqrt().to_string(16) + "\n");
  expect_output({"mul", "2^64", "3", "--hex", "--format", "json"}, "{\"product\":\"0x30000000000000000\"}\n");
  expect_output({"mul", "w", "w", "w", "--hex"}, "0x2\n");
  expect_output({"mul", "w", "5", "--hex"}, "w*5\n");  // an infinite ordinal keeps its notation
}

TEST(ContractParsing, OptionsCli11Rejects) {
  expect_error({"mul", "5", "11", "--format", "json", "--format", "csv"},
               "--format: 'csv': expected at most 1 value (--format was given 2)");
  expect_error({"mul", "5", "11", "-x"}, "option: '-x': expected an option of 'nimber mul' (see its --help)");
  expect_error({"table", "16", "17"}, "argument 2: '17': expected end of arguments (see 'nimber table --help')");
  expect_error({"game", "foo", "ok"}, "command: 'foo': expected a command of 'nimber game' (outcome, grundy)");
  expect_error({"game"}, "command: end of arguments: expected a command of 'nimber game' (outcome, grundy)");
  expect_error({"mul", "5", "11", "--hex=banana"},
               "--hex: 'banana': expected no value (--hex is a flag; =true or =false at most)");
  expect_error({"solve", "--bits", "x", "1", "1", "1"}, "--bits: 'x': expected 8, 16, 32, 64 or 128");
  expect_error({"solve", "1", "1", "1", "--bits", "7"}, "--bits: '7': expected 8, 16, 32, 64 or 128");
  expect_error({"table", "4", "--op", "sub"}, "--op: 'sub': expected mul or add");
  expect_error({"table", "x"}, "argument 1: 'x': expected a table size from 1 to 4096");
  expect_error({"alpha", "--data=maybe", "7"},
               "--data: 'maybe': expected no value (--data is a flag; =true or =false at most)");
  expect_error({"coins", "ruler"}, "argument 2: end of arguments: expected POSITION (see 'nimber coins --help')");
  expect_error({"heap", "0.07"},
               "--terms: end of arguments: expected the option --terms, which 'nimber heap' requires");
  expect_error({"bench", "--threads", "2"}, "option: '--threads': expected --bits as well (--threads needs it)");
  expect_error({"bench", "--bits", "64", "--n", "5"},
               "option: '--n': expected no --bits with it (they exclude each other)");
  expect_error({"mul", "3", "--kernel"}, "--kernel: end of arguments: expected a value after it");
  expect_error({"mul", "5", "11", "--format"}, "--format: end of arguments: expected a value after it");
  expect_error({"game", "outcome", "a", "b"},
               "argument 2: 'b': expected end of arguments (see 'nimber game outcome --help')");
  expect_error({"coins", "ruler", "3", "4"}, "argument 3: '4': expected end of arguments (see 'nimber coins --help')");
  expect_error({"mul", "5", "--", "11"}, "argument 2: '11': expected end of arguments (see 'nimber mul --help')");
  expect_error({"--", "mul", "5", "11"},
               "command: '--': expected a command (mul, add, div, inv, sqrt, pow, table, batch, nim, kernels, bench, "
               "log, order, solve, triples, seq, matrix, game, heap, coins, alpha, misere)");
}

TEST(ContractParsing, SingleDashWord) {
  expect_error({"mul", "5", "11", "-hex"},
               "option: '-hex': expected an option of 'nimber mul' (see its --help); did you mean '--hex'?");
  expect_error({"-hex", "mul", "5", "11"},
               "option: '-hex': expected an option of 'nimber mul' (see its --help); did you mean '--hex'?");
  expect_output({"pow", "2", "-1"}, "3\n");  // a negative number is no option
}

TEST(ContractParsing, KernelFromEnvironment) {
  std::string names;
  for (const auto& k : nimber::kernel::list()) names += (names.empty() ? "" : ", ") + std::string(k.name);
  const char* outside = std::getenv("NIMBER_KERNEL");  // put back at the end for the other tests
  const std::string saved = outside ? outside : "";
  setenv("NIMBER_KERNEL", "bogus", 1);
  const result r = run({"mul", "5", "11"});
  const result listed = run({"kernels"});
  setenv("NIMBER_KERNEL", "portable", 1);
  const result portable = run({"mul", "5", "11"});
  if (outside) setenv("NIMBER_KERNEL", saved.c_str(), 1);
  else unsetenv("NIMBER_KERNEL");
  const std::string line = "nimber: error: NIMBER_KERNEL: 'bogus': expected a kernel name (" + names + ")\n";
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, line);
  EXPECT_EQ(listed.status, 2);
  EXPECT_EQ(listed.err, line);
  EXPECT_EQ(portable.status, 0);
  EXPECT_EQ(portable.out, "12\n");
  expect_error({"mul", "5", "11", "--kernel", "bogus"}, "--kernel: 'bogus': expected a kernel name (" + names + ")");
}

TEST(ContractParsing, EmptySequence) {
  expect_error({"seq", "inverses", "0"}, "argument 2: '0': expected a count from 1 to 10^7 (the inverses of 1..N)");
  expect_output({"seq", "inverses", "1"}, "1\n");
  expect_output({"seq", "squares", "0"}, "0\n");
}

TEST(ContractParsing, CoinRange) {
  expect_error({"coins", "ruler*mock", "1:9223372036854775808"},
               "argument 2: '1:9223372036854775808': expected a cell x:y with x from 1 below 2^64 and y from 0 "
               "below 2^63");
  EXPECT_EQ(run({"coins", "ruler*mock", "18446744073709551615:9223372036854775807"}).status, 0);
  expect_error({"coins", "mock", "9223372036854775808"},
               "argument 2: '9223372036854775808': expected a coin number from 0 below 2^63 (mock)");
}

TEST(ContractParsing, OrdinalOutOfReach) {
  const std::string reach =
      "expected an ordinal whose arithmetic needs only alphas within reach: alpha_3583 is not in the library's "
      "table, and its field is too large to compute on first use (nimber alpha computes it)";
  expect_error({"inv", "w^(w^500)"}, "argument 1: 'w^(w^500)': " + reach);
  expect_error({"mul", "w^(w^500*3582)", "w^(w^500)"}, "argument 2: 'w^(w^500)': " + reach);
}

TEST(ContractParsing, OrdinalsFromFilesAndStdin) {
  const operand_file omega(" w \n");
  expect_output({"mul", omega.arg(), "w", "w"}, "2\n");
  expect_output({"mul", "-", "w", "w"}, "2\n", "w\n");
  expect_output({"add", "-", "1"}, "w^w + 1\n", "w^w");
  expect_output({"mul", "-", "3", "--hex"}, "0x30000000000000000\n", "2^64");
  const operand_file bad("w^(2*3)");
  expect_error({"inv", bad.arg()},
               "argument 1: file '" + bad.path + "': position 5: '*': expected '+' or ')' (in an exponent '*' only "
               "gives a power of w its coefficient, as in w^(w^2*3))");
}

}  // namespace
