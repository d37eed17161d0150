// Polynomials over GF(2): products and squares of any length.
//
// A polynomial sum a_i x^i is held as little-endian 64-bit limbs, coefficient a_i in bit
// i % 64 of limb i / 64 (the layout of gf2x and NTL's GF2X). This is the engine under the
// fields GF(2^E) of gf2e.hpp.
//
// Algorithm (docs/big.md, "GF(2)[x] products"): schoolbook on carry-less multiplies up to
// karatsuba_limbs() limbs, Karatsuba above it (operands of unequal lengths cut into pieces
// of the shorter length), and from fft_limbs() up an additive FFT over GF(2^64) in a Cantor
// basis (Chen, Cheng, Kuo, Li and Yang, "Multiplication of polynomials over the binary
// field", arXiv 1708.09746), O(n log n) word operations. The leaf is chosen at run time with the batch kernel of
// kernel.hpp (NIMBER_KERNEL, kernel::force): "portable" multiplies 64 x 64 bits with a 4-bit
// window table; "pclmul" and "avx2" use PCLMULQDQ; "avx512" uses VPCLMULQDQ, four 64 x 64-bit
// products per instruction. Every path gives the same result.
//
// Scratch memory is a per-thread buffer, reused across calls (release_scratch() frees it); the
// functions may throw std::bad_alloc and are otherwise safe to call from several threads at
// once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace nimber::gf2x {

// out[0 .. na + nb) = a b. `out` must not overlap a or b. na or nb may be 0 (then nothing
// is written when both are, else out is zeroed).
void mul(const std::uint64_t* a, std::size_t na, const std::uint64_t* b, std::size_t nb, std::uint64_t* out);

// out[0 .. 2n) = a^2 (linear: the bits of a spread apart). out must not overlap a.
void square(const std::uint64_t* a, std::size_t n, std::uint64_t* out) noexcept;

// The same on vectors: a product of a.size() + b.size() limbs, a square of 2 a.size().
std::vector<std::uint64_t> mul(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b);
std::vector<std::uint64_t> square(std::span<const std::uint64_t> a);

// Frees the calling thread's scratch buffers, which the products keep sized for the largest
// product so far: for a caller about to need that memory for something else. The next
// product allocates them again.
void release_scratch() noexcept;

// The leaf the products use now: "portable", "pclmul" or "vpclmul" (follows kernel::active()).
std::string_view path() noexcept;

// Operands of fewer limbs than this are multiplied by the schoolbook leaf; from it up,
// Karatsuba splits them (the crossover measured in bench/bench_gf2e.cpp, docs/big.md).
std::size_t karatsuba_limbs() noexcept;

// From this many limbs (of the shorter operand) up, the additive FFT on the leaves with
// carry-less multiplies, wherever a cost model fitted to measurements says it beats Karatsuba
// (its cost doubles at each power of two, so just above one Karatsuba can stay cheaper);
// SIZE_MAX where the leaf has none (portable). set_fft_limbs(n) makes every product from n
// limbs up use the FFT, on every leaf that has one (n >= 1; 0 restores the measured choice):
// for tests and measurements. An atomic, like the knobs of big.hpp (docs/big.md, "Tuning
// knobs"); no setting changes an answer.
std::size_t fft_limbs() noexcept;
void set_fft_limbs(std::size_t n) noexcept;

}  // namespace nimber::gf2x
