// Differential fuzzer over the batch kernels (the simdjson pattern): every kernel this CPU
// supports runs every batch operation on the same input, and the first disagreement with the
// portable kernel, or with the scalar product, abort()s.
//
// Input: the first 8 bytes are the constant c, the rest little-endian words x[0..n); the
// pairwise operations multiply x[i] by x[n-1-i], and the 128-bit product pairs up halves.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "nimber/batch.hpp"
#include "nimber/kernel.hpp"

namespace {

using words = std::vector<std::uint64_t>;

struct results {
  words mul, mul_c, axpy, square, sqrt, inverse;
  std::vector<nimber::u128> mul128;
  bool operator==(const results&) const = default;
};

results run_all(std::uint64_t c, const words& x) {
  namespace b = nimber::batch;
  const std::size_t n = x.size();
  const words y(x.rbegin(), x.rend());
  results r{words(n), words(n), y, words(n), words(n), words(n), {}};
  b::mul(x, y, r.mul);
  b::mul(c, x, r.mul_c);
  b::axpy(c, x, r.axpy);
  b::square(x, r.square);
  b::sqrt(x, r.sqrt);
  b::inverse(x, r.inverse);
  std::vector<nimber::u128> w(n / 2), v(n / 2);
  for (std::size_t i = 0; i < n / 2; ++i)
    w[i] = nimber::u128(x[2 * i]) << 64 | x[2 * i + 1], v[i] = nimber::u128(y[2 * i]) << 64 | y[2 * i + 1];
  r.mul128.resize(n / 2);
  b::mul(w, v, r.mul128);
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 8) return 0;
  std::uint64_t c;
  std::memcpy(&c, data, 8);
  words x((size - 8) / 8);
  if (!x.empty()) std::memcpy(x.data(), data + 8, x.size() * 8);

  const std::string before(nimber::kernel::active());
  if (nimber::kernel::force("portable") != nimber::kernel::force_status::ok) std::abort();
  const results expected = run_all(c, x);
  for (std::size_t i = 0; i < x.size(); ++i)
    if (expected.mul[i] != nimber::mul(x[i], x[x.size() - 1 - i]) || expected.mul_c[i] != nimber::mul(c, x[i]))
      std::abort();
  for (const auto& k : nimber::kernel::list()) {
    if (!k.supported) continue;
    if (nimber::kernel::force(k.name) != nimber::kernel::force_status::ok) std::abort();
    if (!(run_all(c, x) == expected)) std::abort();
  }
  nimber::kernel::force(before);
  return 0;
}
