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

#include <type_traits>

#include "nimber/detail/scalar_path.hpp"
#include "nimber/detail/fermat_tower.hpp"
#include "nimber/types.hpp"

namespace nimber {

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
