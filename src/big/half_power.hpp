// The product by the half Fermat power, y = x * (F/2), on runs of V vectors (docs/big.md, "The
// problem with the product by F/2"), and its two-core form for the large maps of the product
// and the squares. Internal to the library.
//
// Two routes to it: mul_half_split and, on limbs, half_const (src/big/half_power.cpp);
// mul_half_run picks one.
//
// The recursion is defined in this header, not in a file of its own, so that each file that
// calls it compiles it together with its callers: the compiler then specialises it for the
// constants they pass (one vector, unit strides) as it does for calls inside one file.
// Compiled apart from its callers, the single-vector maps make a one-core 2^20-bit square
// about 5% slower and a 256-bit one about 6% (tools/big_time.cpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/helper_thread.hpp"
#include "big/trees.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

// Half-power maps of this many words or more are shared with a worker thread (below it the
// hand-over costs more than it saves).
inline constexpr std::size_t kParallelMap = 8192;

// ---- half_const: the constant's own Karatsuba tree (src/big/half_power.cpp) -------------------
inline constexpr std::size_t kConstMax = 256;  // limbs; the cached leaves up to this size take about 80 KiB

// y = x * (F/2) for one vector of m limbs, 2 <= m <= kConstMax, contiguous. In place allowed.
void half_const(const u64* x, u64* y, std::size_t m, arena& ar);

// Defined below: mul_half_split and mul_half_run call each other.
template <class Base>
void mul_half_run(const u64* x, std::size_t xs, u64* y, std::size_t ys, std::size_t V, std::size_t m, arena& ar);

// ---- mul_half_split: the recursion ------------------------------------------------------------
// The tower_mul_half recursion of arith.hpp over V vectors at once:
// (x1 F + x0) * (F/2) = h'(x0 + x1) F + h'(h'(x1)) with h' the half-field map. x has row
// stride xs, y has ys (rows of V elements); at m = 2 the two nested twists fold into one by the
// square, and a kernel may take the last levels whole. Two ways to order a level, each the
// faster for its leaves:
//  - limbs, whose leaves are batch calls that want long rows: h' on 3V half vectors as one run
//    of 2V ([x0 + x1 | x1] copied into a buffer) and one of V, then copied back;
//  - chunks, whose leaves are a register kernel: no copies. Out of place, the high half of y
//    gets x0 + x1 and then h' in place, the low half h'(x1) and then h' in place again; in
//    place, h'(x1) goes to a temporary first, then x1 += x0 and h' in place, and h' of the
//    temporary lands in the low half. (On limbs the copy-free order measures 1.2 to 1.5
//    times slower at 2^18 bits; on chunks the copies cost a third of a 2^20-bit square.)
template <class Base>
void mul_half_split(const u64* x, std::size_t xs, u64* y, std::size_t ys, std::size_t V, std::size_t m, arena& ar) {
  constexpr std::size_t W = Base::W;
  if constexpr (Base::kHalfInKernel > 0)
    if (m <= Base::kHalfInKernel) return Base::half(x, {xs, 1}, y, {ys, 1}, V, m, false);
  if (m == 1) return Base::twist(x, y, V, false);
  if (m == 2) {  // y0 = x1 t^2, y1 = (x0 + x1) t
    frame f(ar);
    u64* s = ar.take(V * W);
    row_pass::add(x, x + xs * W, 0, s, 0, 1, V * W);
    Base::twist(x + xs * W, y, V, true);
    Base::twist(s, y + ys * W, V, false);
    return;
  }
  const std::size_t h = m / 2;
  const u64* x1 = x + h * xs * W;
  u64* y1 = y + h * ys * W;
  frame f(ar);
  if constexpr (Base::kHalfInKernel == 0) {  // limbs: xs == ys
    const std::size_t row = 2 * V * W;
    u64* u = ar.take(h * row);  // h rows of 2V: [x0 + x1 | x1]
    row_pass::add(x, x1, xs * W, u, row, h, V * W);
    for (std::size_t j = 0; j < h; ++j) std::copy_n(x1 + j * xs * W, V * W, u + j * row + V * W);
    mul_half_run<Base>(u, u, 2 * V, h, 2 * V, ar);  // [h'(x0 + x1) | h'(x1)]
    mul_half_run<Base>(u + V * W, u + V * W, V, h, 2 * V, ar);  // [h'(x0 + x1) | h'(h'(x1))]
    for (std::size_t j = 0; j < h; ++j) {
      std::copy_n(u + j * row, V * W, y1 + j * ys * W);
      std::copy_n(u + j * row + V * W, V * W, y + j * ys * W);
    }
  } else if (x != y) {
    row_pass::add(x, x1, xs * W, y1, ys * W, h, V * W);  // y1 = x0 + x1
    mul_half_run<Base>(y1, ys, y1, ys, V, h, ar);
    mul_half_run<Base>(x1, xs, y, ys, V, h, ar);
    mul_half_run<Base>(y, ys, y, ys, V, h, ar);
  } else {
    u64* t = ar.take(h * V * W);  // rows of V
    mul_half_run<Base>(x1, xs, t, V, V, h, ar);  // t = h'(x1)
    row_pass::add(y1, y, ys * W, y1, ys * W, h, V * W);  // x1 + x0
    mul_half_run<Base>(y1, ys, y1, ys, V, h, ar);
    mul_half_run<Base>(t, V, y, ys, V, h, ar);
  }
}

// ---- mul_half_run: the choice of route --------------------------------------------------------
// On limbs, runs of 8 vectors or more split: their leaf rows are long enough for the
// multiplier, whose (2/3) 3^log2(m) linear maps cost less than the constant tree's 3^log2(m)
// products (8 is the fastest of 2, 4, 8, 16 and 32 for the 2^16- and 2^20-bit products and
// squares). Fewer, long vectors take the constant's tree, one at a time, once short enough
// for its cache. On chunks the twist is a shift, so they always split.
template <class Base>
void mul_half_run(const u64* x, std::size_t xs, u64* y, std::size_t ys, std::size_t V, std::size_t m, arena& ar) {
  if constexpr (Base::constant_trees) {
    if (m > 2 && V < 8 && m <= kConstMax) {
      if (V == 1 && xs == 1 && ys == 1) return half_const(x, y, m, ar);
      frame f(ar);
      u64* t = ar.take(m);
      for (std::size_t v = 0; v < V; ++v) {  // each column out of the rows, and back
        from_rows<limb_base>(x + v, xs, t, m, 1, m, false);
        half_const(t, t, m, ar);
        to_rows<limb_base>(t, m, y + v, ys, 1, m);
      }
      return;
    }
  }
  mul_half_split<Base>(x, xs, y, ys, V, m, ar);
}

// The same run layout in and out (in place allowed).
template <class Base>
void mul_half_run(const u64* x, u64* y, std::size_t V, std::size_t m, std::size_t stride, arena& ar) {
  mul_half_run<Base>(x, stride, y, stride, V, m, ar);
}

// ---- mul_half_shared: on two cores -------------------------------------------------------------
// mul_half_run in place, shared with a worker thread from kParallelMap words (below it the
// hand-over costs more than it saves): the vectors split in two, or a single vector by one
// step of the recursion, h'(x0 + x1) beside h'(x1), then h'(h'(x1)) shared again.
template <class Base>
void mul_half_shared(u64* x, std::size_t V, std::size_t m, std::size_t stride, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (V * m * W < kParallelMap || m <= 2) return mul_half_run<Base>(x, x, V, m, stride, ar);
  if (V >= 2) {
    const std::size_t first = V / 2;
    return run_pair(
        true, [&](arena& har) { mul_half_run<Base>(x, x, first, m, stride, har); },
        [&] { mul_half_run<Base>(x + first * W, x + first * W, V - first, m, stride, ar); }, ar);
  }
  const std::size_t h = m / 2;
  frame f(ar);
  u64* s = ar.take(h * W);
  u64* t = ar.take(h * W);
  for (std::size_t j = 0; j < h; ++j)
    for (std::size_t w = 0; w < W; ++w)
      s[j * W + w] = x[j * stride * W + w] ^ x[(j + h) * stride * W + w], t[j * W + w] = x[(j + h) * stride * W + w];
  run_pair(
      true, [&](arena& har) { mul_half_run<Base>(s, s, 1, h, 1, har); },
      [&] { mul_half_run<Base>(t, t, 1, h, 1, ar); }, ar);
  mul_half_shared<Base>(t, 1, h, 1, ar);
  for (std::size_t j = 0; j < h; ++j)
    for (std::size_t w = 0; w < W; ++w)
      x[(j + h) * stride * W + w] = s[j * W + w], x[j * stride * W + w] = t[j * W + w];
}

}  // namespace tower
}  // namespace nimber::big
