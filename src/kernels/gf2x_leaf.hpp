// The leaves of the GF(2)[x] product (include/nimber/gf2x.hpp, src/gf2x/product.cpp):
// schoolbook products of two n-limb operands for n < the leaf's Karatsuba crossover, squares,
// and the butterflies of the additive FFT (src/gf2x/fft.hpp). One leaf per instruction
// set, each in its own translation unit built with its kernel's flags (generic/gf2x_portable.cpp,
// x86/gf2x_pclmul.cpp, x86/gf2x_vpclmul.cpp); the kernel registry (kernels/registry.cpp) holds
// the one that goes with each kernel. The interface is in plain limbs (pointers to 64-bit
// words and lengths), so the kernels need nothing from the big layer. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nimber::gf2x::detail {

// The additive FFT's field arithmetic in GF(2^64) = GF(2)[z]/(z^64 + z^4 + z^3 + z + 1).
struct fft_ops {
  // In place on 2^m values: evaluation (forward) and its inverse, in the novel basis.
  void (*forward)(std::uint64_t* a, unsigned m) noexcept;
  void (*inverse)(std::uint64_t* a, unsigned m) noexcept;
  // a[i] = a[i] b[i] in GF(2^64).
  void (*pointwise)(std::uint64_t* a, const std::uint64_t* b, std::size_t n) noexcept;
};

// The Cantor basis v_0 = 1, v_i^2 + v_i = v_(i-1) of GF(2^64), and prefix[t] = v_1 + ... + v_t
// (the constant of block r + 1 is that of block r plus prefix[1 + trailing zeros of r + 1]).
// Built once on first use (kernels/gf2x_cantor.cpp).
struct cantor_constants {
  std::uint64_t v[64];
  std::uint64_t prefix[65];
};
[[gnu::visibility("hidden")]] extern const cantor_constants& cantor() noexcept;

// The butterfly constant of block r: sum of v_(j+1) over the bits j of r.
inline std::uint64_t block_constant(const cantor_constants& c, std::uint64_t r) noexcept {
  std::uint64_t s = 0;
  for (unsigned j = 0; r != 0; ++j, r >>= 1)
    if (r & 1) s ^= c.v[j + 1];
  return s;
}

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

[[gnu::visibility("hidden")]] extern const leaf portable_leaf;  // generic/gf2x_portable.cpp
#if NIMBER_DETAIL_X86_KERNELS
[[gnu::visibility("hidden")]] extern const leaf pclmul_leaf;   // x86/gf2x_pclmul.cpp
[[gnu::visibility("hidden")]] extern const leaf vpclmul_leaf;  // x86/gf2x_vpclmul.cpp
#endif

}  // namespace nimber::gf2x::detail
