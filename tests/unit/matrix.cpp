// Matrices over the nimber fields against brute force in GF(2^8) (determinants by the
// permutation expansion, ranks by the largest nonzero minor), and seeded random checks at
// 64 and 128 bits (A * A^-1 = I, solutions substituted back, rank(A) = rank(A^T)).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "nimber/algebra/matrix.hpp"

namespace {

using nimber::matrix;
using nimber::u128;

template <class U>
U random_entry(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<U, u128>) return (u128(rng()) << 64) | rng();
  else return U(rng());
}

template <class U>
matrix<U> random_matrix(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  matrix<U> m(rows, cols);
  for (U& v : m.data()) v = random_entry<U>(rng);
  return m;
}

// A random matrix of rank at most k: a product rows x k times k x cols; sometimes a row
// or column is zeroed, so that pivots must be searched for.
template <class U>
matrix<U> low_rank_matrix(std::size_t rows, std::size_t cols, std::size_t k, std::mt19937_64& rng) {
  matrix<U> m = random_matrix<U>(rows, k, rng) * random_matrix<U>(k, cols, rng);
  if (rows > 0 && rng() % 3 == 0) {
    const std::size_t i = rng() % rows;
    for (U& v : m.row(i)) v = 0;
  }
  if (cols > 0 && rng() % 3 == 0) {
    const std::size_t j = rng() % cols;
    for (std::size_t i = 0; i < rows; ++i) m(i, j) = 0;
  }
  return m;
}

template <class U>
matrix<U> transpose(const matrix<U>& a) {
  matrix<U> t(a.cols(), a.rows());
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j) t(j, i) = a(i, j);
  return t;
}

// The permutation expansion; in characteristic 2 every sign is +1.
std::uint8_t leibniz_determinant(const matrix<std::uint8_t>& a) {
  std::vector<std::size_t> perm(a.rows());
  std::iota(perm.begin(), perm.end(), 0);
  std::uint8_t det = 0;
  do {
    std::uint8_t term = 1;
    for (std::size_t i = 0; i < a.rows(); ++i) term = nimber::mul(term, a(i, perm[i]));
    det ^= term;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return det;
}

// Calls f on every k-subset of {0, ..., n - 1} (as a sorted vector) until f returns true.
template <class F>
bool any_subset(std::size_t n, std::size_t k, F f) {
  std::vector<bool> chosen(n, false);
  std::fill(chosen.begin(), chosen.begin() + std::ptrdiff_t(k), true);
  do {
    std::vector<std::size_t> s;
    for (std::size_t i = 0; i < n; ++i)
      if (chosen[i]) s.push_back(i);
    if (f(s)) return true;
  } while (std::prev_permutation(chosen.begin(), chosen.end()));
  return false;
}

// The rank as the order of the largest nonzero minor.
std::size_t minor_rank(const matrix<std::uint8_t>& a) {
  for (std::size_t k = std::min(a.rows(), a.cols()); k > 0; --k) {
    const bool found = any_subset(a.rows(), k, [&](const std::vector<std::size_t>& rs) {
      return any_subset(a.cols(), k, [&](const std::vector<std::size_t>& cs) {
        matrix<std::uint8_t> m(k, k);
        for (std::size_t i = 0; i < k; ++i)
          for (std::size_t j = 0; j < k; ++j) m(i, j) = a(rs[i], cs[j]);
        return leibniz_determinant(m) != 0;
      });
    });
    if (found) return k;
  }
  return 0;
}

// Every claim solve() makes about a x = b, checked by substitution.
template <class U>
void check_solution(const matrix<U>& a, const std::vector<U>& b) {
  const auto s = nimber::solve(a, std::span<const U>(b));
  matrix<U> augmented(a.rows(), a.cols() + 1);
  for (std::size_t i = 0; i < a.rows(); ++i) {
    std::copy(a.row(i).begin(), a.row(i).end(), augmented.row(i).begin());
    augmented(i, a.cols()) = b[i];
  }
  const std::size_t r = nimber::rank(a);
  // Solvable exactly when b lies in the column space (Rouche-Capelli).
  ASSERT_EQ(s.has_value(), nimber::rank(augmented) == r);
  if (!s) return;
  ASSERT_EQ(nimber::apply(a, std::span<const U>(s->particular)), b);
  ASSERT_EQ(s->null_space.rows(), a.cols() - r);
  ASSERT_EQ(s->null_space.cols(), a.cols());
  ASSERT_EQ(nimber::rank(s->null_space), s->null_space.rows());  // independent
  for (std::size_t k = 0; k < s->null_space.rows(); ++k)
    ASSERT_EQ(nimber::apply(a, s->null_space.row(k)), std::vector<U>(a.rows(), 0));
  ASSERT_EQ(nimber::null_space(a), s->null_space);
}

template <class U>
void check_inverse(const matrix<U>& a) {
  const auto inv = nimber::inverse(a);
  ASSERT_EQ(inv.has_value(), nimber::determinant(a) != 0);
  if (!inv) return;
  const matrix<U> id = matrix<U>::identity(a.rows());
  ASSERT_EQ(a * *inv, id);
  ASSERT_EQ(*inv * a, id);
}

TEST(Matrix, SmallAgainstBruteForce) {
  std::mt19937_64 rng(2024);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t rows = 1 + rng() % 5, cols = 1 + rng() % 5;
    const std::size_t k = rng() % (std::min(rows, cols) + 1);
    const matrix<std::uint8_t> a = trial % 2 ? random_matrix<std::uint8_t>(rows, cols, rng)
                                             : low_rank_matrix<std::uint8_t>(rows, cols, k, rng);
    ASSERT_EQ(nimber::rank(a), minor_rank(a)) << trial;
    ASSERT_EQ(nimber::rank(transpose(a)), minor_rank(a)) << trial;
    if (rows == cols) {
      ASSERT_EQ(nimber::determinant(a), leibniz_determinant(a)) << trial;
      check_inverse(a);
    }
    std::vector<std::uint8_t> b(rows);
    for (auto& v : b) v = std::uint8_t(rng());
    check_solution(a, b);
    // A right-hand side in the column space: always solvable.
    std::vector<std::uint8_t> x(cols);
    for (auto& v : x) v = std::uint8_t(rng());
    check_solution(a, nimber::apply(a, std::span<const std::uint8_t>(x)));
  }
}

TEST(Matrix, DeterminantUpToSix) {
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 6;
    const matrix<std::uint8_t> a = trial % 3 ? random_matrix<std::uint8_t>(n, n, rng)
                                             : low_rank_matrix<std::uint8_t>(n, n, 5, rng);
    ASSERT_EQ(nimber::determinant(a), leibniz_determinant(a)) << trial;
    check_inverse(a);
  }
}

template <class U>
void random_wide_checks(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (const std::size_t n : {1u, 2u, 7u, 33u, 80u}) {
    const matrix<U> a = random_matrix<U>(n, n, rng), b = random_matrix<U>(n, n, rng);
    check_inverse(a);
    ASSERT_EQ(nimber::determinant(a * b), nimber::mul(nimber::determinant(a), nimber::determinant(b)));
    for (const std::size_t k : {std::size_t(0), n / 2, n - 1}) {
      const matrix<U> low = low_rank_matrix<U>(n, n + 3, k, rng);
      const std::size_t r = nimber::rank(low);
      ASSERT_LE(r, k);
      ASSERT_EQ(nimber::rank(transpose(low)), r);
      ASSERT_EQ(nimber::null_space(low).rows(), n + 3 - r);
      ASSERT_EQ(nimber::determinant(low_rank_matrix<U>(n, n, k, rng)), U(0));
      std::vector<U> x(n + 3), noise(n);
      for (U& v : x) v = random_entry<U>(rng);
      for (U& v : noise) v = random_entry<U>(rng);
      check_solution(low, nimber::apply(low, std::span<const U>(x)));
      check_solution(low, noise);
    }
  }
}

TEST(Matrix, Random64) { random_wide_checks<std::uint64_t>(64); }
TEST(Matrix, Random128) { random_wide_checks<u128>(128); }
TEST(Matrix, Random16And32) {
  random_wide_checks<std::uint16_t>(16);
  random_wide_checks<std::uint32_t>(32);
}

TEST(Matrix, RandomFullRank64) {
  // A random 200 x 200 matrix over GF(2^64) is singular with probability about 2^-64.
  std::mt19937_64 rng(7);
  const matrix<std::uint64_t> a = random_matrix<std::uint64_t>(200, 200, rng);
  EXPECT_EQ(nimber::rank(a), 200u);
  EXPECT_EQ(nimber::rank(random_matrix<std::uint64_t>(150, 260, rng)), 150u);
  check_inverse(a);
}

TEST(Matrix, EdgeCasesAndErrors) {
  const matrix<std::uint64_t> empty;
  EXPECT_EQ(nimber::rank(empty), 0u);
  EXPECT_EQ(nimber::determinant(empty), 1u);
  EXPECT_EQ(nimber::inverse(empty), empty);
  EXPECT_EQ(nimber::rank(matrix<std::uint64_t>(3, 4)), 0u);
  EXPECT_EQ(nimber::null_space(matrix<std::uint64_t>(3, 4)), matrix<std::uint64_t>::identity(4));
  EXPECT_EQ(nimber::inverse(matrix<std::uint64_t>(2, 2)), std::nullopt);
  matrix<std::uint8_t> two(1, 1);
  two(0, 0) = 2;
  EXPECT_EQ((*nimber::inverse(two))(0, 0), 3);  // 2 * 3 = 1
  EXPECT_THROW(nimber::determinant(matrix<std::uint64_t>(2, 3)), std::invalid_argument);
  EXPECT_THROW(nimber::inverse(matrix<std::uint64_t>(3, 2)), std::invalid_argument);
  const std::vector<std::uint64_t> b(2);
  EXPECT_THROW(nimber::solve(matrix<std::uint64_t>(3, 3), std::span<const std::uint64_t>(b)),
               std::invalid_argument);
  EXPECT_THROW(matrix<std::uint64_t>(2, 3) * matrix<std::uint64_t>(2, 3), std::invalid_argument);
  // 0 x = 5 has no solution; 0 x = 0 has all of them.
  const std::vector<std::uint64_t> five{5}, zero{0};
  EXPECT_EQ(nimber::solve(matrix<std::uint64_t>(1, 2), std::span<const std::uint64_t>(five)), std::nullopt);
  const auto all = nimber::solve(matrix<std::uint64_t>(1, 2), std::span<const std::uint64_t>(zero));
  ASSERT_TRUE(all);
  EXPECT_EQ(all->null_space, matrix<std::uint64_t>::identity(2));
}

}  // namespace

// Progress: reported from the calling thread, never backwards, never past the total, and the
// answers are those of a run without it.
TEST(Matrix, ProgressIsMonotoneAndChangesNothing) {
  std::mt19937_64 rng(31);
  const matrix<std::uint64_t> a = random_matrix<std::uint64_t>(200, 200, rng);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
  const nimber::progress_fn record = [&calls](std::uint64_t done, std::uint64_t total) {
    calls.emplace_back(done, total);
  };
  EXPECT_EQ(nimber::inverse(a, record), nimber::inverse(a));
  ASSERT_GT(calls.size(), 2u);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i].second, calls[0].second);
    EXPECT_LE(calls[i].first, calls[i].second);
    if (i > 0) {
      EXPECT_GE(calls[i].first, calls[i - 1].first) << i;
    }
  }
  calls.clear();
  EXPECT_EQ(nimber::rank(a, record), nimber::rank(a));
  EXPECT_FALSE(calls.empty());
}
