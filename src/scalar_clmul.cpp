// The hardware scalar product: change of basis to GF(2)[x]/(x^64 + x^4 + x^3 + x + 1), one
// PCLMULQDQ, reduction by two more, change of basis back (scalar_clmul.hpp explains why this
// is the nim product). Compiled with -mpclmul; called only when CPUID reports PCLMULQDQ
// (src/scalar_dispatch.cpp). Measured against the table towers in docs/benchmarks.md.
//
// Only intrinsics and functions with internal linkage run here, so no inline function of a
// shared header is ever emitted with this file's target flags.
#include <immintrin.h>

#include "scalar_clmul.hpp"

namespace nimber::detail {
namespace {

constinit const clmul::basis_tables kBasis = clmul::make_basis_tables();

// phi(x) in the low half of an XMM register: the eight byte-table rows are loaded straight
// into vector registers (no general-to-vector move on the critical path).
__m128i to_poly(std::uint64_t x) noexcept {
  const auto& t = kBasis.to_poly.table;
  auto row = [&t](unsigned i, std::uint64_t v) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&t[i][v & 0xFF]));
  };
  return _mm_xor_si128(
      _mm_xor_si128(_mm_xor_si128(row(0, x), row(1, x >> 8)), _mm_xor_si128(row(2, x >> 16), row(3, x >> 24))),
      _mm_xor_si128(_mm_xor_si128(row(4, x >> 32), row(5, x >> 40)), _mm_xor_si128(row(6, x >> 48), row(7, x >> 56))));
}

std::uint64_t from_poly(std::uint64_t v) noexcept {
  const auto& t = kBasis.from_poly.table;
  return ((t[0][v & 0xFF] ^ t[1][v >> 8 & 0xFF]) ^ (t[2][v >> 16 & 0xFF] ^ t[3][v >> 24 & 0xFF])) ^
         ((t[4][v >> 32 & 0xFF] ^ t[5][v >> 40 & 0xFF]) ^ (t[6][v >> 48 & 0xFF] ^ t[7][v >> 56]));
}

// A 127-bit product lo + hi x^64 reduced mod p: hi x^64 = hi (x^4 + x^3 + x + 1) has at most
// 67 bits; its 3 bits above x^63 fold once more (7 bits, no further overflow). Low half out.
__m128i reduce(__m128i product) noexcept {
  const __m128i poly = _mm_cvtsi64_si128(std::int64_t(clmul::kPolyLow));
  const __m128i once = _mm_clmulepi64_si128(product, poly, 0x01);
  const __m128i twice = _mm_clmulepi64_si128(once, poly, 0x01);
  return _mm_xor_si128(_mm_xor_si128(product, once), twice);
}

std::uint64_t low(__m128i v) noexcept { return std::uint64_t(_mm_cvtsi128_si64(v)); }

}  // namespace

std::uint64_t clmul_mul64(std::uint64_t a, std::uint64_t b) noexcept {
  return from_poly(low(reduce(_mm_clmulepi64_si128(to_poly(a), to_poly(b), 0x00))));
}

// The tower step over F = 2^64 (arith.hpp) done in the polynomial basis: phi is linear, so the
// Karatsuba sums convert for free, and the product by F/2 = 2^63 is a clmul by the constant
// phi(2^63), applied to the unreduced 127-bit a1 b1 = l + h x^64 as l phi(2^63) + h phi(2^63 x^64)
// so that one reduction serves the whole low half. Four conversions in, two out.
u128 clmul_mul128(u128 a, u128 b) noexcept {
  const __m128i a0 = to_poly(std::uint64_t(a)), a1 = to_poly(std::uint64_t(a >> 64));
  const __m128i b0 = to_poly(std::uint64_t(b)), b1 = to_poly(std::uint64_t(b >> 64));
  const __m128i half = _mm_set_epi64x(std::int64_t(kBasis.half_times_x64), std::int64_t(kBasis.half));
  const __m128i p00 = _mm_clmulepi64_si128(a0, b0, 0x00);
  const __m128i p11 = _mm_clmulepi64_si128(a1, b1, 0x00);
  const __m128i pss = _mm_clmulepi64_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(b0, b1), 0x00);
  const __m128i p11_half =
      _mm_xor_si128(_mm_clmulepi64_si128(p11, half, 0x00), _mm_clmulepi64_si128(p11, half, 0x11));
  const std::uint64_t hi = from_poly(low(reduce(_mm_xor_si128(pss, p00))));
  const std::uint64_t lo = from_poly(low(reduce(_mm_xor_si128(p00, p11_half))));
  return (u128(hi) << 64) | lo;
}

}  // namespace nimber::detail
