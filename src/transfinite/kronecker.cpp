#include "transfinite/kronecker.hpp"

#include <algorithm>

#include "nimber/arith.hpp"
#include "nimber/gf2x.hpp"

namespace nimber::transfinite {

namespace {

using word = kronecker::word;

word nim8(word a, word b) { return word(nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b))); }

}  // namespace

std::optional<kronecker> kronecker::make(unsigned coef_bits, const std::vector<word>& level_sizes) {
  if (coef_bits > 8) return std::nullopt;
  kronecker k;
  k.coef_bits_ = coef_bits;
  k.wide_bits_ = 2 * coef_bits - 1;
  k.sizes_ = level_sizes;
  k.stride_.push_back(k.wide_bits_);
  for (word n : level_sizes) {  // levels past 2^36 wide bits are left to the caller's product
    if (2 * n - 1 > (std::size_t(1) << 36) / k.stride_.back()) break;
    k.stride_.push_back(k.stride_.back() * std::size_t(2 * n - 1));
  }
  // theta: the least element whose powers 1, theta, ..., theta^(c-1) span GF(2^c).
  const word size = word(1) << coef_bits;
  for (word theta = coef_bits == 1 ? 1 : 2; theta < size; ++theta) {
    std::vector<word> power(k.wide_bits_, 1);
    for (unsigned e = 1; e < k.wide_bits_; ++e) power[e] = nim8(power[e - 1], theta);
    k.to_nim_.assign(word(1) << k.wide_bits_, 0);
    for (word v = 1; v < k.to_nim_.size(); ++v) {
      const unsigned low = unsigned(__builtin_ctzll(v));
      k.to_nim_[v] = k.to_nim_[v & (v - 1)] ^ power[low];
    }
    k.to_poly_.assign(size, size);
    for (word v = 0; v < size; ++v) k.to_poly_[k.to_nim_[v]] = v;
    if (std::none_of(k.to_poly_.begin(), k.to_poly_.end(), [size](word v) { return v == size; })) return k;
  }
  return std::nullopt;
}

void kronecker::pack(std::size_t i, const word* x, std::size_t offset, std::vector<word>& out) const {
  if (i == 0) {
    const word v = to_poly_[x[0]];
    if (!v) return;
    const std::size_t w = offset / 64, b = offset % 64;
    out[w] |= v << b;
    if (b + coef_bits_ > 64) out[w + 1] |= v >> (64 - b);
    return;
  }
  std::size_t s = 1;
  for (std::size_t l = 0; l + 1 < i; ++l) s *= sizes_[l];
  for (word j = 0; j < sizes_[i - 1]; ++j) pack(i - 1, x + j * s, offset + j * stride_[i - 1], out);
}

void kronecker::multiply(std::size_t i, const word* x, const word* y) const {
  const std::size_t words = stride_[i] / 64 + 1;
  a_.assign(words, 0);
  b_.assign(words, 0);
  pack(i, x, 0, a_);
  pack(i, y, 0, b_);
  product_.resize(2 * words);
  gf2x::mul(a_.data(), words, b_.data(), words, product_.data());
}

}  // namespace nimber::transfinite
