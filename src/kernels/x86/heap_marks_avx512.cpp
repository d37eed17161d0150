// The avx512 kernel's heap marks slot (kernels/kernel.hpp, heap_marks_fn): the byte per rare
// pair that the sparse-space heap engine (src/games/grundy_terms_marks.cpp) sets in each term's
// row. Compiled with the avx512 kernel's flags.
#include "kernels/x86/avx512_intrinsics.hpp"

#include <algorithm>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

namespace {

// Sixteen terms at a time, each in a 32-bit lane, and the 256 slots of a row as eight groups of
// 32 bits: a source's slot x sets bit x % 32 of group x / 32 by a masked OR, so the marks
// gather in eight registers instead of costing a byte store each (the stores bound the scalar
// loop at about one a cycle). The rows get the bits at the end: rows of bits OR them in, rows
// of bytes take them by masked byte stores of 1s, which leave every other byte as it was.
void heap_marks_avx512(const std::uint8_t* g, const std::uint64_t* bases, const std::uint8_t* values,
                       std::size_t sources, std::uint64_t terms, std::uint8_t* rows, std::size_t stride,
                       bool bits) noexcept {
  constexpr unsigned lanes = 16, groups = 8;
  const __m512i one = _mm512_set1_epi32(1), ones = _mm512_set1_epi8(1);
  for (std::uint64_t t0 = 0; t0 < terms; t0 += lanes) {
    const unsigned count = unsigned(std::min<std::uint64_t>(lanes, terms - t0));
    const __mmask64 live = (std::uint64_t(1) << count) - 1;  // the lanes past `terms` read nothing
    __m512i group[groups];
    for (auto& bits : group) bits = _mm512_setzero_si512();
    for (std::size_t s = 0; s < sources; ++s) {
      // A masked 64-byte load of the live bytes, at most 16 (AVX-512BW; the others are not read).
      const __m128i bytes = _mm512_castsi512_si128(_mm512_maskz_loadu_epi8(live, g + bases[s] + t0));
      const __m512i x = _mm512_xor_si512(_mm512_cvtepu8_epi32(bytes), _mm512_set1_epi32(values[s]));
      // A rotation counts modulo 32: the bit x % 32 with no mask.
      const __m512i bit = _mm512_rolv_epi32(one, x), at = _mm512_srli_epi32(x, 5);
#pragma GCC unroll 8
      for (unsigned j = 0; j < groups; ++j) {
        const __mmask16 here = _mm512_cmpeq_epi32_mask(at, _mm512_set1_epi32(int(j)));
        group[j] = _mm512_mask_or_epi32(group[j], here, group[j], bit);
      }
    }
    alignas(64) std::uint32_t words[groups][lanes];
    for (unsigned j = 0; j < groups; ++j) _mm512_store_si512(words[j], group[j]);
    for (unsigned t = 0; t < count; ++t) {
      std::uint8_t* row = rows + (t0 + t) * stride;
      if (bits) {  // group j is the row's 32-bit word j (little-endian)
        alignas(32) std::uint32_t word[groups];
        for (unsigned j = 0; j < groups; ++j) word[j] = words[j][t];
        const __m256i old = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row),
                            _mm256_or_si256(old, _mm256_load_si256(reinterpret_cast<const __m256i*>(word))));
        continue;
      }
      for (unsigned q = 0; q < groups / 2; ++q) {
        const std::uint64_t marked = words[2 * q][t] | std::uint64_t(words[2 * q + 1][t]) << 32;
        _mm512_mask_storeu_epi8(row + 64 * q, marked, ones);
      }
    }
  }
}

}  // namespace

extern const heap_marks_fn avx512_heap_marks = heap_marks_avx512;

}  // namespace nimber::detail::kernels
