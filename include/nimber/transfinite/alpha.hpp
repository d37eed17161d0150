// The constants alpha_p = kappa_p^p of the nim arithmetic of omega^(omega^omega).
//
// Lenstra ("On the algebraic closure of two") shows alpha_p = kappa_(f(p)) + m_p with
// f(p) the order of 2 modulo p, kappa_h built from the kappas of the prime powers of h
// (kappa_h = kappa_g when q divides the degree of kappa_g, else kappa_g + kappa_q, for q the
// largest power of the least prime of h and g = h/q), and the excess m_p the least integer
// with kappa_f + m_p not a p-th power in the field below kappa_p. That field holds the
// candidate in GF(2^E), E = its degree, and x is a p-th power there exactly when
// zeta = N(x)^((2^f - 1)/p) is 1, N the norm from GF(2^E) down to GF(2^f). The certificate
// of an entry is that zeta, a p-th root of unity other than 1.
//
// The library ships a table of computed entries (data/alpha.txt, compiled in); each entry's
// certificate is checked when the table is first used (zeta != 1 and zeta^p = 1), and
// verify_alpha() repeats the whole test.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/transfinite/ordinal.hpp"

namespace nimber {

struct alpha_entry {
  std::uint64_t p = 0;
  std::uint64_t order = 0;   // f, the order of 2 modulo p
  std::uint64_t degree = 0;  // E, the degree of alpha_p over GF(2)
  ordinal alpha;
  std::uint64_t excess = 0;  // m_p
  double seconds = 0;        // time its computation took
  ordinal certificate;       // zeta
};

// The shipped table, odd primes from 3 up without gaps. Throws std::runtime_error if an
// entry fails its check.
const std::vector<alpha_entry>& alpha_table();
// The largest p with alpha_p in the table.
std::uint64_t alpha_table_limit();

// alpha_p for every odd prime p <= max_p, computed from scratch (each from the ones before
// it, never from the table). `done`, if given, are the first entries of an earlier run
// (from 3 up, without gaps: a checkpoint), taken as they are. `progress`, if set, sees each
// entry as it is computed.
std::vector<alpha_entry> compute_alphas(std::uint64_t max_p,
                                        const std::function<void(const alpha_entry&)>& progress = {},
                                        std::vector<alpha_entry> done = {});

// One line of data/alpha.txt: "p f E excess seconds ; alpha ; certificate", and back
// (std::invalid_argument on a bad line).
std::string alpha_line(const alpha_entry& e);
alpha_entry parse_alpha_line(std::string_view line);

// Recomputes the p-th power test for e, with the alphas of the table below it: true when
// e.alpha = kappa_f + e.excess, every smaller excess gives a p-th power, and the certificate
// is the test's value.
bool verify_alpha(const alpha_entry& e);

}  // namespace nimber
