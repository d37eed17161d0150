// parse_u128 on arbitrary bytes: never crashes, classifies consistently, and every value it
// accepts survives format -> parse in decimal and hex.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "nimber/text.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

bool is_bare_prefix(std::string_view s) {
  return s.empty() || s == "0x" || s == "0X" || s == "0b" || s == "0B";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view s(reinterpret_cast<const char*>(data), size);
  const auto r = nimber::parse_u128(s);
  check((r.ec == nimber::parse_errc::empty) == is_bare_prefix(s));

  // parse_u64 is parse_u128 restricted to 64 bits.
  const auto r64 = nimber::parse_u64(s);
  if (r && r.value <= ~std::uint64_t(0)) check(r64 && r64.value == r.value);
  else if (r) check(r64.ec == nimber::parse_errc::too_large);
  else check(r64.ec == r.ec);

  if (!r) return 0;
  for (const bool hex : {false, true}) {
    const std::string text = nimber::to_string(r.value, hex);
    const auto back = nimber::parse_u128(text);
    check(back && back.value == r.value);
  }
  // A canonical decimal input (no leading zero) formats back to itself.
  const bool canonical_decimal =
      s.find_first_not_of("0123456789") == std::string_view::npos && (s.size() == 1 || s[0] != '0');
  if (canonical_decimal) check(nimber::to_string(r.value) == s);
  return 0;
}
