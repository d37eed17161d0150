// The finite fields GF(2^E) for any degree E, 1 <= E <= 2^30.
//
// The algebraic closure of GF(2) is the union of its finite fields GF(2^E), GF(2^d) inside
// GF(2^E) exactly when d divides E. The finite nimbers are the subfields of degree 2^k; the
// transfinite nimbers (Conway, "On Numbers and Games", ch. 6; Lenstra, "On the algebraic
// closure of two") reach the others, of every degree. This class computes in one of them.
//
// Representation: an element is a polynomial of degree < E over GF(2), in the limb layout of
// gf2x.hpp (limbs() limbs, the bits from E up zero), modulo a sparse irreducible
// f = x^E + x^k + 1 (a trinomial) or x^E + x^a + x^b + x^c + 1 (a pentanomial). The modulus
// is found by the library and cached per process (modulus(E), docs/big.md "GF(2^E)"):
//   - trinomials before pentanomials, middle exponents at most E/2, the smallest first;
//   - irreducibility by Rabin's test: f of degree n is irreducible iff x^(2^n) = x mod f and
//     gcd(x^(2^(n/q)) - x, f) = 1 for every prime q | n (n squarings mod f, each linear in n
//     since f is sparse);
//   - for large E, first f(x) = g(x^t) with E = n t, t odd: when g is irreducible of degree
//     n and each prime q | t divides the order of x mod g but not (2^n - 1)/that order
//     (i.e. x is not a q-th power mod g), g(x^t) is irreducible (Lidl and Niederreiter,
//     "Finite Fields", Theorem 3.35). This needs only a search in degree n.
// Searches run in degrees up to 65536 (a Rabin test costs about E^2/64 word operations a
// candidate); a larger E gets a modulus only by composition from a degree within reach. When
// there is none (E a large prime, or a power of two above 65536) std::runtime_error is
// thrown: a known modulus can be given to the constructor instead.
//
// Costs for E bits and n = limbs(): mul is one gf2x product of n limbs plus a linear
// reduction; square and x^(2^k) per squaring are linear; inverse and norms are Itoh-Tsujii
// chains (about log2 E products and E squarings); pow reduces the exponent mod 2^E - 1, and
// an exponent whose E bits repeat with a period m | E (as (2^E - 1)/p does, with
// m = ord_p(2)) costs a power with m bits and a norm-like chain, not E bits of products.
//
// Errors: operands of the wrong size, a degree out of range, a malformed modulus, or a p that
// does not divide 2^E - 1 throw std::invalid_argument. Everything may throw std::bad_alloc.
// A gf2e is immutable: const member functions may be called from several threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace nimber {

class gf2e {
 public:
  using element = std::vector<std::uint64_t>;  // limbs() limbs, bits from E up zero
  static constexpr std::uint64_t max_degree = std::uint64_t(1) << 30;

  // GF(2^E) modulo the library's modulus for E (searched on first use, then cached).
  explicit gf2e(std::uint64_t E);
  // GF(2^E) modulo x^E + sum_{k in middle} x^k + 1. Precondition: it is irreducible (not
  // checked here; is_irreducible checks it). `middle`: 1 or 3 distinct exponents in (0, E),
  // or none when E = 1 (the modulus x + 1).
  gf2e(std::uint64_t E, std::vector<std::uint64_t> middle);

  // The library's modulus for E: its middle exponents, largest first.
  static std::vector<std::uint64_t> modulus(std::uint64_t E);
  // Rabin's test for x^E + sum_{k in middle} x^k + 1 (cost about E^2/64 word operations).
  static bool is_irreducible(std::uint64_t E, std::span<const std::uint64_t> middle);

  std::uint64_t degree() const noexcept { return E_; }
  std::size_t limbs() const noexcept { return n_; }
  std::span<const std::uint64_t> middle_terms() const noexcept { return middle_; }

  element zero() const { return element(n_, 0); }
  element one() const;
  element x() const;  // the class of x, a root of the modulus
  // The class of any polynomial (limbs in gf2x layout, any length).
  element from_polynomial(std::span<const std::uint64_t> poly) const;
  bool is_zero(const element& a) const noexcept;
  bool is_one(const element& a) const noexcept;

  element add(const element& a, const element& b) const;
  element mul(const element& a, const element& b) const;
  element square(const element& a) const;
  // a^(2^k) (the Frobenius map applied k times; k is taken mod E).
  element frobenius(const element& a, std::uint64_t k) const;
  // a^-1 by Itoh-Tsujii: a^(2^E - 2). The inverse of zero is zero.
  element inverse(const element& a) const;
  // a^e, e given as little-endian 64-bit limbs (any length). 0^0 = 1.
  element pow(const element& a, std::span<const std::uint64_t> e) const;
  element pow(const element& a, std::uint64_t e) const;
  // The norm to the subfield GF(2^d), d | E: a^(1 + 2^d + 2^(2d) + ... + 2^(E-d)), an
  // element of that subfield (in this field's representation).
  element norm(const element& a, std::uint64_t d) const;
  // a^((2^E - 1)/p) for p | 2^E - 1.
  element pow_cofactor(const element& a, std::uint64_t p) const;
  // Whether a = b^p for some b in this field, for p | 2^E - 1 (p prime or not): a = 0, or
  // a^((2^E - 1)/p) = 1.
  bool is_pth_power(const element& a, std::uint64_t p) const;

  // The absolute trace a + a^2 + a^4 + ... + a^(2^(E-1)), 0 or 1: x^2 + x = a has a root in
  // this field exactly when it is 0. Linear in a: the parity of a AND the traces of the powers
  // x^i, which Newton's identities give from the sparse modulus in O(E) bit operations per call.
  bool trace(const element& a) const;

  // In-place forms on raw limbs (limbs() each) for loops that keep their own storage; out
  // may alias the inputs.
  void mul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) const;
  void square(const std::uint64_t* a, std::uint64_t* out) const;

 private:
  std::uint64_t E_;
  std::size_t n_;
  std::vector<std::uint64_t> middle_;

  void check(const element& a) const;
  // Reduces c (len >= limbs() limbs, len <= 2 limbs()) mod the modulus into out[0 .. limbs()).
  void reduce(std::uint64_t* c, std::size_t len, std::uint64_t* out) const noexcept;
  void reduce_rounds(std::uint64_t* c, std::size_t len, std::uint64_t* out) const noexcept;
  void frobenius_in_place(element& a, std::uint64_t k) const;
  element repunit_power(const element& a, std::uint64_t m, std::uint64_t k) const;
  element plain_pow(const element& a, std::span<const std::uint64_t> e) const;
};

}  // namespace nimber
