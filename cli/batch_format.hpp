// The Library Checker "Nim Product (F_2^64)" batch format, read and written by `nimber batch`.
//
// Input: T, then T pairs A B, all decimal, 0 <= T, A, B < 2^64, separated by any ASCII
// whitespace (space, \t, \n, \v, \f, \r) in any layout. Output: the T products, one per line.
//
// Errors come back by value, as with nimber::parse_u128: the reader fills two caller-owned
// vectors, sized once from the input, with no allocation per token, and nothing throws but
// std::bad_alloc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/text.hpp"

namespace nimber::cli {

enum class batch_errc : std::uint8_t {
  ok = 0,
  empty_input,       // nothing but whitespace
  bad_count,         // T is not a decimal number below 2^64 (see cause)
  bad_value,         // an A or B is not a decimal number below 2^64 (see cause)
  missing_value,     // the input ended before the T-th pair was complete
  trailing_garbage,  // a token after the T-th pair
};

struct batch_error {
  batch_errc code = batch_errc::ok;
  parse_errc cause = parse_errc::ok;  // for bad_count / bad_value: invalid_digit or too_large
  std::size_t line = 0;               // 1-based line of the token (of the last line at the end)
  std::string_view token;             // the offending token, a view into the input; empty
                                      // when the input ended (empty_input, missing_value)
  std::uint64_t pair = 0;             // bad_value / missing_value: 1-based pair index
  char operand = 0;                   // bad_value / missing_value: 'A' or 'B'
  std::uint64_t count = 0;            // T, once it has been read

  constexpr explicit operator bool() const noexcept { return code != batch_errc::ok; }
  constexpr bool at_end_of_input() const noexcept {
    return code == batch_errc::empty_input || code == batch_errc::missing_value;
  }
};

// What was expected where the error occurred, as a phrase that follows "expected", e.g.
// "B of pair 7 of 10 (a decimal number below 2^64)". Allocates: for error paths only.
std::string expected_text(const batch_error& error);

// Parses a whole batch input into a and b (resized to T). On error returns it, with a and b
// in an unspecified state. Storage is sized once: T is capped by what the input length can
// hold, so a huge T on a short input costs no memory. May throw std::bad_alloc, nothing else.
batch_error read_batch(std::string_view input, std::vector<std::uint64_t>& a,
                       std::vector<std::uint64_t>& b);

// The most bytes write_decimal_lines writes per value: 20 digits and '\n'.
inline constexpr std::size_t max_decimal_line = 21;

// Writes each value in decimal followed by '\n' at out, which must have room for
// max_decimal_line * values.size() bytes. Returns the end of what was written; the bytes
// after it, up to out + max_decimal_line * values.size(), may have been overwritten.
char* write_decimal_lines(std::span<const std::uint64_t> values, char* out) noexcept;

}  // namespace nimber::cli
