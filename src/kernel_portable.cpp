// The portable kernel: plain C++ built for the baseline target, present on every CPU; and
// the pclmul kernel, the same with the products of the scalar PCLMULQDQ path.
// Products use the scalar table tower of arith.hpp (fast_mul: Karatsuba down to bytes, one
// lookup in the 64 KiB product table); linear maps use eight 256-entry tables, one per
// input byte (linear_map::bytes). Measured faster than the log/exp-table tower
// (ref::log_tower_mul) at every batch size; see docs/kernels.md.
#include "kernels/kernel.hpp"
#include "kernels/rows.hpp"

namespace nimber::detail::kernels {
namespace {

void mul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = fast_mul<64>(a[i], b[i]);
}

void apply(const linear_map& m, const std::uint64_t* x, std::uint64_t* out, std::size_t n,
           bool accumulate) noexcept {
  if (accumulate)
    for (std::size_t i = 0; i < n; ++i) out[i] ^= m.bytes(x[i]);
  else
    for (std::size_t i = 0; i < n; ++i) out[i] = m.bytes(x[i]);
}

struct portable {};  // the row passes' instantiation tag (internal linkage)

}  // namespace

// No carry-less multiply here: big products stay on the limb tower (src/big_kernels.cpp).
const ops portable_ops = {"portable", true, &mul, &apply, &row_passes<portable>::split, &row_passes<portable>::join,
                          &row_passes<portable>::add, nullptr};

// The kernel for CPUs with PCLMULQDQ but not the SIMD kernels' GFNI (Intel before Ice Lake,
// AMD before Zen 4): this one with the products on the scalar clmul path (change of basis,
// one carry-less multiply; src/scalar_clmul.cpp, built with -mpclmul), about 2.7 times the
// byte tower's throughput; its chunk field is on 128-bit PCLMULQDQ (kernel_pclmul.cpp).
// dispatch.cpp selects it only where CPUID reports PCLMULQDQ.
const ops pclmul_ops = {"pclmul", true, &clmul_mul64_n, &apply, &row_passes<portable>::split,
                        &row_passes<portable>::join, &row_passes<portable>::add, &pclmul_chunk_ops};

}  // namespace nimber::detail::kernels
