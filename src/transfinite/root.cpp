// p-th roots (Adleman, Manders and Miller, "On taking roots in finite fields") and the
// integer helpers for exponents of E bits.
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber {

using namespace transfinite;

namespace {

bool is_prime(std::uint64_t p) {
  if (p < 2) return false;
  for (std::uint64_t d = 2; d * d <= p; ++d)
    if (p % d == 0) return false;
  return true;
}

// e with e*p = 1 modulo m, for m coprime to p: e = (k m + 1)/p with k m = -1 mod p.
digits inverse_of_p_mod(const digits& m, std::uint64_t p) {
  const std::uint64_t k = (p - inverse_mod(mod_small(m, p), p)) % p;
  digits e = m;
  mul_add_small(e, k, 1);
  div_small(e, p);
  return e;
}

// g^j = h for g of order p^v and h in <g>, digit by digit (Pohlig-Hellman).
std::uint64_t sylow_log(const ordinal& g, const ordinal& h, std::uint64_t p, unsigned v, const kappa_basis& t) {
  std::uint64_t pv = 1;
  for (unsigned i = 0; i < v; ++i) pv = mul_checked(pv, p);
  const ordinal gamma = pow_u64(g, pv / p, t);  // order p
  std::uint64_t j = 0, pi = 1;
  for (unsigned i = 0; i < v; ++i, pi *= p) {
    const ordinal rest = mul(h, pow_u64(g, (pv - j) % pv, t), t);
    const ordinal delta = pow_u64(rest, pv / p / pi, t);
    ordinal power(1);
    std::uint64_t d = 0;
    for (; d < p && power != delta; ++d) power = mul(power, gamma, t);
    if (d == p) throw std::logic_error("root: the discrete logarithm failed");
    j += d * pi;
  }
  return j;
}

}  // namespace

ordinal ordinal::root(std::uint64_t p) const {
  if (!is_prime(p)) throw std::invalid_argument("root: " + std::to_string(p) + " is not a prime");
  if (p == 2) return sqrt();
  if (is_zero()) return {};
  const kappa_basis& t = default_kappa_basis();
  const std::uint64_t f = order_of_two(p);
  const std::uint64_t d = transfinite::field_degree(*this, t);
  if (d % f != 0) return transfinite::pow_limbs(*this, inverse_of_p_mod(all_ones(d), p), t);

  // Work in GF(2^D) with D holding one more factor p than d and kappa_(p^(L+1)) (L = the
  // exponent of p in d): there x is a p-th power and kappa_(p^(L+1)) is not.
  const std::size_t k = std::size_t(odd_prime_index(p));
  unsigned l = 0;
  std::uint64_t pl = 1;
  for (std::uint64_t r = d; r % p == 0; r /= p) ++l, pl *= p;
  const std::uint64_t dd = lcm_checked(lcm_checked(d, f), mul_checked(mul_checked(pl, p), t.degree(k)));
  digits m = all_ones(dd);
  unsigned v = 0;
  while (mod_small(m, p) == 0) div_small(m, p), ++v;

  const ordinal y0 = transfinite::pow_limbs(*this, inverse_of_p_mod(m, p), t);
  const ordinal xm = transfinite::pow_limbs(*this, m, t);
  const std::uint64_t kk = (p - inverse_mod(mod_small(m, p), p)) % p;
  const ordinal err = pow_u64(xm, kk, t);  // y0^p = x * err, err in the Sylow p-subgroup
  const ordinal g = transfinite::pow_limbs(ordinal::kappa(k, l), m, t);
  std::uint64_t pv = 1;
  for (unsigned i = 0; i < v; ++i) pv = mul_checked(pv, p);
  const std::uint64_t j = sylow_log(g, pow_u64(err, pv - 1, t), p, v, t);
  const ordinal y = mul(y0, pow_u64(g, j / p, t), t);
  if (pow_u64(y, p, t) != *this) throw std::logic_error("root: the result is not a p-th root");
  return y;
}

namespace transfinite {

digits all_ones(std::uint64_t bits) {
  digits r(bits / 64, ~std::uint64_t(0));
  if (bits % 64) r.push_back((std::uint64_t(1) << (bits % 64)) - 1);
  return r;
}

std::uint64_t div_small(digits& x, std::uint64_t d) {
  u128 rem = 0;
  for (std::size_t i = x.size(); i-- > 0;) {
    const u128 cur = (rem << 64) | x[i];
    x[i] = std::uint64_t(cur / d);
    rem = cur % d;
  }
  trim(x);
  return std::uint64_t(rem);
}

void mul_add_small(digits& x, std::uint64_t m, std::uint64_t a) {
  u128 carry = a;
  for (std::uint64_t& limb : x) {
    const u128 cur = (u128)limb * m + carry;
    limb = std::uint64_t(cur);
    carry = cur >> 64;
  }
  if (carry) x.push_back(std::uint64_t(carry));
}

std::uint64_t mod_small(const digits& x, std::uint64_t d) {
  u128 rem = 0;
  for (std::size_t i = x.size(); i-- > 0;) rem = ((rem << 64) | x[i]) % d;
  return std::uint64_t(rem);
}

std::uint64_t pow_mod(std::uint64_t b, std::uint64_t e, std::uint64_t m) {
  u128 r = 1 % m, x = b % m;
  for (; e; e >>= 1, x = x * x % m)
    if (e & 1) r = r * x % m;
  return std::uint64_t(r);
}

std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t p) { return pow_mod(a, p - 2, p); }

}  // namespace transfinite

}  // namespace nimber
