// Products in the kappa basis. A monomial omega^b is, for each odd prime q_k, kappa_(q_k)
// raised to the q-adic fraction read from the base-q digits of n_k in reverse
// (kappa_(q^(i+1)) = kappa_q^(q^-i)); a product adds the fractions and trades a sum that
// reaches q for a factor alpha_q (Conway, "On Numbers and Games", ch. 6).
//
// A product is swept from the top prime down. Each pair of terms becomes one element: the
// digit sums, a count of the factors alpha_q left over at each prime, and the coefficient.
// At prime q_j every element owing alpha_(q_j) is replaced by its products with the terms of
// alpha_(q_j); those touch only the few digits below j where that alpha's terms have any, and
// may leave factors at those primes only. Equal elements are merged as soon as they meet (a
// hash table keyed by the digits and the counts, the hash updated digit by digit), so the
// work follows the number of distinct partial products, not the number of paths to them.
#include <algorithm>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>

#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber::transfinite {

namespace {

// The 64-bit coefficients of most products are nim64 values; any larger one makes the
// product start again with big_nim coefficients.
std::optional<nim64> coefficient_as(const big_nim& c, nim64*) {
  if (!c.fits_u64()) return std::nullopt;
  return nim64(c.to_u64());
}
std::optional<big_nim> coefficient_as(const big_nim& c, big_nim*) { return c; }
bool is_zero(nim64 c) noexcept { return c.value() == 0; }
bool is_zero(const big_nim& c) noexcept { return c.is_zero(); }
big_nim to_big(nim64 c) { return big_nim(c.value()); }
big_nim to_big(big_nim c) { return c; }

// One word of an element's key in its hash: the hash is the sum over the nonzero words, so a
// change of one word updates it in constant time.
std::uint64_t word_hash(std::size_t i, std::uint64_t v) noexcept {
  if (v == 0) return 0;
  std::uint64_t x = (v + (i + 1) * 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 31;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 29);
}

// The buffers of a sweep, kept by each thread between products (a product met while computing
// an alpha on first use takes another): after the first products of a size, a product
// allocates little and touches memory already mapped.
template <class Coef>
struct sweep_buffers {
  std::vector<std::uint64_t> keys, hashes;
  std::vector<Coef> coefs;
  std::vector<std::uint8_t> alive;
  std::vector<std::uint32_t> table;

  static std::unique_ptr<sweep_buffers> take() {
    std::vector<std::unique_ptr<sweep_buffers>>& idle = idle_buffers();
    if (idle.empty()) return std::make_unique<sweep_buffers>();
    std::unique_ptr<sweep_buffers> b = std::move(idle.back());
    idle.pop_back();
    return b;
  }
  // Keeps the buffers for the next product unless they have grown past 64 MiB. Called from a
  // destructor, also while a std::bad_alloc unwinds: where keeping them needs memory that
  // cannot be had, they are freed instead.
  static void give_back(std::unique_ptr<sweep_buffers> b) noexcept {
    if (b->keys.capacity() > (std::size_t(8) << 20)) return;
    b->keys.clear(), b->hashes.clear(), b->coefs.clear(), b->alive.clear(), b->table.clear();
    try {
      idle_buffers().push_back(std::move(b));
    } catch (const std::bad_alloc&) {
    }
  }
  static std::vector<std::unique_ptr<sweep_buffers>>& idle_buffers() {
    thread_local std::vector<std::unique_ptr<sweep_buffers>> idle;
    return idle;
  }
};

template <class Coef>
class product_sweep {
 public:
  product_sweep(std::size_t width, const kappa_basis& basis)
      : width_(width), words_(width + (width + 1) / 2), basis_(basis), alphas_(width), due_(width),
        parent_(words_), buffers_(sweep_buffers<Coef>::take()), keys_(buffers_->keys), hashes_(buffers_->hashes),
        coefs_(buffers_->coefs), alive_(buffers_->alive), table_(buffers_->table) {
    for (std::size_t k = 0; k < width; ++k) primes_.push_back(odd_prime(k));
    table_.assign(16, empty);
  }
  ~product_sweep() { sweep_buffers<Coef>::give_back(std::move(buffers_)); }
  product_sweep(const product_sweep&) = delete;
  product_sweep& operator=(const product_sweep&) = delete;

  // Adds the product of two terms; false when a coefficient does not fit Coef.
  bool add_pair(const term& x, const term& y) {
    const auto cx = coefficient_as(x.coef, static_cast<Coef*>(nullptr));
    const auto cy = coefficient_as(y.coef, static_cast<Coef*>(nullptr));
    if (!cx || !cy) return false;
    std::uint64_t* key = new_key();
    std::fill(key, key + words_, 0);
    std::uint64_t hash = 0;
    const std::size_t n = std::max(x.exponent.size(), y.exponent.size());
    for (std::size_t k = 0; k < n; ++k) {
      const digit_sum s = add_digits(k < x.exponent.size() ? x.exponent[k] : 0,
                                     k < y.exponent.size() ? y.exponent[k] : 0, primes_[k]);
      key[k] = s.n;
      hash += word_hash(k, s.n);
      if (s.carry) add_alpha(key, k, 1, hash);
    }
    insert_new_key(hash, *cx * *cy, n);
    return true;
  }

  // Multiplies out every factor alpha, from the top prime down; false when a coefficient of an
  // alpha does not fit Coef.
  bool sweep() {
    for (std::size_t j = width_; j-- > 0;) {
      std::vector<std::uint32_t>& due = due_[j];
      for (std::size_t i = 0; i < due.size(); ++i)
        if (alive_[due[i]] && !expand(due[i], j)) return false;
      due = {};
    }
    return true;
  }

  // The product's terms by decreasing exponent, no zero coefficient.
  std::vector<term> terms() const {
    std::vector<std::uint32_t> order;
    for (std::uint32_t e = 0; e < alive_.size(); ++e)
      if (alive_[e]) order.push_back(e);
    std::vector<std::pair<std::uint64_t, std::uint32_t>> column;
    sort_by_digits(order, width_, column);
    std::vector<term> r;
    r.reserve(order.size());
    for (const std::uint32_t e : order) {
      digits exponent(key(e), key(e) + width_);
      trim(exponent);
      r.push_back({std::move(exponent), to_big(coefs_[e])});
    }
    return r;
  }

 private:
  static constexpr std::uint32_t empty = ~std::uint32_t{0};
  struct sparse_term {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> digits;  // (position, digit), nonzero
    Coef coef;
  };

  // A key is the exponent's width_ digits, then the count of factors alpha owed at each
  // prime, 32 bits each, two to a word. A count never passes 2^32: each unit of it was left
  // by an expansion on the element's path, and each expansion adds an element (below 2^32).
  std::uint64_t* key(std::uint32_t e) noexcept { return keys_.data() + std::size_t(e) * words_; }
  const std::uint64_t* key(std::uint32_t e) const noexcept { return keys_.data() + std::size_t(e) * words_; }
  std::uint32_t alphas_owed(const std::uint64_t* k, std::size_t j) const noexcept {
    return std::uint32_t(k[width_ + j / 2] >> (32 * (j % 2)));
  }
  void add_alpha(std::uint64_t* k, std::size_t j, std::int64_t delta, std::uint64_t& hash) const noexcept {
    std::uint64_t& w = k[width_ + j / 2];
    hash -= word_hash(width_ + j / 2, w);
    w += std::uint64_t(delta) << (32 * (j % 2));
    hash += word_hash(width_ + j / 2, w);
  }

  // alpha_(q_j) as sparse terms; nullptr when a coefficient does not fit Coef.
  const std::vector<sparse_term>* alpha(std::size_t j) {
    if (!alphas_[j]) {
      std::vector<sparse_term> terms;
      for (const term& a : basis_.alpha(j).terms()) {
        const auto c = coefficient_as(a.coef, static_cast<Coef*>(nullptr));
        if (!c) return nullptr;
        sparse_term s{{}, *c};
        for (std::size_t k = 0; k < a.exponent.size(); ++k)
          if (a.exponent[k] != 0) s.digits.emplace_back(std::uint32_t(k), a.exponent[k]);
        terms.push_back(std::move(s));
      }
      alphas_[j] = std::move(terms);
    }
    return &*alphas_[j];
  }

  // Replaces element e, which owes alpha_(q_j) and nothing above j, by its products with
  // alpha_(q_j)'s terms.
  bool expand(std::uint32_t e, std::size_t j) {
    const std::vector<sparse_term>* terms = alpha(j);
    if (!terms) return false;
    alive_[e] = 0;
    std::uint64_t* parent = parent_.data();  // a copy: the keys move as children are added
    std::copy(key(e), key(e) + words_, parent);
    const Coef coef = coefs_[e];
    std::uint64_t hash = hashes_[e];
    add_alpha(parent, j, -1, hash);
    for (const sparse_term& u : *terms) {
      std::uint64_t* child = new_key();
      std::copy(parent, parent + words_, child);
      std::uint64_t h = hash;
      for (const auto& [k, d] : u.digits) {
        const digit_sum s = add_digits(child[k], d, primes_[k]);
        h += word_hash(k, s.n) - word_hash(k, child[k]);
        child[k] = s.n;
        if (s.carry) add_alpha(child, k, 1, h);
      }
      insert_new_key(h, coef * u.coef, j + 1);
    }
    return true;
  }

  // Room for one more key at the end of the keys, filled by the caller, then kept or dropped by
  // insert_new_key.
  std::uint64_t* new_key() {
    if (hashes_.size() >= empty) throw std::length_error("an ordinal product has too many partial products");
    keys_.resize(keys_.size() + words_);
    return keys_.data() + keys_.size() - words_;
  }

  // Merges the new key into an equal element, or makes it one and files it under the highest
  // prime below `above` where it owes an alpha.
  void insert_new_key(std::uint64_t hash, const Coef& coef, std::size_t above) {
    const auto e = std::uint32_t(hashes_.size());
    const std::uint64_t* k = key(e);
    const std::size_t mask = table_.size() - 1;
    for (std::size_t s = hash & mask; !is_zero(coef); s = (s + 1) & mask) {
      const std::uint32_t f = table_[s];
      if (f == empty) {
        hashes_.push_back(hash);
        coefs_.push_back(coef);
        alive_.push_back(1);
        for (std::size_t j = above; j-- > 0;)
          if (alphas_owed(k, j) != 0) {
            due_[j].push_back(e);
            break;
          }
        if (2 * hashes_.size() > table_.size()) rebuild_table();
        else table_[s] = e;
        return;
      }
      if (hashes_[f] == hash && alive_[f] && std::equal(k, k + words_, key(f))) {
        coefs_[f] += coef;
        if (is_zero(coefs_[f])) alive_[f] = 0;
        break;
      }
    }
    keys_.resize(keys_.size() - words_);
  }

  // Every element, dead ones too (their slots keep the probe chains whole), at a quarter load.
  void rebuild_table() {
    table_.assign(4 * table_.size(), empty);
    const std::size_t mask = table_.size() - 1;
    for (std::uint32_t e = 0; e < hashes_.size(); ++e) {
      std::size_t s = hashes_[e] & mask;
      while (table_[s] != empty) s = (s + 1) & mask;
      table_[s] = e;
    }
  }

  // Sorts elements by decreasing exponent, reading the digits below `top` one column at a time
  // from the top (exponents of one width compare as trimmed ones do), each column only within
  // a run that agrees above it.
  void sort_by_digits(std::span<std::uint32_t> order, std::size_t top,
                      std::vector<std::pair<std::uint64_t, std::uint32_t>>& column) const {
    while (top > 0 && order.size() > 1) {
      const std::size_t k = --top;
      const std::uint64_t first = key(order[0])[k];
      if (std::all_of(order.begin(), order.end(), [&](std::uint32_t e) { return key(e)[k] == first; })) continue;
      column.clear();
      for (const std::uint32_t e : order) column.emplace_back(key(e)[k], e);
      std::sort(column.begin(), column.end(), std::greater<>());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = column[i].second;
      for (std::size_t i = 0, j; i < order.size(); i = j) {
        for (j = i + 1; j < order.size() && key(order[j])[k] == key(order[i])[k];) ++j;
        sort_by_digits(order.subspan(i, j - i), k, column);
      }
      return;
    }
  }

  std::size_t width_, words_;  // digit positions; words of a key
  const kappa_basis& basis_;
  std::vector<std::uint64_t> primes_;
  std::vector<std::optional<std::vector<sparse_term>>> alphas_;
  std::vector<std::vector<std::uint32_t>> due_;  // elements by the highest prime they owe at
  std::vector<std::uint64_t> parent_;
  std::unique_ptr<sweep_buffers<Coef>> buffers_;
  std::vector<std::uint64_t>& keys_;    // element e's key at e * words_, then a new key
  std::vector<std::uint64_t>& hashes_;  // by element
  std::vector<Coef>& coefs_;
  std::vector<std::uint8_t>& alive_;
  std::vector<std::uint32_t>& table_;  // open addressing, element indices
};

std::size_t width_of(const std::vector<term>& terms) {
  std::size_t w = 0;
  for (const term& t : terms) w = std::max(w, t.exponent.size());
  return w;
}

// The sum of x * y over the pairs of terms of a and b (over the pairs x = y alone when
// `diagonal`); nullopt when a coefficient does not fit Coef.
template <class Coef>
std::optional<std::vector<term>> product_terms(const ordinal& a, const ordinal& b, bool diagonal, const kappa_basis& t) {
  product_sweep<Coef> sweep(std::max(width_of(a.terms()), width_of(b.terms())), t);
  for (const term& x : a.terms()) {
    if (diagonal) {
      if (!sweep.add_pair(x, x)) return std::nullopt;
      continue;
    }
    for (const term& y : b.terms())
      if (!sweep.add_pair(x, y)) return std::nullopt;
  }
  if (!sweep.sweep()) return std::nullopt;
  return sweep.terms();
}

ordinal product(const ordinal& a, const ordinal& b, bool diagonal, const kappa_basis& t) {
  std::optional<std::vector<term>> r = product_terms<nim64>(a, b, diagonal, t);
  if (!r) r = product_terms<big_nim>(a, b, diagonal, t);
  return ordinal::from_terms(std::move(*r));
}

}  // namespace

ordinal mul(const ordinal& a, const ordinal& b, const kappa_basis& t) {
  if (a.is_zero() || b.is_zero()) return {};
  return product(a, b, false, t);
}

// Squaring is additive in characteristic 2: only the squares of the terms remain.
ordinal square(const ordinal& x, const kappa_basis& t) { return product(x, x, true, t); }

}  // namespace nimber::transfinite
