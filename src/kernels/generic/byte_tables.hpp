// The linear maps of the kernels without GFNI: out[i] = M x[i] as the XOR of eight 256-entry
// tables, one per input byte (linear_map::bytes). Instantiate only with a type from an
// anonymous namespace (internal linkage), as row_passes in rows.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

template <class Isa>
struct byte_table_maps {
  static void apply(const linear_map& m, const std::uint64_t* x, std::uint64_t* out, std::size_t n,
                    bool accumulate) noexcept {
    if (accumulate)
      for (std::size_t i = 0; i < n; ++i) out[i] ^= m.bytes(x[i]);
    else
      for (std::size_t i = 0; i < n; ++i) out[i] = m.bytes(x[i]);
  }
};

}  // namespace nimber::detail::kernels
