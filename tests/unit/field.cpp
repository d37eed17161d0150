// The value types: operators, ordering, checked division and signed powers.
#include <gtest/gtest.h>

#include <set>

#include "nimber/nimber.hpp"

namespace {

using nimber::nim128;
using nimber::nim16;
using nimber::nim64;
using nimber::nim8;

TEST(Field, OperatorsFollowTheRawApi) {
  constexpr nim8 a(5), b(11);
  static_assert((a * b).value() == 12);
  static_assert((a + b).value() == (5 ^ 11));
  static_assert(a - b == a + b);
  static_assert(-a == a);
  const nim64 x(0x0123456789abcdefULL), y(0xfedcba9876543210ULL);
  EXPECT_EQ((x * y).value(), nimber::mul(x.value(), y.value()));
  EXPECT_EQ((x / y) * y, x);
  EXPECT_EQ(x.square(), x * x);
  EXPECT_EQ(x.sqrt() * x.sqrt(), x);
  nim64 z = x;
  z *= y;
  z /= y;
  z += y;
  z -= y;
  EXPECT_EQ(z, x);
}

TEST(Field, OrderingIsByIntegerValue) {
  EXPECT_LT(nim16(3), nim16(4));
  EXPECT_GT(nim128(nimber::u128(1) << 100), nim128(7));
  std::set<nim8> s{nim8(9), nim8(2), nim8(5)};
  EXPECT_EQ(s.begin()->value(), 2);
}

TEST(Field, DivisionByZeroThrows) {
  EXPECT_THROW(nim64(0).inverse(), nimber::division_by_zero);
  EXPECT_THROW(nim64(5) / nim64(0), nimber::division_by_zero);
  EXPECT_THROW(nim8(0).pow(-1), nimber::division_by_zero);
  EXPECT_NO_THROW(nim8(0).pow(3));
}

TEST(Field, SignedPowersGoThroughTheInverse) {
  const nim64 x(123456789);
  EXPECT_EQ(x.pow(-1), x.inverse());
  EXPECT_EQ(x.pow(-3) * x.pow(3), nim64(1));
  EXPECT_EQ(x.pow(0), nim64(1));
  EXPECT_EQ(nim64(0).pow(0), nim64(1));
  const nim128 w((nimber::u128(0xdeadbeef) << 70) | 12345);
  EXPECT_EQ(w.pow(-5) * w.pow(5u), nim128(1));
  EXPECT_EQ(w.pow(std::numeric_limits<long long>::min()) * w.pow(std::uint64_t(1) << 63), nim128(1));
}

}  // namespace
