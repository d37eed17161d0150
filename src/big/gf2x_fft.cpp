// The additive FFT product (gf2x_fft.hpp): the Cantor basis and the product's driver. The
// changes of basis are in gf2x_basis.cpp, the butterflies in the leaves' translation units
// (gf2x_pclmul.cpp).
#include <algorithm>
#include <span>
#include <vector>

#include "big/gf2x_fft.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;

// a b mod z^64 + z^4 + z^3 + z + 1, a bit at a time (setup only).
u64 slow_mul(u64 a, u64 b) noexcept {
  u64 r = 0;
  for (int i = 63; i >= 0; --i) {
    r = (r << 1) ^ ((r >> 63) ? 0x1B : 0);
    if (b >> i & 1) r ^= a;
  }
  return r;
}

// A solution of x^2 + x = c (c of trace 0), by elimination on the GF(2)-linear map x^2 + x.
u64 solve_artin_schreier(u64 c) noexcept {
  u64 rows[64], preimage[64];  // rows[i] = image of preimage[i], kept in echelon form
  int count = 0;
  for (int j = 0; j < 64; ++j) {
    const u64 x = u64(1) << j;
    u64 image = slow_mul(x, x) ^ x, pre = x;
    for (int i = 0; i < count; ++i)
      if (image >> (63 - __builtin_clzll(rows[i])) & 1) image ^= rows[i], pre ^= preimage[i];
    if (image != 0) rows[count] = image, preimage[count] = pre, ++count;
  }
  u64 x = 0;
  for (int i = 0; i < count; ++i)
    if (c >> (63 - __builtin_clzll(rows[i])) & 1) c ^= rows[i], x ^= preimage[i];
  return x;  // c is now 0 when it had trace 0
}

cantor_constants make_cantor() noexcept {
  cantor_constants k{};
  k.v[0] = 1;
  for (int i = 1; i < 64; ++i) k.v[i] = solve_artin_schreier(k.v[i - 1]);
  k.prefix[0] = 0;
  for (int t = 1; t <= 64; ++t) k.prefix[t] = k.prefix[t - 1] ^ (t < 64 ? k.v[t] : 0);
  return k;
}

}  // namespace

const cantor_constants& cantor() noexcept {
  static const cantor_constants k = make_cantor();
  return k;
}

void fft_mul(const fft_ops& ops, const u64* a, std::size_t na, const u64* b, std::size_t nb, u64* out) {
  // 32-bit pieces: 2 na and 2 nb of them, a product of 2 (na + nb) - 1 pieces.
  const std::size_t pieces = 2 * (na + nb);
  unsigned m = 0;
  while ((std::size_t(1) << m) < pieces) ++m;
  const std::size_t n = std::size_t(1) << m;
  // Both operands' pieces in one word each, a's in the low 32 bits, b's in the high: the
  // change of basis only XORs words, so one pass converts both.
  thread_local std::vector<u64> fa_buffer, fb_buffer;  // reused: no page faults per product
  if (fa_buffer.size() < n) fa_buffer.resize(n), fb_buffer.resize(n);
  const std::span<u64> fa(fa_buffer.data(), n), fb(fb_buffer.data(), n);
  std::fill(fa.begin(), fa.end(), u64(0));
  for (std::size_t i = 0; i < na; ++i) fa[2 * i] = a[i] & 0xFFFFFFFF, fa[2 * i + 1] = a[i] >> 32;
  for (std::size_t i = 0; i < nb; ++i) fa[2 * i] |= b[i] << 32, fa[2 * i + 1] |= b[i] & 0xFFFFFFFF00000000;
  to_novel(fa.data(), m, 2 * std::max(na, nb));
  for (std::size_t i = 0; i < n; ++i) fb[i] = fa[i] >> 32, fa[i] &= 0xFFFFFFFF;
  ops.forward(fa.data(), m);
  ops.forward(fb.data(), m);
  ops.pointwise(fa.data(), fb.data(), n);
  ops.inverse(fa.data(), m);
  from_novel(fa.data(), m);
  // Piece k of the product (63 bits) lands at bit 32 k.
  std::fill(out, out + na + nb, u64(0));
  for (std::size_t k = 0; k + 1 < pieces; ++k) {
    const u64 c = fa[k];
    if (k % 2 == 0) {
      out[k / 2] ^= c;
    } else {
      out[k / 2] ^= c << 32;
      out[k / 2 + 1] ^= c >> 32;
    }
  }
}

}  // namespace nimber::gf2x::detail
