// The raw arithmetic API against the pure tower and the reference algorithms: exhaustive where
// the field is small, seeded random and edge values where it is not.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "edge_values.hpp"
#include "nimber/nimber.hpp"

namespace {

using nimber::u128;
using nimber::test::edge_values;
using nimber::test::test_values;
namespace detail = nimber::detail;

// Published facts (R. K. Guy's letter in "J be Nimble, J be Quick"; adamant's Codeforces blog on
// nimbers), checked at compile time.
static_assert(nimber::mul<std::uint8_t>(8, 8) == 13);
static_assert(nimber::mul<std::uint8_t>(5, 11) == 12);
static_assert(nimber::mul<std::uint8_t>(2, 2) == 3);
static_assert(nimber::mul<std::uint64_t>(nimber::inverse<std::uint64_t>(0x123456789ULL), 0x123456789ULL) == 1);
static_assert(nimber::square<std::uint32_t>(nimber::sqrt<std::uint32_t>(77)) == 77);
static_assert(nimber::pow<std::uint16_t>(3, 65535u) == 1);

TEST(GF256, EveryProductMatchesFermatRecursionAndTower) {
  for (unsigned a = 0; a < 256; ++a)
    for (unsigned b = 0; b < 256; ++b) {
      const auto p = nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b));
      ASSERT_EQ(p, std::uint8_t(nimber::ref::fermat_mul(a, b))) << a << " * " << b;
      ASSERT_EQ(p, (detail::tower_mul<8>(std::uint8_t(a), std::uint8_t(b))));
    }
}

TEST(GF256, FieldAxiomsOverAllTriples) {
  auto m = [](unsigned a, unsigned b) { return nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b)); };
  for (unsigned a = 0; a < 256; ++a) {
    ASSERT_EQ(m(a, 1), a);
    ASSERT_EQ(m(a, 0), 0);
    if (a != 0) {
      ASSERT_EQ(m(a, nimber::inverse<std::uint8_t>(std::uint8_t(a))), 1);
    }
    for (unsigned b = 0; b < 256; ++b) {
      const unsigned ab = m(a, b);
      ASSERT_EQ(ab, m(b, a));
      for (unsigned c = 0; c < 256; ++c) {
        ASSERT_EQ(m(ab, c), m(a, m(b, c))) << a << ' ' << b << ' ' << c;
        ASSERT_EQ(m(a, b ^ c), ab ^ m(a, c)) << a << ' ' << b << ' ' << c;
      }
    }
  }
}

TEST(GF256, NoZeroDivisors) {
  for (unsigned a = 1; a < 256; ++a)
    for (unsigned b = 1; b < 256; ++b)
      ASSERT_NE(nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b)), 0);
}

TEST(GF65536, EveryInverse) {
  for (unsigned x = 1; x < 65536; ++x) {
    const auto y = nimber::inverse<std::uint16_t>(std::uint16_t(x));
    ASSERT_EQ(nimber::mul<std::uint16_t>(std::uint16_t(x), y), 1) << x;
    ASSERT_EQ(y, (detail::tower_inverse<16>(std::uint16_t(x))));
  }
  EXPECT_EQ(nimber::inverse<std::uint16_t>(0), 0);
}

TEST(GF65536, EverySquareRoot) {
  for (unsigned x = 0; x < 65536; ++x) {
    const auto s = nimber::sqrt<std::uint16_t>(std::uint16_t(x));
    ASSERT_EQ(nimber::mul<std::uint16_t>(s, s), x) << x;
    ASSERT_EQ(nimber::square<std::uint16_t>(std::uint16_t(x)),
              nimber::mul<std::uint16_t>(std::uint16_t(x), std::uint16_t(x)));
  }
}

TEST(GF65536, ProductsAgreeWithTowerAndLogTables) {
  auto values = test_values<std::uint16_t>(3000);
  for (auto a : values)
    for (std::size_t j = 0; j < 100; ++j) {
      const auto b = values[(a * 7 + j * 13) % values.size()];
      ASSERT_EQ(nimber::mul(a, b), (detail::tower_mul<16>(a, b)));
      ASSERT_EQ(nimber::mul(a, b), nimber::ref::log_mul16(a, b));
    }
}

#ifdef NIMBER_EXHAUSTIVE
TEST(GF65536, ExhaustiveProducts) {
  for (std::uint32_t a = 0; a < 65536; ++a)
    for (std::uint32_t b = 0; b < 65536; ++b)
      ASSERT_EQ(nimber::mul<std::uint16_t>(std::uint16_t(a), std::uint16_t(b)),
                nimber::ref::log_mul16(std::uint16_t(a), std::uint16_t(b)));
}
#endif

// Pairs (edge x edge) and (random, random) for the wide fields.
template <class U>
void for_test_pairs(std::size_t random_pairs, auto check) {
  const auto edges = edge_values<U>();
  for (U a : edges)
    for (U b : edges) check(a, b);
  const auto values = test_values<U>(2 * random_pairs, 7);
  for (std::size_t i = 0; i + 1 < values.size(); i += 2) check(values[i], values[i + 1]);
}

TEST(GF2to32, ProductsAgreeWithTower) {
  for_test_pairs<std::uint32_t>(100000, [](std::uint32_t a, std::uint32_t b) {
    ASSERT_EQ(nimber::mul(a, b), (detail::tower_mul<32>(a, b)));
  });
}

TEST(GF2to64, EveryImplementationAgrees) {
  std::size_t n = 0;
  for_test_pairs<std::uint64_t>(100000, [&n](std::uint64_t a, std::uint64_t b) {
    const std::uint64_t p = nimber::mul(a, b);
    ASSERT_EQ(p, (detail::tower_mul<64>(a, b))) << a << " * " << b;
    ASSERT_EQ(p, nimber::ref::log_tower_mul(a, b)) << a << " * " << b;
    // The bit-by-bit references are slow: every 16th pair.
    if (n++ % 16 == 0) {
      ASSERT_EQ(p, nimber::ref::bit_table_mul(a, b)) << a << " * " << b;
      ASSERT_EQ(p, std::uint64_t(nimber::ref::fermat_mul(a, b))) << a << " * " << b;
    }
  });
}

TEST(GF2to128, EveryImplementationAgrees) {
  std::size_t n = 0;
  for_test_pairs<u128>(100000, [&n](u128 a, u128 b) {
    const u128 p = nimber::mul(a, b);
    ASSERT_TRUE(p == (detail::tower_mul<128>(a, b)));
    if (n++ % 256 == 0) {
      ASSERT_TRUE(p == nimber::ref::fermat_mul(a, b));
    }
  });
}

// Subfields nest: a product of small values is the same in every wider field.
TEST(Subfields, ProductsAgreeAcrossWidths) {
  for (unsigned a = 0; a < 256; ++a)
    for (unsigned b = 0; b < 256; ++b) {
      const std::uint8_t p = nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b));
      ASSERT_EQ(nimber::mul<std::uint16_t>(std::uint16_t(a), std::uint16_t(b)), p);
      ASSERT_EQ(nimber::mul<std::uint32_t>(a, b), p);
      ASSERT_EQ(nimber::mul<std::uint64_t>(a, b), p);
      ASSERT_TRUE(nimber::mul<u128>(a, b) == p);
    }
}

template <class U>
void check_unary_identities(std::size_t n) {
  for (U x : test_values<U>(n, 99)) {
    const U s = nimber::sqrt(x);
    ASSERT_TRUE(nimber::mul(s, s) == x);
    ASSERT_TRUE(nimber::square(x) == nimber::mul(x, x));
    ASSERT_TRUE(nimber::square(x) == (detail::tower_square<nimber::bits_of<U>>(x)));
    ASSERT_TRUE(s == (detail::tower_sqrt<nimber::bits_of<U>>(x)));
    if (x == 0) continue;
    const U y = nimber::inverse(x);
    ASSERT_TRUE(nimber::mul(x, y) == 1);
    ASSERT_TRUE(y == (detail::tower_inverse<nimber::bits_of<U>>(x)));
    ASSERT_TRUE(nimber::div(x, x) == 1);
    ASSERT_TRUE(nimber::div(U(1), x) == y);
  }
}

TEST(GF2to64, SquareSqrtInverse) { check_unary_identities<std::uint64_t>(100000); }
TEST(GF2to128, SquareSqrtInverse) { check_unary_identities<u128>(20000); }
TEST(GF2to32, SquareSqrtInverse) { check_unary_identities<std::uint32_t>(20000); }

// The Fermat-power rules: F * F = 3F/2, and a product of distinct Fermat powers is the
// ordinary product.
TEST(FermatPowers, SquaresAndDistinctProducts) {
  for (unsigned k = 0; k < 7; ++k) {
    const u128 f = u128(1) << (1u << k);
    EXPECT_TRUE(nimber::mul<u128>(f, f) == (f | (f >> 1))) << "k=" << k;
    for (unsigned j = 0; j < k; ++j) {
      const u128 g = u128(1) << (1u << j);
      EXPECT_TRUE(nimber::mul<u128>(f, g) == f * g);
    }
  }
  // 2^(2^0) = 2: 2 * 2 = 3; 2^(2^6) = 2^64 squared is 2^64 + 2^63.
  EXPECT_TRUE(nimber::mul<u128>(u128(1) << 64, u128(1) << 64) == ((u128(1) << 64) | (u128(1) << 63)));
}

template <class U>
void check_pow(std::size_t n) {
  const u128 order = u128(U(~U(0)));
  std::mt19937_64 rng(5);
  for (U x : test_values<U>(n, 3)) {
    const std::uint64_t e1 = rng() >> 40, e2 = rng() >> 40;
    ASSERT_TRUE(nimber::pow(x, 0u) == 1);
    ASSERT_TRUE(nimber::pow(x, 1u) == x);
    ASSERT_TRUE(nimber::pow(x, 2u) == nimber::square(x));
    ASSERT_TRUE(nimber::pow(x, e1 + e2) == nimber::mul(nimber::pow(x, e1), nimber::pow(x, e2)));
    // x^order = 1 for x != 0; exponents past the order wrap (x^(order+1) = x^(2^n) = x,
    // the Frobenius map having order n).
    ASSERT_TRUE(nimber::pow(x, order) == (x == 0 ? U(0) : U(1)));
    if constexpr (sizeof(U) < 16) {
      ASSERT_TRUE(nimber::pow(x, order + 1) == x);
      ASSERT_TRUE(nimber::pow(x, order * 5) == (x == 0 ? U(0) : U(1)));
      ASSERT_TRUE(nimber::pow(x, order * 3 + e1) == nimber::pow(x, e1 == 0 ? order : u128(e1)) ||
                  (x == 0 && e1 == 0));
    } else {
      ASSERT_TRUE(nimber::square(nimber::pow(x, order >> 1)) == nimber::pow(x, order - 1));
    }
  }
}

TEST(Pow, Identities) {
  check_pow<std::uint8_t>(256);
  check_pow<std::uint16_t>(2000);
  check_pow<std::uint64_t>(3000);
  check_pow<u128>(1000);
}

TEST(Pow, ZeroToTheZeroIsOne) {
  EXPECT_EQ(nimber::pow<std::uint64_t>(0, 0u), 1u);
  EXPECT_EQ(nimber::pow<std::uint64_t>(0, 7u), 0u);
}

// ---- Every scalar path (portable byte tower, PCLMULQDQ change of basis), each forced --------

// Each implementation of the registry this CPU runs, forced in turn: its scalar path with it.
std::vector<std::string_view> runnable_kernels() {
  std::vector<std::string_view> names;
  for (const auto& k : nimber::kernel::list())
    if (k.supported) names.push_back(k.name);
  return names;
}

// Forces each kernel in turn for the body (so every scalar path runs), then puts back the one
// in force before.
template <class Body>
void for_each_scalar_path(Body body) {
  const std::string saved(nimber::kernel::active());
  for (const auto name : runnable_kernels()) {
    SCOPED_TRACE(std::string(name));
    ASSERT_EQ(nimber::kernel::force(name), nimber::kernel::force_status::ok);
    ASSERT_EQ(detail::active_scalar_path.load(),
              name == "portable" ? detail::scalar_path::portable : detail::scalar_path::clmul);
    body();
  }
  nimber::kernel::force(saved);
}

// Random pairs with their tower products, computed once for all paths (the tower is slow).
template <class U>
struct expected_products {
  std::vector<U> a, b, p;
  expected_products(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const auto edges = edge_values<U>();
    for (U x : edges)
      for (std::size_t j = 0; j < 64; ++j) a.push_back(x), b.push_back(nimber::test::random_word<U>(rng));
    for (U x : edges)
      for (U y : edges)
        if (rng() % 8 == 0) a.push_back(x), b.push_back(y);
    while (a.size() < n) a.push_back(nimber::test::random_word<U>(rng)), b.push_back(nimber::test::random_word<U>(rng));
    for (std::size_t i = 0; i < a.size(); ++i) p.push_back(detail::tower_mul<nimber::bits_of<U>>(a[i], b[i]));
  }
};

TEST(ScalarPaths, SubfieldsMatchTheTower) {
  const auto small = test_values<std::uint16_t>(3000);
  for_each_scalar_path([&] {
    for (unsigned a = 0; a < 256; ++a)
      for (unsigned b = 0; b < 256; ++b) {
        const auto expect = detail::tower_mul<8>(std::uint8_t(a), std::uint8_t(b));
        ASSERT_EQ(nimber::mul<std::uint64_t>(a, b), expect) << a << " * " << b;
        ASSERT_EQ(nimber::mul<u128>(a, b), u128(expect)) << a << " * " << b;
      }
    for (std::size_t i = 0; i < small.size(); ++i)
      for (std::size_t j = 0; j < small.size(); j += 7) {
        const auto expect = detail::tower_mul<16>(small[i], small[j]);
        ASSERT_EQ(nimber::mul<std::uint64_t>(small[i], small[j]), expect) << small[i] << " * " << small[j];
        ASSERT_EQ(nimber::mul<u128>(small[i], small[j]), u128(expect));
      }
  });
}

TEST(ScalarPaths, Random64And128BitProductsMatchTheTower) {
  const expected_products<std::uint64_t> p64(100000, 7001);
  const expected_products<u128> p128(100000, 7002);
  for_each_scalar_path([&] {
    for (std::size_t i = 0; i < p64.a.size(); ++i)
      ASSERT_EQ(nimber::mul(p64.a[i], p64.b[i]), p64.p[i]) << p64.a[i] << " * " << p64.b[i];
    for (std::size_t i = 0; i < p128.a.size(); ++i) ASSERT_TRUE(nimber::mul(p128.a[i], p128.b[i]) == p128.p[i]) << i;
  });
}

// The 64-bit inverse of each path (clmul: norms in the polynomial basis and a keyed table of the
// 2^16 inverses) against the pure tower: all of GF(2^16) through the 64-bit entry point, then
// 10^5 edge and seeded random words; the 128-bit inverse, which rests on it, on 2 * 10^4.
TEST(ScalarPaths, InverseMatchesTheTower) {
  const auto words = test_values<std::uint64_t>(100000, 7004);
  std::vector<std::uint64_t> expect;
  for (const std::uint64_t x : words) expect.push_back(detail::tower_inverse<64>(x));
  const auto wide = test_values<u128>(20000, 7005);
  std::vector<u128> expect_wide;
  for (const u128 x : wide) expect_wide.push_back(detail::tower_inverse<128>(x));
  for_each_scalar_path([&] {
    for (unsigned x = 0; x < 65536; ++x)
      ASSERT_EQ(nimber::inverse<std::uint64_t>(x), detail::tower_inverse<16>(std::uint16_t(x))) << x;
    for (std::size_t i = 0; i < words.size(); ++i) ASSERT_EQ(nimber::inverse(words[i]), expect[i]) << words[i];
    for (std::size_t i = 0; i < wide.size(); ++i) ASSERT_TRUE(nimber::inverse(wide[i]) == expect_wide[i]) << i;
  });
}

TEST(ScalarPaths, ForcingAnUnknownKernelChangesNothing) {
  const std::string kernel_before(nimber::kernel::active());
  const auto before = detail::active_scalar_path.load();
  EXPECT_EQ(nimber::kernel::force("no-such-kernel"), nimber::kernel::force_status::unknown);
  EXPECT_EQ(detail::active_scalar_path.load(), before);
  EXPECT_EQ(nimber::kernel::active(), kernel_before);
}

// The first product decides the path: clmul where the CPU has it, unless NIMBER_KERNEL=portable
// (tests/CMakeLists.txt runs this once more with that environment). Meaningful only as the first
// product of the process, as ctest runs it; skipped otherwise. Built without the x86 kernels,
// the product has one path and never asks the registry.
TEST(ScalarPaths, FirstProductDecides) {
  if (!NIMBER_DETAIL_X86_KERNELS) GTEST_SKIP() << "built without the x86 kernels: the portable path alone";
  if (detail::active_scalar_path.load() != detail::scalar_path::undecided) GTEST_SKIP() << "already decided";
  const char* env = std::getenv("NIMBER_KERNEL");
  const bool portable = (env != nullptr && std::string_view(env) == "portable") ||
                        runnable_kernels() == std::vector<std::string_view>{"portable"};
  EXPECT_EQ(nimber::mul<std::uint64_t>(0x8000000000000000ULL, 0x8000000000000000ULL),
            detail::tower_mul<64>(0x8000000000000000ULL, 0x8000000000000000ULL));
  EXPECT_EQ(detail::active_scalar_path.load(), portable ? detail::scalar_path::portable : detail::scalar_path::clmul);
}

// Forcing a batch kernel also steers the scalar product: portable forces the portable tower,
// and any other kernel lets the hardware path back in (kernel::force resets the choice).
TEST(ScalarPaths, ForcedKernelSteersTheScalarPath) {
  const std::string before(nimber::kernel::active());
  ASSERT_EQ(nimber::kernel::force("portable"), nimber::kernel::force_status::ok);
  EXPECT_EQ(nimber::mul<std::uint64_t>(5, 11), 12u);
  EXPECT_EQ(detail::active_scalar_path.load(), detail::scalar_path::portable);
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported || k.name == "portable") continue;
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    EXPECT_EQ(nimber::mul<std::uint64_t>(5, 11), 12u);
    EXPECT_EQ(detail::active_scalar_path.load(), detail::scalar_path::clmul);
  }
  nimber::kernel::force(before);
}

}  // namespace
