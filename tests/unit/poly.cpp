// Polynomial arithmetic over the nimber fields against the obvious slow answers.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "nimber/algebra/poly.hpp"

namespace {

using nimber::u128;
namespace poly = nimber::poly;

template <class U>
std::vector<U> random_poly(std::mt19937_64& rng, std::size_t size) {
  std::vector<U> p(size);
  for (auto& c : p) c = U((u128(rng()) << 64) | rng());
  return p;
}

template <class U>
std::vector<U> naive_mul(const std::vector<U>& a, const std::vector<U>& b) {
  if (a.empty() || b.empty()) return {};
  std::vector<U> r(a.size() + b.size() - 1, 0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j) r[i + j] ^= nimber::mul(a[i], b[j]);
  poly::trim(r);
  return r;
}

template <class U>
void check_arithmetic(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (const std::size_t n : {0, 1, 2, 31, 33, 64, 100, 257}) {
    const auto a = random_poly<U>(rng, n), b = random_poly<U>(rng, rng() % 300);
    const auto ab = poly::mul(std::span<const U>(a), std::span<const U>(b));
    ASSERT_EQ(ab, naive_mul(a, b)) << n;  // Karatsuba above 32 coefficients
    if (b.empty() || poly::degree(std::span<const U>(b)) < 0) continue;
    const auto [q, r] = poly::divmod(std::span<const U>(a), std::span<const U>(b));
    ASSERT_LT(poly::degree(std::span<const U>(r)), poly::degree(std::span<const U>(b)));
    const auto qb = poly::mul(std::span<const U>(q), std::span<const U>(b));
    auto back = poly::add(std::span<const U>(qb), std::span<const U>(r));
    auto a_trim = a;
    poly::trim(a_trim);
    ASSERT_EQ(back, a_trim);
  }
}

TEST(Poly, ArithmeticAgainstSchoolbook) {
  check_arithmetic<std::uint8_t>(8);
  check_arithmetic<std::uint64_t>(64);
  check_arithmetic<u128>(128);
}

// The 64-bit axpy behind divmod changes method at 1024 values (broadcast products below,
// batch::axpy's bit matrix from there) and works in chunks of 256: divisors on both sides.
TEST(Poly, DivmodAcrossTheAxpyThresholds) {
  std::mt19937_64 rng(4096);
  for (const std::size_t db : {31u, 255u, 256u, 300u, 1023u, 1024u, 1100u}) {
    const auto b = random_poly<std::uint64_t>(rng, db + 1);
    const auto a = random_poly<std::uint64_t>(rng, db + 40);
    const auto [q, r] = poly::divmod(std::span<const std::uint64_t>(a), std::span<const std::uint64_t>(b));
    ASSERT_LT(poly::degree(std::span<const std::uint64_t>(r)), long(db));
    auto back = naive_mul(q, b);
    back.resize(std::max(back.size(), r.size()), 0);
    for (std::size_t i = 0; i < r.size(); ++i) back[i] ^= r[i];
    poly::trim(back);
    auto want = a;
    poly::trim(want);
    ASSERT_EQ(back, want) << db;
  }
}

TEST(Poly, GcdOfPlantedCommonFactor) {
  std::mt19937_64 rng(5);
  for (int t = 0; t < 20; ++t) {
    auto common = random_poly<std::uint64_t>(rng, 6);
    common.back() = 1;
    const auto x = random_poly<std::uint64_t>(rng, 9), y = random_poly<std::uint64_t>(rng, 7);
    const auto a = poly::mul(std::span<const std::uint64_t>(common), std::span<const std::uint64_t>(x));
    const auto b = poly::mul(std::span<const std::uint64_t>(common), std::span<const std::uint64_t>(y));
    const auto g = poly::gcd(std::span<const std::uint64_t>(a), std::span<const std::uint64_t>(b));
    // Monic, divides both, and a multiple of the planted factor.
    ASSERT_EQ(g.back(), 1u);
    ASSERT_TRUE(poly::mod(std::span<const std::uint64_t>(a), std::span<const std::uint64_t>(g)).empty());
    ASSERT_TRUE(poly::mod(std::span<const std::uint64_t>(b), std::span<const std::uint64_t>(g)).empty());
    ASSERT_TRUE(poly::mod(std::span<const std::uint64_t>(g), std::span<const std::uint64_t>(common)).empty());
  }
}

TEST(Poly, EvaluateAndInterpolate) {
  std::mt19937_64 rng(6);
  const auto p = random_poly<std::uint64_t>(rng, 40);
  std::vector<std::uint64_t> xs(40);
  for (std::size_t i = 0; i < xs.size(); ++i) xs[i] = rng() ^ i;  // distinct with near certainty
  const auto ys = poly::eval_many(std::span<const std::uint64_t>(p), std::span<const std::uint64_t>(xs));
  for (std::size_t i = 0; i < xs.size(); ++i)
    ASSERT_EQ(ys[i], poly::eval(std::span<const std::uint64_t>(p), xs[i]));
  auto expected = p;
  poly::trim(expected);
  EXPECT_EQ(poly::interpolate(std::span<const std::uint64_t>(xs), std::span<const std::uint64_t>(ys)), expected);
  const std::vector<std::uint64_t> twice{3, 3}, vals{1, 2};
  EXPECT_THROW(poly::interpolate(std::span<const std::uint64_t>(twice), std::span<const std::uint64_t>(vals)),
               std::invalid_argument);
  const std::vector<std::uint64_t> zero{0};
  EXPECT_THROW(poly::divmod(std::span<const std::uint64_t>(p), std::span<const std::uint64_t>(zero)),
               nimber::division_by_zero);
}

}  // namespace
