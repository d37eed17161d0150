// The avx512 kernel's dense scan slot (kernels/kernel.hpp, dense_scan_fn): the pair scan of
// the dense heap engine (src/games/grundy_dense.cpp), 64 pairs of heaps at a time for up to
// eight terms at once against each term's table of the values it has not reached. Compiled
// with the avx512 kernel's flags.
#include "kernels/x86/avx512_intrinsics.hpp"

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

namespace {

// Nim-sums below 64: one VPERMB of the term's table as 64 bytes (0xFF where the value is
// wanted) per 64 pairs, ORed over the terms; a rare hit is then sorted out term by term.
struct narrow {
  __m512i table;
  void load(const std::uint8_t* bits) noexcept {
    std::uint64_t word;
    __builtin_memcpy(&word, bits, 8);
    table = _mm512_movm_epi8(word);
  }
  __m512i wanted(__m512i x) const noexcept { return _mm512_permutexvar_epi8(x, table); }
};

// Any byte: byte x >> 3 of the 256-bit table (VPERMB reads the low six bits of the index, so
// the 32 bytes are repeated in both halves and the bit a 16-bit shift brings in from the next
// byte selects the same byte), then bit x & 7 of it (a second VPERMB, of 1 << (j & 7)).
struct wide {
  __m512i table;
  void load(const std::uint8_t* bits) noexcept {
    table = _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits)));
  }
  __m512i wanted(__m512i x) const noexcept {
    const __m512i bit_of = _mm512_set1_epi64(0x8040201008040201);
    const __m512i byte = _mm512_permutexvar_epi8(_mm512_srli_epi16(x, 3), table);
    return _mm512_and_si512(byte, _mm512_permutexvar_epi8(x, bit_of));
  }
};

template <class Lookup, unsigned Terms>
std::uint64_t scan(const std::uint8_t* lo, const std::uint8_t* hi, std::uint64_t i, std::uint64_t end,
                   const std::uint8_t* tables, std::uint64_t* lanes) noexcept {
  Lookup look[Terms];
  for (unsigned t = 0; t < Terms; ++t) look[t].load(tables + 32 * t);
  for (; i + 64 <= end; i += 64) {
    const __m512i left = _mm512_loadu_si512(lo + i);  // G(a + j) in lane j
    __m512i any = _mm512_setzero_si512();
    for (unsigned t = 0; t < Terms; ++t)  // term t's partners G(m + t - a - j), ascending
      any = _mm512_or_si512(any, look[t].wanted(_mm512_xor_si512(left, _mm512_loadu_si512(hi - t + i))));
    if (_mm512_test_epi8_mask(any, any) != 0) [[unlikely]] {
      for (unsigned t = 0; t < Terms; ++t) {
        const __m512i w = look[t].wanted(_mm512_xor_si512(left, _mm512_loadu_si512(hi - t + i)));
        lanes[t] = _mm512_test_epi8_mask(w, w);
      }
      return i;
    }
  }
  for (unsigned t = 0; t < Terms; ++t) lanes[t] = 0;
  return i;
}

template <class Lookup>
std::uint64_t scan_terms(const std::uint8_t* lo, const std::uint8_t* hi, std::uint64_t i, std::uint64_t end,
                         unsigned terms, const std::uint8_t* tables, std::uint64_t* lanes) noexcept {
  switch (terms) {
    case 1: return scan<Lookup, 1>(lo, hi, i, end, tables, lanes);
    case 2: return scan<Lookup, 2>(lo, hi, i, end, tables, lanes);
    case 3: return scan<Lookup, 3>(lo, hi, i, end, tables, lanes);
    case 4: return scan<Lookup, 4>(lo, hi, i, end, tables, lanes);
    case 5: return scan<Lookup, 5>(lo, hi, i, end, tables, lanes);
    case 6: return scan<Lookup, 6>(lo, hi, i, end, tables, lanes);
    case 7: return scan<Lookup, 7>(lo, hi, i, end, tables, lanes);
    default: return scan<Lookup, 8>(lo, hi, i, end, tables, lanes);
  }
}

std::uint64_t dense_scan_avx512(const std::uint8_t* lo, const std::uint8_t* hi, std::uint64_t i, std::uint64_t end,
                                unsigned terms, const std::uint8_t* tables, std::uint32_t below,
                                std::uint64_t* lanes) noexcept {
  return below <= 64 ? scan_terms<narrow>(lo, hi, i, end, terms, tables, lanes)
                     : scan_terms<wide>(lo, hi, i, end, terms, tables, lanes);
}

}  // namespace

extern const dense_scan_fn avx512_dense_scan = dense_scan_avx512;

}  // namespace nimber::detail::kernels
