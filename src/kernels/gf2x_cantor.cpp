// The Cantor basis of GF(2^64) under the additive FFT's butterflies (gf2x_leaf.hpp), built
// once from plain 64-bit arithmetic; every leaf reads the same constants.
#include "kernels/gf2x_leaf.hpp"

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

}  // namespace nimber::gf2x::detail
