// Dense matrices over the nimber fields GF(2^8) .. GF(2^128): rank, determinant, inverse,
// null space and all solutions of A x = b, by Gaussian elimination.
//
// Characteristic 2 keeps the elimination sign-free: a row swap leaves the determinant as it
// is (-1 = 1), and subtracting a multiple of a row is adding it. Row operations on 64- and
// 128-bit words run on the batch kernels (nimber/batch.hpp); see src/algebra/matrix.cpp for why
// they use the pairwise product rather than batch::axpy.
//
// Errors: shapes that do not fit (a non-square matrix for determinant or inverse, a right-
// hand side of the wrong length, mismatched sizes in a product) throw std::invalid_argument;
// a singular matrix has no inverse (nullopt) and an inconsistent system no solution
// (nullopt): those are results, not errors.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/progress.hpp"

namespace nimber {

// A rows x cols matrix, row-major, zero-initialised. The entries are field elements of
// bits_of<U> bits; rows(), cols() may be 0.
template <nim_word U>
class matrix {
 public:
  matrix() = default;
  matrix(std::size_t rows, std::size_t cols) : rows_(rows), cols_(cols), data_(rows * cols) {}

  static matrix identity(std::size_t n) {
    matrix m(n, n);
    for (std::size_t i = 0; i < n; ++i) m(i, i) = 1;
    return m;
  }

  std::size_t rows() const noexcept { return rows_; }
  std::size_t cols() const noexcept { return cols_; }

  // Unchecked: r < rows(), c < cols().
  U& operator()(std::size_t r, std::size_t c) noexcept { return data_[r * cols_ + c]; }
  const U& operator()(std::size_t r, std::size_t c) const noexcept { return data_[r * cols_ + c]; }
  std::span<U> row(std::size_t r) noexcept { return {data_.data() + r * cols_, cols_}; }
  std::span<const U> row(std::size_t r) const noexcept { return {data_.data() + r * cols_, cols_}; }
  std::span<U> data() noexcept { return data_; }
  std::span<const U> data() const noexcept { return data_; }

  friend bool operator==(const matrix&, const matrix&) = default;

 private:
  std::size_t rows_ = 0, cols_ = 0;
  std::vector<U> data_;
};

// The product a * b; std::invalid_argument when a.cols() != b.rows().
template <nim_word U>
matrix<U> operator*(const matrix<U>& a, const matrix<U>& b);

// The vector a x; std::invalid_argument when x.size() != a.cols().
template <nim_word U>
std::vector<U> apply(const matrix<U>& a, std::span<const U> x);

// rank, determinant, inverse, null_space and solve eliminate, which takes about n^3 row
// operations for n x n: `progress`, when given, hears how far it is (in row operations).

// The rank: the number of linearly independent rows (equally, columns).
template <nim_word U>
std::size_t rank(matrix<U> a, const progress_fn& progress = {});

// The determinant; std::invalid_argument unless a is square. The 0 x 0 matrix has 1.
template <nim_word U>
U determinant(matrix<U> a, const progress_fn& progress = {});

// a^-1, or nullopt when a is singular; std::invalid_argument unless a is square.
template <nim_word U>
std::optional<matrix<U>> inverse(matrix<U> a, const progress_fn& progress = {});

// A basis of the null space {x : a x = 0}, one vector per row: a (cols - rank) x cols
// matrix in reduced form (each vector has a 1 at its own free column and 0 at the others).
template <nim_word U>
matrix<U> null_space(matrix<U> a, const progress_fn& progress = {});

// Every solution of a x = b is particular + a combination of the rows of null_space.
template <nim_word U>
struct linear_solution {
  std::vector<U> particular;  // the solution whose free variables are all 0
  matrix<U> null_space;       // as null_space(a)
};

// All solutions of a x = b, or nullopt when there is none; std::invalid_argument when
// b.size() != a.rows().
template <nim_word U>
std::optional<linear_solution<U>> solve(matrix<U> a, std::span<const U> b, const progress_fn& progress = {});

}  // namespace nimber
