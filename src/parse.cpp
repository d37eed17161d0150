#include "nimber/parse.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace nimber {

namespace {

constexpr u128 u128_max = ~u128(0);

// The value of a hex digit (either case), or 255 for any other character.
constexpr unsigned digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return unsigned(c - '0');
  const char lower = char(c | 0x20);
  if (lower >= 'a' && lower <= 'f') return unsigned(lower - 'a' + 10);
  return 255;
}

// ASCII whitespace as in C isspace() for the "C" locale: space and \t \n \v \f \r (9..13).
constexpr bool is_space(char c) noexcept { return c == ' ' || (c >= '\t' && c <= '\r'); }

// SWAR digit parsing (the technique of Lemire's fast_float): 8 characters in one word, the
// first character in the low byte whatever the machine's byte order.
inline std::uint64_t load8(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  return w;
}

// A byte is '0'..'9' exactly when its high nibble is 3 and adding 6 leaves the high nibble 3.
// (A carry out of a byte >= 0xFA can disturb its neighbour, but that byte fails already.)
inline bool all_digits8(std::uint64_t w) noexcept {
  constexpr std::uint64_t high = 0xF0F0F0F0F0F0F0F0, threes = 0x3333333333333333;
  return (((w & high) >> 4) | ((w + 0x0606060606060606) & high)) == threes;
}

// The value of 8 ASCII digits: combine neighbours into 2-digit, then 4-, then 8-digit values,
// each step a multiply-add on all lanes at once.
inline std::uint32_t eight_digits_value(std::uint64_t w) noexcept {
  w -= 0x3030303030303030;                                    // bytes d0 d1 .. d7, d0 first
  w = (w * 10 + (w >> 8)) & 0x00FF00FF00FF00FF;               // 16-bit lanes: 10 d0 + d1, ...
  w = (w * 100 + (w >> 16)) & 0x0000FFFF0000FFFF;             // 32-bit lanes: 4 digits each
  return std::uint32_t((w * 10000 + (w >> 32)) & 0xFFFFFFFF);  // 8 digits
}

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

// Writes v in decimal at out; returns the end.
inline char* write_decimal(char* out, std::uint64_t v) noexcept {
  const unsigned n = decimal_digits(v);
  write_digits_backward(out + n, v, n);
  return out + n;
}

}  // namespace

// ---- Numbers ---------------------------------------------------------------------------------

parse_result<u128> parse_u128(std::string_view s) noexcept {
  unsigned shift = 0;  // bits per digit for the power-of-two radixes; 0 for decimal
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) shift = 4;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) shift = 1;
  if (shift) s.remove_prefix(2);
  if (s.empty()) return {0, parse_errc::empty};

  const unsigned radix = shift ? 1u << shift : 10u;
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
      *--p = "0123456789abcdef"[unsigned(value) & 15];
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

// ---- Batch format ------------------------------------------------------------------------------

namespace {

// A cursor over the whole input that counts lines as it skips whitespace.
class scanner {
 public:
  explicit scanner(std::string_view input) noexcept
      : p_(input.data()), end_(input.data() + input.size()) {}

  // Skips whitespace; false at the end of the input.
  bool next_token() noexcept {
    while (p_ != end_ && is_space(*p_)) line_ += (*p_++ == '\n');
    if (p_ == end_) return false;
    token_line_ = line_;
    return true;
  }

  // Reads the decimal token at the cursor (after next_token() returned true) into v and
  // moves past it. On error the cursor stays at the token's start.
  parse_errc read_u64(std::uint64_t& v) noexcept {
    const char* p = p_;
    std::uint64_t x = 0;
    // Eight digits at a time while 19 digits cannot have overflowed (10^19 - 1 < 2^64):
    // the bulk of a 20-digit Library Checker token.
    while (end_ - p >= 8 && p - p_ + 8 <= 19 && all_digits8(load8(p))) {
      x = x * 100'000'000 + eight_digits_value(load8(p));
      p += 8;
    }
    const char* const unchecked_end = std::min(end_, p_ + 19);
    while (p < unchecked_end && unsigned(*p - '0') < 10) x = x * 10 + unsigned(*p++ - '0');
    // Longer runs (leading zeros, or too large): checked digit by digit.
    bool overflow = false;
    while (p != end_ && unsigned(*p - '0') < 10) {
      overflow |= __builtin_mul_overflow(x, 10u, &x);
      overflow |= __builtin_add_overflow(x, unsigned(*p++ - '0'), &x);
    }
    if (p == p_ || (p != end_ && !is_space(*p))) return parse_errc::invalid_digit;
    if (overflow) return parse_errc::too_large;
    v = x;
    p_ = p;
    return parse_errc::ok;
  }

  // The whitespace-delimited token at the cursor.
  std::string_view token() const noexcept {
    const char* q = p_;
    while (q != end_ && !is_space(*q)) ++q;
    return {p_, std::size_t(q - p_)};
  }

  std::size_t token_line() const noexcept { return token_line_; }

 private:
  const char* p_;
  const char* end_;
  std::size_t line_ = 1;
  std::size_t token_line_ = 1;  // line of the latest token; at the end, "the last line"
};

}  // namespace

batch_error read_batch(std::string_view input, std::vector<std::uint64_t>& a,
                       std::vector<std::uint64_t>& b) {
  scanner in(input);
  batch_error e;
  // Records an error at the cursor (the token there, or the end of the input); returns false.
  auto fail = [&](batch_errc code, parse_errc cause = parse_errc::ok) {
    e.code = code;
    e.cause = cause;
    e.line = in.token_line();
    if (!e.at_end_of_input()) e.token = in.token();
    return false;
  };
  auto read_number = [&](std::uint64_t& dst, batch_errc missing, batch_errc bad) {
    if (!in.next_token()) return fail(missing);
    const parse_errc ec = in.read_u64(dst);
    return ec == parse_errc::ok || fail(bad, ec);
  };

  if (!read_number(e.count, batch_errc::empty_input, batch_errc::bad_count)) return e;

  // Every pair takes at least 4 bytes (a separator, a digit, a separator, a digit) after the
  // 1-byte T, so a complete input has T <= (size - 1) / 4 and storage for size / 4 + 1 pairs
  // always suffices: a lying T cannot make us allocate more than the input justifies.
  const auto capacity = std::size_t(std::min<std::uint64_t>(e.count, input.size() / 4 + 1));
  a.resize(capacity);
  b.resize(capacity);
  for (std::uint64_t i = 0; i < e.count; ++i) {
    e.pair = i + 1;
    e.operand = 'A';
    if (!read_number(a[i], batch_errc::missing_value, batch_errc::bad_value)) return e;
    e.operand = 'B';
    if (!read_number(b[i], batch_errc::missing_value, batch_errc::bad_value)) return e;
  }
  e.pair = 0;
  e.operand = 0;
  if (in.next_token()) fail(batch_errc::trailing_garbage);
  return e;
}

std::string expected_text(const batch_error& e) {
  const std::string count = std::to_string(e.count);
  const std::string operand =
      std::string(1, e.operand) + " of pair " + std::to_string(e.pair) + " of " + count;
  const bool too_large = e.cause == parse_errc::too_large;
  switch (e.code) {
    case batch_errc::ok: return {};
    case batch_errc::empty_input:
      return "the pair count T (the input is empty)";
    case batch_errc::bad_count:
      return too_large ? "the pair count T to be below 2^64"
                       : "the pair count T (a decimal number below 2^64)";
    case batch_errc::bad_value:
      return too_large ? operand + " to be below 2^64"
                       : operand + " (a decimal number below 2^64)";
    case batch_errc::missing_value:
      return operand + " (the input has fewer pairs than T)";
    case batch_errc::trailing_garbage:
      return "end of input (all T = " + count + " pairs have been read)";
  }
  return {};
}

char* write_decimal_lines(std::span<const std::uint64_t> values, char* out) noexcept {
  for (const std::uint64_t v : values) {
    out = write_decimal(out, v);
    *out++ = '\n';
  }
  return out;
}

}  // namespace nimber
