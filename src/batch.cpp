// Portable batch loops (placeholder until the per-ISA kernels land: see issue 3).
#include "nimber/batch.hpp"

#include <cstddef>

namespace nimber::batch {

void mul(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
         std::span<std::uint64_t> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::mul(a[i], b[i]);
}
void mul(std::span<const u128> a, std::span<const u128> b, std::span<u128> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::mul(a[i], b[i]);
}
void mul(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::mul(c, x[i]);
}
void axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y) noexcept {
  for (std::size_t i = 0; i < y.size(); ++i) y[i] ^= nimber::mul(c, x[i]);
}
void square(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::square(x[i]);
}
void sqrt(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::sqrt(x[i]);
}
void inverse(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = nimber::inverse(x[i]);
}

}  // namespace nimber::batch
