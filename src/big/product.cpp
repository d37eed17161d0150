// The product of the tower (docs/big.md, "The trees"): Karatsuba trees breadth-first inside
// blocks, breadth-first levels above them up to the breadth limit on limbs, depth-first halving
// beyond, with a worker thread taking part from 2^16 bits. Karatsuba and Ofman,
// "Multiplication of multidigit numbers on automata". Also the tunables of the product
// (nimber::big::set_block_limbs, set_breadth_limbs).
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/half_power.hpp"
#include "big/helper_thread.hpp"
#include "big/limb_tower.hpp"
#include "big/trees.hpp"
#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden
namespace {

// Thresholds in limbs (words), the same bytes on either base. From this size (2^16 bits) up,
// the product hands part of its work to a worker thread.
constexpr std::size_t kParallelLimbs = 1024;
// Relaxed atomics: a setter may run while products do. Each call of mul_rec reads them once
// and hands the block size down, and every block size gives the same product.
std::atomic<std::size_t> g_block_limbs{512};  // 2^15 bits: fastest of 16..2048 at 2^16 and 2^20 bits here
// Up to this size (2^20 bits) the levels above the blocks are breadth-first too (mul_levels,
// working memory about 3 n^1.58 limbs); above it, depth-first halving keeps memory linear.
std::atomic<std::size_t> g_breadth_limbs{16384};

template <class Base>
std::size_t block_elements() noexcept {
  return std::max<std::size_t>(2, g_block_limbs.load(std::memory_order_relaxed) / Base::W);
}
template <class Base>
std::size_t breadth_elements() noexcept { return g_breadth_limbs.load(std::memory_order_relaxed) / Base::W; }

// The Karatsuba tree of one block, breadth-first and element-major (src/big/trees.hpp): the
// 3^log2(n) leaf products are batched leaf calls, and on the way back up the a1 b1 products
// of a whole level are one run (columns 2N..3N of each row) for the half-power map.
template <class Base>
void mul_block(const u64* a, const u64* b, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = Base::W;
  frame f(ar);
  const std::size_t pairs = leaf_count(n) / 3;
  u64* ta = ar.take(2 * pairs * W);
  u64* tb = ar.take(2 * pairs * W);
  u64* spare = ar.take(2 * pairs * W);
  const u64* pa = expand_to_pairs<Base>(a, n, ta, spare);
  const u64* pb = expand_to_pairs<Base>(b, n, tb, spare);
  pair_products<Base>(pa, pb, false, ta, pairs);
  combine_up<Base>(ta, spare, out, n, true, ar);
}

// The levels above the blocks keep each node's elements contiguous (node-major), which is
// what mul_block takes: node i of a level of N nodes of `size` elements is
// p[i size .. (i+1) size), its children i, N + i, 2N + i as in the blocks.
template <class Base>
void expand_nodes(const u64* p, u64* next, std::size_t nodes, std::size_t size) noexcept {
  constexpr std::size_t W = Base::W;
  const std::size_t h = size / 2;
  row_pass::split(p, p + h * W, size * W, next, next + nodes * h * W, next + 2 * nodes * h * W, h * W, nodes, h * W);
}

template <class Base>
void combine_nodes(const u64* p, u64* q, std::size_t nodes, std::size_t size) noexcept {
  constexpr std::size_t W = Base::W;
  row_pass::join(p, p + nodes * size * W, p + 2 * nodes * size * W, size * W, q, q + size * W, 2 * size * W, nodes,
                 size * W);
}

// x * F/2 for V node-major vectors of m elements: transposed into one element-major run, so
// that the whole level is one batched (and, if large, shared) half-power map. In place.
template <class Base>
void mul_half_nodes(u64* x, std::size_t V, std::size_t m, arena& ar) {
  if (V == 1) return mul_half_shared<Base>(x, 1, m, 1, ar);
  frame f(ar);
  u64* t = ar.take(V * m * Base::W);
  to_rows<Base>(x, m, t, V, V, m);
  mul_half_shared<Base>(t, V, m, V, ar);
  from_rows<Base>(t, V, x, m, V, m, false);
}

// Breadth-first above the blocks as well (block size < n <= breadth limit): the operands'
// trees down to nodes of one block, the block products split between this thread and the
// helper, then back up with each level's a1 b1 products given the half-power map in one
// batched call. Depth-first, those maps would be one long vector at a time, about a
// quarter of a 2^20-bit product. `out` may alias a or b.
template <class Base>
void mul_levels(const u64* a, const u64* b, u64* out, std::size_t n, std::size_t block, arena& ar) {
  constexpr std::size_t W = Base::W;
  std::size_t nodes = 1;
  for (std::size_t s = n; s > block; s /= 2) nodes *= 3;
  frame f(ar);
  u64* ta = ar.take(nodes * block * W);
  u64* tb = ar.take(nodes * block * W);
  u64* spare = ar.take(nodes * block * W);
  const int levels = std::countr_zero(n / block);
  expand_down(a, n, levels, ta, spare, expand_nodes<Base>);
  expand_down(b, n, levels, tb, spare, expand_nodes<Base>);
  const auto products = [&](std::size_t begin, std::size_t end, arena& war) {
    for (std::size_t i = begin; i < end; ++i)
      mul_block<Base>(ta + i * block * W, tb + i * block * W, ta + i * block * W, block, war);
  };
  run_pair(
      n * W >= kParallelLimbs, [&](arena& har) { products(0, nodes / 2, har); },
      [&] { products(nodes / 2, nodes, ar); }, ar);
  u64* p = ta;
  for (std::size_t size = block; size < n; size *= 2) {
    nodes /= 3;
    mul_half_nodes<Base>(p + 2 * nodes * size * W, nodes, size, ar);
    u64* q = size * 2 == n ? out : p == ta ? spare : ta;
    combine_nodes<Base>(p, q, nodes, size);
    p = q;
  }
}

}  // namespace

// Breadth-first up to the breadth limit (from two levels above the blocks), depth-first
// halving above it and at one level above the blocks. `out` may alias a or b.
template <class Base>
void mul_rec(const u64* a, const u64* b, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (n == 1) return Base::mul(a, b, out, 1);
  const std::size_t block = block_elements<Base>();
  if (n <= block) return mul_block<Base>(a, b, out, n, ar);
  // One level above the blocks (3 block products) splits better depth-first: the helper
  // takes a1 b1 and its half-power map, this thread the other two products.
  if (Base::breadth_first_levels && n <= breadth_elements<Base>() && n >= 8 * block)
    return mul_levels<Base>(a, b, out, n, block, ar);
  const std::size_t h = n / 2, hw = h * W;
  frame f(ar);
  u64* as = ar.take(hw);
  u64* bs = ar.take(hw);
  row_pass::add(a, a + hw, 0, as, 0, 1, hw);
  row_pass::add(b, b + hw, 0, bs, 0, 1, hw);
  u64* ll = ar.take(hw);
  u64* mm = ar.take(hw);
  u64* hh = ar.take(hw);
  run_pair(
      n * W >= kParallelLimbs,
      [&](arena& har) {  // a1 b1 F/2
        mul_rec<Base>(a + hw, b + hw, hh, h, har);
        mul_half_run<Base>(hh, hh, 1, h, 1, har);
      },
      [&] {
        mul_rec<Base>(a, b, ll, h, ar);
        mul_rec<Base>(as, bs, mm, h, ar);
      },
      ar);
  row_pass::join(ll, mm, hh, 0, out, out + hw, 0, 1, hw);
}

template void mul_rec<limb_base>(const u64*, const u64*, u64*, std::size_t, arena&);
template void mul_rec<chunk_base>(const u64*, const u64*, u64*, std::size_t, arena&);

}  // namespace tower

std::size_t block_limbs() noexcept { return tower::g_block_limbs.load(std::memory_order_relaxed); }
void set_block_limbs(std::size_t n) noexcept { tower::g_block_limbs.store(n < 2 ? 2 : n, std::memory_order_relaxed); }
std::size_t breadth_limbs() noexcept { return tower::g_breadth_limbs.load(std::memory_order_relaxed); }
void set_breadth_limbs(std::size_t n) noexcept { tower::g_breadth_limbs.store(n, std::memory_order_relaxed); }

}  // namespace nimber::big
