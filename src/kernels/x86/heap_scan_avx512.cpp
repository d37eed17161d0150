// The avx512 kernel's heap scan slot (kernels/kernel.hpp, heap_scan_fn): the verification
// scan of the sparse-space heap engine (src/games/grundy_terms.cpp), sixteen pairs of heaps at
// a time against a 1024-bit table of the values still wanted. Compiled with the avx512
// kernel's flags.
#include "kernels/x86/avx512_intrinsics.hpp"

#include <bit>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

namespace {

// Sixteen lanes of 32 bits from 16 values of the store's width.
inline __m512i widen_lanes(const std::uint8_t* p) noexcept {
  return _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
inline __m512i widen_lanes(const std::uint16_t* p) noexcept {
  return _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
inline __m512i widen_lanes(const std::uint32_t* p) noexcept { return _mm512_loadu_si512(p); }

// The lanes of positions a .. a + 15 set in `skip`.
inline unsigned skipped_lanes(const std::uint64_t* skip, std::uint64_t a) noexcept {
  if (skip == nullptr) return 0;
  const std::uint64_t word = a >> 6, shift = a & 63;
  std::uint64_t w = skip[word] >> shift;
  if (shift > 48) w |= skip[word + 1] << (64 - shift);
  return unsigned(w & 0xffff);
}

// Sixteen pairs are one xor of two vector loads (the second reversed) and a lookup in the
// table held in two registers (the word by permutex2var, the bit by a variable shift), with
// no branch per pair. A hit (rare: each wanted value is found once) clears its bits in the
// registers.
template <class T>
std::uint64_t heap_pair_scan_avx512(const T* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                    std::uint32_t* bits, const heap_scan_filter& filter,
                                    unsigned& lanes) noexcept {
  __m512i table_lo = _mm512_loadu_si512(bits), table_hi = _mm512_loadu_si512(bits + 16);
  const __m512i reverse = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i low5 = _mm512_set1_epi32(31), one = _mm512_set1_epi32(1);
  lanes = 0;
  for (; a + 16 <= last + 1; a += 16) {
    const __m512i lo = widen_lanes(g + a);  // G(a + i) in lane i
    const __m512i hi = _mm512_permutexvar_epi32(reverse, widen_lanes(g + (m - a - 15)));
    const __m512i x = _mm512_xor_si512(lo, hi);  // lane i: G(a + i) ^ G(m - a - i)
    const __m512i word = _mm512_permutex2var_epi32(table_lo, _mm512_srli_epi32(x, 5), table_hi);
    const __m512i bit = _mm512_srlv_epi32(word, _mm512_and_si512(x, low5));
    unsigned hits = _mm512_test_epi32_mask(bit, one);
    if (hits == 0) [[likely]] continue;
    const std::uint64_t certain = filter.certain_below;
    if (a >= certain) {
      lanes = hits;
      break;
    }
    hits &= ~skipped_lanes(filter.skip, a);  // positions below certain + 16
    if (hits == 0) continue;
    const unsigned uncertain = a + 16 > certain ? (0xffffu << (certain - a)) & 0xffffu : 0u;
    if ((hits & uncertain) != 0) {
      lanes = hits;
      break;
    }
    alignas(64) std::uint32_t sums[16];
    _mm512_store_si512(sums, x);
    for (; hits != 0; hits &= hits - 1) {
      const std::uint32_t v = sums[std::countr_zero(hits)];  // below 1024
      const __m512i clear = _mm512_maskz_set1_epi32(__mmask16(1u << ((v >> 5) & 15)), 1u << (v & 31));
      if (v < 512) table_lo = _mm512_andnot_si512(clear, table_lo);
      else table_hi = _mm512_andnot_si512(clear, table_hi);
    }
    const __m512i left = _mm512_or_si512(table_lo, table_hi);
    if (_mm512_test_epi32_mask(left, left) == 0) {
      a += 16;
      break;
    }
  }
  _mm512_storeu_si512(bits, table_lo);
  _mm512_storeu_si512(bits + 16, table_hi);
  return a;
}

}  // namespace

extern const heap_scans avx512_heap_scans = {&heap_pair_scan_avx512<std::uint8_t>,
                                             &heap_pair_scan_avx512<std::uint16_t>,
                                             &heap_pair_scan_avx512<std::uint32_t>};

}  // namespace nimber::detail::kernels
