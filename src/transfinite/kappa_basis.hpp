// The kappa basis behind ordinal arithmetic: the alphas it knows and the degrees of their
// fields. Internal to the transfinite layer.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "nimber/progress.hpp"
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/digits.hpp"

namespace nimber::transfinite {

using term = ordinal::term;

class kappa_basis {
 public:
  // Room for every odd prime below 100000; alphas past it are never available.
  static constexpr std::size_t capacity = 9591;
  kappa_basis();
  kappa_basis(const kappa_basis&) = delete;
  kappa_basis& operator=(const kappa_basis&) = delete;

  // alpha_q and its degree for q = odd_prime(k). A kappa basis may hold any set of primes: a
  // computation of alpha_p needs only those of alpha_prerequisites(p). While other threads
  // read the basis, only its extender may call set (entries never move once set).
  void set(std::size_t k, ordinal alpha, std::uint64_t degree);
  // Whether alpha_q is held, after asking the extender (if any) to compute it.
  bool has(std::size_t k) const;
  // Whether alpha_q is held now, without asking the extender.
  bool holds(std::size_t k) const noexcept { return k < capacity && degree_[k].load(std::memory_order_acquire) != 0; }
  // Throw alpha_unavailable for a prime the basis does not hold and cannot compute.
  const ordinal& alpha(std::size_t k) const;
  std::uint64_t degree(std::size_t k) const;
  // Called, one call at a time, for a prime the basis lacks; it may set() that prime and the
  // primes it needs (the default kappa basis computes cheap alphas this way).
  void set_extender(std::function<void(std::size_t k)> extender) { extender_ = std::move(extender); }

 private:
  std::vector<ordinal> alpha_;  // capacity entries, never resized
  std::unique_ptr<std::atomic<std::uint64_t>[]> degree_;  // 0 where alpha_q is not held
  std::function<void(std::size_t)> extender_;
  mutable std::recursive_mutex extend_mutex_;
};

// The kappa basis of the shipped alpha table.
const kappa_basis& default_kappa_basis();

// Field operations in a given kappa basis (the ordinal members use default_kappa_basis()).
// mul and square are kappa_product.cpp's.
ordinal mul(const ordinal& a, const ordinal& b, const kappa_basis& t);
ordinal square(const ordinal& x, const kappa_basis& t);
ordinal frobenius(const ordinal& x, std::uint64_t j, const kappa_basis& t);
ordinal pow_limbs(const ordinal& x, const digits& e, const kappa_basis& t);
ordinal pow_u64(const ordinal& x, std::uint64_t e, const kappa_basis& t);
std::uint64_t field_degree(const ordinal& x, const kappa_basis& t);
// prod_{i<n} x^(2^(s i)) (Itoh-Tsujii): about log2(n) products and s*n squarings.
ordinal frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const kappa_basis& t);

// zeta = N(x)^((2^f - 1)/p), N the norm from GF(2^e) to GF(2^f), in the dense
// representation of the tower field that x's kappas generate (dense_field.hpp); nullopt when that
// field is not GF(2^e), its coefficients need more than 64 bits or it has more than
// alpha_dense_limit coefficients.
// `progress` sees the power's exponent bits done of all of them. The final power runs over
// all f bits of the exponent (plain), or as (N^(S/p))^(2^g - 1), g = f/r for the least prime
// r of f and S = (2^f - 1)/(2^g - 1) (divisor_chain: about g fewer bits of window).
// The products of subfields of at least base_min_bits bits go through a polynomial basis of
// the field's lowest levels (polynomial_base.hpp); the second proof's products never do.
enum class power_method { plain, divisor_chain };
inline constexpr std::size_t polynomial_base_bits = std::size_t(1) << 16;
std::optional<ordinal> dense_power_test(const ordinal& x, std::uint64_t e, std::uint64_t f, std::uint64_t p,
                                        const kappa_basis& t, const progress_fn& progress = {},
                                        power_method method = power_method::divisor_chain,
                                        std::size_t base_min_bits = polynomial_base_bits);
// x y for y in x's field, by the dense form's product through a polynomial basis of its lowest
// base_levels levels (polynomial_base.hpp; 0: none), for the tests; nullopt where the field
// has no dense form or those levels no base.
std::optional<ordinal> dense_product(const ordinal& x, const ordinal& y, const kappa_basis& t,
                                     std::size_t base_levels);
// x^e, x^(2^j) and prod_{i<n} x^(2^(s i)) the same way; nullopt when x's field has no dense form
// (coefficients over 64 bits, over max_dim coefficients, or an alpha past the basis).
inline constexpr std::size_t dense_limit = std::size_t(1) << 22;  // 32 MiB an element
// The alpha search's power test and its second proof: fields of up to 2^27 coefficients (1 GiB
// an element), the run's memory bounded by its caller (alpha_memory_bytes); past dense_limit
// the term arithmetic would take hours and tens of GB where the dense form takes minutes.
inline constexpr std::size_t alpha_dense_limit = std::size_t(1) << 27;
std::optional<ordinal> dense_pow(const ordinal& x, const digits& e, const kappa_basis& t, std::size_t max_dim,
                                  const progress_fn& progress = {});
// x^e for e = c (2^(s n) - 1)/(2^s - 1), the bits of c repeated n times at period s (c below
// 2^s), by squarings and products alone: x^c by the sliding window, then the product of its
// 2^(s i)-th powers, i < n, each by repeated squaring (about s n squarings and 2 log2 n
// products where the plain window over all s n bits takes s n / 8 products); the squarings on
// `threads` threads, saved and resumed through `hooks` (may be null; a state of another field,
// x, n or s is std::invalid_argument).
std::optional<ordinal> dense_pow_periodic(const ordinal& x, const digits& c, std::uint64_t n, std::uint64_t s,
                                          const kappa_basis& t, std::size_t max_dim, const progress_fn& progress = {},
                                          unsigned threads = 1, const resume_hooks* hooks = nullptr);
std::optional<ordinal> dense_frobenius(const ordinal& x, std::uint64_t j, const kappa_basis& t);
// x^(2^j) by j squarings through the field's sparse map of x -> x^2 (dense_squaring.cpp), as
// the second proof squares, its rows of up to fixed_lengths terms (at most 8) by loops of a
// fixed count, a chunk of the lowest levels at a time where `chunks` and the field allow, on
// `threads` threads; nullopt where x's field has no dense form.
std::optional<ordinal> dense_squarings_by_map(const ordinal& x, std::uint64_t j, const kappa_basis& t,
                                              std::size_t fixed_lengths = 8, bool chunks = true, unsigned threads = 1);
std::optional<ordinal> dense_frobenius_product(const ordinal& x, std::uint64_t n, std::uint64_t s, const kappa_basis& t);

// Checked arithmetic on 64-bit counts (std::overflow_error).
std::uint64_t lcm_checked(std::uint64_t a, std::uint64_t b);
std::uint64_t mul_checked(std::uint64_t a, std::uint64_t b);

// Non-negative integers as 64-bit limbs, least significant first (exponents of size 2^E).
digits all_ones(std::uint64_t bits);                        // 2^bits - 1
std::uint64_t div_small(digits& x, std::uint64_t d);         // x /= d; returns x mod d
void mul_add_small(digits& x, std::uint64_t m, std::uint64_t a);  // x = x*m + a
std::uint64_t mod_small(const digits& x, std::uint64_t d);
std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t p);  // p prime, a != 0 mod p
std::uint64_t pow_mod(std::uint64_t b, std::uint64_t e, std::uint64_t m);

}  // namespace nimber::transfinite
