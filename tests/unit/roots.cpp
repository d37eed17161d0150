// Traces, norms, subfields, minimal polynomials, quadratics, n-th roots and polynomial roots
// against their definitions: all of GF(2^8), samples of GF(2^16), random 64- and 128-bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "nimber/algebra/poly.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/kernel.hpp"
#include "scalar/clmul.hpp"

namespace {

using nimber::u128;

template <class U>
U frobenius(U x, unsigned times) {
  for (unsigned i = 0; i < times; ++i) x = nimber::mul(x, x);
  return x;
}

// Trace and norm to the subfield of s bits from the definitions: sum and product of the
// conjugates x^(q^i), q = 2^s.
template <class U>
void check_trace_norm(U x) {
  for (unsigned s = 1; s <= nimber::bits_of<U>; s *= 2) {
    U sum = 0, prod = 1, c = x;
    for (unsigned i = 0; i < nimber::bits_of<U> / s; ++i) {
      sum ^= c;
      prod = nimber::mul(prod, c);
      c = frobenius(c, s);
    }
    ASSERT_EQ(nimber::trace_to(x, s), sum) << unsigned(s);
    ASSERT_EQ(nimber::norm_to(x, s), prod) << unsigned(s);
  }
  ASSERT_EQ(nimber::trace(x), unsigned(nimber::trace_to(x, 1)));
}

template <class U>
U random_word(std::mt19937_64& rng) {
  return U((u128(rng()) << 64) | rng());
}

TEST(Roots, TraceAndNormByDefinition) {
  for (unsigned x = 0; x < 256; ++x) check_trace_norm(std::uint8_t(x));
  std::mt19937_64 rng(1);
  for (int i = 0; i < 300; ++i) check_trace_norm(random_word<std::uint16_t>(rng));
  for (int i = 0; i < 30; ++i) check_trace_norm(random_word<std::uint64_t>(rng));
  for (int i = 0; i < 5; ++i) check_trace_norm(random_word<u128>(rng));
}

TEST(Roots, SubfieldAndMinimalPolynomial) {
  for (unsigned v = 0; v < 65536; v += (v < 512 ? 1 : 97)) {
    const auto x = std::uint16_t(v);
    // The smallest subfield: the least 2^j with x^(2^(2^j)) = x.
    unsigned s = 1;
    while (frobenius(x, s) != x) s *= 2;
    ASSERT_EQ(nimber::subfield_bits(x), s) << v;
    // The minimal polynomial vanishes at x and has one root per distinct conjugate.
    unsigned conjugates = 1;
    while (frobenius(x, conjugates) != x) ++conjugates;
    const nimber::gf2_polynomial p = nimber::minimal_polynomial(x);
    ASSERT_EQ(p.degree, conjugates) << v;
    std::uint16_t value = 1, power = 1;  // t^degree
    for (unsigned k = 0; k < p.degree; ++k) power = nimber::mul(power, x);
    value = power;
    power = 1;
    for (unsigned k = 0; k < p.degree; ++k, power = nimber::mul(power, x))
      if ((p.lower >> k) & 1) value ^= power;
    ASSERT_EQ(value, 0) << v;
  }
  EXPECT_EQ(nimber::minimal_polynomial(std::uint8_t(0)), (nimber::gf2_polynomial{1, 0}));
  EXPECT_EQ(nimber::minimal_polynomial(std::uint8_t(2)), (nimber::gf2_polynomial{2, 3}));  // t^2+t+1
  EXPECT_EQ(nimber::minimal_polynomial(u128(1) << 64).degree, 128u);
}

TEST(Roots, EveryQuadraticInGF256) {
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned c = 0; c < 256; ++c) {
      std::vector<std::uint8_t> brute;
      for (unsigned x = 0; x < 256; ++x) {
        const auto y = std::uint8_t(nimber::mul(std::uint8_t(x), std::uint8_t(x ^ b)) ^ c);
        if (y == 0) brute.push_back(std::uint8_t(x));
      }
      const auto q = nimber::solve_quadratic(std::uint8_t(b), std::uint8_t(c));
      ASSERT_EQ(std::vector<std::uint8_t>(q.root, q.root + q.count), brute) << b << " " << c;
    }
  }
}

template <class U>
void check_random_quadratics(int trials, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int t = 0; t < trials; ++t) {
    const U b = random_word<U>(rng), r = random_word<U>(rng);
    // Half of the time a planted root r, otherwise a random c.
    const U c = t % 2 ? U(nimber::mul(r, U(r ^ b))) : random_word<U>(rng);
    const auto q = nimber::solve_quadratic(b, c);
    for (unsigned i = 0; i < q.count; ++i)
      ASSERT_EQ(U(nimber::mul(q.root[i], U(q.root[i] ^ b)) ^ c), U(0));
    if (t % 2) {
      ASSERT_TRUE(q.count > 0 && (q.root[0] == r || q.root[q.count - 1] == r));
    }
    // No root exactly when the trace condition fails.
    if (b != 0) {
      ASSERT_EQ(q.count == 0, nimber::trace(nimber::div(c, nimber::mul(b, b))) == 1);
    }
  }
}

TEST(Roots, RandomQuadratics) {
  check_random_quadratics<std::uint16_t>(2000, 16);
  check_random_quadratics<std::uint32_t>(2000, 32);
  check_random_quadratics<std::uint64_t>(2000, 64);
  check_random_quadratics<u128>(2000, 128);
}

// solve_quadratic<uint64_t> on each scalar path (the clmul path solves the whole equation in
// the polynomial basis) against the definition through the pure tower: the count from the trace
// of c / b^2, each root a root. Edge values, seeded random pairs and planted roots.
TEST(Roots, QuadraticsOnEveryScalarPath) {
  namespace detail = nimber::detail;
  std::vector<std::uint64_t> bs, cs;
  std::mt19937_64 rng(6401);
  const std::uint64_t edges[] = {0, 1, 2, 3, 0xFFFF, 0x10000, 0xFFFFFFFF, 0x100000000ULL, ~0ULL, 1ULL << 63};
  for (const auto b : edges)
    for (const auto c : edges) bs.push_back(b), cs.push_back(c);
  for (int t = 0; t < 100000; ++t) {
    const std::uint64_t b = rng(), r = rng();
    bs.push_back(b);
    cs.push_back(t % 2 ? detail::tower_mul<64>(r, r ^ b) : rng());
  }
  std::vector<unsigned> count;
  for (std::size_t i = 0; i < bs.size(); ++i) {
    const std::uint64_t b = bs[i], c = cs[i];
    const std::uint64_t a = b == 0 ? 0 : detail::tower_mul<64>(c, detail::tower_square<64>(detail::tower_inverse<64>(b)));
    count.push_back(b == 0 ? 1 : nimber::trace(a) ? 0 : 2);
  }
  const std::string saved(nimber::kernel::active());
  for (const auto& kernel : nimber::kernel::list()) {  // each kernel brings its scalar path
    if (!kernel.supported) continue;
    ASSERT_EQ(nimber::kernel::force(kernel.name), nimber::kernel::force_status::ok);
    SCOPED_TRACE(std::string(kernel.name));
    for (std::size_t i = 0; i < bs.size(); ++i) {
      const auto q = nimber::solve_quadratic(bs[i], cs[i]);
      ASSERT_EQ(q.count, count[i]) << bs[i] << " " << cs[i];
      for (unsigned k = 0; k < q.count; ++k)
        ASSERT_EQ(detail::tower_mul<64>(q.root[k], q.root[k] ^ bs[i]), cs[i]) << bs[i] << " " << cs[i];
      if (q.count == 2) {
        ASSERT_LT(q.root[0], q.root[1]);
      }
      if (q.count == 0) {
        ASSERT_EQ(q.root[0] | q.root[1], 0u);
      }
    }
  }
  nimber::kernel::force(saved);
}

TEST(Roots, ArtinSchreier) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 1000; ++t) {
    const auto a = random_word<std::uint64_t>(rng);
    const auto y = nimber::solve_artin_schreier(a);
    ASSERT_EQ(y.has_value(), nimber::trace(a) == 0);
    if (y) {
      ASSERT_EQ(nimber::mul(*y, *y) ^ *y, a);
    }
  }
}

// All roots of x^n = a in a small field by tabulating x^n.
template <class U>
void check_all_power_roots(u128 n) {
  std::map<U, std::vector<U>> by_value;
  const std::size_t size = std::size_t(1) << nimber::bits_of<U>;
  for (std::size_t x = 0; x < size; ++x) by_value[nimber::pow(U(x), n)].push_back(U(x));
  for (std::size_t a = 0; a < size; ++a) {
    const auto it = by_value.find(U(a));
    const std::vector<U> expected = it == by_value.end() ? std::vector<U>{} : it->second;
    ASSERT_EQ(nimber::nth_roots_list(U(a), n), expected) << a << " n=" << std::uint64_t(n);
  }
}

TEST(Roots, AllSquareAndCubeRoots) {
  check_all_power_roots<std::uint8_t>(2);
  check_all_power_roots<std::uint8_t>(3);
  check_all_power_roots<std::uint16_t>(2);
  check_all_power_roots<std::uint16_t>(3);
}

TEST(Roots, OtherPowersInGF256) {
  for (const u128 n : {1, 4, 5, 15, 17, 51, 85, 255, 256, 257, 1000})
    check_all_power_roots<std::uint8_t>(n);
  EXPECT_THROW(nimber::nth_roots(std::uint8_t(3), 0), std::domain_error);
  EXPECT_THROW(nimber::nth_roots_list(std::uint16_t(1), 65535, 1000), std::length_error);
}

TEST(Roots, RandomPowerRoots64) {
  std::mt19937_64 rng(99);
  const std::uint64_t group = ~std::uint64_t(0);
  for (int t = 0; t < 200; ++t) {
    const std::uint64_t x = rng() | 1;
    const u128 n = t % 3 == 0 ? u128(rng() % 100000 + 1) : u128(3 * 5 * 17 * 641 * (rng() % 4 + 1));
    const std::uint64_t a = nimber::pow(x, n);
    const auto r = nimber::nth_roots(a, n);
    ASSERT_EQ(std::uint64_t(r.count), std::gcd(std::uint64_t(n), std::uint64_t(group)));
    ASSERT_EQ(nimber::pow(r.first, n), a);
    ASSERT_EQ(nimber::pow(r.unity, u128(r.count)), 1u);
    if (r.count <= 100000) {
      const auto all = nimber::nth_roots_list(a, n);
      ASSERT_TRUE(std::binary_search(all.begin(), all.end(), x));
      for (const auto y : all) ASSERT_EQ(nimber::pow(y, n), a);
    }
  }
}

TEST(Roots, PolynomialsInGF256ByBruteForce) {
  std::mt19937_64 rng(256);
  for (int t = 0; t < 400; ++t) {
    std::vector<std::uint8_t> f(rng() % 12 + 1);
    for (auto& c : f) c = std::uint8_t(rng());
    if (f.back() == 0) f.back() = 1;
    std::vector<std::uint8_t> brute;
    for (unsigned x = 0; x < 256; ++x)
      if (nimber::poly::eval(std::span<const std::uint8_t>(f), std::uint8_t(x)) == 0)
        brute.push_back(std::uint8_t(x));
    ASSERT_EQ(nimber::polynomial_roots(std::span<const std::uint8_t>(f)), brute) << t;
  }
}

template <class U>
void check_planted_roots(int trials, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int t = 0; t < trials; ++t) {
    std::vector<U> planted(rng() % 8);
    std::vector<U> f{U(random_word<U>(rng) | 1)};
    for (auto& r : planted) {
      r = random_word<U>(rng);
      const std::vector<U> factor{r, 1};
      f = nimber::poly::mul(std::span<const U>(f), std::span<const U>(factor));
    }
    std::vector<U> noise(rng() % 10 + 1);  // a random cofactor (may add roots of its own)
    for (auto& c : noise) c = random_word<U>(rng);
    noise.push_back(1);
    f = nimber::poly::mul(std::span<const U>(f), std::span<const U>(noise));
    const auto roots = nimber::polynomial_roots(std::span<const U>(f));
    for (const U r : planted) ASSERT_TRUE(std::binary_search(roots.begin(), roots.end(), r));
    for (const U r : roots) ASSERT_EQ(nimber::poly::eval(std::span<const U>(f), r), U(0));
    ASSERT_TRUE(std::adjacent_find(roots.begin(), roots.end()) == roots.end());
  }
}

// Degrees up to 100 (x^(2^n) mod f by the precomputed squaring matrix): against brute force
// over all of GF(2^8) and GF(2^16), and planted roots at 64 bits.
TEST(Roots, HighDegreePolynomialsByBruteForce) {
  std::mt19937_64 rng(1616);
  for (int t = 0; t < 60; ++t) {
    std::vector<std::uint8_t> f(rng() % 100 + 2);
    for (auto& c : f) c = std::uint8_t(rng());
    if (t % 3 == 0) {  // many roots: the product of x - r over a random set of r
      f = {1};
      for (unsigned r = 0; r < 256; ++r)
        if (rng() % 4 == 0) {
          const std::vector<std::uint8_t> factor{std::uint8_t(r), 1};
          f = nimber::poly::mul(std::span<const std::uint8_t>(f), std::span<const std::uint8_t>(factor));
        }
    }
    if (f.back() == 0) f.back() = 1;
    std::vector<std::uint8_t> brute;
    for (unsigned x = 0; x < 256; ++x)
      if (nimber::poly::eval(std::span<const std::uint8_t>(f), std::uint8_t(x)) == 0) brute.push_back(std::uint8_t(x));
    ASSERT_EQ(nimber::polynomial_roots(std::span<const std::uint8_t>(f)), brute) << t;
  }
  for (int t = 0; t < 4; ++t) {
    std::vector<std::uint16_t> f(rng() % 60 + 40);
    for (auto& c : f) c = std::uint16_t(rng());
    f.back() |= 1;
    std::vector<std::uint16_t> brute;
    for (unsigned x = 0; x < 65536; ++x)
      if (nimber::poly::eval(std::span<const std::uint16_t>(f), std::uint16_t(x)) == 0) brute.push_back(std::uint16_t(x));
    ASSERT_EQ(nimber::polynomial_roots(std::span<const std::uint16_t>(f)), brute) << t;
  }
  for (int t = 0; t < 3; ++t) {
    std::vector<std::uint64_t> planted(30), f{rng() | 1};
    for (auto& r : planted) {
      r = rng();
      const std::vector<std::uint64_t> factor{r, 1};
      f = nimber::poly::mul(std::span<const std::uint64_t>(f), std::span<const std::uint64_t>(factor));
    }
    std::vector<std::uint64_t> noise(70);
    for (auto& c : noise) c = rng();
    noise.push_back(1);
    f = nimber::poly::mul(std::span<const std::uint64_t>(f), std::span<const std::uint64_t>(noise));
    const auto roots = nimber::polynomial_roots(std::span<const std::uint64_t>(f));
    for (const auto r : planted) ASSERT_TRUE(std::binary_search(roots.begin(), roots.end(), r));
    for (const auto r : roots) ASSERT_EQ(nimber::poly::eval(std::span<const std::uint64_t>(f), r), 0u);
  }
}

TEST(Roots, PlantedPolynomialRoots) {
  check_planted_roots<std::uint16_t>(100, 3);
  check_planted_roots<std::uint64_t>(40, 4);
  check_planted_roots<u128>(10, 5);
  const std::vector<std::uint64_t> zero{0, 0};
  EXPECT_THROW(nimber::polynomial_roots(std::span<const std::uint64_t>(zero)), std::domain_error);
  const std::vector<std::uint64_t> constant{5};
  EXPECT_TRUE(nimber::polynomial_roots(std::span<const std::uint64_t>(constant)).empty());
}

#if NIMBER_DETAIL_X86_KERNELS
namespace detail = nimber::detail;

// The root behind the clmul basis, regenerated by the independent root finder; the compiled
// change-of-basis tables are inverse to each other (make_basis_tables also checks at compile time).
TEST(ScalarPaths, ClmulBasisRegenerates) {
  std::vector<std::uint64_t> p(65, 0);
  p[64] = 1;
  for (unsigned i = 0; i < 64; ++i) p[i] = detail::clmul::kPolyLow >> i & 1;
  const auto roots = nimber::polynomial_roots<std::uint64_t>(p);
  ASSERT_EQ(roots.size(), 64u);  // p has 64 distinct roots in GF(2^64); the basis check makes it irreducible
  EXPECT_EQ(roots.front(), detail::clmul::kRoot);
  static constexpr auto basis = detail::clmul::make_basis_tables();
  std::mt19937_64 rng(7003);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = rng();
    ASSERT_EQ(basis.from_poly(basis.to_poly(x)), x);
    ASSERT_EQ(basis.to_poly(basis.from_poly(x)), x);
  }
  EXPECT_EQ(basis.to_poly(1), 1u);
}

#endif

}  // namespace
