// Products in the kappa basis. A monomial omega^b is, for each odd prime q_k, kappa_(q_k)
// raised to the q-adic fraction read from the base-q digits of n_k in reverse
// (kappa_(q^(i+1)) = kappa_q^(q^-i)); a product adds the fractions and trades a sum that
// reaches q for a factor alpha_q (Conway, "On Numbers and Games", ch. 6).
#include <algorithm>
#include <deque>
#include <utility>

#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber::transfinite {

namespace {

// The number of base-q digits of n.
unsigned digit_count(std::uint64_t n, std::uint64_t q) noexcept {
  unsigned l = 0;
  for (; n != 0; n /= q) ++l;
  return l;
}

// The L base-q digits of n in reverse order, read as an integer.
u128 reverse_digits(u128 n, unsigned l, std::uint64_t q) noexcept {
  u128 r = 0;
  for (unsigned i = 0; i < l; ++i, n /= q) r = r * q + n % q;
  return r;
}

struct digit_sum {
  std::uint64_t n;
  bool carry;  // the fractions reached q: a factor alpha_q is left over
};

digit_sum add_digits(std::uint64_t a, std::uint64_t b, std::uint64_t q) {
  if (a == 0 || b == 0) return {a | b, false};
  if (a < q && b < q) return a + b < q ? digit_sum{a + b, false} : digit_sum{a + b - q, true};  // one digit each
  const unsigned l = std::max(digit_count(a, q), digit_count(b, q));
  u128 top = 1;
  for (unsigned i = 0; i < l; ++i) top *= q;
  u128 s = reverse_digits(a, l, q) + reverse_digits(b, l, q);
  const bool carry = s >= top;
  if (carry) s -= top;
  const u128 n = reverse_digits(s, l, q);
  if (n >> 64) throw std::overflow_error("an exponent digit of the product exceeds 64 bits");
  return {std::uint64_t(n), carry};
}

// The digits of the exponent of omega^a * omega^b, added from the top into r (sized for the
// longer operand) until a sum reaches its prime: that digit's index, or r.size() when none
// does and r is the whole exponent (untrimmed).
std::size_t add_exponents(const digits& a, const digits& b, digits& r) {
  for (std::size_t k = r.size(); k-- > 0;) {
    const digit_sum s = add_digits(k < a.size() ? a[k] : 0, k < b.size() ? b[k] : 0, odd_prime(k));
    r[k] = s.n;
    if (s.carry) return k;
  }
  return r.size();
}

// The terms of a product before they are collected: each monomial product's terms, scaled by
// the product of the two coefficients. A product with no carry is one monomial, its exponent
// the digit sums, kept here; the others stay in the cached monomial products (held here) until
// the terms are sorted and equal exponents merged, so each distinct exponent is copied once.
class accumulator {
 public:
  void add_product(const term& x, const term& y, const kappa_basis& t) {
    const big_nim c = x.coef * y.coef;
    digits sum(std::max(x.exponent.size(), y.exponent.size()), 0);
    if (add_exponents(x.exponent, y.exponent, sum) == sum.size()) {
      trim(sum);
      add(sums_.emplace_back(std::move(sum)), c);
      return;
    }
    held_.push_back(t.monomial_product(x.exponent, y.exponent));
    for (const term& r : *held_.back()) {
      const bool unit = r.coef.limbs().size() == 1 && r.coef.limbs()[0] == 1;
      add(r.exponent, unit ? c : c * r.coef);
    }
  }

  // Cantor normal form: decreasing exponents, equal ones merged, zero sums dropped. The terms
  // of a product share long runs of high digits, so each exponent is first placed against one
  // reference exponent (its highest digit that differs from it), and most comparisons of the
  // sort read only that place.
  std::vector<term> to_terms() {
    if (parts_.empty()) return {};
    const digits& ref = *parts_[0].exponent;
    for (part& x : parts_) {
      const digits& e = *x.exponent;
      std::size_t i = e.size();
      while (i > 0 && e[i - 1] == (i - 1 < ref.size() ? ref[i - 1] : 0)) --i;
      x.differs = std::uint32_t(i);
      x.digit = i > 0 ? e[i - 1] : 0;
      x.above = i > 0 && e[i - 1] > (i - 1 < ref.size() ? ref[i - 1] : 0);
    }
    std::sort(parts_.begin(), parts_.end(), [](const part& a, const part& b) {
      if (a.size != b.size) return a.size > b.size;
      if (a.differs != b.differs) return a.differs > b.differs ? a.above : !b.above;
      if (a.digit != b.digit) return a.digit > b.digit;
      for (std::size_t i = a.differs > 0 ? a.differs - 1 : 0; i-- > 0;)
        if ((*a.exponent)[i] != (*b.exponent)[i]) return (*a.exponent)[i] > (*b.exponent)[i];
      return false;
    });
    std::vector<term> r;
    for (std::size_t i = 0; i < parts_.size();) {
      big_nim sum = std::move(coefs_[parts_[i].coef]);
      std::size_t j = i + 1;
      for (; j < parts_.size() && *parts_[j].exponent == *parts_[i].exponent; ++j) sum += coefs_[parts_[j].coef];
      if (!sum.is_zero()) r.push_back({*parts_[i].exponent, std::move(sum)});
      i = j;
    }
    return r;
  }

 private:
  struct part {
    const digits* exponent;   // trimmed
    std::uint32_t size;       // its digit count
    std::uint32_t coef;       // index in coefs_
    std::uint32_t differs;    // 1 + the highest index where it differs from the reference, 0 if none
    bool above;               // its digit there is the larger
    std::uint64_t digit;      // its digit there
  };
  void add(const digits& exponent, big_nim coef) {
    parts_.push_back({&exponent, std::uint32_t(exponent.size()), std::uint32_t(coefs_.size()), 0, false, 0});
    coefs_.push_back(std::move(coef));
  }
  std::vector<std::shared_ptr<const std::vector<term>>> held_;
  std::deque<digits> sums_;  // the exponents of carry-free products (a deque: they never move)
  std::vector<part> parts_;
  std::vector<big_nim> coefs_;
};

}  // namespace

kappa_basis::kappa_basis() : alpha_(capacity), degree_(new std::atomic<std::uint64_t>[capacity]) {
  for (std::size_t k = 0; k < capacity; ++k) degree_[k].store(0, std::memory_order_relaxed);
}

void kappa_basis::set(std::size_t k, ordinal alpha, std::uint64_t degree) {
  if (k >= capacity) throw alpha_unavailable(odd_prime(k));
  alpha_[k] = std::move(alpha);
  degree_[k].store(degree, std::memory_order_release);  // readers see alpha_[k] once this is set
}

bool kappa_basis::has(std::size_t k) const {
  if (holds(k)) return true;
  if (!extender_ || k >= capacity) return false;
  const std::lock_guard lock(extend_mutex_);
  if (!holds(k)) extender_(k);
  return holds(k);
}

const ordinal& kappa_basis::alpha(std::size_t k) const {
  if (!has(k)) throw alpha_unavailable(odd_prime(k));
  return alpha_[k];
}

std::uint64_t kappa_basis::degree(std::size_t k) const {
  if (!has(k)) throw alpha_unavailable(odd_prime(k));
  return degree_[k].load(std::memory_order_acquire);
}

namespace {

// The hash of an exponent pair: each digit mixed on its own (the multiplies do not wait on
// one another) and the results summed, then finished with the sizes.
std::size_t pair_hash(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) noexcept {
  std::uint64_t h = a.size() * 0x9e3779b97f4a7c15ULL + b.size();
  std::uint64_t i = 0;
  for (const auto* v : {&a, &b})
    for (const std::uint64_t d : *v) {
      const std::uint64_t x = (d + ++i * 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
      h += x ^ (x >> 31);
    }
  h ^= h >> 29;
  return std::size_t(h * 0x94d049bb133111ebULL);
}

}  // namespace

std::shared_ptr<const std::vector<term>> kappa_basis::monomial_product(const digits& a, const digits& b) const {
  const bool swap = exponent_less{}(b, a);
  const digits& first = swap ? b : a;
  const digits& second = swap ? a : b;
  const key_view view{first, second, pair_hash(first, second)};
  {
    const std::lock_guard lock(mutex_);
    if (const auto it = cache_.find(view); it != cache_.end()) return it->second;
  }
  auto r = std::make_shared<const std::vector<term>>(compute_product(first, second));
  const std::lock_guard lock(mutex_);
  return cache_.emplace(key{first, second, view.hash}, std::move(r)).first->second;
}

// Digits are added from the top; the highest carry leaves alpha_q, which lies below
// kappa_q, so the rest of the product is of the lower digits and alpha_q alone.
std::vector<term> kappa_basis::compute_product(const digits& a, const digits& b) const {
  const std::size_t size = std::max(a.size(), b.size());
  digits r(size, 0);
  if (const std::size_t k = add_exponents(a, b, r); k < size) {
    const ordinal low_a = ordinal::omega_power(digits(a.begin(), a.begin() + std::min(k, a.size())));
    const ordinal low_b = ordinal::omega_power(digits(b.begin(), b.begin() + std::min(k, b.size())));
    const ordinal low = mul(mul(low_a, low_b, *this), alpha(k), *this);
    std::vector<term> out;
    for (const term& x : low.terms()) {
      digits e = x.exponent;
      e.resize(size, 0);
      for (std::size_t j = k; j < size; ++j) e[j] = r[j];
      trim(e);
      out.push_back({std::move(e), x.coef});
    }
    return out;
  }
  trim(r);
  return {term{std::move(r), big_nim(std::uint64_t{1})}};
}

ordinal mul(const ordinal& a, const ordinal& b, const kappa_basis& t) {
  if (a.is_zero() || b.is_zero()) return {};
  accumulator acc;
  for (const term& x : a.terms())
    for (const term& y : b.terms()) acc.add_product(x, y, t);
  return ordinal::from_terms(acc.to_terms());
}

// Squaring is additive in characteristic 2: only the squares of the terms remain.
ordinal square(const ordinal& x, const kappa_basis& t) {
  accumulator acc;
  for (const term& a : x.terms()) acc.add_product(a, a, t);
  return ordinal::from_terms(acc.to_terms());
}

// x^(2^j): j squarings (each additive, term by term) when j is small, else a precomputed
// Frobenius map of the dense form (degree(), sqrt() and roots ask for j near the degree).
ordinal frobenius(const ordinal& x, std::uint64_t j, const kappa_basis& t) {
  if (j >= 64) {
    j %= field_degree(x, t);
    if (j >= 64)
      if (auto r = dense_frobenius(x, j, t)) return std::move(*r);
  }
  ordinal r = x;
  for (std::uint64_t i = 0; i < j; ++i) r = square(r, t);
  return r;
}

ordinal pow_limbs(const ordinal& x, const digits& e, const kappa_basis& t) {
  // Dense when the exponent is long or x fills a good part of its field; a short power of a
  // sparse element is cheaper term by term.
  const std::size_t max_dim = e.size() > 1 ? dense_limit : std::max<std::size_t>(2048, 32 * x.terms().size());
  if (x.terms().size() > 1)
    if (auto r = dense_pow(x, e, t, max_dim)) return std::move(*r);
  ordinal r(1);
  for (std::size_t i = e.size(); i-- > 0;)
    for (int b = 63; b >= 0; --b) {
      r = square(r, t);
      if ((e[i] >> b) & 1) r = mul(r, x, t);
    }
  return r;
}

ordinal pow_u64(const ordinal& x, std::uint64_t e, const kappa_basis& t) { return pow_limbs(x, {e}, t); }

std::uint64_t field_degree(const ordinal& x, const kappa_basis& t) {
  std::uint64_t d = 1;
  for (const term& a : x.terms()) {
    d = lcm_checked(d, a.coef.field_bits());
    for (std::size_t k = 0; k < a.exponent.size(); ++k) {
      if (a.exponent[k] == 0) continue;
      const std::uint64_t q = odd_prime(k);
      std::uint64_t kappa = t.degree(k);
      for (unsigned i = digit_count(a.exponent[k], q); i > 0; --i) kappa = mul_checked(kappa, q);
      d = lcm_checked(d, kappa);
    }
  }
  return d;
}

ordinal frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const kappa_basis& t) {
  if (n == 0) return ordinal(1);
  if (x.terms().size() > 1)
    if (auto r = dense_frobenius_product(x, n, s, t)) return std::move(*r);
  int top = 63;
  while (!((n >> top) & 1)) --top;
  ordinal r = x;  // prod_{i<k} x^(2^(s i)) for k = the bits of n read so far
  std::uint64_t k = 1;
  for (int b = top - 1; b >= 0; --b) {
    r = mul(r, frobenius(r, s * k, t), t);
    k *= 2;
    if ((n >> b) & 1) {
      r = mul(x, frobenius(r, s, t), t);
      ++k;
    }
  }
  return r;
}

std::uint64_t mul_checked(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("a field degree exceeds 64 bits");
  return r;
}

std::uint64_t lcm_checked(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a, y = b;
  while (y != 0) x = std::exchange(y, x % y);
  return mul_checked(a / x, b);
}

}  // namespace nimber::transfinite
