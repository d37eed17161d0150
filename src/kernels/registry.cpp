// The kernel registry: every implementation built into the library, CPU detection (once,
// cached), NIMBER_KERNEL, and the one in force. An implementation is a table of slots
// (kernel.hpp): the batch kernel (nimber::batch), the chunk field of big products, the scalar
// 64/128-bit product path of arith.hpp, the GF(2)[x] leaf, the heap engines' scans and marks
// and the misère quotient check's gather; forcing one forces them all.
// Compiled for the baseline target: nothing here may use an instruction the CPU might lack.
#include <array>
#include <atomic>
#include <cstdlib>
#include <utility>

#include "kernels/kernel.hpp"
#include "nimber/arith.hpp"
#include "nimber/kernel.hpp"

namespace nimber::detail::kernels {
namespace {

using entry = registered_kernel;
using gf2x::detail::leaf;

#if NIMBER_DETAIL_X86_KERNELS
// __builtin_cpu_supports reads CPUID and, for AVX/AVX-512, also XCR0 (OS support for the
// register state), so a kernel listed as supported can really run. __builtin_cpu_init makes
// it safe from another unit's static initialiser, before libgcc's own constructor has run.
bool cpu_has(bool (*probe)()) noexcept {
  __builtin_cpu_init();
  return probe();
}
bool has_pclmul() noexcept {
  return cpu_has([] { return bool(__builtin_cpu_supports("pclmul")); });
}
bool has_avx2() noexcept {
  return cpu_has([] {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("gfni") && __builtin_cpu_supports("pclmul");
  });
}
bool has_avx512() noexcept {
  return cpu_has([] {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
           __builtin_cpu_supports("gfni") && __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul");
  });
}
#endif

constexpr std::string_view kPortableScalar = "byte tower (64 KiB product table)";
[[maybe_unused]] constexpr std::string_view kClmulScalar = "PCLMULQDQ change of basis";

// From the most portable to the fastest; the automatic choice is the last supported one.
std::span<const entry> entries() noexcept {
  static const entry table[] = {
      {{"portable", "none (plain C++)", kPortableScalar, true},
       {&portable_ops, nullptr, scalar_path::portable, &gf2x::detail::portable_leaf, nullptr, nullptr, nullptr, nullptr,
        "chunks heap_scan dense_scan bit_gather heap_marks"}},
#if NIMBER_DETAIL_X86_KERNELS
      {{"pclmul", "PCLMULQDQ", kClmulScalar, has_pclmul()},
       {&pclmul_ops, &pclmul_chunks, scalar_path::clmul, &gf2x::detail::pclmul_leaf, nullptr, nullptr, nullptr, nullptr,
        "heap_scan dense_scan bit_gather heap_marks"}},
      // The VPCLMULQDQ leaf needs AVX-512 registers, so AVX2 CPUs keep the 128-bit one.
      {{"avx2", "AVX2, GFNI, PCLMULQDQ", kClmulScalar, has_avx2()},
       {&avx2_ops, &avx2_chunks, scalar_path::clmul, &gf2x::detail::pclmul_leaf, nullptr, nullptr, nullptr, nullptr,
        "heap_scan dense_scan bit_gather heap_marks"}},
      {{"avx512", "AVX-512 F/BW/VBMI/VBMI2, GFNI, VPCLMULQDQ", kClmulScalar, has_avx512()},
       {&avx512_ops, &avx512_chunks, scalar_path::clmul, &gf2x::detail::vpclmul_leaf, &avx512_heap_scans, avx512_dense_scan,
        avx512_bit_gather, avx512_heap_marks, ""}},
#endif
  };
  return table;
}

const entry* find(std::string_view name) noexcept {
  for (const entry& e : entries())
    if (e.info.name == name) return &e;
  return nullptr;
}

kernel::force_status check(const entry* e) noexcept {
  if (e == nullptr) return kernel::force_status::unknown;
  return e->info.supported ? kernel::force_status::ok : kernel::force_status::unsupported;
}

// The chunk arithmetic of the last kernel made active that has one. A big product that took the
// chunk route finishes on chunk arithmetic even if a kernel without it (portable) is forced
// meanwhile; the chunk kernels share one representation, so switching among them mid-product
// changes no answer. Stored before `current`, so a thread that saw a chunk kernel active sees it.
constinit std::atomic<const chunk_ops*> last_chunks{nullptr};

void make_active(std::atomic<const entry*>& current, const entry* e) noexcept {
  if (e->slot.chunks != nullptr) last_chunks.store(e->slot.chunks, std::memory_order_release);
  current.store(e, std::memory_order_release);
  active_scalar_path.store(e->slot.scalar, std::memory_order_release);
}

struct state {
  std::atomic<const entry*> current{nullptr};
  kernel::force_status env_status = kernel::force_status::ok;
  state() noexcept {
    const entry* best = &entries().front();
    for (const entry& e : entries())
      if (e.info.supported) best = &e;
    if (const char* env = std::getenv("NIMBER_KERNEL"); env != nullptr && *env != '\0') {
      const entry* e = find(env);
      env_status = check(e);
      if (env_status == kernel::force_status::ok) best = e;
    }
    make_active(current, best);
  }
};

// Built on first use (thread-safe static), so NIMBER_KERNEL is read exactly once.
state& the_state() noexcept {
  static state s;
  return s;
}

}  // namespace

std::span<const registered_kernel> registered() noexcept { return entries(); }

const slots& active_slots() noexcept { return the_state().current.load(std::memory_order_acquire)->slot; }

const ops& active() noexcept { return *active_slots().batch; }

const chunk_ops& active_chunks() noexcept {
  const chunk_ops* c = active_slots().chunks;
  return c != nullptr ? *c : *last_chunks.load(std::memory_order_acquire);
}

const leaf& active_gf2x() noexcept {
  const leaf* l = active_slots().gf2x;
  return l != nullptr ? *l : gf2x::detail::portable_leaf;
}

}  // namespace nimber::detail::kernels

namespace nimber::detail {

// Constant-initialised, so a product from another unit's static initialiser simply decides
// early; there is no initialisation-order hazard.
constinit std::atomic<scalar_path> active_scalar_path{scalar_path::undecided};

scalar_path decide_scalar_path() noexcept {
  return kernels::active_slots().scalar;
}

}  // namespace nimber::detail

namespace nimber::kernel {

using detail::kernels::the_state;

std::span<const info> list() noexcept {
  // The entries' infos side by side, gathered once (at most the four kernels built).
  static const auto infos = [] {
    std::array<info, 4> all{};
    std::size_t count = 0;
    for (const auto& e : detail::kernels::entries()) all[count++] = e.info;
    return std::pair(all, count);
  }();
  return std::span(infos.first).first(infos.second);
}

std::string_view active() noexcept { return the_state().current.load(std::memory_order_acquire)->info.name; }

force_status force(std::string_view name) noexcept {
  const auto* e = detail::kernels::find(name);
  const force_status s = detail::kernels::check(e);
  if (s == force_status::ok) detail::kernels::make_active(the_state().current, e);
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
