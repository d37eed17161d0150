// Dense arithmetic in one tower field, for the alpha_p search (dense.cpp and
// dense_frobenius.cpp; their entry points are declared in kappa_basis.hpp): the field that the
// candidate's kappas generate, F_0 = GF(2^c) (c <= 64) and F_i = F_(i-1)[y_i]/(y_i^(q_i^L_i) -
// alpha_(q_i)), an element an array of dim(F) coefficients. A product goes level by level: the
// levels whose wide form fits go through one GF(2)[x] product by Kronecker substitution
// (kronecker.hpp), a level above them by Karatsuba over its blocks; where the field has a
// polynomial base (polynomial_base.hpp), a product of a large subfield goes through it. The
// reduction by alpha_q, and squaring (the Frobenius, additive), use alpha_q's few terms, so a
// squaring costs about dim(F) times a small factor. Internal to the library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "kernels/kernel.hpp"
#include "nimber/arith.hpp"
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kronecker.hpp"
#include "transfinite/kappa_basis.hpp"
#include "transfinite/polynomial_base.hpp"

namespace nimber::transfinite {
namespace [[gnu::visibility("hidden")]] dense {

using word = std::uint64_t;

struct monomial {
  std::vector<word> shift;  // per level, the power of y_i
  word coef;
};

struct level {
  std::size_t k;        // the odd prime index
  word q, n;            // n = q^L
  unsigned l;
  std::size_t stride;   // dim of the field below
  std::vector<monomial> alpha;  // alpha_q in the levels below
};

class dense_field {
 public:
  unsigned coef_bits = 1;
  std::vector<level> levels;
  std::size_t dim = 1;
  // The lowest level's alpha, a constant of GF(2^c): the sum of its terms' coefficients (set
  // with the levels' alphas, by field_of).
  word lowest_alpha = 0;
  // Products of the levels [0, i) for 1 <= i <= kron_levels go through one GF(2)[x] product.
  std::optional<kronecker> kron;
  std::size_t kron_levels = 0;
  // Products of the levels [0, i), base_levels < i, with size(i) >= base_min_size go through
  // the polynomial basis of the levels [0, base_levels) (polynomial_base.cpp), where set.
  std::optional<polynomial_base> base;
  std::size_t base_levels = 0;
  std::size_t base_min_size = 0;
  // mul_by_base's buffers, reused: the theta rows of an operand, the two packed operands and
  // their product, and its wide slots as theta rows and in the tower's coordinates.
  struct base_scratch {
    std::vector<word> rows, a, b, product, wide_rows, wide_tower;
  };
  mutable base_scratch base_scratch_;
  // Scratch per level, reused: a call at level i uses only calls at lower levels.
  mutable std::vector<std::vector<word>> wide_, tmp_, sq_, red_;

  std::vector<word>& scratch(std::vector<std::vector<word>>& pool, std::size_t i, std::size_t size) const {
    if (pool.size() <= i) pool.resize(i + 1);
    pool[i].assign(size, 0);
    return pool[i];
  }

  word cmul(word a, word b) const noexcept {
    return coef_bits <= 8 ? word(nimber::mul<std::uint8_t>(std::uint8_t(a), std::uint8_t(b))) : nimber::mul<word>(a, b);
  }
  word csquare(word a) const noexcept {
    return coef_bits <= 8 ? word(nimber::square<std::uint8_t>(std::uint8_t(a))) : nimber::square<word>(a);
  }

  // out += x * y over levels [0, i)
  void mul_acc(std::size_t i, const word* x, const word* y, word* out) const {
    if (i == 0) {
      out[0] ^= cmul(x[0], y[0]);
      return;
    }
    if (base && i > base_levels && size(i) >= base_min_size) {
      mul_by_base(i, x, y, out);
      return;
    }
    if (i <= kron_levels) {
      kron->multiply(i, x, y);
      reduce(i, 0, out);
      return;
    }
    const level& v = levels[i - 1];
    const std::size_t s = v.stride;
    std::vector<word>& wide = scratch(wide_, i, s * (2 * v.n - 1));
    poly_mul(i - 1, x, y, v.n, wide.data());
    for (word j = 0; j < v.n; ++j)
      for (std::size_t c = 0; c < s; ++c) out[j * s + c] ^= wide[j * s + c];
    for (word j = v.n; j < 2 * v.n - 1; ++j) alpha_acc(i - 1, wide.data() + j * s, out + (j - v.n) * s);
  }

  // out += a * b for polynomials of len blocks over the levels [0, i): Karatsuba above 32
  // blocks (three half products; in characteristic 2 the middle term is a sum).
  void poly_mul(std::size_t i, const word* a, const word* b, std::size_t len, word* out) const {
    const std::size_t s = i == 0 ? 1 : levels[i - 1].stride * levels[i - 1].n;
    const auto zero = [s](const word* block) { return std::all_of(block, block + s, [](word c) { return c == 0; }); };
    if (len <= 32) {
      for (std::size_t u = 0; u < len; ++u) {
        if (zero(a + u * s)) continue;
        for (std::size_t v = 0; v < len; ++v)
          if (i == 0) out[u + v] ^= cmul(a[u], b[v]);
          else if (!zero(b + v * s)) mul_acc(i, a + u * s, b + v * s, out + (u + v) * s);
      }
      return;
    }
    const std::size_t h = len / 2, l1 = len - h;
    std::vector<word> z0((2 * h - 1) * s, 0), z1((2 * l1 - 1) * s, 0), z2((2 * l1 - 1) * s, 0);
    std::vector<word> sa(a + h * s, a + len * s), sb(b + h * s, b + len * s);
    for (std::size_t c = 0; c < h * s; ++c) sa[c] ^= a[c], sb[c] ^= b[c];
    poly_mul(i, a, b, h, z0.data());
    poly_mul(i, a + h * s, b + h * s, l1, z2.data());
    poly_mul(i, sa.data(), sb.data(), l1, z1.data());
    for (std::size_t c = 0; c < z0.size(); ++c) z1[c] ^= z0[c], out[c] ^= z0[c];
    for (std::size_t c = 0; c < z2.size(); ++c) z1[c] ^= z2[c], out[2 * h * s + c] ^= z2[c];
    for (std::size_t c = 0; c < z1.size(); ++c) out[h * s + c] ^= z1[c];
  }

  // out += the wide Kronecker product at a bit offset, reduced level by level, over [0, i)
  void reduce(std::size_t i, std::size_t offset, word* out) const {
    const level& v = levels[i - 1];
    const std::size_t s = v.stride, b = kron->bit_stride(i - 1);
    if (i == 1) {  // the lowest alpha is a constant of GF(2^c)
      for (word j = 0; j < v.n; ++j) out[j] ^= kron->coefficient(offset + j * b);
      for (word j = v.n; j < 2 * v.n - 1; ++j)
        if (const word c = kron->coefficient(offset + j * b)) out[j - v.n] ^= cmul(c, lowest_alpha);
      return;
    }
    for (word j = 0; j < v.n; ++j) reduce(i - 1, offset + j * b, out + j * s);
    for (word j = v.n; j < 2 * v.n - 1; ++j) {
      std::vector<word>& tmp = scratch(red_, i, s);
      reduce(i - 1, offset + j * b, tmp.data());
      alpha_acc(i - 1, tmp.data(), out + (j - v.n) * s);
    }
  }

  // out += x * y over levels [0, i) through the polynomial base, and the wide product's
  // K-blocks (slot s at wide + s size(base_levels)) reduced over the levels [base_levels, i).
  void mul_by_base(std::size_t i, const word* x, const word* y, word* out) const;
  void reduce_wide(std::size_t i, const word* wide, std::size_t slot, word* out) const;

  // out += x * alpha of level i (alpha in levels [0, i))
  void alpha_acc(std::size_t i, const word* x, word* out) const {
    for (const monomial& m : levels[i].alpha) monomial_acc(i, x, m, out);
  }

  // out += x * m over levels [0, i)
  void monomial_acc(std::size_t i, const word* x, const monomial& m, word* out) const {
    if (i == 0) {
      out[0] ^= cmul(x[0], m.coef);
      return;
    }
    std::size_t top = i;  // 1 + the highest level below i where m has a shift
    while (top > 0 && m.shift[top - 1] == 0) --top;
    if (top == 0) {  // a constant: coefficient by coefficient
      const std::size_t n = size(i);
      if (m.coef == 1)
        for (std::size_t c = 0; c < n; ++c) out[c] ^= x[c];
      else
        for (std::size_t c = 0; c < n; ++c) out[c] ^= cmul(x[c], m.coef);
      return;
    }
    if (top < i) {  // no shift in the levels [top, i): block by block
      const std::size_t s = size(top);
      for (std::size_t u = 0; u < size(i) / s; ++u) monomial_acc(top, x + u * s, m, out + u * s);
      return;
    }
    if (i == 1) {  // coefficient by coefficient, without a call for each
      const word n = levels[0].n, sh = m.shift[0], a = lowest_alpha;
      for (word u = 0; u < n; ++u) {
        const word c = cmul(x[u], m.coef);
        if (u + sh < n) out[u + sh] ^= c;
        else out[u + sh - n] ^= cmul(c, a);
      }
      return;
    }
    const level& v = levels[i - 1];
    const std::size_t s = v.stride;
    const word sh = m.shift[i - 1];
    for (word u = 0; u < v.n; ++u) {
      const word t = u + sh;
      if (t < v.n) {
        monomial_acc(i - 1, x + u * s, m, out + t * s);
      } else {
        std::vector<word>& tmp = scratch(tmp_, i, s);
        monomial_acc(i - 1, x + u * s, m, tmp.data());
        alpha_acc(i - 1, tmp.data(), out + (t - v.n) * s);
      }
    }
  }

  // out = x^2 over levels [0, i) (out zeroed by the caller)
  void square_acc(std::size_t i, const word* x, word* out) const {
    if (i == 0) {
      out[0] ^= csquare(x[0]);
      return;
    }
    if (i == 1) {  // coefficient by coefficient, without a call for each
      const word n = levels[0].n, a = lowest_alpha;
      for (word u = 0; u < n; ++u) {
        const word c = csquare(x[u]);
        if (2 * u < n) out[2 * u] ^= c;
        else out[2 * u - n] ^= cmul(c, a);
      }
      return;
    }
    const level& v = levels[i - 1];
    const std::size_t s = v.stride;
    for (word u = 0; u < v.n; ++u) {
      const word t = 2 * u;
      if (t < v.n) {
        square_acc(i - 1, x + u * s, out + t * s);
      } else {
        std::vector<word>& tmp = scratch(sq_, i, s);
        square_acc(i - 1, x + u * s, tmp.data());
        alpha_acc(i - 1, tmp.data(), out + (t - v.n) * s);
      }
    }
  }

  // The size of an element of the levels [0, i).
  std::size_t size(std::size_t i) const { return i == 0 ? 1 : levels[i - 1].stride * levels[i - 1].n; }
  std::vector<word> mul_at(std::size_t i, const std::vector<word>& a, const std::vector<word>& b) const {
    std::vector<word> r(size(i), 0);
    mul_acc(i, a.data(), b.data(), r.data());
    return r;
  }
  std::vector<word> square_at(std::size_t i, const std::vector<word>& a) const {
    std::vector<word> r(size(i), 0);
    square_acc(i, a.data(), r.data());
    return r;
  }
  // alpha of level i as an element of the levels below it.
  std::vector<word> alpha_at(std::size_t i) const {
    std::vector<word> r(levels[i].stride, 0);
    for (const monomial& m : levels[i].alpha) {
      std::size_t index = 0;
      for (std::size_t l = 0; l < i; ++l) index += m.shift[l] * levels[l].stride;
      r[index] ^= m.coef;
    }
    return r;
  }

  std::vector<word> mul(const std::vector<word>& a, const std::vector<word>& b) const {
    std::vector<word> r;
    mul_into(a, b, r);
    return r;
  }
  std::vector<word> square(const std::vector<word>& a) const {
    std::vector<word> r;
    square_into(a, r);
    return r;
  }
  // out = a b and out = a^2 (out neither a nor b) in out's storage: a loop of powers keeps two
  // buffers, as a fresh result costs as much as the squaring itself where an element passes
  // the C library's mmap threshold (its pages mapped, faulted in and zeroed each time).
  void mul_into(const std::vector<word>& a, const std::vector<word>& b, std::vector<word>& out) const {
    out.assign(dim, 0);
    mul_acc(levels.size(), a.data(), b.data(), out.data());
  }
  void square_into(const std::vector<word>& a, std::vector<word>& out) const {
    out.assign(dim, 0);
    square_acc(levels.size(), a.data(), out.data());
  }
};

// x -> x^2 on a field's dense form as a sparse map, found once (dense_squaring.cpp): x^2 =
// sum_u c_u^2 (y^u)^2, each (y^u)^2 a product of monomials with a few terms (about three a
// coefficient in the alpha fields), kept by rows, so that a squaring sums each coefficient's
// terms f c_u^2. It shares no step with square_acc, the search's squaring.
class squaring_map {
 public:
  // F must outlive the map. Rows of 1 to fixed_lengths (at most 8) terms go through loops of a
  // count the compiler knows, the others through one loop of any count. With `chunks`, a
  // field of coefficients of at most 8 bits is squared a chunk at a time where it can be.
  // Such a field's squarings run on `threads` threads (the library's workers), each a part of
  // the rows with about as many terms as the others.
  explicit squaring_map(const dense_field& F, std::size_t fixed_lengths = 8, bool chunks = true,
                        unsigned threads = 1);
  // x^(2^times), `each` called before each squaring.
  std::vector<word> squared(std::vector<word> x, std::uint64_t times, const std::function<void()>& each = {}) const;

 private:
  // The coefficients of x^2 whose sums have `length` terms, group `length`: target[r] is the
  // sum over j < length of factor[k] c_u^2, u = source[k], k = r length + j. With coefficients
  // of at most 8 bits (and dim <= 2^24), packed[k] = u + factor[k] 2^24 instead, and f c^2 is
  // table_[f 2^coef_bits + c]. In the chunked form the rows are chunks: packed[k] = U + m 2^24
  // adds map m of source chunk U.
  struct group {
    std::size_t length = 0;
    std::vector<std::uint32_t> target, source, packed;
    std::vector<word> factor;
  };
  const dense_field* field_;
  std::size_t fixed_lengths_;
  std::vector<group> groups_;
  std::vector<std::size_t> parts_;  // part i: groups_ (or tiles_) [parts_[i], parts_[i + 1])
  std::vector<std::uint8_t> table_;
  // The chunked form, where chunk_ > 0: the chunk_ coefficients of the lowest levels in
  // chunk_words_ words (one on a kernel without GFNI, where it holds at most 64 bits), and the
  // linear maps between chunks (a few distinct ones), on a kernel without GFNI by tables:
  // chunk_tables_[(m chunk_bytes_ + i) 256 + x] is map m of the byte x at byte i of a chunk.
  std::size_t chunk_ = 0;
  std::size_t chunk_words_ = 1;
  std::size_t chunk_bytes_ = 0;
  std::vector<word> chunk_tables_;
  // The chunked form on a kernel whose linear maps run on GFNI (kernel_ set; groups_ empty):
  // the maps' parts from a word of a chunk to a word of a chunk in the kernel's form, and the
  // (source, target) word pairs by tiles of targets, each tile's pairs in runs of one part. A
  // run's sources are gathered, mapped by the kernel in one call, and added into their targets.
  struct chunk_run {
    std::uint32_t map, begin, end;  // pairs [begin, end) of run_source_ and run_target_
  };
  struct chunk_tile {
    std::uint32_t first_target, last_target;  // the words it writes
    std::uint32_t first_run, last_run;        // of runs_
  };
  static constexpr std::size_t max_run = 512;
  const ::nimber::detail::kernels::ops* kernel_ = nullptr;
  std::vector<::nimber::detail::kernels::linear_map> chunk_maps_;
  std::vector<std::uint32_t> run_source_, run_target_;
  std::vector<chunk_run> runs_;
  std::vector<chunk_tile> tiles_;
  // The chunked form from the map's terms, or false (and nothing set) where the lowest levels
  // make no chunk of two coefficients or more, or the maps are more than 256; with chunks of c
  // coefficients in `words` words (two only on a kernel with GFNI), or of the best shape.
  bool make_chunks(const std::vector<std::uint32_t>& source, const std::vector<std::uint32_t>& target,
                   const std::vector<word>& factor);
  bool make_chunks(const std::vector<std::uint32_t>& source, const std::vector<std::uint32_t>& target,
                   const std::vector<word>& factor, const ::nimber::detail::kernels::ops& kernel, std::size_t c,
                   std::size_t words);
  // The kernel's form of the chunk pairs (pair_row[k]: the target chunk, pair_term[k]: the
  // source chunk + map 2^24) and of the maps (images[m][j chunk_words_ + w]: word w of map m
  // of bit j of a chunk).
  void make_kernel_runs(const std::vector<std::uint32_t>& pair_row, const std::vector<std::uint32_t>& pair_term,
                        const std::vector<std::vector<word>>& images);
  // parts_ for `threads` parts of units of the given weights (fewer where the units are fewer).
  void split(unsigned threads, const std::vector<std::size_t>& weights);
  // The work of each unit (group or tile): its terms.
  std::vector<std::size_t> unit_weights() const;
  // out = x^2 (square: scratch for the c_u^2), the same on a byte a coefficient, and on chunks.
  void square_words(const std::vector<word>& x, std::vector<word>& square, std::vector<word>& out) const;
  // The groups [first, last) of a squaring on a byte a coefficient, and on chunks; the tiles
  // [first, last) of one on chunks by the kernel.
  void square_bytes(const std::uint8_t* in, std::uint8_t* out, std::size_t first, std::size_t last) const;
  void square_chunks(const word* in, word* out, std::size_t first, std::size_t last) const;
  void square_tiles(const word* in, word* out, std::size_t first, std::size_t last) const noexcept;
  // Calls part(first, last) for every part of the units (groups or tiles), on the workers at once.
  template <class Part>
  void by_parts(const Part& part) const;
};

// The field of x and of the alphas below its kappas, with at most max_dim coefficients; none
// when a coefficient is wider than 64 bits, the basis lacks an alpha, or the field is larger.
// A field of at least base_min_bits bits gets a polynomial base (set_base).
std::optional<dense_field> field_of(const ordinal& x, const kappa_basis& t, std::size_t max_dim = dense_limit,
                                    std::size_t base_min_bits = SIZE_MAX, std::size_t base_levels = 0);
// F's products of subfields of at least min_bits bits through a polynomial basis of its
// lowest `levels` levels (0: the most whose field has at most max_base_bits bits), where one
// level at least stays above them and a theta of a few terms generates them.
inline constexpr std::size_t max_base_bits = 6144;
void set_base(dense_field& F, std::size_t min_bits, std::size_t levels = 0);
std::optional<polynomial_base> make_polynomial_base(const dense_field& F, std::size_t levels);
std::vector<word> to_dense(const dense_field& f, const ordinal& x);
ordinal to_ordinal(const dense_field& f, const std::vector<word>& x);
// x^e in the field of the levels [0, i), by squarings and products.
std::vector<word> pow_at(const dense_field& F, std::size_t i, const std::vector<word>& x, const digits& e);
// x mod (2^k - 1).
digits mod_mersenne(digits x, word k);
// The product of x^(2^(i s)) over i < n, by Frobenius maps (dense_frobenius.cpp).
std::vector<word> frobenius_product(const dense_field& F, const std::vector<word>& x, word n, word s);

}  // namespace dense
}  // namespace nimber::transfinite
