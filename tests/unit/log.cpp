// Discrete logarithms, orders and primitive elements against brute force in GF(2^8) and
// GF(2^16), and against their defining equations at 32, 64 and 128 bits.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "nimber/algebra/log.hpp"

namespace {

using nimber::u128;

// first[b] = the least x with a^x = b, or -1; and the order of a, by walking the powers.
template <class U>
std::vector<std::int64_t> first_powers(U a, std::uint64_t& order) {
  std::vector<std::int64_t> first(std::size_t(1) << nimber::bits_of<U>, -1);
  U x = 1;
  order = 0;
  do {
    first[x] = std::int64_t(order++);
    x = nimber::mul(x, a);
  } while (x != 1);
  return first;
}

// discrete_log(a, b) is first[b], or none where first[b] < 0.
template <class U>
void expect_log(U a, U b, const std::vector<std::int64_t>& first) {
  const auto x = nimber::discrete_log(a, b);
  ASSERT_EQ(x.has_value(), first[b] >= 0) << +a << " " << +b;
  if (x) {
    EXPECT_EQ(*x, first[b]) << +a << " " << +b;
  }
}

TEST(Log, EveryPairInGF256) {
  for (unsigned a = 1; a < 256; ++a) {
    std::uint64_t ord = 0;
    const auto first = first_powers(std::uint8_t(a), ord);
    EXPECT_EQ(nimber::order(std::uint8_t(a)), ord) << a;
    EXPECT_EQ(nimber::is_primitive(std::uint8_t(a)), ord == 255) << a;
    for (unsigned b = 0; b < 256; ++b) {
      expect_log(std::uint8_t(a), std::uint8_t(b), first);
    }
  }
}

TEST(Log, SampleInGF65536) {
  std::mt19937_64 rng(16);
  for (int trial = 0; trial < 24; ++trial) {
    const auto a = std::uint16_t(rng() % 65535 + 1);
    std::uint64_t ord = 0;
    const auto first = first_powers(a, ord);
    EXPECT_EQ(nimber::order(a), ord);
    for (int k = 0; k < 400; ++k) {
      const auto b = std::uint16_t(rng());
      expect_log(a, b, first);
    }
  }
}

TEST(Log, OrdersInGF65536) {
  // Every element is g^e for a primitive g, with order 65535 / gcd(e, 65535).
  const std::uint16_t g = nimber::smallest_primitive<std::uint16_t>();
  std::uint16_t x = 1;
  for (std::uint32_t e = 0; e < 65535; ++e, x = nimber::mul(x, g))
    ASSERT_EQ(nimber::order(x), 65535 / std::gcd(e, 65535u)) << e;
}

TEST(Log, SmallestPrimitiveByBruteForce) {
  std::uint64_t ord = 0;
  unsigned a = 2;
  while (first_powers(std::uint8_t(a), ord), ord != 255) ++a;
  EXPECT_EQ(nimber::smallest_primitive<std::uint8_t>(), a);
  unsigned b = 2;
  while (first_powers(std::uint16_t(b), ord), ord != 65535) ++b;
  EXPECT_EQ(nimber::smallest_primitive<std::uint16_t>(), b);
  // Larger fields: primitive, and nothing smaller is.
  const auto g64 = nimber::smallest_primitive<std::uint64_t>();
  EXPECT_TRUE(nimber::is_primitive(g64));
  EXPECT_GE(g64, std::uint64_t(1) << 32);  // below that lies the 32-bit subfield
  for (std::uint64_t c = std::uint64_t(1) << 32; c < g64; ++c) EXPECT_FALSE(nimber::is_primitive(c));
  EXPECT_TRUE(nimber::is_primitive(nimber::smallest_primitive<u128>()));
}

// a^x = b: x is a logarithm, the least one (below ord(a)), and congruent to any other.
template <class U>
void check_random_logs(int trials, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto random = [&] {
    u128 v = (u128(rng()) << 64) | rng();
    return U(v);
  };
  for (int t = 0; t < trials; ++t) {
    U a = random();
    if (a == 0) a = 1;
    const U ord = nimber::order(a);
    EXPECT_EQ(nimber::pow(a, ord), U(1));
    const U e = random();
    const U b = nimber::pow(a, e);
    const auto x = nimber::discrete_log(a, b);
    ASSERT_TRUE(x.has_value());
    EXPECT_EQ(nimber::pow(a, *x), b);
    EXPECT_LT(*x, ord);
    EXPECT_EQ(*x, U(e % ord));
    // An arbitrary target: a logarithm exists exactly when c lies in the subgroup of order
    // ord(a), i.e. when c^ord(a) = 1.
    const U c = random();
    const auto y = nimber::discrete_log(a, c);
    EXPECT_EQ(y.has_value(), c != 0 && nimber::pow(c, ord) == U(1));
    if (y) {
      EXPECT_EQ(nimber::pow(a, *y), c);
    }
  }
}

TEST(Log, RandomAt32Bits) { check_random_logs<std::uint32_t>(200, 32); }
TEST(Log, RandomAt64Bits) { check_random_logs<std::uint64_t>(200, 64); }
// Each 128-bit query walks millions of giant steps: one in the default suite.
TEST(Log, RandomAt128Bits) { check_random_logs<u128>(1, 128); }

#ifdef NIMBER_EXHAUSTIVE
TEST(LogExhaustive, EveryTargetFor256BasesInGF65536) {
  for (unsigned a = 1; a < 65536; a += 256) {
    std::uint64_t ord = 0;
    const auto first = first_powers(std::uint16_t(a), ord);
    for (unsigned b = 0; b < 65536; ++b) {
      expect_log(std::uint16_t(a), std::uint16_t(b), first);
    }
  }
}
TEST(LogExhaustive, RandomAt64And128Bits) {
  check_random_logs<std::uint64_t>(20000, 6464);
  check_random_logs<u128>(20, 128128);
}
#endif

TEST(Log, SubgroupElements) {
  // Bases of small order inside the 64-bit field: 2^32 + 1 divides the order of a unit.
  const std::uint64_t g = nimber::smallest_primitive<std::uint64_t>();
  const std::uint64_t a = nimber::pow(g, std::uint64_t(6700417) * 641 * 257);
  EXPECT_EQ(nimber::order(a), std::uint64_t(0xFFFFFFFFFFFFFFFF) / (6700417ULL * 641 * 257));
  EXPECT_EQ(nimber::discrete_log(a, std::uint64_t(1)), std::uint64_t(0));
  EXPECT_EQ(nimber::discrete_log(a, g), std::nullopt);
  EXPECT_EQ(nimber::discrete_log(std::uint64_t(1), std::uint64_t(1)), std::uint64_t(0));
  EXPECT_EQ(nimber::discrete_log(std::uint64_t(1), std::uint64_t(2)), std::nullopt);
}

TEST(Log, BadInput) {
  EXPECT_THROW(nimber::discrete_log(std::uint64_t(0), std::uint64_t(5)), std::domain_error);
  EXPECT_THROW(nimber::order(std::uint32_t(0)), std::domain_error);
  EXPECT_EQ(nimber::discrete_log(std::uint64_t(7), std::uint64_t(0)), std::nullopt);
  EXPECT_FALSE(nimber::is_primitive(std::uint8_t(0)));
  EXPECT_FALSE(nimber::is_primitive(std::uint8_t(1)));
}

}  // namespace
