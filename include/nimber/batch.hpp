// Bulk nim arithmetic over spans of raw words, for hot loops (Library Checker batches,
// linear algebra, table building).
//
// Every call runs on the kernel chosen at run time for this CPU (nimber/kernel.hpp: AVX-512,
// AVX2 or portable; all give identical results). Batches of 2^16 values or more are split
// across a small persistent pool of threads, one per core; smaller ones run on the caller's.
//
// Aliasing: an output span may be the very same range as an input (in-place), but must not
// partially overlap one. Lengths: the functions in nimber::batch require equal lengths
// (precondition, unchecked, noexcept); nimber::batch::checked throws std::length_error.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>

#include "nimber/arith.hpp"

namespace nimber::detail::kernels {
struct linear_map;
}

namespace nimber::batch {

// Values per call at or above which the work is split across threads.
inline constexpr std::size_t parallel_threshold = std::size_t(1) << 16;

// out[i] = a[i] * b[i]
void mul(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
         std::span<std::uint64_t> out) noexcept;
void mul(std::span<const u128> a, std::span<const u128> b, std::span<u128> out) noexcept;
// out[i] = c * x[i]
void mul(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept;
// y[i] ^= c * x[i]
void axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y) noexcept;
// out[i] = x[i]^2, sqrt(x[i]), inverse(x[i]) (inverse(0) = 0)
void square(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept;
void sqrt(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept;
void inverse(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept;

// A constant prepared for many batch products by it. mul(c, x, out) builds the 64 x 64 bit
// matrix of x -> c x on every call (64 scalar products and about 17 KiB of tables, a few
// microseconds); a multiplier builds it once, so short spans run at the kernel's full speed.
// Immutable once built: copies share the matrix, and any thread may use it under any kernel.
// The spans follow the rules above (lengths equal, unchecked).
class multiplier {
 public:
  explicit multiplier(std::uint64_t c);  // std::bad_alloc if the matrix cannot be allocated
  // Copies share the matrix; declaring them leaves no move that could empty a multiplier.
  multiplier(const multiplier&) = default;
  multiplier& operator=(const multiplier&) = default;
  std::uint64_t value() const noexcept { return c_; }
  // out[i] = c * x[i]
  void mul(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) const noexcept;
  // y[i] ^= c * x[i]
  void axpy(std::span<const std::uint64_t> x, std::span<std::uint64_t> y) const noexcept;

 private:
  std::uint64_t c_;
  std::shared_ptr<const detail::kernels::linear_map> map_;
};

// The same operations with the lengths checked: std::length_error when they differ.
namespace checked {

namespace detail {
inline void same_length(std::size_t a, std::size_t b) {
  if (a != b) throw std::length_error("nimber::batch: spans of different lengths");
}
}  // namespace detail

inline void mul(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                std::span<std::uint64_t> out) {
  detail::same_length(a.size(), out.size()), detail::same_length(b.size(), out.size());
  batch::mul(a, b, out);
}
inline void mul(std::span<const u128> a, std::span<const u128> b, std::span<u128> out) {
  detail::same_length(a.size(), out.size()), detail::same_length(b.size(), out.size());
  batch::mul(a, b, out);
}
inline void mul(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> out) {
  detail::same_length(x.size(), out.size());
  batch::mul(c, x, out);
}
inline void axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y) {
  detail::same_length(x.size(), y.size());
  batch::axpy(c, x, y);
}
inline void square(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) {
  detail::same_length(x.size(), out.size());
  batch::square(x, out);
}
inline void sqrt(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) {
  detail::same_length(x.size(), out.size());
  batch::sqrt(x, out);
}
inline void inverse(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) {
  detail::same_length(x.size(), out.size());
  batch::inverse(x, out);
}

}  // namespace checked
}  // namespace nimber::batch
