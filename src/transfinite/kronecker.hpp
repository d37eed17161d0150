// Products in the dense tower fields by Kronecker substitution: an element of
// F_i = GF(2^c)[y_1, ..., y_i]/(y_l^(n_l) - alpha_l), c <= 8, is read as a polynomial over
// GF(2) in t (GF(2^c) = GF(2)(theta) in the basis 1, theta, ..., theta^(c-1)) and the y_l;
// t -> x, y_l -> x^(B_l), with bit strides B_l = (2c - 1) prod_(m<l) (2 n_m - 1) wide enough
// that the product's exponents do not overlap, turns a product into one GF(2)[x] product
// (gf2x: Karatsuba, then an additive FFT). The caller reduces the wide result level by level.
// Internal to the transfinite layer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace nimber::transfinite {

class kronecker {
 public:
  using word = std::uint64_t;
  // nullopt when c > 8 (no table for the coefficient field).
  static std::optional<kronecker> make(unsigned coef_bits, const std::vector<word>& level_sizes);

  // The unreduced product of x and y, elements of the levels [0, i) in the dense layout
  // (level l at stride prod_(m<l) n_m), kept for coefficient() below.
  void multiply(std::size_t i, const word* x, const word* y) const;
  // The bit offset of the wide coefficient with y_l-exponents j_l is sum j_l * bit_stride(l).
  std::size_t bit_stride(std::size_t l) const noexcept { return stride_[l]; }
  // The products of the levels [0, i) it can take: i <= levels(), wide array of stride_[i] bits.
  std::size_t levels() const noexcept { return stride_.size() - 1; }
  std::size_t wide_bits(std::size_t i) const noexcept { return stride_[i]; }
  // The nim value of the wide coefficient (a t-polynomial of degree <= 2c - 2) at a bit offset.
  word coefficient(std::size_t offset) const noexcept {
    const std::size_t w = offset / 64, b = offset % 64;
    word v = product_[w] >> b;
    if (b + wide_bits_ > 64) v |= product_[w + 1] << (64 - b);
    return to_nim_[v & ((word(1) << wide_bits_) - 1)];
  }

 private:
  unsigned coef_bits_ = 1, wide_bits_ = 1;
  std::vector<word> sizes_;
  std::vector<std::size_t> stride_;   // per level, and the total bits at the end
  std::vector<word> to_poly_;          // nim value -> coordinates in 1, theta, ...
  std::vector<word> to_nim_;           // t-polynomial of degree <= 2c - 2 -> nim value
  mutable std::vector<word> a_, b_, product_;
  void pack(std::size_t i, const word* x, std::size_t offset, std::vector<word>& out) const;
};

}  // namespace nimber::transfinite
