// The part of an alpha entry's check that needs no power test. Internal to the transfinite
// layer: the shipped table and the frontier file both check their entries with it.
#pragma once

#include <cstdint>

#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber::transfinite {

// Whether f is the order of 2 modulo p, alpha = kappa_f + excess, and degree is the degree of
// that candidate over GF(2); t holds the alphas of alpha_prerequisites(p).
bool is_alpha_candidate(std::uint64_t p, std::uint64_t order, std::uint64_t degree, const ordinal& alpha,
                        std::uint64_t excess, const kappa_basis& t);

}  // namespace nimber::transfinite
