// The ordinal's field operations in the default kappa basis: inverse and square root through the
// Frobenius (Itoh-Tsujii), degree and minimal polynomial from the conjugates.
#include "nimber/field.hpp"
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber {

using namespace transfinite;

namespace {

// A finite factor scales the coefficients: omega^b * c (x) d = omega^b * (c (x) d). Parsing
// the shipped table goes this way, before the default kappa basis exists.
ordinal scale(const ordinal& x, const big_nim& c) {
  std::vector<ordinal::term> terms;
  for (const ordinal::term& t : x.terms()) terms.push_back({t.exponent, t.coef * c});
  return ordinal::from_terms(std::move(terms));
}

}  // namespace

ordinal operator*(const ordinal& a, const ordinal& b) {
  if (b.is_finite()) return scale(a, b.finite_part());
  if (a.is_finite()) return scale(b, a.finite_part());
  return mul(a, b, default_kappa_basis());
}

ordinal operator/(const ordinal& a, const ordinal& b) { return a * b.inverse(); }

ordinal ordinal::square() const { return transfinite::square(*this, default_kappa_basis()); }

ordinal ordinal::frobenius(std::uint64_t j) const { return transfinite::frobenius(*this, j, default_kappa_basis()); }

ordinal ordinal::pow(std::int64_t e) const {
  if (e >= 0) return pow_u64(*this, std::uint64_t(e), default_kappa_basis());
  return pow_u64(inverse(), std::uint64_t(0) - std::uint64_t(e), default_kappa_basis());
}

ordinal ordinal::pow_limbs(const std::vector<std::uint64_t>& e) const {
  return transfinite::pow_limbs(*this, e, default_kappa_basis());
}

std::uint64_t ordinal::field_degree() const { return transfinite::field_degree(*this, default_kappa_basis()); }

// x^-1 = x^(2^E - 2) = (x^(2^(E-1) - 1))^2 in GF(2^E), the exponent's Frobenius product in
// about log2(E) products (Itoh and Tsujii, "A fast algorithm for computing multiplicative
// inverses in GF(2^m) using normal bases").
ordinal ordinal::inverse() const {
  if (is_zero()) throw division_by_zero();
  const kappa_basis& t = default_kappa_basis();
  const std::uint64_t e = transfinite::field_degree(*this, t);
  if (e == 1) return *this;
  return transfinite::square(frobenius_product(*this, e - 1, 1, t), t);
}

ordinal ordinal::sqrt() const {
  const kappa_basis& t = default_kappa_basis();
  return transfinite::frobenius(*this, transfinite::field_degree(*this, t) - 1, t);
}

std::uint64_t ordinal::degree() const {
  const kappa_basis& t = default_kappa_basis();
  std::uint64_t d = transfinite::field_degree(*this, t);
  std::uint64_t rest = d;
  for (std::uint64_t r = 2; rest > 1; ++r) {
    if (rest % r != 0) continue;
    while (rest % r == 0) rest /= r;
    while (d % r == 0 && transfinite::frobenius(*this, d / r, t) == *this) d /= r;
  }
  return d;
}

std::vector<std::uint8_t> ordinal::minimal_polynomial() const {
  const kappa_basis& t = default_kappa_basis();
  const std::uint64_t d = degree();
  std::vector<ordinal> poly{ordinal(1)};  // prod (X + conjugate), lowest first
  ordinal c = *this;
  for (std::uint64_t i = 0; i < d; ++i) {
    std::vector<ordinal> next(poly.size() + 1);
    for (std::size_t j = 0; j < poly.size(); ++j) {
      next[j + 1] += poly[j];
      next[j] += mul(poly[j], c, t);
    }
    poly = std::move(next);
    c = transfinite::square(c, t);
  }
  std::vector<std::uint8_t> r;
  for (const ordinal& a : poly) {
    if (!a.is_zero() && a != ordinal(1))
      throw std::logic_error("minimal polynomial: a coefficient outside GF(2)");
    r.push_back(a.is_zero() ? 0 : 1);
  }
  return r;
}

}  // namespace nimber
