// The chunk kernel's ISA policy for 128-bit PCLMULQDQ (SSE2 and PCLMULQDQ): two chunks per
// group, one in each 64-bit lane of an XMM register. Shared by the pclmul and avx2 kernels.
//
// The policy lives in an anonymous namespace on purpose: each translation unit that includes
// this header gets its own copy, built with that unit's target flags (the rule of planes.hpp
// and chunks.hpp: an instantiation never stands in for another ISA's).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/generic/chunk_field.hpp"

namespace nimber::detail::kernels {
namespace {

struct clmul128 {
  using vec = __m128i;
  static constexpr std::size_t lanes = 2;

  static vec zero() noexcept { return _mm_setzero_si128(); }
  static vec splat(std::uint64_t x) noexcept { return _mm_set1_epi64x(static_cast<long long>(x)); }
  static vec bxor(vec a, vec b) noexcept { return _mm_xor_si128(a, b); }
  static vec band(vec a, vec b) noexcept { return _mm_and_si128(a, b); }
  static vec bor(vec a, vec b) noexcept { return _mm_or_si128(a, b); }
  template <int N>
  static vec srl(vec x) noexcept { return _mm_srli_epi64(x, N); }
  template <int N>
  static vec sll(vec x) noexcept { return _mm_slli_epi64(x, N); }
  static vec clmul_even(vec a, vec b) noexcept { return _mm_clmulepi64_si128(a, b, 0x00); }
  static vec clmul_odd(vec a, vec b) noexcept { return _mm_clmulepi64_si128(a, b, 0x11); }
  static vec up64(vec x) noexcept { return _mm_slli_si128(x, 8); }
  static vec down64(vec x) noexcept { return _mm_srli_si128(x, 8); }
  static vec blend(vec even, vec odd) noexcept {  // movsd: low from `even`, high from `odd`
    return _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(odd), _mm_castsi128_pd(even)));
  }

  static void load_group(const std::uint64_t* src, vec (&v)[8]) noexcept {
    for (int w = 0; w < 8; w += 2) {
      const vec a = _mm_loadu_si128(reinterpret_cast<const vec*>(src + w));
      const vec b = _mm_loadu_si128(reinterpret_cast<const vec*>(src + 8 + w));
      v[w] = _mm_unpacklo_epi64(a, b);
      v[w + 1] = _mm_unpackhi_epi64(a, b);
    }
  }
  static void store_group(const vec (&v)[8], std::uint64_t* dst) noexcept {
    for (int w = 0; w < 8; w += 2) {
      _mm_storeu_si128(reinterpret_cast<vec*>(dst + w), _mm_unpacklo_epi64(v[w], v[w + 1]));
      _mm_storeu_si128(reinterpret_cast<vec*>(dst + 8 + w), _mm_unpackhi_epi64(v[w], v[w + 1]));
    }
  }
};

}  // namespace
}  // namespace nimber::detail::kernels
