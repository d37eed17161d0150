// The leaves of the GF(2)[x] product (include/nimber/gf2x.hpp): schoolbook products of two
// n-limb operands for n < the leaf's Karatsuba crossover, and squares. One set per
// instruction set, each in its own translation unit with its own target flags
// (gf2x_portable.cpp, gf2x_pclmul.cpp, gf2x_vpclmul.cpp); gf2x_mul.cpp picks one with the
// batch kernel. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>

#include "big/gf2x_fft.hpp"

namespace nimber::gf2x::detail {

// out[0 .. 2n) = a b, for 1 <= n <= kMaxLeafLimbs; out does not overlap a or b.
using leaf_mul_fn = void (*)(const std::uint64_t* a, const std::uint64_t* b, std::size_t n,
                             std::uint64_t* out) noexcept;
// out[0 .. 2n) = a^2 for any n; out does not overlap a.
using leaf_square_fn = void (*)(const std::uint64_t* a, std::size_t n, std::uint64_t* out) noexcept;

inline constexpr std::size_t kMaxLeafLimbs = 64;

struct leaf {
  const char* name;
  leaf_mul_fn mul;
  leaf_square_fn square;
  std::size_t karatsuba_limbs;  // Karatsuba from this many limbs up (<= kMaxLeafLimbs)
  const fft_ops* fft;           // the additive FFT's arithmetic, or nullptr (Karatsuba only)
  std::size_t fft_limbs;        // the FFT considered from this many limbs (shorter operand) up
  // The FFT on 2^m points costs about fft_cost 2^m m, Karatsuba on n limbs about n^log2(3),
  // in the same unit (fitted to bench/bench_gf2e.cpp's timings, docs/big.md): the FFT's cost
  // doubles at each power of two, so just above one Karatsuba stays cheaper.
  double fft_cost;
};

[[gnu::visibility("hidden")]] extern const leaf portable_leaf;
#if NIMBER_DETAIL_X86_KERNELS
[[gnu::visibility("hidden")]] extern const leaf pclmul_leaf;
[[gnu::visibility("hidden")]] extern const leaf vpclmul_leaf;
#endif

}  // namespace nimber::gf2x::detail
