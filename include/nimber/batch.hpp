// Bulk nim arithmetic over spans of raw words, for hot loops (Library Checker batches,
// linear algebra, table building).
//
// Aliasing: an output span may be the very same range as an input (in-place), but must not
// partially overlap one. Lengths: the functions in nimber::batch require equal lengths
// (precondition, unchecked, noexcept); nimber::batch::checked throws std::length_error.
#pragma once

#include <cstdint>
#include <span>

#include "nimber/arith.hpp"

namespace nimber::batch {

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

}  // namespace nimber::batch
