// Discrete logarithms and multiplicative orders in the nimber fields GF(2^8) .. GF(2^128).
//
// The multiplicative group of GF(2^n), n = 2^k, is cyclic of order 2^n - 1, which is the
// product of the Fermat numbers 2^(2^i) + 1, i < k, and so squarefree:
//   2^64 - 1  = 3 * 5 * 17 * 257 * 65537 * 641 * 6700417,
//   2^128 - 1 = (2^64 - 1) * 274177 * 67280421310721.
// Logarithms go by Pohlig-Hellman down the tower (see src/algebra/log.cpp): the norm to the half
// field carries the part of the logarithm modulo 2^(n/2) - 1, the "unit" x^(2^(n/2) - 1)
// (norm 1) the part modulo 2^(n/2) + 1, and each prime of the latter is solved by a
// baby-step giant-step that walks the relative traces only, one half-width constant product
// per giant step.
//
// Tables are built once per field on first use (thread-safe) and kept for the process:
// under 1 MiB for the fields up to 64 bits, and 128 MiB more (about 1.3 s to build on a
// 2.6 GHz Zen 4) the first time a 128-bit logarithm is asked for; prepare_log_tables<u128>()
// builds them up front. The size buys the query time (docs/algebra.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "nimber/arith.hpp"

namespace nimber {

// The smallest x >= 0 with a^x = b in the field of bits_of<U> bits, or nullopt when there
// is none (b is not a power of a; b == 0 is never one). Throws std::domain_error when
// a == 0 (no logarithm to base 0 is defined).
template <nim_word U>
std::optional<U> discrete_log(U a, U b);

// The multiplicative order of a: the least e >= 1 with a^e = 1. Throws std::domain_error
// when a == 0.
template <nim_word U>
U order(U a);

// Whether a generates the whole multiplicative group (order 2^n - 1). False for 0.
template <nim_word U>
bool is_primitive(U a) noexcept;

// The numerically smallest primitive element of the field.
template <nim_word U>
U smallest_primitive() noexcept;

// The distinct primes dividing 2^bits_of<U> - 1, in the order the tower meets them.
template <nim_word U>
std::span<const std::uint64_t> group_order_primes() noexcept;

// Builds the tables that discrete_log<U> would build on first use.
template <nim_word U>
void prepare_log_tables();

}  // namespace nimber
