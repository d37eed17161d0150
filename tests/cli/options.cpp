// The global options (--version, --kernel, --format, --hex) before and after the command, and
// the same --format / --hex on every command that prints numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliOptions, Version) {
  expect_output({"--version"}, "nimber 0.4.0\n");
  expect_output({"mul", "--version"}, "nimber 0.4.0\n");
}

TEST(CliOptions, GlobalOptionsBeforeOrAfterTheCommand) {
  const std::string input = "3\n1 1\n5 11\n8 8\n";
  expect_output({"--kernel", "portable", "batch"}, "1\n12\n13\n", input);
  expect_output({"batch", "--kernel", "portable"}, "1\n12\n13\n", input);
  expect_output({"mul", "5", "--kernel", "portable", "11"}, "12\n");
  expect_output({"--hex", "mul", "5", "11"}, "0xc\n");
  expect_output({"mul", "5", "11", "--hex"}, "0xc\n");
  expect_output({"--format", "csv", "mul", "5", "11"}, "product\n12\n");
  expect_output({"game", "grundy", "-", "--format", "csv"}, "position,grundy\n0,1\n1,0\n",
                "2 1\n0 1\n");
  expect_output({"--format", "csv", "game", "grundy", "-"}, "position,grundy\n0,1\n1,0\n",
                "2 1\n0 1\n");
  const result r = run({"bench", "--n", "1000", "--kernel", "portable"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("kernel: portable\n", 0), 0u) << r.out;
}

TEST(CliOptions, BadGlobalOptions) {
  const result bad_kernel = run({"batch", "--kernel", "bogus"}, "0\n");
  EXPECT_EQ(bad_kernel.status, 2);
  EXPECT_EQ(bad_kernel.out, "");
  EXPECT_EQ(bad_kernel.err.rfind("nimber: error: --kernel: 'bogus': expected a kernel name (", 0),
            0u)
      << bad_kernel.err;
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"nim", "3", "--format", "xml"}, {"--format", "xml", "nim", "3"}, {"--format"}}) {
    const result r = run(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_EQ(r.err.rfind("nimber: error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_NE(run({"nim", "3", "--format", "xml"}).err.find("xml"), std::string::npos);
}

// Each of these once gave a message that did not say what was wrong (or no error at all).
TEST(CliOptions, MessagesNameTheProblem) {
  expect_error({"mull", "3", "4"},
               "command: 'mull': expected a command (mul, add, div, inv, sqrt, pow, table, batch, nim, "
               "kernels, bench, log, order, solve, triples, seq, matrix, game, heap, coins, alpha, misere); did you mean 'mul'?");
  expect_error({"--kernel"}, "--kernel: end of arguments: expected a value after it");
  expect_error({"mul", "3", "--kernel"}, "--kernel: end of arguments: expected a value after it");
  expect_error({"--hex"}, "command: end of arguments: expected a command; 'nimber --help' lists them");
  expect_error({"mul", "3", "4", "--hexx"},
               "option: '--hexx': expected an option of 'nimber mul' (see its --help); did you mean '--hex'?");
  expect_error({"heap", "0.07", "--term", "5"},
               "option: '--term': expected an option of 'nimber heap' (see its --help); did you mean '--terms'?");
  expect_error({"game", "grundy", "-", "--summ=1"},
               "option: '--summ=1': expected an option of 'nimber game grundy' (see its --help); did you mean '--sum'?");
  expect_error({"nim", "3", "--no-such-thing"},
               "option: '--no-such-thing': expected an option of 'nimber nim' (see its --help)");
  expect_error({"nim", "--format=xml", "3"},
               "--format: 'xml': expected text, csv or json (png and svg for 'table', dot for 'game grundy')");
  expect_error({"heap", "0.07", "--terms", "0"}, "--terms: '0': expected a number of terms from 1 to 2^32");
  expect_error({"coins", "ruler", "18446744073709551616"},
               "argument 2: '18446744073709551616': expected a number below 2^64");
  const std::string dir = NIMBER_TEST_DATA;
  expect_error({"matrix", "rank", dir},
               "argument 2: '" + dir + "': expected a readable file ('-' for stdin) (it is a directory)");
  expect_error({"game", "grundy", dir},
               "argument 1: '" + dir + "': expected a readable game file ('-' for stdin) (it is a directory)");
  expect_error({"mul", "@" + dir, "1"},
               "argument 1: '@" + dir + "': expected '@' and a readable file (it is a directory)");
  expect_output({"nim", "0", "0"}, "nim-sum: 0\nthe player to move loses: there is no move (every heap is empty)\n");
}

TEST(CliOptions, NimInEveryFormat) {
  expect_output({"nim", "3", "5", "7", "--format", "json"},
                "{\"nim_sum\":1,\"winning_moves\":[{\"heap\":1,\"from\":3,\"to\":2},"
                "{\"heap\":2,\"from\":5,\"to\":4},{\"heap\":3,\"from\":7,\"to\":6}]}\n");
  expect_output({"nim", "1", "2", "3", "--format", "json"},
                "{\"nim_sum\":0,\"winning_moves\":[]}\n");
  expect_output({"nim", "3", "5", "7", "--format", "csv"}, "heap,from,to\n1,3,2\n2,5,4\n3,7,6\n");
  // Heap indices are counts, not numbers: they stay decimal.
  expect_output({"nim", "12", "0x1", "--hex"},
                "nim-sum: 0xd\n"
                "the player to move wins; winning moves:\n"
                "heap 1: 0xc -> 0x1\n");
  expect_output({"nim", "12", "1", "--hex", "--format", "json"},
                "{\"nim_sum\":\"0xd\",\"winning_moves\":[{\"heap\":1,\"from\":\"0xc\",\"to\":\"0x1\"}]}\n");
}

TEST(CliOptions, TableAndBatchInEveryFormat) {
  expect_output({"table", "2", "--format", "json"}, "{\"table\":[[0,0],[0,1]]}\n");
  expect_output({"table", "4", "--op", "add", "--hex", "--format", "csv"},
                "0x0,0x1,0x2,0x3\n0x1,0x0,0x3,0x2\n0x2,0x3,0x0,0x1\n0x3,0x2,0x1,0x0\n");
  expect_output({"table", "3", "--hex"},
                "+---+-----------+\n"
                "|   |0x0 0x1 0x2|\n"
                "+---+-----------+\n"
                "|0x0|0x0 0x0 0x0|\n"
                "|0x1|0x0 0x1 0x2|\n"
                "|0x2|0x0 0x2 0x3|\n"
                "+---+-----------+\n");
  const std::string input = "3\n1 1\n5 11\n8 8\n";
  expect_output({"batch", "--format", "json"}, "{\"products\":[1,12,13]}\n", input);
  expect_output({"batch", "--format", "csv"}, "product\n1\n12\n13\n", input);
  expect_output({"batch", "--hex"}, "0x1\n0xc\n0xd\n", input);
  expect_output({"batch", "--format", "json"}, "{\"products\":[]}\n", "0\n");
}

TEST(CliOptions, FieldCommandsInEveryFormat) {
  expect_output({"log", "2", "3", "--format", "json"}, "{\"log\":2}\n");
  expect_output({"order", "2", "--format", "csv"}, "order\n3\n");
  expect_output({"solve", "1", "1", "1", "--format", "json", "--hex"}, "{\"roots\":[\"0x2\",\"0x3\"]}\n");
  expect_output({"triples", "1", "6", "--format", "csv"}, "term\n1\n2\n3\n4\n8\n12\n");
  expect_output({"seq", "inverses", "3", "--format", "json"}, "{\"inverses\":[1,3,2]}\n");
  expect_output({"matrix", "rank", "--format", "json"}, "{\"rank\":2}\n", "1 2\n3 4\n");
  expect_output({"matrix", "rank", "--hex"}, "2\n", "1 2\n3 4\n");  // a rank is a count
  expect_output({"matrix", "solve", "--format", "json"},
                "{\"solution\":[0,0],\"null_space\":[[1,1]]}\n", "1 1 0\n");
  expect_output({"matrix", "solve", "--format", "csv"}, "0,0\n1,1\n", "1 1 0\n");
}

TEST(CliOptions, GamesInEveryFormat) {
  expect_output({"coins", "ruler", "3,6,8", "--format", "csv"}, "value,turn\n11,6 7 8\n");
  expect_output({"coins", "ruler", "3,6,8", "--format", "json"},
                "{\"rule\":\"ruler\",\"heads\":[3,6,8],\"value\":11,\"winning_move\":{\"turn\":[6,7,8]}}\n");
  expect_output({"coins", "twins", "1,2,3"}, "value: 0\nthe player to move loses: value 0\n");
  expect_output({"coins", "corners", "2:3", "--format", "json"},
                "{\"rule\":\"twins*twins\",\"value\":1,\"winning_move\":"
                "{\"corner\":[2,3],\"rows\":[0,2],\"columns\":[0,3]}}\n");
  expect_output({"heap", "0.07", "--terms", "6", "--hex"}, "0x0 0x0 0x1 0x1 0x2 0x0\n");
  expect_output({"heap", "0.77", "--terms", "20", "--heaps", "5,9", "--format", "json"},
                "{\"game\":\"0.77\",\"terms\":20,\"values\":[0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,"
                "3,2],\"sum\":{\"heaps\":[5,9],\"value\":0,\"winning_moves\":[]}}\n");
}

TEST(CliOptions, KernelsAndBench) {
  const result k = run({"kernels", "--format", "json"});
  EXPECT_EQ(k.status, 0) << k.err;
  EXPECT_EQ(k.out.rfind("{\"kernels\":[{\"name\":\"portable\",\"supported\":true,", 0), 0u) << k.out;
  EXPECT_NE(k.out.find("\"active\":\""), std::string::npos) << k.out;
  // Each kernel names the scalar product path that goes with it (the registry forces both).
  EXPECT_NE(k.out.find("\"scalar\":\"byte tower (64 KiB product table)\""), std::string::npos) << k.out;
  const result csv = run({"kernels", "--format", "csv"});
  EXPECT_EQ(csv.out.rfind("name,supported,requires,scalar,active\nportable,true,none (plain C++),byte tower (64 KiB product table),", 0), 0u) << csv.out;
  const result b = run({"bench", "--n", "1000", "--format", "csv"});
  EXPECT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(b.out.rfind("kernel,pairs,xor_of_products,ns_per_product\n", 0), 0u) << b.out;
}

// Comma lists: an empty list and an empty item are errors like any other bad token.
TEST(CliOptions, ListErrors) {
  expect_error({"heap", "0.07", "--terms", "20", "--heaps", ""},
               "--heaps: '': expected heap sizes below --terms (20)");
  expect_error({"heap", "0.07", "--terms", "20", "--heaps", "3,,4"},
               "--heaps: '': expected heap sizes below --terms (20)");
  expect_error({"coins", "ruler", ""},
               "argument 2: '': expected coin numbers 3,5,9 (decimal, distinct)");
  expect_error({"coins", "corners", "1:2,"},
               "argument 2: '': expected a cell x:y with x from 0 below 2^64 and y from 0 below 2^64");
  expect_error({"coins", "corners", "1:x"},
               "argument 2: '1:x': expected a cell x:y with x from 0 below 2^64 and y from 0 below 2^64");
  expect_error({"game", "grundy", "-", "--sum", ""},
               "--sum: '': expected position numbers U1,U2,... below N = 2", "2 1\n0 1\n");
}

}  // namespace

// Suggestions only where a word is near enough to have been meant.
TEST(CliOptions, SuggestionsAndMissingArguments) {
  const result foo = run({"foo"});
  EXPECT_EQ(foo.status, 2);
  EXPECT_EQ(foo.err.find("did you mean"), std::string::npos) << foo.err;
  const result hepa = run({"hepa", "0.07", "--terms", "3"});
  EXPECT_NE(hepa.err.find("did you mean 'heap'?"), std::string::npos) << hepa.err;
  expect_error({"game", "grundy", "--sum", "1"},
               "argument 1: end of arguments: expected FILE (see 'nimber game grundy --help')");
}
