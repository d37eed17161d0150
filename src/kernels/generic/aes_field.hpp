// The isomorphism between the 8-bit nimber field and the AES field GF(2)[x]/(x^8+x^4+x^3+x+1),
// the field that gf2p8mulb multiplies in. Everything here is consteval: it never emits code,
// so the per-ISA translation units can include it without an ODR hazard (a shared inline
// function compiled with -mavx512f could otherwise be picked by the linker for every caller).
//
// Both fields are GF(2^8), so an isomorphism exists: pick a nimber r that is a root of the
// AES polynomial; then psi^-1(x) = sum_i x_i r^i (nim arithmetic) is a field isomorphism from
// the AES field onto the nimbers below 256, and psi is its inverse. Each byte of a 64-bit
// nimber is a coefficient in GF(2^8) (the tower is GF(2^8)-linear), so mapping every byte
// through psi turns the whole tower into AES arithmetic with the constants mapped too.
#pragma once

#include <cstdint>

#include "nimber/arith.hpp"

namespace nimber::detail::kernels::aes {

consteval std::uint8_t mul(std::uint8_t a, std::uint8_t b) {
  unsigned r = 0;
  for (unsigned x = a, y = b; y != 0; y >>= 1, x <<= 1) {
    if (x & 0x100) x ^= 0x11B;
    if (y & 1) r ^= x;
  }
  return std::uint8_t(r);
}

// The smallest nimber root of x^8 + x^4 + x^3 + x + 1.
consteval std::uint8_t nim_root() {
  for (unsigned r = 2; r < 256; ++r) {
    std::uint8_t p[9] = {1};
    for (int i = 1; i <= 8; ++i) p[i] = tower_mul<8>(p[i - 1], std::uint8_t(r));
    if ((p[8] ^ p[4] ^ p[3] ^ p[1] ^ p[0]) == 0) return std::uint8_t(r);
  }
  return 0;  // unreachable: the AES polynomial splits over GF(2^8)
}

struct iso_tables {
  std::uint8_t from_aes[256];  // psi^-1
  std::uint8_t to_aes[256];    // psi
};

consteval iso_tables make_iso() {
  iso_tables t{};
  std::uint8_t power[8] = {1};
  for (int i = 1; i < 8; ++i) power[i] = tower_mul<8>(power[i - 1], nim_root());
  for (unsigned x = 0; x < 256; ++x) {
    std::uint8_t y = 0;
    for (int i = 0; i < 8; ++i)
      if (x >> i & 1) y ^= power[i];
    t.from_aes[x] = y;
    t.to_aes[y] = std::uint8_t(x);
  }
  return t;
}
inline constexpr iso_tables kIso = make_iso();

// A linear byte map (given as a table of all 256 images) in gf2p8affineqb matrix form:
// matrix byte 7-i holds the input bits that feed output bit i.
consteval std::uint64_t affine_matrix(const std::uint8_t (&image)[256]) {
  std::uint64_t m = 0;
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i)
      if (image[1u << j] >> i & 1) m |= std::uint64_t(1) << (8 * (7 - i) + j);
  return m;
}

inline constexpr std::uint64_t kToAes = affine_matrix(kIso.to_aes);
inline constexpr std::uint64_t kFromAes = affine_matrix(kIso.from_aes);
// 2^7 = the "half" of GF(2^8) (the F/2 of the tower rule), and its square, in AES form.
inline constexpr std::uint8_t kHalf = kIso.to_aes[0x80];
inline constexpr std::uint8_t kHalfSquared = mul(kHalf, kHalf);

}  // namespace nimber::detail::kernels::aes
