// The VPCLMULQDQ leaf of the GF(2)[x] product: the anti-diagonal sums of the pclmul leaf,
// eight 64 x 64-bit products per two instructions. With b stored reversed, the pairs
// (a_i, b_(k-i)) of one anti-diagonal are two increasing runs, so one 512-bit load of each
// lines them up lane by lane; zero padding on both sides covers the ends of the diagonal.
// Built with the avx512 kernel's flags; the registry pairs it with that kernel alone, which it
// selects only where CPUID reports every instruction set of those flags.
#if !defined(__VPCLMULQDQ__) || !defined(__AVX512F__)
#error "src/kernels/x86/gf2x_vpclmul.cpp must be compiled with -mavx512f -mvpclmulqdq"
#endif

#include "kernels/x86/avx512_intrinsics.hpp"

#include "kernels/generic/gf2x_fft_levels.hpp"
#include "kernels/gf2x_leaf.hpp"

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
      // i >= k - (n - 1), so the index never goes below kPad: summed before it meets the pointer.
      const __m512i y = _mm512_loadu_si512(br + (kPad + n - 1 + i - k));
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


// ---- The additive FFT's butterflies, eight GF(2^64) products at a time ------------------

// x_j s_j for the eight words of x and s, in GF(2^64) = GF(2)[z]/(z^64 + z^4 + z^3 + z + 1): the even
// and odd words' 128-bit products, their high halves folded twice by z^64 = z^4 + z^3 + z + 1,
// and the low halves interleaved back.
__m512i field_mul8(__m512i x, __m512i s) noexcept {
  const __m512i fold = _mm512_set1_epi64(0x1B);
  __m512i even = _mm512_clmulepi64_epi128(x, s, 0x00), odd = _mm512_clmulepi64_epi128(x, s, 0x11);
  __m512i t = _mm512_clmulepi64_epi128(even, fold, 0x01);
  even = _mm512_xor_si512(_mm512_xor_si512(even, t), _mm512_clmulepi64_epi128(t, fold, 0x01));
  t = _mm512_clmulepi64_epi128(odd, fold, 0x01);
  odd = _mm512_xor_si512(_mm512_xor_si512(odd, t), _mm512_clmulepi64_epi128(t, fold, 0x01));
  return _mm512_unpacklo_epi64(even, odd);
}

u64 field_mul1(u64 x, u64 s) noexcept {
  return static_cast<u64>(_mm_cvtsi128_si64(_mm512_castsi512_si128(field_mul8(_mm512_set1_epi64(static_cast<long long>(x)),
                                                                             _mm512_set1_epi64(static_cast<long long>(s))))));
}

struct vector_butterflies {
  template <bool Inverse>
  static void run(u64* x, std::size_t h, u64 s) noexcept {
    std::size_t j = 0;
    if (s == 0) {
      for (; j + 8 <= h; j += 8)
        _mm512_storeu_si512(x + j + h, _mm512_xor_si512(_mm512_loadu_si512(x + j + h), _mm512_loadu_si512(x + j)));
      for (; j < h; ++j) x[j + h] ^= x[j];
      return;
    }
    const __m512i c = _mm512_set1_epi64(static_cast<long long>(s));
    for (; j + 8 <= h; j += 8) {
      __m512i lo = _mm512_loadu_si512(x + j), hi = _mm512_loadu_si512(x + j + h);
      if (Inverse) hi = _mm512_xor_si512(hi, lo);
      lo = _mm512_xor_si512(lo, field_mul8(hi, c));
      if (!Inverse) hi = _mm512_xor_si512(hi, lo);
      _mm512_storeu_si512(x + j, lo);
      _mm512_storeu_si512(x + j + h, hi);
    }
    for (; j < h; ++j) {
      if (Inverse) x[j + h] ^= x[j];
      x[j] ^= field_mul1(x[j + h], s);
      if (!Inverse) x[j + h] ^= x[j];
    }
  }
  static void butterfly(u64* x, std::size_t h, u64 s) noexcept { run<false>(x, h, s); }
  static void unbutterfly(u64* x, std::size_t h, u64 s) noexcept { run<true>(x, h, s); }

  // Blocks of h < 8 words: 16 words (8 / h blocks) at a time, their low and high halves
  // gathered into one vector each, every lane with its own block's constant.
  template <bool Inverse>
  static void level(u64* x, std::size_t h, std::size_t count, const u64* s) noexcept {
    std::size_t r = 0;
    if (h < 8) {
      alignas(64) long long lo_idx[8], hi_idx[8], back_a[8], back_b[8], const_idx[8];
      for (std::size_t l = 0; l < 8; ++l) {
        const std::size_t t = l / h, j = l % h;
        lo_idx[l] = static_cast<long long>(2 * h * t + j);
        hi_idx[l] = static_cast<long long>(2 * h * t + h + j);
        const_idx[l] = static_cast<long long>(t);
      }
      for (std::size_t w = 0; w < 16; ++w) {
        const std::size_t t = w / (2 * h), j = w % (2 * h);
        const long long lane = static_cast<long long>(t * h + (j < h ? j : j - h)) + (j < h ? 0 : 8);
        (w < 8 ? back_a[w] : back_b[w - 8]) = lane;
      }
      const __m512i li = _mm512_load_si512(lo_idx), hi_i = _mm512_load_si512(hi_idx);
      const __m512i ba = _mm512_load_si512(back_a), bb = _mm512_load_si512(back_b), ci = _mm512_load_si512(const_idx);
      const std::size_t per = 8 / h;
      for (; r + per <= count; r += per) {
        u64* p = x + 2 * h * r;
        const __m512i a = _mm512_loadu_si512(p), b = _mm512_loadu_si512(p + 8);
        __m512i lo = _mm512_permutex2var_epi64(a, li, b), hi = _mm512_permutex2var_epi64(a, hi_i, b);
        const __m512i c = _mm512_permutexvar_epi64(ci, _mm512_loadu_si512(s + r));
        if (Inverse) hi = _mm512_xor_si512(hi, lo);
        lo = _mm512_xor_si512(lo, field_mul8(hi, c));
        if (!Inverse) hi = _mm512_xor_si512(hi, lo);
        _mm512_storeu_si512(p, _mm512_permutex2var_epi64(lo, ba, hi));
        _mm512_storeu_si512(p + 8, _mm512_permutex2var_epi64(lo, bb, hi));
      }
    }
    for (; r < count; ++r) run<Inverse>(x + 2 * h * r, h, s[r]);
  }
};

void pointwise8(u64* a, const u64* b, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm512_storeu_si512(a + i, field_mul8(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i)));
  for (; i < n; ++i) a[i] = field_mul1(a[i], b[i]);
}

}  // namespace

const fft_ops vpclmul_fft = {&fft_forward<vector_butterflies>, &fft_inverse<vector_butterflies>, &pointwise8};

const leaf vpclmul_leaf = {"vpclmul", &mul_vpclmul, &square_vpclmul, 48, &vpclmul_fft, 1024, 1.0};

}  // namespace nimber::gf2x::detail
