// The additive FFT product (fft.hpp): the product's driver. The changes of basis are in
// basis.cpp, the Cantor basis and the butterflies with the leaves (kernels/gf2x_leaf.hpp).
#include <algorithm>
#include <bit>
#include <cmath>
#include <span>
#include <vector>

#include "gf2x/fft.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;

// The pieces of an operand: piece i is bits [32 (first + i), 32 (first + i + 1)) of `words`.
struct piece_view {
  const u64* words;
  std::size_t first, count;
  u64 operator[](std::size_t i) const noexcept {
    const std::size_t k = first + i;
    return words[k / 2] >> (32 * (k % 2)) & 0xFFFFFFFF;
  }
  piece_view top(std::size_t r) const noexcept { return {words, first + count - r, r}; }
};

unsigned ceil_log2(std::size_t n) noexcept {
  unsigned m = 0;
  while ((std::size_t(1) << m) < n) ++m;
  return m;
}

// The transform's length for a product of `coefficients` coefficients: 2^m >= coefficients,
// at least 4 points.
unsigned points_log2(std::size_t coefficients) noexcept { return std::max(ceil_log2(coefficients), 2u); }

// Wrapping is considered from products of 2^8 coefficients on: below, the second product
// costs more than it saves.
constexpr unsigned kMinWrapLog2 = 8;

// How a product of la x lb pieces is done: on 2^m points whole (top = 0), or wrapped on
// 2^(m-1) points with its `top` highest coefficients from a product of the operands' top
// `top` pieces; with the cost of the choice, in units of one transform step (m 2^m for a
// whole product on 2^m points, the unit of gf2x_leaf.hpp's fft_cost).
struct product_plan {
  unsigned m;
  std::size_t top;
  double cost;
};

product_plan plan_product(std::size_t la, std::size_t lb) noexcept {
  const std::size_t coefficients = la + lb - 1;
  const unsigned m = points_log2(coefficients);
  product_plan whole{m, 0, std::ldexp(double(m), int(m))};
  if (m <= kMinWrapLog2) return whole;
  const std::size_t half = std::size_t(1) << (m - 1), top = coefficients - half;
  // The wrapped product needs both operands below degree 2^(m-1), so that they are their own
  // remainders modulo s_(m-1). A top of more than 2^(m-2) needs 2^(m-1) points or more of its
  // own, which never pays (and stopping there keeps the planning's recursion short).
  if (std::max(la, lb) > half || top > half / 2) return whole;
  // The fold (fold_wrapped_top) XORs 2^popcount(m - 1) words per top coefficient, a little
  // less than one transform step per point. Wrapping must save a tenth of the whole product:
  // the second product's packing and fixed costs are not in the model, and at 3/2 of a power
  // of two (a top product on 2^(m-1) points too, 2 (m-1) 2^(m-1) against m 2^m) it measured
  // slower.
  const double wrapped = std::ldexp(double(m - 1), int(m - 1)) + plan_product(top, top).cost +
                         double(top) * double(1u << std::popcount(m - 1)) / 8;
  if (wrapped < 0.9 * whole.cost) return {m - 1, top, wrapped};
  return whole;
}

// c holds c mod s_t in c[0 .. 2^t) and the true coefficients of c from 2^t on in c[2^t ..
// coefficients). With q = c div s_t, c = q s_t + (c mod s_t): dividing the top part by s_t
// from its highest coefficient down (s_t = sum of x^(2^u) over the u whose bits lie in t) adds
// to the low part what q s_t adds there, so that it becomes c's own. The division overwrites
// the top part, which the caller writes back.
void fold_wrapped_top(u64* c, unsigned t, std::size_t coefficients) noexcept {
  const std::size_t half = std::size_t(1) << t;
  for (std::size_t d = coefficients; d-- > half;) {
    const u64 q = c[d];
    if (q == 0) continue;
    // The terms x^(2^u) of s_t below x^(2^t): u runs over the proper submasks of t (t > 0).
    for (unsigned u = (t - 1) & t;; u = (u - 1) & t) {
      c[d - half + (std::size_t(1) << u)] ^= q;
      if (u == 0) break;
    }
  }
}

// dst[i] |= (piece i of v) << shift, two pieces per word of v where they are aligned.
void pack_pieces(u64* __restrict dst, piece_view v, unsigned shift) noexcept {
  std::size_t i = 0;
  if (v.first % 2 != 0 && v.count != 0) dst[i] |= v[i] << shift, ++i;
  const u64* __restrict w = v.words + (v.first + i) / 2;
  const std::size_t pairs = (v.count - i) / 2;
  u64* __restrict d = dst + i;
  for (std::size_t k = 0; k < pairs; ++k) {
    d[2 * k] |= (w[k] & 0xFFFFFFFF) << shift;
    d[2 * k + 1] |= (w[k] >> 32) << shift;
  }
  i += 2 * pairs;
  if (i < v.count) dst[i] |= v[i] << shift;
}

// The first cache-line boundary in `buffer`, grown to hold n words from there: the
// butterflies' vector loads then never straddle two lines.
u64* cache_aligned(std::vector<u64>& buffer, std::size_t n) {
  constexpr std::size_t kLineWords = 8;
  if (buffer.size() < n + kLineWords) buffer.resize(n + kLineWords);
  const auto address = reinterpret_cast<std::uintptr_t>(buffer.data());
  return buffer.data() + (-address / sizeof(u64)) % kLineWords;
}

// The transforms' buffers, kept between products (no page faults per product) until
// release_fft_buffers().
thread_local std::vector<u64> fa_buffer, fb_buffer;

// The coefficients of a b over GF(2^64): c_k = sum of a_i b_j over i + j = k, in a
// thread-local buffer valid until the next call on this thread.
std::span<const u64> piece_product(const fft_ops& ops, piece_view a, piece_view b) {
  const std::size_t coefficients = a.count + b.count - 1;
  const product_plan plan = plan_product(a.count, b.count);
  std::vector<u64> top;  // the highest plan.top coefficients, from a product of the top pieces
  if (plan.top != 0) {
    const std::span<const u64> t = piece_product(ops, a.top(plan.top), b.top(plan.top));
    top.assign(t.end() - std::ptrdiff_t(plan.top), t.end());
  }
  const unsigned m = plan.m;
  const std::size_t n = std::size_t(1) << m;
  // Both operands' pieces in one word each, a's in the low 32 bits, b's in the high: the
  // change of basis only XORs words, so one pass converts both.
  u64* fa = cache_aligned(fa_buffer, std::max(n, coefficients));
  u64* fb = cache_aligned(fb_buffer, n);
  std::fill(fa, fa + n, u64(0));
  pack_pieces(fa, a, 0);
  pack_pieces(fa, b, 32);
  to_novel(fa, m, std::max(a.count, b.count));
  for (std::size_t i = 0; i < n; ++i) fb[i] = fa[i] >> 32, fa[i] &= 0xFFFFFFFF;
  ops.forward(fa, m);
  ops.forward(fb, m);
  ops.pointwise(fa, fb, n);
  ops.inverse(fa, m);
  from_novel(fa, m);  // the product modulo s_m
  if (plan.top != 0) {
    std::copy(top.begin(), top.end(), fa + n);
    fold_wrapped_top(fa, m, coefficients);
    std::copy(top.begin(), top.end(), fa + n);
  }
  return {fa, coefficients};
}

}  // namespace

double fft_product_cost(std::size_t na, std::size_t nb) noexcept { return plan_product(2 * na, 2 * nb).cost; }

std::size_t fft_wrapped_top(std::size_t na, std::size_t nb) noexcept { return plan_product(2 * na, 2 * nb).top; }

void fft_mul(const fft_ops& ops, const u64* a, std::size_t na, const u64* b, std::size_t nb, u64* out) {
  const std::span<const u64> c = piece_product(ops, {a, 0, 2 * na}, {b, 0, 2 * nb});
  // Coefficient k of the product (63 bits) lands at bit 32 k.
  std::fill(out, out + na + nb, u64(0));
  for (std::size_t k = 0; k < c.size(); ++k) {
    if (k % 2 == 0) {
      out[k / 2] ^= c[k];
    } else {
      out[k / 2] ^= c[k] << 32;
      out[k / 2 + 1] ^= c[k] >> 32;
    }
  }
}

void release_fft_buffers() noexcept {
  std::vector<u64>().swap(fa_buffer);
  std::vector<u64>().swap(fb_buffer);
}

}  // namespace nimber::gf2x::detail
