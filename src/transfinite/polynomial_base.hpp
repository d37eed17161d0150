// The lowest levels of a dense tower field (dense_field.hpp) in a polynomial basis. The field
// K = F_b of the levels [0, b), d = dim(F_b) c bits, is GF(2)(theta) for an element theta of a
// few terms, so an element of K is also a polynomial of degree < d over GF(2) in theta. A
// product in F_i, i > b, then goes through one GF(2)[x] product whose K-coefficients are
// 2d - 1 bits wide, where the tower's own Kronecker form widens K about 2^(b+1) times; the
// wide coefficients go back to the tower's coordinates by one linear map (theta^k, k < 2d - 1,
// to its coordinates), and the levels above K are reduced by their alphas as before. The
// changes of basis are matrices over GF(2), applied by the method of four Russians
// (Arlazarov, Dinic, Kronrod and Faradzev, "On economical construction of the transitive
// closure of a directed graph"). Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace nimber::transfinite::dense {

using word = std::uint64_t;

// Words of a row of `bits` bits.
inline std::size_t row_words(std::size_t bits) { return (bits + 63) / 64; }

// out (count rows of out_words) ^= in (count rows of in_bits bits, in_stride words apart) times
// m (in_bits rows of out_words words). Bits of `in` past in_bits are ignored.
void multiply_rows(const word* in, std::size_t in_stride, std::size_t in_bits, std::size_t count, const word* m,
                   std::size_t out_words, word* out);
// The inverse of the n x n bit matrix m (rows of row_words(n) words), or empty when singular.
std::vector<word> invert(std::vector<word> m, std::size_t n);

class polynomial_base {
 public:
  // K's elements: `coefs` coefficients of coef_bits bits in the tower's coordinates;
  // powers: the tower coordinates of theta^k, k < 2d - 1, as rows of d bits (coefficient j's
  // bit t at bit j coef_bits + t); none when they do not span K (theta is no generator).
  static std::optional<polynomial_base> make(std::size_t coefs, unsigned coef_bits, std::vector<word> powers);

  std::size_t coefs() const noexcept { return coefs_; }
  std::size_t bits() const noexcept { return bits_; }
  // rows (count rows of row_words(d)) = the theta-coordinates of the K-elements at tower,
  // coefs() words apart.
  void to_theta(const word* tower, std::size_t count, word* rows) const;
  // tower (count blocks of coefs() words) = the tower coordinates of the theta-polynomials of
  // degree < 2d - 1 in rows, row_words(2d - 1) words apart.
  void to_tower(const word* rows, std::size_t count, word* tower) const;

 private:
  std::size_t coefs_ = 0, bits_ = 0;
  unsigned coef_bits_ = 1;
  std::vector<word> inverse_;  // d rows: the theta-coordinates of each tower bit
  std::vector<word> powers_;   // 2d - 1 rows: the tower bits of theta^k
  mutable std::vector<word> bits_scratch_;  // rows of tower bits, reused
};

}  // namespace nimber::transfinite::dense
