// GF(2^E) (include/nimber/gf2e.hpp): powers, inverses, norms and p-th power tests, on
// Frobenius-aware addition chains.
//
// The multiplicative group has order N = 2^E - 1, so exponents are reduced mod N first
// (E-bit blocks added with the carry wrapped around). Squaring is linear, a product is not,
// so a chain is priced by its products. The repunit R(m, k) = 1 + 2^m + ... + 2^((k-1)m) is
// reached in about 2 log2 k products (Itoh and Tsujii, "A fast algorithm for computing
// multiplicative inverses in GF(2^m) using normal bases"):
//   a^R(m, 2j) = a^R(m, j) * (a^R(m, j))^(2^(jm)),   a^R(m, j+1) = a * (a^R(m, j))^(2^m),
// and the squarings add up to about k m. With it: the inverse a^(N - 1) = (a^R(1, E-1))^2,
// the norm to GF(2^d) a^R(d, E/d), and any exponent whose E bits repeat with period m | E,
// e = q R(m, E/m) with q < 2^m: a^e = (a^q)^R(m, E/m). The cofactor (2^E - 1)/p is such an
// exponent with m = ord_p(2), q = (2^m - 1)/p. Other exponents go by sliding windows.
#include <algorithm>
#include <stdexcept>

#include "gf2e/numbers.hpp"
#include "nimber/gf2e.hpp"
#include "nimber/types.hpp"

namespace nimber {
namespace {

using u64 = std::uint64_t;
using nimber::u128;

bool bit(std::span<const u64> e, u64 i) noexcept {
  return i / 64 < e.size() && (e[std::size_t(i / 64)] >> (i % 64) & 1);
}

u64 bit_length(std::span<const u64> e) noexcept {
  for (std::size_t i = e.size(); i-- > 0;)
    if (e[i] != 0) return 64 * u64(i) + 64 - u64(__builtin_clzll(e[i]));
  return 0;
}

// 64 bits of e from bit `at` on (zeros past its end).
u64 bits_at(std::span<const u64> e, u64 at) noexcept {
  const std::size_t w = std::size_t(at / 64);
  const unsigned s = unsigned(at % 64);
  const u64 low = w < e.size() ? e[w] >> s : 0;
  const u64 high = s != 0 && w + 1 < e.size() ? e[w + 1] << (64 - s) : 0;
  return low | high;
}

// e mod (2^E - 1) in E bits (n limbs), 2^E - 1 itself written as 0.
std::vector<u64> reduce_exponent(std::span<const u64> e, u64 E, std::size_t n) {
  std::vector<u64> r(n, 0);
  const u64 len = bit_length(e);
  const u64 top = E % 64 == 0 ? ~u64(0) : (u64(1) << (E % 64)) - 1;
  for (u64 from = 0; from < len; from += E) {
    // r += bits [from, from + E) of e: below 2^(E+1); bit E wraps around to 1 (2^E = 1 mod N).
    unsigned carry = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const u64 block = bits_at(e, from + 64 * u64(i)) & (i == n - 1 ? top : ~u64(0));
      const u64 sum = r[i] + block, with_carry = sum + carry;
      carry = unsigned(sum < r[i]) + unsigned(with_carry < sum);
      r[i] = with_carry;
    }
    const u64 over = E % 64 == 0 ? carry : r[n - 1] >> (E % 64);
    r[n - 1] &= top;
    for (std::size_t i = 0; over != 0 && i < n; ++i)
      if (++r[i] != 0) break;
  }
  const bool all_ones =
      std::all_of(r.begin(), r.end() - 1, [](u64 v) { return v == ~u64(0); }) && r[n - 1] == top;
  if (all_ones) std::fill(r.begin(), r.end(), u64(0));
  return r;
}

// The smallest m | E, m < E, with bits i and i + m (mod E) of e equal everywhere; 0 if none.
u64 period(std::span<const u64> e, u64 E) {
  for (const u64 m : gf2e_numbers::divisors(E)) {
    if (m == E) break;
    bool same = true;
    for (u64 i = 0; same && i < E; ++i) same = bit(e, i) == bit(e, (i + m) % E);
    if (same) return m;
  }
  return 0;
}

}  // namespace

gf2e::element gf2e::repunit_power(const element& a, u64 m, u64 k) const {
  element r = a, t(n_);
  u64 j = 1;
  for (int b = 62 - __builtin_clzll(k); b >= 0; --b) {
    t = r;
    frobenius_in_place(t, j * m);
    mul(r.data(), t.data(), r.data());
    j *= 2;
    if (k >> b & 1) {
      frobenius_in_place(r, m);
      mul(r.data(), a.data(), r.data());
      j += 1;
    }
  }
  return r;
}

gf2e::element gf2e::plain_pow(const element& a, std::span<const u64> e) const {
  const u64 len = bit_length(e);
  if (len == 0) return one();
  const unsigned w = len <= 16 ? 1 : len <= 128 ? 3 : len <= 1024 ? 4 : len <= 8192 ? 5 : len <= 65536 ? 6 : 7;
  std::vector<element> odd(std::size_t(1) << (w - 1));  // a, a^3, a^5, ...
  odd[0] = a;
  if (odd.size() > 1) {
    const element a2 = square(a);
    for (std::size_t i = 1; i < odd.size(); ++i) odd[i] = mul(odd[i - 1], a2);
  }
  element r;
  bool started = false;
  for (u64 i = len; i-- > 0;) {
    if (!bit(e, i)) {
      if (started) square(r.data(), r.data());
      continue;
    }
    u64 j = i + 1 >= w ? i + 1 - w : 0;
    while (!bit(e, j)) ++j;
    u64 value = 0;
    for (u64 b = i + 1; b-- > j;) value = value << 1 | u64(bit(e, b));
    if (started) {
      for (u64 s = 0; s < i - j + 1; ++s) square(r.data(), r.data());
      mul(r.data(), odd[value >> 1].data(), r.data());
    } else {
      r = odd[value >> 1];
      started = true;
    }
    i = j;
  }
  return r;
}

gf2e::element gf2e::pow(const element& a, std::span<const u64> e) const {
  check(a);
  if (bit_length(e) == 0) return one();
  if (is_zero(a)) return zero();
  const std::vector<u64> r = reduce_exponent(e, E_, n_);
  if (2 * bit_length(r) > E_) {
    if (const u64 m = period(r, E_); m != 0) {
      std::vector<u64> q((m + 63) / 64);
      for (u64 i = 0; i < m; ++i) q[i / 64] |= u64(bit(r, i)) << (i % 64);
      return repunit_power(plain_pow(a, q), m, E_ / m);
    }
  }
  return plain_pow(a, r);
}

gf2e::element gf2e::pow(const element& a, u64 e) const { return pow(a, std::span<const u64>(&e, 1)); }

gf2e::element gf2e::inverse(const element& a) const {
  check(a);
  if (is_zero(a) || E_ == 1) return a;
  return square(repunit_power(a, 1, E_ - 1));
}

gf2e::element gf2e::norm(const element& a, u64 d) const {
  check(a);
  if (d == 0 || E_ % d != 0) throw std::invalid_argument("gf2e::norm: the subfield degree must divide E");
  return repunit_power(a, d, E_ / d);
}

gf2e::element gf2e::pow_cofactor(const element& a, u64 p) const {
  check(a);
  const u64 m = gf2e_numbers::order_of_two_dividing(p, E_);  // p | 2^E - 1 iff ord_p(2) | E
  if (m == 0) throw std::invalid_argument("gf2e::pow_cofactor: p must divide 2^E - 1");
  // q = (2^m - 1)/p by long division, a limb at a time from the top.
  std::vector<u64> q((m + 63) / 64, 0);
  u128 rest = 0;
  for (std::size_t i = q.size(); i-- > 0;) {
    const u64 limb = (i + 1) * 64 <= m ? ~u64(0) : (u64(1) << (m % 64)) - 1;
    rest = rest << 64 | limb;
    q[i] = u64(rest / p);
    rest %= p;
  }
  if (is_zero(a)) return zero();
  return repunit_power(plain_pow(a, q), m, E_ / m);
}

bool gf2e::is_pth_power(const element& a, u64 p) const {
  return is_zero(a) || is_one(pow_cofactor(a, p));
}

}  // namespace nimber
