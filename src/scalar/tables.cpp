// The lookup tables behind the scalar fast paths, computed at compile time from the pure
// tower in arith.hpp (so they are as trustworthy as the tower, and tested against it).
#include "nimber/arith.hpp"

namespace nimber::detail {
namespace {

constexpr tables build_tables() {
  tables t{};
  for (unsigned a = 0; a < 256; ++a) {
    std::uint8_t row_bits[8]{};
    for (unsigned k = 0; k < 8; ++k) row_bits[k] = tower_mul<8>(std::uint8_t(a), std::uint8_t(1u << k));
    t.mul8[a][0] = 0;
    for (unsigned b = 1; b < 256; ++b) {
      const unsigned low = b & (0u - b);
      t.mul8[a][b] = std::uint8_t(t.mul8[a][b ^ low] ^ row_bits[__builtin_ctz(low)]);
    }
    t.inv8[a] = tower_inverse<8>(std::uint8_t(a));
    t.mul_half8[a] = tower_mul_half<8>(std::uint8_t(a));
  }
  fill_linear(t.mul_half16, [](std::uint16_t x) { return tower_mul_half<16>(x); });
  fill_linear(t.mul_half32, [](std::uint32_t x) { return tower_mul_half<32>(x); });
  fill_linear(t.mul_half64, [](std::uint64_t x) { return tower_mul_half<64>(x); });
  fill_linear(t.square64, [](std::uint64_t x) { return tower_square<64>(x); });
  fill_linear(t.sqrt64, [](std::uint64_t x) { return tower_sqrt<64>(x); });
  return t;
}

}  // namespace

constinit const tables kTables = build_tables();

}  // namespace nimber::detail
