// Digit vectors of the transfinite layer, least significant first: the exponent
// omega^k n_k + ... + n_0 of a Cantor normal form term as (n_0, ..., n_k), and the limbs of the
// multi-precision integers of the alpha search. Internal to the transfinite layer.
#pragma once

#include <algorithm>
#include <compare>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "nimber/types.hpp"

namespace nimber::transfinite {

using digits = std::vector<std::uint64_t>;

// Drops the zero digits at the top, so that every value has one form.
inline void trim(digits& d) noexcept {
  while (!d.empty() && d.back() == 0) d.pop_back();
}

// The number of bits of x up to its highest set one (0 for zero).
inline std::uint64_t bit_length(const digits& x) noexcept {
  for (std::size_t i = x.size(); i-- > 0;)
    if (x[i]) return 64 * i + 64 - std::uint64_t(__builtin_clzll(x[i]));
  return 0;
}

// Ordinal order of trimmed exponents: more digits is larger, else the highest digit that
// differs decides.
inline std::strong_ordering compare_exponents(const digits& a, const digits& b) noexcept {
  if (a.size() != b.size()) return a.size() <=> b.size();
  for (std::size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] <=> b[i];
  return std::strong_ordering::equal;
}

struct exponent_less {
  bool operator()(const digits& a, const digits& b) const noexcept { return compare_exponents(a, b) < 0; }
};

// The number of base-q digits of n.
inline unsigned digit_count(std::uint64_t n, std::uint64_t q) noexcept {
  unsigned l = 0;
  for (; n != 0; n /= q) ++l;
  return l;
}

// The L base-q digits of n in reverse order, read as an integer.
inline u128 reverse_digits(u128 n, unsigned l, std::uint64_t q) noexcept {
  u128 r = 0;
  for (unsigned i = 0; i < l; ++i, n /= q) r = r * q + n % q;
  return r;
}

struct digit_sum {
  std::uint64_t n;
  bool carry;  // the fractions reached q: a factor alpha_q is left over
};

// The exponent digit of the product of the monomials of digits a and b at the prime q: the
// q-adic fractions that the digits' base-q digits read in reverse are added (ordinal.hpp).
// Throws std::overflow_error when the digit would not fit 64 bits.
inline digit_sum add_digits(std::uint64_t a, std::uint64_t b, std::uint64_t q) {
  if (a == 0 || b == 0) return {a | b, false};
  if (a < q && b < q) return a + b < q ? digit_sum{a + b, false} : digit_sum{a + b - q, true};  // one digit each
  const unsigned l = std::max(digit_count(a, q), digit_count(b, q));
  u128 top = 1;
  for (unsigned i = 0; i < l; ++i) top *= q;
  u128 s = reverse_digits(a, l, q) + reverse_digits(b, l, q);
  const bool carry = s >= top;
  if (carry) s -= top;
  const u128 n = reverse_digits(s, l, q);
  if (n >> 64) throw std::overflow_error("an exponent digit of the product exceeds 64 bits");
  return {std::uint64_t(n), carry};
}

}  // namespace nimber::transfinite
