// Kernel selection: CPUID once, cached; NIMBER_KERNEL; kernel::force. Compiled for the
// baseline target: nothing here may use an instruction the CPU might lack.
#include <atomic>
#include <cstdlib>

#include "kernels/kernel.hpp"
#include "nimber/arith.hpp"
#include "nimber/kernel.hpp"

namespace nimber::detail::kernels {
namespace {

struct entry {
  const ops* kernel;
  kernel::info info;
};

// __builtin_cpu_supports reads CPUID and, for AVX/AVX-512, also XCR0 (OS support for the
// register state), so a kernel listed as supported can really run.
bool has_pclmul() noexcept { return __builtin_cpu_supports("pclmul"); }
bool has_avx2() noexcept {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("gfni") && has_pclmul();
}
bool has_avx512() noexcept {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("gfni") && __builtin_cpu_supports("vpclmulqdq");
}

const entry* entries() noexcept {
  static const entry table[] = {
      {&portable_ops, {"portable", "none (plain C++)", true}},
      {&pclmul_ops, {"pclmul", "PCLMULQDQ", has_pclmul()}},
      {&avx2_ops, {"avx2", "AVX2, GFNI, PCLMULQDQ", has_avx2()}},
      {&avx512_ops, {"avx512", "AVX-512 F/BW/VBMI/VBMI2, GFNI, VPCLMULQDQ", has_avx512()}},
  };
  return table;
}
constexpr std::size_t kCount = 4;

const entry* find(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kCount; ++i)
    if (entries()[i].info.name == name) return &entries()[i];
  return nullptr;
}

kernel::force_status check(const entry* e) noexcept {
  if (e == nullptr) return kernel::force_status::unknown;
  return e->info.supported ? kernel::force_status::ok : kernel::force_status::unsupported;
}

struct state {
  std::atomic<const entry*> current;
  kernel::force_status env_status = kernel::force_status::ok;
  state() noexcept {
    const entry* best = &entries()[0];
    for (std::size_t i = 0; i < kCount; ++i)
      if (entries()[i].info.supported) best = &entries()[i];
    if (const char* env = std::getenv("NIMBER_KERNEL"); env != nullptr && *env != '\0') {
      const entry* e = find(env);
      env_status = check(e);
      if (env_status == kernel::force_status::ok) best = e;
    }
    current.store(best, std::memory_order_relaxed);
  }
};

// Built on first use (thread-safe static), so NIMBER_KERNEL is read exactly once.
state& the_state() noexcept {
  static state s;
  return s;
}

}  // namespace

const ops& active() noexcept { return *the_state().current.load(std::memory_order_acquire)->kernel; }

}  // namespace nimber::detail::kernels

namespace nimber::kernel {

using detail::kernels::the_state;

std::span<const info> list() noexcept {
  static const info infos[] = {detail::kernels::entries()[0].info, detail::kernels::entries()[1].info,
                               detail::kernels::entries()[2].info, detail::kernels::entries()[3].info};
  return infos;
}

std::string_view active() noexcept { return the_state().current.load(std::memory_order_acquire)->info.name; }

force_status force(std::string_view name) noexcept {
  const auto* e = detail::kernels::find(name);
  const force_status s = detail::kernels::check(e);
  if (s == force_status::ok) {
    the_state().current.store(e, std::memory_order_release);
    // The scalar 64/128-bit product follows the kernel (portable forces the portable tower):
    // let the next product decide again.
    nimber::detail::active_scalar_path.store(nimber::detail::scalar_path::undecided,
                                             std::memory_order_relaxed);
  }
  return s;
}

force_status environment_status() noexcept { return the_state().env_status; }

std::string_view to_string(force_status s) noexcept {
  switch (s) {
    case force_status::ok: return "ok";
    case force_status::unknown: return "unknown kernel";
    case force_status::unsupported: return "kernel not supported by this CPU";
  }
  return "?";
}

}  // namespace nimber::kernel
