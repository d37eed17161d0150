// The run-time scalar 64- and 128-bit product and inverse behind arith.hpp. Internal: use
// arith.hpp.
#pragma once

#include <atomic>
#include <cstdint>

#include "nimber/detail/fermat_tower.hpp"

namespace nimber::detail {

// The scalar 64/128-bit product has two paths: clmul (src/scalar/clmul.cpp, a change of basis
// to GF(2)[x]/(x^64 + x^4 + x^3 + x + 1) and one PCLMULQDQ, 2-3x the portable path) and
// portable (fast_mul, the byte tower). The kernel registry (src/kernels/registry.cpp) picks
// the path with the batch kernel, at the first product or at kernel::force, and stores it
// here; both give identical results, so the choice never changes an answer.
//
// NIMBER_DETAIL_X86_KERNELS is 1 where the library carries the x86 kernels and the clmul
// path (x86-64, not built with NIMBER_PORTABLE); the build passes it to every user.
#if !defined(NIMBER_DETAIL_X86_KERNELS)
#define NIMBER_DETAIL_X86_KERNELS 0
#endif

enum class scalar_path : std::uint8_t { undecided, portable, clmul };
extern std::atomic<scalar_path> active_scalar_path;
// The registry's choice, made on first use; a product reads active_scalar_path first.
scalar_path decide_scalar_path() noexcept;

#if NIMBER_DETAIL_X86_KERNELS
// The clmul path's entry points that inline code calls; the library's own ones are in
// src/scalar/clmul_path.hpp.
std::uint64_t clmul_mul64(std::uint64_t a, std::uint64_t b) noexcept;
u128 clmul_mul128(u128 a, u128 b) noexcept;
// The 64-bit inverse in the polynomial basis: norms to GF(2^32) and GF(2^16) by conjugate
// tables and four products, then a 2^16-entry table (src/scalar/clmul.hpp). inverse(0) = 0.
std::uint64_t clmul_inverse64(std::uint64_t a) noexcept;
#endif

template <unsigned N, class U>
inline U runtime_mul(U a, U b) noexcept {
#if NIMBER_DETAIL_X86_KERNELS
  if constexpr (N == 64 || N == 128) {
    scalar_path path = active_scalar_path.load(std::memory_order_relaxed);
    if (path == scalar_path::undecided) [[unlikely]] path = decide_scalar_path();
    if (path == scalar_path::clmul) {
      if constexpr (N == 64) return clmul_mul64(a, b);
      else return clmul_mul128(a, b);
    }
  }
#endif
  return fast_mul<N>(a, b);
}

// The inverse on the run-time path: at 64 bits the clmul inverse where the product is on clmul;
// at 128 bits one norm step (as tower_inverse) over the run-time 64-bit product and inverse.
template <unsigned N, class U>
inline U runtime_inverse(U x) noexcept {
  if constexpr (N == 64) {
#if NIMBER_DETAIL_X86_KERNELS
    scalar_path path = active_scalar_path.load(std::memory_order_relaxed);
    if (path == scalar_path::undecided) [[unlikely]] path = decide_scalar_path();
    if (path == scalar_path::clmul) return clmul_inverse64(x);
#endif
    return fast_inverse<64>(x);
  } else if constexpr (N == 128) {
    const std::uint64_t x0 = std::uint64_t(x), x1 = std::uint64_t(x >> 64), s = x0 ^ x1;
    const std::uint64_t norm = runtime_mul<64>(x0, s) ^ fast_mul_half<64>(fast_square<64>(x1));
    const std::uint64_t inv_norm = runtime_inverse<64>(norm);
    return (U(runtime_mul<64>(x1, inv_norm)) << 64) | runtime_mul<64>(s, inv_norm);
  } else {
    return fast_inverse<N>(x);
  }
}

}  // namespace nimber::detail
