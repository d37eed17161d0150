// Value types for the nimber fields GF(2^8) .. GF(2^128): nim8, nim16, nim32, nim64, nim128.
//
// A nim<U> holds one element of the field of bits_of<U> bits. Arithmetic operators follow
// the field: + and - are XOR, * is the nim product, / multiplies by the inverse. Ordering
// compares the underlying integers (a total order, not a field order).
//
// Checked API: operator/ and inverse() throw nimber::division_by_zero for a zero divisor.
// The raw functions in arith.hpp are the unchecked, noexcept counterparts.
#pragma once

#include <compare>
#include <stdexcept>

#include "nimber/arith.hpp"

namespace nimber {

class division_by_zero : public std::domain_error {
 public:
  division_by_zero() : std::domain_error("nimber: division by zero") {}
};

template <nim_word U>
class nim {
 public:
  using word_type = U;
  static constexpr unsigned bits = bits_of<U>;

  constexpr nim() noexcept = default;
  constexpr explicit nim(U value) noexcept : value_(value) {}

  constexpr U value() const noexcept { return value_; }
  constexpr explicit operator U() const noexcept { return value_; }

  friend constexpr nim operator+(nim a, nim b) noexcept { return nim(add(a.value_, b.value_)); }
  friend constexpr nim operator-(nim a, nim b) noexcept { return a + b; }
  friend constexpr nim operator-(nim a) noexcept { return a; }  // every element is its own negative
  friend constexpr nim operator*(nim a, nim b) noexcept { return nim(mul(a.value_, b.value_)); }
  friend constexpr nim operator/(nim a, nim b) { return a * b.inverse(); }

  constexpr nim& operator+=(nim b) noexcept { return *this = *this + b; }
  constexpr nim& operator-=(nim b) noexcept { return *this = *this - b; }
  constexpr nim& operator*=(nim b) noexcept { return *this = *this * b; }
  constexpr nim& operator/=(nim b) { return *this = *this / b; }

  friend constexpr bool operator==(nim, nim) noexcept = default;
  friend constexpr auto operator<=>(nim a, nim b) noexcept { return a.value_ <=> b.value_; }

  constexpr nim square() const noexcept { return nim(nimber::square(value_)); }
  constexpr nim sqrt() const noexcept { return nim(nimber::sqrt(value_)); }

  // Throws division_by_zero when *this is zero.
  constexpr nim inverse() const {
    if (value_ == 0) throw division_by_zero();
    return nim(nimber::inverse(value_));
  }

  // x^e for an unsigned exponent; 0^0 = 1.
  template <class E>
    requires(std::unsigned_integral<E> || std::same_as<E, u128>)
  constexpr nim pow(E e) const noexcept {
    return nim(nimber::pow(value_, e));
  }

  // x^e for a signed exponent; a negative one goes through the inverse (throws
  // division_by_zero for 0 to a negative power).
  template <std::signed_integral E>
  constexpr nim pow(E e) const {
    using UE = std::make_unsigned_t<E>;
    if (e >= 0) return pow(UE(e));
    return inverse().pow(UE(0) - UE(e));
  }

 private:
  U value_ = 0;
};

using nim8 = nim<std::uint8_t>;
using nim16 = nim<std::uint16_t>;
using nim32 = nim<std::uint32_t>;
using nim64 = nim<std::uint64_t>;
using nim128 = nim<u128>;

}  // namespace nimber
