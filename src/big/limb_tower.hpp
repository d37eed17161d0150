// The limb routines behind big_nim: the Karatsuba tower product with batched leaves, the
// product by the half Fermat power, squaring, square roots and the inverse by the norm. This
// header holds what the files of the tower share. Internal to the library.
//
// Layout: an element of GF(2^(64 n)) is n little-endian limbs, n a power of two. Its tower
// halves x = x1 F + x0 (F = 2^(32 n)) are the low and the high n/2 limbs, so V elements of
// n limbs stored one after another are also 2V elements of n/2 limbs: every routine here
// works on such runs of V equal-size vectors at once, which is what lets the leaves be
// batch calls. The tower runs over one of two base fields: the limbs themselves, or 512-bit
// chunks in a polynomial basis (big/chunks.hpp), where the product by the half Fermat power
// becomes a shift. docs/big.md describes the layers: element-major trees inside blocks,
// node-major breadth-first levels above them, depth-first halving beyond, the second core,
// and the chunks.
//
// The files, from the bottom up:
//   arena.hpp          the per-thread scratch arena and its frames
//   bases.hpp          the base fields (limb_base, chunk_base) and the XOR row passes
//   helper_thread.*    the second core: run_pair on the worker threads
//   trees.hpp          element-major runs and the breadth-first Karatsuba tree passes
//   half_power.hpp     the product by the half Fermat power: the recursion, on two cores
//   half_power.cpp     ... and its route through the constant's own tree, on limbs
//   squares.hpp        squares and square roots: the recursion
//   squares.cpp        ... and their three two-core steps on chunks (frobenius_chunks)
//   product.cpp        the product: block trees, breadth-first levels, depth-first halving
//   inverse.cpp        the inverse by the norm
//   tower.cpp          the public entry points (nimber::big::mul, ...) and the chunk route
//   tower.hpp          this overview, and the templates that one .cpp file defines for others
// The recursions of the half power and of squares are templates defined in their headers
// (half_power.hpp says why); the templates declared below are instantiated for limb_base and
// chunk_base in the file that defines them.
//
// Everything in namespace tower has hidden visibility: shared between these files and not
// exported from a shared library. Hidden symbols cannot be interposed either, so the compiler
// treats the calls between them as it treats calls to functions of internal linkage.
#pragma once

#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {

// ---- product.cpp ---------------------------------------------------------------------------
// out = a * b for elements of n base elements. `out` may alias a or b.
template <class Base>
void mul_rec(const u64* a, const u64* b, u64* out, std::size_t n, arena& ar);

// ---- squares.cpp ---------------------------------------------------------------------------
// Squaring is the Frobenius map, linear over GF(2); the square root is its inverse.
enum class frobenius { square, root };

// out = x^2 or sqrt(x) for one element of n limbs (n a multiple of chunks::kWords) by way of
// the chunks, on both cores from 2^16 bits. out may alias x.
template <frobenius Dir>
void frobenius_chunks(const u64* x, u64* out, std::size_t n, arena& ar);

// ---- inverse.cpp ---------------------------------------------------------------------------
// y = 1 / x for one element of n base elements (x nonzero). y may alias x.
template <class Base>
void inverse_rec(const u64* x, u64* y, std::size_t n, arena& ar);

}  // namespace tower
}  // namespace nimber::big
