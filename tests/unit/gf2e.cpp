// GF(2^E) (nimber/gf2e.hpp): against a schoolbook product and long division for small and
// medium E (every pair for E <= 8), field axioms, Fermat's little theorem, orders, inverses,
// norms, p-th powers against brute force, and the moduli against brute-force factorisation.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "nimber/gf2e.hpp"
#include "nimber/kernel.hpp"

namespace {

using nimber::gf2e;
using u64 = std::uint64_t;
using element = gf2e::element;

bool bit(const std::vector<u64>& a, u64 i) { return i / 64 < a.size() && (a[i / 64] >> (i % 64) & 1); }
void flip(std::vector<u64>& a, u64 i) { a[i / 64] ^= u64(1) << (i % 64); }

std::vector<u64> modulus_poly(const gf2e& f) {
  std::vector<u64> m(f.degree() / 64 + 1, 0);
  flip(m, f.degree()), flip(m, 0);
  for (const u64 k : f.middle_terms()) flip(m, k);
  return m;
}

// a b by the definition, then long division by the modulus, a bit at a time.
element reference_mul(const gf2e& f, const element& a, const element& b) {
  const u64 E = f.degree();
  std::vector<u64> c(2 * f.limbs() + 1, 0);
  for (u64 i = 0; i < E; ++i)
    if (bit(a, i))
      for (u64 j = 0; j < E; ++j)
        if (bit(b, j)) flip(c, i + j);
  const std::vector<u64> m = modulus_poly(f);
  for (u64 d = 2 * E; d-- > E;)
    if (bit(c, d))
      for (u64 i = 0; i <= E; ++i)
        if (bit(m, i)) flip(c, d - E + i);
  c.resize(f.limbs());
  return c;
}

element random_element(const gf2e& f, std::mt19937_64& rng) {
  element a(f.limbs());
  for (u64& v : a) v = rng();
  if (f.degree() % 64 != 0) a.back() &= (u64(1) << (f.degree() % 64)) - 1;
  return a;
}

element small(const gf2e& f, u64 v) { return f.from_polynomial(std::vector<u64>{v}); }

// Whether the polynomial with bits `f` (degree E <= 24) is irreducible, by trial division by
// every polynomial of degree 1 .. E/2.
bool irreducible_by_trial(u64 f, unsigned E) {
  for (u64 g = 2; g < (u64(1) << (E / 2 + 1)); ++g) {
    const int dg = 63 - __builtin_clzll(g);
    u64 r = f;
    for (int d = int(E); d >= dg; --d)
      if (r >> d & 1) r ^= g << (d - dg);
    if (r == 0) return false;
  }
  return true;
}

u64 as_bits(const gf2e& f) {
  u64 m = u64(1) << f.degree() | 1;
  for (const u64 k : f.middle_terms()) m |= u64(1) << k;
  return m;
}

TEST(Gf2e, EveryProductUpToDegree8) {
  for (u64 E = 1; E <= 8; ++E) {
    const gf2e f(E);
    for (u64 a = 0; a < (u64(1) << E); ++a)
      for (u64 b = 0; b < (u64(1) << E); ++b)
        ASSERT_EQ(f.mul(element{a}, element{b}), reference_mul(f, element{a}, element{b})) << E << ": " << a << " " << b;
  }
}

TEST(Gf2e, RandomProductsAgainstTheSchoolbookOnEveryKernel) {
  const std::string before(nimber::kernel::active());
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    std::mt19937_64 rng(21);
    for (const u64 E : {9u, 31u, 63u, 64u, 65u, 127u, 128u, 129u, 233u, 521u, 1000u, 1279u}) {
      const gf2e f(E);
      for (int i = 0; i < 6; ++i) {
        const element a = random_element(f, rng), b = random_element(f, rng);
        ASSERT_EQ(f.mul(a, b), reference_mul(f, a, b)) << k.name << " E = " << E;
        ASSERT_EQ(f.square(a), reference_mul(f, a, a)) << k.name << " E = " << E;
      }
    }
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

TEST(Gf2e, GivenModuliWithHighMiddleTerms) {
  // The reciprocal x^E f(1/x) of an irreducible f is irreducible: middle exponents near E,
  // which the reduction handles in whole rounds instead of its one pass.
  std::mt19937_64 rng(26);
  for (const u64 E : {7u, 100u, 127u, 200u, 256u}) {
    std::vector<u64> reciprocal;
    for (const u64 k : gf2e::modulus(E)) reciprocal.push_back(E - k);
    ASSERT_TRUE(gf2e::is_irreducible(E, reciprocal)) << E;
    const gf2e f(E, reciprocal);
    for (int i = 0; i < 5; ++i) {
      const element a = random_element(f, rng), b = random_element(f, rng);
      ASSERT_EQ(f.mul(a, b), reference_mul(f, a, b)) << E;
      ASSERT_TRUE(f.is_one(f.mul(a, f.inverse(a))) || f.is_zero(a)) << E;
    }
  }
}

TEST(Gf2e, ModuliAreIrreducibleAndTheFirstOfTheirShape) {
  for (unsigned E = 2; E <= 22; ++E) {
    const gf2e f(E);
    const u64 m = as_bits(f);
    EXPECT_TRUE(irreducible_by_trial(m, E)) << E;
    EXPECT_TRUE(gf2e::is_irreducible(E, f.middle_terms())) << E;
    // No trinomial with a smaller middle exponent (nor any, for a pentanomial) is irreducible.
    const u64 last_k = f.middle_terms().size() == 1 ? f.middle_terms()[0] : E / 2 + 1;
    for (u64 k = 1; k < last_k; ++k) {
      const u64 t = u64(1) << E | u64(1) << k | 1;
      EXPECT_FALSE(irreducible_by_trial(t, E)) << E << " " << k;
      EXPECT_FALSE(gf2e::is_irreducible(E, std::vector<u64>{k})) << E << " " << k;
    }
  }
  EXPECT_EQ(gf2e(1).middle_terms().size(), 0u);
  EXPECT_EQ(gf2e(8).middle_terms().size(), 3u);  // no trinomial of degree 8 (Swan)
}

TEST(Gf2e, RabinAgreesWithTrialDivision) {
  for (unsigned E = 2; E <= 14; ++E)
    for (u64 k = 1; k < E; ++k) {
      const u64 t = u64(1) << E | u64(1) << k | 1;
      EXPECT_EQ(gf2e::is_irreducible(E, std::vector<u64>{k}), irreducible_by_trial(t, E)) << E << " " << k;
    }
  for (unsigned E = 6; E <= 12; ++E)
    for (u64 a = 3; a < E; ++a)
      for (u64 b = 2; b < a; ++b)
        for (u64 c = 1; c < b; ++c) {
          const u64 p = u64(1) << E | u64(1) << a | u64(1) << b | u64(1) << c | 1;
          EXPECT_EQ(gf2e::is_irreducible(E, std::vector<u64>{a, b, c}), irreducible_by_trial(p, E));
        }
}

TEST(Gf2e, ComposedModuliOfLargeDegreesAreIrreducible) {
  // Above 2048 the search tries g(x^t) first (Lidl and Niederreiter, Theorem 3.35); Rabin's
  // test on the result checks it independently.
  for (const u64 E : {2100u, 2220u, 2580u}) {
    const std::vector<u64> m = gf2e::modulus(E);
    EXPECT_TRUE(gf2e::is_irreducible(E, m)) << E;
    EXPECT_LE(m.front() * 2, E);
  }
}

TEST(Gf2e, FieldAxiomsAndFermat) {
  std::mt19937_64 rng(22);
  for (const u64 E : {1u, 2u, 5u, 8u, 13u, 64u, 65u, 100u, 163u, 571u, 1000u}) {
    const gf2e f(E);
    for (int i = 0; i < 4; ++i) {
      const element a = random_element(f, rng), b = random_element(f, rng), c = random_element(f, rng);
      EXPECT_EQ(f.mul(a, b), f.mul(b, a));
      EXPECT_EQ(f.mul(f.mul(a, b), c), f.mul(a, f.mul(b, c)));
      EXPECT_EQ(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)));
      EXPECT_EQ(f.mul(a, f.one()), a);
      EXPECT_EQ(f.frobenius(a, E), a);                                 // a^(2^E) = a
      EXPECT_EQ(f.frobenius(a, 3), f.pow(a, 8));
      if (!f.is_zero(a)) {
        EXPECT_TRUE(f.is_one(f.mul(a, f.inverse(a)))) << E;
        std::vector<u64> order(E / 64 + 1, 0);  // 2^E - 1
        for (u64 j = 0; j < E; ++j) flip(order, j);
        EXPECT_TRUE(f.is_one(f.pow(a, order))) << E;                   // a^(2^E - 1) = 1
        EXPECT_TRUE(f.is_one(f.pow_cofactor(a, 1))) << E;
      }
    }
    EXPECT_TRUE(f.is_zero(f.inverse(f.zero())));
  }
}

TEST(Gf2e, PowersAgainstRepeatedProducts) {
  std::mt19937_64 rng(23);
  for (const u64 E : {7u, 64u, 97u}) {
    const gf2e f(E);
    const element a = random_element(f, rng);
    element p = f.one();
    for (u64 e = 0; e < 300; ++e) {
      ASSERT_EQ(f.pow(a, e), p) << E << " " << e;
      p = f.mul(p, a);
    }
    // A long exponent reduces mod 2^E - 1: 2^(E+1) + 3 = 2 (2^E - 1) + 5 and
    // 2^(3E) + 2^E + 1 = 3 mod 2^E - 1.
    std::vector<u64> e1(f.limbs() + 1, 0), e2(3 * f.limbs() + 1, 0);
    flip(e1, E + 1), e1[0] ^= 3;
    flip(e2, 3 * E), flip(e2, E), flip(e2, 0);
    EXPECT_EQ(f.pow(a, e1), f.pow(a, 5));
    EXPECT_EQ(f.pow(a, e2), f.pow(a, 3));
    EXPECT_EQ(f.pow(f.zero(), e1), f.zero());
    EXPECT_TRUE(f.is_one(f.pow(f.zero(), std::vector<u64>{0})));
  }
}

TEST(Gf2e, OrdersDivideTheGroupOrder) {
  for (u64 E = 2; E <= 12; ++E) {
    const gf2e f(E);
    const u64 N = (u64(1) << E) - 1;
    for (u64 v = 1; v <= N; v += 7) {
      const element a = small(f, v);
      element p = a;
      u64 order = 1;
      while (!f.is_one(p)) p = f.mul(p, a), ++order;
      EXPECT_EQ(N % order, 0u) << E << " " << v;
      EXPECT_TRUE(f.is_one(f.pow(a, order)));
    }
  }
}

TEST(Gf2e, PthPowersAgainstBruteForce) {
  for (u64 E = 2; E <= 12; ++E) {
    const gf2e f(E);
    const u64 N = (u64(1) << E) - 1;
    for (u64 p = 1; p <= N; ++p) {
      if (N % p != 0) continue;
      std::set<u64> powers;
      for (u64 b = 0; b <= N; ++b) powers.insert(f.pow(small(f, b), p)[0]);
      for (u64 a = 0; a <= N; ++a) {
        ASSERT_EQ(f.is_pth_power(small(f, a), p), powers.count(a) == 1) << E << " p=" << p << " a=" << a;
        if (a != 0) {
          ASSERT_EQ(f.pow_cofactor(small(f, a), p), f.pow(small(f, a), N / p));
        }
      }
    }
  }
}

TEST(Gf2e, NormsLieInTheSubfieldAndMultiply) {
  std::mt19937_64 rng(24);
  for (const u64 E : {12u, 60u, 128u, 210u}) {
    const gf2e f(E);
    for (const u64 d : {1u, 2u, 3u, 4u, 5u, 6u, 7u}) {
      if (E % d != 0) continue;
      const element a = random_element(f, rng), b = random_element(f, rng);
      const element na = f.norm(a, d);
      EXPECT_EQ(f.frobenius(na, d), na) << E << " " << d;
      EXPECT_EQ(f.mul(na, f.norm(b, d)), f.norm(f.mul(a, b), d));
      element conj = f.one(), c = a;  // the product of the conjugates a^(2^(jd))
      for (u64 j = 0; j < E / d; ++j) conj = f.mul(conj, c), c = f.frobenius(c, d);
      EXPECT_EQ(na, conj);
    }
  }
}

TEST(Gf2e, TraceIsTheSumOfTheConjugates) {
  std::mt19937_64 rng(27);
  for (const u64 E : {1u, 2u, 3u, 8u, 13u, 64u, 65u, 100u, 163u, 233u}) {
    for (const bool reciprocal : {false, true}) {
      std::vector<u64> middle = gf2e::modulus(E);
      if (reciprocal)
        for (u64& k : middle) k = E - k;
      const gf2e f(E, middle);
      EXPECT_EQ(f.trace(f.one()), E % 2 == 1) << E;
      for (int i = 0; i < 6; ++i) {
        const element a = random_element(f, rng);
        element sum = f.zero(), c = a;
        for (u64 j = 0; j < E; ++j) sum = f.add(sum, c), c = f.square(c);
        ASSERT_TRUE(f.is_zero(sum) || f.is_one(sum)) << E;
        EXPECT_EQ(f.trace(a), f.is_one(sum)) << E << " reciprocal " << reciprocal;
      }
    }
  }
  // x^2 + x = a is solvable exactly for the trace-0 elements: every a of GF(2^6) by brute force.
  const gf2e f(6);
  std::set<u64> images;
  for (u64 w = 0; w < 64; ++w) images.insert(f.add(f.square(small(f, w)), small(f, w))[0]);
  for (u64 v = 0; v < 64; ++v) EXPECT_EQ(!f.trace(small(f, v)), images.count(v) == 1) << v;
}

TEST(Gf2e, PeriodicExponentsMatchThePlainPower) {
  // (2^E - 1)/p has period ord_p(2): pow finds it; the cofactor computes it directly.
  std::mt19937_64 rng(25);
  const gf2e f(60);  // 2^60 - 1 = 3^2 5^2 7 11 13 31 41 61 151 331 1321
  for (const u64 p : {3u, 5u, 7u, 11u, 13u, 31u, 41u, 61u, 151u, 331u, 1321u, 9u, 25u}) {
    const element a = random_element(f, rng);
    const u64 q = ((u64(1) << 60) - 1) / p;
    EXPECT_EQ(f.pow_cofactor(a, p), f.pow(a, q)) << p;
    element r = f.one();  // by squarings and products, bit by bit
    for (int i = 59; i >= 0; --i) {
      r = f.square(r);
      if (q >> i & 1) r = f.mul(r, a);
    }
    EXPECT_EQ(r, f.pow(a, q)) << p;
  }
}

TEST(Gf2e, DegreesOutOfTheSearchsReachThrow) {
  // 2^30: no composition g(x^t) with t odd, no direct search that large.
  EXPECT_THROW(gf2e::modulus(gf2e::max_degree), std::runtime_error);
  // A given modulus needs no search (its irreducibility is the caller's promise).
  const gf2e big(u64(1) << 20, {5, 3, 1});
  EXPECT_EQ(big.limbs(), std::size_t(1) << 14);
}

TEST(Gf2e, BadInputThrows) {
  EXPECT_THROW(gf2e(0), std::invalid_argument);
  EXPECT_THROW(gf2e(gf2e::max_degree + 1), std::invalid_argument);
  EXPECT_THROW(gf2e(10, {3, 3, 1}), std::invalid_argument);
  EXPECT_THROW(gf2e(10, {10}), std::invalid_argument);
  EXPECT_THROW(gf2e(10, {3, 2}), std::invalid_argument);
  const gf2e f(10);
  EXPECT_THROW(f.mul(element{1, 0}, element{1}), std::invalid_argument);
  EXPECT_THROW(f.mul(element{1u << 10}, element{1}), std::invalid_argument);
  EXPECT_THROW(f.pow_cofactor(f.one(), 2), std::invalid_argument);
  EXPECT_THROW(f.pow_cofactor(f.one(), 5), std::invalid_argument);  // 5 does not divide 1023
  EXPECT_THROW(f.norm(f.one(), 3), std::invalid_argument);
}

}  // namespace
