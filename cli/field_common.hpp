// What the field commands (cmd_field.cpp, cmd_matrix.cpp) share: each computes in the smallest
// field of 8, 16, 32, 64 or 128 bits holding its inputs.
#pragma once

#include <cstdint>

#include "nimber/arith.hpp"

namespace nimber::cli {

// Calls f.template operator()<U>() for the word type of the field of `bits` bits (>= 8).
template <class F>
auto with_field(unsigned bits, F&& f) {
  if (bits <= 8) return f.template operator()<std::uint8_t>();
  if (bits <= 16) return f.template operator()<std::uint16_t>();
  if (bits <= 32) return f.template operator()<std::uint32_t>();
  if (bits <= 64) return f.template operator()<std::uint64_t>();
  return f.template operator()<u128>();
}

}  // namespace nimber::cli
