// The constant's own Karatsuba tree for the product by the half Fermat power on limbs:
// half_const of src/big/half_power.hpp, and the cache of the constant's leaves.
//
// half_const: a product by a constant c = c1 F + c0 is the tower step with b = c, and the
// F/2 there multiplies the constant only: x c = ((x0 + x1)(c0 + c1) + x0 c0) F
// + (x0 c0 + x1 (c1 F/2)). With the constant's tree precomputed (children c0, c0 + c1 and
// c1 F/2 at each node), the product is the operand's tree, one pairwise batch::mul with
// the constant's leaves, and XORs back up: no half-power maps inside at all.
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/half_power.hpp"
#include "big/trees.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden
namespace {

// The 3^log2(m) leaves of the tree of the constant c (m limbs), the children of each node being
// c0, c0 + c1 and c1 F/2, in the order of the breadth-first trees (src/big/trees.hpp): the leaf
// that took branch d_k at depth k at out[pos + weight (d1 + 3 d2 + 9 d3 + ...)].
void half_leaves(const u64* c, std::size_t m, u64* out, std::size_t pos, std::size_t weight, arena& ar) {
  if (m == 1) {
    out[pos] = c[0];
    return;
  }
  const std::size_t h = m / 2;
  frame f(ar);
  u64* t = ar.take(h);
  half_leaves(c, h, out, pos, 3 * weight, ar);
  row_pass::add(c, c + h, 0, t, 0, 1, h);
  half_leaves(t, h, out, pos + weight, 3 * weight, ar);
  mul_half_split<limb_base>(c + h, 1, t, 1, 1, h, ar);
  half_leaves(t, h, out, pos + 2 * weight, 3 * weight, ar);
}

// The leaves of the constant 2^(64 m - 1), built once per size (never freed).
const u64* half_constant(std::size_t m, arena& ar) {
  static std::array<std::atomic<const u64*>, 16> cache{};
  static std::recursive_mutex mu;  // building size m builds the smaller sizes first
  const std::size_t k = std::size_t(std::countr_zero(m));
  if (k >= cache.size()) std::abort();  // internal invariant: callers pass m <= 256 limbs
  if (const u64* p = cache[k].load(std::memory_order_acquire)) return p;
  std::lock_guard lock(mu);
  if (const u64* p = cache[k].load(std::memory_order_relaxed)) return p;
  std::size_t leaves = 1;
  for (std::size_t i = 0; i < k; ++i) leaves *= 3;
  u64* p = new u64[leaves];
  std::vector<u64> c(m, 0);
  c[m - 1] = kHalf64;
  half_leaves(c.data(), m, p, 0, 1, ar);
  cache[k].store(p, std::memory_order_release);
  return p;
}

}  // namespace

void half_const(const u64* x, u64* y, std::size_t m, arena& ar) {
  frame f(ar);
  const u64* c = half_constant(m, ar);
  const std::size_t pairs = leaf_count(m) / 3;
  u64* top = ar.take(2 * pairs);
  u64* spare = ar.take(2 * pairs);
  const u64* px = expand_to_pairs<limb_base>(x, m, top, spare);
  pair_products<limb_base>(px, c, true, top, pairs);
  combine_up<limb_base>(top, spare, y, m, false, ar);
}

}  // namespace tower
}  // namespace nimber::big
