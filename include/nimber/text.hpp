// Text in and out: numbers up to 128 bits.
//
// Modelled on std::from_chars / std::to_chars (and fast_float): errors come back by value,
// nothing throws or prints, and the number parser never allocates.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "nimber/arith.hpp"

namespace nimber {

// ---- Hex digits -----------------------------------------------------------------------------

// The value of a hex digit, either case ('7' -> 7, 'b' and 'B' -> 11), or -1 for any other
// character.
constexpr int hex_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  const char lower = char(c | 0x20);
  if (lower >= 'a' && lower <= 'f') return lower - 'a' + 10;
  return -1;
}

// The lowercase hex digit of d mod 16.
constexpr char hex_digit_char(unsigned d) noexcept { return "0123456789abcdef"[d & 15]; }

// The radix a number's text names by its prefix, and its digits: "0x..." or "0X..." 16,
// "0b..." or "0B..." 2, anything else 10 (the whole text).
struct radix_digits {
  unsigned radix;
  std::string_view digits;
};
constexpr radix_digits split_radix_prefix(std::string_view text) noexcept {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return {16, text.substr(2)};
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) return {2, text.substr(2)};
  return {10, text};
}

// ---- Numbers ---------------------------------------------------------------------------------

enum class parse_errc : std::uint8_t {
  ok = 0,
  empty,          // no characters at all (or a bare "0x" / "0b" prefix with no digits)
  invalid_digit,  // a character that is not a digit of the radix: signs, spaces, garbage
  too_large,      // well-formed, but the value does not fit the target type
};

template <class T>
struct parse_result {
  T value{};
  parse_errc ec = parse_errc::ok;
  constexpr explicit operator bool() const noexcept { return ec == parse_errc::ok; }
};

// Parses a whole string as one unsigned integer: decimal ("42", leading zeros allowed),
// hexadecimal ("0x2A" or "0X2a") or binary ("0b101010" / "0B..."). Nothing else is accepted:
// no sign, no surrounding whitespace, no digit separators. When a string both has a bad
// character and overflows, invalid_digit wins (it was never a number).
parse_result<u128> parse_u128(std::string_view text) noexcept;
parse_result<std::uint64_t> parse_u64(std::string_view text) noexcept;

// Short English for an error, e.g. "not a number"; "" for ok.
const char* to_string(parse_errc ec) noexcept;

// The longest outputs of to_chars below: 2^128 - 1 in decimal (39 digits) and in hex
// (32 digits); no prefix, no terminator.
inline constexpr std::size_t max_decimal_digits_u128 = 39;
inline constexpr std::size_t max_hex_digits_u128 = 32;

// Writes value in base 10 or 16 (lowercase, no "0x") into [first, last), like std::to_chars:
// on success returns {end of the written digits, errc{}}; when the range is too short,
// {last, errc::value_too_large} and the range contents are unspecified. Any other base is
// treated as 10.
std::to_chars_result to_chars(char* first, char* last, u128 value, int base = 10) noexcept;

// Convenience for cold paths (allocates): decimal, or "0x" + lowercase hex when hex is set.
std::string to_string(u128 value, bool hex = false);

}  // namespace nimber
