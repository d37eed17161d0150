// The PCLMULQDQ leaf of the GF(2)[x] product: the schoolbook product summed along the
// anti-diagonals i + j = k in a 128-bit register, so each output limb is stored once.
// The additive FFT's butterflies on GF(2^64) products (src/gf2x/fft.hpp) are here too.
// Built with the pclmul kernel's flags; the registry pairs it with the pclmul and avx2 kernels,
// which it selects only where CPUID reports PCLMULQDQ.
#if !defined(__PCLMUL__)
#error "src/kernels/x86/gf2x_pclmul.cpp must be compiled with -mpclmul"
#endif

#include <immintrin.h>

#include "kernels/generic/gf2x_fft_levels.hpp"
#include "kernels/gf2x_leaf.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;

__m128i clmul(u64 a, u64 b) noexcept {
  return _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                              _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
}

void mul_pclmul(const u64* a, const u64* b, std::size_t n, u64* out) noexcept {
  u64 carry = 0;  // the high limb of the previous diagonal's sum
  for (std::size_t k = 0; k + 1 < 2 * n; ++k) {
    const std::size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
    __m128i acc = _mm_setzero_si128();
    for (std::size_t i = lo; i <= hi; ++i) acc = _mm_xor_si128(acc, clmul(a[i], b[k - i]));
    out[k] = static_cast<u64>(_mm_cvtsi128_si64(acc)) ^ carry;
    carry = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)));
  }
  out[2 * n - 1] = carry;
}

void square_pclmul(const u64* a, std::size_t n, u64* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const __m128i s = clmul(a[i], a[i]);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * i), s);
  }
}


// ---- The additive FFT's butterflies (src/gf2x/fft.hpp) ----------------------------------------

// a b in GF(2^64) = GF(2)[z]/(z^64 + z^4 + z^3 + z + 1): the 128-bit product, then its high
// half folded twice by z^64 = z^4 + z^3 + z + 1.
inline u64 field_mul(__m128i a, u64 b) noexcept {
  const __m128i fold = _mm_cvtsi64_si128(0x1B);
  const __m128i p = _mm_clmulepi64_si128(a, _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
  const __m128i t = _mm_clmulepi64_si128(p, fold, 0x01);  // high half of p times the fold
  const __m128i u = _mm_clmulepi64_si128(t, fold, 0x01);  // the (at most 4) bits t pushed past z^63
  return static_cast<u64>(_mm_cvtsi128_si64(_mm_xor_si128(_mm_xor_si128(p, t), u)));
}

// Products by one butterfly constant.
struct clmul_constant {
  __m128i c;
  explicit clmul_constant(u64 s) noexcept : c(_mm_cvtsi64_si128(static_cast<long long>(s))) {}
  u64 times(u64 x) const noexcept { return field_mul(c, x); }
};

void fft_pointwise(u64* a, const u64* b, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) a[i] = field_mul(_mm_cvtsi64_si128(static_cast<long long>(a[i])), b[i]);
}

}  // namespace

const fft_ops pclmul_fft = {&fft_forward<scalar_butterflies<clmul_constant>>,
                            &fft_inverse<scalar_butterflies<clmul_constant>>, &fft_pointwise};

const leaf pclmul_leaf = {"pclmul", &mul_pclmul, &square_pclmul, 16, &pclmul_fft, 512, 1.06};

}  // namespace nimber::gf2x::detail
