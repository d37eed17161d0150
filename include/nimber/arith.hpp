// Nimber arithmetic on raw unsigned integers: the hot-loop API.
//
// The integers below 2^(2^k) form the field GF(2^(2^k)) under nim addition (XOR) and nim
// multiplication. Every function here is constexpr and noexcept; the unchecked ones state
// their preconditions. The value types in field.hpp add checked division and operators.
//
// All products rest on one rule (Conway, On Numbers and Games, ch. 6): for a Fermat power
// F = 2^(2^k), a * F is the ordinary product when a < F, and F * F = F + F/2 (= 3F/2).
// Writing a = a1 F + a0 and b = b1 F + b0 with a0, a1, b0, b1 < F gives the tower step
//     a * b = ((a0 + a1)(b0 + b1) + a0 b0) F + (a0 b0 + (a1 b1) * F/2),
// three half-size products (Karatsuba) and one product by the constant F/2.
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace nimber {

__extension__ typedef unsigned __int128 u128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

// The unsigned types that hold one nimber field each: 8, 16, 32, 64 and 128 bits.
template <class U>
concept nim_word = std::same_as<U, std::uint8_t> || std::same_as<U, std::uint16_t> ||
                   std::same_as<U, std::uint32_t> || std::same_as<U, std::uint64_t> ||
                   std::same_as<U, u128>;

template <class U>
inline constexpr unsigned bits_of = sizeof(U) * 8;

namespace detail {

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

// ---- Table-driven paths (tables built at compile time in src/tables.cpp). ---------------

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

// ---- The run-time choice of the scalar 64- and 128-bit product (src/scalar_dispatch.cpp) --
// clmul: src/scalar_clmul.cpp, a change of basis to GF(2)[x]/(x^64 + x^4 + x^3 + x + 1) and
// one PCLMULQDQ (2-3x the portable path; docs/benchmarks.md); portable: fast_mul above. Decided at
// the first product: clmul when CPUID reports PCLMULQDQ and the batch kernel in force then
// (kernel::active(), so NIMBER_KERNEL=portable too) is not "portable". Both give identical
// results, so the choice never changes an answer.
enum class scalar_path : std::uint8_t { undecided, portable, clmul };
extern std::atomic<scalar_path> active_scalar_path;
scalar_path decide_scalar_path() noexcept;
// Switches the path (portable or clmul) at any time; false, and no change, when this CPU
// lacks PCLMULQDQ or p is undecided. For tests and benchmarks; not meant to race with products.
bool force_scalar_path(scalar_path p) noexcept;
bool scalar_path_supported(scalar_path p) noexcept;

std::uint64_t clmul_mul64(std::uint64_t a, std::uint64_t b) noexcept;
// out[i] = a[i] * b[i] on the clmul path, looped inside its translation unit (the products of
// the "pclmul" batch kernel). out may equal a or b.
void clmul_mul64_n(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;
u128 clmul_mul128(u128 a, u128 b) noexcept;
// The 64-bit inverse in the polynomial basis: norms to GF(2^32) and GF(2^16) by conjugate
// tables and four products, then a 2^16-entry table (src/scalar_clmul.hpp). inverse(0) = 0.
std::uint64_t clmul_inverse64(std::uint64_t a) noexcept;
// For b != 0: a root x of x^2 + b x + c (the other is x + b) in x, or false when there is none
// (trace(c / b^2) = 1). solve_poly: a byte-table map v -> w on the polynomial basis with
// w^2 + w = v whenever v has trace 0 (src/roots.cpp builds it). Only with the clmul path.
bool clmul_quadratic64(std::uint64_t b, std::uint64_t c, const byte_linear_map<std::uint64_t>& solve_poly,
                       std::uint64_t& x) noexcept;

template <unsigned N, class U>
inline U runtime_mul(U a, U b) noexcept {
  if constexpr (N == 64 || N == 128) {
    scalar_path path = active_scalar_path.load(std::memory_order_relaxed);
    if (path == scalar_path::undecided) [[unlikely]] path = decide_scalar_path();
    if (path == scalar_path::clmul) {
      if constexpr (N == 64) return clmul_mul64(a, b);
      else return clmul_mul128(a, b);
    }
  }
  return fast_mul<N>(a, b);
}

// The inverse on the run-time path: at 64 bits the clmul inverse where the product is on clmul;
// at 128 bits one norm step (as tower_inverse) over the run-time 64-bit product and inverse.
template <unsigned N, class U>
inline U runtime_inverse(U x) noexcept {
  if constexpr (N == 64) {
    scalar_path path = active_scalar_path.load(std::memory_order_relaxed);
    if (path == scalar_path::undecided) [[unlikely]] path = decide_scalar_path();
    if (path == scalar_path::clmul) return clmul_inverse64(x);
    return fast_inverse<64>(x);
  } else if constexpr (N == 128) {
    const std::uint64_t x0 = std::uint64_t(x), x1 = std::uint64_t(x >> 64), s = x0 ^ x1;
    const std::uint64_t norm = runtime_mul<64>(x0, s) ^ fast_mul_half<64>(fast_square<64>(x1));
    const std::uint64_t inv_norm = runtime_inverse<64>(norm);
    return (U(runtime_mul<64>(x1, inv_norm)) << 64) | runtime_mul<64>(s, inv_norm);
  } else {
    return fast_inverse<N>(x);
  }
}

}  // namespace detail

// ---- Public raw API ------------------------------------------------------------------------

// Nim sum (XOR); subtraction is the same operation.
template <nim_word U>
constexpr U add(U a, U b) noexcept { return U(a ^ b); }

// Nim product in the field of bits_of<U> bits.
template <nim_word U>
constexpr U mul(U a, U b) noexcept {
  if (std::is_constant_evaluated()) return detail::tower_mul<bits_of<U>>(a, b);
  return detail::runtime_mul<bits_of<U>>(a, b);
}

// x * x. Squaring is the Frobenius map: GF(2)-linear and bijective.
template <nim_word U>
constexpr U square(U x) noexcept {
  if (std::is_constant_evaluated()) return detail::tower_square<bits_of<U>>(x);
  return detail::fast_square<bits_of<U>>(x);
}

// The unique y with y * y = x (every element of a field of characteristic 2 has one).
template <nim_word U>
constexpr U sqrt(U x) noexcept {
  if (std::is_constant_evaluated()) return detail::tower_sqrt<bits_of<U>>(x);
  return detail::fast_sqrt<bits_of<U>>(x);
}

// The multiplicative inverse. Precondition: x != 0 (inverse(0) returns 0; the checked
// nimber::nim<U>::inverse throws instead).
template <nim_word U>
constexpr U inverse(U x) noexcept {
  if (std::is_constant_evaluated())
    return detail::tower_inverse<bits_of<U>>(x);
  return detail::runtime_inverse<bits_of<U>>(x);
}

// a / b = a * inverse(b). Precondition: b != 0.
template <nim_word U>
constexpr U div(U a, U b) noexcept { return mul(a, inverse(b)); }

// x^e for any unsigned exponent (x^0 = 1, including 0^0). The multiplicative group has
// order 2^n - 1, so a large e is first reduced modulo it (to the order itself, not to 0, so
// that 0^e stays 0 for every e > 0).
template <nim_word U, class E>
  requires(std::unsigned_integral<E> || std::same_as<E, u128>)
constexpr U pow(U x, E e) noexcept {
  const u128 order = u128(U(~U(0)));
  u128 k = e;
  if (k > order) k = k % order == 0 ? order : k % order;
  U result = 1;
  for (; k != 0; k >>= 1) {
    if (k & 1) result = mul(result, x);
    x = square(x);
  }
  return result;
}

}  // namespace nimber
