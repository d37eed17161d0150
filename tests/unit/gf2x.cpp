// GF(2)[x] products (nimber/gf2x.hpp) against a bit-at-a-time schoolbook, on every kernel,
// at every length up to a few Karatsuba levels and just below, at and above each crossover.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gf2x/fft.hpp"
#include "kernels/kernel.hpp"
#include "nimber/gf2x.hpp"
#include "nimber/kernel.hpp"

namespace {

using u64 = std::uint64_t;
using poly = std::vector<u64>;

// The plain definition: a b = sum over the set bits i of a of b x^i.
poly schoolbook(const poly& a, const poly& b) {
  poly r(a.size() + b.size(), 0);
  for (std::size_t i = 0; i < 64 * a.size(); ++i) {
    if ((a[i / 64] >> (i % 64) & 1) == 0) continue;
    const std::size_t w = i / 64, s = i % 64;
    for (std::size_t j = 0; j < b.size(); ++j) {
      r[w + j] ^= b[j] << s;
      if (s != 0) r[w + j + 1] ^= b[j] >> (64 - s);
    }
  }
  return r;
}

poly random_poly(std::mt19937_64& rng, std::size_t n) {
  poly a(n);
  for (u64& v : a) v = rng();
  return a;
}

// Runs check() once with each kernel this CPU supports forced, then restores the active one.
template <class Check>
void on_every_kernel(const Check& check) {
  const std::string before(nimber::kernel::active());
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    SCOPED_TRACE(std::string(k.name));
    check();
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

// Forcing a kernel moves the leaf to the one its registry slot holds (the portable leaf where
// the kernel lacks the slot), and the products to that leaf's crossovers.
TEST(Gf2x, PathFollowsTheKernel) {
  const std::string before(nimber::kernel::active());
  for (const auto& r : nimber::detail::kernels::registered()) {
    if (!r.info.supported) continue;
    SCOPED_TRACE(std::string(r.info.name));
    ASSERT_EQ(nimber::kernel::force(r.info.name), nimber::kernel::force_status::ok);
    const std::string_view expect = r.slot.gf2x != nullptr ? r.slot.gf2x->name : "portable";
    EXPECT_EQ(nimber::gf2x::path(), expect);
    if (r.slot.gf2x != nullptr) {
      EXPECT_EQ(nimber::gf2x::karatsuba_limbs(), r.slot.gf2x->karatsuba_limbs);
    }
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

TEST(Gf2x, ProductsOfEveryLengthUpTo80Limbs) {
  on_every_kernel([] {
    std::mt19937_64 rng(15);
    for (std::size_t n = 1; n <= 80; ++n) {
      const poly a = random_poly(rng, n), b = random_poly(rng, n);
      ASSERT_EQ(nimber::gf2x::mul(a, b), schoolbook(a, b)) << n << " limbs";
    }
  });
}

TEST(Gf2x, AroundEachKaratsubaLevel) {
  on_every_kernel([] {
    std::mt19937_64 rng(16);
    const std::size_t k = nimber::gf2x::karatsuba_limbs();
    for (const std::size_t level : {k, 2 * k - 1, 2 * k, 4 * k - 2, 4 * k, 8 * k})
      for (const std::size_t n : {level - 1, level, level + 1}) {
        const poly a = random_poly(rng, n), b = random_poly(rng, n);
        ASSERT_EQ(nimber::gf2x::mul(a, b), schoolbook(a, b)) << n << " limbs";
      }
  });
}

TEST(Gf2x, UnequalLengthsAndEmptyOperands) {
  on_every_kernel([] {
    std::mt19937_64 rng(17);
    const std::size_t k = nimber::gf2x::karatsuba_limbs();
    for (const std::size_t na : {std::size_t(1), std::size_t(3), k - 1, k, 2 * k + 3, 5 * k + 1})
      for (const std::size_t nb : {std::size_t(1), std::size_t(2), k, k + 1, 3 * k + 2}) {
        const poly a = random_poly(rng, na), b = random_poly(rng, nb);
        ASSERT_EQ(nimber::gf2x::mul(a, b), schoolbook(a, b)) << na << " x " << nb;
        ASSERT_EQ(nimber::gf2x::mul(b, a), schoolbook(a, b)) << nb << " x " << na;
      }
    const poly a = random_poly(rng, 5);
    EXPECT_EQ(nimber::gf2x::mul(a, poly{}), poly(5, 0));
    EXPECT_TRUE(nimber::gf2x::mul(poly{}, poly{}).empty());
  });
}

TEST(Gf2x, EdgeOperands) {
  on_every_kernel([] {
    for (const std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(64), std::size_t(130)}) {
      const poly ones(n, ~u64(0)), top(n, u64(1) << 63), zero(n, 0);
      poly one(n, 0);
      one[0] = 1;
      EXPECT_EQ(nimber::gf2x::mul(ones, ones), schoolbook(ones, ones));
      EXPECT_EQ(nimber::gf2x::mul(top, ones), schoolbook(top, ones));
      EXPECT_EQ(nimber::gf2x::mul(ones, zero), poly(2 * n, 0));
      poly expect = ones;
      expect.resize(2 * n, 0);
      EXPECT_EQ(nimber::gf2x::mul(ones, one), expect);
    }
  });
}

TEST(Gf2x, SquaresAreProductsWithThemselves) {
  on_every_kernel([] {
    std::mt19937_64 rng(18);
    for (std::size_t n = 1; n <= 40; ++n) {
      const poly a = random_poly(rng, n);
      ASSERT_EQ(nimber::gf2x::square(a), schoolbook(a, a)) << n << " limbs";
    }
  });
}

// The FFT forced from small sizes on, against the schoolbook; then at and around the
// measured crossover, against Karatsuba (the FFT switched off), itself checked above.
TEST(Gf2x, AdditiveFftAgainstTheSchoolbook) {
  on_every_kernel([] {
    std::mt19937_64 rng(19);
    nimber::gf2x::set_fft_limbs(1);
    for (const std::size_t na : {1u, 2u, 3u, 5u, 8u, 31u, 64u, 100u, 257u})
      for (const std::size_t nb : {1u, 4u, 33u, 100u}) {
        const poly a = random_poly(rng, na), b = random_poly(rng, nb);
        ASSERT_EQ(nimber::gf2x::mul(a, b), schoolbook(a, b)) << na << " x " << nb;
      }
    const poly ones(300, ~u64(0));
    EXPECT_EQ(nimber::gf2x::mul(ones, ones), schoolbook(ones, ones));
    nimber::gf2x::set_fft_limbs(0);
  });
}

TEST(Gf2x, AdditiveFftAroundItsCrossover) {
  // Just below, at and above the crossover, and where the FFT's length doubles (2 (na + nb)
  // 32-bit pieces just above a power of two): the FFT (forced), the measured choice and
  // Karatsuba (the FFT off) agree.
  on_every_kernel([] {
    const std::size_t k = nimber::gf2x::fft_limbs();
    if (k == std::numeric_limits<std::size_t>::max()) return;  // no FFT on this leaf
    std::mt19937_64 rng(20);
    for (const std::size_t n : {k - 1, k, k + 1, 2 * k - 2, 2 * k + 5}) {
      const poly a = random_poly(rng, n), b = random_poly(rng, n + 3);
      nimber::gf2x::set_fft_limbs(1);
      const poly fft = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(std::numeric_limits<std::size_t>::max());
      const poly plain = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(0);
      ASSERT_EQ(fft, plain) << n << " limbs";
      ASSERT_EQ(nimber::gf2x::mul(a, b), plain) << n << " limbs";
    }
  });
}

// Products a little past a power of two in pieces are transformed on half the points, modulo
// s_(m-1), their top coefficients from a product of the top pieces: one top piece, a few, tops
// that are themselves wrapped, the longest top still wrapped, unequal lengths, and an operand
// too long to wrap; the forced FFT against Karatsuba, and the plan checked to be the one meant.
TEST(Gf2x, AdditiveFftWrappedOnHalfThePoints) {
  namespace d = nimber::gf2x::detail;
  on_every_kernel([] {
    if (nimber::gf2x::fft_limbs() == std::numeric_limits<std::size_t>::max()) return;
    std::mt19937_64 rng(23);
    struct shape {
      std::size_t na, nb;
      bool wrapped;
    };
    const shape shapes[] = {{513, 512, true},   {520, 520, true},  {1024, 1025, true}, {1094, 1094, true},
                            {1100, 1000, true}, {2100, 20, false}, {1536, 520, true},  {4300, 4200, true},
                            {1024, 1024, false}};
    for (const shape& s : shapes) {
      SCOPED_TRACE(std::to_string(s.na) + " x " + std::to_string(s.nb) + " limbs");
      EXPECT_EQ(d::fft_wrapped_top(s.na, s.nb) != 0, s.wrapped);
      const poly a = random_poly(rng, s.na), b = random_poly(rng, s.nb);
      nimber::gf2x::set_fft_limbs(1);
      const poly fft = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(std::numeric_limits<std::size_t>::max());
      const poly plain = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(0);
      ASSERT_EQ(fft, plain);
    }
    // The top pieces all ones, where every folded coefficient is nonzero.
    const poly ones(1094, ~u64(0));
    nimber::gf2x::set_fft_limbs(1);
    const poly fft = nimber::gf2x::mul(ones, ones);
    nimber::gf2x::set_fft_limbs(0);
    EXPECT_EQ(fft, schoolbook(ones, ones));
  });
}

// The changes of basis of the FFT (src/gf2x/basis.cpp): the Taylor route, from its
// crossover on, against division by the s_i level by level, word for word, at every size up to
// 2^22 words; to_novel's `used` (only the first `used` words nonzero) at a full block, just
// above and at a half, and far below; and each direction undoing the other.
TEST(Gf2x, NovelBasisByTaylorExpansionMatchesTheLevels) {
  namespace d = nimber::gf2x::detail;
  std::mt19937_64 rng(21);
  for (unsigned m = 0; m <= 22; ++m) {
    const std::size_t n = std::size_t(1) << m;
    for (const std::size_t used : {n, n / 2 + 1, n / 2, n / 8 + 3, std::size_t(1)}) {
      if (used == 0 || used > n) continue;
      poly x = random_poly(rng, n);
      std::fill(x.begin() + std::ptrdiff_t(used), x.end(), u64(0));
      poly levels = x, taylor = x;
      d::to_novel_by_levels(levels.data(), m, used);
      d::to_novel(taylor.data(), m, used);
      ASSERT_EQ(taylor, levels) << "to_novel, m = " << m << ", used = " << used;
      d::from_novel(taylor.data(), m);
      ASSERT_EQ(taylor, x) << "round trip, m = " << m << ", used = " << used;
      if (m > 16 && used != n) continue;  // from_novel takes no `used`: once per large m
      poly back = random_poly(rng, n), back_levels = back;
      d::from_novel_by_levels(back_levels.data(), m);
      d::from_novel(back.data(), m);
      ASSERT_EQ(back, back_levels) << "from_novel, m = " << m;
      d::to_novel(back.data(), m, n);
      d::to_novel_by_levels(back_levels.data(), m, n);
      ASSERT_EQ(back, back_levels) << "from then to, m = " << m;
    }
  }
}

TEST(Gf2x, AdditiveFftAroundTheBasisCrossover) {
  // Products whose FFT has 2^10 .. 2^14 points, both directions of the change of basis below,
  // at and above the Taylor route's crossover (2^12 words), the forced FFT against Karatsuba;
  // 1500 x 10 limbs fill more than half the block, so to_novel runs on all its levels.
  on_every_kernel([] {
    std::mt19937_64 rng(22);
    const std::size_t sizes[][2] = {{256, 256},   {511, 511}, {512, 512},   {513, 513},   {1024, 1024},
                                    {1025, 1025}, {1500, 10}, {2048, 2047}, {2049, 2049}, {3000, 900}};
    for (const auto& s : sizes) {
      const poly a = random_poly(rng, s[0]), b = random_poly(rng, s[1]);
      nimber::gf2x::set_fft_limbs(1);
      const poly fft = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(std::numeric_limits<std::size_t>::max());
      const poly plain = nimber::gf2x::mul(a, b);
      nimber::gf2x::set_fft_limbs(0);
      ASSERT_EQ(fft, plain) << s[0] << " x " << s[1] << " limbs";
    }
  });
}

// The scratch buffers freed between products (and on a thread that has none) come back: the
// Karatsuba and the FFT products after release_scratch() are those before it.
TEST(Gf2x, ProductsAfterTheScratchIsReleased) {
  on_every_kernel([] {
    std::mt19937_64 rng(23);
    const poly a = random_poly(rng, 300), b = random_poly(rng, 170);
    const poly expected = schoolbook(a, b);
    for (const std::size_t fft_from : {std::size_t(0), std::size_t(1)}) {
      nimber::gf2x::set_fft_limbs(fft_from);
      ASSERT_EQ(nimber::gf2x::mul(a, b), expected) << fft_from;
      nimber::gf2x::release_scratch();
      nimber::gf2x::release_scratch();
      ASSERT_EQ(nimber::gf2x::mul(a, b), expected) << fft_from;
    }
    nimber::gf2x::set_fft_limbs(0);
  });
}

}  // namespace
