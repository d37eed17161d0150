// The ordinal value type: Cantor normal form, ordinal order, nim sum, small number theory.
#include <algorithm>
#include <map>
#include <mutex>
#include <ostream>

#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber {

using transfinite::compare_exponents;
using transfinite::digits;
using transfinite::exponent_less;
using transfinite::trim;

alpha_unavailable::alpha_unavailable(std::uint64_t p)
    : std::domain_error("alpha_" + std::to_string(p) +
                        " is not in the library's table, and its field is too large to compute on first use "
                        "(nimber alpha computes it)"),
      p_(p) {}

ordinal_parse_error::ordinal_parse_error(std::size_t position, std::string token,
                                         const std::string& expected)
    : std::invalid_argument("position " + std::to_string(position) + ": '" + token +
                            "': expected " + expected),
      position_(position),
      token_(std::move(token)) {}

ordinal::ordinal(big_nim finite) {
  if (!finite.is_zero()) terms_.push_back({{}, std::move(finite)});
}

ordinal ordinal::omega_power(std::vector<std::uint64_t> exponent, big_nim coef) {
  trim(exponent);
  ordinal r;
  if (!coef.is_zero()) r.terms_.push_back({std::move(exponent), std::move(coef)});
  return r;
}

ordinal ordinal::kappa(std::size_t k, unsigned i) {
  const std::uint64_t q = odd_prime(k);
  std::uint64_t n = 1;
  for (unsigned j = 0; j < i; ++j) n = transfinite::mul_checked(n, q);
  std::vector<std::uint64_t> e(k + 1, 0);
  e[k] = n;
  return omega_power(std::move(e));
}

ordinal ordinal::from_terms(std::vector<term> terms) {
  for (term& t : terms) trim(t.exponent);
  // Terms already in Cantor normal form (strictly decreasing exponents, no zero coefficient),
  // as the products build them, are taken as they are.
  const auto out_of_order = [](const term& a, const term& b) { return compare_exponents(a.exponent, b.exponent) <= 0; };
  const bool has_zero = std::any_of(terms.begin(), terms.end(), [](const term& t) { return t.coef.is_zero(); });
  if (!has_zero && std::adjacent_find(terms.begin(), terms.end(), out_of_order) == terms.end()) {
    ordinal r;
    r.terms_ = std::move(terms);
    return r;
  }
  std::map<digits, big_nim, exponent_less> acc;
  for (term& t : terms) acc[std::move(t.exponent)] += t.coef;
  ordinal r;
  for (auto it = acc.rbegin(); it != acc.rend(); ++it)
    if (!it->second.is_zero()) r.terms_.push_back({it->first, std::move(it->second)});
  return r;
}

bool ordinal::is_finite() const noexcept {
  return terms_.empty() || (terms_.size() == 1 && terms_[0].exponent.empty());
}

big_nim ordinal::finite_part() const {
  if (!terms_.empty() && terms_.back().exponent.empty()) return terms_.back().coef;
  return big_nim();
}

// Nim addition adds the coefficients of equal powers of omega (Conway, ch. 6).
ordinal operator+(const ordinal& a, const ordinal& b) {
  ordinal r;
  std::size_t i = 0, j = 0;
  const auto& x = a.terms_;
  const auto& y = b.terms_;
  while (i < x.size() || j < y.size()) {
    const auto c = i == x.size()   ? std::strong_ordering::less
                   : j == y.size() ? std::strong_ordering::greater
                                   : compare_exponents(x[i].exponent, y[j].exponent);
    if (c > 0) {
      r.terms_.push_back(x[i++]);
    } else if (c < 0) {
      r.terms_.push_back(y[j++]);
    } else {
      big_nim s = x[i].coef + y[j].coef;
      if (!s.is_zero()) r.terms_.push_back({x[i].exponent, std::move(s)});
      ++i, ++j;
    }
  }
  return r;
}

std::strong_ordering operator<=>(const ordinal& a, const ordinal& b) noexcept {
  const auto& x = a.terms_;
  const auto& y = b.terms_;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (const auto c = compare_exponents(x[i].exponent, y[i].exponent); c != 0) return c;
    if (const auto c = x[i].coef <=> y[i].coef; c != 0) return c;
  }
  return x.size() <=> y.size();
}

std::ostream& operator<<(std::ostream& os, const ordinal& x) { return os << x.to_string(); }

// The odd primes below 2^17 come from a sieve built once and are read without a lock (every
// product reads them); larger ones are found by trial division and kept.
std::uint64_t odd_prime(std::size_t k) {
  static const std::vector<std::uint64_t> sieved = [] {
    constexpr std::size_t limit = std::size_t(1) << 17;
    std::vector<bool> composite(limit, false);
    std::vector<std::uint64_t> r;
    for (std::size_t n = 3; n < limit; n += 2) {
      if (composite[n]) continue;
      r.push_back(n);
      for (std::size_t m = n * n; m < limit; m += 2 * n) composite[m] = true;
    }
    return r;
  }();
  if (k < sieved.size()) return sieved[k];
  static std::vector<std::uint64_t> primes{sieved.back()};
  static std::mutex m;
  const std::lock_guard lock(m);
  const std::size_t past = k - sieved.size() + 1;  // primes[past] is odd_prime(k)
  while (primes.size() <= past) {
    std::uint64_t c = primes.back() + 2;
    for (;; c += 2) {
      bool prime = true;
      for (std::uint64_t d = 3; d * d <= c; d += 2)
        if (c % d == 0) {
          prime = false;
          break;
        }
      if (prime) break;
    }
    primes.push_back(c);
  }
  return primes[past];
}

long odd_prime_index(std::uint64_t p) {
  if (p < 3 || p % 2 == 0) return -1;
  for (std::uint64_t d = 3; d * d <= p; d += 2)
    if (p % d == 0) return -1;
  long k = 0;
  while (odd_prime(std::size_t(k)) < p) ++k;
  return k;
}

std::uint64_t order_of_two(std::uint64_t p) {
  std::uint64_t x = 2 % p, f = 1;
  while (x != 1) {
    x = std::uint64_t((u128)x * 2 % p);
    ++f;
  }
  return f;
}

}  // namespace nimber
