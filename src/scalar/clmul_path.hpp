// The clmul scalar path's entry points used only inside the library (src/scalar/clmul.cpp):
// the pclmul batch kernel's products and the quadratic solver of the algebra layer. Those
// that arith.hpp's inline code calls are in include/nimber/detail/scalar_path.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "nimber/arith.hpp"

namespace nimber::detail {

#if NIMBER_DETAIL_X86_KERNELS
// out[i] = a[i] * b[i] on the clmul path, looped inside its translation unit (the products of
// the "pclmul" batch kernel). out may equal a or b.
void clmul_mul64_n(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;
// For b != 0: a root x of x^2 + b x + c (the other is x + b) in x, or false when there is none
// (trace(c / b^2) = 1). solve_poly: a byte-table map v -> w on the polynomial basis with
// w^2 + w = v whenever v has trace 0 (src/algebra/roots.cpp builds it). Only with the clmul path.
bool clmul_quadratic64(std::uint64_t b, std::uint64_t c, const byte_linear_map<std::uint64_t>& solve_poly,
                       std::uint64_t& x) noexcept;
// poly_map = phi M phi^-1: the GF(2)-linear map M on 64-bit nimbers, in the polynomial basis
// of the clmul path (v -> phi(M(phi^-1(v)))).
void clmul_basis_map(const byte_linear_map<std::uint64_t>& map, byte_linear_map<std::uint64_t>& poly_map) noexcept;
#endif

}  // namespace nimber::detail
