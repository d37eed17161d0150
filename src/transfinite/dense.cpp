// Dense arithmetic in one tower field, for the alpha_p search: the field that the candidate's
// kappas generate, F_0 = GF(2^c) (c <= 64) and F_i = F_(i-1)[y_i]/(y_i^(q_i^L_i) - alpha_(q_i)),
// an element an array of dim(F) coefficients. A product is schoolbook level by level; the
// reduction by alpha_q, and squaring (the Frobenius, additive), use alpha_q's few terms, so a
// squaring costs about dim(F) times a small factor instead of a product's dim(F)^2.
#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "nimber/arith.hpp"
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kronecker.hpp"
#include "transfinite/tower.hpp"

namespace nimber::transfinite {

namespace {

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
  // Products of the levels [0, i) for 1 <= i <= kron_levels go through one GF(2)[x] product.
  std::optional<kronecker> kron;
  std::size_t kron_levels = 0;
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

  // out += x * y over levels [0, i)
  void mul_acc(std::size_t i, const word* x, const word* y, word* out) const {
    if (i == 0) {
      out[0] ^= cmul(x[0], y[0]);
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
        if (const word c = kron->coefficient(offset + j * b))
          for (const monomial& m : v.alpha) out[j - v.n] ^= cmul(c, m.coef);
      return;
    }
    for (word j = 0; j < v.n; ++j) reduce(i - 1, offset + j * b, out + j * s);
    for (word j = v.n; j < 2 * v.n - 1; ++j) {
      std::vector<word>& tmp = scratch(red_, i, s);
      reduce(i - 1, offset + j * b, tmp.data());
      alpha_acc(i - 1, tmp.data(), out + (j - v.n) * s);
    }
  }

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
      out[0] ^= cmul(x[0], x[0]);
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
    std::vector<word> r(dim, 0);
    mul_acc(levels.size(), a.data(), b.data(), r.data());
    return r;
  }
  std::vector<word> square(const std::vector<word>& a) const {
    std::vector<word> r(dim, 0);
    square_acc(levels.size(), a.data(), r.data());
    return r;
  }
};

unsigned digit_count(word n, word q) {
  unsigned l = 0;
  for (; n; n /= q) ++l;
  return l;
}

word reverse_digits(word n, unsigned l, word q) {
  word r = 0;
  for (unsigned i = 0; i < l; ++i, n /= q) r = r * q + n % q;
  return r;
}

// What x and the alphas below its kappas need: coefficient bits and, per prime index, digits.
bool collect(const ordinal& x, unsigned& bits, std::vector<unsigned>& len) {
  for (const term& a : x.terms()) {
    if (!a.coef.fits_u64()) return false;
    bits = std::max<unsigned>(bits, unsigned(a.coef.field_bits()));
    for (std::size_t k = 0; k < a.exponent.size(); ++k) {
      if (len.size() <= k) len.resize(k + 1, 0);
      len[k] = std::max(len[k], digit_count(a.exponent[k], odd_prime(k)));
    }
  }
  return true;
}

std::optional<dense_field> make_field(const ordinal& x, const tower& t, std::size_t max_dim) {
  dense_field f;
  std::vector<unsigned> len;
  if (!collect(x, f.coef_bits, len)) return std::nullopt;
  for (std::size_t k = len.size(); k-- > 0;) {
    if (!len[k]) continue;
    if (!t.has(k)) return std::nullopt;  // an alpha the tower lacks: the term path decides
    if (!collect(t.alpha(k), f.coef_bits, len)) return std::nullopt;
  }
  if (f.coef_bits > 64) return std::nullopt;
  for (std::size_t k = 0; k < len.size(); ++k) {
    if (!len[k]) continue;
    level v{k, odd_prime(k), 1, len[k], f.dim, {}};
    for (unsigned i = 0; i < v.l; ++i) v.n *= v.q;
    if (v.n > max_dim || f.dim > max_dim / v.n) return std::nullopt;
    f.dim *= v.n;
    f.levels.push_back(std::move(v));
  }
  return f;
}

monomial to_monomial(const dense_field& f, const term& a, std::size_t levels) {
  monomial m{std::vector<word>(levels, 0), a.coef.to_u64()};
  for (std::size_t i = 0; i < levels; ++i) {
    const level& v = f.levels[i];
    const word d = v.k < a.exponent.size() ? a.exponent[v.k] : 0;
    m.shift[i] = reverse_digits(d, v.l, v.q);
  }
  return m;
}

std::vector<word> to_dense(const dense_field& f, const ordinal& x) {
  std::vector<word> r(f.dim, 0);
  for (const term& a : x.terms()) {
    const monomial m = to_monomial(f, a, f.levels.size());
    std::size_t index = 0;
    for (std::size_t i = 0; i < f.levels.size(); ++i) index += m.shift[i] * f.levels[i].stride;
    r[index] ^= m.coef;
  }
  return r;
}

ordinal to_ordinal(const dense_field& f, const std::vector<word>& x) {
  std::vector<term> terms;
  for (std::size_t index = 0; index < f.dim; ++index) {
    if (!x[index]) continue;
    digits e;
    for (const level& v : f.levels) {
      const word j = (index / v.stride) % v.n;
      if (e.size() <= v.k) e.resize(v.k + 1, 0);
      e[v.k] = reverse_digits(j, v.l, v.q);
    }
    terms.push_back({std::move(e), big_nim(x[index])});
  }
  return ordinal::from_terms(std::move(terms));
}

std::vector<word> pow_at(const dense_field& F, std::size_t i, const std::vector<word>& x, const digits& e) {
  std::vector<word> z(F.size(i), 0);
  z[0] = 1;
  for (std::size_t l = e.size(); l-- > 0;)
    for (int b = 63; b >= 0; --b) {
      z = F.square_at(i, z);
      if ((e[l] >> b) & 1) z = F.mul_at(i, z, x);
    }
  return z;
}

// x mod (2^k - 1), by adding the k-bit pieces of x.
digits mod_mersenne(digits x, word k) {
  const auto bits = [](const digits& v) {
    for (std::size_t i = v.size(); i-- > 0;)
      if (v[i]) return word(64 * i + 64 - word(__builtin_clzll(v[i])));
    return word(0);
  };
  const auto bit = [](const digits& v, word i) { return i / 64 < v.size() ? (v[i / 64] >> (i % 64)) & 1 : 0; };
  while (bits(x) > k) {
    const word n = bits(x);
    digits sum((k + 63) / 64 + 2, 0);  // the pieces' sum needs k + log2(pieces) bits
    for (word start = 0; start < n; start += k) {  // add the piece [start, start + k)
      word carry = 0;
      for (word i = 0; i < 64 * sum.size() && (i < k || carry); ++i) {
        const word s = bit(sum, i) + (i < k && start + i < n ? bit(x, start + i) : 0) + carry;
        sum[i / 64] = (sum[i / 64] & ~(word(1) << (i % 64))) | ((s & 1) << (i % 64));
        carry = s >> 1;
      }
    }
    while (!sum.empty() && sum.back() == 0) sum.pop_back();
    x = std::move(sum);
  }
  if (bits(x) == k && std::all_of(x.begin(), x.end() - 1, [](word w) { return w == ~word(0); }) &&
      x.back() == (k % 64 ? (word(1) << (k % 64)) - 1 : ~word(0)))
    return {};  // 2^k - 1 itself
  return x;
}

// x -> x^(2^s) as a map on the dense form: y^j goes to y^(j 2^s mod n) times
// alpha^floor(j 2^s / n), a constant c_j of the field below, level by level.
struct frobenius_map {
  word s = 0;
  std::vector<word> step;                     // per level: 2^s mod n
  std::vector<std::vector<word>> constants;  // per level: the n constants c_j, each a block
};

// The n constants of level i, c_j = a^j alpha^floor(j m / n), for y^(2^s) = y^m a.
std::vector<word> level_constants(const dense_field& F, std::size_t i, word m, const std::vector<word>& a) {
  const level& v = F.levels[i];
  const std::size_t size = v.stride;
  const std::vector<word> alpha = F.alpha_at(i);
  std::vector<word> c(v.n * size, 0), cur(size, 0);
  cur[0] = 1;
  for (word j = 0, r = 0; j < v.n; ++j, r = (r + m) % v.n) {
    std::copy(cur.begin(), cur.end(), c.begin() + std::ptrdiff_t(j * size));
    cur = F.mul_at(i, cur, a);
    if (r + m >= v.n) cur = F.mul_at(i, cur, alpha);
  }
  return c;
}

// The map of x -> x^(2^s) from its definition: y^(2^s) = y^m alpha^((2^s - m)/n) on each
// level, m = 2^s mod n, the exponent reduced modulo the order of the group below (its bits
// grow with s: for small s only).
frobenius_map make_frobenius(const dense_field& F, word s) {
  frobenius_map map;
  map.s = s;
  for (std::size_t i = 0; i < F.levels.size(); ++i) {
    const level& v = F.levels[i];
    const word m = pow_mod(2, s, v.n);
    digits e(s / 64 + 1, 0);
    e[s / 64] = word(1) << (s % 64);
    for (std::size_t l = 0, borrow = m; borrow; ++l) {
      const word before = e[l];
      e[l] -= borrow;
      borrow = before < borrow ? 1 : 0;
    }
    div_small(e, v.n);
    e = mod_mersenne(std::move(e), word(v.stride) * F.coef_bits);
    map.step.push_back(m);
    map.constants.push_back(level_constants(F, i, m, pow_at(F, i, F.alpha_at(i), e)));
  }
  return map;
}

// out += x^(2^s) over the levels [0, i).
void apply_frobenius(const dense_field& F, const frobenius_map& map, std::size_t i, const word* x, word* out);

// The map of s1 + s2 from those of s1 and s2: if y^(2^s1) = y^m1 a1 and y^(2^s2) = y^m2 a2,
// then y^(2^(s1 + s2)) = (y^m2 a2)^m1 a1^(2^s2) = y^(m1 m2 mod n) alpha^floor(m1 m2 / n)
// a2^m1 a1^(2^s2), a1^(2^s2) by the lower levels of the map of s2. A few products per level
// instead of an exponent of the size of the field below.
frobenius_map compose_frobenius(const dense_field& F, const frobenius_map& m1, const frobenius_map& m2) {
  frobenius_map map;
  map.s = m1.s + m2.s;
  for (std::size_t i = 0; i < F.levels.size(); ++i) {
    const level& v = F.levels[i];
    const std::size_t size = v.stride;
    const word a_step = m1.step[i], b_step = m2.step[i];
    const std::vector<word> a1(m1.constants[i].begin() + std::ptrdiff_t(size), m1.constants[i].begin() + std::ptrdiff_t(2 * size));
    const std::vector<word> a2(m2.constants[i].begin() + std::ptrdiff_t(size), m2.constants[i].begin() + std::ptrdiff_t(2 * size));
    std::vector<word> a1_image(size, 0);
    apply_frobenius(F, m2, i, a1.data(), a1_image.data());
    std::vector<word> a = F.mul_at(i, pow_at(F, i, a2, {a_step}), a1_image);
    const word wraps = a_step * b_step / v.n;  // both below n <= 2^22
    if (wraps != 0) a = F.mul_at(i, a, pow_at(F, i, F.alpha_at(i), {wraps}));
    const word m = a_step * b_step % v.n;
    map.step.push_back(m);
    map.constants.push_back(level_constants(F, i, m, a));
  }
  return map;
}

// out += x^(2^s) over the levels [0, i).
void apply_frobenius(const dense_field& F, const frobenius_map& map, std::size_t i, const word* x, word* out) {
  if (i == 0) {
    word y = x[0];
    for (word t = map.s % F.coef_bits; t > 0; --t) y = F.cmul(y, y);
    out[0] ^= y;
    return;
  }
  const level& v = F.levels[i - 1];
  const std::size_t size = v.stride;
  std::vector<word> image(size);
  for (word j = 0, r = 0; j < v.n; ++j, r = (r + map.step[i - 1]) % v.n) {
    if (std::all_of(x + j * size, x + (j + 1) * size, [](word c) { return c == 0; })) continue;
    std::fill(image.begin(), image.end(), 0);
    apply_frobenius(F, map, i - 1, x + j * size, image.data());
    F.mul_acc(i - 1, image.data(), map.constants[i - 1].data() + j * size, out + r * size);
  }
}

// The map of j: from its definition below 64, else composed of those of floor(j/2) and
// ceil(j/2) (cached: about two maps per bit of j).
const frobenius_map& frobenius_map_of(const dense_field& F, word j, std::map<word, frobenius_map>& cache) {
  if (const auto it = cache.find(j); it != cache.end()) return it->second;
  frobenius_map map = j < 64 ? make_frobenius(F, j)
                             : compose_frobenius(F, frobenius_map_of(F, j / 2, cache), frobenius_map_of(F, j - j / 2, cache));
  return cache.emplace(j, std::move(map)).first->second;
}

// x^(2^j): j squarings when j is small, else a Frobenius map.
std::vector<word> frobenius(const dense_field& F, std::vector<word> x, word j, std::map<word, frobenius_map>& cache) {
  if (j < 48) {
    for (word i = 0; i < j; ++i) x = F.square(x);
    return x;
  }
  const frobenius_map& map = frobenius_map_of(F, j, cache);
  std::vector<word> r(F.dim, 0);
  apply_frobenius(F, map, F.levels.size(), x.data(), r.data());
  return r;
}

std::optional<dense_field> field_of(const ordinal& x, const tower& t, std::size_t max_dim = dense_limit) {
  std::optional<dense_field> field = make_field(x, t, max_dim);
  if (!field) return std::nullopt;
  for (std::size_t i = 0; i < field->levels.size(); ++i)
    for (const term& a : t.alpha(field->levels[i].k).terms()) field->levels[i].alpha.push_back(to_monomial(*field, a, i));
  // Kronecker products on every level while the wide form (each level nearly doubles it)
  // fits in 2^33 bits: one GF(2)[x] product of it costs far less than Karatsuba over the
  // blocks of a level above.
  std::vector<word> sizes;
  for (const level& v : field->levels) sizes.push_back(v.n);
  field->kron = kronecker::make(field->coef_bits, sizes);
  if (field->kron)
    for (std::size_t i = 1; i <= field->kron->levels(); ++i)
      if (field->kron->wide_bits(i) <= (std::size_t(1) << 33)) field->kron_levels = i;
  return field;
}

std::vector<word> frobenius_product(const dense_field& F, const std::vector<word>& x, word n, word s) {
  int top = 63;
  while (!((n >> top) & 1)) --top;
  std::vector<word> r = x;
  std::map<word, frobenius_map> cache;
  word k = 1;
  for (int b = top - 1; b >= 0; --b) {
    r = F.mul(r, frobenius(F, r, s * k, cache));
    k *= 2;
    if ((n >> b) & 1) {
      r = F.mul(x, frobenius(F, r, s, cache));
      ++k;
    }
  }
  return r;
}

// x^e by a sliding window of w bits (the odd powers x, x^3, ..., x^(2^w - 1) first): about
// bits/(w + 1) products instead of bits/2, with w as large as 512 MiB of powers allow.
std::vector<word> pow(const dense_field& F, const std::vector<word>& x, const digits& e) {
  std::size_t bits = e.size() * 64;
  while (bits > 0 && !((e[(bits - 1) / 64] >> ((bits - 1) % 64)) & 1)) --bits;
  const auto bit = [&e](std::size_t i) { return unsigned(e[i / 64] >> (i % 64) & 1); };
  unsigned w = 1;
  while (w < 7 && (std::size_t(8) << (2 * w)) < bits && (std::size_t(1) << w) * F.dim * sizeof(word) <= (std::size_t(512) << 20))
    ++w;
  std::vector<std::vector<word>> odd{x};  // odd[i] = x^(2 i + 1)
  if (w > 1) {
    const std::vector<word> x2 = F.square(x);
    while (odd.size() < (std::size_t(1) << (w - 1))) odd.push_back(F.mul(odd.back(), x2));
  }
  std::vector<word> z(F.dim, 0);
  z[0] = 1;
  bool one = true;  // z is still 1: squaring it is skipped
  for (std::size_t i = bits; i-- > 0;) {
    if (!bit(i)) {
      if (!one) z = F.square(z);
      continue;
    }
    // The window: bits i down to j, j as low as w allows with bit j set.
    std::size_t j = i + 1 > w ? i + 1 - w : 0;
    while (!bit(j)) ++j;
    word value = 0;
    for (std::size_t k = i + 1; k-- > j;) {
      value = value << 1 | bit(k);
      if (!one) z = F.square(z);
    }
    z = one ? odd[value / 2] : F.mul(z, odd[value / 2]);
    one = false;
    i = j;
  }
  return z;
}

}  // namespace

std::optional<ordinal> dense_power_test(const ordinal& x, std::uint64_t e, std::uint64_t f, std::uint64_t p,
                                        const tower& t) {
  const std::optional<dense_field> F = field_of(x, t);
  if (!F || F->dim * F->coef_bits != e) return std::nullopt;  // not the field of the candidate
  digits exponent = all_ones(f);
  div_small(exponent, p);
  return to_ordinal(*F, pow(*F, frobenius_product(*F, to_dense(*F, x), e / f, f), exponent));
}

std::optional<ordinal> dense_pow(const ordinal& x, const digits& e, const tower& t, std::size_t max_dim) {
  const std::optional<dense_field> F = field_of(x, t, max_dim);
  if (!F) return std::nullopt;
  return to_ordinal(*F, pow(*F, to_dense(*F, x), e));
}

std::optional<ordinal> dense_frobenius(const ordinal& x, std::uint64_t j, const tower& t) {
  const std::optional<dense_field> F = field_of(x, t);
  if (!F) return std::nullopt;
  std::map<word, frobenius_map> cache;
  return to_ordinal(*F, frobenius(*F, to_dense(*F, x), j % (F->dim * F->coef_bits), cache));
}

std::optional<ordinal> dense_frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const tower& t) {
  const std::optional<dense_field> F = field_of(x, t);
  if (!F) return std::nullopt;
  return to_ordinal(*F, frobenius_product(*F, to_dense(*F, x), n, s));
}

}  // namespace nimber::transfinite
