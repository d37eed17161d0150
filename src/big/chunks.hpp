// The chunk field of the big product (docs/big.md, "Chunks"). Internal to the library.
//
// A nimber of 64 n limbs (n a multiple of 8) is 2^(log2(n) - 3) chunks of 512 bits over the
// tower F_9 < F_10 < ... of Fermat powers above 2^512: its chunk j is the coordinate of the
// product of those Fermat powers whose bits are set in j. Each chunk is an element of
// GF(2^512), which the limb tower sees as a tower of eight quadratic extensions of GF(2), and
// which here is a polynomial ring instead: the power basis of h = 2^511, the half Fermat power
// of GF(2^512). In it
//   - a chunk product is carry-less multiplies and a Barrett reduction (src/kernels/generic/chunk_field.hpp),
//   - the twist of the tower above the chunks, the product by F/2 = h * (Fermat powers), is at
//     the bottom a product by h = z: a shift by one bit and a conditional XOR of mu,
// so the log factor that the product by F/2 adds on limbs costs almost nothing on chunks.
// Chunks are converted in and out by dense GF(2) matrices, built once from nimber arithmetic
// (the powers of h) and applied on GFNI byte planes or with 8-bit tables (the "method of four
// Russians").
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/kernel.hpp"

namespace nimber::big::chunks {

inline constexpr std::size_t kWords = detail::kernels::chunk_constants::words;  // limbs per chunk

// The constants of the field: built on first use (a few ms; thread-safe), never freed.
const detail::kernels::chunk_constants& constants() noexcept;

// `count` chunks from nimber coordinates to polynomial coordinates and back. In place allowed.
void to_poly(const std::uint64_t* x, std::uint64_t* out, std::size_t count) noexcept;
void from_poly(const std::uint64_t* x, std::uint64_t* out, std::size_t count) noexcept;
// The same with the chunk's square taken on the way in, or its square root on the way out:
// the Frobenius is linear over GF(2), so it folds into the conversion matrices for free.
void to_poly_squared(const std::uint64_t* x, std::uint64_t* out, std::size_t count) noexcept;
void from_poly_rooted(const std::uint64_t* x, std::uint64_t* out, std::size_t count) noexcept;

}  // namespace nimber::big::chunks

namespace nimber::big {

// x * 2^(64 n - 1) on the limb tower alone (src/big/limb_tower.cpp): the chunk field is built from
// it, so it must not take the chunk route itself.
void limb_mul_half(const std::uint64_t* x, std::uint64_t* out, std::size_t n);

}  // namespace nimber::big
