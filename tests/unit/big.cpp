// big_nim: agreement with the 64- and 128-bit types, the batched Karatsuba product against a
// plain recursive tower, field identities up to 2^16 bits, the Fermat-power rules (the text
// forms are in big_text.cpp).
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "edge_values.hpp"
#include "nimber/big.hpp"
#include "nimber/kernel.hpp"
#include "nimber/reference.hpp"

namespace {

using nimber::big_nim;
using nimber::u128;
using u64 = std::uint64_t;
using limbs = std::vector<u64>;

// ---- An independent reference: the tower of arith.hpp written plainly on limb vectors ---
// No batching, no scratch arena, no byte tables: leaves are the single-bit-table product
// and the half power is the table-free tower_mul_half. Sizes are powers of two.

limbs slice(const limbs& x, std::size_t from, std::size_t n) {
  return limbs(x.begin() + std::ptrdiff_t(from), x.begin() + std::ptrdiff_t(from + n));
}
limbs join(const limbs& lo, const limbs& hi) {
  limbs r = lo;
  r.insert(r.end(), hi.begin(), hi.end());
  return r;
}
limbs xor_of(const limbs& a, const limbs& b) {
  limbs r = a;
  for (std::size_t i = 0; i < r.size(); ++i) r[i] ^= b[i];
  return r;
}

limbs ref_half(const limbs& x) {  // x * 2^(64 n - 1)
  const std::size_t n = x.size();
  if (n == 1) return {nimber::detail::tower_mul_half<64>(x[0])};
  const limbs x0 = slice(x, 0, n / 2), x1 = slice(x, n / 2, n / 2);
  return join(ref_half(ref_half(x1)), ref_half(xor_of(x0, x1)));
}

limbs ref_mul(const limbs& a, const limbs& b) {
  const std::size_t n = a.size();
  if (n == 1) return {nimber::ref::bit_table_mul(a[0], b[0])};
  const std::size_t h = n / 2;
  const limbs a0 = slice(a, 0, h), a1 = slice(a, h, h), b0 = slice(b, 0, h), b1 = slice(b, h, h);
  const limbs lo = ref_mul(a0, b0);
  const limbs hi = xor_of(ref_mul(xor_of(a0, a1), xor_of(b0, b1)), lo);
  return join(xor_of(lo, ref_half(ref_mul(a1, b1))), hi);
}

limbs random_limbs(std::size_t n, std::mt19937_64& rng) {
  limbs v(n);
  for (u64& x : v) x = rng();
  return v;
}

big_nim big_of(const limbs& v) { return big_nim::from_limbs(v); }

limbs padded(const big_nim& x, std::size_t n) {
  limbs v(n, 0);
  std::copy(x.limbs().begin(), x.limbs().end(), v.begin());
  return v;
}

// Restores the block size on scope exit.
struct block_size {
  std::size_t saved = nimber::big::block_limbs();
  explicit block_size(std::size_t n) { nimber::big::set_block_limbs(n); }
  ~block_size() { nimber::big::set_block_limbs(saved); }
};

// Restores the breadth-first limit on scope exit (1: every level above the blocks halves
// depth-first).
struct breadth_limit {
  std::size_t saved = nimber::big::breadth_limbs();
  explicit breadth_limit(std::size_t n) { nimber::big::set_breadth_limbs(n); }
  ~breadth_limit() { nimber::big::set_breadth_limbs(saved); }
};

// ---- Agreement with the fixed-width types ----------------------------------------------------

TEST(BigSmall, AgreesWith64BitOnEdgeAndRandomValues) {
  const auto v = nimber::test::test_values<u64>(400);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const u64 a = v[i], b = v[(i * 7 + 3) % v.size()];
    const big_nim x(a), y(b);
    ASSERT_EQ((x * y).to_u64(), nimber::mul(a, b)) << a << " * " << b;
    ASSERT_EQ((x + y).to_u64(), a ^ b);
    ASSERT_EQ(x.square().to_u64(), nimber::square(a));
    ASSERT_EQ(x.sqrt().to_u64(), nimber::sqrt(a));
    ASSERT_EQ(x.pow(u64(b)).to_u64(), nimber::pow(a, b));
    if (b != 0) {
      ASSERT_EQ((x / y).to_u64(), nimber::div(a, b));
      ASSERT_EQ(y.inverse().to_nim64(), nimber::nim64(b).inverse());
    }
    ASSERT_EQ(x <=> y, a <=> b);
  }
}

TEST(BigSmall, AgreesWith128BitOnEdgeAndRandomValues) {
  const auto v = nimber::test::test_values<u128>(600);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const u128 a = v[i], b = v[(i * 11 + 5) % v.size()];
    const big_nim x(a), y(b);
    ASSERT_EQ((x * y).to_u128(), nimber::mul(a, b));
    ASSERT_EQ(x.square().to_u128(), nimber::square(a));
    ASSERT_EQ(x.sqrt().to_u128(), nimber::sqrt(a));
    ASSERT_EQ(x.pow(b).to_u128(), nimber::pow(a, b));
    if (b != 0) {
      ASSERT_EQ((x / y).to_nim128(), nimber::nim128(a) / nimber::nim128(b));
      ASSERT_EQ(y.inverse().to_u128(), nimber::inverse(b));
    }
    ASSERT_EQ(x <=> y, a <=> b);
    ASSERT_EQ(x == y, a == b);
  }
}

TEST(BigSmall, Conversions) {
  const u128 v = (u128(0x0123456789abcdefull) << 64) | 0xfedcba9876543210ull;
  EXPECT_EQ(big_nim(nimber::nim128(v)).to_u128(), v);
  EXPECT_EQ(big_nim(nimber::nim64(42)).to_nim64(), nimber::nim64(42));
  EXPECT_THROW(big_nim(v).to_u64(), std::out_of_range);
  EXPECT_THROW(big_nim::power_of_two(128).to_u128(), std::out_of_range);
  EXPECT_EQ(big_nim::power_of_two(127).to_u128(), u128(1) << 127);
  EXPECT_EQ(big_nim().to_u64(), 0u);
  EXPECT_TRUE(big_nim(u128(0)).is_zero());
  EXPECT_EQ(big_nim::from_limbs(limbs{5, 0, 0}).limbs().size(), 1u);  // normalised
  EXPECT_EQ(big_nim(u64(0)).field_bits(), 1u);
  EXPECT_EQ(big_nim(u64(1)).field_bits(), 1u);
  EXPECT_EQ(big_nim(u64(2)).field_bits(), 2u);
  EXPECT_EQ(big_nim(u64(255)).field_bits(), 8u);
  EXPECT_EQ(big_nim(u64(256)).field_bits(), 16u);
  EXPECT_EQ(big_nim::power_of_two(64).field_bits(), 128u);
  EXPECT_EQ(big_nim::power_of_two(64).bit_length(), 65u);
  EXPECT_EQ(big_nim::random(1000, 7).bit_length() <= 1000, true);
  EXPECT_EQ(big_nim::random(1000, 7), big_nim::random(1000, 7));
}

// ---- The batched product against the plain tower -------------------------------------------

TEST(BigKaratsuba, MatchesPlainTowerAtModerateSizes) {
  // Every route: one block, blocks under breadth-first levels, and depth-first halving above
  // a breadth limit (4 limbs: blocks of 2, one breadth-first level, then depth-first).
  std::mt19937_64 rng(11);
  for (std::size_t breadth : {nimber::big::breadth_limbs(), std::size_t(4), std::size_t(1)})
    for (std::size_t block : {std::size_t(2), std::size_t(4), std::size_t(16), nimber::big::block_limbs()}) {
      breadth_limit limit(breadth);
      block_size guard(block);
      for (std::size_t n = 1; n <= 64; n *= 2) {  // up to 4096 bits
        const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
        const limbs expect = ref_mul(a, b);
        limbs out(n);
        nimber::big::mul(a.data(), b.data(), out.data(), n);
        ASSERT_EQ(out, expect) << "n = " << n << " limbs, block " << block << ", breadth " << breadth;
        ASSERT_EQ(padded(big_of(a) * big_of(b), n), expect);
        limbs inplace = a;  // aliasing output and input
        nimber::big::mul(inplace.data(), b.data(), inplace.data(), n);
        ASSERT_EQ(inplace, expect);
      }
    }
}

TEST(BigKaratsuba, SharedLevelsMatchOneBlock) {
  // From 1024 limbs up the product uses the helper thread: for the block products of the
  // breadth-first levels, or for the a1 b1 half of each depth-first level. One block of the
  // whole size is the breadth-first tree on this thread alone. All must agree, also when two
  // products run at once (one of them then finds the helper busy).
  std::mt19937_64 rng(14);
  for (std::size_t n : {std::size_t(1024), std::size_t(2048)}) {
    const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
    limbs expect(n), other_expect(n);
    {
      block_size guard(n);
      nimber::big::mul(a.data(), b.data(), expect.data(), n);
      nimber::big::mul(b.data(), expect.data(), other_expect.data(), n);
    }
    for (std::size_t breadth : {nimber::big::breadth_limbs(), std::size_t(1)}) {
      breadth_limit limit(breadth);
      limbs shared(n), other(n);
      nimber::big::mul(a.data(), b.data(), shared.data(), n);
      ASSERT_EQ(shared, expect) << n << " breadth " << breadth;
      std::thread t([&] { nimber::big::mul(b.data(), expect.data(), other.data(), n); });
      nimber::big::mul(a.data(), b.data(), shared.data(), n);
      t.join();
      ASSERT_EQ(shared, expect) << n << " breadth " << breadth;
      ASSERT_EQ(other, other_expect) << n << " breadth " << breadth;
    }
  }
}

TEST(BigKaratsuba, BreadthFirstLevelsMatchDepthFirst) {
  // 2^19 and 2^20 bits: the breadth-first levels above the blocks, whose large half-power
  // maps are shared with the helper thread (by vectors, and at 2^20 a single vector by one
  // step of its recursion), against depth-first halving (checked against one block above).
  std::mt19937_64 rng(15);
  for (std::size_t n : {std::size_t(8192), std::size_t(16384)}) {
    const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
    limbs expect(n), out(n);
    {
      breadth_limit limit(1);
      nimber::big::mul(a.data(), b.data(), expect.data(), n);
    }
    nimber::big::mul(a.data(), b.data(), out.data(), n);
    ASSERT_EQ(out, expect) << n;
  }
}

// The operations of one size against the plain tower, on whatever kernel is active.
struct reference_case {
  limbs a, b, product, half, square;
};

reference_case make_case(std::size_t n, std::mt19937_64& rng) {
  reference_case c{random_limbs(n, rng), random_limbs(n, rng), {}, {}, {}};
  c.product = ref_mul(c.a, c.b);
  c.half = ref_half(c.a);
  c.square = ref_mul(c.a, c.a);
  return c;
}

void expect_matches(const reference_case& c, const std::string& where) {
  const std::size_t n = c.a.size();
  limbs out(n), half(n), sq(n), root(n), inv(n);
  nimber::big::mul(c.a.data(), c.b.data(), out.data(), n);
  ASSERT_EQ(out, c.product) << where;
  nimber::big::mul_half(c.a.data(), half.data(), n);
  ASSERT_EQ(half, c.half) << where;
  nimber::big::square(c.a.data(), sq.data(), n);
  ASSERT_EQ(sq, c.square) << where;
  nimber::big::sqrt(sq.data(), root.data(), n);
  ASSERT_EQ(root, c.a) << where;
  nimber::big::inverse(c.a.data(), inv.data(), n);
  limbs one(n, 0);
  one[0] = 1;
  ASSERT_EQ(ref_mul(c.a, inv), one) << where;
}

TEST(BigKaratsuba, EveryKernelAgreesWithThePlainTower) {
  // Each supported kernel, forced, against the plain tower on every route of the trees. The
  // kernels with carry-less multiplies take the chunk route from 512 bits (8 limbs) up, whose
  // conversions switch from byte tables to byte planes at 32 chunks (256 limbs); the portable
  // kernel stays on limbs. Then a 2^16-bit product (the helper thread's route) that must agree
  // across kernels, and so across both routes.
  const std::string before(nimber::kernel::active());
  std::mt19937_64 rng(16);
  std::vector<reference_case> cases;
  for (std::size_t n = 1; n <= 512; n *= 2) cases.push_back(make_case(n, rng));
  const limbs big_a = random_limbs(1024, rng), big_b = random_limbs(1024, rng);
  limbs first_big;
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    for (std::size_t breadth : {nimber::big::breadth_limbs(), std::size_t(4), std::size_t(64)})
      for (std::size_t block : {std::size_t(2), std::size_t(16), std::size_t(64), nimber::big::block_limbs()}) {
        breadth_limit limit(breadth);
        block_size guard(block);
        for (const reference_case& c : cases)
          expect_matches(c, std::string(k.name) + " n " + std::to_string(c.a.size()) + " block " +
                                std::to_string(block) + " breadth " + std::to_string(breadth));
      }
    limbs out(1024);
    nimber::big::mul(big_a.data(), big_b.data(), out.data(), 1024);
    if (first_big.empty()) first_big = out;
    ASSERT_EQ(out, first_big) << k.name;
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

TEST(BigKaratsuba, ChunkEdgeValues) {
  // Chunks that stress the conversions and the reduction: zero, one, single bits (among them
  // 2^511, the generator h of the polynomial basis, and 2^510), all ones, and h + 1, in a
  // 512-bit and a 1024-bit field, on every kernel.
  const std::string before(nimber::kernel::active());
  std::vector<limbs> values;
  for (std::size_t n : {std::size_t(8), std::size_t(16)}) {
    for (std::size_t bit : {std::size_t(0), std::size_t(1), std::size_t(63), std::size_t(64), std::size_t(510),
                            std::size_t(511), 64 * n - 1}) {
      limbs v(n, 0);
      v[bit / 64] = u64(1) << (bit % 64);
      values.push_back(v);
    }
    values.push_back(limbs(n, 0));
    values.push_back(limbs(n, ~u64(0)));
    limbs h1(n, 0);
    h1[0] = 1;
    h1[7] = u64(1) << 63;
    values.push_back(h1);
  }
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    ASSERT_EQ(nimber::kernel::force(k.name), nimber::kernel::force_status::ok);
    for (const limbs& x : values)
      for (const limbs& y : values) {
        if (x.size() != y.size()) continue;
        const std::size_t n = x.size();
        limbs out(n), sq(n);
        nimber::big::mul(x.data(), y.data(), out.data(), n);
        ASSERT_EQ(out, ref_mul(x, y)) << k.name;
        nimber::big::square(x.data(), sq.data(), n);
        ASSERT_EQ(sq, ref_mul(x, x)) << k.name;
      }
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

TEST(BigKaratsuba, ChunkRouteMatchesLimbRouteAt2To16And2To17Bits) {
  // Every kernel (the chunk route where it has carry-less multiplies) against the limb route
  // of the portable kernel, on sizes where both use the helper thread: the shared half-power
  // maps and byte-plane conversions, and the two-core steps of squares and roots (from 2^16
  // bits). Products, squares, square roots, inverses.
  const std::string before(nimber::kernel::active());
  std::mt19937_64 rng(17);
  for (std::size_t n : {std::size_t(1024), std::size_t(2048)}) {
    const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
    auto run = [&](std::string_view kernel) {
      EXPECT_EQ(nimber::kernel::force(kernel), nimber::kernel::force_status::ok);
      std::array<limbs, 4> r;
      for (auto& v : r) v.assign(n, 0);
      nimber::big::mul(a.data(), b.data(), r[0].data(), n);
      nimber::big::square(a.data(), r[1].data(), n);
      nimber::big::sqrt(a.data(), r[2].data(), n);
      nimber::big::inverse(a.data(), r[3].data(), n);
      return r;
    };
    const auto expect = run("portable");
    for (const auto& k : nimber::kernel::list()) {
      if (!k.supported) continue;
      const auto got = run(k.name);
      for (int i = 0; i < 4; ++i) EXPECT_EQ(got[i], expect[i]) << k.name << " " << n << " operation " << i;
    }
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

TEST(BigKaratsuba, SquaresAndRootsAgreeWhenTheHelperIsBusy) {
  // With the helper thread off, and two threads squaring and taking roots at once (one of
  // them finds the helper busy at each step and computes alone): all must agree.
  std::mt19937_64 rng(18);
  for (std::size_t n : {std::size_t(1024), std::size_t(4096)}) {
    const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
    limbs square_a(n), root_b(n);
    nimber::big::square(a.data(), square_a.data(), n);
    nimber::big::sqrt(b.data(), root_b.data(), n);
    ASSERT_EQ(big_of(square_a), big_of(a) * big_of(a)) << n;
    limbs root_check(n);
    nimber::big::square(root_b.data(), root_check.data(), n);
    ASSERT_EQ(root_check, b) << n;
    {
      nimber::big::set_helper_thread(false);  // everything on this thread, in the same order
      limbs s(n), r(n);
      nimber::big::square(a.data(), s.data(), n);
      nimber::big::sqrt(b.data(), r.data(), n);
      nimber::big::set_helper_thread(true);
      ASSERT_EQ(s, square_a) << n << " one core";
      ASSERT_EQ(r, root_b) << n << " one core";
    }
    for (int round = 0; round < 20; ++round) {
      limbs s(n), r(n);
      std::thread t([&] { nimber::big::sqrt(b.data(), r.data(), n); });
      nimber::big::square(a.data(), s.data(), n);
      t.join();
      ASSERT_EQ(s, square_a) << n << " round " << round;
      ASSERT_EQ(r, root_b) << n << " round " << round;
    }
  }
}

TEST(BigKaratsuba, HalfPowerMatchesPlainTower) {
  std::mt19937_64 rng(12);
  for (std::size_t n = 1; n <= 256; n *= 2) {
    const limbs x = random_limbs(n, rng);
    limbs out(n);
    nimber::big::mul_half(x.data(), out.data(), n);
    ASSERT_EQ(out, ref_half(x)) << n;
    // and it is the product by 2^(64 n - 1)
    ASSERT_EQ(big_of(out), big_of(x) * big_nim::power_of_two(64 * n - 1));
  }
}

TEST(BigKaratsuba, SubfieldOperandTakesTheChunkedPath) {
  std::mt19937_64 rng(13);
  for (std::size_t small : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(8)}) {
    const limbs a = random_limbs(32, rng), b = random_limbs(small, rng);
    const limbs expect = ref_mul(a, padded(big_of(b), 32));
    ASSERT_EQ(padded(big_of(a) * big_of(b), 32), expect) << small;
    ASSERT_EQ(padded(big_of(b) * big_of(a), 32), expect) << small;
  }
}

// ---- Field identities on random values of 256 bits to 2^16 bits --------------------------------

TEST(BigField, AxiomsAndIdentities) {
  for (std::size_t bits = 256; bits <= (std::size_t(1) << 16); bits *= 4) {
    SCOPED_TRACE(bits);
    const big_nim a = big_nim::random(bits, 1), b = big_nim::random(bits, 2),
                  c = big_nim::random(bits - 3, 3);
    const big_nim ab = a * b;
    EXPECT_EQ(ab, b * a);
    EXPECT_EQ(ab * c, a * (b * c));
    EXPECT_EQ(a * (b + c), ab + a * c);
    EXPECT_EQ(a * big_nim(u64(1)), a);
    EXPECT_TRUE((a * big_nim()).is_zero());
    EXPECT_TRUE((a - a).is_zero());
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ(a.sqrt().square(), a);
    EXPECT_EQ(a.square().sqrt(), a);
    EXPECT_EQ(a * a.inverse(), big_nim(u64(1)));
    EXPECT_EQ(ab / b, a);
    EXPECT_EQ(c.inverse().inverse(), c);
    EXPECT_EQ((a * c).square(), a.square() * c.square());  // Frobenius is multiplicative
  }
}

TEST(BigField, InverseOfZeroThrows) {
  EXPECT_THROW(big_nim().inverse(), nimber::division_by_zero);
  EXPECT_THROW(big_nim(u64(5)) / big_nim(), nimber::division_by_zero);
  limbs z(4, 0), out(4, 1);
  nimber::big::inverse(z.data(), out.data(), 4);  // raw kernel: 0 maps to 0
  EXPECT_EQ(out, limbs(4, 0));
}

TEST(BigField, Powers) {
  const big_nim x = big_nim::random(300, 4);  // lives in GF(2^512)
  EXPECT_EQ(x.pow(u64(0)), big_nim(u64(1)));
  EXPECT_EQ(big_nim().pow(u64(0)), big_nim(u64(1)));
  EXPECT_TRUE(big_nim().pow(u64(9)).is_zero());
  EXPECT_EQ(x.pow(u64(1)), x);
  EXPECT_EQ(x.pow(u64(5)), x * x * x * x * x);
  EXPECT_EQ(x.pow(u128(1) << 70), x.pow(u64(1) << 35).pow(u64(1) << 35));
  // x^(2^512 - 1) = 1 and x^(2^512) = x in GF(2^512), whatever the exponent's size.
  const big_nim order = big_nim::from_limbs(limbs(8, ~u64(0)));
  EXPECT_EQ(x.pow(order), big_nim(u64(1)));
  EXPECT_EQ(x.pow(big_nim::power_of_two(512)), x);
  EXPECT_EQ(x.pow(big_nim::power_of_two(5000)), x.pow(big_nim::power_of_two(5000 % 512)));
  EXPECT_EQ(x.pow(u64(1) << 9).pow(u64(1) << 9), x.pow(u64(1) << 18));
  EXPECT_EQ(x.pow(u64(6)), x.pow(u64(3)).square());
  // Exponents far past the group order: x^(2e) = (x^e)^2 and x^(e 2^512) = x^e.
  const big_nim e = big_nim::random(2000, 5);
  limbs twice(e.limbs().begin(), e.limbs().end()), shifted(8, 0);
  twice.push_back(0);
  for (std::size_t i = twice.size(); i-- > 0;) twice[i] = twice[i] << 1 | (i ? twice[i - 1] >> 63 : 0);
  shifted.insert(shifted.end(), e.limbs().begin(), e.limbs().end());
  EXPECT_EQ(x.pow(big_of(twice)), x.pow(e).square());
  EXPECT_EQ(x.pow(big_of(shifted)), x.pow(e));
}

// ---- The Fermat-power rules and field boundaries -----------------------------------------------

TEST(BigFermat, SquareOfEachFermatPowerIsThreeHalves) {
  for (unsigned k = 0; k <= 16; ++k) {
    const std::size_t e = std::size_t(1) << k;  // F = 2^e
    const big_nim f = big_nim::power_of_two(e);
    const big_nim expect = f + big_nim::power_of_two(e - 1);  // 3F/2
    ASSERT_EQ(f * f, expect) << "k = " << k;
    ASSERT_EQ(f.square(), expect) << "k = " << k;
  }
}

TEST(BigFermat, DistinctFermatPowersMultiplyOrdinarily) {
  for (unsigned i = 0; i <= 13; ++i)
    for (unsigned j = i + 1; j <= 13; ++j) {
      const std::size_t ei = std::size_t(1) << i, ej = std::size_t(1) << j;
      ASSERT_EQ(big_nim::power_of_two(ei) * big_nim::power_of_two(ej), big_nim::power_of_two(ei + ej));
    }
  // and a value below F times F is its ordinary shift
  const big_nim x = big_nim::random(4096, 9);
  std::vector<u64> shifted(64, 0);
  shifted.insert(shifted.end(), x.limbs().begin(), x.limbs().end());
  EXPECT_EQ(x * big_nim::power_of_two(4096), big_nim::from_limbs(shifted));
}

TEST(BigFermat, OneBitPastAFieldBoundary) {
  const big_nim f64 = big_nim::power_of_two(64);  // one bit past GF(2^64): lives in GF(2^128)
  EXPECT_EQ(f64.field_bits(), 128u);
  EXPECT_EQ((f64 * f64).to_u128(), (u128(1) << 64) | (u128(1) << 63));
  EXPECT_EQ((f64 * f64).to_u128(), nimber::mul(u128(1) << 64, u128(1) << 64));
  const big_nim f128 = big_nim::power_of_two(128);
  EXPECT_EQ(f128 * f128, f128 + big_nim::power_of_two(127));
  EXPECT_EQ(f128 * big_nim(u64(3)), big_nim::power_of_two(129) + f128);
  EXPECT_EQ((f128 * f128.inverse()), big_nim(u64(1)));
  const big_nim top = big_nim(~u128(0));  // the last value of GF(2^128) squared stays in it
  EXPECT_TRUE(top.square().fits_u128());
}

#ifdef NIMBER_EXHAUSTIVE
// Long sweeps: many seeds and sizes up to 2^14 bits against the plain tower, every block size.
TEST(BigExhaustive, KaratsubaAgainstPlainTower) {
  std::mt19937_64 rng(99);
  for (std::size_t block = 2; block <= 512; block *= 2) {
    block_size guard(block);
    for (std::size_t n = 1; n <= 256; n *= 2)
      for (int rep = 0; rep < 4; ++rep) {
        const limbs a = random_limbs(n, rng), b = random_limbs(n, rng);
        limbs out(n);
        nimber::big::mul(a.data(), b.data(), out.data(), n);
        ASSERT_EQ(out, ref_mul(a, b)) << n << ' ' << block;
      }
  }
}

TEST(BigExhaustive, IdentitiesUpTo2To18Bits) {
  for (std::size_t bits = 1 << 17; bits <= (1u << 18); bits *= 2) {
    const big_nim a = big_nim::random(bits, 21), b = big_nim::random(bits, 22);
    EXPECT_EQ(a * a.inverse(), big_nim(u64(1)));
    EXPECT_EQ(a.sqrt().square(), a);
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ((a * b) / b, a);
  }
}
#endif

}  // namespace
