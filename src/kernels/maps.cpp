// The map builders of the kernel interface (kernel.hpp): a GF(2)-linear map given by its
// column images, turned into the forms the kernels consume. Compiled for the baseline target.
#include <cstdint>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

// Hacker's Delight, 7-3: transposes the 8x8 bit matrix whose row i is byte i of x.
static std::uint64_t transpose8x8(std::uint64_t x) noexcept {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ (t << 28);
}

// The gf2p8affineqb operand of the 8x8 block whose byte j is the output byte's image of input
// bit j: bit 8j+i of q is the matrix entry (output bit i, input bit j), and gf2p8affineqb
// wants that entry at bit 8(7-i)+j: transpose, then reverse the bytes.
static std::uint64_t affine_block(std::uint64_t q) noexcept { return __builtin_bswap64(transpose8x8(q)); }

void build_chunk_map(chunk_map& m, const std::uint64_t (*images)[8]) noexcept {
  for (int r = 0; r < 64; ++r)
    for (int s = 0; s < 64; ++s) {
      std::uint64_t q = 0;
      for (int j = 0; j < 8; ++j) q |= (images[8 * s + j][r / 8] >> (8 * (r % 8)) & 0xFF) << (8 * j);
      m.gfni[r][s] = affine_block(q);
    }
}

void build_linear_map(linear_map& m, const std::uint64_t (&cols)[64], bool with_bytes) noexcept {
  for (int j = 0; j < 64; ++j) m.cols[j] = cols[j];
  // Block (r, s): q has byte j = byte r of the image of bit 8s+j.
  for (int r = 0; r < 8; ++r)
    for (int s = 0; s < 8; ++s) {
      std::uint64_t q = 0;
      for (int j = 0; j < 8; ++j) q |= (cols[8 * s + j] >> (8 * r) & 0xFF) << (8 * j);
      m.gfni[r][s] = affine_block(q);
    }
  m.has_bytes = with_bytes;
  if (!with_bytes) return;
  for (int i = 0; i < 8; ++i) {  // each entry is an earlier one plus one bit image
    m.bytes.table[i][0] = 0;
    for (unsigned v = 1; v < 256; ++v) {
      const unsigned low = v & (0u - v);
      m.bytes.table[i][v] = m.bytes.table[i][v ^ low] ^ cols[8 * i + __builtin_ctz(low)];
    }
  }
}

}  // namespace nimber::detail::kernels
