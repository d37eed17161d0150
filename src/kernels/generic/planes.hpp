// The byte-plane algorithm shared by the SIMD kernels, written once and instantiated per ISA
// (the simdjson "generic" pattern). Include it only from an ISA translation unit, inside an
// anonymous namespace, with an `Isa` policy that provides:
//   vec                      the vector type; `lanes` = bytes per vector = values per block
//   bxor(a,b), xor3(a,b,c)   XOR of two or three vectors
//   mulb(a,b)                gf2p8mulb: bytewise product in the AES field
//   affine(x, m)             gf2p8affineqb(x, broadcast m, 0): one 8x8 bit matrix per byte
//   splat8(byte)
//   to_planes(src, p)        load `lanes` consecutive words from src into 8 byte planes:
//                            p[k] holds byte k of every value (in a fixed value order)
//   from_planes<Acc>(p, dst) the inverse; stores (or XORs into dst when Acc)
//
// Why byte planes: with the values transposed so that one vector holds byte k of `lanes`
// values, every step of the nimber tower (arith.hpp: a*b = ((a0+a1)(b0+b1) + a0 b0) F +
// (a0 b0 + (a1 b1)(F/2))) becomes whole-vector arithmetic: XORs, 27 byte products (3^3
// Karatsuba leaves from 64 down to 8 bits) and products by the constant F/2. The 8-bit
// products run on gf2p8mulb after mapping each byte onto the AES field (aes_field.hpp).
// Linear maps (multiply by a constant, square, sqrt) are 64 gf2p8affineqb per block: output
// plane r is the XOR over s of block (r, s) of the matrix applied to plane s.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/generic/aes_field.hpp"
#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

// Instantiated only with Isa types from an anonymous namespace, so every instantiation has
// internal linkage and code built with one ISA's flags can never stand in for another's.
template <class Isa>
struct plane_kernel {
  using vec = typename Isa::vec;
  static constexpr std::size_t lanes = Isa::lanes;

  // x <- x * 2^(8P-1), the half of the 8P-bit field, on P planes in AES coordinates.
  // tower_mul_half (arith.hpp): with x = x1 F + x0, hi = (x0 + x1) h and lo = x1 h^2, where h
  // is the half of the next field down.
  template <unsigned P>
  [[gnu::always_inline]] static void mul_half(vec* x) noexcept {
    if constexpr (P == 1) {
      x[0] = Isa::mulb(x[0], Isa::splat8(aes::kHalf));
    } else if constexpr (P == 2) {
      const vec hi = Isa::mulb(Isa::bxor(x[0], x[1]), Isa::splat8(aes::kHalf));
      x[0] = Isa::mulb(x[1], Isa::splat8(aes::kHalfSquared));
      x[1] = hi;
    } else {
      constexpr unsigned H = P / 2;
      vec hi[H], lo[H];
#pragma GCC unroll 8
      for (unsigned i = 0; i < H; ++i) hi[i] = Isa::bxor(x[i], x[i + H]), lo[i] = x[i + H];
      mul_half<H>(hi);
      mul_half<H>(lo);
      mul_half<H>(lo);
#pragma GCC unroll 8
      for (unsigned i = 0; i < H; ++i) x[i] = lo[i], x[i + H] = hi[i];
    }
  }

  // out = a * b on P planes (Karatsuba: three half-size products per level).
  template <unsigned P>
  [[gnu::always_inline]] static void mul(const vec* a, const vec* b, vec* out) noexcept {
    if constexpr (P == 1) {
      out[0] = Isa::mulb(a[0], b[0]);
    } else {
      constexpr unsigned H = P / 2;
      vec sa[H], sb[H], lo[H], mid[H], hh[H];
#pragma GCC unroll 8
      for (unsigned i = 0; i < H; ++i) sa[i] = Isa::bxor(a[i], a[i + H]), sb[i] = Isa::bxor(b[i], b[i + H]);
      mul<H>(a, b, lo);
      mul<H>(a + H, b + H, hh);
      mul<H>(sa, sb, mid);
      mul_half<H>(hh);
#pragma GCC unroll 8
      for (unsigned i = 0; i < H; ++i) out[i + H] = Isa::bxor(mid[i], lo[i]), out[i] = Isa::bxor(lo[i], hh[i]);
    }
  }

  // `lanes` products.
  [[gnu::always_inline]] static void mul_block(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) noexcept {
    vec pa[8], pb[8], pc[8];
    Isa::to_planes(a, pa);
    Isa::to_planes(b, pb);
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k)
      pa[k] = Isa::affine(pa[k], aes::kToAes), pb[k] = Isa::affine(pb[k], aes::kToAes);
    mul<8>(pa, pb, pc);
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) pc[k] = Isa::affine(pc[k], aes::kFromAes);
    Isa::template from_planes<false>(pc, out);
  }

  template <bool Acc>
  [[gnu::always_inline]] static void apply_block(const linear_map& m, const std::uint64_t* x,
                          std::uint64_t* out) noexcept {
    vec px[8], py[8];
    Isa::to_planes(x, px);
#pragma GCC unroll 8
    for (int r = 0; r < 8; ++r) {
      const std::uint64_t* row = m.gfni[r];
      vec acc = Isa::xor3(Isa::affine(px[0], row[0]), Isa::affine(px[1], row[1]), Isa::affine(px[2], row[2]));
      acc = Isa::xor3(acc, Isa::affine(px[3], row[3]), Isa::affine(px[4], row[4]));
      acc = Isa::xor3(acc, Isa::affine(px[5], row[5]), Isa::affine(px[6], row[6]));
      py[r] = Isa::bxor(acc, Isa::affine(px[7], row[7]));
    }
    Isa::template from_planes<Acc>(py, out);
  }

  // Whole blocks in place; a ragged tail goes through a zero-padded copy, so no load or
  // store ever leaves the caller's spans. Output may equal an input (each block reads all
  // of its inputs before it stores).
  static void mul_n(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                    std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + lanes <= n; i += lanes) mul_block(a + i, b + i, out + i);
    if (i == n) return;
    std::uint64_t ta[lanes] = {}, tb[lanes] = {}, to[lanes];
    std::memcpy(ta, a + i, (n - i) * 8);
    std::memcpy(tb, b + i, (n - i) * 8);
    mul_block(ta, tb, to);
    std::memcpy(out + i, to, (n - i) * 8);
  }

  // `lanes` 512-bit chunks under a 512 x 512 map (the chunk field's conversions): the block
  // regrouped word by word (word J of every chunk in one row of `lanes` words) and each row
  // turned into byte planes 8J..8J+7 (plane s holds input byte s of all the chunks); then
  // output plane r is the XOR over s of block (r, s) applied to plane s, 64 affine products
  // per plane, and back. The 8 output planes of a word are made in one pass over the input
  // planes, so each is loaded once for 8 products. Reads all of x before writing out.
  static void chunk_apply_block(const chunk_map& m, const std::uint64_t* x, std::uint64_t* out) noexcept {
    alignas(64) std::uint64_t words[8 * lanes];
    to_word_rows(x, words);
    vec in[64];
    for (int J = 0; J < 8; ++J) {
      vec p[8];
      Isa::to_planes(words + J * lanes, p);
      for (int k = 0; k < 8; ++k) in[8 * J + k] = p[k];
    }
    for (int J = 0; J < 8; ++J) {
      const std::uint64_t(*rows)[64] = m.gfni + 8 * J;
      vec p[8];
#pragma GCC unroll 8
      for (int k = 0; k < 8; ++k) p[k] = Isa::bxor(Isa::affine(in[0], rows[k][0]), Isa::affine(in[1], rows[k][1]));
#pragma GCC unroll 2
      for (int s = 2; s < 64; s += 2) {
        const vec a = in[s], b = in[s + 1];
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k) p[k] = Isa::xor3(p[k], Isa::affine(a, rows[k][s]), Isa::affine(b, rows[k][s + 1]));
      }
      Isa::template from_planes<false>(p, words + J * lanes);
    }
    from_word_rows(words, out);
  }

  // words[J * lanes + c] = x[8 c + J] and back: by the ISA's register transposes where it has
  // them, else word by word.
  static void to_word_rows(const std::uint64_t* x, std::uint64_t* words) noexcept {
    if constexpr (requires { Isa::to_word_rows(x, words); }) {
      Isa::to_word_rows(x, words);
    } else {
      for (std::size_t c = 0; c < lanes; ++c)
        for (std::size_t J = 0; J < 8; ++J) words[J * lanes + c] = x[8 * c + J];
    }
  }
  static void from_word_rows(const std::uint64_t* words, std::uint64_t* out) noexcept {
    if constexpr (requires { Isa::from_word_rows(words, out); }) {
      Isa::from_word_rows(words, out);
    } else {
      for (std::size_t c = 0; c < lanes; ++c)
        for (std::size_t J = 0; J < 8; ++J) out[8 * c + J] = words[J * lanes + c];
    }
  }

  static void chunk_apply_n(const chunk_map& m, const std::uint64_t* x, std::uint64_t* out,
                            std::size_t count) noexcept {
    std::size_t i = 0;
    for (; i + lanes <= count; i += lanes) chunk_apply_block(m, x + 8 * i, out + 8 * i);
    if (i == count) return;
    std::uint64_t t[8 * lanes] = {};
    std::memcpy(t, x + 8 * i, (count - i) * 64);
    chunk_apply_block(m, t, t);
    std::memcpy(out + 8 * i, t, (count - i) * 64);
  }

  static void apply_n(const linear_map& m, const std::uint64_t* x,
                      std::uint64_t* out, std::size_t n, bool accumulate) noexcept {
    std::size_t i = 0;
    if (accumulate)
      for (; i + lanes <= n; i += lanes) apply_block<true>(m, x + i, out + i);
    else
      for (; i + lanes <= n; i += lanes) apply_block<false>(m, x + i, out + i);
    if (i == n) return;
    std::uint64_t tx[lanes] = {}, to[lanes] = {};
    std::memcpy(tx, x + i, (n - i) * 8);
    std::memcpy(to, out + i, (n - i) * 8);
    if (accumulate) apply_block<true>(m, tx, to);
    else apply_block<false>(m, tx, to);
    std::memcpy(out + i, to, (n - i) * 8);
  }
};

}  // namespace nimber::detail::kernels
