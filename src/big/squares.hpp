// Squares and square roots (docs/big.md, "The trees"): both linear over GF(2), so no products,
// only the product by the half Fermat power at each level. Defined in a header for the reason
// of src/big/half_power.hpp: the public square and sqrt and the inverse call them on one
// vector. Internal to the library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/half_power.hpp"
#include "big/trees.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

// The product by F/2 of the high halves of V node-major vectors of m elements, added into
// their low halves: in one kernel call straight on the vectors when the kernel takes the whole
// map; on chunks below the sharing size, node by node out of place (the recursion takes any
// layout, so no rows are needed); else through element-major rows and the shared map.
template <class Base>
void add_half_of_high(u64* y, std::size_t V, std::size_t m, arena& ar) {
  constexpr std::size_t W = Base::W;
  const std::size_t h = m / 2;
  frame f(ar);
  if constexpr (Base::kHalfInKernel > 0) {
    if (h <= Base::kHalfInKernel) return Base::half(y + h * W, {1, m}, y, {1, m}, V, h, true);
    if (V * h * W < kParallelMap) {  // node by node, no rows: out of place, then added
      u64* t = ar.take(h * W);
      for (std::size_t v = 0; v < V; ++v) {
        mul_half_run<Base>(y + (v * m + h) * W, 1, t, 1, 1, h, ar);
        xor_into(y + v * m * W, t, h * W);
      }
      return;
    }
  }
  u64* t = ar.take(V * h * W);
  to_rows<Base>(y + h * W, m, t, V, V, h);  // the high halves
  mul_half_shared<Base>(t, V, h, V, ar);
  from_rows<Base>(t, V, y, m, V, h, true);  // into the low halves
}

// (x1 F + x0)^2 = x1^2 F + (x0^2 + x1^2 * F/2). Squares the 2V halves, then adds the
// half-power product of the high squares into the low halves. Without Leaves, the squares of
// the base field are left out (the chunk route takes them in its conversion). In place allowed.
template <class Base, bool Leaves = true>
void square_run(const u64* x, u64* y, std::size_t V, std::size_t m, arena& ar) {
  if (m == 1) {
    if constexpr (Leaves) Base::square(x, y, V);
    else if (x != y) std::copy_n(x, V * Base::W, y);
    return;
  }
  square_run<Base, Leaves>(x, y, 2 * V, m / 2, ar);
  add_half_of_high<Base>(y, V, m, ar);
}

// The inverse map: sqrt(x1 F + x0) = sqrt(x1) F + sqrt(x0 + x1 * F/2). In place allowed.
template <class Base, bool Leaves = true>
void sqrt_run(const u64* x, u64* y, std::size_t V, std::size_t m, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (m == 1) {
    if constexpr (Leaves) Base::sqrt(x, y, V);
    else if (x != y) std::copy_n(x, V * W, y);
    return;
  }
  if (x != y) std::copy_n(x, V * m * W, y);
  add_half_of_high<Base>(y, V, m, ar);
  sqrt_run<Base, Leaves>(y, y, 2 * V, m / 2, ar);
}

}  // namespace tower
}  // namespace nimber::big
