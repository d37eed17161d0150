// The VPCLMULQDQ leaf of the GF(2)[x] product: the anti-diagonal sums of the pclmul leaf,
// eight 64 x 64-bit products per two instructions. With b stored reversed, the pairs
// (a_i, b_(k-i)) of one anti-diagonal are two increasing runs, so one 512-bit load of each
// lines them up lane by lane; zero padding on both sides covers the ends of the diagonal.
// Built with AVX-512F and VPCLMULQDQ; used only when the batch kernel is avx512 (CPUID checked).
#if !defined(__VPCLMULQDQ__) || !defined(__AVX512F__)
#error "src/big/gf2x_vpclmul.cpp must be compiled with -mavx512f -mvpclmulqdq"
#endif

// GCC 12 warns inside its own intrinsics about their _mm512_undefined pass-through operand
// (GCC bug 105593, as in src/kernels/x86/avx512.cpp); the operand is never read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include "big/gf2x_leaf.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;
constexpr std::size_t kPad = 8;

void mul_vpclmul(const u64* a, const u64* b, std::size_t n, u64* out) noexcept {
  alignas(64) u64 ap[kMaxLeafLimbs + 2 * kPad] = {}, br[kMaxLeafLimbs + 2 * kPad] = {};
  for (std::size_t i = 0; i < n; ++i) ap[kPad + i] = a[i], br[kPad + i] = b[n - 1 - i];
  u64 carry = 0;
  for (std::size_t k = 0; k + 1 < 2 * n; ++k) {
    const std::size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
    __m512i acc = _mm512_setzero_si512();
    for (std::size_t i = lo; i <= hi; i += 8) {
      const __m512i x = _mm512_loadu_si512(ap + kPad + i);
      const __m512i y = _mm512_loadu_si512(br + kPad + (n - 1 - k) + i);
      acc = _mm512_xor_si512(acc, _mm512_clmulepi64_epi128(x, y, 0x00));
      acc = _mm512_xor_si512(acc, _mm512_clmulepi64_epi128(x, y, 0x11));
    }
    const __m256i half = _mm256_xor_si256(_mm512_castsi512_si256(acc), _mm512_extracti64x4_epi64(acc, 1));
    const __m128i sum = _mm_xor_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    out[k] = static_cast<u64>(_mm_cvtsi128_si64(sum)) ^ carry;
    carry = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum)));
  }
  out[2 * n - 1] = carry;
}

// Four limbs at a time: each 128-bit lane squares its low limb.
void square_vpclmul(const u64* a, std::size_t n, u64* out) noexcept {
  const __m512i spread = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512i x = _mm512_loadu_si512(a + i);  // limbs 0..7
    // lanes (0,4) (1,5) (2,6) (3,7): low limbs 0..3, high limbs 4..7
    const __m512i y = _mm512_permutexvar_epi64(spread, x);
    _mm512_storeu_si512(out + 2 * i, _mm512_clmulepi64_epi128(y, y, 0x00));
    _mm512_storeu_si512(out + 2 * i + 8, _mm512_clmulepi64_epi128(y, y, 0x11));
  }
  for (; i < n; ++i) {
    const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * i), _mm_clmulepi64_si128(x, x, 0x00));
  }
}

}  // namespace

const leaf vpclmul_leaf = {"vpclmul", &mul_vpclmul, &square_vpclmul, 16};

}  // namespace nimber::gf2x::detail
