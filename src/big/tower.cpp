// The limb kernels behind big_nim: the Karatsuba tower product with batched leaves, the
// product by the half Fermat power, squaring, square roots and the inverse by the norm.
//
// Layout: an element of GF(2^(64 n)) is n little-endian limbs, n a power of two. Its tower
// halves x = x1 F + x0 (F = 2^(32 n)) are the low and the high n/2 limbs, so V elements of
// n limbs stored one after another are also 2V elements of n/2 limbs: every routine here
// works on such runs of V equal-size vectors at once, which is what lets the leaves be
// batch calls. The tower runs over one of two base fields: the limbs themselves, or 512-bit
// chunks in a polynomial basis (big/chunks.hpp), where the product by the half Fermat power
// becomes a shift. docs/big.md describes the layers: element-major trees inside blocks,
// node-major breadth-first levels above them, depth-first halving beyond, the helper thread,
// and the chunks.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "big/chunks.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"
#include "kernels/kernel.hpp"
#include "kernels/generic/rows.hpp"

namespace nimber::big {
namespace {

using u64 = std::uint64_t;

// ---- Scratch arena ---------------------------------------------------------------------------
// A stack of blocks: take() bumps a pointer, frames give everything back on scope exit.
// Blocks are never freed or moved, so pointers stay valid and, once the arena has grown to
// the size a call needs, later calls allocate nothing.
class arena {
 public:
  struct mark_t {
    std::size_t block, used;
  };
  mark_t mark() const noexcept { return {cur_, blocks_.empty() ? 0 : blocks_[cur_].used}; }
  void release(mark_t m) noexcept {
    for (std::size_t i = m.block + 1; i < blocks_.size(); ++i) blocks_[i].used = 0;
    cur_ = m.block;
    if (!blocks_.empty()) blocks_[cur_].used = m.used;
  }
  u64* take(std::size_t n) {
    while (cur_ < blocks_.size() && blocks_[cur_].size - blocks_[cur_].used < n) {
      if (cur_ + 1 == blocks_.size()) break;
      ++cur_;
    }
    if (blocks_.empty() || blocks_[cur_].size - blocks_[cur_].used < n) {
      const std::size_t last = blocks_.empty() ? 0 : blocks_.back().size;
      const std::size_t size = std::max({n, 2 * last, std::size_t(1) << 15});
      blocks_.push_back({std::make_unique<u64[]>(size), size, 0});
      cur_ = blocks_.size() - 1;
    }
    u64* p = blocks_[cur_].data.get() + blocks_[cur_].used;
    blocks_[cur_].used += n;
    return p;
  }

 private:
  struct block {
    std::unique_ptr<u64[]> data;
    std::size_t size, used;
  };
  std::vector<block> blocks_;
  std::size_t cur_ = 0;
};

arena& scratch() {
  thread_local arena a;
  return a;
}

struct frame {
  arena& a;
  arena::mark_t m;
  explicit frame(arena& ar) : a(ar), m(ar.mark()) {}
  ~frame() { a.release(m); }
  frame(const frame&) = delete;
  frame& operator=(const frame&) = delete;
};

// ---- The base fields of the tower ------------------------------------------------------------
// The trees below are written once over a base field whose elements are W words: the limbs
// (GF(2^64) nimbers, W = 1), or the chunks of big/chunks.hpp (GF(2^512) in the power basis of
// h = 2^511, W = 8). All sizes and counts are in elements; word offsets are element offsets
// times W. A base provides the leaves: pairwise products, the twist (the product by the half
// Fermat power of the base field, and by its square), squares, square roots and an inverse.

constexpr u64 kHalf64 = u64(1) << 63;  // 2^63, the half Fermat power of GF(2^64)

// Besides the leaves, each base says how the trees use it (measured on the machine of
// docs/big.md):
//   breadth_first_levels  mul_levels above the blocks, up to the breadth limit
//   constant_trees        the twist of a short run of single vectors may use the constant's
//                         own tree (half_const)
//   kFusedPairsFrom       from this many nodes the last tree level is one call, pairs() (0: never)
//   kHalfInKernel         half-power maps of up to this many elements are one call, half() (0: never)
struct limb_base {
  static constexpr std::size_t W = 1;
  static constexpr bool breadth_first_levels = true;
  static constexpr bool constant_trees = true;
  static constexpr std::size_t kFusedPairsFrom = 0;
  static constexpr std::size_t kHalfInKernel = 0;

  static void mul(const u64* a, const u64* b, u64* out, std::size_t n) {
    if (n == 1) return void(out[0] = nimber::mul(a[0], b[0]));
    batch::mul(std::span(a, n), std::span(b, n), std::span(out, n));
  }
  // Products by 2^63 and (2^63)^2, each a batch::multiplier built once: its prepared matrix
  // runs at the linear-map speed of the kernel, where a pairwise product with a run of copies
  // of the constant costs a full product.
  static void twist(const u64* x, u64* out, std::size_t n, bool squared) {
    if (n < 8) {  // a batch call costs more than a few table lookups
      for (std::size_t i = 0; i < n; ++i)
        out[i] = squared ? detail::kTables.mul_half64(detail::kTables.mul_half64(x[i]))
                         : detail::kTables.mul_half64(x[i]);
      return;
    }
    static const batch::multiplier half(kHalf64), half_squared(nimber::mul(kHalf64, kHalf64));
    (squared ? half_squared : half).mul(std::span(x, n), std::span(out, n));
  }
  static void square(const u64* x, u64* out, std::size_t n) { batch::square(std::span(x, n), std::span(out, n)); }
  static void sqrt(const u64* x, u64* out, std::size_t n) { batch::sqrt(std::span(x, n), std::span(out, n)); }
};

struct chunk_base {
  static constexpr std::size_t W = chunks::kWords;
  // Depth-first halving above the blocks balances the two cores better on chunks: 4.3 ms
  // against 5.3 for the breadth-first levels at 2^20 bits (medians, interleaved runs).
  static constexpr bool breadth_first_levels = false;
  static constexpr bool constant_trees = false;  // the twist is a shift: always split
  // The fused last level from 8 nodes: below, the padding of the kernel's groups costs more
  // than the reduction it saves. The half-power map of up to 16 chunks is all in registers on
  // AVX-512, straight from and to any chunk layout.
  static constexpr std::size_t kFusedPairsFrom = 8;
  static constexpr std::size_t kHalfInKernel = detail::kernels::kHalfChunks;

  static const detail::kernels::chunk_ops& ops() noexcept { return *detail::kernels::active().chunks; }
  static void mul(const u64* a, const u64* b, u64* out, std::size_t n) {
    ops().mul(chunks::constants(), a, b, out, n);
  }
  static void pairs(const u64* a0, const u64* a1, const u64* b0, const u64* b1, u64* out0, u64* out1,
                    std::size_t n) {
    ops().pairs(chunks::constants(), a0, a1, b0, b1, out0, out1, n);
  }
  static void twist(const u64* x, u64* out, std::size_t n, bool squared) {
    ops().twist(chunks::constants(), x, out, n, squared);
  }
  static void square(const u64* x, u64* out, std::size_t n) { ops().square(chunks::constants(), x, out, n); }
  static void half(const u64* x, detail::kernels::chunk_layout in, u64* out, detail::kernels::chunk_layout to,
                   std::size_t V, std::size_t m, bool accumulate) {
    ops().half(chunks::constants(), x, in, out, to, V, m, accumulate);
  }
};

// The XOR row passes (src/kernels/generic/rows.hpp). Long ones run on the active kernel's build for
// its instruction set (chosen and forced with it); short ones, where a call through the
// kernel table costs more than the pass (the trees of 2^10 to 2^12 bits are mostly such),
// inline here on the baseline build of the same template.
struct row_pass {
  using local = detail::kernels::row_passes<row_pass>;
  static constexpr std::size_t kShort = 256;  // words per pass
  static const detail::kernels::ops& kernel() noexcept { return detail::kernels::active(); }

  static void split(const u64* x0, const u64* x1, std::size_t in_stride, u64* lo, u64* mid, u64* hi,
                    std::size_t out_stride, std::size_t rows, std::size_t n) noexcept {
    if (rows * n < kShort) local::split(x0, x1, in_stride, lo, mid, hi, out_stride, rows, n);
    else kernel().split(x0, x1, in_stride, lo, mid, hi, out_stride, rows, n);
  }
  static void join(const u64* ll, const u64* mm, const u64* hh, std::size_t in_stride, u64* lo, u64* hi,
                   std::size_t out_stride, std::size_t rows, std::size_t n) noexcept {
    if (rows * n < kShort) local::join(ll, mm, hh, in_stride, lo, hi, out_stride, rows, n);
    else kernel().join(ll, mm, hh, in_stride, lo, hi, out_stride, rows, n);
  }
  static void add(const u64* a, const u64* b, std::size_t in_stride, u64* out, std::size_t out_stride,
                  std::size_t rows, std::size_t n) noexcept {
    if (rows * n < kShort) local::add(a, b, in_stride, out, out_stride, rows, n);
    else kernel().add(a, b, in_stride, out, out_stride, rows, n);
  }
};

void xor_into(u64* dst, const u64* src, std::size_t n) noexcept { row_pass::add(dst, src, 0, dst, 0, 1, n); }

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

std::size_t leaf_count(std::size_t n) noexcept {
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

template <class Base>
void mul_half_run(const u64* x, std::size_t xs, u64* y, std::size_t ys, std::size_t V, std::size_t m, arena& ar);

// The same run layout in and out (in place allowed).
template <class Base>
void mul_half_run(const u64* x, u64* y, std::size_t V, std::size_t m, std::size_t stride, arena& ar) {
  mul_half_run<Base>(x, stride, y, stride, V, m, ar);
}

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

// ---- The product by the half Fermat power ------------------------------------------------
// Two routes to y = x * (F/2) (half_split and, on limbs, half_const); half_run picks one.
//
// half_const: a product by a constant c = c1 F + c0 is the tower step with b = c, and the
// F/2 there multiplies the constant only: x c = ((x0 + x1)(c0 + c1) + x0 c0) F
// + (x0 c0 + x1 (c1 F/2)). With the constant's tree precomputed (children c0, c0 + c1 and
// c1 F/2 at each node), the product is the operand's tree, one pairwise batch::mul with
// the constant's leaves, and XORs back up: no half-power maps inside at all.
constexpr std::size_t kConstMax = 256;  // limbs; the cached leaves up to this size take about 80 KiB
template <class Base>
void mul_half_split(const u64* x, std::size_t xs, u64* y, std::size_t ys, std::size_t V, std::size_t m, arena& ar);

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

// One vector of m >= 2 limbs, contiguous. In place allowed.
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

// half_split, the tower_mul_half recursion of arith.hpp over V vectors at once:
// (x1 F + x0) * (F/2) = h'(x0 + x1) F + h'(h'(x1)) with h' the half-field map. x has row
// stride xs, y has ys (rows of V elements); at m = 2 the two nested twists fold into one by the
// square, and a kernel may take the last levels whole. Two ways to order a level, each the
// faster for its leaves:
//  - limbs, whose leaves are batch calls that want long rows: h' on 3V half vectors as one run
//    of 2V ([x0 + x1 | x1] copied into a buffer) and one of V, then copied back;
//  - chunks, whose leaves are a register kernel: no copies. Out of place, the high half of y
//    gets x0 + x1 and then h' in place, the low half h'(x1) and then h' in place again; in
//    place, h'(x1) goes to a temporary first, then x1 += x0 and h' in place, and h' of the
//    temporary lands in the low half. (On limbs this order was 1.2 to 1.5 times slower at
//    2^18 bits; on chunks the copies were a third of a 2^20-bit square.)
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

// On limbs, runs of 8 vectors or more split: their leaf rows are long enough for the
// multiplier, whose (2/3) 3^log2(m) linear maps cost less than the constant tree's 3^log2(m)
// products (8 was the fastest of 2, 4, 8, 16 and 32 for the 2^16- and 2^20-bit products and
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

// mul_half_run in place, shared with the second core from kParallelMap words (defined with the
// helper).
constexpr std::size_t kParallelMap = 8192;
template <class Base>
void mul_half_shared(u64* x, std::size_t V, std::size_t m, std::size_t stride, arena& ar);

// ---- Squaring and square roots: linear, no products ---------------------------------------
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

// ---- A second core for the top levels ------------------------------------------------------
// One persistent helper thread (with its own thread_local arena) runs one job at a time: one
// of the independent halves of a large level. It is free again as soon as its job ends, so a
// caller whose own half is still running hands the helper the next piece it splits (a product
// reaches it again on its second and third half products, which balances the two cores). A
// caller that finds it busy computes alone, so there is never a wait for a free helper, and a
// job that splits further on the helper itself just runs inline.
//
// A hand-over is one compare-and-swap of the job slot and one flag in the caller's ticket,
// with no lock on the way: jobs come microseconds apart (a 2^16-bit square is three of them),
// and each cache line that crosses between the cores costs a few hundred cycles. Both sides
// spin for about 50 microseconds before they sleep on the condition variable, because waking
// a sleeping thread took tens of microseconds on the VMs this was measured on. The flags are
// sequentially consistent: a side that goes to sleep announces it before its last look at
// the flag, and the other side looks at that announcement after setting the flag (and then
// notifies under the mutex), so no wake-up can be lost.
class helper_thread {
 public:
  // One job and its completion, in the frame of the caller that starts it.
  struct ticket {
    void (*run)(const void*) = nullptr;
    const void* job = nullptr;
    std::exception_ptr error;
    std::atomic<bool> finished{false};
  };

  // nullptr on a machine with one core.
  static helper_thread* instance() {
    static helper_thread* h = std::thread::hardware_concurrency() > 1 ? new helper_thread : nullptr;
    return h;  // never destroyed: it may still sleep at exit
  }

  // Starts t on the helper unless it has a job; then wait(t) must follow before the caller's
  // frame (which the job may write into) ends.
  bool try_start(ticket& t) {
    ticket* idle = nullptr;
    if (!slot_.compare_exchange_strong(idle, &t)) return false;
    if (helper_sleeps_.load()) {
      std::lock_guard lock(mu_);
      cv_.notify_all();
    }
    return true;
  }

  // Waits for the job of t and rethrows what it threw (std::bad_alloc).
  void wait(ticket& t) {
    if (!spin_until([&t] { return t.finished.load(std::memory_order_acquire); })) {
      std::unique_lock lock(mu_);
      ++sleeping_callers_;
      cv_.wait(lock, [&t] { return t.finished.load(); });
      --sleeping_callers_;
    }
    if (t.error) std::rethrow_exception(t.error);
  }

 private:
  helper_thread() { std::thread([this] { run(); }).detach(); }

  // Spins until ready() or for about 50 microseconds; returns ready().
  template <class Ready>
  static bool spin_until(Ready ready) noexcept {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    for (;;) {
      for (int i = 0; i < 64; ++i) {
        if (ready()) return true;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
      if (std::chrono::steady_clock::now() > until) return ready();
    }
  }

  void run() {
    for (;;) {
      ticket* t = nullptr;
      if (!spin_until([&] { return (t = slot_.load(std::memory_order_acquire)) != nullptr; })) {
        std::unique_lock lock(mu_);
        helper_sleeps_.store(true);
        cv_.wait(lock, [&] { return (t = slot_.load()) != nullptr; });
        helper_sleeps_.store(false, std::memory_order_relaxed);
      }
      try {
        t->run(t->job);
      } catch (...) {
        t->error = std::current_exception();
      }
      // Free for the next job first; nothing of *t after `finished`, which ends its frame.
      slot_.store(nullptr, std::memory_order_release);
      t->finished.store(true);
      if (sleeping_callers_.load() > 0) {
        std::lock_guard lock(mu_);
        cv_.notify_all();
      }
    }
  }

  std::atomic<ticket*> slot_{nullptr};  // the posted or running job, nullptr when idle
  std::atomic<bool> helper_sleeps_{false};
  std::atomic<int> sleeping_callers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

// ---- The product -------------------------------------------------------------------------
// Thresholds in limbs (words), the same bytes on either base. From this size (2^16 bits) up,
// the product uses the helper thread for part of its work.
constexpr std::size_t kParallelLimbs = 1024;
std::size_t g_block_limbs = 512;  // 2^15 bits: fastest of 16..2048 at 2^16 and 2^20 bits here
// Up to this size (2^20 bits) the levels above the blocks are breadth-first too (mul_levels,
// working memory about 3 n^1.58 limbs); above it, depth-first halving keeps memory linear.
std::size_t g_breadth_limbs = 16384;

template <class Base>
std::size_t block_elements() noexcept { return std::max<std::size_t>(2, g_block_limbs / Base::W); }
template <class Base>
std::size_t breadth_elements() noexcept { return g_breadth_limbs / Base::W; }

std::atomic<bool> g_helper_enabled{true};  // set_helper_thread

// Runs there(arena) on the helper thread if it is free, else on this thread after here(),
// and returns when both are done. The helper may write into the caller's frame, so an
// exception from here() waits for it before propagating.
template <class There, class Here>
void run_pair(bool parallel, const There& there, const Here& here, arena& ar) {
  helper_thread* helper =
      parallel && g_helper_enabled.load(std::memory_order_relaxed) ? helper_thread::instance() : nullptr;
  helper_thread::ticket t;
  t.run = [](const void* job) { (*static_cast<const There*>(job))(scratch()); };
  t.job = &there;
  const bool shared = helper && helper->try_start(t);
  try {
    here();
  } catch (...) {
    if (shared) {
      try {
        helper->wait(t);
      } catch (...) {
      }
    }
    throw;
  }
  if (shared) helper->wait(t);
  else there(ar);
}

// mul_half_run in place, shared with the helper thread from kParallelMap words (below it the
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
    for (std::size_t w = 0; w < W; ++w) x[(j + h) * stride * W + w] = s[j * W + w], x[j * stride * W + w] = t[j * W + w];
}

// The Karatsuba tree of one block, breadth-first and element-major (see expand): the
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
// batched call. Depth-first, those maps were one long vector at a time and took about a
// quarter of a 2^20-bit product. `out` may alias a or b.
template <class Base>
void mul_levels(const u64* a, const u64* b, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = Base::W;
  const std::size_t block = block_elements<Base>();
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
    return mul_levels<Base>(a, b, out, n, ar);
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

// The inverse of one base element: a limb directly; a chunk by way of its nimber limbs.
void inverse_rec_limbs(const u64* x, u64* y, std::size_t n, arena& ar);

void base_inverse(limb_base, const u64* x, u64* y, arena&) { y[0] = nimber::inverse(x[0]); }
void base_inverse(chunk_base, const u64* x, u64* y, arena& ar) {
  frame f(ar);
  u64* t = ar.take(chunks::kWords);
  chunks::from_poly(x, t, 1);
  inverse_rec_limbs(t, t, chunks::kWords, ar);
  chunks::to_poly(t, y, 1);
}

// Inverse by the norm (arith.hpp, tower_inverse): with s = x0 + x1,
// N = x0 s + x1^2 * F/2 lies in the half field and x^-1 = (x1 F + s) / N.
// Cost about 1.5 full products: three half products per level, halving each time.
template <class Base>
void inverse_rec(const u64* x, u64* y, std::size_t n, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (n == 1) return base_inverse(Base{}, x, y, ar);
  const std::size_t h = n / 2, hw = h * W;
  frame f(ar);
  u64* s = ar.take(hw);
  u64* norm = ar.take(hw);
  u64* t = ar.take(hw);
  row_pass::add(x, x + hw, 0, s, 0, 1, hw);
  mul_rec<Base>(x, s, norm, h, ar);
  square_run<Base>(x + hw, t, 1, h, ar);
  mul_half_run<Base>(t, t, 1, h, 1, ar);
  xor_into(norm, t, hw);
  inverse_rec<Base>(norm, t, h, ar);  // t = 1 / N
  u64* hi = ar.take(hw);
  mul_rec<Base>(x + hw, t, hi, h, ar);
  mul_rec<Base>(s, t, y, h, ar);  // s is a copy, so y may alias x
  std::copy_n(hi, hw, y + hw);
}

void inverse_rec_limbs(const u64* x, u64* y, std::size_t n, arena& ar) { inverse_rec<limb_base>(x, y, n, ar); }

// ---- Routes --------------------------------------------------------------------------------
// Fields of 512 bits or more take the chunk route when the active kernel has carry-less
// multiplies: each 512-bit chunk converted to polynomial coordinates, the tree above the
// chunks run on them, the result converted back (big/chunks.hpp). Otherwise the limb tree.
bool chunk_route(std::size_t n) noexcept { return n >= chunks::kWords && detail::kernels::active().chunks != nullptr; }

// m chunks converted by conv, shared with the helper thread from 128 chunks (2^16 bits) in
// whole blocks of 64 (the conversion kernels work in blocks of up to 64 chunks).
constexpr std::size_t kConvertBlock = 64;

void convert_shared(void (*conv)(const u64*, u64*, std::size_t) noexcept, const u64* x, u64* y, std::size_t m,
                    arena& ar) {
  const std::size_t first = (m / 2 + kConvertBlock - 1) / kConvertBlock * kConvertBlock;
  if (m < 2 * kConvertBlock || first >= m) return conv(x, y, m);
  constexpr std::size_t W = chunks::kWords;
  run_pair(
      true, [&](arena&) { conv(x, y, first); }, [&] { conv(x + first * W, y + first * W, m - first); }, ar);
}

// Runs op(x, y, m chunks) on polynomial copies of the `inputs` operands of n limbs each, and
// writes the first result back in nimber coordinates: `out` may alias any input.
template <std::size_t Inputs, class Op>
void on_chunks(const u64* const (&in)[Inputs], u64* out, std::size_t n, arena& ar, Op op) {
  frame f(ar);
  const std::size_t m = n / chunks::kWords;
  u64* poly[Inputs];
  for (std::size_t i = 0; i < Inputs; ++i) {
    poly[i] = ar.take(n);
    convert_shared(chunks::to_poly, in[i], poly[i], m, ar);
  }
  op(static_cast<u64* const*>(poly), m);
  convert_shared(chunks::from_poly, poly[0], out, m, ar);
}

// Squares and square roots: linear, so the chunks' own squares ride on the conversion in
// and their roots on the conversion out (big/chunks.hpp), and the tree runs without leaves.
// From kTwoCoreChunks up, both cores take part in three steps, for a square:
//   1. each half converted and squared in the half field (independent), one per core;
//   2. the top level's x1^2 F/2 = h'(y0 + y1) F' + h'(h'(y1)) with (y1 F' + y0) = x1^2: the
//      two nested quarter maps on the helper, the other one here;
//   3. the high half converted back on the helper, the quarters added into the low half and
//      it converted back here.
// A root runs the same steps in the other order: conversion, the top map, the halves.
constexpr std::size_t kTwoCoreChunks = 128;  // 2^16 bits

// Step 2: lo = h'(h'(y1)) and hi = h'(y0 + y1) for the h chunks y = y1 F' + y0 (q = h / 2).
void top_half_quarters(const u64* y, std::size_t h, u64* lo, u64* hi, arena& ar) {
  constexpr std::size_t W = chunks::kWords;
  const std::size_t q = h / 2;
  run_pair(
      true,
      [&](arena& har) {
        mul_half_run<chunk_base>(y + q * W, 1, lo, 1, 1, q, har);
        mul_half_run<chunk_base>(lo, 1, lo, 1, 1, q, har);
      },
      [&] {
        row_pass::add(y, y + q * W, 0, hi, 0, 1, q * W);
        mul_half_run<chunk_base>(hi, 1, hi, 1, 1, q, ar);
      },
      ar);
}

void square_chunks(const u64* x, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = chunks::kWords;
  const std::size_t m = n / W, h = m / 2, q = m / 4;
  frame f(ar);
  u64* p = ar.take(n);
  if (m < kTwoCoreChunks) {
    chunks::to_poly_squared(x, p, m);
    square_run<chunk_base, false>(p, p, 1, m, ar);
    return chunks::from_poly(p, out, m);
  }
  u64* p1 = p + h * W;
  run_pair(
      true,
      [&](arena& har) {
        chunks::to_poly_squared(x + h * W, p1, h);
        square_run<chunk_base, false>(p1, p1, 1, h, har);
      },
      [&] {
        chunks::to_poly_squared(x, p, h);
        square_run<chunk_base, false>(p, p, 1, h, ar);
      },
      ar);
  u64* lo = ar.take(q * W);
  u64* hi = ar.take(q * W);
  top_half_quarters(p1, h, lo, hi, ar);
  run_pair(
      true, [&](arena&) { chunks::from_poly(p1, out + h * W, h); },
      [&] {
        xor_into(p, lo, q * W);
        xor_into(p + q * W, hi, q * W);
        chunks::from_poly(p, out, h);
      },
      ar);
}

void sqrt_chunks(const u64* x, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = chunks::kWords;
  const std::size_t m = n / W, h = m / 2, q = m / 4;
  frame f(ar);
  u64* p = ar.take(n);
  if (m < kTwoCoreChunks) {
    chunks::to_poly(x, p, m);
    sqrt_run<chunk_base, false>(p, p, 1, m, ar);
    return chunks::from_poly_rooted(p, out, m);
  }
  u64* p1 = p + h * W;
  convert_shared(chunks::to_poly, x, p, m, ar);
  u64* lo = ar.take(q * W);
  u64* hi = ar.take(q * W);
  top_half_quarters(p1, h, lo, hi, ar);
  run_pair(
      true,
      [&](arena& har) {
        sqrt_run<chunk_base, false>(p1, p1, 1, h, har);
        chunks::from_poly_rooted(p1, out + h * W, h);
      },
      [&] {
        xor_into(p, lo, q * W);
        xor_into(p + q * W, hi, q * W);
        sqrt_run<chunk_base, false>(p, p, 1, h, ar);
        chunks::from_poly_rooted(p, out, h);
      },
      ar);
}
}  // namespace

void mul(const u64* a, const u64* b, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return mul_rec<limb_base>(a, b, out, n, ar);
  const u64* const in[2] = {a, b};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { mul_rec<chunk_base>(p[0], p[1], p[0], m, ar); });
}

void square(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return square_run<limb_base>(x, out, 1, n, ar);
  square_chunks(x, out, n, ar);
}

void sqrt(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return sqrt_run<limb_base>(x, out, 1, n, ar);
  sqrt_chunks(x, out, n, ar);
}

void mul_half(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return mul_half_run<limb_base>(x, out, 1, n, 1, ar);
  const u64* const in[1] = {x};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { mul_half_run<chunk_base>(p[0], p[0], 1, m, 1, ar); });
}

void inverse(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return inverse_rec<limb_base>(x, out, n, ar);
  const u64* const in[1] = {x};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { inverse_rec<chunk_base>(p[0], p[0], m, ar); });
}

void limb_mul_half(const u64* x, u64* out, std::size_t n) { mul_half_run<limb_base>(x, out, 1, n, 1, scratch()); }

bool helper_thread_enabled() noexcept { return g_helper_enabled.load(std::memory_order_relaxed); }
void set_helper_thread(bool enabled) noexcept { g_helper_enabled.store(enabled, std::memory_order_relaxed); }

std::size_t block_limbs() noexcept { return g_block_limbs; }
void set_block_limbs(std::size_t n) noexcept { g_block_limbs = n < 2 ? 2 : n; }
std::size_t breadth_limbs() noexcept { return g_breadth_limbs; }
void set_breadth_limbs(std::size_t n) noexcept { g_breadth_limbs = n; }

}  // namespace nimber::big
