// GF(2^E) (include/nimber/gf2e.hpp): the search for a sparse irreducible modulus, Rabin's
// irreducibility test, and the per-process cache of the moduli found.
//
// Order of the search for degree E (the first irreducible found is kept):
//   trinomials x^E + x^k + 1, then pentanomials x^E + x^a + x^b + x^c + 1, middle exponents
//   at most E/2 (two reduction rounds per product), smallest first (k; then a, b, c). For
//   each shape: up to kDirectDegree every candidate of degree E in that order; above it first
//   the compositions g(x^t) of gf2e.hpp (degree n = E/t, t odd, searched over n ascending),
//   which cost a search in degree n, then the candidates of degree E. No trinomial has a
//   degree divisible by 8 (Swan, "Factorization of polynomials over finite fields"), and
//   x^E + x^k + 1 with E and k even is a square: those are skipped.
// Searches in degrees above 65536 are not tried (a Rabin test there costs E^2/64 word
// operations a candidate): such an E gets a modulus only by composition, else an error.
// Before Rabin's test a candidate is tried against the irreducibles of degree d <= 12:
// gcd(f, x^(2^d) - x) from f mod (x^(2^d) - x), which is sparse (x^e -> x^(1 + (e-1) mod (2^d-1))).
#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include "gf2e/numbers.hpp"
#include "nimber/gf2e.hpp"

namespace nimber {
namespace {

using u64 = std::uint64_t;
using poly = std::vector<u64>;
constexpr u64 kDirectDegree = 2048;
// Searches run in degrees up to this (Rabin's test there is about 2^26 word operations a
// candidate); beyond it only compositions from lower degrees are tried.
constexpr u64 kSearchDegree = 65536;

long degree_of(const poly& a) noexcept {
  for (std::size_t i = a.size(); i-- > 0;)
    if (a[i] != 0) return long(64 * i + 63 - std::size_t(__builtin_clzll(a[i])));
  return -1;
}

void flip(poly& a, u64 i) { a[std::size_t(i / 64)] ^= u64(1) << (i % 64); }

// a mod b in place (b != 0).
void mod_in_place(poly& a, const poly& b) {
  const long db = degree_of(b);
  for (long da = degree_of(a); da >= db; da = degree_of(a)) {
    const u64 shift = u64(da - db);
    const std::size_t w = std::size_t(shift / 64);
    const unsigned s = unsigned(shift % 64);
    for (std::size_t i = 0; i < b.size() && w + i < a.size(); ++i) {
      a[w + i] ^= b[i] << s;
      if (s != 0 && w + i + 1 < a.size()) a[w + i + 1] ^= b[i] >> (64 - s);
    }
  }
}

bool coprime(poly a, poly b) {
  while (degree_of(b) >= 0) {
    mod_in_place(a, b);
    std::swap(a, b);
  }
  return degree_of(a) == 0;
}

poly dense(u64 E, std::span<const u64> middle) {
  poly f(std::size_t(E / 64 + 1), 0);
  flip(f, E), flip(f, 0);
  for (const u64 k : middle) flip(f, k);
  return f;
}

// Whether f has an irreducible factor of degree d <= 12 (d <= log2 E).
bool has_small_factor(u64 E, std::span<const u64> middle) {
  for (unsigned d = 1; d <= 12 && (u64(1) << d) <= E; ++d) {
    const u64 q = (u64(1) << d) - 1;  // x^(2^d) = x: exponents e >= 1 fold mod 2^d - 1
    poly r(std::size_t((q + 1) / 64 + 1), 0), field(r.size(), 0);
    flip(r, 0);
    flip(r, 1 + (E - 1) % q);
    for (const u64 k : middle) flip(r, 1 + (k - 1) % q);
    flip(field, q + 1), flip(field, 1);
    if (!coprime(field, r)) return true;
  }
  return false;
}

bool rabin(u64 E, std::span<const u64> middle) {
  if (E == 1) return true;
  if (has_small_factor(E, middle)) return false;
  const gf2e field(E, std::vector<u64>(middle.begin(), middle.end()));
  const std::vector<u64> primes = gf2e_numbers::prime_factors(E);
  const poly f = dense(E, middle);
  const gf2e::element x = field.x();
  gf2e::element power = x;  // x^(2^i) mod f
  for (u64 i = 1; i <= E; ++i) {
    field.square(power.data(), power.data());
    const bool maximal = std::any_of(primes.begin(), primes.end(), [&](u64 q) { return E / q == i; });
    if (maximal && i < E) {
      poly g = field.add(power, x);
      g.resize(f.size(), 0);
      if (!coprime(f, g)) return false;
    }
  }
  return power == x;
}

// g = x^n + sum x^k + 1 irreducible of degree n, composed with x^t (E = n t, t odd): the
// conditions of Lidl and Niederreiter, Theorem 3.35, in the form "x is not a q-th power".
bool composes(u64 n, const std::vector<u64>& middle, u64 t) {
  const gf2e field(n, middle);
  const gf2e::element x = field.x();
  for (const u64 q : gf2e_numbers::prime_factors(t))
    if (field.is_pth_power(x, q)) return false;
  return true;
}

// Calls try_shape(middle) on the candidates of one shape in degree E, smallest first, until
// it returns true; returns the middle exponents found, or none.
template <class Try>
std::vector<u64> each_candidate(u64 E, bool trinomial, const Try& try_shape) {
  if (trinomial) {
    if (E % 8 == 0) return {};
    for (u64 k = 1; 2 * k <= E; ++k) {
      if (E % 2 == 0 && k % 2 == 0) continue;
      std::vector<u64> m{k};
      if (try_shape(m)) return m;
    }
    return {};
  }
  for (u64 a = 3; 2 * a <= E; ++a)
    for (u64 b = 2; b < a; ++b)
      for (u64 c = 1; c < b; ++c) {
        std::vector<u64> m{a, b, c};
        if (try_shape(m)) return m;
      }
  return {};
}

std::vector<u64> search_direct(u64 E, bool trinomial) {
  return each_candidate(E, trinomial, [&](const std::vector<u64>& m) { return rabin(E, m); });
}

std::vector<u64> search_composed(u64 E, bool trinomial) {
  for (const u64 n : gf2e_numbers::divisors(E)) {
    const u64 t = E / n;
    if (t == 1 || t % 2 == 0 || n < 2) continue;
    if (n > kSearchDegree) break;
    const std::vector<u64> primes = gf2e_numbers::prime_factors(t);
    // Each q | t must divide the order of x, which divides 2^n - 1.
    if (!std::all_of(primes.begin(), primes.end(), [&](u64 q) { return gf2e_numbers::pow2_mod(n, q) == 1; })) continue;
    std::vector<u64> m = each_candidate(n, trinomial, [&](const std::vector<u64>& g) {
      return rabin(n, g) && composes(n, g, t);
    });
    if (!m.empty()) {
      for (u64& k : m) k *= t;
      return m;
    }
  }
  return {};
}

std::vector<u64> search(u64 E) {
  if (E == 1) return {};
  for (const bool trinomial : {true, false}) {
    std::vector<u64> m;
    if (E > kDirectDegree) m = search_composed(E, trinomial);
    if (m.empty() && E <= kSearchDegree) m = search_direct(E, trinomial);
    if (!m.empty()) return m;
  }
  throw std::runtime_error("gf2e: no sparse irreducible modulus of degree " + std::to_string(E) +
                           " within the search's reach; give one to gf2e(E, middle)");
}

}  // namespace

std::vector<u64> gf2e::modulus(u64 E) {
  if (E < 1 || E > max_degree) throw std::invalid_argument("gf2e: the degree must be in [1, 2^30]");
  static std::mutex lock;
  static std::map<u64, std::vector<u64>> cache;
  const std::lock_guard<std::mutex> hold(lock);
  auto it = cache.find(E);
  if (it == cache.end()) {
    std::vector<u64> m = search(E);
    std::sort(m.begin(), m.end(), std::greater<>());
    it = cache.emplace(E, std::move(m)).first;
  }
  return it->second;
}

bool gf2e::is_irreducible(u64 E, std::span<const u64> middle) {
  const gf2e shape(E, std::vector<u64>(middle.begin(), middle.end()));  // checks the form
  return rabin(E, shape.middle_terms());
}

}  // namespace nimber
