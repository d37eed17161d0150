// The Fermat-power tower behind arith.hpp: the pure constexpr recursion (also the reference
// for the faster paths) and the table-driven paths on bytes. Internal: use arith.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "nimber/types.hpp"

namespace nimber::detail {


// The smallest nim_word holding N bits (N a power of two, 1..128).
template <unsigned N>
using word_t = std::conditional_t<
    (N <= 8), std::uint8_t,
    std::conditional_t<(N <= 16), std::uint16_t,
                       std::conditional_t<(N <= 32), std::uint32_t,
                                          std::conditional_t<(N <= 64), std::uint64_t, u128>>>>;

template <unsigned N, class U>
constexpr U low_mask() noexcept {
  if constexpr (N >= bits_of<U>) return U(~U(0));
  else return U((U(1) << N) - 1);
}

// ---- The pure tower: no tables, usable in constant expressions. -------------------------
// These are also the reference against which the table-driven paths below are tested.

// x * 2^(N-1) in the N-bit field. 2^(N-1) = 2^(M-1) * 2^M with M = N/2, so with
// H = 2^(M-1) and F = 2^M: (x1 F + x0)(H F) = ((x0 + x1) H) F + (x1 H) H.
template <unsigned N, class U>
constexpr U tower_mul_half(U x) noexcept {
  if constexpr (N == 1) {
    return x;
  } else {
    constexpr unsigned M = N / 2;
    const U x0 = x & low_mask<M, U>(), x1 = x >> M;
    return U(U(tower_mul_half<M>(U(x0 ^ x1)) << M) | tower_mul_half<M>(tower_mul_half<M>(x1)));
  }
}

// The product in the N-bit field by the tower step, down to single bits.
template <unsigned N, class U>
constexpr U tower_mul(U a, U b) noexcept {
  if constexpr (N == 1) {
    return a & b;
  } else {
    constexpr unsigned M = N / 2;
    constexpr U mask = low_mask<M, U>();
    const U a0 = a & mask, a1 = a >> M, b0 = b & mask, b1 = b >> M;
    const U lo = tower_mul<M>(a0, b0);
    const U hi = tower_mul<M>(U(a0 ^ a1), U(b0 ^ b1)) ^ lo;
    return U(U(hi << M) | U(lo ^ tower_mul_half<M>(tower_mul<M>(a1, b1))));
  }
}

// Squaring is GF(2)-linear: (x1 F + x0)^2 = x1^2 F + (x0^2 + x1^2 * F/2).
template <unsigned N, class U>
constexpr U tower_square(U x) noexcept {
  if constexpr (N == 1) {
    return x;
  } else {
    constexpr unsigned M = N / 2;
    const U s0 = tower_square<M>(U(x & low_mask<M, U>())), s1 = tower_square<M>(U(x >> M));
    return U(U(s1 << M) | U(s0 ^ tower_mul_half<M>(s1)));
  }
}

// The inverse of tower_square: s1 = sqrt(x1), s0 = sqrt(x0 + x1 * F/2).
template <unsigned N, class U>
constexpr U tower_sqrt(U x) noexcept {
  if constexpr (N == 1) {
    return x;
  } else {
    constexpr unsigned M = N / 2;
    const U x0 = x & low_mask<M, U>(), x1 = x >> M;
    return U(U(tower_sqrt<M>(x1) << M) | tower_sqrt<M>(U(x0 ^ tower_mul_half<M>(x1))));
  }
}

// Inverse by the norm to the half-size subfield: the conjugate of x = x1 F + x0 is
// x1 F + (x0 + x1) (F and F + 1 are the roots of t^2 + t + F/2), and
// N(x) = x * conj(x) = x0^2 + x0 x1 + x1^2 * F/2 lies in the subfield. 0 maps to 0.
template <unsigned N, class U>
constexpr U tower_inverse(U x) noexcept {
  if constexpr (N == 1) {
    return x;
  } else {
    constexpr unsigned M = N / 2;
    const U x0 = x & low_mask<M, U>(), x1 = x >> M;
    const U norm = U(tower_mul<M>(x0, U(x0 ^ x1)) ^ tower_mul_half<M>(tower_square<M>(x1)));
    const U inv_norm = tower_inverse<M>(norm);
    return U(U(tower_mul<M>(x1, inv_norm) << M) | tower_mul<M>(U(x0 ^ x1), inv_norm));
  }
}

// ---- Table-driven paths (tables built at compile time in src/scalar/tables.cpp). ---------------

// A GF(2)-linear map on B-byte words, applied as the XOR of one 256-entry table per byte.
template <class U>
struct byte_linear_map {
  U table[sizeof(U)][256];
  constexpr U operator()(U x) const noexcept {
    U r = 0;
    for (std::size_t i = 0; i < sizeof(U); ++i) r ^= table[i][std::uint8_t(x >> (8 * i))];
    return r;
  }
};

// Fill a byte_linear_map from the images of single bits: a linear map sends v to the XOR
// of the images of v's bits, so each entry is one earlier entry plus one bit image.
template <class U, class F>
constexpr void fill_linear(byte_linear_map<U>& map, F image_of_bit) {
  for (std::size_t i = 0; i < sizeof(U); ++i) {
    U image[8]{};
    for (unsigned k = 0; k < 8; ++k) image[k] = image_of_bit(U(U(1) << (8 * i + k)));
    map.table[i][0] = 0;
    for (unsigned v = 1; v < 256; ++v) {
      const unsigned low = v & (0u - v);
      map.table[i][v] = U(map.table[i][v ^ low] ^ image[__builtin_ctz(low)]);
    }
  }
}

struct tables {
  std::uint8_t mul8[256][256];                     // all products in GF(2^8)
  std::uint8_t inv8[256];                          // inverses in GF(2^8), inv8[0] = 0
  std::uint8_t mul_half8[256];                     // x * 2^7
  byte_linear_map<std::uint16_t> mul_half16;       // x * 2^15
  byte_linear_map<std::uint32_t> mul_half32;       // x * 2^31
  byte_linear_map<std::uint64_t> mul_half64;       // x * 2^63
  byte_linear_map<std::uint64_t> square64, sqrt64; // x^2 and its inverse map
};
extern const tables kTables;

template <unsigned N, class U>
inline U fast_mul_half(U x) noexcept {
  if constexpr (N == 8) return kTables.mul_half8[std::uint8_t(x)];
  else if constexpr (N == 16) return kTables.mul_half16(std::uint16_t(x));
  else if constexpr (N == 32) return kTables.mul_half32(std::uint32_t(x));
  else if constexpr (N == 64) return kTables.mul_half64(std::uint64_t(x));
  else return tower_mul_half<N>(x);
}

// The tower step down to bytes, then one lookup in the 64 KiB product table: the portable
// scalar product (measured against an 8-bit log/exp leaf and the 16-bit log tables in
// docs/benchmarks.md). mul() uses it where the clmul path below is not available.
template <unsigned N, class U>
inline U fast_mul(U a, U b) noexcept {
  if constexpr (N <= 8) {
    return kTables.mul8[std::uint8_t(a)][std::uint8_t(b)];
  } else {
    constexpr unsigned M = N / 2;
    using H = word_t<M>;
    const H a0 = H(a), a1 = H(a >> M), b0 = H(b), b1 = H(b >> M);
    const H lo = fast_mul<M>(a0, b0);
    const H hi = H(fast_mul<M>(H(a0 ^ a1), H(b0 ^ b1)) ^ lo);
    return U(U(U(hi) << M) | U(H(lo ^ fast_mul_half<M>(fast_mul<M>(a1, b1)))));
  }
}

template <unsigned N, class U>
inline U fast_square(U x) noexcept {
  if constexpr (N <= 64) {
    return U(kTables.square64(std::uint64_t(x)));
  } else {
    const std::uint64_t s0 = kTables.square64(std::uint64_t(x)),
                        s1 = kTables.square64(std::uint64_t(x >> 64));
    return (U(s1) << 64) | (s0 ^ kTables.mul_half64(s1));
  }
}

template <unsigned N, class U>
inline U fast_sqrt(U x) noexcept {
  if constexpr (N <= 64) {
    return U(kTables.sqrt64(std::uint64_t(x)));
  } else {
    const std::uint64_t x0 = std::uint64_t(x), x1 = std::uint64_t(x >> 64);
    return (U(kTables.sqrt64(x1)) << 64) | kTables.sqrt64(x0 ^ kTables.mul_half64(x1));
  }
}

template <unsigned N, class U>
inline U fast_inverse(U x) noexcept {
  if constexpr (N <= 8) {
    return kTables.inv8[std::uint8_t(x)];
  } else {
    constexpr unsigned M = N / 2;
    using H = word_t<M>;
    const H x0 = H(x), x1 = H(x >> M);
    const H norm = H(fast_mul<M>(x0, H(x0 ^ x1)) ^ fast_mul_half<M>(fast_square<M>(x1)));
    const H inv_norm = fast_inverse<M>(norm);
    return U(U(U(fast_mul<M>(x1, inv_norm)) << M) | U(fast_mul<M>(H(x0 ^ x1), inv_norm)));
  }
}

}  // namespace nimber::detail
