// Nimbers of any size: exact arithmetic in GF(2^(2^k)) for every k.
//
// big_nim holds a non-negative integer of any length as little-endian 64-bit limbs, kept
// normalised (no zero limb at the top; zero has no limbs). Arithmetic is nim arithmetic:
// + and - are XOR, * is the nim product, / multiplies by the inverse. An operation on a and
// b works in the smallest field GF(2^(2^k)) holding both (at least GF(2^64)); every such
// field is a subfield of the larger ones, so the result does not depend on that choice.
// Ordering (<=>) compares the integers, as for nim64.
//
// Algorithms (docs/big.md): the product is the Karatsuba tower of arith.hpp,
//     a * b = ((a0 + a1)(b0 + b1) + a0 b0) F + (a0 b0 + (a1 b1) * F/2),
// over a base field whose leaf products are computed in bulk. On CPUs with carry-less
// multiplies (the pclmul, avx2 and avx512 kernels of kernel.hpp) and from 512 bits up, the
// base is GF(2^512) in the power basis of its half Fermat power h = 2^511: each 512-bit chunk
// is converted once into a polynomial modulo the minimal polynomial of h, the leaf products
// are carry-less multiplies, and the product by F/2 that the tower needs at every level is at
// the bottom a product by h, a one-bit shift. Elsewhere the base is the 64-bit limbs
// (nimber::batch products). Squaring and square roots are linear (Frobenius): no general
// products, only the F/2 map; the inverse goes down the tower through the norm x * conj(x),
// which lies in the half-size subfield (one to two products' time, docs/big.md). Large
// operations share their work with a second core (the library's worker threads, which batch
// spans use too). Scratch memory comes from a per-thread
// arena that is reused across calls: after the first call of a given size, the inner
// recursion allocates nothing.
//
// Errors: division by zero and the inverse of zero throw nimber::division_by_zero (as
// field.hpp does). Narrowing conversions throw std::out_of_range when the value does not
// fit. Text parsing reports errors by value (parse) or by std::invalid_argument (from_string).
// Every operation may throw std::bad_alloc.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/field.hpp"
#include "nimber/text.hpp"

namespace nimber {

class big_nim {
 public:
  big_nim() noexcept = default;
  explicit big_nim(std::uint64_t value);
  explicit big_nim(u128 value);
  explicit big_nim(nim64 value) : big_nim(value.value()) {}
  explicit big_nim(nim128 value) : big_nim(value.value()) {}

  // The integer whose 64-bit limbs, least significant first, are `limbs` (any length;
  // zero limbs at the top are dropped).
  static big_nim from_limbs(std::span<const std::uint64_t> limbs);
  // 2^k as an integer. For k = 2^j it is the Fermat power F_j.
  static big_nim power_of_two(std::size_t k);
  // A pseudo-random integer below 2^bits, the same for the same (bits, seed) everywhere
  // (splitmix64). For tests and benchmarks, e.g. `nimber bench --bits N`.
  static big_nim random(std::size_t bits, std::uint64_t seed);

  std::span<const std::uint64_t> limbs() const noexcept { return limbs_; }
  bool is_zero() const noexcept { return limbs_.empty(); }
  explicit operator bool() const noexcept { return !is_zero(); }
  // Bits of the integer (0 for zero).
  std::size_t bit_length() const noexcept;
  // The size in bits of the smallest nimber field GF(2^(2^k)) holding this value: 1 for 0
  // and 1, 2 for 2..3, 4 for 4..15, ..., 64 below 2^64, 128 below 2^128, ...
  std::size_t field_bits() const noexcept;

  // Narrowing: throw std::out_of_range when the value needs more bits.
  bool fits_u64() const noexcept { return limbs_.size() <= 1; }
  bool fits_u128() const noexcept { return limbs_.size() <= 2; }
  std::uint64_t to_u64() const;
  u128 to_u128() const;
  nim64 to_nim64() const { return nim64(to_u64()); }
  nim128 to_nim128() const { return nim128(to_u128()); }

  friend big_nim operator+(const big_nim& a, const big_nim& b);
  friend big_nim operator-(const big_nim& a, const big_nim& b) { return a + b; }
  friend big_nim operator-(const big_nim& a) { return a; }  // x + x = 0
  friend big_nim operator*(const big_nim& a, const big_nim& b);
  // Throws division_by_zero when b is zero.
  friend big_nim operator/(const big_nim& a, const big_nim& b);
  big_nim& operator+=(const big_nim& b);
  big_nim& operator-=(const big_nim& b) { return *this += b; }
  big_nim& operator*=(const big_nim& b) { return *this = *this * b; }
  big_nim& operator/=(const big_nim& b) { return *this = *this / b; }

  friend bool operator==(const big_nim&, const big_nim&) noexcept = default;
  friend std::strong_ordering operator<=>(const big_nim& a, const big_nim& b) noexcept;

  big_nim square() const;
  // The unique y with y * y = *this.
  big_nim sqrt() const;
  // Throws division_by_zero when *this is zero.
  big_nim inverse() const;
  // x^e; 0^0 = 1. The exponent is reduced modulo the order of the multiplicative group of
  // x's field first, so an exponent of any size costs at most field_bits() squarings.
  big_nim pow(std::uint64_t e) const;
  big_nim pow(u128 e) const;
  big_nim pow(const big_nim& e) const;  // e read as an ordinary non-negative integer

  // ---- Text ------------------------------------------------------------------------------
  // Parses a whole string: decimal ("42", via GMP), hex ("0x2A" / "0X2a") or binary
  // ("0b101010" / "0B..."); leading zeros allowed, no sign, no whitespace, no separators.
  // Errors by value: parse_errc::empty (nothing, or a bare prefix), invalid_digit (any
  // other character). Never too_large.
  static parse_result<big_nim> parse(std::string_view text);
  // The same, throwing std::invalid_argument (with the reason) on an error.
  static big_nim from_string(std::string_view text);

  // base 10 (via GMP), 16 (lowercase) or 2; with `prefix`, "0x" / "0b" so that the text
  // parses back. Any other base throws std::invalid_argument. Zero is "0" ("0x0", "0b0").
  std::string to_string(int base = 10, bool prefix = true) const;

 private:
  std::vector<std::uint64_t> limbs_;
  void trim() noexcept;
};

// Decimal, or hex when the stream has std::hex set (with "0x" under std::showbase).
std::ostream& operator<<(std::ostream& os, const big_nim& x);

// ---- Raw limb routines -----------------------------------------------------------------------
// The algorithms behind big_nim, on caller-owned arrays of n limbs with n a power of two
// (the field GF(2^(64 n))). Inputs and outputs may be the same array. Exposed for benchmarks
// and for callers that keep their own storage; the scratch arena is per thread. The first
// call on the chunk route builds the chunk field's tables (about 4 MiB, 5-7 milliseconds).
namespace big {

void mul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n);
void square(const std::uint64_t* x, std::uint64_t* out, std::size_t n);
void sqrt(const std::uint64_t* x, std::uint64_t* out, std::size_t n);
// x * 2^(64 n - 1), the product by the half Fermat power of the field.
void mul_half(const std::uint64_t* x, std::uint64_t* out, std::size_t n);
// inverse(0) = 0 here (no throw).
void inverse(const std::uint64_t* x, std::uint64_t* out, std::size_t n);

// ---- Tuning (docs/big.md, "Tuning knobs", lists every knob of the library) ----------------
// Each knob is a process-wide atomic: safe to set while other threads compute, taking effect
// for the operations (or, for the two sizes, the levels of a product) that start after it.
// No setting changes an answer, only the time and memory it takes.

// Whether operations from 2^16 bits share their work with a worker thread of the library
// (started on first use on machines with two cores or more; default on). Off, everything
// runs on the calling thread: for callers that keep every core busy themselves, and for
// comparing one core with two.
bool helper_thread_enabled() noexcept;
void set_helper_thread(bool enabled) noexcept;

// Limbs per block evaluated breadth-first (all its leaf products in batched calls); on the
// chunk route the block is this many limbs' worth of chunks (at least 2). Tuned on the
// machine of docs/big.md; for measurements and tests.
std::size_t block_limbs() noexcept;
void set_block_limbs(std::size_t n) noexcept;  // n a power of two >= 2
// Limbs up to which the levels above the blocks are breadth-first too on the limb route
// (working memory about 3 n^1.58 limbs); larger products halve depth-first down to this size
// (linear memory). The chunk route always halves depth-first. For measurements and tests.
std::size_t breadth_limbs() noexcept;
void set_breadth_limbs(std::size_t n) noexcept;  // n a power of two

}  // namespace big

}  // namespace nimber
