// The nimbers below 2^64 as the polynomial field GF(2)[x]/(p), p = x^64 + x^4 + x^3 + x + 1,
// so that a nim product is one carry-less multiply (PCLMULQDQ) and a reduction.
//
// g = kRoot is a nimber root of p. The map phi^-1(sum v_i x^i) = sum v_i g^i (nim sums and
// products) is a ring homomorphism from GF(2)[x]/(p) into the nimbers (it sends x to a root
// of p); it is GF(2)-linear, and once its matrix (columns g^0 .. g^63) is invertible it is
// bijective, so a field isomorphism, and p is irreducible (it is the minimal polynomial of g).
// make_basis_tables checks both facts while compiling: a wrong kRoot does not build.
// Hence for nimbers a, b below 2^64:  a * b = phi^-1(clmul(phi(a), phi(b)) mod p).
//
// Everything here is consteval (tables and checks only, no code), so the -mpclmul translation
// unit can include it without emitting inline functions built for another target.
// tests/test_arith.cpp regenerates kRoot with nimber::polynomial_roots.
#pragma once

#include <cstdint>
#include <utility>

#include "nimber/arith.hpp"

namespace nimber::detail::clmul {

inline constexpr std::uint64_t kPolyLow = 0x1B;  // p - x^64 = x^4 + x^3 + x + 1
inline constexpr std::uint64_t kRoot = 0x402884ca01f7c6b2;  // the smallest nimber root of p

struct basis_tables {
  byte_linear_map<std::uint64_t> to_poly;    // phi: nimber -> polynomial
  byte_linear_map<std::uint64_t> from_poly;  // phi^-1
  std::uint64_t half, half_times_x64;        // phi(2^63) and phi(2^63) x^64 mod p
};

consteval basis_tables make_basis_tables() {
  std::uint64_t power[65] = {1};  // g^i = phi^-1(x^i)
  for (int i = 1; i <= 64; ++i) power[i] = tower_mul<64>(power[i - 1], kRoot);
  std::uint64_t p_of_g = power[64];
  for (int i = 0; i < 64; ++i)
    if (kPolyLow >> i & 1) p_of_g ^= power[i];
  if (p_of_g != 0) throw "kRoot is not a root of p";

  // Gauss-Jordan elimination on the rows (g^i | x^i): when row m holds the nimber 2^m
  // alone, its polynomial half is phi(2^m).
  std::uint64_t nim[64], poly[64];
  for (int i = 0; i < 64; ++i) nim[i] = power[i], poly[i] = std::uint64_t(1) << i;
  for (int m = 0; m < 64; ++m) {
    int r = m;
    while (r < 64 && (nim[r] >> m & 1) == 0) ++r;
    if (r == 64) throw "the powers of kRoot are not a basis";
    std::swap(nim[r], nim[m]);
    std::swap(poly[r], poly[m]);
    for (int i = 0; i < 64; ++i)
      if (i != m && (nim[i] >> m & 1)) nim[i] ^= nim[m], poly[i] ^= poly[m];
  }
  basis_tables t{};
  fill_linear(t.to_poly, [&](std::uint64_t bit) { return poly[__builtin_ctzll(bit)]; });
  fill_linear(t.from_poly, [&](std::uint64_t bit) { return power[__builtin_ctzll(bit)]; });
  t.half = t.to_poly(std::uint64_t(1) << 63);
  t.half_times_x64 = t.to_poly(tower_mul<64>(std::uint64_t(1) << 63, power[64]));
  return t;
}

}  // namespace nimber::detail::clmul
