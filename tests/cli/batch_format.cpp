// The batch format of `nimber batch` (cli/batch_format.hpp), in-process: read_batch on every
// kind of input and error, against a plain reference reader, and the decimal line writer.
#include "batch_format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

using nimber::cli::batch_errc;
using nimber::parse_errc;

constexpr std::uint64_t kMax64 = ~std::uint64_t(0);

// ---- Batch reader -------------------------------------------------------------------------

struct batch {
  std::vector<std::uint64_t> a, b;
  nimber::cli::batch_error error;
  explicit batch(std::string_view input) { error = nimber::cli::read_batch(input, a, b); }
};

TEST(ReadBatch, AcceptsAnyWhitespaceLayout) {
  const batch r("3\n1 2\r\n\t18446744073709551615   0004\v\f5\n6");
  ASSERT_FALSE(r.error) << nimber::cli::expected_text(r.error);
  EXPECT_EQ(r.a, (std::vector<std::uint64_t>{1, kMax64, 5}));
  EXPECT_EQ(r.b, (std::vector<std::uint64_t>{2, 4, 6}));
}

TEST(ReadBatch, ZeroPairs) {
  for (const char* s : {"0", "0\n", "  0  \n\n", "00"}) {
    const batch r(s);
    EXPECT_FALSE(r.error) << s;
    EXPECT_TRUE(r.a.empty() && r.b.empty());
  }
}

TEST(ReadBatch, LongDigitRuns) {
  // 8-digit chunks, leading zeros and values near 2^64 around the buffer's end.
  const std::string zeros(30, '0');
  const batch r("2 " + zeros + "18446744073709551615 12345678 " + zeros + " 12345678901234567890");
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.a, (std::vector<std::uint64_t>{kMax64, 0}));
  EXPECT_EQ(r.b, (std::vector<std::uint64_t>{12345678, 12345678901234567890u}));
}

TEST(ReadBatch, EmptyInput) {
  for (const char* s : {"", " ", "\n\n\t "}) {
    const batch r(s);
    EXPECT_EQ(r.error.code, batch_errc::empty_input) << s;
    EXPECT_EQ(r.error.line, 1u);
    EXPECT_TRUE(r.error.at_end_of_input());
    EXPECT_EQ(nimber::cli::expected_text(r.error), "the pair count T (the input is empty)");
  }
}

TEST(ReadBatch, BadCount) {
  batch r("\n\n-3\n1 2");
  EXPECT_EQ(r.error.code, batch_errc::bad_count);
  EXPECT_EQ(r.error.cause, parse_errc::invalid_digit);
  EXPECT_EQ(r.error.line, 3u);
  EXPECT_EQ(r.error.token, "-3");
  EXPECT_EQ(nimber::cli::expected_text(r.error), "the pair count T (a decimal number below 2^64)");

  r = batch("18446744073709551616");
  EXPECT_EQ(r.error.cause, parse_errc::too_large);
  EXPECT_EQ(nimber::cli::expected_text(r.error), "the pair count T to be below 2^64");

  r = batch("0x10 1 1");  // hex is for the command line only: Library Checker is decimal
  EXPECT_EQ(r.error.code, batch_errc::bad_count);
  EXPECT_EQ(r.error.token, "0x10");
}

TEST(ReadBatch, BadValue) {
  batch r("2\n1 2\n3 4x5\n");
  EXPECT_EQ(r.error.code, batch_errc::bad_value);
  EXPECT_EQ(r.error.cause, parse_errc::invalid_digit);
  EXPECT_EQ(r.error.line, 3u);
  EXPECT_EQ(r.error.token, "4x5");
  EXPECT_EQ(r.error.pair, 2u);
  EXPECT_EQ(r.error.operand, 'B');
  EXPECT_EQ(nimber::cli::expected_text(r.error), "B of pair 2 of 2 (a decimal number below 2^64)");

  r = batch("1 18446744073709551616 1");
  EXPECT_EQ(r.error.code, batch_errc::bad_value);
  EXPECT_EQ(r.error.cause, parse_errc::too_large);
  EXPECT_EQ(r.error.operand, 'A');
  EXPECT_EQ(nimber::cli::expected_text(r.error), "A of pair 1 of 1 to be below 2^64");

  r = batch("1 99999999999999999999999999x 1");  // not a number beats too large
  EXPECT_EQ(r.error.cause, parse_errc::invalid_digit);

  r = batch("1 +1 1");
  EXPECT_EQ(r.error.token, "+1");
}

TEST(ReadBatch, MissingValues) {
  batch r("3\n1 2\n3 4\n");
  EXPECT_EQ(r.error.code, batch_errc::missing_value);
  EXPECT_TRUE(r.error.at_end_of_input());
  EXPECT_TRUE(r.error.token.empty());
  EXPECT_EQ(r.error.line, 3u);  // the last line, not the empty one after the final newline
  EXPECT_EQ(r.error.pair, 3u);
  EXPECT_EQ(r.error.operand, 'A');
  EXPECT_EQ(nimber::cli::expected_text(r.error), "A of pair 3 of 3 (the input has fewer pairs than T)");

  r = batch("1 5");
  EXPECT_EQ(r.error.code, batch_errc::missing_value);
  EXPECT_EQ(r.error.operand, 'B');
}

TEST(ReadBatch, HugeCountOnShortInputAllocatesLittle) {
  const batch r("18446744073709551615\n1 2\n");
  EXPECT_EQ(r.error.code, batch_errc::missing_value);
  EXPECT_EQ(r.error.pair, 2u);
  EXPECT_LE(r.a.size(), 16u);
}

TEST(ReadBatch, TrailingGarbage) {
  batch r("1\n1 2\n3\n");
  EXPECT_EQ(r.error.code, batch_errc::trailing_garbage);
  EXPECT_EQ(r.error.line, 3u);
  EXPECT_EQ(r.error.token, "3");
  EXPECT_EQ(nimber::cli::expected_text(r.error), "end of input (all T = 1 pairs have been read)");

  r = batch("0 junk");
  EXPECT_EQ(r.error.code, batch_errc::trailing_garbage);
  EXPECT_EQ(r.error.token, "junk");
}

// ---- read_batch against a plain reference -----------------------------------------------
//
// read_batch has a fast path for the common token (1 to 20 digits, below 2^64, then
// whitespace, with 24 bytes of input left) and an exact path for everything else. The
// reference below is written independently, one character at a time, and must agree with it
// on every field of every error and on every value.

struct reference_batch {
  std::vector<std::uint64_t> a, b;
  nimber::cli::batch_error error;
};

reference_batch reference_read_batch(std::string_view in) {
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  struct token {
    std::string_view text;
    std::size_t line;
  };
  std::vector<token> tokens;
  std::size_t line = 1;
  for (std::size_t i = 0; i < in.size();) {
    if (space(in[i])) {
      line += in[i++] == '\n';
      continue;
    }
    const std::size_t start = i;
    while (i < in.size() && !space(in[i])) ++i;
    tokens.push_back({in.substr(start, i - start), line});
  }
  auto parse = [](std::string_view t, std::uint64_t& v) {
    if (!std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return parse_errc::invalid_digit;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    return r.ec == std::errc() ? parse_errc::ok : parse_errc::too_large;
  };

  reference_batch r;
  nimber::cli::batch_error& e = r.error;
  std::size_t next = 0;
  // Fills e for a failure at tokens[next] (or at the end when there is none); false.
  auto fail = [&](batch_errc code, batch_errc at_end, parse_errc cause) {
    const bool end = next == tokens.size();
    e.code = end ? at_end : code;
    e.cause = end ? parse_errc::ok : cause;
    e.line = end ? (tokens.empty() ? 1 : tokens.back().line) : tokens[next].line;
    if (!end) e.token = tokens[next].text;
    return false;
  };
  auto read = [&](std::uint64_t& v, batch_errc missing, batch_errc bad) {
    if (next == tokens.size()) return fail(bad, missing, parse_errc::ok);
    const parse_errc ec = parse(tokens[next].text, v);
    if (ec != parse_errc::ok) return fail(bad, missing, ec);
    ++next;
    return true;
  };
  if (!read(e.count, batch_errc::empty_input, batch_errc::bad_count)) return r;
  for (std::uint64_t i = 0; i < e.count; ++i) {
    std::uint64_t x = 0, y = 0;
    e.pair = i + 1;
    e.operand = 'A';
    if (!read(x, batch_errc::missing_value, batch_errc::bad_value)) return r;
    e.operand = 'B';
    if (!read(y, batch_errc::missing_value, batch_errc::bad_value)) return r;
    r.a.push_back(x), r.b.push_back(y);
  }
  e.pair = 0;
  e.operand = 0;
  if (next != tokens.size()) fail(batch_errc::trailing_garbage, batch_errc::ok, parse_errc::ok);
  return r;
}

void expect_same_as_reference(std::string_view input) {
  const batch got(input);
  const reference_batch want = reference_read_batch(input);
  const auto& g = got.error;
  const auto& w = want.error;
  const std::string shown(input.substr(0, 200));
  ASSERT_EQ(int(g.code), int(w.code)) << shown;
  EXPECT_EQ(int(g.cause), int(w.cause)) << shown;
  EXPECT_EQ(g.line, w.line) << shown;
  EXPECT_EQ(g.token.data(), w.token.data()) << shown;  // the very same bytes of the input
  EXPECT_EQ(g.token.size(), w.token.size()) << shown;
  EXPECT_EQ(g.pair, w.pair) << shown;
  EXPECT_EQ(g.operand, w.operand) << shown;
  EXPECT_EQ(g.count, w.count) << shown;
  if (!g) {
    EXPECT_EQ(got.a, want.a) << shown;
    EXPECT_EQ(got.b, want.b) << shown;
  }
}

// A random token: mostly numbers of every length around the fast path's limits, some with
// leading zeros, some too large, some with a bad character anywhere.
std::string random_token(std::mt19937_64& rng) {
  static const char* const edges[] = {
      "0", "18446744073709551615", "18446744073709551616", "99999999999999999999",
      "10000000000000000000", "9999999999999999999", "100000000000000000000",
      "00000000000000000000000000000018446744073709551615", "1844674407370955161",
      "18446744073709551620", "19000000000000000000", "12345678", "123456789012345",
      "1234567890123456", "12345678901234567", "-1", "+5", "0x10", "x"};
  std::string t;
  switch (rng() % 8) {
    case 0: t = edges[rng() % std::size(edges)]; break;
    case 1: t = std::string(rng() % 30, '0') + std::to_string(rng() >> (rng() % 64)); break;
    case 2: t = std::to_string(rng()) + std::to_string(rng() % 1000); break;  // too large
    default: t = std::to_string(rng() >> (rng() % 64)); break;
  }
  if (rng() % 16 == 0) {  // a bad character: a letter, a sign, a NUL, a high byte
    static const char bad[] = {'a', '-', '+', '\0', '\x80', '\xff', '/', ':', '.', '_'};
    t.insert(t.begin() + std::ptrdiff_t(rng() % (t.size() + 1)), bad[rng() % std::size(bad)]);
  }
  return t;
}

std::string random_separator(std::mt19937_64& rng) {
  static const char ws[] = {' ', '\n', '\t', '\r', '\v', '\f'};
  if (rng() % 4) return rng() % 2 ? " " : "\n";
  std::string s;
  for (std::size_t n = 1 + rng() % 4; n; --n) s += ws[rng() % std::size(ws)];
  return s;
}

TEST(ReadBatch, MatchesReferenceOnRandomInputs) {
  std::mt19937_64 rng(2024);
  for (int round = 0; round < 4000; ++round) {
    const std::size_t pairs = rng() % 40;
    // T right, one short (trailing garbage), one over (missing values), or not a number.
    std::string input;
    if (rng() % 4 == 0) input = std::string(rng() % 3, '\n');
    switch (rng() % 6) {
      case 0: input += std::to_string(pairs + 1); break;
      case 1: input += std::to_string(pairs > 0 ? pairs - 1 : 0); break;
      case 2: input += random_token(rng); break;
      default: input += std::to_string(pairs); break;
    }
    // Mostly clean numbers, so that the errors fall anywhere in the input, near its end too.
    const bool clean = rng() % 2;
    for (std::size_t i = 0; i < 2 * pairs; ++i) {
      input += random_separator(rng);
      input += clean && rng() % 64 ? std::to_string(rng() >> (rng() % 64)) : random_token(rng);
    }
    if (rng() % 2) input += random_separator(rng);
    expect_same_as_reference(input);
    // Every cut of the tail: tokens that end at the end of the input, at every distance.
    for (std::size_t cut = 1; cut <= 30 && cut <= input.size(); ++cut)
      expect_same_as_reference(std::string_view(input).substr(0, input.size() - cut));
    if (HasFatalFailure()) return;
  }
}

TEST(ReadBatch, MatchesReferenceOnFuzzCorpus) {
  const auto dir = std::filesystem::path(NIMBER_SOURCE_DIR) / "fuzz" / "corpus" / "fuzz_batch_reader";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << "no corpus at " << dir;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream f(entry.path(), std::ios::binary);
    const std::string input{std::istreambuf_iterator<char>(f), {}};
    // As it is, and with padding after it, so that its tokens take the fast path too.
    expect_same_as_reference(input);
    expect_same_as_reference(input + std::string(32, ' '));
    expect_same_as_reference(input + std::string(32, '\n'));
    ++files;
  }
  EXPECT_GT(files, 0);
}

TEST(WriteDecimalLines, MatchesToChars) {
  std::vector<std::uint64_t> values{0, kMax64};
  for (std::uint64_t p = 1; p <= kMax64 / 10; p *= 10) values.insert(values.end(), {p - 1, p, p + 1});
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) values.push_back(rng() >> (rng() % 64));

  std::string out(values.size() * nimber::cli::max_decimal_line, '\0');
  out.resize(std::size_t(nimber::cli::write_decimal_lines(values, out.data()) - out.data()));
  std::string want;
  for (const std::uint64_t v : values) want += std::to_string(v) + "\n";
  EXPECT_EQ(out, want);
}

}  // namespace
