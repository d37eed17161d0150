// Run-time choice of the batch kernel (the code behind nimber::batch).
//
// The library carries one kernel per instruction set, each compiled with its own target
// flags: "portable" (plain C++, every CPU), "pclmul" (the scalar PCLMULQDQ product in a
// loop, for CPUs without GFNI), "avx2" (AVX2 + GFNI + PCLMULQDQ) and "avx512" (AVX-512
// F/BW/VBMI/VBMI2 + GFNI + VPCLMULQDQ). Every instruction-set choice of the library goes with the
// kernel: the scalar 64/128-bit product path (arith.hpp), the chunk arithmetic of big products
// (big.hpp; kernels with carry-less multiplies only) and the GF(2)[x] leaf (gf2x.hpp), so
// forcing one forces them all.
// On first use it picks the best one this CPU supports (CPUID, cached), unless the
// environment variable NIMBER_KERNEL=portable|pclmul|avx2|avx512 names another, which
// is read once, then. force() switches at any time; all kernels give identical results.
#pragma once

#include <span>
#include <string_view>

namespace nimber::kernel {

struct info {
  std::string_view name;      // "portable", "pclmul", "avx2", "avx512"
  std::string_view requires_; // the instruction sets it needs, for display
  std::string_view scalar;    // the scalar 64/128-bit product path that goes with it
  bool supported;             // whether this CPU (and OS) can run it
};

// Every kernel built into the library, from the most portable to the fastest.
std::span<const info> list() noexcept;

// The name of the kernel that nimber::batch uses now.
std::string_view active() noexcept;

enum class force_status {
  ok,
  unknown,      // no kernel of that name
  unsupported,  // this CPU cannot run it
};

// Makes `name` the active kernel. On any status but ok the active kernel is unchanged. Safe
// while other threads compute: each batch call reads the kernel once, and every kernel gives
// the same answers (tests/unit/threads.cpp forces kernels during products).
force_status force(std::string_view name) noexcept;

// What became of NIMBER_KERNEL at first use: ok when unset or honoured; otherwise the
// automatic choice was kept and this says why.
force_status environment_status() noexcept;

// "ok", "unknown kernel", "kernel not supported by this CPU".
std::string_view to_string(force_status s) noexcept;

}  // namespace nimber::kernel
