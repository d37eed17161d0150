#include "nimber/text.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace nimber {

namespace {

constexpr u128 u128_max = ~u128(0);

// The value of a hex digit (either case), or 255 for any other character.
constexpr unsigned digit_value(char c) noexcept { return unsigned(hex_digit_value(c)) & 255u; }

// "00" "01" ... "99": two digits per lookup halves the divisions (the approach of fmt and
// the fastest Library Checker writers).
constexpr std::array<char, 200> kDigitPairs = [] {
  std::array<char, 200> t{};
  for (int i = 0; i < 100; ++i) {
    t[2 * i] = char('0' + i / 10);
    t[2 * i + 1] = char('0' + i % 10);
  }
  return t;
}();

constexpr std::array<std::uint64_t, 20> kPow10 = [] {
  std::array<std::uint64_t, 20> t{};
  std::uint64_t p = 1;
  for (auto& x : t) x = p, p *= 10;
  return t;
}();

// Decimal digits of v (1 for 0): log10 estimated from the bit width (1233/4096 ~ log10 2,
// never too high), then corrected by one comparison. v | 1 has the same digit count as v
// (powers of ten above 1 are even) and makes 0 count as one digit.
inline unsigned decimal_digits(std::uint64_t v) noexcept {
  v |= 1;
  const unsigned t = unsigned(std::bit_width(v) * 1233) >> 12;
  return t + (v >= kPow10[t]);
}

// Writes exactly n digits of v (zero-padded; v < 10^n) ending at end.
inline void write_digits_backward(char* end, std::uint64_t v, unsigned n) noexcept {
  for (; n >= 2; n -= 2) {
    end -= 2;
    std::memcpy(end, &kDigitPairs[2 * (v % 100)], 2);
    v /= 100;
  }
  if (n) *--end = char('0' + v);
}

}  // namespace

// ---- Numbers ---------------------------------------------------------------------------------

parse_result<u128> parse_u128(std::string_view text) noexcept {
  const auto [radix, s] = split_radix_prefix(text);
  if (s.empty()) return {0, parse_errc::empty};
  // Bits per digit for the power-of-two radixes; 0 for decimal.
  const unsigned shift = radix == 16 ? 4 : radix == 2 ? 1 : 0;
  // Overflow is noted but scanning goes on, so that a later bad character still reports
  // invalid_digit rather than too_large.
  constexpr u128 max_div10 = u128_max / 10;
  constexpr unsigned max_mod10 = unsigned(u128_max % 10);
  u128 v = 0;
  bool overflow = false;
  for (const char c : s) {
    const unsigned d = digit_value(c);
    if (d >= radix) return {0, parse_errc::invalid_digit};
    if (overflow) continue;
    if (shift) {
      overflow = (v >> (128 - shift)) != 0;
      v = (v << shift) | d;
    } else {
      overflow = v > max_div10 || (v == max_div10 && d > max_mod10);
      v = v * 10 + d;
    }
  }
  if (overflow) return {0, parse_errc::too_large};
  return {v, parse_errc::ok};
}

parse_result<std::uint64_t> parse_u64(std::string_view s) noexcept {
  const auto r = parse_u128(s);
  if (!r) return {0, r.ec};
  if (r.value > ~std::uint64_t(0)) return {0, parse_errc::too_large};
  return {std::uint64_t(r.value), parse_errc::ok};
}

const char* to_string(parse_errc ec) noexcept {
  switch (ec) {
    case parse_errc::ok: return "";
    case parse_errc::empty: return "no digits";
    case parse_errc::invalid_digit: return "not a number";
    case parse_errc::too_large: return "too large";
  }
  return "unknown error";
}

std::to_chars_result to_chars(char* first, char* last, u128 value, int base) noexcept {
  char buf[max_decimal_digits_u128];
  char* const buf_end = buf + sizeof buf;
  char* p = buf_end;
  if (base == 16) {
    do {
      *--p = hex_digit_char(unsigned(value));
      value >>= 4;
    } while (value);
  } else {
    // Peel 19-digit chunks (10^19 < 2^64) so that all but one division stays in 64 bits.
    constexpr std::uint64_t chunk = 10'000'000'000'000'000'000u;
    while (value > ~std::uint64_t(0)) {
      write_digits_backward(p, std::uint64_t(value % chunk), 19);
      p -= 19;
      value /= chunk;
    }
    const std::uint64_t top = std::uint64_t(value);
    const unsigned n = decimal_digits(top);
    write_digits_backward(p, top, n);
    p -= n;
  }
  const std::size_t n = std::size_t(buf_end - p);
  if (std::size_t(last - first) < n) return {last, std::errc::value_too_large};
  std::memcpy(first, p, n);
  return {first + n, std::errc{}};
}

std::string to_string(u128 value, bool hex) {
  char buf[2 + max_decimal_digits_u128];
  char* p = buf;
  if (hex) *p++ = '0', *p++ = 'x';
  const auto r = to_chars(p, buf + sizeof buf, value, hex ? 16 : 10);
  return std::string(buf, r.ptr);
}

}  // namespace nimber
