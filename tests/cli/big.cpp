// The arithmetic commands on numbers of any size (nimber::big_nim behind them), operands
// from @FILE and from standard input ("-"), and `nimber bench --bits N`; the results are
// checked against big_nim and the fixed-width functions in-process.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "runner.hpp"
#include "nimber/arith.hpp"
#include "nimber/big.hpp"

namespace {

using cli_test::expect_error;
using cli_test::expect_output;
using cli_test::run;
using cli_test::temp_file;
using nimber::big_nim;
using nimber::u128;

constexpr const char* kNumber = "expected a number (decimal, 0x hex or 0b binary)";
constexpr const char* kExponent =
    "expected an exponent: an optional '-' and a number (decimal, 0x hex or 0b binary)";

std::string dec(const big_nim& x) { return x.to_string(10) + "\n"; }
std::string hex(const big_nim& x) { return x.to_string(16) + "\n"; }

// A temporary file holding `text`.
struct number_file : temp_file {
  explicit number_file(const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  std::string arg() const { return "@" + path; }
};

TEST(CliBig, FermatPowers) {
  // F * F = 3F/2 for F = 2^256 and 2^1024; distinct Fermat powers multiply as integers.
  for (std::size_t k : {256u, 1024u}) {
    const big_nim f = big_nim::power_of_two(k);
    const big_nim three_halves = f + big_nim::power_of_two(k - 1);
    expect_output({"mul", f.to_string(16), f.to_string(10)}, dec(three_halves));
    expect_output({"mul", f.to_string(10), f.to_string(2), "--hex"}, hex(three_halves));
  }
  expect_output({"mul", big_nim::power_of_two(256).to_string(),
                 big_nim::power_of_two(128).to_string(), "0x10000000000000000"},
                dec(big_nim::power_of_two(256 + 128 + 64)));
  // 2^128 is no longer past a limit.
  expect_output({"mul", "340282366920938463463374607431768211456", "1"},
                "340282366920938463463374607431768211456\n");
}

TEST(CliBig, AgreesWithBigNim) {
  const big_nim a = big_nim::random(200, 11), b = big_nim::random(200, 12);
  const big_nim c = big_nim::random(1000, 13), p2 = big_nim::power_of_two(200);
  expect_output({"mul", p2.to_string(), p2.to_string()}, dec(p2 * p2));
  expect_output({"mul", a.to_string(), b.to_string(16), c.to_string()}, dec(a * b * c));
  expect_output({"add", a.to_string(), b.to_string(), c.to_string(2)}, dec(a + b + c));
  expect_output({"div", c.to_string(), a.to_string(), "--hex"}, hex(c / a));
  expect_output({"inv", c.to_string(16)}, dec(c.inverse()));
  expect_output({"sqrt", c.to_string()}, dec(c.sqrt()));
  // Exponents of any size, negative ones through the inverse.
  expect_output({"pow", a.to_string(), c.to_string()}, dec(a.pow(c)));
  expect_output({"pow", a.to_string(), "-" + c.to_string(16)}, dec(a.inverse().pow(c)));
  const std::string e = "0x" + std::string(60, 'f');
  expect_output({"pow", "2", e}, dec(big_nim(std::uint64_t{2}).pow(big_nim::from_string(e))));
  expect_output({"pow", c.to_string(), "-0"}, "1\n");
}

TEST(CliBig, LeadingZeros) {
  const big_nim f = big_nim::power_of_two(256);
  expect_output({"mul", "0x" + std::string(100, '0') + f.to_string(16, false), "0001"}, dec(f));
  expect_output({"add", std::string(300, '0') + "5", "0b0000011"}, "6\n");
  expect_output({"sqrt", "000013"}, "8\n");
}

TEST(CliBig, SmallOperandsUnchanged) {
  const u128 big = ~u128(0);
  const std::vector<u128> values = {1,         2,   3,   8,   255, 0x10000, u128(1) << 63,
                                    u128(1) << 64, (u128(1) << 64) + 12345, big - 1, big};
  for (const u128 x : values) {
    const std::string xs = nimber::to_string(x);
    expect_output({"inv", xs}, nimber::to_string(nimber::inverse(x)) + "\n");
    expect_output({"sqrt", xs, "--hex"}, nimber::to_string(nimber::sqrt(x), true) + "\n");
    for (const u128 y : values) {
      const std::string ys = nimber::to_string(y, true);
      expect_output({"mul", xs, ys}, nimber::to_string(nimber::mul(x, y)) + "\n");
      expect_output({"div", xs, ys, "--hex"}, nimber::to_string(nimber::div(x, y), true) + "\n");
    }
  }
  expect_output({"add", "0", "0", "--hex"}, "0x0\n");
  expect_output({"pow", "0", "0"}, "1\n");
  expect_output({"pow", "7", "0x100", "--hex"},
                nimber::to_string(nimber::pow(u128(7), u128(0x100)), true) + "\n");
}

TEST(CliBig, OperandsFromFilesAndStdin) {
  const big_nim a = big_nim::random(1 << 16, 21), b = big_nim::random(5000, 22);
  // One number per file, surrounding whitespace allowed, decimal or hex.
  const number_file fa("\n  " + a.to_string(16) + " \r\n\n"), fb(b.to_string(10) + "\n");
  expect_output({"mul", fa.arg(), fb.arg()}, dec(a * b));
  expect_output({"mul", fa.arg(), "-"}, dec(a * b), "\t" + b.to_string() + "\n");
  expect_output({"mul", "-", "3", "--hex"}, hex(b * big_nim(std::uint64_t{3})), b.to_string(16));
  expect_output({"sqrt", "-"}, dec(a.sqrt()), a.to_string(10));
  expect_output({"div", "1", fa.arg()}, dec(a.inverse()));
  expect_output({"pow", "5", "-"}, dec(big_nim(std::uint64_t{5}).inverse().pow(b)),
                "-" + b.to_string() + "\n");
  const number_file zero(" 0x0 ");
  expect_output({"inv", "-"}, "2\n", "3");
  expect_output({"add", zero.arg(), "7"}, "7\n");
}

TEST(CliBig, Errors) {
  expect_error({"mul", "5", "x"}, std::string("argument 2: 'x': ") + kNumber);
  expect_error({"mul", "0x" + std::string(200, 'f') + "g", "1"},
               "argument 1: '0x" + std::string(62, 'f') + "... (203 characters)': " + kNumber);
  expect_error({"pow", "2", "1-2"}, std::string("argument 2: '1-2': ") + kExponent);

  const number_file empty(""), blank(" \n\t\n"), bad("  12x \n"), two("1 2\n"), zero("0\n");
  expect_error({"mul", empty.arg(), "2"},
               "argument 1: file '" + empty.path + "': empty file: " + kNumber);
  expect_error({"mul", "2", blank.arg()},
               "argument 2: file '" + blank.path + "': empty file: " + kNumber);
  expect_error({"add", "1", bad.arg()}, "argument 2: file '" + bad.path + "': '12x': " + kNumber);
  expect_error({"add", two.arg(), "1"}, "argument 1: file '" + two.path + "': '1 2': " + kNumber);
  expect_error({"sqrt", "-"}, std::string("argument 1: standard input: empty input: ") + kNumber,
               "  \n");
  expect_error({"pow", "2", "-"},
               std::string("argument 2: standard input: empty input: ") + kExponent);
  expect_error({"inv", "@/nonexistent/n.txt"},
               "argument 1: '@/nonexistent/n.txt': expected '@' and a readable file (No such file "
               "or directory)");
  expect_error({"mul", "-", "2", "-"},
               "argument 3: '-': expected at most one '-' (standard input holds one number; use "
               "@FILE)",
               "5");

  // Division by zero and 0 to a negative power, whatever the operands' size or source.
  const std::string big = big_nim::power_of_two(300).to_string();
  expect_error({"div", big, "0"}, "argument 2: '0': expected a nonzero divisor (division by zero)");
  expect_error({"div", big, zero.arg()},
               "argument 2: '" + zero.arg() + "': expected a nonzero divisor (division by zero)");
  expect_error({"inv", "-"}, "argument 1: '-': expected a nonzero number (0 has no inverse)",
               "0x000");
  const std::string exponent = big_nim::power_of_two(150).to_string();
  expect_error({"pow", "0", "-" + exponent},
               "argument 2: '-" + exponent +
                   "': expected a non-negative exponent, since the base is 0 (0 has no inverse)");
}

TEST(CliBig, HelpNamesFilesAndStdin) {
  for (const char* cmd : {"mul", "add", "div", "inv", "sqrt", "pow"}) {
    const cli_test::result r = run({cmd, "--help"});
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_NE(r.out.find("@FILE"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find("any size"), std::string::npos) << cmd;
  }
}

TEST(CliBig, BenchBits) {
  const cli_test::result r = run({"bench", "--bits", "1024"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("field: GF(2^1024)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel: "), std::string::npos) << r.out;
  ASSERT_FALSE(r.out.empty());
  ASSERT_EQ(r.out.back(), '\n');
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_TRUE(std::regex_match(last, std::regex("ns per product: [0-9]+(\\.[0-9]+)?\n"))) << last;

  const std::string want = "expected a number of bits from 1 to 67108864 (2^26)";
  expect_error({"bench", "--bits", "0"}, "--bits: '0': " + want);
  expect_error({"bench", "--bits", "lots"}, "--bits: 'lots': " + want);
  expect_error({"bench", "--bits", "67108865"}, "--bits: '67108865': " + want);
  expect_error({"bench", "--bits", "99999999999999999999999"},
               "--bits: '99999999999999999999999': " + want);
  const cli_test::result both = run({"bench", "--bits", "64", "--n", "10"});
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.out, "");
}

}  // namespace
