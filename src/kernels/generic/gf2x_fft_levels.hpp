// The order of the additive FFT's butterflies (src/gf2x/fft.hpp), written once for the leaves'
// translation units (generic/gf2x_portable.cpp, x86/gf2x_pclmul.cpp, x86/gf2x_vpclmul.cpp), each
// instantiating it with its own butterflies: a policy B with
//   static void butterfly(u64* x, std::size_t h, u64 s)    x[j] += s x[j+h]; x[j+h] += x[j]
//   static void unbutterfly(u64* x, std::size_t h, u64 s)  the inverse
// In an anonymous namespace on purpose: each translation unit gets its own copy, built with
// its own target flags. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/gf2x_leaf.hpp"

namespace nimber::gf2x::detail {
namespace {

// Butterflies one product at a time, for a multiplier by a constant: Constant(s) prepares s
// once per block, c.times(x) is s x in GF(2^64). Level i of the transform on one block
// (h = 2^i): with s its constant, the values at the block's two halves of points are f0 + s f1
// and that plus f1.
template <class Constant>
struct scalar_butterflies {
  template <bool Inverse>
  static void run(std::uint64_t* x, std::size_t h, std::uint64_t s) noexcept {
    if (s == 0) {
      for (std::size_t j = 0; j < h; ++j) x[j + h] ^= x[j];
      return;
    }
    const Constant c(s);
    for (std::size_t j = 0; j < h; ++j) {
      if (Inverse) x[j + h] ^= x[j];
      x[j] ^= c.times(x[j + h]);
      if (!Inverse) x[j + h] ^= x[j];
    }
  }
  static void butterfly(std::uint64_t* x, std::size_t h, std::uint64_t s) noexcept { run<false>(x, h, s); }
  static void unbutterfly(std::uint64_t* x, std::size_t h, std::uint64_t s) noexcept { run<true>(x, h, s); }
  template <bool Inverse>
  static void level(std::uint64_t* x, std::size_t h, std::size_t count, const std::uint64_t* s) noexcept {
    for (std::size_t r = 0; r < count; ++r) run<Inverse>(x + 2 * h * r, h, s[r]);
  }
};

// Blocks of 2^kLocalLevels words go level by level (they stay in the first-level cache);
// above that, depth first.
constexpr unsigned kLocalLevels = 11;

// x: the 2^levels words of block R of level levels - 1. Level i's blocks in x are the global
// blocks R 2^(levels-1-i) + r; consecutive constants differ by one prefix sum.
template <class B, bool Inverse>
void local_levels(std::uint64_t* x, unsigned levels, std::uint64_t R, const cantor_constants& k) noexcept {
  std::uint64_t s[(std::size_t(1) << (kLocalLevels - 1)) + 8] = {};
  for (unsigned step = 0; step < levels; ++step) {
    const unsigned i = Inverse ? step : levels - 1 - step;
    const std::size_t h = std::size_t(1) << i;
    const std::uint64_t first = R << (levels - 1 - i), count = std::uint64_t(1) << (levels - 1 - i);
    s[0] = block_constant(k, first);
    for (std::uint64_t r = 1; r < count; ++r) s[r] = s[r - 1] ^ k.prefix[__builtin_ctzll(first + r) + 1];
    B::template level<Inverse>(x, h, std::size_t(count), s);
  }
}

template <class B>
void forward_block(std::uint64_t* x, unsigned levels, std::uint64_t R, const cantor_constants& k) noexcept {
  if (levels <= kLocalLevels) return local_levels<B, false>(x, levels, R, k);
  const std::size_t h = std::size_t(1) << (levels - 1);
  B::butterfly(x, h, block_constant(k, R));
  forward_block<B>(x, levels - 1, 2 * R, k);
  forward_block<B>(x + h, levels - 1, 2 * R + 1, k);
}

template <class B>
void inverse_block(std::uint64_t* x, unsigned levels, std::uint64_t R, const cantor_constants& k) noexcept {
  if (levels <= kLocalLevels) return local_levels<B, true>(x, levels, R, k);
  const std::size_t h = std::size_t(1) << (levels - 1);
  inverse_block<B>(x, levels - 1, 2 * R, k);
  inverse_block<B>(x + h, levels - 1, 2 * R + 1, k);
  B::unbutterfly(x, h, block_constant(k, R));
}

template <class B>
void fft_forward(std::uint64_t* a, unsigned m) noexcept {
  forward_block<B>(a, m, 0, cantor());
}

template <class B>
void fft_inverse(std::uint64_t* a, unsigned m) noexcept {
  inverse_block<B>(a, m, 0, cantor());
}

}  // namespace
}  // namespace nimber::gf2x::detail
