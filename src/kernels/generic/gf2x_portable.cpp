// The portable leaf of the GF(2)[x] product: 64 x 64-bit carry-less products from a table of
// the 16 multiples v b (v < 16) of one operand, a nibble of the other at a time, and squares
// by spreading each byte to 16 bits. The additive FFT's butterflies (src/gf2x/fft.hpp) multiply
// in GF(2^64) the same way, one table per butterfly constant.
#include "kernels/generic/gf2x_fft_levels.hpp"
#include "kernels/gf2x_leaf.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;

// The multiples v a for v < 16: 67-bit values, low limb and the 3 bits above it.
struct nibble_table {
  u64 lo[16], hi[16];
  explicit nibble_table(u64 a) noexcept {
    lo[0] = hi[0] = 0;
    lo[1] = a, hi[1] = 0;
    for (int v = 2; v < 16; ++v) {
      if (v % 2 == 0) {
        lo[v] = lo[v / 2] << 1;
        hi[v] = hi[v / 2] << 1 | lo[v / 2] >> 63;
      } else {
        lo[v] = lo[v - 1] ^ a;
        hi[v] = hi[v - 1];
      }
    }
  }
  // a b as two limbs.
  void mul(u64 b, u64& rlo, u64& rhi) const noexcept {
    u64 l = lo[b & 15], h = hi[b & 15];
    for (int s = 4; s < 64; s += 4) {
      const unsigned v = unsigned(b >> s) & 15;
      l ^= lo[v] << s;
      h ^= lo[v] >> (64 - s) ^ hi[v] << s;
    }
    rlo = l, rhi = h;
  }
};

void mul_portable(const u64* a, const u64* b, std::size_t n, u64* out) noexcept {
  for (std::size_t i = 0; i < 2 * n; ++i) out[i] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const nibble_table t(a[i]);
    for (std::size_t j = 0; j < n; ++j) {
      u64 lo, hi;
      t.mul(b[j], lo, hi);
      out[i + j] ^= lo;
      out[i + j + 1] ^= hi;
    }
  }
}

constexpr struct spread_table {
  std::uint16_t v[256];
  constexpr spread_table() : v{} {
    for (unsigned x = 0; x < 256; ++x) {
      unsigned s = 0;
      for (int i = 0; i < 8; ++i) s |= (x >> i & 1u) << (2 * i);
      v[x] = std::uint16_t(s);
    }
  }
} kSpread;

u64 spread32(u64 x) noexcept {
  return u64(kSpread.v[x & 255]) | u64(kSpread.v[x >> 8 & 255]) << 16 | u64(kSpread.v[x >> 16 & 255]) << 32 |
         u64(kSpread.v[x >> 24 & 255]) << 48;
}

void square_portable(const u64* a, std::size_t n, u64* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = spread32(a[i] & 0xFFFFFFFF);
    out[2 * i + 1] = spread32(a[i] >> 32);
  }
}

// ---- The additive FFT's butterflies (src/gf2x/fft.hpp) ----------------------------------------

// a b in GF(2^64) = GF(2)[z]/(z^64 + z^4 + z^3 + z + 1), a given by its table: the 127-bit
// product, its high half folded by z^64 = z^4 + z^3 + z + 1, and the few bits that fold
// pushes past z^63 folded once more.
u64 field_mul(const nibble_table& a, u64 b) noexcept {
  u64 lo, hi;
  a.mul(b, lo, hi);
  const u64 over = hi >> 60 ^ hi >> 61 ^ hi >> 63;  // degree < 4
  return lo ^ hi ^ hi << 1 ^ hi << 3 ^ hi << 4 ^ over ^ over << 1 ^ over << 3 ^ over << 4;
}

// Products by one butterfly constant, through the table of its 16 multiples.
struct table_constant {
  nibble_table t;
  explicit table_constant(u64 s) noexcept : t(s) {}
  u64 times(u64 x) const noexcept { return field_mul(t, x); }
};

void fft_pointwise(u64* a, const u64* b, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) a[i] = field_mul(nibble_table(a[i]), b[i]);
}

const fft_ops portable_fft = {&fft_forward<scalar_butterflies<table_constant>>,
                              &fft_inverse<scalar_butterflies<table_constant>>, &fft_pointwise};

}  // namespace

const leaf portable_leaf = {"portable", &mul_portable, &square_portable, 12, &portable_fft, 256, 0.63};

}  // namespace nimber::gf2x::detail
