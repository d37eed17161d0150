// The squaring of a dense tower field as a precomputed sparse map (dense_field.hpp): x^2 =
// sum_u c_u^2 (y^u)^2, each (y^u)^2 found once as a product of monomials.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "transfinite/dense_field.hpp"

namespace nimber::transfinite {
namespace dense {
namespace {

// An element as its nonzero coefficients by index, the indices in increasing order.
using sparse = std::vector<std::pair<std::size_t, word>>;

class sparse_products {
 public:
  explicit sparse_products(const dense_field& F) : F_(F) {
    for (std::size_t j = 0; j < F.levels.size(); ++j) {
      const std::vector<word> a = F.alpha_at(j);
      sparse s;
      for (std::size_t index = 0; index < a.size(); ++index)
        if (a[index]) s.emplace_back(index, a[index]);
      alphas_.push_back(std::move(s));
    }
  }

  // The monomials a and b multiplied over the levels [0, i): the exponents of each level
  // added from the lowest up, and where one reaches n, y^n = alpha times what is below it.
  sparse monomial_product(std::size_t i, const std::pair<std::size_t, word>& a,
                          const std::pair<std::size_t, word>& b) const {
    sparse r{{0, F_.cmul(a.second, b.second)}};
    for (std::size_t j = 0; j < i; ++j) {
      const level& v = F_.levels[j];
      word d = (a.first / v.stride) % v.n + (b.first / v.stride) % v.n;
      if (d >= v.n) {
        d -= v.n;
        r = product(j, r, alphas_[j]);
      }
      for (auto& term : r) term.first += d * v.stride;
    }
    return r;
  }

  sparse product(std::size_t i, const sparse& a, const sparse& b) const {
    sparse r;
    for (const auto& s : a)
      for (const auto& t : b) {
        const sparse m = monomial_product(i, s, t);
        r.insert(r.end(), m.begin(), m.end());
      }
    std::sort(r.begin(), r.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    sparse merged;
    for (const auto& term : r) {
      if (!merged.empty() && merged.back().first == term.first) merged.back().second ^= term.second;
      else merged.push_back(term);
      if (merged.back().second == 0) merged.pop_back();
    }
    return merged;
  }

 private:
  const dense_field& F_;
  std::vector<sparse> alphas_;  // alpha of level j, in the levels below it
};

}  // namespace

squaring_map::squaring_map(const dense_field& F, std::size_t fixed_lengths)
    : field_(&F), fixed_lengths_(fixed_lengths) {
  if (F.dim > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("squaring_map: over 2^32 coefficients");
  // The columns (y^u)^2 as (source u, target v, factor) terms, and each row v's count.
  const sparse_products products(F);
  std::vector<std::uint32_t> source, target, length(F.dim, 0);
  std::vector<word> factor;
  for (std::size_t u = 0; u < F.dim; ++u)
    for (const auto& [v, f] : products.monomial_product(F.levels.size(), {u, 1}, {u, 1})) {
      source.push_back(std::uint32_t(u));
      target.push_back(std::uint32_t(v));
      factor.push_back(f);
      ++length[v];
    }
  // Rows of one length together, so that the loop over a row's terms has a fixed count; row v
  // is row rank[v] of its group, its terms filled in from the columns' order.
  std::vector<std::uint32_t> rank(F.dim), filled(F.dim, 0);
  for (std::size_t v = 0; v < F.dim; ++v) {
    if (groups_.size() <= length[v]) groups_.resize(length[v] + 1);
    rank[v] = std::uint32_t(groups_[length[v]].target.size());
    groups_[length[v]].target.push_back(std::uint32_t(v));
  }
  const bool bytes = F.coef_bits <= 8 && F.dim <= (std::size_t(1) << 24);
  for (std::size_t l = 0; l < groups_.size(); ++l) {
    group& g = groups_[l];
    (bytes ? g.packed : g.source).resize(g.target.size() * l);
    if (!bytes) g.factor.resize(g.target.size() * l);
  }
  for (std::size_t k = 0; k < source.size(); ++k) {
    const std::uint32_t v = target[k];
    group& g = groups_[length[v]];
    const std::size_t at = std::size_t(rank[v]) * length[v] + filled[v]++;
    if (bytes) {
      g.packed[at] = source[k] | std::uint32_t(factor[k]) << 24;
    } else {
      g.source[at] = source[k];
      g.factor[at] = factor[k];
    }
  }
  if (bytes) {  // f c^2 for every factor f and coefficient c, by table
    const word values = word(1) << F.coef_bits;
    table_.resize(values * values);
    for (word f = 0; f < values; ++f)
      for (word c = 0; c < values; ++c) table_[f * values + c] = std::uint8_t(F.cmul(f, F.csquare(c)));
  }
}

void squaring_map::square_words(const std::vector<word>& x, std::vector<word>& square, std::vector<word>& out) const {
  const dense_field& F = *field_;
  for (std::size_t u = 0; u < x.size(); ++u) square[u] = F.csquare(x[u]);
  for (std::size_t length = 0; length < groups_.size(); ++length) {
    const group& g = groups_[length];
    for (std::size_t r = 0, k = 0; r < g.target.size(); ++r) {
      word sum = 0;
      for (std::size_t j = 0; j < length; ++j, ++k) sum ^= F.cmul(square[g.source[k]], g.factor[k]);
      out[g.target[r]] = sum;
    }
  }
}

namespace {

// The rows of one group of a byte map: `fixed` is their length where the compiler is to know
// it (a loop of a varying count costs a mispredicted branch a row), 0 to take `length`.
template <std::size_t fixed>
void byte_rows(const std::vector<std::uint32_t>& target, const std::uint32_t* e, std::size_t length,
               const std::uint8_t* table, unsigned coef_bits, const std::uint8_t* in, std::uint8_t* out) {
  const std::size_t l = fixed ? fixed : length;
  for (std::size_t r = 0; r < target.size(); ++r, e += l) {
    std::uint8_t sum = 0;
    for (std::size_t j = 0; j < l; ++j) sum ^= table[(e[j] >> 24) << coef_bits | in[e[j] & 0xffffff]];
    out[target[r]] = sum;
  }
}

}  // namespace

void squaring_map::square_bytes(const std::uint8_t* in, std::uint8_t* out) const {
  const unsigned b = field_->coef_bits;
  for (std::size_t length = 0; length < groups_.size(); ++length) {
    const group& g = groups_[length];
    const auto rows = [&](auto fixed) { byte_rows<fixed()>(g.target, g.packed.data(), length, table_.data(), b, in, out); };
    switch (length <= fixed_lengths_ ? length : 0) {
      case 1: rows(std::integral_constant<std::size_t, 1>{}); break;
      case 2: rows(std::integral_constant<std::size_t, 2>{}); break;
      case 3: rows(std::integral_constant<std::size_t, 3>{}); break;
      case 4: rows(std::integral_constant<std::size_t, 4>{}); break;
      case 5: rows(std::integral_constant<std::size_t, 5>{}); break;
      case 6: rows(std::integral_constant<std::size_t, 6>{}); break;
      case 7: rows(std::integral_constant<std::size_t, 7>{}); break;
      case 8: rows(std::integral_constant<std::size_t, 8>{}); break;
      default: rows(std::integral_constant<std::size_t, 0>{});
    }
  }
}

std::vector<word> squaring_map::squared(std::vector<word> x, std::uint64_t times,
                                        const std::function<void()>& each) const {
  if (table_.empty()) {
    std::vector<word> square(x.size()), out(x.size());
    for (std::uint64_t i = 0; i < times; ++i, x.swap(out)) {
      if (each) each();
      square_words(x, square, out);
    }
    return x;
  }
  std::vector<std::uint8_t> in(x.begin(), x.end()), out(x.size());  // coefficients of at most 8 bits
  for (std::uint64_t i = 0; i < times; ++i, in.swap(out)) {
    if (each) each();
    square_bytes(in.data(), out.data());
  }
  std::copy(in.begin(), in.end(), x.begin());
  return x;
}

}  // namespace dense

std::optional<ordinal> dense_squarings_by_map(const ordinal& x, std::uint64_t j, const kappa_basis& t,
                                              std::size_t fixed_lengths) {
  const std::optional<dense::dense_field> F = dense::field_of(x, t);
  if (!F) return std::nullopt;
  const dense::squaring_map map(*F, fixed_lengths);
  return dense::to_ordinal(*F, map.squared(dense::to_dense(*F, x), j));
}

}  // namespace nimber::transfinite
