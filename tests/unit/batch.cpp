// The batch API on every kernel this CPU supports, against the scalar pure tower
// (detail::tower_mul, the reference the table paths are tested against in test_arith).
// In the isa-l manner: every GF(2^8) and GF(2^16) constant, every length 0..257, misaligned
// spans with guard words on both sides, in-place aliasing, and a threaded batch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nimber/batch.hpp"
#include "nimber/kernel.hpp"
#include "edge_values.hpp"

namespace {

using nimber::u128;
using std::uint64_t;

std::uint64_t ref_mul(uint64_t a, uint64_t b) { return nimber::detail::tower_mul<64>(a, b); }

// 0, 1, every 2^k (so every Fermat power 2^(2^k)), every 2^k - 1, all-ones, neighbours.
std::vector<uint64_t> edge_values() { return nimber::test::edge_values<uint64_t>(); }

std::vector<uint64_t> random_words(std::size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint64_t> v(n);
  for (auto& x : v) x = rng();
  return v;
}

// Every kernel built into the library, each test run once per kernel (value-parameterised);
// one this CPU cannot run shows as skipped, with what it lacks.
std::vector<std::string> built_kernels() {
  std::vector<std::string> names;
  for (const auto& k : nimber::kernel::list()) names.emplace_back(k.name);
  return names;
}

class Kernel : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    for (const auto& k : nimber::kernel::list())
      if (k.name == GetParam() && !k.supported)
        GTEST_SKIP() << k.name << " needs " << k.requires_ << ", which this CPU (or OS) does not offer";
    ASSERT_EQ(nimber::kernel::force(GetParam()), nimber::kernel::force_status::ok);
    ASSERT_EQ(nimber::kernel::active(), GetParam());  // the forced kernel is the one running
  }
};

TEST_P(Kernel, PairwiseRandomAndEdgeValues) {
  const auto edges = edge_values();
  std::vector<uint64_t> a = random_words(100'000, 1), b = random_words(100'000, 2);
  ASSERT_LE(edges.size() * edges.size(), a.size());
  std::size_t i = 0;  // all pairs of edge values, then the random ones
  for (uint64_t x : edges)
    for (uint64_t y : edges) a[i] = x, b[i] = y, ++i;
  std::vector<uint64_t> out(a.size());
  nimber::batch::mul(a, b, out);
  for (i = 0; i < a.size(); ++i) ASSERT_EQ(out[i], ref_mul(a[i], b[i])) << a[i] << " * " << b[i];
}

// Every length 0..257 at every offset 0..7 (misaligned spans), with guard words around the
// output that must survive, and in-place products (out aliasing an input). The expected
// values are computed once per index, so the sweep itself costs only kernel calls.
TEST_P(Kernel, EveryLengthMisalignedGuarded) {
  constexpr uint64_t kGuard = 0xDEADBEEFCAFEF00Dull, c = 0x0123456789ABCDEFull;
  const auto a = random_words(265, 3), b = random_words(265, 4);
  std::vector<uint64_t> ab(a.size()), cab(a.size()), ab_plus_ca(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ab[i] = ref_mul(a[i], b[i]);
    cab[i] = ref_mul(c, ab[i]);
    ab_plus_ca[i] = ab[i] ^ ref_mul(c, a[i]);
  }
  for (std::size_t offset = 0; offset < 8; ++offset)
    for (std::size_t n = 0; n <= 257; ++n) {
      std::vector<uint64_t> buf(n + 16, kGuard);
      const std::span<uint64_t> out(buf.data() + 1 + offset, n);
      const std::span<const uint64_t> sa(a.data() + offset, n), sb(b.data() + offset, n);
      nimber::batch::mul(sa, sb, out);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], ab[offset + i]) << n;
      nimber::batch::axpy(c, sa, out);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], ab_plus_ca[offset + i]) << n;
      std::copy(sa.begin(), sa.end(), out.begin());  // in place: out = out * b, then c * out
      nimber::batch::mul(out, sb, out);
      nimber::batch::mul(c, out, out);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], cab[offset + i]) << n;
      for (std::size_t i = 0; i < 1 + offset; ++i) ASSERT_EQ(buf[i], kGuard);
      for (std::size_t i = 1 + offset + n; i < buf.size(); ++i) ASSERT_EQ(buf[i], kGuard);
    }
}

// Multiplication by every constant of the subfields GF(2^8) and GF(2^16), and by random
// 64-bit constants, on a vector long enough to take the matrix path (64 values). For the
// subfield constants the reference is built by linearity in c: c * x is the XOR of
// 2^j * x over the bits j of c, with each 2^j * x from the pure tower.
TEST_P(Kernel, MulByConstantAndAxpyAllSubfieldConstants) {
  const auto x = random_words(64, 5), y0 = random_words(64, 6);
  std::vector<uint64_t> bit_times_x(16 * x.size());
  for (std::size_t j = 0; j < 16; ++j)
    for (std::size_t i = 0; i < x.size(); ++i) bit_times_x[j * x.size() + i] = ref_mul(uint64_t(1) << j, x[i]);
  std::vector<uint64_t> out(x.size()), y(x.size());
  auto check = [&](uint64_t c, auto expected) {
    nimber::batch::mul(c, x, out);
    y = y0;
    nimber::batch::axpy(c, x, y);
    for (std::size_t i = 0; i < x.size(); ++i) {
      const uint64_t p = expected(i);
      ASSERT_EQ(out[i], p) << c;
      ASSERT_EQ(y[i], y0[i] ^ p) << c;
    }
  };
  for (uint64_t c = 0; c < 65536; ++c)
    check(c, [&](std::size_t i) {
      uint64_t p = 0;
      for (std::size_t j = 0; j < 16; ++j)
        if (c >> j & 1) p ^= bit_times_x[j * x.size() + i];
      return p;
    });
  for (uint64_t c : random_words(256, 7)) check(c, [&](std::size_t i) { return ref_mul(c, x[i]); });
}

// A prepared multiplier: edge and random constants, every length 0..200 at offsets 0..3,
// in place, and a multiplier built before the kernel was forced (it must serve any kernel).
TEST_P(Kernel, PreparedMultiplier) {
  static const nimber::batch::multiplier built_before(0xFEDCBA9876543210ull);  // first kernel's run
  std::vector<uint64_t> constants = edge_values();
  for (uint64_t c : random_words(16, 9)) constants.push_back(c);
  const auto x = random_words(204, 10), y0 = random_words(204, 11);
  std::vector<uint64_t> out(204), y(204);
  for (uint64_t c : constants) {
    const nimber::batch::multiplier m(c);
    ASSERT_EQ(m.value(), c);
    std::vector<uint64_t> cx(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) cx[i] = ref_mul(c, x[i]);
    for (std::size_t offset = 0; offset < 4; ++offset)
      for (std::size_t n = 0; n <= 200; n += n < 70 ? 1 : 13) {
        const std::span<const uint64_t> sx(x.data() + offset, n);
        m.mul(sx, std::span(out.data() + offset, n));
        y = y0;
        m.axpy(sx, std::span(y.data() + offset, n));
        for (std::size_t i = offset; i < offset + n; ++i) {
          ASSERT_EQ(out[i], cx[i]) << c << " n " << n;
          ASSERT_EQ(y[i], y0[i] ^ cx[i]) << c << " n " << n;
        }
        ASSERT_EQ(y[offset + n], y0[offset + n]);  // nothing past the span
      }
  }
  std::vector<uint64_t> z = x;  // in place, through a copy and a moved-to multiplier
  nimber::batch::multiplier copy = built_before;
  const nimber::batch::multiplier moved = std::move(copy);
  moved.mul(z, z);
  copy.axpy(x, z);  // still usable after the move: z = 0 now
  for (std::size_t i = 0; i < x.size(); ++i) ASSERT_EQ(z[i], 0u);
  moved.mul(x, z);
  for (std::size_t i = 0; i < x.size(); ++i) ASSERT_EQ(z[i], ref_mul(built_before.value(), x[i]));
}

TEST_P(Kernel, SquareSqrtInverse) {
  auto x = random_words(5000, 8);
  const auto edges = edge_values();
  std::copy(edges.begin(), edges.end(), x.begin());
  std::vector<uint64_t> sq(x.size()), rt(x.size()), inv(x.size());
  nimber::batch::square(x, sq);
  nimber::batch::sqrt(x, rt);
  nimber::batch::inverse(x, inv);
  for (std::size_t i = 0; i < x.size(); ++i) {
    ASSERT_EQ(sq[i], ref_mul(x[i], x[i]));
    ASSERT_EQ(ref_mul(rt[i], rt[i]), x[i]);
    ASSERT_EQ(ref_mul(inv[i], x[i]), x[i] == 0 ? 0 : 1) << x[i];
  }
  nimber::batch::inverse(inv, inv);  // in place, and the inverse is an involution
  EXPECT_EQ(inv, x);
}

TEST_P(Kernel, Pairwise128) {
  const auto w = random_words(4 * 3000, 9), edges = edge_values();
  std::vector<u128> a(3000), b(3000), out(3000);
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = u128(w[4 * i]) << 64 | w[4 * i + 1], b[i] = u128(w[4 * i + 2]) << 64 | w[4 * i + 3];
  for (std::size_t i = 0; i < edges.size(); ++i)
    a[i] = u128(edges[i]) << 64 | edges[edges.size() - 1 - i], b[i] = u128(edges[i]) << (i % 65);
  nimber::batch::mul(a, b, out);
  for (std::size_t i = 0; i < a.size(); ++i)
    ASSERT_TRUE(out[i] == nimber::detail::tower_mul<128>(a[i], b[i])) << i;
}

// A batch past parallel_threshold runs on the pool; it must equal the one-thread result
// (the same kernel on slices below the threshold).
TEST_P(Kernel, ThreadedBatchEqualsSingleThread) {
  const std::size_t n = nimber::batch::parallel_threshold * 2 + 77;
  const auto a = random_words(n, 10), b = random_words(n, 11);
  std::vector<uint64_t> whole(n), sliced(n), cwhole(n), csliced(n);
  nimber::batch::mul(a, b, whole);
  nimber::batch::mul(a[0], b, cwhole);
  for (std::size_t i = 0; i < n; i += 1000) {
    const std::size_t m = std::min<std::size_t>(1000, n - i);
    nimber::batch::mul(std::span(a).subspan(i, m), std::span(b).subspan(i, m), std::span(sliced).subspan(i, m));
    nimber::batch::mul(a[0], std::span(b).subspan(i, m), std::span(csliced).subspan(i, m));
  }
  EXPECT_EQ(whole, sliced);
  EXPECT_EQ(cwhole, csliced);
  for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(whole[i], ref_mul(a[i], b[i]));
}

// Threaded batches whose length does not split evenly over the pool (n = 128 j + 1 and
// 1024 j + 1 once failed: the last values were left uncomputed): every index of every
// operation against the scalar API.
TEST_P(Kernel, ThreadedBatchesCoverEveryIndex) {
  const std::size_t t = nimber::batch::parallel_threshold;
  for (const std::size_t n : {t, t + 1, t + 63, t + 129, std::size_t(1024 * 65 + 1), std::size_t(1024 * 65 + 15)}) {
    SCOPED_TRACE(n);
    const auto a = random_words(n, 12), b = random_words(n, 13);
    const uint64_t c = a[n / 2];
    std::vector<uint64_t> out(n), y(b);
    nimber::batch::mul(a, b, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nimber::mul(a[i], b[i])) << i;
    nimber::batch::mul(c, a, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nimber::mul(c, a[i])) << i;
    nimber::batch::axpy(c, a, y);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], b[i] ^ nimber::mul(c, a[i])) << i;
    nimber::batch::square(a, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nimber::square(a[i])) << i;
    nimber::batch::sqrt(a, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nimber::sqrt(a[i])) << i;
    nimber::batch::inverse(a, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nimber::inverse(a[i])) << i;
    std::vector<u128> a2(n), b2(n), out2(n);
    for (std::size_t i = 0; i < n; ++i) a2[i] = u128(a[i]) << 64 | b[i], b2[i] = u128(b[i]) << 64 | a[i];
    nimber::batch::mul(a2, b2, out2);
    for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(out2[i] == nimber::mul(a2[i], b2[i])) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Built, Kernel, ::testing::ValuesIn(built_kernels()),
                         [](const auto& info) { return info.param; });

TEST(KernelDispatch, ListAndForce) {
  const auto list = nimber::kernel::list();
  ASSERT_GE(list.size(), 1u);
  EXPECT_EQ(list[0].name, "portable");
  EXPECT_TRUE(list[0].supported);
  using nimber::kernel::force_status;
  const std::string before(nimber::kernel::active());
  EXPECT_EQ(nimber::kernel::force("no-such-kernel"), force_status::unknown);
  EXPECT_EQ(nimber::kernel::active(), before);
  for (const auto& k : list)
    EXPECT_EQ(nimber::kernel::force(k.name), k.supported ? force_status::ok : force_status::unsupported);
  EXPECT_EQ(nimber::kernel::to_string(force_status::unknown), "unknown kernel");
}

TEST(BatchChecked, LengthMismatchThrows) {
  std::vector<uint64_t> a(3), b(4), out(3);
  EXPECT_THROW(nimber::batch::checked::mul(a, b, out), std::length_error);
  EXPECT_THROW(nimber::batch::checked::axpy(1, a, b), std::length_error);
  EXPECT_NO_THROW(nimber::batch::checked::mul(a, a, out));
}

#ifdef NIMBER_EXHAUSTIVE
// Every product of GF(2^16) elements, per kernel (2^32 products).
TEST_P(Kernel, ExhaustiveGF16Products) {
  std::vector<uint64_t> a(65536), b(65536), out(65536);
  for (uint64_t i = 0; i < 65536; ++i) b[i] = i;
  for (uint64_t x = 0; x < 65536; ++x) {
    std::fill(a.begin(), a.end(), x);
    nimber::batch::mul(a, b, out);
    for (uint64_t y = 0; y < 65536; ++y) ASSERT_EQ(out[y], nimber::mul(std::uint16_t(x), std::uint16_t(y)));
  }
}
#endif

}  // namespace
