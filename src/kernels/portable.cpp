// The portable kernel: plain C++ built for the baseline target, present on every CPU.
// Products use the scalar table tower of arith.hpp (fast_mul: Karatsuba down to bytes, one
// lookup in the 64 KiB product table); linear maps use eight 256-entry tables, one per
// input byte. Measured faster than the log/exp-table tower (ref::log_tower_mul) at every
// batch size; see docs/kernels.md.
#include "kernels/generic/byte_tables.hpp"
#include "kernels/generic/rows.hpp"
#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {
namespace {

void mul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = fast_mul<64>(a[i], b[i]);
}

struct portable {};  // the generic templates' instantiation tag (internal linkage)

}  // namespace

// No carry-less multiply here, so no chunk field (the registry's portable slots say so).
const ops portable_ops = {"portable",
                          true,
                          &mul,
                          &byte_table_maps<portable>::apply,
                          &row_passes<portable>::split,
                          &row_passes<portable>::join,
                          &row_passes<portable>::add};

}  // namespace nimber::detail::kernels
