// The published algorithms, each written plainly as a reference for the fast paths.
//
// None of these is fast; each is independent of the tower code in arith.hpp, so that
// agreement between them is evidence, not tautology. Tests compare every fast path against
// them, and the benchmarks time them as baselines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "nimber/arith.hpp"

namespace nimber::ref {

// The defining recursion (Conway): a * b is the least non-negative integer not of the form
// a' * b + a * b' + a' * b' with a' < a and b' < b. Returns the n x n table, row-major.
// O(n^4) time: meant for n <= 64.
std::vector<std::uint32_t> mex_product_table(std::size_t n);

// The same construction for the sum: a + b = mex({a' + b} u {a + b'}). Row-major n x n.
std::vector<std::uint32_t> mex_sum_table(std::size_t n);

// Products of powers of two by the Fermat-power rules, memoised, as a 2019 blog post on nim
// multiplication derives them: 2^x is the ordinary product of the distinct Fermat powers 2^(2^i) for the bits i of x; a product of distinct
// Fermat powers is ordinary, and F * F = F + F/2. General products expand bit by bit.
u128 fermat_mul(u128 a, u128 b);

// 2^x * 2^y for x, y < 128, by the same rules (memoised).
u128 fermat_mul_pow2(unsigned x, unsigned y);

// The 64 x 64 table of single-bit products 2^i * 2^j (a competitive-programming codebook's
// "Nim Product" entry), and the product that XORs its entries over the set bits of a and b.
std::uint64_t bit_table_mul(std::uint64_t a, std::uint64_t b);

// The best public scalar method (adamant's Codeforces blog on Grundy numbers and the nimber
// product): the Karatsuba tower from 64 down to 16 bits, with 16-bit products read from
// 2^16-entry discrete log/exp tables.
std::uint64_t log_tower_mul(std::uint64_t a, std::uint64_t b) noexcept;
std::uint16_t log_mul16(std::uint16_t a, std::uint16_t b) noexcept;

}  // namespace nimber::ref
