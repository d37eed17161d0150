// The kappa basis: its alphas and their degrees, and the operations built on its product
// (kappa_product.cpp): powers, Frobenius maps, field degrees.
#include <algorithm>
#include <utility>

#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber::transfinite {

kappa_basis::kappa_basis() : alpha_(capacity), degree_(new std::atomic<std::uint64_t>[capacity]) {
  for (std::size_t k = 0; k < capacity; ++k) degree_[k].store(0, std::memory_order_relaxed);
}

void kappa_basis::set(std::size_t k, ordinal alpha, std::uint64_t degree) {
  if (k >= capacity) throw alpha_unavailable(odd_prime(k));
  alpha_[k] = std::move(alpha);
  degree_[k].store(degree, std::memory_order_release);  // readers see alpha_[k] once this is set
}

bool kappa_basis::has(std::size_t k) const {
  if (holds(k)) return true;
  if (!extender_ || k >= capacity) return false;
  const std::lock_guard lock(extend_mutex_);
  if (!holds(k)) extender_(k);
  return holds(k);
}

const ordinal& kappa_basis::alpha(std::size_t k) const {
  if (!has(k)) throw alpha_unavailable(odd_prime(k));
  return alpha_[k];
}

std::uint64_t kappa_basis::degree(std::size_t k) const {
  if (!has(k)) throw alpha_unavailable(odd_prime(k));
  return degree_[k].load(std::memory_order_acquire);
}

// x^(2^j): j squarings (each additive, term by term) when j is small, else a precomputed
// Frobenius map of the dense form (degree(), sqrt() and roots ask for j near the degree).
ordinal frobenius(const ordinal& x, std::uint64_t j, const kappa_basis& t) {
  if (j >= 64) {
    j %= field_degree(x, t);
    if (j >= 64)
      if (auto r = dense_frobenius(x, j, t)) return std::move(*r);
  }
  ordinal r = x;
  for (std::uint64_t i = 0; i < j; ++i) r = square(r, t);
  return r;
}

ordinal pow_limbs(const ordinal& x, const digits& e, const kappa_basis& t) {
  // Dense when the exponent is long or x fills a good part of its field; a short power of a
  // sparse element is cheaper term by term.
  const std::size_t max_dim = e.size() > 1 ? dense_limit : std::max<std::size_t>(2048, 32 * x.terms().size());
  if (x.terms().size() > 1)
    if (auto r = dense_pow(x, e, t, max_dim)) return std::move(*r);
  ordinal r(1);
  for (std::size_t i = e.size(); i-- > 0;)
    for (int b = 63; b >= 0; --b) {
      r = square(r, t);
      if ((e[i] >> b) & 1) r = mul(r, x, t);
    }
  return r;
}

ordinal pow_u64(const ordinal& x, std::uint64_t e, const kappa_basis& t) { return pow_limbs(x, {e}, t); }

std::uint64_t field_degree(const ordinal& x, const kappa_basis& t) {
  std::uint64_t d = 1;
  for (const term& a : x.terms()) {
    d = lcm_checked(d, a.coef.field_bits());
    for (std::size_t k = 0; k < a.exponent.size(); ++k) {
      if (a.exponent[k] == 0) continue;
      const std::uint64_t q = odd_prime(k);
      std::uint64_t kappa = t.degree(k);
      for (unsigned i = digit_count(a.exponent[k], q); i > 0; --i) kappa = mul_checked(kappa, q);
      d = lcm_checked(d, kappa);
    }
  }
  return d;
}

ordinal frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const kappa_basis& t) {
  if (n == 0) return ordinal(1);
  if (x.terms().size() > 1)
    if (auto r = dense_frobenius_product(x, n, s, t)) return std::move(*r);
  int top = 63;
  while (!((n >> top) & 1)) --top;
  ordinal r = x;  // prod_{i<k} x^(2^(s i)) for k = the bits of n read so far
  std::uint64_t k = 1;
  for (int b = top - 1; b >= 0; --b) {
    r = mul(r, frobenius(r, s * k, t), t);
    k *= 2;
    if ((n >> b) & 1) {
      r = mul(x, frobenius(r, s, t), t);
      ++k;
    }
  }
  return r;
}

std::uint64_t mul_checked(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("a field degree exceeds 64 bits");
  return r;
}

std::uint64_t lcm_checked(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a, y = b;
  while (y != 0) x = std::exchange(y, x % y);
  return mul_checked(a / x, b);
}

}  // namespace nimber::transfinite
