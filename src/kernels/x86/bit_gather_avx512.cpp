// The avx512 kernel's bit gather slot (kernels/kernel.hpp, bit_gather_fn): the step of the
// misère quotient check (src/games/misere_quotient_search.cpp) that reads, for every element
// y, one bit of a 256-byte table through y's row of the multiplication table. Compiled with
// the avx512 kernel's flags.
#include "kernels/x86/avx512_intrinsics.hpp"

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

namespace {

// Sixty-four bits a step: the table's bytes by VPERMT2B (two lookups of 128 bytes, the index's
// top bit choosing between them), then a byte test against each bit's mask.
void bit_gather_avx512(const std::uint8_t* table, const std::uint8_t* index, const std::uint8_t* mask,
                       std::size_t words, std::uint64_t* out) noexcept {
  const __m512i t0 = _mm512_loadu_si512(table), t1 = _mm512_loadu_si512(table + 64);
  const __m512i t2 = _mm512_loadu_si512(table + 128), t3 = _mm512_loadu_si512(table + 192);
  for (std::size_t w = 0; w < words; ++w) {
    const __m512i i = _mm512_loadu_si512(index + 64 * w);
    const __m512i low = _mm512_permutex2var_epi8(t0, i, t1), high = _mm512_permutex2var_epi8(t2, i, t3);
    const __m512i bytes = _mm512_mask_blend_epi8(_mm512_movepi8_mask(i), low, high);
    out[w] = _mm512_test_epi8_mask(bytes, _mm512_loadu_si512(mask + 64 * w));
  }
}

}  // namespace

extern const bit_gather_fn avx512_bit_gather = bit_gather_avx512;

}  // namespace nimber::detail::kernels
