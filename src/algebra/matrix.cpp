// Gaussian elimination over the nimber fields (see include/nimber/algebra/matrix.hpp).
//
// Every step of the elimination is a rank-one update: rows y_i of the remaining block get
// f_i * x added, x the pivot row, f_i the entry below (or above) the pivot. For 64- and
// 128-bit words these run on the batch kernels, as pairwise products of a block of
// broadcast factors by a block of copies of x, several rows per call, rather than one
// batch::axpy per row: on rows of 1024 values or more that turns its constant into a 64 x 64
// bit matrix first (64 scalar products), measured at 1.5 to 2 us per call, so a 1024 x 1024
// rank would spend about 1 s in set-up alone (bench/bench_matrix.cpp runs both).
// Narrower words use scalar table products.
#include "nimber/algebra/matrix.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "nimber/batch.hpp"

namespace nimber {
namespace {

template <class U>
inline constexpr bool kBatched = std::is_same_v<U, std::uint64_t> || std::is_same_v<U, u128>;

// Values per batch call: three scratch blocks of this many words stay in L2.
constexpr std::size_t kBlockValues = 4096;

// Row operations with reusable scratch space.
template <nim_word U>
class row_ops {
 public:
  // x *= f.
  void scale(std::span<U> x, U f) {
    if constexpr (std::is_same_v<U, std::uint64_t>) {
      batch::mul(f, std::span<const U>(x), x);
    } else if constexpr (kBatched<U>) {
      factors_.assign(x.size(), f);
      batch::mul(std::span<const U>(factors_), std::span<const U>(x), x);
    } else {
      for (U& v : x) v = mul(v, f);
    }
  }

  // rows[j][0, x.size()) ^= factors[j] * x for every j. No row may overlap x.
  void add_multiples(std::span<const U> x, std::span<U* const> rows, std::span<const U> factors) {
    const std::size_t w = x.size();
    if (w == 0) return;
    if constexpr (kBatched<U>) {
      const std::size_t per_call = std::max<std::size_t>(1, kBlockValues / w);
      const std::size_t copies = std::min(per_call, rows.size());
      tiled_.resize(copies * w);
      for (std::size_t k = 0; k < copies; ++k) std::copy(x.begin(), x.end(), tiled_.begin() + k * w);
      factors_.resize(copies * w);
      products_.resize(copies * w);
      for (std::size_t first = 0; first < rows.size(); first += per_call) {
        const std::size_t count = std::min(per_call, rows.size() - first), n = count * w;
        for (std::size_t k = 0; k < count; ++k)
          std::fill_n(factors_.begin() + k * w, w, factors[first + k]);
        batch::mul(std::span<const U>(factors_.data(), n), std::span<const U>(tiled_.data(), n),
                   std::span<U>(products_.data(), n));
        for (std::size_t k = 0; k < count; ++k) {
          U* y = rows[first + k];
          const U* p = products_.data() + k * w;
          for (std::size_t i = 0; i < w; ++i) y[i] ^= p[i];
        }
      }
    } else {
      for (std::size_t j = 0; j < rows.size(); ++j)
        for (std::size_t i = 0; i < w; ++i) rows[j][i] ^= mul(factors[j], x[i]);
    }
  }

 private:
  std::vector<U> tiled_, factors_, products_;
};

template <nim_word U>
struct echelon {
  std::vector<std::size_t> pivots;  // pivots[r]: the pivot column of row r, r < rank
  U pivot_product = 1;              // the product of the pivots before they were scaled to 1
};

// Rows taken through the basis together (see eliminate): 32 rows of up to 1024 words stay
// in L2 while each basis row streams past them once.
constexpr std::size_t kGroupRows = 32;

// Brings a to row echelon form, choosing pivots in the first `search` columns only: row r
// below the rank has a 1 at column pivots[r] (increasing in r) and 0 left of it, and every
// row below it a 0 there (also every row above it when `reduced`: Gauss-Jordan). The other
// columns (an augmented part) take part in the row operations. Rows from the rank on are
// zero in the searched columns.
//
// Left-looking, for the cache: the rows found so far to have pivots form a basis, each 0
// left of its pivot column, so reducing a row against it in increasing pivot order never
// refills a column already cleared. Groups of rows are reduced against the basis, one basis
// row streaming past the whole group at a time; then each row of the group in turn against the group's own new
// pivots, and a row still nonzero in the searched columns joins the basis. A right-looking
// elimination streams the whole trailing block through memory at every pivot instead
// (1.8x slower at 1024 x 1024 here; docs/algebra.md).
template <nim_word U>
echelon<U> eliminate(matrix<U>& a, std::size_t search, bool reduced, const progress_fn& progress) {
  row_ops<U> ops;
  // Work in row operations: the group at row `first` meets about `first` basis rows, so the
  // forward pass costs rows^2 / 2; back-substitution from pivot k costs k, pivots^2 / 2.
  const std::uint64_t forward = std::uint64_t(a.rows()) * a.rows() / 2;
  const std::uint64_t total = forward + (reduced ? forward : 0);
  std::vector<U*> rows;
  std::vector<U> factors;
  // Adds to each listed row its multiple of basis row b that clears the column pivot_col.
  const auto clear_column = [&](std::size_t b, std::size_t pivot_col, std::span<const std::size_t> targets) {
    rows.clear();
    factors.clear();
    for (const std::size_t i : targets) {
      if (a(i, pivot_col) == 0) continue;
      rows.push_back(&a(i, pivot_col));
      factors.push_back(a(i, pivot_col));
    }
    ops.add_multiples(std::span<const U>(a.row(b).subspan(pivot_col)), rows, factors);
  };

  echelon<U> e;
  std::vector<std::pair<std::size_t, std::size_t>> basis;  // (pivot column, row), sorted
  std::vector<std::size_t> group;
  for (std::size_t first = 0; first < a.rows(); first += kGroupRows) {
    if (progress) progress(std::uint64_t(first) * first / 2, total);
    group.clear();
    for (std::size_t i = first; i < std::min(a.rows(), first + kGroupRows); ++i) group.push_back(i);
    for (const auto& [col, b] : basis) clear_column(b, col, group);
    std::vector<std::pair<std::size_t, std::size_t>> fresh;  // this group's pivots, sorted
    for (const std::size_t i : group) {
      for (const auto& [col, b] : fresh) clear_column(b, col, std::span<const std::size_t>(&i, 1));
      std::size_t col = 0;
      while (col < search && a(i, col) == 0) ++col;
      if (col == search) continue;
      e.pivot_product = mul(e.pivot_product, a(i, col));
      ops.scale(a.row(i).subspan(col), inverse(a(i, col)));
      fresh.insert(std::upper_bound(fresh.begin(), fresh.end(), std::pair(col, i)), {col, i});
    }
    const std::size_t old = basis.size();
    basis.insert(basis.end(), fresh.begin(), fresh.end());
    std::inplace_merge(basis.begin(), basis.begin() + std::ptrdiff_t(old), basis.end());
  }
  // The basis rows in pivot order, then the rest (zero in the searched columns).
  std::vector<bool> in_basis(a.rows(), false);
  matrix<U> sorted(a.rows(), a.cols());
  std::size_t r = 0;
  for (const auto& [col, b] : basis) {
    std::copy(a.row(b).begin(), a.row(b).end(), sorted.row(r++).begin());
    e.pivots.push_back(col);
    in_basis[b] = true;
  }
  for (std::size_t i = 0; i < a.rows(); ++i)
    if (!in_basis[i]) std::copy(a.row(i).begin(), a.row(i).end(), sorted.row(r++).begin());
  a = std::move(sorted);
  if (reduced) {
    // Back-substitution, last pivot first: row r is then 0 at every later pivot column, so
    // adding it to the rows above clears its column without disturbing those.
    std::vector<std::size_t> above;
    const std::uint64_t back = std::uint64_t(e.pivots.size()) * e.pivots.size() / 2;
    for (std::size_t k = e.pivots.size(); k-- > 0;) {
      if (progress && k % kGroupRows == 0) progress(forward + back - std::uint64_t(k) * k / 2, total);
      above.resize(k);
      for (std::size_t i = 0; i < k; ++i) above[i] = i;
      clear_column(k, e.pivots[k], above);
    }
  }
  return e;
}

// The null-space basis of the first n columns of a matrix in reduced echelon form.
template <nim_word U>
matrix<U> null_basis(const matrix<U>& reduced, const std::vector<std::size_t>& pivots, std::size_t n) {
  std::vector<bool> is_pivot(n, false);
  for (const std::size_t c : pivots) is_pivot[c] = true;
  matrix<U> basis(n - pivots.size(), n);
  std::size_t k = 0;
  for (std::size_t f = 0; f < n; ++f) {
    if (is_pivot[f]) continue;
    // x_f = 1, the other free variables 0: each pivot variable is then fixed by its row
    // (x_p + reduced(r, f) = 0, and minus is plus).
    basis(k, f) = 1;
    for (std::size_t r = 0; r < pivots.size(); ++r) basis(k, pivots[r]) = reduced(r, f);
    ++k;
  }
  return basis;
}

template <nim_word U>
void require_square(const matrix<U>& a, const char* what) {
  if (a.rows() != a.cols())
    throw std::invalid_argument(std::string("nimber::") + what + ": the matrix is not square");
}

// [a | b]: a with the columns of b appended (b.rows() == a.rows()).
template <nim_word U>
matrix<U> augment(const matrix<U>& a, const matrix<U>& b) {
  matrix<U> m(a.rows(), a.cols() + b.cols());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    std::copy(a.row(i).begin(), a.row(i).end(), m.row(i).begin());
    std::copy(b.row(i).begin(), b.row(i).end(), m.row(i).begin() + a.cols());
  }
  return m;
}

}  // namespace

template <nim_word U>
matrix<U> operator*(const matrix<U>& a, const matrix<U>& b) {
  if (a.cols() != b.rows())
    throw std::invalid_argument("nimber::matrix product: a.cols() != b.rows()");
  matrix<U> c(a.rows(), b.cols());
  row_ops<U> ops;
  std::vector<U*> rows;
  std::vector<U> factors;
  // Row i of c is the sum over k of a(i, k) times row k of b: one rank-one update per k.
  for (std::size_t k = 0; k < a.cols(); ++k) {
    rows.clear();
    factors.clear();
    for (std::size_t i = 0; i < a.rows(); ++i) {
      if (a(i, k) == 0) continue;
      rows.push_back(c.row(i).data());
      factors.push_back(a(i, k));
    }
    ops.add_multiples(b.row(k), rows, factors);
  }
  return c;
}

template <nim_word U>
std::vector<U> apply(const matrix<U>& a, std::span<const U> x) {
  if (x.size() != a.cols()) throw std::invalid_argument("nimber::apply: x.size() != a.cols()");
  std::vector<U> y(a.rows(), 0);
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j) y[i] ^= mul(a(i, j), x[j]);
  return y;
}

template <nim_word U>
std::size_t rank(matrix<U> a, const progress_fn& progress) {
  return eliminate(a, a.cols(), false, progress).pivots.size();
}

template <nim_word U>
U determinant(matrix<U> a, const progress_fn& progress) {
  require_square(a, "determinant");
  const echelon<U> e = eliminate(a, a.cols(), false, progress);
  return e.pivots.size() == a.rows() ? e.pivot_product : U(0);
}

template <nim_word U>
std::optional<matrix<U>> inverse(matrix<U> a, const progress_fn& progress) {
  require_square(a, "inverse");
  const std::size_t n = a.rows();
  matrix<U> m = augment(a, matrix<U>::identity(n));
  if (eliminate(m, n, true, progress).pivots.size() < n) return std::nullopt;
  matrix<U> inv(n, n);
  for (std::size_t i = 0; i < n; ++i)
    std::copy(m.row(i).begin() + n, m.row(i).end(), inv.row(i).begin());
  return inv;
}

template <nim_word U>
matrix<U> null_space(matrix<U> a, const progress_fn& progress) {
  const echelon<U> e = eliminate(a, a.cols(), true, progress);
  return null_basis(a, e.pivots, a.cols());
}

template <nim_word U>
std::optional<linear_solution<U>> solve(matrix<U> a, std::span<const U> b, const progress_fn& progress) {
  if (b.size() != a.rows()) throw std::invalid_argument("nimber::solve: b.size() != a.rows()");
  const std::size_t n = a.cols();
  matrix<U> column(b.size(), 1);
  std::copy(b.begin(), b.end(), column.data().begin());
  matrix<U> m = augment(a, column);
  const echelon<U> e = eliminate(m, n, true, progress);
  // A zero row of the reduced a with a nonzero right-hand side reads 0 = b'.
  for (std::size_t r = e.pivots.size(); r < m.rows(); ++r)
    if (m(r, n) != 0) return std::nullopt;
  linear_solution<U> s;
  s.particular.assign(n, 0);
  for (std::size_t r = 0; r < e.pivots.size(); ++r) s.particular[e.pivots[r]] = m(r, n);
  s.null_space = null_basis(m, e.pivots, n);
  return s;
}

#define NIMBER_MATRIX_INSTANTIATE(U)                                                   \
  template matrix<U> operator*<U>(const matrix<U>&, const matrix<U>&);                 \
  template std::vector<U> apply<U>(const matrix<U>&, std::span<const U>);              \
  template std::size_t rank<U>(matrix<U>, const progress_fn&);                         \
  template U determinant<U>(matrix<U>, const progress_fn&);                            \
  template std::optional<matrix<U>> inverse<U>(matrix<U>, const progress_fn&);         \
  template matrix<U> null_space<U>(matrix<U>, const progress_fn&);                     \
  template std::optional<linear_solution<U>> solve<U>(matrix<U>, std::span<const U>,   \
                                                      const progress_fn&);
NIMBER_MATRIX_INSTANTIATE(std::uint8_t)
NIMBER_MATRIX_INSTANTIATE(std::uint16_t)
NIMBER_MATRIX_INSTANTIATE(std::uint32_t)
NIMBER_MATRIX_INSTANTIATE(std::uint64_t)
NIMBER_MATRIX_INSTANTIATE(u128)
#undef NIMBER_MATRIX_INSTANTIATE

}  // namespace nimber
