// Digit vectors of the transfinite layer, least significant first: the exponent
// omega^k n_k + ... + n_0 of a Cantor normal form term as (n_0, ..., n_k), and the limbs of the
// multi-precision integers of the alpha search. Internal to the transfinite layer.
#pragma once

#include <compare>
#include <cstdint>
#include <vector>

namespace nimber::transfinite {

using digits = std::vector<std::uint64_t>;

// Drops the zero digits at the top, so that every value has one form.
inline void trim(digits& d) noexcept {
  while (!d.empty() && d.back() == 0) d.pop_back();
}

// Ordinal order of trimmed exponents: more digits is larger, else the highest digit that
// differs decides.
inline std::strong_ordering compare_exponents(const digits& a, const digits& b) noexcept {
  if (a.size() != b.size()) return a.size() <=> b.size();
  for (std::size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] <=> b[i];
  return std::strong_ordering::equal;
}

struct exponent_less {
  bool operator()(const digits& a, const digits& b) const noexcept { return compare_exponents(a, b) < 0; }
};

}  // namespace nimber::transfinite
