// Norms, minimal polynomials, the Artin-Schreier equation y^2 + y = a, quadratics and
// polynomial roots (see include/nimber/algebra/roots.hpp).
#include "nimber/algebra/roots.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "nimber/algebra/poly.hpp"
#include "scalar/clmul_path.hpp"

namespace nimber {
namespace {

using detail::word_t;

// y^2 + y = a down the tower, for a with trace 0 (top bit clear). With y = y1 F + y0:
//   y^2 + y = (y1^2 + y1) F + (y0^2 + y0 + y1^2 (F/2)),
// so y1 solves the half-size equation for a1 (whose trace is the top bit of a, 0), and y0 the
// one for a0 + y1^2 (F/2), whose trace is fixed by choosing y1 or y1 + 1, since replacing
// y1 by y1 + 1 adds F/2, of trace 1. Slow (a pure recursion); it only seeds the tables.
template <unsigned N, class U>
constexpr U artin_schreier_tower(U a) noexcept {
  if constexpr (N == 1) {
    return 0;
  } else {
    constexpr unsigned M = N / 2;
    const U mask = detail::low_mask<M, U>();
    U y1 = artin_schreier_tower<M>(U(a >> M));
    U r = U((a & mask) ^ detail::tower_mul_half<M>(detail::tower_square<M>(y1)));
    if ((r >> (M - 1)) & 1) {
      y1 ^= 1;
      r ^= U(U(1) << (M - 1));
    }
    return U(U(y1 << M) | artin_schreier_tower<M>(r));
  }
}

// The linear map a -> y on the trace-0 hyperplane of GF(2^64), extended by sending bit 63 to
// 0. On a subfield element of trace 0 it lands in that subfield (both roots lie there), so
// the same table serves the 8- to 64-bit fields.
const detail::byte_linear_map<std::uint64_t>& artin_schreier64() {
  static const auto* map = [] {
    auto* m = new detail::byte_linear_map<std::uint64_t>{};
    for (unsigned byte = 0; byte < 8; ++byte) {
      std::uint64_t image[8];
      for (unsigned k = 0; k < 8; ++k) {
        const unsigned bit = 8 * byte + k;
        image[k] = bit == 63 ? 0 : artin_schreier_tower<64>(std::uint64_t(1) << bit);
      }
      m->table[byte][0] = 0;
      for (unsigned v = 1; v < 256; ++v)
        m->table[byte][v] = m->table[byte][v & (v - 1)] ^ image[__builtin_ctz(v)];
    }
    return m;
  }();
  return *map;
}

#if NIMBER_DETAIL_X86_KERNELS
// The same map in the polynomial basis of the scalar clmul path: v -> phi(AS(phi^-1(v))).
// phi is a field isomorphism that keeps the trace, so w^2 + w = v whenever trace(v) = 0.
// Feeds detail::clmul_quadratic64.
const detail::byte_linear_map<std::uint64_t>& artin_schreier_poly() {
  static const auto* map = [] {
    auto* m = new detail::byte_linear_map<std::uint64_t>{};
    detail::clmul_basis_map(artin_schreier64(), *m);
    return m;
  }();
  return *map;
}
#endif

template <nim_word U>
U solve_trace_zero(U a) noexcept {  // precondition: trace(a) = 0
  if constexpr (bits_of<U> <= 64) {
    return U(artin_schreier64()(std::uint64_t(a)));
  } else {
    // One tower step above the 64-bit table.
    const auto& h = artin_schreier64();
    std::uint64_t y1 = h(std::uint64_t(a >> 64));
    std::uint64_t r = std::uint64_t(a) ^ detail::fast_mul_half<64>(square(y1));
    if (r >> 63) {
      y1 ^= 1;
      r ^= std::uint64_t(1) << 63;
    }
    return (u128(y1) << 64) | h(r);
  }
}

template <nim_word U>
U norm_half_step(U x, unsigned bits) noexcept {  // the norm from `bits` to bits / 2
  const unsigned m = bits / 2;
  const U mask = U((U(1) << m) - 1);
  const U x0 = x & mask, x1 = x >> m;
  // x1^2 * 2^(m-1) computed in the full field equals the subfield product.
  return U(mul(x0, U(x0 ^ x1)) ^ mul(square(x1), U(U(1) << (m - 1))));
}

// ---- Polynomial roots ------------------------------------------------------------------

template <nim_word U>
using polynomial = poly::polynomial<U>;

// a * b mod m, all of degree < deg m.
template <nim_word U>
polynomial<U> mulmod(const polynomial<U>& a, const polynomial<U>& b, const polynomial<U>& m) {
  return poly::mod(std::span<const U>(poly::mul(std::span<const U>(a), std::span<const U>(b))),
                   std::span<const U>(m));
}

// p^2 mod m: squaring is additive in characteristic 2, so it squares each coefficient into
// the even positions.
template <nim_word U>
polynomial<U> sqrmod(const polynomial<U>& p, const polynomial<U>& m) {
  if (p.empty()) return {};
  polynomial<U> s(2 * p.size() - 1, 0);
  for (std::size_t i = 0; i < p.size(); ++i) s[2 * i] = square(p[i]);
  return poly::mod(std::span<const U>(s), std::span<const U>(m));
}

// out[i] = a[i] * b[i]: one batch call at 64 and 128 bits.
template <nim_word U>
void pairwise_mul(std::span<const U> a, std::span<const U> b, std::span<U> out) noexcept {
  if constexpr (std::is_same_v<U, std::uint64_t> || std::is_same_v<U, u128>) {
    batch::mul(a, b, out);
  } else {
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = mul(a[i], b[i]);
  }
}

// Squaring modulo a fixed monic f of degree n >= 1. Squaring is additive in characteristic 2,
// p^2 = sum p_i^2 x^(2i), so p^2 mod f = sum_i p_i^2 (x^(2i) mod f): the rows x^(2i) mod f
// (Berlekamp's Q matrix) are computed once, and each squaring is a vector-matrix product over
// the field. Rows with 2i < n are the monomials themselves; the other n/2 rows are applied as
// one batch of pairwise products (each p_i^2 broadcast along its row), then XORed down the
// columns. n^2/2 products a squaring as before, but in one batch call instead of one
// constant-times-vector call (a 64 x 64 bit matrix set-up each) per coefficient.
template <nim_word U>
class square_mod {
 public:
  explicit square_mod(const polynomial<U>& f) : n_(f.size() - 1), first_(n_ / 2 + n_ % 2) {
    const std::size_t rows = n_ - first_;
    rows_.assign(rows * n_, U(0));
    broadcast_.resize(rows * n_);
    products_.resize(rows * n_);
    // x^k mod f for k = 0 .. 2n - 2 by multiplying by x: shift, and fold the top coefficient
    // back through x^n = f_0 + ... + f_(n-1) x^(n-1) (characteristic 2).
    std::vector<U> row(n_, U(0)), top(n_), low(f.begin(), f.end() - 1);
    row[0] = 1;
    for (std::size_t k = 0; k <= 2 * (n_ - 1); ++k) {
      if (k % 2 == 0 && k / 2 >= first_) std::copy(row.begin(), row.end(), rows_.begin() + long((k / 2 - first_) * n_));
      const U lead = row[n_ - 1];
      std::copy_backward(row.begin(), row.end() - 1, row.end());
      row[0] = 0;
      if (lead != 0) {
        std::fill(top.begin(), top.end(), lead);
        pairwise_mul(std::span<const U>(top), std::span<const U>(low), std::span<U>(top));
        for (std::size_t j = 0; j < n_; ++j) row[j] ^= top[j];
      }
    }
  }

  // p (n dense coefficients) becomes p^2 mod f.
  void square(std::vector<U>& p) {
    const std::size_t rows = n_ - first_;
    for (std::size_t i = 0; i < rows; ++i)
      std::fill_n(broadcast_.begin() + long(i * n_), n_, nimber::square(p[first_ + i]));
    pairwise_mul(std::span<const U>(broadcast_), std::span<const U>(rows_), std::span<U>(products_));
    out_.assign(n_, U(0));
    for (std::size_t i = 0; i < first_; ++i) out_[2 * i] = nimber::square(p[i]);  // 2i < n
    for (std::size_t i = 0; i < rows; ++i) {
      const U* r = products_.data() + i * n_;
      for (std::size_t j = 0; j < n_; ++j) out_[j] ^= r[j];
    }
    p.swap(out_);
  }

 private:
  std::size_t n_, first_;  // rows first_ .. n - 1 have 2i >= n
  std::vector<U> rows_, broadcast_, products_, out_;
};

// Splits f, monic and a product of distinct linear factors, appending its roots.
template <nim_word U>
void split_linear(const polynomial<U>& f, std::vector<U>& roots) {
  const std::size_t d = f.size() - 1;
  if (d == 0) return;
  if (d == 1) {
    roots.push_back(f[0]);
    return;
  }
  if (d == 2) {
    const quadratic_roots<U> q = solve_quadratic(f[1], f[0]);
    roots.insert(roots.end(), q.root, q.root + q.count);
    return;
  }
  // Tr(beta x) mod f is 0 or 1 at every root; distinct roots r, s are told apart by some
  // beta of any basis, since the trace form (r - s) beta -> Tr((r - s) beta) is not zero.
  for (unsigned k = 0; k < bits_of<U>; ++k) {
    const polynomial<U> beta_x{0, U(U(1) << k)};
    polynomial<U> term = poly::mod(std::span<const U>(beta_x), std::span<const U>(f));
    polynomial<U> tr = term;
    for (unsigned i = 1; i < bits_of<U>; ++i) {
      term = sqrmod(term, f);
      tr = poly::add(std::span<const U>(tr), std::span<const U>(term));
    }
    polynomial<U> g = poly::gcd(std::span<const U>(f), std::span<const U>(tr));
    if (g.size() > 1 && g.size() < f.size()) {
      split_linear(g, roots);
      split_linear(poly::divmod(std::span<const U>(f), std::span<const U>(g)).first, roots);
      return;
    }
  }
  throw std::logic_error("nimber::polynomial_roots: splitting failed");
}

}  // namespace

template <nim_word U>
U norm_to(U x, unsigned sub_bits) noexcept {
  for (unsigned bits = bits_of<U>; bits > sub_bits; bits /= 2) x = norm_half_step(x, bits);
  return x;
}

template <nim_word U>
gf2_polynomial minimal_polynomial(U x) noexcept {
  // prod (t + c) over the distinct conjugates c = x^(2^i), computed in the field; its
  // coefficients are fixed by the Frobenius map, hence 0 or 1.
  U coeff[129] = {1};
  unsigned degree = 0;
  U c = x;
  do {
    for (unsigned k = degree + 1; k > 0; --k) coeff[k] = U(coeff[k - 1] ^ mul(coeff[k], c));
    coeff[0] = mul(coeff[0], c);
    ++degree;
    c = square(c);
  } while (c != x);
  gf2_polynomial p;
  p.degree = degree;
  for (unsigned k = 0; k < degree; ++k) p.lower |= u128(coeff[k] & 1) << k;
  return p;
}

template <nim_word U>
std::optional<U> solve_artin_schreier(U a) noexcept {
  if (trace(a) != 0) return std::nullopt;
  return solve_trace_zero(a);
}

template <nim_word U>
quadratic_roots<U> solve_quadratic(U b, U c) noexcept {
  quadratic_roots<U> r;
  if (b == 0) {
    r.count = 1;
    r.root[0] = sqrt(c);
    return r;
  }
#if NIMBER_DETAIL_X86_KERNELS
  if constexpr (std::is_same_v<U, std::uint64_t>) {
    // The whole solve in the polynomial basis: the inverse's norm chain, c / b^2, the trace test
    // and y there, one conversion back (src/scalar/clmul.cpp).
    if (detail::active_scalar_path.load(std::memory_order_relaxed) == detail::scalar_path::clmul) {
      std::uint64_t x;
      const bool found = detail::clmul_quadratic64(b, c, artin_schreier_poly(), x);
      const std::uint64_t x2 = x ^ b, keep = found ? ~std::uint64_t(0) : 0;  // no branch
      r.count = found ? 2 : 0;
      r.root[0] = std::min(x, x2) & keep;
      r.root[1] = std::max(x, x2) & keep;
      return r;
    }
  }
#endif
  // x = b y turns the equation into y^2 + y = c / b^2.
  const U a = mul(c, square(inverse(b)));
  if (trace(a) != 0) return r;
  const U x = mul(b, solve_trace_zero(a)), x2 = U(x ^ b);
  r.count = 2;
  r.root[0] = std::min(x, x2);
  r.root[1] = std::max(x, x2);
  return r;
}

template <nim_word U>
std::vector<U> nth_roots_list(U a, u128 n, std::size_t max_count) {
  const power_roots<U> r = nth_roots(a, n);
  if (u128(r.count) > max_count)
    throw std::length_error("nimber::nth_roots_list: too many roots to list");
  std::vector<U> roots;
  roots.reserve(std::size_t(r.count));
  U x = r.first;
  for (U i = 0; i < r.count; ++i, x = mul(x, r.unity)) roots.push_back(x);
  std::sort(roots.begin(), roots.end());
  return roots;
}

template <nim_word U>
std::vector<U> polynomial_roots(std::span<const U> coeffs) {
  polynomial<U> f(coeffs.begin(), coeffs.end());
  poly::trim(f);
  if (f.empty()) throw std::domain_error("nimber::polynomial_roots: the zero polynomial");
  std::vector<U> roots;
  if (f.size() == 1) return roots;
  {
    const U inv_lead = inverse(f.back());
    for (U& c : f) c = mul(c, inv_lead);
  }
  // x^(2^n) mod f by n squarings; gcd(f, x^(2^n) - x) is the product of (x - r) over the
  // distinct roots r in the field.
  polynomial<U> x_power = poly::mod(std::span<const U>(polynomial<U>{0, 1}), std::span<const U>(f));
  {
    square_mod<U> sq(f);
    x_power.resize(f.size() - 1, U(0));
    for (unsigned i = 0; i < bits_of<U>; ++i) sq.square(x_power);
    poly::trim(x_power);
  }
  const polynomial<U> xx = poly::add(std::span<const U>(x_power), std::span<const U>(polynomial<U>{0, 1}));
  split_linear(poly::gcd(std::span<const U>(f), std::span<const U>(xx)), roots);
  std::sort(roots.begin(), roots.end());
  return roots;
}

std::uint64_t polynomial_roots_memory_bytes(std::uint64_t degree, unsigned field_bits) noexcept {
  // square_mod holds three tables of (n - ceil(n/2)) rows of n elements; the polynomials
  // around it (f, x^(2^k) mod f, the gcd, the factors) a few times n more.
  const long double element = field_bits / 8.0L, n = static_cast<long double>(degree);
  const long double bytes = element * (3 * std::floor(n / 2) * n + 16 * n) + 4096;
  return bytes >= 1.8e19L ? ~std::uint64_t{0} : std::uint64_t(bytes);
}

#define NIMBER_ROOTS_INSTANTIATE(U)                                            \
  template U norm_to<U>(U, unsigned) noexcept;                                 \
  template gf2_polynomial minimal_polynomial<U>(U) noexcept;                   \
  template std::optional<U> solve_artin_schreier<U>(U) noexcept;              \
  template quadratic_roots<U> solve_quadratic<U>(U, U) noexcept;               \
  template std::vector<U> nth_roots_list<U>(U, u128, std::size_t);             \
  template std::vector<U> polynomial_roots<U>(std::span<const U>);
NIMBER_ROOTS_INSTANTIATE(std::uint8_t)
NIMBER_ROOTS_INSTANTIATE(std::uint16_t)
NIMBER_ROOTS_INSTANTIATE(std::uint32_t)
NIMBER_ROOTS_INSTANTIATE(std::uint64_t)
NIMBER_ROOTS_INSTANTIATE(u128)
#undef NIMBER_ROOTS_INSTANTIATE

}  // namespace nimber
