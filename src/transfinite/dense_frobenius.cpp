// Frobenius powers x^(2^j) in one dense tower field (dense_field.hpp) as linear maps on the
// dense form, and products of Frobenius powers (the norms of the alpha search).
#include <algorithm>
#include <map>
#include <optional>

#include "transfinite/dense_field.hpp"

namespace nimber::transfinite {
namespace dense {
namespace {

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
  std::vector<word> c(v.n * size, 0), cur(size, 0);
  cur[0] = 1;
  for (word j = 0, r = 0; j < v.n; ++j, r = (r + m) % v.n) {
    std::copy(cur.begin(), cur.end(), c.begin() + std::ptrdiff_t(j * size));
    cur = F.mul_at(i, cur, a);
    if (r + m >= v.n) {  // times alpha: its few terms, not a product
      std::vector<word> times_alpha(size, 0);
      F.alpha_acc(i, cur.data(), times_alpha.data());
      cur = std::move(times_alpha);
    }
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
    const std::vector<word> a1(m1.constants[i].begin() + std::ptrdiff_t(size),
                               m1.constants[i].begin() + std::ptrdiff_t(2 * size));
    const std::vector<word> a2(m2.constants[i].begin() + std::ptrdiff_t(size),
                               m2.constants[i].begin() + std::ptrdiff_t(2 * size));
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
  frobenius_map map =
      j < 64 ? make_frobenius(F, j)
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

// x -> x^(2^(s 2^j)) for j = 0, 1, ... in turn: each map the composition of the one before
// with itself (the first below 48 squarings, the first map past them from its definition),
// and only the current one kept.
class doubling_maps {
 public:
  doubling_maps(const dense_field& F, word s) : F_(F), amount_(s) {}

  // x^(2^(s 2^j)), j the number of calls of next() so far.
  std::vector<word> apply(const std::vector<word>& x) {
    if (amount_ < 48) {  // a few squarings cost less than a map
      std::vector<word> r = x;
      for (word i = 0; i < amount_; ++i) r = F_.square(r);
      return r;
    }
    if (!map_) {
      std::map<word, frobenius_map> halves;
      map_ = frobenius_map_of(F_, amount_, halves);
    }
    for (; pending_ > 0; --pending_) map_ = compose_frobenius(F_, *map_, *map_);
    std::vector<word> r(F_.dim, 0);
    apply_frobenius(F_, *map_, F_.levels.size(), x.data(), r.data());
    return r;
  }
  // On to the next j (the composition waits for the next apply, if any).
  void next() {
    amount_ *= 2;
    if (map_) ++pending_;
  }

 private:
  const dense_field& F_;
  word amount_;
  std::optional<frobenius_map> map_;
  unsigned pending_ = 0;
};

}  // namespace

// Itoh and Tsujii's chain on the exponent sum_(i<n) 2^(s i), from the low bits of n: with
// N_k = prod_(i<k) x^(2^(s i)), t_j = N_(2^j) has t_(j+1) = t_j t_j^(2^(s 2^j)), and
// N_(2^j + l) = t_j N_l^(2^(s 2^j)) adds bit j to the product r = N_l of the bits below it. Both
// use the same map, so the maps are those of s 2^j alone: log2(n) compositions in all.
std::vector<word> frobenius_product(const dense_field& F, const std::vector<word>& x, word n, word s) {
  std::vector<word> t = x, r;
  doubling_maps maps(F, s);
  for (unsigned j = 0;; ++j) {
    if ((n >> j) & 1) r = r.empty() ? t : F.mul(t, maps.apply(r));
    if ((n >> j) <= 1) break;
    t = F.mul(t, maps.apply(t));
    maps.next();
  }
  return r;
}

}  // namespace dense

std::optional<ordinal> dense_frobenius(const ordinal& x, std::uint64_t j, const kappa_basis& t) {
  const std::optional<dense::dense_field> F = dense::field_of(x, t);
  if (!F) return std::nullopt;
  std::map<dense::word, dense::frobenius_map> cache;
  return dense::to_ordinal(*F, dense::frobenius(*F, dense::to_dense(*F, x), j % (F->dim * F->coef_bits), cache));
}

std::optional<ordinal> dense_frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const kappa_basis& t) {
  const std::optional<dense::dense_field> F = dense::field_of(x, t);
  if (!F) return std::nullopt;
  return dense::to_ordinal(*F, dense::frobenius_product(*F, dense::to_dense(*F, x), n, s));
}

}  // namespace nimber::transfinite
