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
// tests/unit/arith.cpp regenerates kRoot with nimber::polynomial_roots.
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

// The 64-bit inverse by norms down the tower, in the polynomial basis (src/scalar/clmul.cpp).
// With s = b^(2^32), the norm N = b s lies in GF(2^32); with t = N^(2^16) = b^(2^16) b^(2^48),
// M = N t lies in GF(2^16); so b^-1 = s t M^-1: four products and one lookup in the table of
// the 2^16 inverses. The conjugates b^(2^k) are GF(2)-linear in b, so each is one byte-table
// map straight from the nimber b to the polynomial basis (all four run side by side), and the
// chain is tables -> N, t -> M -> back to nimbers (16 bits) -> inverse -> times s t -> back.
//
// The maps are built from squaring mod p in the polynomial basis (v -> v^2 mod p, 16 times for
// the 2^16-th power), and checked against the nimber side: b^(2^32) must be the conjugate
// x1 F + (x0 + x1) of b = x1 F + x0 (arith.hpp, tower_inverse), which is how s is computed:
// phi(b ^ (b >> 32)), on the same table as phi(b).
struct frobenius_tables {
  byte_linear_map<std::uint64_t> pow16, pow48;  // nimber b -> phi(b^(2^k)); b^(2^32) is conj(b)
  std::uint64_t square16[2][256];                      // nimber m < 2^16 -> phi(m^2)
  std::uint64_t trace_mask;  // trace(phi^-1(v)) = parity(v & trace_mask) (the nimber top bit)
};

consteval std::uint64_t square_mod_p(std::uint64_t v) {
  std::uint64_t lo = 0, hi = 0;
  for (int i = 0; i < 32; ++i) lo |= (v >> i & 1) << (2 * i), hi |= (v >> (32 + i) & 1) << (2 * i);
  // hi x^64 = hi (x^4 + x^3 + x + 1): the bits pushed past x^63 fold once more.
  for (int round = 0; round < 2; ++round) {
    std::uint64_t folded = 0, over = 0;
    for (int i = 0; i < 64; ++i)
      if (kPolyLow >> i & 1) folded ^= hi << i, over ^= i == 0 ? 0 : hi >> (64 - i);
    lo ^= folded;
    hi = over;
  }
  return lo;
}

consteval frobenius_tables make_frobenius_tables(const basis_tables& b) {
  // Columns (x^i)^(2^k) mod p for k = 1, 2, 4, 8, 16: each map is the previous one applied
  // twice (cheap enough for clang's default constexpr budget).
  std::uint64_t pow16_of_x[64], next[64];
  for (int i = 0; i < 64; ++i) pow16_of_x[i] = square_mod_p(std::uint64_t(1) << i);
  auto apply_columns = [](const std::uint64_t* cols, std::uint64_t v) {
    std::uint64_t r = 0;
    for (int i = 0; i < 64; ++i)
      if (v >> i & 1) r ^= cols[i];
    return r;
  };
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 64; ++i) next[i] = apply_columns(pow16_of_x, pow16_of_x[i]);
    for (int i = 0; i < 64; ++i) pow16_of_x[i] = next[i];
  }
  auto pow16 = [&](std::uint64_t v) { return apply_columns(pow16_of_x, v); };
  frobenius_tables t{};
  fill_linear(t.pow16, [&](std::uint64_t bit) { return pow16(b.to_poly(bit)); });
  fill_linear(t.pow48, [&](std::uint64_t bit) { return pow16(pow16(pow16(b.to_poly(bit)))); });
  for (int i = 0; i < 64; ++i) {
    const std::uint64_t bit = std::uint64_t(1) << i;
    if (pow16(pow16(b.to_poly(bit))) != b.to_poly(bit ^ (bit >> 32))) throw "the 2^32-th power is not the conjugate";
    t.trace_mask |= (b.from_poly(bit) >> 63) << i;
  }
  for (int k = 0; k < 2; ++k) {
    t.square16[k][0] = 0;
    for (unsigned v = 1; v < 256; ++v) {
      const unsigned low = v & (0u - v);
      t.square16[k][v] = t.square16[k][v ^ low] ^ square_mod_p(b.to_poly(std::uint64_t(low) << (8 * k)));
    }
  }
  return t;
}

// M = N t lies in GF(2^16), a 16-dimensional subspace of the polynomial basis; a window of 16
// bits of the carry-less product M k (k found here, the smallest that works) is injective on
// it, so it indexes the table of inverses with one PCLMULQDQ instead of a conversion back to
// nimbers (8 more table loads) on the critical path.
struct subfield_key {
  std::uint64_t k = 0;
  unsigned shift = 0;  // key = (low 64 bits of M k) >> shift, 16 bits
};

consteval std::uint64_t clmul_low_soft(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  for (int i = 0; i < 64; ++i)
    if (b >> i & 1) r ^= a << i;
  return r;
}

consteval subfield_key make_subfield_key(const basis_tables& b) {
  for (std::uint64_t k = 1; k < 4096; ++k)
    for (unsigned shift = 0; shift <= 48; ++shift) {
      unsigned rows[16];  // the images of the basis 1, 2, 4, ..., 2^15 of GF(2^16)
      for (int i = 0; i < 16; ++i) rows[i] = unsigned(clmul_low_soft(b.to_poly(std::uint64_t(1) << i), k) >> shift) & 0xFFFF;
      int rank = 0;
      for (int bit = 0; bit < 16; ++bit) {
        int r = rank;
        while (r < 16 && (rows[r] >> bit & 1) == 0) ++r;
        if (r == 16) continue;
        const unsigned pivot = rows[r];
        rows[r] = rows[rank];
        rows[rank] = pivot;
        for (int i = 0; i < 16; ++i)
          if (i != rank && (rows[i] >> bit & 1)) rows[i] ^= pivot;
        ++rank;
      }
      if (rank == 16) return {k, shift};
    }
  throw "no subfield key";
}

// Shared with the quadratic (clmul_quadratic64), defined in src/scalar/clmul.cpp. Data only.
// Hidden: reached directly, not through the GOT, in position-independent code.
[[gnu::visibility("hidden")]] extern const basis_tables kBasisTables;
[[gnu::visibility("hidden")]] extern const frobenius_tables kFrobeniusTables;

}  // namespace nimber::detail::clmul
