// The AVX2 kernel: the byte-plane tower of src/kernels/generic/planes.hpp on 256-bit vectors, 32
// values per block, with the VEX-encoded GFNI instructions; the chunk field of the big
// product on 128-bit PCLMULQDQ (kernels/clmul128.hpp). Built with -mavx2 -mgfni -mpclmul
// (CMakeLists.txt); kernels/registry.cpp runs it only where CPUID reports all three.
#include <immintrin.h>

#include "kernels/generic/clmul128.hpp"
#include "kernels/generic/planes.hpp"
#include "kernels/generic/rows.hpp"

namespace nimber::detail::kernels {
namespace {

// In-lane byte shuffles for the transpose (see avx2::to_planes). vpshufb works within each
// 128-bit half, which holds 2 words (v0) of 8 bytes (k): (v0, k) <-> (k, v0).
struct index_tables {
  std::uint8_t to[32], from[32];
};
constexpr index_tables make_index_tables() noexcept {
  index_tables t{};
  for (int half = 0; half < 2; ++half)
    for (int v0 = 0; v0 < 2; ++v0)
      for (int k = 0; k < 8; ++k) {
        t.to[16 * half + 2 * k + v0] = std::uint8_t(8 * v0 + k);
        t.from[16 * half + 8 * v0 + k] = std::uint8_t(2 * k + v0);
      }
  return t;
}
alignas(32) constexpr index_tables kIndex = make_index_tables();

struct avx2 {
  using vec = __m256i;
  static constexpr std::size_t lanes = 32;

  static vec bxor(vec a, vec b) noexcept { return _mm256_xor_si256(a, b); }
  static vec xor3(vec a, vec b, vec c) noexcept { return bxor(bxor(a, b), c); }
  static vec mulb(vec a, vec b) noexcept { return _mm256_gf2p8mul_epi8(a, b); }
  static vec affine(vec x, std::uint64_t m) noexcept {
    return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(std::int64_t(m)), 0);
  }
  static vec splat8(std::uint8_t b) noexcept { return _mm256_set1_epi8(char(b)); }

  // Register i of a block holds words 4i..4i+3; a byte address is (i, v1, v0, k) with v1 the
  // 128-bit half. After the in-lane shuffle the byte position within a register reads
  // (v1, k2, k1, k0, v0). Each swap below exchanges one register-index bit with one position
  // bit, for the register pairs differing in that bit: bit 2 with k2 (qwords: unpack),
  // bit 1 with k1 (dwords: shift + blend), bit 0 with k0 (words: shift + blend). Afterwards
  // register k holds byte k of all 32 words. Each swap is an involution and the three
  // commute, so from_planes applies them again and then the inverse shuffle.
  [[gnu::always_inline]] static void swap_qwords(vec& a, vec& b) noexcept {
    const vec lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    a = lo, b = hi;
  }
  [[gnu::always_inline]] static void swap_dwords(vec& a, vec& b) noexcept {
    const vec lo = _mm256_blend_epi32(a, _mm256_slli_epi64(b, 32), 0xAA);
    const vec hi = _mm256_blend_epi32(_mm256_srli_epi64(a, 32), b, 0xAA);
    a = lo, b = hi;
  }
  [[gnu::always_inline]] static void swap_words(vec& a, vec& b) noexcept {
    const vec lo = _mm256_blend_epi16(a, _mm256_slli_epi32(b, 16), 0xAA);
    const vec hi = _mm256_blend_epi16(_mm256_srli_epi32(a, 16), b, 0xAA);
    a = lo, b = hi;
  }
  [[gnu::always_inline]] static void swap_all(vec (&p)[8]) noexcept {
    swap_qwords(p[0], p[4]), swap_qwords(p[1], p[5]), swap_qwords(p[2], p[6]), swap_qwords(p[3], p[7]);
    swap_dwords(p[0], p[2]), swap_dwords(p[1], p[3]), swap_dwords(p[4], p[6]), swap_dwords(p[5], p[7]);
    swap_words(p[0], p[1]), swap_words(p[2], p[3]), swap_words(p[4], p[5]), swap_words(p[6], p[7]);
  }

  [[gnu::always_inline]] static void to_planes(const std::uint64_t* src, vec (&p)[8]) noexcept {
    const vec t = _mm256_load_si256(reinterpret_cast<const vec*>(kIndex.to));
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i)
      p[i] = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const vec*>(src + 4 * i)), t);
    swap_all(p);
  }

  template <bool Acc>
  [[gnu::always_inline]] static void from_planes(vec (&p)[8], std::uint64_t* dst) noexcept {
    swap_all(p);
    const vec t = _mm256_load_si256(reinterpret_cast<const vec*>(kIndex.from));
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
      vec* d = reinterpret_cast<vec*>(dst + 4 * i);
      vec v = _mm256_shuffle_epi8(p[i], t);
      if constexpr (Acc) v = bxor(v, _mm256_loadu_si256(d));
      _mm256_storeu_si256(d, v);
    }
  }
};

}  // namespace

const ops avx2_ops = {"avx2",
                      false,
                      &plane_kernel<avx2>::mul_n,
                      &plane_kernel<avx2>::apply_n,
                      &row_passes<avx2>::split,
                      &row_passes<avx2>::join,
                      &row_passes<avx2>::add};

const chunk_ops avx2_chunks = chunk_ops_of<clmul128, &plane_kernel<avx2>::chunk_apply_n>;

}  // namespace nimber::detail::kernels
