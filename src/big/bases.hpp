// The base fields of the tower: the limbs (limb_base) and the 512-bit chunks (chunk_base), and
// the XOR row passes (row_pass) that every tree pass runs on. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "big/chunks.hpp"
#include "kernels/generic/rows.hpp"
#include "kernels/kernel.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

using u64 = std::uint64_t;

// The trees (src/big/trees.hpp) are written once over a base field whose elements are W words: the limbs
// (GF(2^64) nimbers, W = 1), or the chunks of big/chunks.hpp (GF(2^512) in the power basis of
// h = 2^511, W = 8). All sizes and counts are in elements; word offsets are element offsets
// times W. A base provides the leaves: pairwise products, the twist (the product by the half
// Fermat power of the base field, and by its square), squares, square roots and an inverse.

inline constexpr u64 kHalf64 = u64(1) << 63;  // 2^63, the half Fermat power of GF(2^64)

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

  static const detail::kernels::chunk_ops& ops() noexcept { return detail::kernels::active_chunks(); }
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
// inline here on the baseline build of the same template. rows.hpp asks for a policy of internal
// linkage, so that no build for one instruction set replaces another's instantiation; row_pass
// is shared by the files of the tower instead, which are all built with the baseline flags, so
// every copy of its instantiation is the baseline one.
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

// dst ^= src over n words.
inline void xor_into(u64* dst, const u64* src, std::size_t n) noexcept { row_pass::add(dst, src, 0, dst, 0, 1, n); }

}  // namespace tower
}  // namespace nimber::big
