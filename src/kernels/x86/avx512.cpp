// The AVX-512 kernel: the byte-plane tower of src/kernels/generic/planes.hpp on 512-bit vectors,
// 64 values per block, and the chunk field of the big product (src/kernels/generic/chunk_field.hpp) on
// VPCLMULQDQ, 8 chunks per group. Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2
// -mgfni -mvpclmulqdq (CMakeLists.txt); kernels/registry.cpp runs it only where CPUID reports all six.
#include "kernels/x86/avx512_intrinsics.hpp"

#include "kernels/generic/chunk_field.hpp"
#include "kernels/generic/planes.hpp"
#include "kernels/generic/rows.hpp"

namespace nimber::detail::kernels {
namespace {

// 8 x 8 words: r[i] word w <-> r[w] word i, in three stages of two-source permutes (pairs of
// words, pairs of 128-bit lanes, then halves). A transpose is its own inverse.
[[gnu::always_inline]] inline void transpose_words(__m512i (&r)[8]) noexcept {
  using vec = __m512i;
  vec t[8], s[8];
  for (int p = 0; p < 8; p += 2) t[p] = _mm512_unpacklo_epi64(r[p], r[p + 1]), t[p + 1] = _mm512_unpackhi_epi64(r[p], r[p + 1]);
  const vec lanes_lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13), lanes_hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  for (int q = 0; q < 8; q += 4)
    for (int o = 0; o < 2; ++o) {
      s[q + o] = _mm512_permutex2var_epi64(t[q + o], lanes_lo, t[q + o + 2]);
      s[q + o + 2] = _mm512_permutex2var_epi64(t[q + o], lanes_hi, t[q + o + 2]);
    }
  const vec halves_lo = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11), halves_hi = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
  for (int w = 0; w < 4; ++w) {
    r[w] = _mm512_permutex2var_epi64(s[w], halves_lo, s[w + 4]);
    r[w + 4] = _mm512_permutex2var_epi64(s[w], halves_hi, s[w + 4]);
  }
}

// A block is 8 vectors of 8 words: byte address (register i, word v, byte k). The transpose
// to byte planes is three stages, each exchanging one bit of the register index with one
// bit of the byte position, over the 4 register pairs that differ in that bit:
//   1. vpermt2b on (i, i+4): register bit 2 <-> k2, and at the same time each register's
//      bytes are regrouped so that qword lane (i2, k1, k0) holds byte k of 8 words;
//   2. vpermt2q on (i, i+2): register bit 1 <-> lane bit 1 (k1);
//   3. vpermt2q on (i, i+1): register bit 0 <-> lane bit 0 (k0).
// Then register k holds byte k of all 64 words, word 8i+v at byte 8i+v: 24 two-source
// permutes, the minimum for 8 registers. Stages 2 and 3 are involutions; from_planes runs
// them again and then the inverse of stage 1.
struct index_tables {
  std::uint8_t split[2][64];  // stage 1: lo (k2 = 0) and hi (k2 = 1) outputs
  std::uint8_t merge[2][64];  // inverse of stage 1: registers i and i+4
  std::int64_t lo[2][8], hi[2][8];  // vpermt2q selectors for swap_register_lane_bit<Bit>
};
constexpr index_tables make_index_tables() noexcept {
  index_tables t{};
  for (int x = 0; x < 2; ++x)
    for (int k = 0; k < 8; ++k)
      for (int v = 0; v < 8; ++v) {
        const int lane = 4 * x + (k & 3), k2 = k >> 2;
        t.split[k2][8 * lane + v] = std::uint8_t(64 * x + 8 * v + k);
        t.merge[x][8 * v + k] = std::uint8_t(64 * k2 + 8 * lane + v);
      }
  for (int bit = 0; bit < 2; ++bit)
    for (int l = 0; l < 8; ++l) {
      const bool set = l >> bit & 1;
      t.lo[bit][l] = set ? 8 + (l & ~(1 << bit)) : l;
      t.hi[bit][l] = set ? 8 + l : (l | (1 << bit));
    }
  return t;
}
alignas(64) constexpr index_tables kIndex = make_index_tables();

struct avx512 {
  using vec = __m512i;
  static constexpr std::size_t lanes = 64;

  static vec bxor(vec a, vec b) noexcept { return _mm512_xor_si512(a, b); }
  static vec xor3(vec a, vec b, vec c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
  static vec mulb(vec a, vec b) noexcept { return _mm512_gf2p8mul_epi8(a, b); }
  static vec affine(vec x, std::uint64_t m) noexcept {
    vec matrix = _mm512_set1_epi64(std::int64_t(m));
#if defined(__clang__) && __clang_major__ < 20
    // LLVM before 20 encodes the compressed displacement of a broadcast memory operand of
    // vgf2p8affineqb with the vector's size instead of the 8-byte element's
    // (llvm/llvm-project#120340), so [row + 8]{1to8} reads row[8]: keep the broadcast out of
    // the instruction (a separate vpbroadcastq, whose encoding is right). GCC is not affected.
    __asm__("" : "+v"(matrix));
#endif
    return _mm512_gf2p8affine_epi64_epi8(x, matrix, 0);
  }
  static vec splat8(std::uint8_t b) noexcept { return _mm512_set1_epi8(char(b)); }

  template <int Bit>
  [[gnu::always_inline]] static void swap_register_lane_bit(vec* r) noexcept {
    const vec ilo = _mm512_load_si512(kIndex.lo[Bit]), ihi = _mm512_load_si512(kIndex.hi[Bit]);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
      if (i >> Bit & 1) continue;
      const vec a = r[i], b = r[i | (1 << Bit)];
      r[i] = _mm512_permutex2var_epi64(a, ilo, b);
      r[i | (1 << Bit)] = _mm512_permutex2var_epi64(a, ihi, b);
    }
  }

  // Stage 1 of the transpose or its inverse: r[i], r[i+4] <- vpermt2b(r[i], r[i+4]).
  [[gnu::always_inline]] static void permute_halves(vec* r, const std::uint8_t (&lo)[64],
                                                    const std::uint8_t (&hi)[64]) noexcept {
    const vec ilo = _mm512_load_si512(lo), ihi = _mm512_load_si512(hi);
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      const vec a = r[i], b = r[i + 4];
      r[i] = _mm512_permutex2var_epi8(a, ilo, b);
      r[i + 4] = _mm512_permutex2var_epi8(a, ihi, b);
    }
  }

  [[gnu::always_inline]] static void to_planes(const std::uint64_t* src, vec (&p)[8]) noexcept {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) p[i] = _mm512_loadu_si512(src + 8 * i);
    permute_halves(p, kIndex.split[0], kIndex.split[1]);
    swap_register_lane_bit<1>(p);
    swap_register_lane_bit<0>(p);
  }

  template <bool Acc>
  [[gnu::always_inline]] static void from_planes(vec (&p)[8], std::uint64_t* dst) noexcept {
    swap_register_lane_bit<0>(p);
    swap_register_lane_bit<1>(p);
    permute_halves(p, kIndex.merge[0], kIndex.merge[1]);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
      vec v = p[i];
      if constexpr (Acc) v = bxor(v, _mm512_loadu_si512(dst + 8 * i));
      _mm512_storeu_si512(dst + 8 * i, v);
    }
  }

  // A block of 64 chunks regrouped word by word (planes.hpp, to_word_rows): 8 chunks at a time,
  // loaded whole and transposed.
  static void to_word_rows(const std::uint64_t* x, std::uint64_t* words) noexcept {
    for (int g = 0; g < 8; ++g) {
      vec r[8];
      for (int i = 0; i < 8; ++i) r[i] = _mm512_loadu_si512(x + 64 * g + 8 * i);
      transpose_words(r);
      for (int J = 0; J < 8; ++J) _mm512_store_si512(words + 64 * J + 8 * g, r[J]);
    }
  }
  static void from_word_rows(const std::uint64_t* words, std::uint64_t* out) noexcept {
    for (int g = 0; g < 8; ++g) {
      vec r[8];
      for (int J = 0; J < 8; ++J) r[J] = _mm512_load_si512(words + 64 * J + 8 * g);
      transpose_words(r);
      for (int i = 0; i < 8; ++i) _mm512_storeu_si512(out + 64 * g + 8 * i, r[i]);
    }
  }
};

// The chunk kernel's policy (chunks.hpp): 8 chunks per group, one per 64-bit lane.
struct clmul512 {
  using vec = __m512i;
  static constexpr std::size_t lanes = 8;

  static vec zero() noexcept { return _mm512_setzero_si512(); }
  static vec splat(std::uint64_t x) noexcept { return _mm512_set1_epi64(static_cast<long long>(x)); }
  static vec bxor(vec a, vec b) noexcept { return _mm512_xor_si512(a, b); }
  static vec band(vec a, vec b) noexcept { return _mm512_and_si512(a, b); }
  static vec bor(vec a, vec b) noexcept { return _mm512_or_si512(a, b); }
  template <int N>
  static vec srl(vec x) noexcept { return _mm512_srli_epi64(x, N); }
  template <int N>
  static vec sll(vec x) noexcept { return _mm512_slli_epi64(x, N); }
  static vec clmul_even(vec a, vec b) noexcept { return _mm512_clmulepi64_epi128(a, b, 0x00); }
  static vec clmul_odd(vec a, vec b) noexcept { return _mm512_clmulepi64_epi128(a, b, 0x11); }
  static vec up64(vec x) noexcept { return _mm512_bslli_epi128(x, 8); }
  static vec down64(vec x) noexcept { return _mm512_bsrli_epi128(x, 8); }
  static vec blend(vec even, vec odd) noexcept { return _mm512_mask_blend_epi64(0xAA, even, odd); }

  [[gnu::always_inline]] static void transpose(vec (&r)[8]) noexcept { transpose_words(r); }
  static void load_group(const std::uint64_t* src, vec (&v)[8]) noexcept {
    for (int i = 0; i < 8; ++i) v[i] = _mm512_loadu_si512(src + 8 * i);
    transpose(v);
  }
  static void store_group(const vec (&v)[8], std::uint64_t* dst) noexcept {
    vec r[8];
    for (int i = 0; i < 8; ++i) r[i] = v[i];
    transpose(r);
    for (int i = 0; i < 8; ++i) _mm512_storeu_si512(dst + 8 * i, r[i]);
  }

  // A chunk is one register: the shift across words takes each word's neighbour below
  // (valignq, then the double shift vpshldq), and the top bits select mu_lo and mu_z
  // (broadcast, arithmetic shift to masks, one ternary XOR-AND each).
  struct twister {
    vec mu, mu_z, top;
    explicit twister(const chunk_constants& k) noexcept
        : mu(_mm512_loadu_si512(k.mu)), mu_z(_mm512_loadu_si512(k.mu_z)), top(_mm512_set1_epi64(7)) {}
    static vec xor_and(vec y, vec c, vec mask) noexcept { return _mm512_ternarylogic_epi64(y, c, mask, 0x78); }
    [[gnu::always_inline]] vec z(vec v) const noexcept {
      const vec below = _mm512_alignr_epi64(v, zero(), 7);  // word w - 1 at w, 0 at 0
      const vec high = _mm512_permutexvar_epi64(top, v);   // word 7 everywhere
      return xor_and(_mm512_shldi_epi64(v, below, 1), mu, _mm512_srai_epi64(high, 63));
    }
    [[gnu::always_inline]] vec z2(vec v) const noexcept {
      const vec below = _mm512_alignr_epi64(v, zero(), 7);
      const vec high = _mm512_permutexvar_epi64(top, v);
      const vec y = xor_and(_mm512_shldi_epi64(v, below, 2), mu, _mm512_srai_epi64(_mm512_slli_epi64(high, 1), 63));
      return xor_and(y, mu_z, _mm512_srai_epi64(high, 63));
    }
    // The half-power map of M chunks in registers (chunks.hpp, half_n).
    template <int M>
    [[gnu::always_inline]] void half(vec* x) const noexcept {
      if constexpr (M == 1) {
        x[0] = z(x[0]);
      } else if constexpr (M == 2) {
        const vec s = _mm512_xor_si512(x[0], x[1]);
        x[0] = z2(x[1]);
        x[1] = z(s);
      } else {
        constexpr int H = M / 2;
        vec s[H], t[H];
        for (int i = 0; i < H; ++i) s[i] = _mm512_xor_si512(x[i], x[i + H]), t[i] = x[i + H];
        half<H>(s);
        half<H>(t);
        half<H>(t);
        for (int i = 0; i < H; ++i) x[i] = t[i], x[i + H] = s[i];
      }
    }
  };

  static void twist(const chunk_constants& k, const std::uint64_t* x, std::uint64_t* out, std::size_t count,
                    bool squared) noexcept {
    const twister t(k);
    if (squared)
      for (std::size_t i = 0; i < count; ++i) _mm512_storeu_si512(out + 8 * i, t.z2(_mm512_loadu_si512(x + 8 * i)));
    else
      for (std::size_t i = 0; i < count; ++i) _mm512_storeu_si512(out + 8 * i, t.z(_mm512_loadu_si512(x + 8 * i)));
  }

  template <int M>
  static void half_vectors(const twister& t, const std::uint64_t* x, chunk_layout in, std::uint64_t* out,
                           chunk_layout to, std::size_t V, bool accumulate) noexcept {
    for (std::size_t c = 0; c < V; ++c) {
      vec v[M];
      for (int j = 0; j < M; ++j) v[j] = _mm512_loadu_si512(x + 8 * (j * in.es + c * in.vs));
      t.template half<M>(v);
      for (int j = 0; j < M; ++j) {
        std::uint64_t* dst = out + 8 * (j * to.es + c * to.vs);
        _mm512_storeu_si512(dst, accumulate ? _mm512_xor_si512(v[j], _mm512_loadu_si512(dst)) : v[j]);
      }
    }
  }

  static void half(const chunk_constants& k, const std::uint64_t* x, chunk_layout in, std::uint64_t* out,
                   chunk_layout to, std::size_t V, std::size_t m, bool accumulate) noexcept {
    const twister t(k);
    switch (m) {
      case 1: return half_vectors<1>(t, x, in, out, to, V, accumulate);
      case 2: return half_vectors<2>(t, x, in, out, to, V, accumulate);
      case 4: return half_vectors<4>(t, x, in, out, to, V, accumulate);
      case 8: return half_vectors<8>(t, x, in, out, to, V, accumulate);
      default: return half_vectors<16>(t, x, in, out, to, V, accumulate);
    }
  }
};

}  // namespace

const ops avx512_ops = {"avx512",
                        false,
                        &plane_kernel<avx512>::mul_n,
                        &plane_kernel<avx512>::apply_n,
                        &row_passes<avx512>::split,
                        &row_passes<avx512>::join,
                        &row_passes<avx512>::add};

const chunk_ops avx512_chunks = chunk_ops_of<clmul512, &plane_kernel<avx512>::chunk_apply_n>;

}  // namespace nimber::detail::kernels
