// Arithmetic in the chunk field of the big-nimber product (src/big/chunks.cpp): 512-bit
// chunks in the power basis of h = 2^511, i.e. polynomials over GF(2) modulo the minimal
// polynomial mu(z) = z^512 + mu_lo(z) of h, so that a product is carry-less multiplies and
// a Barrett reduction, with no tower below it.
//
// Written once over a vector of `lanes` 64-bit lanes and instantiated per ISA. The layout is
// vertical: vector w of a group holds word w of `lanes` different chunks, so each carry-less
// multiply serves several products at once and the schoolbook sums need no shuffles. A
// 128-bit lane holds two chunks' words: PCLMULQDQ with selector 0x00 multiplies the low
// words (the even chunks), with 0x11 the high words (the odd chunks).
//
// Include only from an ISA translation unit, and instantiate with an `Isa` policy declared
// there in an anonymous namespace (so each instantiation keeps that unit's target flags) that
// provides:
//   vec, lanes                  the vector type and its number of 64-bit lanes (chunks per group)
//   zero(), splat(u64)          constant vectors
//   bxor, band, bor             bitwise operations
//   srl<n>(x)                   64-bit lane shifts right by n
//   clmul_even(a, b), clmul_odd(a, b)
//                               the 128-bit carry-less products of the low (even) or high (odd)
//                               words of each 128-bit lane
//   up64(x), down64(x)          within each 128-bit lane, the low word moved up (low = 0), or
//                               the high word moved down (high = 0)
//   blend(even, odd)            low words of each 128-bit lane from `even`, high words from `odd`
//   load_group(src, v), store_group(v, dst)
//                               `lanes` consecutive chunks (8 words each) to and from vertical form
//   twist(k, x, out, count, squared), half(k, x, in, out, to, V, m, accumulate)
//                               optional: the products by z or z^2 (chunk_kernel::twist_n) and
//                               the half-power map of a few chunks (chunk_kernel::half_n), when
//                               the ISA does them better than the plain word loops
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

template <class Isa>
struct chunk_kernel {
  using u64 = std::uint64_t;
  using vec = typename Isa::vec;
  static constexpr std::size_t lanes = Isa::lanes;
  static constexpr int W = int(chunk_constants::words);

  // Words K0..K1 of the carry-less product of an NA-word and an NB-word polynomial, by
  // product scanning: output word k is the low half of the sum over i + j = k of a_i b_j and
  // the high half of the sum over i + j = k - 1. out[k - K0].
  template <int NA, int NB, int K0, int K1>
  [[gnu::always_inline]] static void scan(const vec* a, const vec* b, vec* out) noexcept {
    constexpr int top = NA + NB - 2;  // the last k with a pair
    vec prev_even = Isa::zero(), prev_odd = Isa::zero();
#pragma GCC unroll 32
    for (int k = K0 > 0 ? K0 - 1 : 0; k <= (K1 < top ? K1 : top); ++k) {
      vec even = Isa::zero(), odd = Isa::zero();
      const int lo = k < NB ? 0 : k - NB + 1, hi = k < NA ? k : NA - 1;
#pragma GCC unroll 16
      for (int i = lo; i <= hi; ++i) {
        even = Isa::bxor(even, Isa::clmul_even(a[i], b[k - i]));
        odd = Isa::bxor(odd, Isa::clmul_odd(a[i], b[k - i]));
      }
      if (k >= K0)
        out[k - K0] = Isa::blend(Isa::bxor(even, Isa::down64(prev_even)), Isa::bxor(Isa::up64(odd), prev_odd));
      prev_even = even;
      prev_odd = odd;
    }
    if constexpr (K1 == top + 1) out[K1 - K0] = Isa::blend(Isa::down64(prev_even), prev_odd);
  }

  // c (2W words, degree below 2 * 512 - 1) mod mu, by Barrett's method over GF(2)[z], which
  // is exact (no correction step): with m = floor(z^1024 / mu) = z^512 + m_lo,
  //   q = floor(c_hi m / z^512) = c_hi + (c_hi m_lo)_hi,   c mod mu = c_lo + (q mu_lo)_lo.
  [[gnu::always_inline]] static void reduce(const vec* m_lo, const vec* mu_lo, const vec* c, vec* r) noexcept {
    vec t[W], q[W];
    scan<W, W, W, 2 * W - 1>(c + W, m_lo, t);
#pragma GCC unroll 8
    for (int w = 0; w < W; ++w) q[w] = Isa::bxor(c[W + w], t[w]);
    scan<W, W, 0, W - 1>(q, mu_lo, t);
#pragma GCC unroll 8
    for (int w = 0; w < W; ++w) r[w] = Isa::bxor(c[w], t[w]);
  }

  // The full 2W-word product of two W-word polynomials: one Karatsuba level over schoolbook
  // halves (48 word products instead of 64).
  [[gnu::always_inline]] static void product(const vec* a, const vec* b, vec* c) noexcept {
    constexpr int H = W / 2;
    vec as[H], bs[H], lo[W], hi[W], mid[W];
#pragma GCC unroll 4
    for (int i = 0; i < H; ++i) as[i] = Isa::bxor(a[i], a[i + H]), bs[i] = Isa::bxor(b[i], b[i + H]);
    scan<H, H, 0, W - 1>(a, b, lo);
    scan<H, H, 0, W - 1>(a + H, b + H, hi);
    scan<H, H, 0, W - 1>(as, bs, mid);
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i) {
      mid[i] = Isa::bxor(mid[i], Isa::bxor(lo[i], hi[i]));
      c[i] = lo[i];
      c[i + W] = hi[i];
    }
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i) c[i + H] = Isa::bxor(c[i + H], mid[i]);
  }

  struct constants {
    vec m_lo[W], mu_lo[W];
    explicit constants(const chunk_constants& k) noexcept {
      for (int w = 0; w < W; ++w) m_lo[w] = Isa::splat(k.barrett[w]), mu_lo[w] = Isa::splat(k.mu[w]);
    }
  };

  // Runs group(in..., out) over whole groups of `lanes` chunks, the last one zero-padded.
  // Each group reads all its input before writing, so out may alias an input.
  template <int Inputs, class Group>
  [[gnu::always_inline]] static void for_groups(const u64* const (&in)[Inputs], u64* out, std::size_t count,
                                                Group group) noexcept {
    constexpr std::size_t span = lanes * W;
    std::size_t g = 0;
    for (; g + lanes <= count; g += lanes) {
      const u64* at[Inputs];
      for (int i = 0; i < Inputs; ++i) at[i] = in[i] + g * W;
      group(at, out + g * W);
    }
    if (g == count) return;
    u64 pad[Inputs][span], res[span];
    const u64* at[Inputs];
    for (int i = 0; i < Inputs; ++i) {
      std::memset(pad[i], 0, sizeof pad[i]);
      std::memcpy(pad[i], in[i] + g * W, (count - g) * W * sizeof(u64));
      at[i] = pad[i];
    }
    group(at, res);
    std::memcpy(out + g * W, res, (count - g) * W * sizeof(u64));
  }

  // out = x z (or x z^2) mod mu on `count` chunks: a shift by one (two) bits, and the bits
  // shifted out reduced by z^512 = mu_lo and z^513 = mu_z. One chunk at a time: the shift
  // crosses words, which the vertical layout would not pay for in so short an operation.
  static void twist_n(const chunk_constants& k, const u64* x, u64* out, std::size_t count, bool squared) noexcept {
    if constexpr (requires { Isa::twist(k, x, out, count, squared); }) {
      Isa::twist(k, x, out, count, squared);
    } else {
      const unsigned shift = squared ? 2 : 1;
      for (std::size_t i = 0; i < count; ++i) {
        const u64* c = x + i * W;
        u64* y = out + i * W;
        const u64 top = c[W - 1];  // bit 511, and bit 510 for z^2
        const u64 m511 = u64(0) - (top >> 63), m510 = u64(0) - (top >> 62 & 1);
        for (int w = W - 1; w > 0; --w) y[w] = c[w] << shift | c[w - 1] >> (64 - shift);
        y[0] = c[0] << shift;
        for (int w = 0; w < W; ++w) y[w] ^= squared ? (k.mu[w] & m510) ^ (k.mu_z[w] & m511) : k.mu[w] & m511;
      }
    }
  }

  // The half-power map of m chunks on V vectors (kernel.hpp, chunk_half_fn): the recursion
  // (x1 F + x0)(F/2) = h'(x0 + x1) F + h'(h'(x1)) down to the twist, one vector at a time in
  // a local copy, so that none of it touches more than 16 chunks.
  static void half_n(const chunk_constants& k, const u64* x, chunk_layout in, u64* out, chunk_layout to,
                     std::size_t V, std::size_t m, bool accumulate) noexcept {
    if constexpr (requires { Isa::half(k, x, in, out, to, V, m, accumulate); }) {
      Isa::half(k, x, in, out, to, V, m, accumulate);
    } else {
      u64 v[kHalfChunks * W];
      for (std::size_t c = 0; c < V; ++c) {
        for (std::size_t j = 0; j < m; ++j) std::memcpy(v + j * W, x + (j * in.es + c * in.vs) * W, W * sizeof(u64));
        half_words(k, v, m);
        for (std::size_t j = 0; j < m; ++j) {
          u64* dst = out + (j * to.es + c * to.vs) * W;
          for (int w = 0; w < W; ++w) dst[w] = (accumulate ? dst[w] : 0) ^ v[j * W + w];
        }
      }
    }
  }

  static void half_words(const chunk_constants& k, u64* v, std::size_t m) noexcept {
    if (m == 1) return twist_n(k, v, v, 1, false);
    const std::size_t h = m / 2;
    u64 s[kHalfChunks / 2 * W];
    for (std::size_t i = 0; i < h * W; ++i) s[i] = v[i] ^ v[h * W + i];
    if (h == 1) {  // y0 = x1 z^2, y1 = (x0 + x1) z
      twist_n(k, v + W, v, 1, true);
      twist_n(k, s, v + W, 1, false);
      return;
    }
    half_words(k, s, h);
    half_words(k, v + h * W, h);
    half_words(k, v + h * W, h);
    std::memcpy(v, v + h * W, h * W * sizeof(u64));
    std::memcpy(v + h * W, s, h * W * sizeof(u64));
  }

  // out[i] = M x[i] by 8-bit tables (the "four Russians" method of Arlazarov, Dinic,
  // Kronrod and Faradzev): 64 rows of 8 words XORed, in four independent sums so that the
  // table loads overlap (the tables are 1 MiB, so these are often cache misses).
  static void tables_n(const u64* rows, const u64* x, u64* out, std::size_t count) noexcept {
    for (std::size_t i = 0; i < count; ++i) {
      const unsigned char* bytes = reinterpret_cast<const unsigned char*>(x + i * W);
      u64 acc[4][W] = {};
#pragma GCC unroll 16
      for (int j = 0; j < 8 * W; j += 4)
        for (int k = 0; k < 4; ++k) {
          const u64* r = rows + ((j + k) * 256 + bytes[j + k]) * W;
          for (int w = 0; w < W; ++w) acc[k][w] ^= r[w];
        }
      for (int w = 0; w < W; ++w) out[i * W + w] = (acc[0][w] ^ acc[1][w]) ^ (acc[2][w] ^ acc[3][w]);
    }
  }

  // out[i] = a[i] b[i] for `count` chunks.
  static void mul_n(const chunk_constants& k, const u64* a, const u64* b, u64* out, std::size_t count) noexcept {
    const constants c(k);
    const u64* const in[2] = {a, b};
    for_groups<2>(in, out, count, [&](const u64* const (&at)[2], u64* dst) {
      vec x[W], y[W], p[2 * W], r[W];
      Isa::load_group(at[0], x);
      Isa::load_group(at[1], y);
      product(x, y, p);
      reduce(c.m_lo, c.mu_lo, p, r);
      Isa::store_group(r, dst);
    });
  }

  // The last tree level (kernel.hpp, chunk_pairs_fn): the three products stay unreduced, the
  // twist of a1 b1 is a one-bit shift of the unreduced product (degree at most 1023, which
  // Barrett's method still reduces exactly), and only the two outputs are reduced.
  static void pairs_n(const chunk_constants& k, const u64* a0, const u64* a1, const u64* b0, const u64* b1, u64* out0,
                      u64* out1, std::size_t count) noexcept {
    const constants c(k);
    const auto group = [&](const u64* x0, const u64* x1, const u64* y0, const u64* y1, u64* z0, u64* z1) {
      vec A0[W], A1[W], B0[W], B1[W], ll[2 * W], hh[2 * W], mm[2 * W], r[W];
      Isa::load_group(x0, A0);
      Isa::load_group(x1, A1);
      Isa::load_group(y0, B0);
      Isa::load_group(y1, B1);
      product(A0, B0, ll);
      product(A1, B1, hh);
#pragma GCC unroll 8
      for (int w = 0; w < W; ++w) A1[w] = Isa::bxor(A0[w], A1[w]), B1[w] = Isa::bxor(B0[w], B1[w]);
      product(A1, B1, mm);
#pragma GCC unroll 16
      for (int w = 2 * W - 1; w >= 0; --w) {
        const vec shifted = Isa::template sll<1>(hh[w]);
        hh[w] = w > 0 ? Isa::bor(shifted, Isa::template srl<63>(hh[w - 1])) : shifted;
        mm[w] = Isa::bxor(mm[w], ll[w]);
        ll[w] = Isa::bxor(ll[w], hh[w]);
      }
      reduce(c.m_lo, c.mu_lo, ll, r);
      Isa::store_group(r, z0);
      reduce(c.m_lo, c.mu_lo, mm, r);
      Isa::store_group(r, z1);
    };
    std::size_t g = 0;
    for (; g + lanes <= count; g += lanes) group(a0 + g * W, a1 + g * W, b0 + g * W, b1 + g * W, out0 + g * W, out1 + g * W);
    if (g == count) return;
    constexpr std::size_t span = lanes * W;
    u64 pad[6][span] = {};
    const std::size_t words = (count - g) * W;
    std::memcpy(pad[0], a0 + g * W, words * sizeof(u64));
    std::memcpy(pad[1], a1 + g * W, words * sizeof(u64));
    std::memcpy(pad[2], b0 + g * W, words * sizeof(u64));
    std::memcpy(pad[3], b1 + g * W, words * sizeof(u64));
    group(pad[0], pad[1], pad[2], pad[3], pad[4], pad[5]);
    std::memcpy(out0 + g * W, pad[4], words * sizeof(u64));
    std::memcpy(out1 + g * W, pad[5], words * sizeof(u64));
  }

  // out[i] = x[i]^2: squaring a polynomial spreads its bits (clmul of each word with itself).
  static void square_n(const chunk_constants& k, const u64* x, u64* out, std::size_t count) noexcept {
    const constants c(k);
    const u64* const in[1] = {x};
    for_groups<1>(in, out, count, [&](const u64* const (&at)[1], u64* dst) {
      vec v[W], p[2 * W], r[W];
      Isa::load_group(at[0], v);
#pragma GCC unroll 8
      for (int w = 0; w < W; ++w) {
        const vec even = Isa::clmul_even(v[w], v[w]), odd = Isa::clmul_odd(v[w], v[w]);
        p[2 * w] = Isa::blend(even, Isa::up64(odd));
        p[2 * w + 1] = Isa::blend(Isa::down64(even), odd);
      }
      reduce(c.m_lo, c.mu_lo, p, r);
      Isa::store_group(r, dst);
    });
  }
};

// One ISA's chunk_ops table; Apply is its byte-plane conversion, or nullptr (8-bit tables).
template <class Isa, chunk_apply_fn Apply = nullptr>
constexpr chunk_ops chunk_ops_of = {&chunk_kernel<Isa>::mul_n,   &chunk_kernel<Isa>::pairs_n,
                                    &chunk_kernel<Isa>::square_n, &chunk_kernel<Isa>::twist_n,
                                    &chunk_kernel<Isa>::half_n,   &chunk_kernel<Isa>::tables_n, Apply};

}  // namespace nimber::detail::kernels
