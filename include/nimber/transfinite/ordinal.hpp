// Ordinals below omega^(omega^omega) under nim addition and nim multiplication: the
// algebraic closure of GF(2) (Conway, "On Numbers and Games", ch. 6; Lenstra, "On the
// algebraic closure of two").
//
// An ordinal is held in Cantor normal form, a finite sum of terms omega^b * c with distinct
// exponents b < omega^omega and finite nimber coefficients c of any size (big_nim). The
// exponent b = omega^k*n_k + ... + omega*n_1 + n_0 is stored as its digits n_0, n_1, ...
//
// Arithmetic goes through the kappa basis. For the k-th odd prime q (q_0 = 3, q_1 = 5, ...)
// kappa_(q^(i+1)) = omega^(omega^k * q^i); writing n_k = sum d_i q^i in base q,
//     omega^b = prod_k prod_i kappa_(q_k^(i+1))^(d_i),   omega^b * c = omega^b (x) c
// (the ordinal product equals the nim product here). Since kappa_(q^(i+1))^q = kappa_(q^i)
// and kappa_q^q = alpha_q, the monomial of digit n_k is kappa_q raised to the q-adic
// fraction sum d_i q^-i < q, and a product of monomials adds these fractions: a sum that
// reaches q leaves a factor alpha_q, an ordinal below kappa_q (alpha.hpp).
//
// The alphas: those of the library's table (alpha.hpp), and any other alpha_q whose field
// has at most 2^17 bits (every q <= 257), computed once on first use (under a second each).
// Errors: an operation that needs any other alpha_q throws alpha_unavailable; the inverse of
// zero throws nimber::division_by_zero; parsing throws ordinal_parse_error with the position
// and token. Exponent digits are 64-bit: a product whose digit would not fit throws
// std::overflow_error. Thread-safe.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/big.hpp"

namespace nimber {

// An operation needed alpha_p for a prime p beyond the library's table whose field is too
// large to compute on first use (alpha.hpp).
class alpha_unavailable : public std::domain_error {
 public:
  explicit alpha_unavailable(std::uint64_t p);
  std::uint64_t prime() const noexcept { return p_; }

 private:
  std::uint64_t p_;
};

// Bad ordinal notation: what() is "position N: 'TOKEN': expected ...".
class ordinal_parse_error : public std::invalid_argument {
 public:
  ordinal_parse_error(std::size_t position, std::string token, const std::string& expected);
  std::size_t position() const noexcept { return position_; }
  const std::string& token() const noexcept { return token_; }

 private:
  std::size_t position_;
  std::string token_;
};

class ordinal {
 public:
  // omega^b * c; exponent[k] = n_k, no zero digit at the top.
  struct term {
    std::vector<std::uint64_t> exponent;
    big_nim coef;
    friend bool operator==(const term&, const term&) = default;
  };

  ordinal() = default;
  explicit ordinal(big_nim finite);
  explicit ordinal(std::uint64_t finite) : ordinal(big_nim(finite)) {}
  // omega^b for the exponent digits n_0, n_1, ... (trailing zeros allowed).
  static ordinal omega_power(std::vector<std::uint64_t> exponent, big_nim coef = big_nim(std::uint64_t{1}));
  static ordinal omega() { return omega_power({1}); }
  // kappa_(q^(i+1)) for the k-th odd prime q = odd_prime(k) (q^i must fit 64 bits).
  static ordinal kappa(std::size_t k, unsigned i = 0);
  // Any terms, in any order; equal exponents are nim-added.
  static ordinal from_terms(std::vector<term> terms);

  // Terms by decreasing exponent, no zero coefficient.
  const std::vector<term>& terms() const noexcept { return terms_; }
  bool is_zero() const noexcept { return terms_.empty(); }
  bool is_finite() const noexcept;
  // The finite part (the coefficient of omega^0).
  big_nim finite_part() const;

  friend ordinal operator+(const ordinal& a, const ordinal& b);
  friend ordinal operator-(const ordinal& a, const ordinal& b) { return a + b; }
  friend ordinal operator*(const ordinal& a, const ordinal& b);
  // Throws division_by_zero when b is zero.
  friend ordinal operator/(const ordinal& a, const ordinal& b);
  ordinal& operator+=(const ordinal& b) { return *this = *this + b; }
  ordinal& operator*=(const ordinal& b) { return *this = *this * b; }

  friend bool operator==(const ordinal&, const ordinal&) = default;
  // Ordinal order (not the field: the field has none).
  friend std::strong_ordering operator<=>(const ordinal& a, const ordinal& b) noexcept;

  ordinal square() const;
  // x^e for any integer e; a negative e goes through the inverse (0^0 = 1).
  ordinal pow(std::int64_t e) const;
  // x^e for a non-negative e of any size, given as 64-bit limbs, least significant first.
  ordinal pow_limbs(const std::vector<std::uint64_t>& e) const;
  ordinal inverse() const;
  // The unique y with y^2 = x.
  ordinal sqrt() const;
  // A y with y^p = x, for a prime p (every ordinal has one: the field is algebraically
  // closed); for odd p the one that Adleman-Manders-Miller root extraction finds in the
  // smallest field of the tower holding a root. Throws std::invalid_argument when p is not
  // prime.
  ordinal root(std::uint64_t p) const;

  // A multiple of the degree: the degree E of the tower field GF(2^E) that the terms'
  // kappas and coefficients generate.
  std::uint64_t field_degree() const;
  // The degree over GF(2): the least d with x^(2^d) = x.
  std::uint64_t degree() const;
  // The minimal polynomial over GF(2), coefficients from x^0 up (the last is 1).
  std::vector<std::uint8_t> minimal_polynomial() const;
  // x^(2^j): j squarings.
  ordinal frobenius(std::uint64_t j) const;

  // Text: "w^(w^2*3 + w + 1)*5 + w + 4", "2^64", "0"; 'ω' reads as 'w'. '+' is the nim
  // sum and '*' the nim product, so Cantor normal form reads as the ordinal it names; w^X
  // is omega to the ordinal power X < w^w; 2^N is the integer. An exponent X must be in
  // Cantor normal form itself, where nim and ordinal operations agree: decreasing terms,
  // each a number or w, w^Y with an optional number coefficient after '*' ("w^(2*3)" and
  // "w^(1 + w)" are refused). At most max_nesting parentheses and exponents may enclose a
  // token. Throws ordinal_parse_error (no recursion past that depth, whatever the text).
  static constexpr std::size_t max_nesting = 1000;
  static ordinal from_string(std::string_view text);
  // The same with the error by value: parse_errc::empty for empty text, invalid_digit for
  // any other mistake (from_string says where). Throws only std::bad_alloc.
  static parse_result<ordinal> parse(std::string_view text);
  std::string to_string() const;

 private:
  std::vector<term> terms_;
};

std::ostream& operator<<(std::ostream& os, const ordinal& x);

// The k-th odd prime (odd_prime(0) = 3) and the index of an odd prime (-1 if none).
std::uint64_t odd_prime(std::size_t k);
long odd_prime_index(std::uint64_t p);
// The order of 2 modulo the odd prime p.
std::uint64_t order_of_two(std::uint64_t p);

}  // namespace nimber
