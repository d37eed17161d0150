// The breadth-first Karatsuba trees of the tower: element-major runs, the passes that expand an
// operand level by level and combine the products back up, and the last level of pairwise
// products. The product's blocks (src/big/product.cpp) and the constant's tree of the half
// power (src/big/half_power.cpp) both run on them. Internal to the library.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

// ---- Element-major runs ------------------------------------------------------------------
// The tree passes and the half-power map work on runs of V equal vectors of m elements stored
// element-major: element j of vector v at p[(j * stride + v) W] (stride >= V). Each element
// position is then one contiguous row of V elements, so every pass is a loop over long rows,
// and the rows are what the leaf products get. A single vector (V = 1, stride 1) is a plain
// array.

// V vectors of m elements, vector v at x + v * node_stride elements, into element-major rows:
// element j of vector v to t[(j * stride + v) W].
template <class Base>
void to_rows(const u64* x, std::size_t node_stride, u64* t, std::size_t stride, std::size_t V, std::size_t m) noexcept {
  constexpr std::size_t W = Base::W;
  for (std::size_t v = 0; v < V; ++v)
    for (std::size_t j = 0; j < m; ++j)
      for (std::size_t w = 0; w < W; ++w) t[(j * stride + v) * W + w] = x[(v * node_stride + j) * W + w];
}

// The way back, or ^= with `add`.
template <class Base>
void from_rows(const u64* t, std::size_t stride, u64* x, std::size_t node_stride, std::size_t V, std::size_t m,
               bool add) noexcept {
  constexpr std::size_t W = Base::W;
  for (std::size_t v = 0; v < V; ++v)
    for (std::size_t j = 0; j < m; ++j)
      for (std::size_t w = 0; w < W; ++w) {
        u64& dst = x[(v * node_stride + j) * W + w];
        dst = (add ? dst : 0) ^ t[(j * stride + v) * W + w];
      }
}

// ---- Breadth-first Karatsuba trees ------------------------------------------------------
// Level t of the tree of one n-element operand holds N = 3^t nodes of n / 2^t elements,
// element-major (rows of N), in the order [every node's x0][every node's x0 + x1][every node's
// x1]: node i has its children at i, N + i and 2N + i one level down, and the leaf of index
// d1 + 3 d2 + 9 d3 + ... took branch d_k at depth k.

// One level down: row j of the children is [row j | row j + row j+h | row j+h] (h = size/2).
template <class Base>
void expand_level(const u64* p, u64* next, std::size_t nodes, std::size_t size) noexcept {
  constexpr std::size_t W = Base::W;
  const std::size_t h = size / 2, row = nodes * W;
  row_pass::split(p, p + h * row, row, next, next + row, next + 2 * row, 3 * row, h, row);
}

// 3^log2(n): the leaves of the tree of an n-element operand.
inline std::size_t leaf_count(std::size_t n) noexcept {
  std::size_t leaves = 1;
  for (; n > 1; n /= 2) leaves *= 3;
  return leaves;
}

// Each level is 1.5 times the one above, so a tree is kept in two buffers, not one per
// level: levels alternate between `top` (the deepest level kept) and `spare` (2/3 of it),
// which keeps a block's working set in the L2 cache. The last level, from nodes of two
// elements to single elements, is never stored: pair_products runs it in pieces that stay in
// L1.

// Expands x (one node of n elements) `levels` levels down with level(p, next, nodes, size),
// alternating so that the last level lands in `top`; returns it (x itself for 0 levels).
template <class Level>
const u64* expand_down(const u64* x, std::size_t n, int levels, u64* top, u64* spare, Level level) noexcept {
  std::size_t nodes = 1;
  for (int t = 1; t <= levels; ++t, nodes *= 3, n /= 2) {
    u64* next = (levels - t) % 2 == 0 ? top : spare;
    level(x, next, nodes, n);
    x = next;
  }
  return x;
}

// x's tree down to its 3^(log2(n) - 1) nodes of two elements (rows lo and hi): x itself for
// n = 2, else in `top` (2 * 3^(log2(n) - 1) elements).
template <class Base>
const u64* expand_to_pairs(const u64* x, std::size_t n, u64* top, u64* spare) noexcept {
  return expand_down(x, n, std::countr_zero(n) - 1, top, spare, expand_level<Base>);
}

// The last level: for N two-element nodes of a (rows a0, a1) and b, the N two-element
// products (rows out0, out1) by one Karatsuba step, ll = a0 b0, mm = (a0 + a1) bs, hh = a1 b1:
// out0 = ll + hh t, out1 = mm + ll, where t is the base's twist. b is either a tree level like
// a (rows b0, b1; then bs = b0 + b1 and the twist is applied here) or, with `constant`, a
// constant's leaves (rows b0, bs, b1, with the twist folded into b1). out may alias a.
template <class Base>
void pair_products(const u64* a, const u64* b, bool constant, u64* out, std::size_t N) {
  if constexpr (Base::kFusedPairsFrom > 0) {
    constexpr std::size_t W = Base::W;
    if (!constant && N >= Base::kFusedPairsFrom) return Base::pairs(a, a + N * W, b, b + N * W, out, out + N * W, N);
  }
  // One leaf call per piece of k nodes on [a0 | a0 + a1 | a1] x [b0 | bs | b1]: short trees
  // (a few dozen nodes) then cost one padded kernel block, not three.
  constexpr std::size_t W = Base::W, kPiece = 256 / W;  // three arrays of 6 KiB
  u64 x[3 * kPiece * W], y[3 * kPiece * W], p[3 * kPiece * W];
  for (std::size_t base = 0; base < N; base += kPiece) {
    const std::size_t k = std::min(kPiece, N - base), row = k * W;
    const u64* a0 = a + base * W;
    const u64* a1 = a + (N + base) * W;
    row_pass::split(a0, a1, 0, x, x + row, x + 2 * row, 0, 1, row);
    const u64* yk = y;
    if (!constant) row_pass::split(b + base * W, b + (N + base) * W, 0, y, y + row, y + 2 * row, 0, 1, row);
    else if (k == N) yk = b;  // one piece: the constant's rows are already [b0 | bs | b1]
    else for (int r = 0; r < 3; ++r) std::copy_n(b + (r * N + base) * W, row, y + r * row);
    Base::mul(x, yk, p, 3 * k);
    if (!constant) Base::twist(p + 2 * row, p + 2 * row, k, false);
    row_pass::join(p, p + row, p + 2 * row, 0, out + base * W, out + (N + base) * W, 0, 1, row);
  }
}

// One level back up: node i gets lo = ll + hh', hi = mm + ll from its children (ll, mm, hh
// at i, N + i, 2N + i of the level of `size`-element nodes below), where hh' is hh for a
// constant product (its twist is in the constant) and hh * F/2, already applied, otherwise.
template <class Base>
void combine(const u64* p, u64* q, std::size_t nodes, std::size_t size) noexcept {
  const std::size_t row = nodes * Base::W;
  row_pass::join(p, p + row, p + 2 * row, 3 * row, q, q + size * row, row, size, row);
}

// The product by the half Fermat power of a run in one layout (src/big/half_power.hpp, which
// includes this header and defines it).
template <class Base>
void mul_half_run(const u64* x, u64* y, std::size_t V, std::size_t m, std::size_t stride, arena& ar);

// From the products of the two-element level in `p` (pair_products) back up to the
// n-element result in `out`, alternating between p and spare. With `twist`, each level's a1 b1
// products (columns 2N..3N of its rows) are first multiplied by the half Fermat power; a
// product by a constant has that twist in the constant's tree instead. out may alias the
// operands.
template <class Base>
void combine_up(u64* p, u64* spare, u64* out, std::size_t n, bool twist, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (n == 2) return void(std::copy_n(p, 2 * W, out));
  u64* const buffers[2] = {p, spare};
  std::size_t nodes = leaf_count(n) / 3;
  for (std::size_t size = 2; size < n; size *= 2) {
    nodes /= 3;
    if (twist) mul_half_run<Base>(p + 2 * nodes * W, p + 2 * nodes * W, nodes, size, 3 * nodes, ar);
    u64* q = size * 2 == n ? out : buffers[p == buffers[0]];
    combine<Base>(p, q, nodes, size);
    p = q;
  }
}

}  // namespace tower
}  // namespace nimber::big
