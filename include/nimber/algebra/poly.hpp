// Polynomials over a nimber field: coefficient vectors, lowest degree first.
//
// A polynomial is a std::vector<U> whose entry i multiplies x^i; results are trimmed (no
// trailing zero coefficients, so the zero polynomial is empty). Inputs may carry trailing
// zeros. Over the 64-bit field the inner loops go through nimber::batch (axpy, mul).
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/batch.hpp"
#include "nimber/field.hpp"

namespace nimber::poly {

template <nim_word U>
using polynomial = std::vector<U>;

// Drops trailing zero coefficients.
template <nim_word U>
void trim(polynomial<U>& p) {
  while (!p.empty() && p.back() == 0) p.pop_back();
}

// The degree of p, or -1 for the zero polynomial.
template <nim_word U>
long degree(std::span<const U> p) {
  long d = long(p.size()) - 1;
  while (d >= 0 && p[std::size_t(d)] == 0) --d;
  return d;
}

namespace detail {

// y[i] += c * x[i]: over the 64-bit field by batch::axpy (which picks scalar, pairwise or
// matrix products by the span's length), elsewhere by scalar products.
template <nim_word U>
void axpy(U c, std::span<const U> x, std::span<U> y) {
  if constexpr (std::is_same_v<U, std::uint64_t>) {
    batch::axpy(c, x, y);
  } else {
    for (std::size_t i = 0; i < y.size(); ++i) y[i] ^= nimber::mul(c, x[i]);
  }
}

template <nim_word U>
void mul_schoolbook(std::span<const U> a, std::span<const U> b, std::span<U> out) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != 0) axpy(a[i], b, out.subspan(i, b.size()));
}

// out (size a.size() + b.size() - 1, zeroed by the caller) += a * b, for a.size() == b.size().
// Karatsuba: (a0 + a1 X)(b0 + b1 X) = a0 b0 + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) X + a1 b1 X^2,
// and over characteristic 2 every minus is a plus.
template <nim_word U>
void mul_karatsuba(std::span<const U> a, std::span<const U> b, std::span<U> out) {
  const std::size_t n = a.size();
  if (n <= 32) return mul_schoolbook(a, b, out);
  const std::size_t h = n / 2, hi = n - h;
  std::vector<U> lo_prod(2 * h - 1), hi_prod(2 * hi - 1), sa(hi), sb(hi), mid(2 * hi - 1);
  mul_karatsuba(a.first(h), b.first(h), std::span<U>(lo_prod));
  mul_karatsuba(a.subspan(h), b.subspan(h), std::span<U>(hi_prod));
  for (std::size_t i = 0; i < hi; ++i) {
    sa[i] = U((i < h ? a[i] : 0) ^ a[h + i]);
    sb[i] = U((i < h ? b[i] : 0) ^ b[h + i]);
  }
  mul_karatsuba(std::span<const U>(sa), std::span<const U>(sb), std::span<U>(mid));
  for (std::size_t i = 0; i < lo_prod.size(); ++i) mid[i] ^= lo_prod[i], out[i] ^= lo_prod[i];
  for (std::size_t i = 0; i < hi_prod.size(); ++i) mid[i] ^= hi_prod[i], out[2 * h + i] ^= hi_prod[i];
  for (std::size_t i = 0; i < mid.size(); ++i) out[h + i] ^= mid[i];
}

}  // namespace detail

template <nim_word U>
polynomial<U> add(std::span<const U> a, std::span<const U> b) {
  polynomial<U> r(std::max(a.size(), b.size()), 0);
  for (std::size_t i = 0; i < a.size(); ++i) r[i] ^= a[i];
  for (std::size_t i = 0; i < b.size(); ++i) r[i] ^= b[i];
  trim(r);
  return r;
}

// The product; Karatsuba above 32 coefficients, on equal-length halves.
template <nim_word U>
polynomial<U> mul(std::span<const U> a, std::span<const U> b) {
  const long da = degree(a), db = degree(b);
  if (da < 0 || db < 0) return {};
  a = a.first(std::size_t(da) + 1);
  b = b.first(std::size_t(db) + 1);
  polynomial<U> r(a.size() + b.size() - 1, 0);
  if (std::min(a.size(), b.size()) <= 32) {
    detail::mul_schoolbook(a.size() >= b.size() ? b : a, a.size() >= b.size() ? a : b,
                           std::span<U>(r));
  } else {
    // Equal-length blocks of the shorter operand's size against the longer one.
    const auto& [s, l] = a.size() <= b.size() ? std::pair(a, b) : std::pair(b, a);
    std::vector<U> block(2 * s.size() - 1);
    for (std::size_t off = 0; off < l.size(); off += s.size()) {
      std::vector<U> piece(s.size(), 0);
      std::copy_n(l.begin() + long(off), std::min(s.size(), l.size() - off), piece.begin());
      std::fill(block.begin(), block.end(), U(0));
      detail::mul_karatsuba(s, std::span<const U>(piece), std::span<U>(block));
      for (std::size_t i = 0; i < block.size() && off + i < r.size(); ++i) r[off + i] ^= block[i];
    }
  }
  trim(r);
  return r;
}

// Quotient and remainder: a = q b + r with deg r < deg b. Throws division_by_zero when b = 0.
template <nim_word U>
std::pair<polynomial<U>, polynomial<U>> divmod(std::span<const U> a, std::span<const U> b) {
  const long db = degree(b);
  if (db < 0) throw division_by_zero();
  polynomial<U> r(a.begin(), a.end());
  trim(r);
  const std::size_t n = std::size_t(db);
  if (r.size() <= n) return {polynomial<U>{}, r};
  polynomial<U> q(r.size() - n, 0);
  const U inv_lead = inverse(b[n]);
  const std::span<const U> low = b.first(n);
  for (std::size_t i = r.size(); i-- > n;) {
    const U c = nimber::mul(r[i], inv_lead);
    q[i - n] = c;
    r[i] = 0;
    if (c != 0) detail::axpy(c, low, std::span<U>(r).subspan(i - n, n));
  }
  trim(r);
  trim(q);
  return {q, r};
}

template <nim_word U>
polynomial<U> mod(std::span<const U> a, std::span<const U> b) {
  return divmod(a, b).second;
}

// The monic greatest common divisor (empty when both are zero).
template <nim_word U>
polynomial<U> gcd(std::span<const U> a, std::span<const U> b) {
  polynomial<U> x(a.begin(), a.end()), y(b.begin(), b.end());
  trim(x);
  trim(y);
  while (!y.empty()) {
    polynomial<U> r = mod(std::span<const U>(x), std::span<const U>(y));
    x = std::move(y);
    y = std::move(r);
  }
  if (!x.empty()) {
    const U inv_lead = inverse(x.back());
    for (U& c : x) c = nimber::mul(c, inv_lead);
  }
  return x;
}

// p(x) by Horner's rule.
template <nim_word U>
U eval(std::span<const U> p, U x) noexcept {
  U r = 0;
  for (std::size_t i = p.size(); i-- > 0;) r = U(nimber::mul(r, x) ^ p[i]);
  return r;
}

// p at every point: Horner's rule run on all points at once, one batch product a step.
template <nim_word U>
std::vector<U> eval_many(std::span<const U> p, std::span<const U> points) {
  std::vector<U> r(points.size(), 0);
  for (std::size_t i = p.size(); i-- > 0;) {
    if constexpr (std::is_same_v<U, std::uint64_t>) {
      batch::mul(std::span<const U>(r), points, std::span<U>(r));
    } else {
      for (std::size_t k = 0; k < r.size(); ++k) r[k] = nimber::mul(r[k], points[k]);
    }
    for (U& v : r) v ^= p[i];
  }
  return r;
}

// The polynomial of degree < n through (xs[i], ys[i]) (Lagrange, O(n^2)). Throws
// std::invalid_argument when the sizes differ or two xs coincide.
template <nim_word U>
polynomial<U> interpolate(std::span<const U> xs, std::span<const U> ys) {
  if (xs.size() != ys.size()) throw std::invalid_argument("nimber::poly::interpolate: sizes differ");
  const std::size_t n = xs.size();
  // P(x) = prod (x - xs[i]); each basis numerator is P / (x - xs[i]) by synthetic division.
  polynomial<U> P{1};
  for (const U xi : xs) {
    P.push_back(0);
    for (std::size_t k = P.size() - 1; k > 0; --k) P[k] = U(P[k - 1] ^ nimber::mul(P[k], xi));
    P[0] = nimber::mul(P[0], xi);
  }
  polynomial<U> result(n, 0), numerator(n);
  for (std::size_t i = 0; i < n; ++i) {
    U carry = 0;  // numerator = P / (x - xs[i]), from the top
    for (std::size_t k = n; k-- > 0;) numerator[k] = carry = U(P[k + 1] ^ nimber::mul(carry, xs[i]));
    const U denom = eval(std::span<const U>(numerator), xs[i]);
    if (denom == 0) throw std::invalid_argument("nimber::poly::interpolate: repeated point");
    detail::axpy(div(ys[i], denom), std::span<const U>(numerator), std::span<U>(result));
  }
  trim(result);
  return result;
}

}  // namespace nimber::poly
