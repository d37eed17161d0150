// The text layer: parse_u128 / parse_u64 and to_chars.
#include "nimber/text.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <random>
#include <string>
#include <vector>

namespace {

using nimber::parse_errc;
using nimber::u128;

constexpr u128 kMax128 = ~u128(0);
constexpr std::uint64_t kMax64 = ~std::uint64_t(0);

parse_errc error_of(std::string_view s) { return nimber::parse_u128(s).ec; }
u128 value_of(std::string_view s) {
  const auto r = nimber::parse_u128(s);
  EXPECT_TRUE(r) << s;
  return r.value;
}

TEST(ParseU128, AcceptsDecimalHexBinary) {
  EXPECT_EQ(value_of("0"), 0u);
  EXPECT_EQ(value_of("1"), 1u);
  EXPECT_EQ(value_of("0000042"), 42u);
  EXPECT_EQ(value_of("18446744073709551615"), kMax64);
  EXPECT_EQ(value_of("18446744073709551616"), u128(kMax64) + 1);
  EXPECT_EQ(value_of("340282366920938463463374607431768211455"), kMax128);
  EXPECT_EQ(value_of("0x0"), 0u);
  EXPECT_EQ(value_of("0x2A"), 42u);
  EXPECT_EQ(value_of("0X2a"), 42u);
  EXPECT_EQ(value_of("0xffffffffffffffffffffffffffffffff"), kMax128);
  EXPECT_EQ(value_of("0x" + std::string(40, '0') + "1"), 1u);
  EXPECT_EQ(value_of("0b101010"), 42u);
  EXPECT_EQ(value_of("0B1"), 1u);
  EXPECT_EQ(value_of("0b" + std::string(128, '1')), kMax128);
  EXPECT_EQ(value_of(std::string(60, '0') + "340282366920938463463374607431768211455"), kMax128);
}

TEST(ParseU128, Empty) {
  for (const char* s : {"", "0x", "0X", "0b", "0B"})
    EXPECT_EQ(error_of(s), parse_errc::empty) << s;
}

TEST(ParseU128, InvalidDigit) {
  for (const char* s : {" 1", "1 ", "+1", "-1", "1a", "a1", "0x1g", "0b2", "0b12", "abc", "1_000",
                        "1'000", "0o7", "x", "0x-1", "00x1", "1.0", "1e3", "\t", "\xd9\xa1"})
    EXPECT_EQ(error_of(s), parse_errc::invalid_digit) << s;
  EXPECT_EQ(error_of(std::string_view("1\0", 2)), parse_errc::invalid_digit);
}

TEST(ParseU128, TooLarge) {
  EXPECT_EQ(error_of("340282366920938463463374607431768211456"), parse_errc::too_large);
  EXPECT_EQ(error_of("340282366920938463463374607431768211460"), parse_errc::too_large);
  EXPECT_EQ(error_of("3402823669209384634633746074317682114550"), parse_errc::too_large);
  EXPECT_EQ(error_of(std::string(100, '9')), parse_errc::too_large);
  EXPECT_EQ(error_of("0x1" + std::string(32, '0')), parse_errc::too_large);
  EXPECT_EQ(error_of("0b1" + std::string(128, '0')), parse_errc::too_large);
}

TEST(ParseU128, InvalidDigitWinsOverTooLarge) {
  EXPECT_EQ(error_of(std::string(50, '9') + "x"), parse_errc::invalid_digit);
  EXPECT_EQ(error_of("0x" + std::string(40, 'f') + "g"), parse_errc::invalid_digit);
}

TEST(ParseU64, Range) {
  EXPECT_EQ(nimber::parse_u64("18446744073709551615").value, kMax64);
  EXPECT_EQ(nimber::parse_u64("18446744073709551616").ec, parse_errc::too_large);
  EXPECT_EQ(nimber::parse_u64("0x10000000000000000").ec, parse_errc::too_large);
  EXPECT_EQ(nimber::parse_u64("-0").ec, parse_errc::invalid_digit);
  EXPECT_EQ(nimber::parse_u64("").ec, parse_errc::empty);
}

TEST(ParseErrc, Describes) {
  EXPECT_STREQ(nimber::to_string(parse_errc::ok), "");
  EXPECT_STREQ(nimber::to_string(parse_errc::too_large), "too large");
}

TEST(ToChars, EdgeValues) {
  EXPECT_EQ(nimber::to_string(0), "0");
  EXPECT_EQ(nimber::to_string(0, true), "0x0");
  EXPECT_EQ(nimber::to_string(kMax128), "340282366920938463463374607431768211455");
  EXPECT_EQ(nimber::to_string(kMax128, true), "0x" + std::string(32, 'f'));
  EXPECT_EQ(nimber::to_string(u128(kMax64) + 1), "18446744073709551616");
  EXPECT_EQ(nimber::to_string(u128(10'000'000'000'000'000'000u) * 10'000'000'000'000'000'000u),
            std::string("1").append(38, '0'));
}

TEST(ToChars, ShortBuffer) {
  char buf[39];
  auto r = nimber::to_chars(buf, buf + 38, kMax128);
  EXPECT_EQ(r.ec, std::errc::value_too_large);
  EXPECT_EQ(r.ptr, buf + 38);
  r = nimber::to_chars(buf, buf + 39, kMax128);
  EXPECT_EQ(r.ec, std::errc{});
  EXPECT_EQ(r.ptr, buf + 39);
  r = nimber::to_chars(buf, buf, 0);
  EXPECT_EQ(r.ec, std::errc::value_too_large);
}

// Every power of ten and its neighbours, where digit-count logic goes wrong.
std::vector<u128> decimal_edges() {
  std::vector<u128> v{0, kMax64, kMax128, u128(kMax64) + 1};
  for (u128 p = 1; p <= kMax128 / 10; p *= 10) {
    v.push_back(p - 1);
    v.push_back(p);
    v.push_back(p + 1);
  }
  return v;
}

TEST(ToChars, RoundTripsSeededRandomValues) {
  std::mt19937_64 rng(12345);
  std::vector<u128> values = decimal_edges();
  for (int i = 0; i < 20000; ++i) {
    const u128 x = (u128(rng()) << 64) | rng();
    values.push_back(x >> (rng() % 128));  // every bit length
  }
  for (const u128 x : values) {
    for (const bool hex : {false, true}) {
      const std::string s = nimber::to_string(x, hex);
      const auto back = nimber::parse_u128(s);
      ASSERT_TRUE(back) << s;
      ASSERT_TRUE(back.value == x) << s;
    }
    if (x <= kMax64) {  // agrees with the standard library where it can
      char want[32];
      const auto end = std::to_chars(want, want + 32, std::uint64_t(x)).ptr;
      ASSERT_EQ(nimber::to_string(x), std::string(want, end));
    }
  }
}

}  // namespace
