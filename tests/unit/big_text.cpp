// big_nim's text: every radix with its prefix and leading zeros, the errors by kind, round
// trips from 0 to 100,000 bits, decimal against the 128-bit formatting, and stream output.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "edge_values.hpp"
#include "nimber/big.hpp"

namespace {

using nimber::big_nim;
using nimber::u128;
using u64 = std::uint64_t;

TEST(BigText, ParsesEveryRadixWithLeadingZeros) {
  EXPECT_EQ(big_nim::from_string("0"), big_nim());
  EXPECT_EQ(big_nim::from_string("000042"), big_nim(u64(42)));
  EXPECT_EQ(big_nim::from_string("0x002a"), big_nim(u64(42)));
  EXPECT_EQ(big_nim::from_string("0X2A"), big_nim(u64(42)));
  EXPECT_EQ(big_nim::from_string("0b00101010"), big_nim(u64(42)));
  EXPECT_EQ(big_nim::from_string("340282366920938463463374607431768211456"), big_nim::power_of_two(128));
  EXPECT_EQ(big_nim::from_string("0000000000000000000000000340282366920938463463374607431768211455"),
            big_nim(~u128(0)));
  EXPECT_EQ(big_nim::from_string("0x1" + std::string(32, '0')), big_nim::power_of_two(128));
  EXPECT_EQ(big_nim::from_string("0b1" + std::string(200, '0')), big_nim::power_of_two(200));
  EXPECT_EQ(big_nim::from_string("18446744073709551615"), big_nim(~u64(0)));
  EXPECT_EQ(big_nim::from_string("18446744073709551616"), big_nim::power_of_two(64));
}

TEST(BigText, ReportsErrors) {
  using nimber::parse_errc;
  EXPECT_EQ(big_nim::parse("").ec, parse_errc::empty);
  EXPECT_EQ(big_nim::parse("0x").ec, parse_errc::empty);
  EXPECT_EQ(big_nim::parse("0b").ec, parse_errc::empty);
  EXPECT_EQ(big_nim::parse("12a").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse("0x12g").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse("0b102").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse("0z12").ec, parse_errc::invalid_digit);  // no such prefix
  EXPECT_EQ(big_nim::parse("-1").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse(" 1").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse("1 ").ec, parse_errc::invalid_digit);
  EXPECT_EQ(big_nim::parse(std::string(30, '1') + " 1").ec, parse_errc::invalid_digit);  // GMP would skip the space
  EXPECT_EQ(big_nim::parse("0x-1").ec, parse_errc::invalid_digit);
  EXPECT_TRUE(big_nim::parse("0x0"));
  EXPECT_THROW(big_nim::from_string("nope"), std::invalid_argument);
  EXPECT_THROW(big_nim(u64(1)).to_string(8), std::invalid_argument);
}

TEST(BigText, RoundTripsInEveryRadix) {
  for (std::size_t bits : {0, 1, 63, 64, 65, 200, 4096, 100000}) {
    const big_nim x = big_nim::random(bits, bits + 1);
    for (int base : {2, 10, 16}) {
      ASSERT_EQ(big_nim::from_string(x.to_string(base)), x) << bits << " bits, base " << base;
    }
  }
  EXPECT_EQ(big_nim().to_string(16), "0x0");
  EXPECT_EQ(big_nim().to_string(2, false), "0");
  EXPECT_EQ(big_nim().to_string(), "0");
  EXPECT_EQ(big_nim::power_of_two(64).to_string(), "18446744073709551616");
  EXPECT_EQ(big_nim::power_of_two(64).to_string(16), "0x10000000000000000");
  EXPECT_EQ(big_nim(u64(5)).to_string(2), "0b101");
  std::ostringstream os;
  os << big_nim(u64(255)) << ' ' << std::hex << big_nim(u64(255)) << ' ' << std::showbase << big_nim(u64(255));
  EXPECT_EQ(os.str(), "255 ff 0xff");
}

TEST(BigText, DecimalMatchesU128Formatting) {
  for (u128 v : nimber::test::test_values<u128>(300))
    ASSERT_EQ(big_nim(v).to_string(), nimber::to_string(v));
}

}  // namespace
