// Integer helpers of GF(2^E) (power.cpp, modulus_search.cpp): divisors, prime factors and
// the order of 2 modulo an odd p. Internal to the library.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nimber/types.hpp"

namespace nimber::gf2e_numbers {

// The divisors of n >= 1, ascending.
inline std::vector<std::uint64_t> divisors(std::uint64_t n) {
  std::vector<std::uint64_t> low, high;
  for (std::uint64_t d = 1; d * d <= n; ++d)
    if (n % d == 0) {
      low.push_back(d);
      if (d * d != n) high.push_back(n / d);
    }
  low.insert(low.end(), high.rbegin(), high.rend());
  return low;
}

// The distinct primes dividing n >= 1, ascending.
inline std::vector<std::uint64_t> prime_factors(std::uint64_t n) {
  std::vector<std::uint64_t> primes;
  for (std::uint64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) {
      primes.push_back(d);
      while (n % d == 0) n /= d;
    }
  if (n > 1) primes.push_back(n);
  return primes;
}

inline std::uint64_t pow2_mod(std::uint64_t m, std::uint64_t p) noexcept {
  std::uint64_t r = 1 % p, b = 2 % p;
  for (; m > 0; m >>= 1, b = std::uint64_t((nimber::u128)b * b % p))
    if (m & 1) r = std::uint64_t((nimber::u128)r * b % p);
  return r;
}

// ord_p(2) when it divides E (the smallest divisor m of E with 2^m = 1 mod p), else 0.
inline std::uint64_t order_of_two_dividing(std::uint64_t p, std::uint64_t E) {
  if (p % 2 == 0) return 0;
  for (const std::uint64_t m : divisors(E))
    if (pow2_mod(m, p) == 1 % p) return m;
  return 0;
}

}  // namespace nimber::gf2e_numbers
