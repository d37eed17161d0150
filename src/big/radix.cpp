// big_nim text I/O: hex and binary by hand, decimal through GMP (mpz_import / mpz_export
// for the limbs, mpz_set_str / mpz_get_str for the digits: GMP's conversions are
// subquadratic, which matters for numbers of a million bits).
#include <gmp.h>

#include <algorithm>
#include <memory>
#include <ostream>
#include <stdexcept>

#include "nimber/big.hpp"

namespace nimber {
namespace {

using u64 = std::uint64_t;

struct mpz {
  mpz_t z;
  mpz() { mpz_init(z); }
  ~mpz() { mpz_clear(z); }
  mpz(const mpz&) = delete;
  mpz& operator=(const mpz&) = delete;
};

// Digits of a power-of-two radix (2^bits_per_digit), most significant first, into limbs.
std::vector<u64> parse_pow2(std::string_view digits, unsigned bits_per_digit) {
  std::vector<u64> limbs((digits.size() * bits_per_digit + 63) / 64, 0);
  std::size_t bit = 0;
  for (std::size_t i = digits.size(); i-- > 0; bit += bits_per_digit)
    limbs[bit / 64] |= u64(hex_digit_value(digits[i])) << (bit % 64);  // 64 % bits_per_digit == 0
  return limbs;
}

}  // namespace

parse_result<big_nim> big_nim::parse(std::string_view text) {
  const radix_digits split = split_radix_prefix(text);
  const unsigned radix = split.radix;  // named apart: clang 14 cannot capture a binding
  const std::string_view digits = split.digits;
  if (digits.empty()) return {big_nim(), parse_errc::empty};
  const auto in_radix = [radix](char c) { return unsigned(hex_digit_value(c)) < radix; };  // -1: huge
  if (!std::all_of(digits.begin(), digits.end(), in_radix))
    return {big_nim(), parse_errc::invalid_digit};
  if (radix == 16) return {from_limbs(parse_pow2(digits, 4)), parse_errc::ok};
  if (radix == 2) return {from_limbs(parse_pow2(digits, 1)), parse_errc::ok};
  if (digits.size() <= 19) {  // below 10^19 < 2^64: no GMP round trip
    u64 v = 0;
    for (char c : digits) v = v * 10 + u64(c - '0');
    return {big_nim(v), parse_errc::ok};
  }
  mpz n;
  const std::string s(digits);  // mpz_set_str wants a terminator; digits are validated above
  mpz_set_str(n.z, s.c_str(), 10);
  big_nim r;
  r.limbs_.resize((mpz_sizeinbase(n.z, 2) + 63) / 64);
  std::size_t count = 0;
  mpz_export(r.limbs_.data(), &count, -1, sizeof(u64), 0, 0, n.z);
  r.limbs_.resize(count);
  r.trim();
  return {std::move(r), parse_errc::ok};
}

big_nim big_nim::from_string(std::string_view text) {
  parse_result<big_nim> r = parse(text);
  if (!r) throw std::invalid_argument(std::string("nimber::big_nim: ") + nimber::to_string(r.ec) +
                                      ": \"" + std::string(text.substr(0, 40)) +
                                      (text.size() > 40 ? "...\"" : "\""));
  return std::move(r.value);
}

std::string big_nim::to_string(int base, bool prefix) const {
  if (base == 10) {
    if (limbs_.size() <= 1) return std::to_string(limbs_.empty() ? u64(0) : limbs_[0]);
    mpz n;
    mpz_import(n.z, limbs_.size(), -1, sizeof(u64), 0, 0, limbs_.data());
    std::string s(mpz_sizeinbase(n.z, 10) + 1, '\0');  // may overshoot by one digit
    mpz_get_str(s.data(), 10, n.z);
    s.resize(s.find('\0'));
    return s;
  }
  if (base != 16 && base != 2) throw std::invalid_argument("nimber::big_nim::to_string: base must be 2, 10 or 16");
  const unsigned per = base == 16 ? 4 : 1;
  const std::size_t ndigits = std::max<std::size_t>(1, (bit_length() + per - 1) / per);
  std::string s = prefix ? (base == 16 ? "0x" : "0b") : "";
  const std::size_t start = s.size();
  s.resize(start + ndigits);
  for (std::size_t d = 0; d < ndigits; ++d) {
    const std::size_t bit = d * per;
    const unsigned v = limbs_.empty() ? 0 : unsigned(limbs_[bit / 64] >> (bit % 64)) & ((1u << per) - 1);
    s[start + ndigits - 1 - d] = hex_digit_char(v);
  }
  return s;
}

std::ostream& operator<<(std::ostream& os, const big_nim& x) {
  if (os.flags() & std::ios_base::hex) return os << x.to_string(16, bool(os.flags() & std::ios_base::showbase));
  return os << x.to_string(10);
}

}  // namespace nimber
