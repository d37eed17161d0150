// The reference algorithms against each other and against Conway and Guy's Table 10.2.
#include <gtest/gtest.h>

#include <cstdint>

#include "nimber/nimber.hpp"

namespace {

// The Conway-Guy 16 x 16 nim multiplication table (The Book of Numbers, Table 10.2, as
// printed in "J be Nimble, J be Quick", Vector, 2002).
constexpr std::uint8_t kConwayGuyProduct[16][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
    {0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
    {0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
    {0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
    {0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
    {0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
    {0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
    {0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
    {0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
    {0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
    {0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
    {0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
    {0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
    {0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
};

TEST(ConwayGuy, MexTableReproducesTable10_2) {
  const auto t = nimber::ref::mex_product_table(16);
  for (unsigned a = 0; a < 16; ++a)
    for (unsigned b = 0; b < 16; ++b) EXPECT_EQ(t[a * 16 + b], kConwayGuyProduct[a][b]) << a << '*' << b;
}

TEST(ConwayGuy, FastProductReproducesTable10_2) {
  for (unsigned a = 0; a < 16; ++a)
    for (unsigned b = 0; b < 16; ++b)
      EXPECT_EQ(nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b)), kConwayGuyProduct[a][b]);
}

TEST(ConwayGuy, MexSumIsXor) {
  const auto t = nimber::ref::mex_sum_table(64);
  for (unsigned a = 0; a < 64; ++a)
    for (unsigned b = 0; b < 64; ++b) ASSERT_EQ(t[a * 64 + b], a ^ b);
}

// The mex definition is the ground truth; 64 x 64 costs O(64^4), still well under a second.
TEST(Mex, DefinitionAgreesWithEveryProduct) {
  const std::size_t n = 64;
  const auto t = nimber::ref::mex_product_table(n);
  for (unsigned a = 0; a < n; ++a)
    for (unsigned b = 0; b < n; ++b) {
      ASSERT_EQ(t[a * n + b], nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b)));
      ASSERT_EQ(t[a * n + b], std::uint32_t(nimber::ref::fermat_mul(a, b)));
      ASSERT_EQ(t[a * n + b], nimber::ref::bit_table_mul(a, b));
      ASSERT_EQ(t[a * n + b], nimber::ref::log_tower_mul(a, b));
    }
}

TEST(SeedFacts, GuysLetterAndSmallProducts) {
  EXPECT_EQ(nimber::ref::fermat_mul(8, 8), 13u);
  EXPECT_EQ(nimber::ref::fermat_mul(5, 11), 12u);
  EXPECT_EQ(nimber::ref::fermat_mul(2, 2), 3u);
  EXPECT_EQ(nimber::ref::bit_table_mul(8, 8), 13u);
  EXPECT_EQ(nimber::ref::log_tower_mul(5, 11), 12u);
}

TEST(FermatRecursion, PowersOfTwoTable) {
  // 2^i * 2^j for all i, j < 128 against the pure tower.
  for (unsigned i = 0; i < 128; ++i)
    for (unsigned j = 0; j < 128; ++j)
      ASSERT_TRUE(nimber::ref::fermat_mul_pow2(i, j) ==
                  (nimber::detail::tower_mul<128>(nimber::u128(1) << i, nimber::u128(1) << j)))
          << i << ' ' << j;
  EXPECT_THROW(nimber::ref::fermat_mul_pow2(128, 0), std::out_of_range);
}

}  // namespace
