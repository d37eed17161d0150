// The row passes of the big-nimber Karatsuba trees (src/big/trees.hpp): plain loops over
// contiguous rows, written once and compiled in every ISA translation unit so that they
// vectorise for its registers (on AVX-512 they made the 2^20-bit product 14% faster than
// the baseline build). Instantiate only with a type from an anonymous namespace (internal
// linkage, as plane_kernel in planes.hpp).
//
// Both passes work on `rows` rows of n words; row r of an operand starts at base + r * stride.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nimber::detail::kernels {

template <class Isa>
struct row_passes {
  using u64 = std::uint64_t;

  // One Karatsuba level down: lo = x0, mid = x0 + x1, hi = x1.
  static void split(const u64* __restrict x0, const u64* __restrict x1, std::size_t in_stride, u64* __restrict lo,
                    u64* __restrict mid, u64* __restrict hi, std::size_t out_stride, std::size_t rows,
                    std::size_t n) noexcept {
    for (std::size_t r = 0; r < rows; ++r) {
      const u64* a = x0 + r * in_stride;
      const u64* b = x1 + r * in_stride;
      u64* l = lo + r * out_stride;
      u64* m = mid + r * out_stride;
      u64* h = hi + r * out_stride;
      for (std::size_t i = 0; i < n; ++i) l[i] = a[i], m[i] = a[i] ^ b[i], h[i] = b[i];
    }
  }

  // One level back up: lo = ll + hh, hi = mm + ll.
  static void join(const u64* __restrict ll, const u64* __restrict mm, const u64* __restrict hh, std::size_t in_stride,
                   u64* __restrict lo, u64* __restrict hi, std::size_t out_stride, std::size_t rows,
                   std::size_t n) noexcept {
    for (std::size_t r = 0; r < rows; ++r) {
      const u64* l = ll + r * in_stride;
      const u64* m = mm + r * in_stride;
      const u64* h = hh + r * in_stride;
      u64* o = lo + r * out_stride;
      u64* p = hi + r * out_stride;
      for (std::size_t i = 0; i < n; ++i) o[i] = l[i] ^ h[i], p[i] = m[i] ^ l[i];
    }
  }

  // out = a + b (row r of b at b + r * in_stride as well); out may be a, with equal strides.
  static void add(const u64* a, const u64* __restrict b, std::size_t in_stride, u64* out, std::size_t out_stride,
                  std::size_t rows, std::size_t n) noexcept {
    for (std::size_t r = 0; r < rows; ++r) {
      const u64* x = a + r * in_stride;
      const u64* y = b + r * in_stride;
      u64* o = out + r * out_stride;
      for (std::size_t i = 0; i < n; ++i) o[i] = x[i] ^ y[i];
    }
  }
};

}  // namespace nimber::detail::kernels
