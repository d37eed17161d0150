// Products of a dense tower field through a polynomial basis of its lowest levels
// (polynomial_base.hpp): the bit matrices, the base itself, and dense_field's product by it.
#include "transfinite/polynomial_base.hpp"

#include <algorithm>
#include <random>

#include "nimber/gf2x.hpp"
#include "transfinite/dense_field.hpp"

namespace nimber::transfinite::dense {
namespace {

void xor_row(word* out, const word* in, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) out[w] ^= in[w];
}

// out |= the `bits` bits of `in` (from bit 0) at bit `offset`; out has room for them.
void put_bits(word* out, std::size_t offset, const word* in, std::size_t bits) {
  const std::size_t shift = offset % 64;
  out += offset / 64;
  for (std::size_t w = 0; w < row_words(bits); ++w) {
    out[w] |= in[w] << shift;
    if (shift != 0 && (w + 1) * 64 - shift < bits) out[w + 1] |= in[w] >> (64 - shift);
  }
}

// out = the `bits` bits of `in` from bit `offset` (out has row_words(bits) words).
void get_bits(const word* in, std::size_t in_words, std::size_t offset, std::size_t bits, word* out) {
  const std::size_t shift = offset % 64, first = offset / 64;
  for (std::size_t w = 0; w < row_words(bits); ++w) {
    const std::size_t i = first + w;
    word v = i < in_words ? in[i] >> shift : 0;
    if (shift != 0 && i + 1 < in_words) v |= in[i + 1] << (64 - shift);
    out[w] = v;
  }
  if (bits % 64) out[row_words(bits) - 1] &= (word(1) << (bits % 64)) - 1;
}

// multiply_rows with tables of K bits: per K rows of m, the table of all 2^K sums of them; a
// row of `in` then adds one table entry per K bits. Four tables at once (a piece of 4K bits
// of the row, within one word), so that a row of `out` is read and written once per four.
template <unsigned K>
void multiply_rows_by_tables(const word* in, std::size_t in_stride, std::size_t in_bits, std::size_t count,
                             const word* m, std::size_t out_words, word* out) {
  constexpr std::size_t tables = 4, size = std::size_t(1) << K;
  std::vector<word> table(tables * size * out_words, 0);
  for (std::size_t first = 0; first < in_bits; first += K * tables) {
    for (std::size_t k = 0; k < tables; ++k) {
      word* t = table.data() + k * size * out_words;
      for (word v = 1; v < size; ++v) {
        word* entry = t + v * out_words;
        const word* rest = t + (v & (v - 1)) * out_words;
        const std::size_t bit = first + K * k + std::size_t(__builtin_ctzll(v));
        if (bit >= in_bits) {  // a bit past the rows of m adds nothing
          std::copy(rest, rest + out_words, entry);
          continue;
        }
        const word* row = m + bit * out_words;
        for (std::size_t w = 0; w < out_words; ++w) entry[w] = rest[w] ^ row[w];
      }
    }
    for (std::size_t r = 0; r < count; ++r) {
      const word piece = in[r * in_stride + first / 64] >> (first % 64);
      const word* e[tables];
      for (std::size_t k = 0; k < tables; ++k)
        e[k] = table.data() + (k * size + ((piece >> (K * k)) & (size - 1))) * out_words;
      word* o = out + r * out_words;
      for (std::size_t w = 0; w < out_words; ++w) o[w] ^= e[0][w] ^ e[1][w] ^ e[2][w] ^ e[3][w];
    }
  }
}

}  // namespace

void multiply_rows(const word* in, std::size_t in_stride, std::size_t in_bits, std::size_t count, const word* m,
                   std::size_t out_words, word* out) {
  // The four Russians' method (tables of K bits cost 2^K/K row sums a bit of m to build and
  // count/K to use): the K of the least cost for this many rows.
  if (count <= 8) multiply_rows_by_tables<2>(in, in_stride, in_bits, count, m, out_words, out);
  else if (count <= 224) multiply_rows_by_tables<4>(in, in_stride, in_bits, count, m, out_words, out);
  else multiply_rows_by_tables<8>(in, in_stride, in_bits, count, m, out_words, out);
}

std::vector<word> invert(std::vector<word> m, std::size_t n) {
  // Gauss-Jordan on [m | I], rows of 2 row_words(n) words.
  const std::size_t w = row_words(n), w2 = 2 * w;
  std::vector<word> a(n * w2, 0);
  for (std::size_t r = 0; r < n; ++r) {
    std::copy(m.begin() + std::ptrdiff_t(r * w), m.begin() + std::ptrdiff_t((r + 1) * w),
              a.begin() + std::ptrdiff_t(r * w2));
    a[r * w2 + w + r / 64] |= word(1) << (r % 64);
  }
  const auto bit = [&](std::size_t r, std::size_t c) { return (a[r * w2 + c / 64] >> (c % 64)) & 1; };
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    while (pivot < n && !bit(pivot, c)) ++pivot;
    if (pivot == n) return {};
    if (pivot != c)
      std::swap_ranges(a.begin() + std::ptrdiff_t(pivot * w2), a.begin() + std::ptrdiff_t((pivot + 1) * w2),
                       a.begin() + std::ptrdiff_t(c * w2));
    for (std::size_t r = 0; r < n; ++r)
      if (r != c && bit(r, c)) xor_row(a.data() + r * w2, a.data() + c * w2, w2);
  }
  std::vector<word> inverse(n * w);
  for (std::size_t r = 0; r < n; ++r)
    std::copy(a.begin() + std::ptrdiff_t(r * w2 + w), a.begin() + std::ptrdiff_t((r + 1) * w2),
              inverse.begin() + std::ptrdiff_t(r * w));
  return inverse;
}

std::optional<polynomial_base> polynomial_base::make(std::size_t coefs, unsigned coef_bits, std::vector<word> powers) {
  polynomial_base base;
  base.coefs_ = coefs;
  base.coef_bits_ = coef_bits;
  base.bits_ = coefs * coef_bits;
  const std::size_t d = base.bits_, w = row_words(d);
  // theta^k = sum_i a_i theta^i (i < d) has tower bits a P, P the first d rows of powers:
  // the theta-coordinates of the tower bits are the rows of P^-1.
  base.inverse_ = invert(std::vector<word>(powers.begin(), powers.begin() + std::ptrdiff_t(d * w)), d);
  if (base.inverse_.empty()) return std::nullopt;
  base.powers_ = std::move(powers);
  return base;
}

void polynomial_base::to_theta(const word* tower, std::size_t count, word* rows) const {
  const std::size_t w = row_words(bits_);
  std::vector<word>& bits = bits_scratch_;
  bits.assign(count * w, 0);
  for (std::size_t r = 0; r < count; ++r)
    for (std::size_t j = 0; j < coefs_; ++j)
      if (const word c = tower[r * coefs_ + j]) put_bits(bits.data() + r * w, j * coef_bits_, &c, coef_bits_);
  std::fill(rows, rows + count * w, 0);
  multiply_rows(bits.data(), w, bits_, count, inverse_.data(), w, rows);
}

void polynomial_base::to_tower(const word* rows, std::size_t count, word* tower) const {
  const std::size_t w = row_words(bits_);
  std::vector<word>& bits = bits_scratch_;
  bits.assign(count * w, 0);
  multiply_rows(rows, row_words(2 * bits_ - 1), 2 * bits_ - 1, count, powers_.data(), w, bits.data());
  for (std::size_t r = 0; r < count; ++r)
    for (std::size_t j = 0; j < coefs_; ++j) {
      word c = 0;
      get_bits(bits.data() + r * w, w, j * coef_bits_, coef_bits_, &c);
      tower[r * coefs_ + j] = c;
    }
}

std::optional<polynomial_base> make_polynomial_base(const dense_field& F, std::size_t b) {
  const std::size_t coefs = F.size(b), d = coefs * F.coef_bits, w = row_words(d);
  // theta = the sum of the levels' generators y_l plus a constant: a few terms, so that its
  // powers come by monomial products, not by products of the field. The first that spans K.
  std::vector<monomial> theta;
  for (std::size_t l = 0; l < b; ++l) {
    monomial y{std::vector<word>(b, 0), 1};
    y.shift[l] = 1;
    theta.push_back(std::move(y));
  }
  // The constants: seeded pseudo-random ones, which generate GF(2^c) with high probability.
  std::mt19937_64 rng(d);
  const word mask = F.coef_bits >= 64 ? ~word(0) : (word(1) << F.coef_bits) - 1;
  for (int attempt = 0; attempt < 16; ++attempt) {
    const word k = rng() & mask;
    std::vector<word> powers((2 * d - 1) * w, 0), x(coefs, 0), next(coefs);
    x[0] = 1;
    for (std::size_t i = 0; i < 2 * d - 1; ++i) {
      for (std::size_t j = 0; j < coefs; ++j)
        if (x[j]) put_bits(powers.data() + i * w, j * F.coef_bits, &x[j], F.coef_bits);
      for (std::size_t j = 0; j < coefs; ++j) next[j] = F.cmul(x[j], k);
      for (const monomial& y : theta) F.monomial_acc(b, x.data(), y, next.data());
      x.swap(next);
    }
    if (std::optional<polynomial_base> base = polynomial_base::make(coefs, F.coef_bits, std::move(powers))) return base;
  }
  return std::nullopt;
}

void dense_field::mul_by_base(std::size_t i, const word* x, const word* y, word* out) const {
  const polynomial_base& B = *base;
  const std::size_t d = B.bits(), w = row_words(d), slot = 2 * d - 1, wide_w = row_words(slot);
  const std::size_t blocks = size(i) / B.coefs();
  // Block u of the dense form (digits u_l at strides prod n_m) goes to wide slot sum u_l Q_l,
  // Q_l = prod_(m<l) (2 n_m - 1) over the levels [base_levels, i).
  std::size_t wide = 1;
  std::vector<std::size_t> slot_of(blocks, 0);
  for (std::size_t l = base_levels, dense_stride = 1; l < i; ++l) {
    const word n = levels[l].n;
    for (std::size_t u = 0; u < blocks; ++u) slot_of[u] += (u / dense_stride) % n * wide;
    dense_stride *= n;
    wide *= 2 * n - 1;
  }
  const std::size_t words = row_words(wide * slot) + 1;
  base_scratch& z = base_scratch_;
  z.rows.resize(blocks * w);
  z.a.assign(words, 0);
  z.b.assign(words, 0);
  z.product.resize(2 * words);
  B.to_theta(x, blocks, z.rows.data());
  for (std::size_t u = 0; u < blocks; ++u) put_bits(z.a.data(), slot_of[u] * slot, z.rows.data() + u * w, d);
  B.to_theta(y, blocks, z.rows.data());
  for (std::size_t u = 0; u < blocks; ++u) put_bits(z.b.data(), slot_of[u] * slot, z.rows.data() + u * w, d);
  gf2x::mul(z.a.data(), words, z.b.data(), words, z.product.data());
  z.wide_rows.resize(wide * wide_w);
  for (std::size_t s = 0; s < wide; ++s)
    get_bits(z.product.data(), z.product.size(), s * slot, slot, z.wide_rows.data() + s * wide_w);
  z.wide_tower.resize(wide * B.coefs());
  B.to_tower(z.wide_rows.data(), wide, z.wide_tower.data());
  reduce_wide(i, z.wide_tower.data(), 0, out);
}

void dense_field::reduce_wide(std::size_t i, const word* wide, std::size_t slot, word* out) const {
  if (i == base_levels) {
    xor_row(out, wide + slot * size(i), size(i));
    return;
  }
  const level& v = levels[i - 1];
  const std::size_t s = v.stride;
  std::size_t q = 1;  // the wide slots of one coefficient of level i - 1
  for (std::size_t l = base_levels; l + 1 < i; ++l) q *= 2 * levels[l].n - 1;
  for (word j = 0; j < v.n; ++j) reduce_wide(i - 1, wide, slot + j * q, out + j * s);
  for (word j = v.n; j < 2 * v.n - 1; ++j) {
    std::vector<word>& tmp = scratch(red_, i, s);
    reduce_wide(i - 1, wide, slot + j * q, tmp.data());
    alpha_acc(i - 1, tmp.data(), out + (j - v.n) * s);
  }
}

}  // namespace nimber::transfinite::dense
