// Differential fuzzer over the big-nimber routes: every kernel this CPU supports (the portable
// one multiplies on the limb tower, the others on 512-bit chunks in a polynomial basis) runs the
// raw big kernels on the same operands; the first disagreement with the portable kernel, or a
// failed identity (sqrt(x^2) = x, x x^-1 = 1), abort()s.
//
// Input: byte 0 picks the field, 2^(byte % 11) limbs (64 to 65536 bits, where squares and
// roots take their two-core steps); the rest fills the two operands a and b, limb by limb,
// cycling over the input (zeros if there is none).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "nimber/big.hpp"
#include "nimber/kernel.hpp"

namespace {

using limbs = std::vector<std::uint64_t>;

struct results {
  limbs mul, square, sqrt, half, inverse;
  bool operator==(const results&) const = default;
};

results run_all(const limbs& a, const limbs& b) {
  namespace big = nimber::big;
  const std::size_t n = a.size();
  results r{limbs(n), limbs(n), limbs(n), limbs(n), limbs(n)};
  big::mul(a.data(), b.data(), r.mul.data(), n);
  big::square(a.data(), r.square.data(), n);
  big::sqrt(a.data(), r.sqrt.data(), n);
  big::mul_half(a.data(), r.half.data(), n);
  big::inverse(a.data(), r.inverse.data(), n);
  limbs back(n), one(n, 0), check(n);
  one[0] = 1;
  big::square(r.sqrt.data(), back.data(), n);
  if (back != a) std::abort();
  big::mul(a.data(), r.inverse.data(), check.data(), n);
  const bool zero = std::all_of(a.begin(), a.end(), [](std::uint64_t v) { return v == 0; });
  if (!zero && check != one) std::abort();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t n = std::size_t(1) << (data[0] % 11);
  limbs a(n, 0), b(n, 0);
  const std::uint8_t* rest = data + 1;
  const std::size_t avail = size - 1;
  for (std::size_t i = 0; avail != 0 && i < 2 * n; ++i) {
    std::uint64_t v = 0;
    for (std::size_t k = 0; k < 8; ++k) v |= std::uint64_t(rest[(8 * i + k) % avail]) << (8 * k);
    (i < n ? a[i] : b[i - n]) = v;
  }

  const std::string before(nimber::kernel::active());
  if (nimber::kernel::force("portable") != nimber::kernel::force_status::ok) std::abort();
  const results expected = run_all(a, b);
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    if (nimber::kernel::force(k.name) != nimber::kernel::force_status::ok) std::abort();
    if (!(run_all(a, b) == expected)) std::abort();
  }
  nimber::kernel::force(before);
  return 0;
}
