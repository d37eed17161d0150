// The additive FFT under large GF(2)[x] products (fft.cpp; include/nimber/gf2x.hpp).
//
// Chen, Cheng, Kuo, Li and Yang, "Multiplication of polynomials over the binary field"
// (arXiv 1708.09746), after Lin, Chung and Han's additive FFT in the novel polynomial basis:
// the operands are cut into 32-bit pieces, each an element of GF(2^64) = GF(2)[z]/(z^64 + z^4
// + z^3 + z + 1) of degree < 32, so that the product of two pieces, and any sum of them, is
// the polynomial product itself (degree < 63, nothing to reduce). The two polynomials over
// GF(2^64) are evaluated on a subspace of 2^m points spanned by a Cantor basis v_0 = 1,
// v_i^2 + v_i = v_(i-1), multiplied pointwise, and interpolated back.
//
// With a Cantor basis the subspace polynomials are s_i = (x^2 + x) composed i times, whose
// coefficients are 0 or 1 (s_i = sum of x^(2^k) over the k whose bits lie in i, by Lucas),
// and s_i(v_k) = v_(k-i). Hence:
//   - the change to the novel basis X_j = prod_{bit i of j} s_i is division by the s_i, XORs
//     of whole 64-bit words only;
//   - the butterfly of level i on block r (the points whose index has the high bits r) uses
//     the constant s_i(shift of the block) = sum over the bits j of r of v_(j+1), the same
//     at every level.
// The transforms' field arithmetic (fft_ops) and the Cantor basis are with the leaves, one set
// per instruction set (kernels/gf2x_leaf.hpp). Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/gf2x_leaf.hpp"

namespace nimber::gf2x::detail {

// The changes of basis on x[0 .. 2^m) (basis.cpp): monomial -> novel, where only the
// first `used` words of x may be nonzero, and novel -> monomial. Division level by level by
// the s_i for small blocks, the Taylor expansion at x^t + x above (to_novel_taylor_levels).
void to_novel(std::uint64_t* x, unsigned m, std::size_t used) noexcept;
void from_novel(std::uint64_t* x, unsigned m) noexcept;
// The same maps by division level by level at every size: the reference the Taylor route is
// tested against.
void to_novel_by_levels(std::uint64_t* x, unsigned m, std::size_t used) noexcept;
void from_novel_by_levels(std::uint64_t* x, unsigned m) noexcept;

// out[0 .. na + nb) = a b through the transforms of `ops`; out does not overlap a or b.
// The transform has the power of two 2^m of points at or above the product's 2 (na + nb) - 1
// pieces, or, where it is cheaper, 2^(m-1): that gives the product modulo s_(m-1), and its
// coefficients from 2^(m-1) up, which depend only on the operands' top pieces, come from a
// smaller product of those (recursively planned the same way).
void fft_mul(const fft_ops& ops, const std::uint64_t* a, std::size_t na, const std::uint64_t* b, std::size_t nb,
             std::uint64_t* out);
// Frees this thread's transform buffers (fft_mul keeps them, sized for its largest product).
void release_fft_buffers() noexcept;
// The cost of fft_mul on na x nb limbs, in units of one transform step (m 2^m for 2^m points).
double fft_product_cost(std::size_t na, std::size_t nb) noexcept;
// How many of the highest coefficients (32-bit pieces) fft_mul on na x nb limbs takes from the
// smaller product of the top pieces; 0 when it transforms the whole product.
std::size_t fft_wrapped_top(std::size_t na, std::size_t nb) noexcept;

}  // namespace nimber::gf2x::detail
