// The Library Checker batch format (batch_format.hpp): a one-pass reader with a branch-free
// path for the common token, and a decimal writer that stores whole words.
#include "batch_format.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace nimber::cli {

namespace {

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

// The value of 8 digit values d0..d7 (bytes 0..9, d0 first): combine neighbours into 2-digit,
// then 4-, then 8-digit values, each step a multiply-add on all lanes at once.
inline std::uint32_t digits8_value(std::uint64_t w) noexcept {
  w = (w * 10 + (w >> 8)) & 0x00FF00FF00FF00FF;               // 16-bit lanes: 10 d0 + d1, ...
  w = (w * 100 + (w >> 16)) & 0x0000FFFF0000FFFF;             // 32-bit lanes: 4 digits each
  return std::uint32_t((w * 10000 + (w >> 32)) & 0xFFFFFFFF);  // 8 digits
}

// The value of 8 ASCII digits.
inline std::uint32_t eight_digits_value(std::uint64_t w) noexcept {
  return digits8_value(w - 0x3030303030303030);
}

// The value of the first k ASCII digits of w (0 <= k <= 7): shifted to the top of the word,
// so that the bytes shifted in act as leading zeros. (A byte after the digits that is below
// '0' borrows from the bytes above it only, which the shift drops.)
inline std::uint64_t leading_digits_value(std::uint64_t w, unsigned k) noexcept {
  return digits8_value(((w - 0x3030303030303030) << (8 * (7 - k))) << 8);
}

// A word whose byte i has its high bit set exactly when byte i of w is not '0'..'9': with
// t = w ^ '0' per byte, a digit is a byte t < 10; (t & 0x7F) + 0x76 sets the high bit for
// 10..127 without carrying into the next byte, and t itself has it for 128..255.
inline std::uint64_t nondigit_bytes(std::uint64_t w) noexcept {
  const std::uint64_t t = w ^ 0x3030303030303030;
  return (((t & 0x7F7F7F7F7F7F7F7F) + 0x7676767676767676) | t) & 0x8080808080808080;
}

// The number of leading digit bytes of w, given m = nondigit_bytes(w) != 0.
inline unsigned digit_run(std::uint64_t m) noexcept { return unsigned(std::countr_zero(m)) / 8; }

// BCD of x < 10^8 in 8 bytes, the most significant digit in byte 0 (the first character once
// stored little-endian): 4+4 digits in 32-bit lanes, then 2+2 in 16-bit lanes, then 1+1, each
// split a multiply by a reciprocal on all lanes at once.
inline std::uint64_t bcd8(std::uint32_t x) noexcept {
  std::uint64_t v = x / 10000 | std::uint64_t(x % 10000) << 32;
  const std::uint64_t hundreds = ((v * 10486) >> 20) & 0x0000007F0000007F;  // lane / 100
  v = hundreds | (v - hundreds * 100) << 16;
  const std::uint64_t tens = ((v * 103) >> 10) & 0x000F000F000F000F;  // lane / 10
  return tens | (v - tens * 10) << 8;
}

// BCD of x < 10^4 in the low 4 bytes, the most significant digit in byte 0.
inline std::uint32_t bcd4(std::uint32_t x) noexcept {
  std::uint32_t v = x / 100 | (x % 100) << 16;
  const std::uint32_t tens = ((v * 103) >> 10) & 0x000F000F;
  return tens | (v - tens * 10) << 8;
}

inline void store8(char* p, std::uint64_t w) noexcept {
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  std::memcpy(p, &w, 8);
}

inline void store4(char* p, std::uint32_t w) noexcept {
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap32(w);
  std::memcpy(p, &w, 4);
}

constexpr std::array<std::uint64_t, 20> kPow10 = [] {
  std::array<std::uint64_t, 20> t{};
  std::uint64_t p = 1;
  for (auto& x : t) x = p, p *= 10;
  return t;
}();

// Writes v in decimal and '\n' at out; returns the end. Stores whole words: it may write
// garbage up to out + max_decimal_line, past the end it returns (the next line overwrites it).
// Split into a head of up to 4 digits and two 8-digit halves, each converted by bcd8/bcd4
// without a data-dependent branch on the head's length (19 or 20 digits for random input):
// the head's leading zeros are counted in its BCD word and shifted out.
inline char* write_decimal_line(char* out, std::uint64_t v) noexcept {
  constexpr std::uint64_t e8 = 100'000'000, e16 = e8 * e8;
  constexpr std::uint64_t ascii8 = 0x3030303030303030;
  if (v >= e16) {
    const auto head = std::uint32_t(v / e16);  // 1..1844
    const std::uint64_t tail = v % e16;
    const std::uint32_t h = bcd4(head);
    const unsigned zeros = unsigned(std::countr_zero(h)) / 8;  // h != 0
    store4(out, (h >> (8 * zeros)) | 0x30303030);
    out += 4 - zeros;
    store8(out, bcd8(std::uint32_t(tail / e8)) | ascii8);
    store8(out + 8, bcd8(std::uint32_t(tail % e8)) | ascii8);
    out[16] = '\n';
    return out + 17;
  }
  if (v >= e8) {
    const std::uint64_t h = bcd8(std::uint32_t(v / e8));
    const unsigned zeros = unsigned(std::countr_zero(h)) / 8;
    store8(out, (h >> (8 * zeros)) | ascii8);
    out += 8 - zeros;
    store8(out, bcd8(std::uint32_t(v % e8)) | ascii8);
    out[8] = '\n';
    return out + 9;
  }
  const std::uint64_t h = bcd8(std::uint32_t(v));
  const unsigned zeros = h ? unsigned(std::countr_zero(h)) / 8 : 7;  // 0 is "0"
  store8(out, (h >> (8 * zeros)) | ascii8);
  out += 8 - zeros;
  *out = '\n';
  return out + 1;
}

// A cursor over the whole input. Lines are not counted on the way: an error counts the
// newlines before the token it names, once.
class scanner {
 public:
  explicit scanner(std::string_view input) noexcept
      : begin_(input.data()), p_(begin_), end_(begin_ + input.size()), token_(begin_) {}

  // Skips whitespace; false at the end of the input.
  bool next_token() noexcept {
    while (p_ != end_ && is_space(*p_)) ++p_;
    if (p_ == end_) return false;
    token_ = p_;
    return true;
  }

  // Reads the decimal token at the cursor (after next_token() returned true) into v and
  // moves past it. On error the cursor stays at the token's start.
  parse_errc read_u64(std::uint64_t& v) noexcept {
    if (end_ - p_ >= fast_window) {
      if (const char* q = read_plain_u64(p_, v)) {
        p_ = q;
        return parse_errc::ok;
      }
    }
    return read_u64_checked(v);
  }

  // The whitespace-delimited token at the cursor.
  std::string_view token() const noexcept {
    const char* q = p_;
    while (q != end_ && !is_space(*q)) ++q;
    return {p_, std::size_t(q - p_)};
  }

  // The 1-based line of the latest token (1 before the first).
  std::size_t token_line() const noexcept {
    return 1 + std::size_t(std::count(begin_, token_, '\n'));
  }

 private:
  // Bytes read_plain_u64 may look at.
  static constexpr std::ptrdiff_t fast_window = 24;

  // The common case, with no branch on the token's length: 1 to 20 digits, a value below
  // 2^64, then whitespace. Reads 24 bytes at p. Returns the end of the digits, or nullptr for
  // anything else (no digit, a bad character, too large, more than 20 digits as with leading
  // zeros), which read_u64_checked then reads, or reports, exactly.
  static const char* read_plain_u64(const char* p, std::uint64_t& v) noexcept {
    const std::uint64_t w0 = load8(p), m0 = nondigit_bytes(w0);
    std::uint64_t x;
    unsigned n;
    if (m0) {  // up to 7 digits
      n = digit_run(m0);
      if (n == 0) return nullptr;
      x = leading_digits_value(w0, n);
    } else {
      const std::uint64_t w1 = load8(p + 8), m1 = nondigit_bytes(w1);
      if (m1) {  // 8 to 15 digits
        const unsigned k = digit_run(m1);
        n = 8 + k;
        x = eight_digits_value(w0) * kPow10[k] + leading_digits_value(w1, k);
      } else {  // 16 to 20 digits: the only lengths that can overflow
        const std::uint64_t w2 = load8(p + 16), m2 = nondigit_bytes(w2);
        const unsigned k = m2 ? digit_run(m2) : 8;
        if (k > 4) return nullptr;
        n = 16 + k;
        const std::uint64_t head =
            std::uint64_t{eight_digits_value(w0)} * 100'000'000 + eight_digits_value(w1);
        const bool overflow = __builtin_mul_overflow(head, kPow10[k], &x);
        if (overflow | __builtin_add_overflow(x, leading_digits_value(w2, k), &x)) return nullptr;
      }
    }
    if (!is_space(p[n])) return nullptr;
    v = x;
    return p + n;
  }

  // Any token, digit by digit where it must: near the end of the input, and on every error.
  parse_errc read_u64_checked(std::uint64_t& v) noexcept {
    const char* p = p_;
    std::uint64_t x = 0;
    // Eight digits at a time while 19 digits cannot have overflowed (10^19 - 1 < 2^64).
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

  const char* begin_;
  const char* p_;
  const char* end_;
  const char* token_;  // start of the latest token; at the end, of the last one
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
  for (const std::uint64_t v : values) out = write_decimal_line(out, v);
  return out;
}

}  // namespace nimber::cli
