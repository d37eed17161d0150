// The run-time choice of the scalar 64/128-bit product (arith.hpp, runtime_mul). Compiled for
// the baseline target: nothing here may use an instruction the CPU might lack.
#include "nimber/arith.hpp"
#include "nimber/kernel.hpp"

namespace nimber::detail {

// Constant-initialised, so a product from another file's static initialiser simply decides
// early; there is no initialisation-order hazard.
constinit std::atomic<scalar_path> active_scalar_path{scalar_path::undecided};

bool scalar_path_supported(scalar_path p) noexcept {
  if (p == scalar_path::portable) return true;
  if (p != scalar_path::clmul) return false;
  __builtin_cpu_init();  // in case this runs before libgcc's own constructor
  return __builtin_cpu_supports("pclmul");
}

scalar_path decide_scalar_path() noexcept {
  const scalar_path wanted = scalar_path_supported(scalar_path::clmul) && kernel::active() != "portable"
                                 ? scalar_path::clmul
                                 : scalar_path::portable;
  scalar_path expected = scalar_path::undecided;
  // Another thread may have decided (or forced) first; its choice stands.
  if (active_scalar_path.compare_exchange_strong(expected, wanted, std::memory_order_relaxed)) return wanted;
  return expected;
}

bool force_scalar_path(scalar_path p) noexcept {
  if (!scalar_path_supported(p)) return false;
  active_scalar_path.store(p, std::memory_order_relaxed);
  return true;
}

}  // namespace nimber::detail
