// big_nim: storage, operators and powers over the limb routines of src/big/ (tower.hpp lists them).
#include "nimber/big.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace nimber {
namespace {

using u64 = std::uint64_t;

// Limbs of the smallest field holding n limbs: a power of two, at least 1.
std::size_t field_limbs(std::size_t n) noexcept { return n <= 1 ? 1 : std::bit_ceil(n); }

std::vector<u64> padded(std::span<const u64> limbs, std::size_t n) {
  std::vector<u64> v(n, 0);
  std::copy(limbs.begin(), limbs.end(), v.begin());
  return v;
}

}  // namespace

big_nim::big_nim(std::uint64_t value) {
  if (value != 0) limbs_.push_back(value);
}

big_nim::big_nim(u128 value) : limbs_{u64(value), u64(value >> 64)} { trim(); }

void big_nim::trim() noexcept {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

big_nim big_nim::from_limbs(std::span<const u64> limbs) {
  big_nim r;
  r.limbs_.assign(limbs.begin(), limbs.end());
  r.trim();
  return r;
}

big_nim big_nim::power_of_two(std::size_t k) {
  big_nim r;
  r.limbs_.assign(k / 64 + 1, 0);
  r.limbs_.back() = u64(1) << (k % 64);
  return r;
}

big_nim big_nim::random(std::size_t bits, std::uint64_t seed) {
  big_nim r;
  r.limbs_.resize((bits + 63) / 64);
  u64 s = seed;
  for (u64& limb : r.limbs_) {  // splitmix64 (Steele, Lea and Flood, OOPSLA 2014)
    u64 z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    limb = z ^ (z >> 31);
  }
  if (bits % 64 != 0) r.limbs_.back() &= (u64(1) << (bits % 64)) - 1;
  r.trim();
  return r;
}

std::size_t big_nim::bit_length() const noexcept {
  if (limbs_.empty()) return 0;
  return 64 * limbs_.size() - std::size_t(std::countl_zero(limbs_.back()));
}

std::size_t big_nim::field_bits() const noexcept {
  const std::size_t b = bit_length();
  return b <= 1 ? 1 : std::bit_ceil(b);
}

std::uint64_t big_nim::to_u64() const {
  if (!fits_u64()) throw std::out_of_range("nimber::big_nim: value does not fit 64 bits");
  return limbs_.empty() ? 0 : limbs_[0];
}

u128 big_nim::to_u128() const {
  if (!fits_u128()) throw std::out_of_range("nimber::big_nim: value does not fit 128 bits");
  u128 v = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) v = (v << 64) | limbs_[i];
  return v;
}

big_nim& big_nim::operator+=(const big_nim& b) {
  if (b.limbs_.size() > limbs_.size()) limbs_.resize(b.limbs_.size(), 0);
  for (std::size_t i = 0; i < b.limbs_.size(); ++i) limbs_[i] ^= b.limbs_[i];
  trim();
  return *this;
}

big_nim operator+(const big_nim& a, const big_nim& b) {
  big_nim r = a;
  return r += b;
}

std::strong_ordering operator<=>(const big_nim& a, const big_nim& b) noexcept {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() <=> b.limbs_.size();
  for (std::size_t i = a.limbs_.size(); i-- > 0;)
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
  return std::strong_ordering::equal;
}

// a * b in the field of the larger operand. When the smaller one lies in a proper subfield
// GF(2^(64 m)), the product acts on each m-limb chunk of the larger one separately (the
// chunks are coordinates over that subfield: x * 2^(64 m j) is an ordinary product for x
// in the subfield), so it costs n/m products of size m rather than one of size n.
big_nim operator*(const big_nim& a, const big_nim& b) {
  if (a.is_zero() || b.is_zero()) return big_nim();
  const big_nim& x = a.limbs_.size() >= b.limbs_.size() ? a : b;
  const big_nim& y = a.limbs_.size() >= b.limbs_.size() ? b : a;
  const std::size_t n = field_limbs(x.limbs_.size()), m = field_limbs(y.limbs_.size());
  std::vector<u64> xs = padded(x.limbs_, n), ys = padded(y.limbs_, m);
  big_nim r;
  r.limbs_.resize(n);
  for (std::size_t j = 0; j < n; j += m) big::mul(xs.data() + j, ys.data(), r.limbs_.data() + j, m);
  r.trim();
  return r;
}

big_nim operator/(const big_nim& a, const big_nim& b) { return a * b.inverse(); }

// One of the in-place limb routines on a copy of x padded to its field.
static big_nim apply_in_field(std::span<const u64> x, void (*routine)(const u64*, u64*, std::size_t)) {
  const std::size_t n = field_limbs(x.size());
  std::vector<u64> v = padded(x, n);
  routine(v.data(), v.data(), n);
  return big_nim::from_limbs(v);
}

big_nim big_nim::square() const { return apply_in_field(limbs_, big::square); }
big_nim big_nim::sqrt() const { return apply_in_field(limbs_, big::sqrt); }

big_nim big_nim::inverse() const {
  if (is_zero()) throw division_by_zero();
  return apply_in_field(limbs_, big::inverse);
}

big_nim big_nim::pow(std::uint64_t e) const { return pow(big_nim(e)); }
big_nim big_nim::pow(u128 e) const { return pow(big_nim(e)); }

// The multiplicative group of GF(2^N), N = 64 n, has order 2^N - 1, and e mod (2^N - 1) is
// the sum of e's N-bit chunks with the carries wrapped around (2^N = 1 modulo 2^N - 1).
big_nim big_nim::pow(const big_nim& e) const {
  if (e.is_zero()) return big_nim(std::uint64_t(1));
  if (is_zero()) return big_nim();
  const std::size_t n = field_limbs(limbs_.size());
  std::vector<u64> r(n, 0);
  for (std::size_t base = 0; base < e.limbs_.size(); base += n) {
    u64 carry = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const u64 c = base + i < e.limbs_.size() ? e.limbs_[base + i] : 0;
      const u64 s = r[i] + c;
      const u64 s2 = s + carry;
      carry = u64(s < c) + u64(s2 < carry);
      r[i] = s2;
    }
    for (std::size_t i = 0; carry != 0 && i < n; ++i) carry = ++r[i] == 0;  // end-around
  }
  // r is now in [0, 2^N - 1]; both ends mean "a multiple of the group order" and x^0 = 1
  // for x != 0. (The end-around carry above can leave 2^N - 1, never wrap to 2^N.)
  const bool zero = std::all_of(r.begin(), r.end(), [](u64 v) { return v == 0; });
  const bool order = std::all_of(r.begin(), r.end(), [](u64 v) { return v == ~u64(0); });
  if (zero || order) return big_nim(std::uint64_t(1));
  if (n == 1) return big_nim(nimber::pow(limbs_[0], r[0]));
  const std::vector<u64> x = padded(limbs_, n);
  std::vector<u64> acc(n, 0);
  acc[0] = 1;
  bool started = false;  // left to right, from the top set bit of r
  for (std::size_t i = n; i-- > 0;)
    for (int bit = 63; bit >= 0; --bit) {
      if (started) big::square(acc.data(), acc.data(), n);
      if (r[i] >> bit & 1) {
        if (started) big::mul(acc.data(), x.data(), acc.data(), n);
        else acc = x, started = true;
      }
    }
  return from_limbs(acc);
}

}  // namespace nimber
