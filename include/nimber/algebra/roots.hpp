// Subfields, traces and norms, minimal polynomials, and equations over the nimber fields.
//
// The subfields of the nimbers are exactly the ranges [0, 2^(2^j)), and the tower makes the
// relative maps cheap: over the half field, x = x1 F + x0 has conjugate x1 F + (x0 + x1),
// so its trace is x1 (the high half) and its norm x0 (x0 + x1) + x1^2 (F/2). Hence the trace
// of x to the subfield of s bits is simply its top s bits, and the absolute trace is the top
// bit of the field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nimber/arith.hpp"

namespace nimber {

// The bits of the smallest subfield GF(2^(2^j)) holding x: 1 for 0 and 1, 2 for 2..3, 4 for
// 4..15, ... up to 128.
template <nim_word U>
constexpr unsigned subfield_bits(U x) noexcept {
  unsigned bits = 1;
  while (bits < bits_of<U> && (x >> bits) != 0) bits *= 2;
  return bits;
}

// The trace and the norm from the field of bits_of<U> bits down to its subfield of
// sub_bits bits (a power of two, 1 <= sub_bits <= bits_of<U>; unchecked precondition).
// trace(x) = x + x^q + ... and norm(x) = x * x^q * ... over the conjugates, q = 2^sub_bits.
template <nim_word U>
constexpr U trace_to(U x, unsigned sub_bits) noexcept {
  return sub_bits >= bits_of<U> ? x : U(x >> (bits_of<U> - sub_bits));
}
template <nim_word U>
U norm_to(U x, unsigned sub_bits) noexcept;

// The absolute trace (to GF(2)), 0 or 1.
template <nim_word U>
constexpr unsigned trace(U x) noexcept {
  return unsigned(x >> (bits_of<U> - 1)) & 1u;
}

// The minimal polynomial of x over GF(2): monic, of degree subfield-orbit size (the number
// of distinct conjugates x, x^2, x^4, ...), with the coefficient of t^i in bit i of `lower`
// for i < degree (the leading coefficient 1 is implicit).
struct gf2_polynomial {
  unsigned degree = 0;
  u128 lower = 0;
  friend bool operator==(const gf2_polynomial&, const gf2_polynomial&) = default;
};
template <nim_word U>
gf2_polynomial minimal_polynomial(U x) noexcept;

// A y with y^2 + y = a, or nullopt when trace(a) = 1; the other root is y + 1. One lookup
// per byte (a precomputed linear map).
template <nim_word U>
std::optional<U> solve_artin_schreier(U a) noexcept;

// The roots of x^2 + b x + c = 0: none, one (b = 0: the square root of c) or two.
template <nim_word U>
struct quadratic_roots {
  unsigned count = 0;
  U root[2] = {0, 0};  // root[0] < root[1] when count = 2
};
template <nim_word U>
quadratic_roots<U> solve_quadratic(U b, U c) noexcept;

// The solutions of x^n = a for n >= 1: they are first * unity^i for i < count, where
// unity is a primitive count-th root of 1 (count = 0: no solution). For a = 0 the only root
// is 0. Throws std::domain_error for n = 0. Uses discrete logarithms (src/algebra/log.cpp).
template <nim_word U>
struct power_roots {
  U first = 0, unity = 1;
  U count = 0;
};
template <nim_word U>
power_roots<U> nth_roots(U a, u128 n);

// All solutions of x^n = a, in increasing order. Throws std::length_error when there are
// more than max_count (e.g. x^3 = 1 has 3, x^65535 = 1 has 65535 in GF(2^16)).
template <nim_word U>
std::vector<U> nth_roots_list(U a, u128 n, std::size_t max_count = std::size_t(1) << 20);

// The distinct roots in the field of bits_of<U> bits of the polynomial with coefficients
// `coeffs` (coeffs[i] multiplies x^i; trailing zeros are ignored), in increasing order.
// Throws std::domain_error for the zero polynomial (every element is a root). Equal-degree
// splitting: gcd with x^(2^n) - x keeps the product of the distinct linear factors, which
// the traces Tr(beta x), beta running over a basis, then split (Cantor-Zassenhaus in
// characteristic 2, deterministic).
template <nim_word U>
std::vector<U> polynomial_roots(std::span<const U> coeffs);

// The most memory polynomial_roots takes for a polynomial of this degree in the field of
// field_bits bits, in bytes: the table of x^(2k) mod f, about 3 n^2 / 2 elements, dominates.
std::uint64_t polynomial_roots_memory_bytes(std::uint64_t degree, unsigned field_bits) noexcept;

}  // namespace nimber
