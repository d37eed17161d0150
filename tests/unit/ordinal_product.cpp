// The ordinal product (operator*, square) against a slow reference written from the rules of
// Conway's "On Numbers and Games", ch. 6, with none of the library's product code: monomials
// multiplied one pair at a time, their exponent digits added as q-adic fractions, and each
// factor alpha_q that a carry leaves multiplied in by the same reference, the alphas read from
// the shipped table.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "nimber/big.hpp"
#include "nimber/transfinite/alpha.hpp"
#include "nimber/transfinite/ordinal.hpp"

namespace {

using nimber::big_nim;
using nimber::ordinal;
using digit_vector = std::vector<std::uint64_t>;

ordinal reference_mul(const ordinal& a, const ordinal& b);

const ordinal& table_alpha(std::size_t k) {
  const auto& table = nimber::alpha_table();
  EXPECT_LT(k, table.size());
  return table.at(k).alpha;
}

// The digit n at the prime q is the monomial kappa_q^(d_0 + d_1/q + d_2/q^2 + ...), d_i the
// base-q digits of n (kappa_(q^(i+1)) = kappa_q^(q^-i)). Two such fractions are added from the
// last place up; whether the sum reaches q (a factor alpha_q) is returned.
bool add_digit(std::uint64_t a, std::uint64_t b, std::uint64_t q, std::uint64_t& sum) {
  digit_vector x, y;
  for (; a != 0; a /= q) x.push_back(a % q);
  for (; b != 0; b /= q) y.push_back(b % q);
  x.resize(std::max(x.size(), y.size()), 0);
  y.resize(x.size(), 0);
  std::uint64_t carry = 0;
  for (std::size_t i = x.size(); i-- > 0;) {
    x[i] += y[i] + carry;
    carry = x[i] >= q;
    if (carry) x[i] -= q;
  }
  sum = 0;
  for (std::size_t i = x.size(); i-- > 0;) sum = sum * q + x[i];
  return carry != 0;
}

ordinal reference_monomial(const digit_vector& a, const digit_vector& b, const big_nim& coef) {
  digit_vector sum(std::max(a.size(), b.size()), 0);
  std::vector<std::size_t> carries;
  for (std::size_t k = 0; k < sum.size(); ++k)
    if (add_digit(k < a.size() ? a[k] : 0, k < b.size() ? b[k] : 0, nimber::odd_prime(k), sum[k]))
      carries.push_back(k);
  ordinal r = ordinal::omega_power(sum, coef);
  for (const std::size_t k : carries) r = reference_mul(r, table_alpha(k));
  return r;
}

ordinal reference_mul(const ordinal& a, const ordinal& b) {
  ordinal r;
  for (const ordinal::term& x : a.terms())
    for (const ordinal::term& y : b.terms()) r += reference_monomial(x.exponent, y.exponent, x.coef * y.coef);
  return r;
}

// A random ordinal of up to `terms` terms: digit k below bound[k] (0: kappa unused), each
// digit zero with probability 1/2, coefficients of up to coef_bits bits.
ordinal random_ordinal(std::mt19937_64& rng, const digit_vector& bound, int terms, std::size_t coef_bits) {
  std::vector<ordinal::term> t;
  const int n = 1 + int(rng() % std::uint64_t(terms));
  for (int i = 0; i < n; ++i) {
    digit_vector e(bound.size(), 0);
    for (std::size_t k = 0; k < bound.size(); ++k)
      if (bound[k] != 0 && rng() % 2 == 0) e[k] = rng() % bound[k];
    t.push_back({e, big_nim::random(1 + rng() % coef_bits, rng())});
  }
  return ordinal::from_terms(std::move(t));
}

// Bounds for the first `primes` kappas of the table: one digit (below q) or, every third
// prime, two digits (below q^2: kappa_(q^2) and its powers).
digit_vector digit_bounds(std::size_t primes) {
  digit_vector bound;
  for (std::size_t k = 0; k < primes; ++k) {
    const std::uint64_t q = nimber::odd_prime(k);
    bound.push_back(k % 3 == 0 ? q * q : q);
  }
  return bound;
}

TEST(OrdinalProduct, SparseOperandsAgainstTheReference) {
  std::mt19937_64 rng(20261128);
  const std::size_t primes = nimber::alpha_table().size();
  ASSERT_GE(primes, 30u);  // ManyCarries uses 30
  for (int i = 0; i < 60; ++i) {
    const std::size_t used = 1 + rng() % 16;
    digit_vector bound = digit_bounds(used);
    for (int spread = 0; spread < 3; ++spread) bound[rng() % used] = 0;
    const ordinal a = random_ordinal(rng, bound, 4, 64), b = random_ordinal(rng, bound, 4, 64);
    EXPECT_EQ(a * b, reference_mul(a, b)) << a << " * " << b;
    EXPECT_EQ(a.square(), reference_mul(a, a)) << a;
  }
}

// Coefficients past 64 bits take the product's big_nim path.
TEST(OrdinalProduct, WideCoefficientsAgainstTheReference) {
  std::mt19937_64 rng(20261129);
  for (int i = 0; i < 20; ++i) {
    const ordinal a = random_ordinal(rng, digit_bounds(8), 3, 200), b = random_ordinal(rng, digit_bounds(8), 3, 64);
    EXPECT_EQ(a * b, reference_mul(a, b)) << a << " * " << b;
    EXPECT_EQ(b.square(), reference_mul(b, b)) << b;
  }
}

// One term of many kappas times another, every digit nonzero: about half the digit sums carry,
// and the alphas' products cascade down the primes and merge.
TEST(OrdinalProduct, ManyCarriesAgainstTheReference) {
  std::mt19937_64 rng(20261130);
  for (const std::size_t primes : {12u, 12u, 20u, 20u, 26u}) {
    {
      ordinal factor[2];
      for (ordinal& x : factor) {
        digit_vector e;
        for (std::size_t k = 0; k < primes; ++k) e.push_back(1 + rng() % (nimber::odd_prime(k) - 1));
        x = ordinal::omega_power(e, big_nim(rng()));
      }
      const ordinal product = factor[0] * factor[1];
      EXPECT_GT(product.terms().size(), 4u);
      EXPECT_EQ(product, reference_mul(factor[0], factor[1])) << factor[0] << " * " << factor[1];
    }
  }
}

}  // namespace
