// GF(2^E) (include/nimber/gf2e.hpp): construction, reduction modulo the sparse modulus, and
// the operations of one product or squaring.
//
// Reduction of c = lo + hi x^E: x^E = 1 + sum x^k (k the middle exponents), so
// c = lo + hi + sum hi x^k; the new part above x^E has degree below deg(hi) + max k - E + 1,
// and with every k <= E/2 two rounds clear a product (deg < 2E - 1). Each round is a few
// shifted XORs of the limbs: linear in E.
#include <algorithm>
#include <stdexcept>
#include <utility>

#include "nimber/gf2e.hpp"
#include "nimber/gf2x.hpp"

namespace nimber {
namespace {

using u64 = std::uint64_t;

std::vector<u64>& scratch(int which, std::size_t n) {
  thread_local std::vector<u64> buffers[2];
  if (buffers[which].size() < n) buffers[which].resize(n);
  return buffers[which];
}

// dst[..] ^= src[0 .. n) shifted up by `shift` bits, writing no limb at or past dst_len.
void xor_shifted(u64* dst, std::size_t dst_len, const u64* src, std::size_t n, u64 shift) noexcept {
  const std::size_t w = shift / 64;
  const unsigned s = unsigned(shift % 64);
  for (std::size_t i = 0; i < n && w + i < dst_len; ++i) {
    dst[w + i] ^= src[i] << s;
    if (s != 0 && w + i + 1 < dst_len) dst[w + i + 1] ^= src[i] >> (64 - s);
  }
}

}  // namespace

gf2e::gf2e(u64 E) : gf2e(E, modulus(E)) {}

gf2e::gf2e(u64 E, std::vector<u64> middle) : E_(E), n_(0), middle_(std::move(middle)) {
  if (E < 1 || E > max_degree) throw std::invalid_argument("gf2e: the degree must be in [1, 2^30]");
  std::sort(middle_.begin(), middle_.end(), std::greater<>());
  const bool distinct = std::adjacent_find(middle_.begin(), middle_.end()) == middle_.end();
  const bool in_range = std::all_of(middle_.begin(), middle_.end(), [&](u64 k) { return k > 0 && k < E; });
  const bool shape = E == 1 ? middle_.empty() : (middle_.size() == 1 || middle_.size() == 3);
  if (!distinct || !in_range || !shape)
    throw std::invalid_argument("gf2e: the modulus needs 1 or 3 distinct middle exponents in (0, E)");
  n_ = std::size_t((E + 63) / 64);
}

namespace {

// c ^= t x^pos.
void xor_word(u64* c, u64 t, u64 pos) noexcept {
  const std::size_t w = std::size_t(pos / 64);
  const unsigned s = unsigned(pos % 64);
  c[w] ^= t << s;
  if (s != 0) c[w + 1] ^= t >> (64 - s);
}

// c ^= src[0 .. m) x^pos, where src does not overlap the limbs written (a loop the compiler
// vectorises).
void xor_block(u64* c, const u64* src, std::size_t m, u64 pos) noexcept {
  u64* d = c + pos / 64;
  const unsigned s = unsigned(pos % 64);
  if (s == 0) {
    for (std::size_t j = 0; j < m; ++j) d[j] ^= src[j];
    return;
  }
  d[0] ^= src[0] << s;
  for (std::size_t j = 1; j < m; ++j) d[j] ^= src[j] << s | src[j - 1] >> (64 - s);
  d[m] ^= src[m - 1] >> (64 - s);
}

}  // namespace

// The limbs above x^E, from the top down in blocks of g/64 limbs, g = E - (largest middle
// exponent) >= 64: a block folds onto limbs below itself only, so it is added there shifted
// (x^E = 1 + sum x^k), once per term, and then cleared. Then the bits of the limb holding x^E.
void gf2e::reduce(u64* c, std::size_t len, u64* out) const noexcept {
  const std::size_t w = std::size_t(E_ / 64);
  const unsigned s = unsigned(E_ % 64);
  if (middle_.empty() || middle_.front() + 64 > E_) {
    reduce_rounds(c, len, out);
    return;
  }
  const std::size_t block = std::size_t((E_ - middle_.front()) / 64), first = w + (s != 0 ? 1 : 0);
  for (std::size_t top = len; top > first;) {
    const std::size_t lo = top - std::min(block, top - first), m = top - lo;
    const u64 base = 64 * u64(lo) - E_;
    xor_block(c, c + lo, m, base);
    for (const u64 k : middle_) xor_block(c, c + lo, m, base + k);
    std::fill(c + lo, c + top, u64(0));
    top = lo;
  }
  if (s != 0 && w < len) {
    for (u64 t = c[w] >> s; t != 0; t = c[w] >> s) {
      c[w] &= (u64(1) << s) - 1;
      xor_word(c, t, 0);
      for (const u64 k : middle_) xor_word(c, t, k);
    }
  }
  std::copy(c, c + n_, out);
}

// The general case (E = 1, or a middle exponent above E - 64): whole rounds of
// c = lo + hi + sum hi x^k until nothing is left above x^E.
void gf2e::reduce_rounds(u64* c, std::size_t len, u64* out) const noexcept {
  const std::size_t w = std::size_t(E_ / 64);
  const unsigned s = unsigned(E_ % 64);
  const u64 top_mask = s == 0 ? 0 : (u64(1) << s) - 1;
  std::vector<u64>& hi_buffer = scratch(1, len + 1);
  u64* hi = hi_buffer.data();
  for (;;) {
    // hi = c >> E, then c mod x^E.
    const std::size_t hl = len > w ? len - w : 0;
    bool any = false;
    for (std::size_t i = 0; i < hl; ++i) {
      const u64 low = c[w + i] >> s;
      const u64 high = s != 0 && w + i + 1 < len ? c[w + i + 1] << (64 - s) : 0;
      hi[i] = low | high;
      any |= hi[i] != 0;
    }
    if (!any) break;
    if (w < len) c[w] &= top_mask;
    for (std::size_t i = w + 1; i < len; ++i) c[i] = 0;
    xor_shifted(c, len, hi, hl, 0);
    for (const u64 k : middle_) xor_shifted(c, len, hi, hl, k);
  }
  std::copy(c, c + n_, out);
}

gf2e::element gf2e::one() const {
  element r(n_, 0);
  r[0] = 1;
  return r;
}

gf2e::element gf2e::x() const { return from_polynomial(std::vector<u64>{2}); }

gf2e::element gf2e::from_polynomial(std::span<const u64> poly) const {
  std::vector<u64> c(std::max(poly.size(), n_) + 1, 0);
  std::copy(poly.begin(), poly.end(), c.begin());
  element r(n_);
  reduce(c.data(), c.size(), r.data());
  return r;
}

bool gf2e::is_zero(const element& a) const noexcept {
  return std::all_of(a.begin(), a.end(), [](u64 v) { return v == 0; });
}

bool gf2e::is_one(const element& a) const noexcept {
  return !a.empty() && a[0] == 1 && std::all_of(a.begin() + 1, a.end(), [](u64 v) { return v == 0; });
}

void gf2e::check(const element& a) const {
  if (a.size() != n_) throw std::invalid_argument("gf2e: an element must have limbs() limbs");
  if (E_ % 64 != 0 && a[n_ - 1] >> (E_ % 64) != 0)
    throw std::invalid_argument("gf2e: an element has bits at or above the degree");
}

gf2e::element gf2e::add(const element& a, const element& b) const {
  check(a), check(b);
  element r = a;
  for (std::size_t i = 0; i < n_; ++i) r[i] ^= b[i];
  return r;
}

void gf2e::mul(const u64* a, const u64* b, u64* out) const {
  std::vector<u64>& c = scratch(0, 2 * n_);
  gf2x::mul(a, n_, b, n_, c.data());
  reduce(c.data(), 2 * n_, out);
}

void gf2e::square(const u64* a, u64* out) const {
  std::vector<u64>& c = scratch(0, 2 * n_);
  gf2x::square(a, n_, c.data());
  reduce(c.data(), 2 * n_, out);
}

gf2e::element gf2e::mul(const element& a, const element& b) const {
  check(a), check(b);
  element r(n_);
  mul(a.data(), b.data(), r.data());
  return r;
}

gf2e::element gf2e::square(const element& a) const {
  check(a);
  element r(n_);
  square(a.data(), r.data());
  return r;
}

// Tr(x^k) is the power sum p_k of the roots of f = x^E + sum_(j in J) x^j (J the middle
// exponents and 0). Newton's identities over GF(2): p_0 = E mod 2 and, for 1 <= k < E,
// p_k = sum over j in J with E - j < k of p_(k - (E - j)), plus 1 when k is odd and E - k is in J.
bool gf2e::trace(const element& a) const {
  check(a);
  std::vector<u64> p(n_, 0);  // p_k as bit k
  const auto get = [&](u64 k) { return (p[std::size_t(k / 64)] >> (k % 64) & 1) != 0; };
  std::vector<u64> gaps;  // E - j for j in J, ascending
  for (const u64 j : middle_) gaps.push_back(E_ - j);
  gaps.push_back(E_);
  std::sort(gaps.begin(), gaps.end());
  bool parity = false;
  for (u64 k = 0; k < E_; ++k) {
    bool pk;
    if (k == 0) {
      pk = E_ % 2 == 1;
    } else {
      pk = false;
      for (const u64 g : gaps) {
        if (g >= k) break;
        pk ^= get(k - g);
      }
      if (k % 2 == 1 && std::binary_search(gaps.begin(), gaps.end(), k)) pk ^= true;
    }
    if (pk) p[std::size_t(k / 64)] |= u64(1) << (k % 64), parity ^= (a[std::size_t(k / 64)] >> (k % 64) & 1) != 0;
  }
  return parity;
}

void gf2e::frobenius_in_place(element& a, u64 k) const {
  for (k %= E_; k > 0; --k) square(a.data(), a.data());
}

gf2e::element gf2e::frobenius(const element& a, u64 k) const {
  check(a);
  element r = a;
  frobenius_in_place(r, k);
  return r;
}

}  // namespace nimber
