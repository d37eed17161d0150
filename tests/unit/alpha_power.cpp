// The p-th power test of the alpha search (dense.cpp, dense_frobenius.cpp): its norm (an
// Itoh-Tsujii chain whose Frobenius maps are composed along the chain) against the product of
// the conjugates by plain squarings, and its final power taken through a divisor of f (the
// fast path) against the plain power of f bits, on the shipped table and on random elements;
// the second proof's power of a periodic exponent against the plain window.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nimber/kernel.hpp"
#include "nimber/transfinite/alpha.hpp"
#include "nimber/transfinite/ordinal.hpp"
#include "transfinite/kappa_basis.hpp"
#include "transfinite/polynomial_base.hpp"

namespace {

using nimber::big_nim;
using nimber::ordinal;
using nimber::transfinite::power_method;

// gen plus up to `terms` random terms whose exponent digit k is below bound[k], coefficients
// below 2^coef_bits: an element of gen's field (bound covering gen's kappas).
ordinal random_in_field(std::mt19937_64& rng, const ordinal& gen, const std::vector<std::uint64_t>& bound, int terms,
                        unsigned coef_bits) {
  std::vector<ordinal::term> t;
  for (int i = 0; i < terms; ++i) {
    std::vector<std::uint64_t> e(bound.size());
    for (std::size_t k = 0; k < bound.size(); ++k) e[k] = bound[k] ? rng() % bound[k] : 0;
    t.push_back({e, big_nim(rng() & ((std::uint64_t(1) << coef_bits) - 1))});
  }
  return gen + ordinal::from_terms(std::move(t));
}

// Fields with coefficients of 4, 8 and 16 bits (E = 420 over them), of kappa_23 and kappa_3,
// of five levels, and of kappa_13, kappa_7 and kappa_3 over 4 bits (E = 1092): a generator,
// the bounds of random elements' digits, coefficient bits and levels.
struct test_field {
  const char* gen;
  std::vector<std::uint64_t> bound;
  unsigned coef_bits;
  std::size_t levels;
};
std::vector<test_field> test_fields() {
  return {{"w^(w^2 + w) + w + 8", {3, 5, 7}, 4, 3},
          {"w^(w^2 + w) + w + 128", {3, 5, 7}, 8, 3},
          {"w^(w^2 + w) + w + 40000", {3, 5, 7}, 16, 3},
          {"w^(w^7*3 + w^2 + 1) + w^(w^7)", {3, 0, 0, 0, 0, 0, 0, 23}, 4, 2},
          {"w^(w^4 + w^3 + w^2 + w + 1)", {3, 5, 7, 11, 13}, 4, 5},
          {"w^(w^4 + w^2 + 1) + 8", {3, 0, 7, 0, 13}, 4, 3}};
}

// zeta by both final powers, the second with every product of two levels or more through a
// polynomial base; they must agree (and exist: e is the dense field's degree).
ordinal both_powers(const ordinal& x, std::uint64_t e, std::uint64_t p) {
  const auto& t = nimber::transfinite::default_kappa_basis();
  const std::uint64_t f = nimber::order_of_two(p);
  const auto plain = nimber::transfinite::dense_power_test(x, e, f, p, t, {}, power_method::plain, SIZE_MAX);
  const auto chain = nimber::transfinite::dense_power_test(x, e, f, p, t, {}, power_method::divisor_chain, 0);
  EXPECT_TRUE(plain.has_value() && chain.has_value()) << "p = " << p << ", x = " << x;
  if (!plain || !chain) return ordinal();
  EXPECT_EQ(*plain, *chain) << "p = " << p << ", x = " << x;
  return *chain;
}

TEST(AlphaPower, ShippedTableBothPowers) {
  for (const nimber::alpha_entry& e : nimber::alpha_table()) {
    const ordinal kf = e.alpha + ordinal(e.excess);  // kappa_f: the excess is a finite nimber
    for (std::uint64_t m = 0; m < e.excess; ++m) {
      const ordinal x = kf + ordinal(m);  // a p-th power, in a field that may be smaller
      EXPECT_EQ(both_powers(x, x.field_degree(), e.p), ordinal(1)) << e.p << " " << m;
    }
    EXPECT_EQ(both_powers(e.alpha, e.degree, e.p), e.certificate) << e.p;
  }
}

TEST(AlphaPower, RandomElementsBothPowers) {
  std::mt19937_64 rng(659);
  struct field {
    const char* gen;
    std::vector<std::uint64_t> bound;
  };
  // E = 420 (kappa_7, kappa_5, kappa_3), 15180 (kappa_23, kappa_3), 102180 (kappa_131, 2^17 bits)
  const std::vector<field> fields{{"w^(w^2 + w) + w", {3, 5, 7}},
                                  {"w^(w^7*3 + w^2 + 1) + w^(w^7)", {3, 0, 0, 0, 0, 0, 0, 23}},
                                  {"w^(w^30)", {3, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                0, 0, 0, 0, 0, 0, 0, 131}}};
  for (const field& fd : fields) {
    const ordinal gen = ordinal::from_string(fd.gen);
    const std::uint64_t e = gen.field_degree();
    int tested = 0;
    for (std::uint64_t p = 3; p < 400 && tested < (e > 50000 ? 1 : 6); p += 2) {
      if (nimber::odd_prime_index(p) < 0 || e % nimber::order_of_two(p) != 0) continue;
      const std::uint64_t f = nimber::order_of_two(p);
      if (f < 4 || (f % 2 != 0 && f % 3 != 0)) continue;  // f composite: the divisor chain differs
      both_powers(random_in_field(rng, gen, fd.bound, 5, 4), e, p);
      ++tested;
    }
    EXPECT_GT(tested, 0) << fd.gen;
  }
}

// The norm's Frobenius maps, composed along the Itoh-Tsujii chain, against the conjugates
// x^(2^(s i)) by plain squarings (term arithmetic), in the field of kappa_7, kappa_5 and
// kappa_3 (E = 420): s below and above the 48 where maps start, and n with both steps.
TEST(AlphaPower, FrobeniusProductAgainstSquarings) {
  std::mt19937_64 rng(47);
  const ordinal gen = ordinal::from_string("w^(w^2 + w) + w");
  const auto& t = nimber::transfinite::default_kappa_basis();
  for (const auto& [n, s] : {std::pair{7ull, 10ull}, {13ull, 30ull}, {5ull, 64ull}, {11ull, 100ull}, {6ull, 253ull}}) {
    const ordinal x = random_in_field(rng, gen, {3, 5, 7}, 4, 2);
    ordinal product(1), conjugate = x;
    for (std::uint64_t i = 0; i < n; ++i) {
      product = product * conjugate;
      for (std::uint64_t j = 0; j < s; ++j) conjugate = conjugate.square();
    }
    const auto fast = nimber::transfinite::dense_frobenius_product(x, n, s, t);
    ASSERT_TRUE(fast.has_value());
    EXPECT_EQ(*fast, product) << "n = " << n << ", s = " << s;
  }
}

// The second proof's squaring, a precomputed sparse map, against the term arithmetic's square
// and against the dense field's own squarings (dense_frobenius below 48, its Frobenius maps
// above), on random elements of fields with 4- and 8-bit coefficients (a byte each, products
// by table) and 16-bit ones (a word each), of the field of kappa_23 and kappa_3, of one of
// five levels (rows of up to 6 terms) and of kappa_13, kappa_7 and kappa_3; rows by loops of
// fixed counts and all by the loop of any count, with and without chunks, and with fixed
// counts on one to three threads (parts of the rows). Chunks go through byte tables under the
// kernels without GFNI, a word each (15 coefficients of 4 bits, 60 bits with a half byte at
// the top; 3 of 8 bits), and through the kernel's linear maps under the others, where the 8-bit
// field and that of kappa_13 take chunks of two words (15 coefficients of 8 bits, 21 of 4):
// every kernel this CPU runs is forced in turn.
TEST(AlphaPower, SquaringMapAgainstTheProducts) {
  std::mt19937_64 rng(1277);
  const auto& t = nimber::transfinite::default_kappa_basis();
  for (const test_field& fd : test_fields()) {
    const ordinal gen = ordinal::from_string(fd.gen);
    for (int round = 0; round < 3; ++round) {
      const ordinal x = random_in_field(rng, gen, fd.bound, 6, fd.coef_bits);
      const auto once = nimber::transfinite::dense_squarings_by_map(x, 1, t);
      ASSERT_TRUE(once.has_value()) << fd.gen;
      EXPECT_EQ(*once, x.square()) << fd.gen << ": " << x;
      for (const std::uint64_t j : {0ull, 2ull, 13ull, 61ull}) {
        const ordinal frobenius = *nimber::transfinite::dense_frobenius(x, j, t);
        for (const std::size_t fixed : {0, 8})
          for (const bool chunks : {false, true})
            for (const unsigned threads : fixed == 8 ? std::vector<unsigned>{1, 2, 3} : std::vector<unsigned>{1}) {
              const auto by_map = nimber::transfinite::dense_squarings_by_map(x, j, t, fixed, chunks, threads);
              ASSERT_TRUE(by_map.has_value());
              EXPECT_EQ(*by_map, frobenius) << fd.gen << ", j = " << j << ", fixed " << fixed << ", chunks " << chunks
                                            << ", threads " << threads << ": " << x;
            }
        const std::string saved(nimber::kernel::active());
        for (const auto& kernel : nimber::kernel::list()) {
          if (!kernel.supported) continue;
          ASSERT_EQ(nimber::kernel::force(kernel.name), nimber::kernel::force_status::ok);
          for (const unsigned threads : {1u, 2u}) {
            const auto by_map = nimber::transfinite::dense_squarings_by_map(x, j, t, 8, true, threads);
            ASSERT_TRUE(by_map.has_value());
            EXPECT_EQ(*by_map, frobenius) << fd.gen << ", j = " << j << ", kernel " << kernel.name << ", threads "
                                          << threads << ": " << x;
          }
        }
        nimber::kernel::force(saved);
      }
    }
  }
}

// The polynomial base's bit matrices: rows times a matrix by tables of 2, 4 and 8 bits (the
// row counts choose them) against the sum of the rows of m that each row's bits pick, with
// bit counts off the tables' pieces and junk past them; and an inverse times its matrix is
// the identity, a singular matrix has none.
TEST(AlphaPower, PolynomialBaseBitMatrices) {
  using nimber::transfinite::dense::row_words;
  using word = std::uint64_t;
  std::mt19937_64 rng(9239);
  for (const std::size_t count : {1, 8, 9, 100, 224, 225, 300})
    for (const std::size_t in_bits : {1, 31, 33, 64, 100, 257}) {
      const std::size_t stride = row_words(in_bits) + 1, out_words = 3;
      std::vector<word> in(count * stride), m(in_bits * out_words), out(count * out_words, 0);
      for (word& v : in) v = rng();
      for (word& v : m) v = rng();
      nimber::transfinite::dense::multiply_rows(in.data(), stride, in_bits, count, m.data(), out_words, out.data());
      for (std::size_t r = 0; r < count; ++r) {
        std::vector<word> sum(out_words, 0);
        for (std::size_t k = 0; k < in_bits; ++k)
          if ((in[r * stride + k / 64] >> (k % 64)) & 1)
            for (std::size_t w = 0; w < out_words; ++w) sum[w] ^= m[k * out_words + w];
        for (std::size_t w = 0; w < out_words; ++w)
          ASSERT_EQ(out[r * out_words + w], sum[w]) << count << " rows of " << in_bits << " bits, row " << r;
      }
    }
  for (const std::size_t n : {1, 2, 63, 64, 65, 130}) {
    const std::size_t w = row_words(n);
    std::vector<word> m;
    std::vector<word> inverse;
    while (inverse.empty()) {  // a random matrix is invertible with probability about 0.29
      m.assign(n * w, 0);
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t c = 0; c < n; ++c) m[r * w + c / 64] |= (rng() & 1) << (c % 64);
      inverse = nimber::transfinite::dense::invert(m, n);
    }
    std::vector<word> product(n * w, 0);
    nimber::transfinite::dense::multiply_rows(inverse.data(), w, n, n, m.data(), w, product.data());
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t c = 0; c < n; ++c) EXPECT_EQ((product[r * w + c / 64] >> (c % 64)) & 1, r == c ? 1u : 0u) << n;
    std::copy(m.begin(), m.begin() + std::ptrdiff_t(w), m.end() - std::ptrdiff_t(w));  // two equal rows
    if (n > 1) {
      EXPECT_TRUE(nimber::transfinite::dense::invert(m, n).empty()) << n;
    }
  }
}

// The dense product through a polynomial basis of the lowest levels, every choice of them
// that leaves a level above, against the term arithmetic's product, on the fields of the
// squaring test: coefficients of 4, 8 and 16 bits, K from GF(2^12) (one level of 3 over
// GF(16)) to GF(2^4620) (levels 3, 5, 7 and 11).
TEST(AlphaPower, ProductThroughPolynomialBase) {
  std::mt19937_64 rng(4620);
  const auto& t = nimber::transfinite::default_kappa_basis();
  for (const test_field& fd : test_fields()) {
    const ordinal gen = ordinal::from_string(fd.gen);
    for (std::size_t b = 1; b < fd.levels; ++b)
      for (int round = 0; round < 2; ++round) {
        const ordinal x = random_in_field(rng, gen, fd.bound, 12, fd.coef_bits);
        const ordinal y = random_in_field(rng, ordinal(1), fd.bound, 12, fd.coef_bits);
        const auto product = nimber::transfinite::dense_product(x, y, t, b);
        ASSERT_TRUE(product.has_value()) << fd.gen << ", " << b << " levels";
        EXPECT_EQ(*product, x * y) << fd.gen << ", " << b << " levels: " << x << " times " << y;
        const auto square = nimber::transfinite::dense_product(x, x, t, b);
        EXPECT_EQ(*square, x.square()) << fd.gen << ", " << b << " levels: " << x;
      }
  }
}

// x^e for an exponent whose bits repeat with a period, by the product of powers of x^c
// (dense_pow_periodic), against the sliding window over all of e's bits, and for c = 1
// against the norm's Frobenius product, in the field of E = 420: n with both steps of its
// binary method, one period, and c empty, small, random and all ones.
TEST(AlphaPower, PeriodicExponentAgainstTheWindow) {
  std::mt19937_64 rng(797);
  const ordinal gen = ordinal::from_string("w^(w^2 + w) + w");
  const auto& t = nimber::transfinite::default_kappa_basis();
  for (const auto& [n, s] : {std::pair{1ull, 9ull}, {2ull, 1ull}, {7ull, 10ull}, {8ull, 30ull}, {13ull, 64ull},
                             {5ull, 100ull}, {3ull, 140ull}}) {
    for (const int kind : {0, 1, 2, 3}) {
      nimber::transfinite::digits c((s + 63) / 64, 0);
      for (std::uint64_t b = 0; b < s; ++b) {
        const bool set = kind == 1 ? b == 0 : kind == 2 ? (rng() & 1) != 0 : kind == 3;
        if (set) c[b / 64] |= std::uint64_t(1) << (b % 64);
      }
      nimber::transfinite::digits e((s * n + 63) / 64, 0);
      for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t b = 0; b < s; ++b)
          if (c[b / 64] >> (b % 64) & 1) e[(s * i + b) / 64] |= std::uint64_t(1) << ((s * i + b) % 64);
      const ordinal x = random_in_field(rng, gen, {3, 5, 7}, 4, 2);
      const auto periodic = nimber::transfinite::dense_pow_periodic(x, c, n, s, t, nimber::transfinite::dense_limit);
      const auto window = nimber::transfinite::dense_pow(x, e, t, nimber::transfinite::dense_limit);
      ASSERT_TRUE(periodic.has_value() && window.has_value());
      EXPECT_EQ(*periodic, *window) << "n = " << n << ", s = " << s << ", kind " << kind;
      if (kind == 1) {
        EXPECT_EQ(*periodic, *nimber::transfinite::dense_frobenius_product(x, n, s, t));
      }
    }
  }
  // c must be below 2^s: its bits would otherwise overlap the next period's.
  const ordinal x = ordinal::from_string("w");
  EXPECT_THROW(nimber::transfinite::dense_pow_periodic(x, {8}, 3, 3, t, nimber::transfinite::dense_limit),
               std::invalid_argument);
  EXPECT_THROW(nimber::transfinite::dense_pow_periodic(x, {1}, 0, 3, t, nimber::transfinite::dense_limit),
               std::invalid_argument);
  EXPECT_TRUE(nimber::transfinite::dense_pow_periodic(x, {7}, 3, 3, t, nimber::transfinite::dense_limit).has_value());
}

// The bit length of the exponents' limbs, untrimmed ones included, against the bits counted one by one.
TEST(AlphaPower, BitLengthOfLimbs) {
  using nimber::transfinite::bit_length;
  EXPECT_EQ(bit_length({}), 0u);
  EXPECT_EQ(bit_length({0, 0}), 0u);
  EXPECT_EQ(bit_length(nimber::transfinite::all_ones(130)), 130u);
  std::mt19937_64 rng(64);
  for (int round = 0; round < 200; ++round) {
    nimber::transfinite::digits x(rng() % 4, 0);
    for (std::uint64_t& limb : x) limb = rng() % 3 == 0 ? 0 : rng() >> (rng() % 64);
    std::uint64_t counted = 0;
    for (std::uint64_t i = 0; i < 64 * x.size(); ++i)
      if (x[i / 64] >> (i % 64) & 1) counted = i + 1;
    EXPECT_EQ(bit_length(x), counted);
  }
}

// The second proof (the power (2^E - 1)/p by squarings and products, no norm) gives every table entry's
// certificate, on one thread and on two, and refuses an entry whose excess is too small.
TEST(AlphaPower, SecondProofReproducesTheTable) {
  const auto& table = nimber::alpha_table();
  for (const nimber::alpha_entry& e : table)
    for (const unsigned threads : {1u, 2u}) {
      const auto zeta = nimber::alpha_certificate_by_plain_power(e, table, {}, nullptr, threads);
      ASSERT_TRUE(zeta.has_value()) << "p = " << e.p;
      EXPECT_EQ(*zeta, e.certificate) << "p = " << e.p << ", threads " << threads;
    }
  nimber::alpha_entry wrong = table[std::size_t(nimber::odd_prime_index(7))];  // w + 1, excess 1
  wrong.excess = 0;
  wrong.alpha = ordinal::from_string("w");  // kappa_3 = w is a 7th power in GF(64)
  wrong.degree = 6;
  EXPECT_FALSE(nimber::alpha_certificate_by_plain_power(wrong, table).has_value());
  wrong.alpha = ordinal::from_string("w + 2");  // not the candidate its excess names
  EXPECT_FALSE(nimber::alpha_certificate_by_plain_power(wrong, table).has_value());
}

// Where f = f(p) is an odd prime, the degrees alone make kappa_f a p-th power (the
// Proposition the second proof takes for the candidate kappa_f): on every table entry the
// test agrees with f's primality, and the plain power (2^E - 1)/p of kappa_f gives 1.
TEST(AlphaPower, KappaIsPowerByDegreesAgainstThePower) {
  const auto& table = nimber::alpha_table();
  const auto& t = nimber::transfinite::default_kappa_basis();
  int proved = 0;
  for (const nimber::alpha_entry& e : table) {
    const bool f_is_odd_prime = e.order >= 3 && nimber::odd_prime_index(e.order) >= 0;
    const bool by_degrees = nimber::alpha_kappa_is_power_by_degrees(e.p, table);
    EXPECT_EQ(by_degrees, f_is_odd_prime) << "p = " << e.p;
    if (!by_degrees) continue;
    const ordinal kappa = ordinal::kappa(std::size_t(nimber::odd_prime_index(e.order)), 0);
    const std::uint64_t degree = nimber::alpha_candidate_degree(e.p, table);
    nimber::transfinite::digits c = nimber::transfinite::all_ones(e.order);
    nimber::transfinite::div_small(c, e.p);
    nimber::transfinite::trim(c);
    using nimber::transfinite::dense_limit;
    const auto power = nimber::transfinite::dense_pow_periodic(kappa, c, degree / e.order, e.order, t, dense_limit);
    ASSERT_TRUE(power.has_value()) << "p = " << e.p;
    EXPECT_EQ(*power, ordinal(1)) << "p = " << e.p;
    ++proved;
  }
  EXPECT_EQ(proved, 6);  // p = 7, 23, 31, 47, 89 and 127
}

// p = 23 and 89 share f = 11 and the candidate kappa_11 + 1 in one field of 220 bits: the
// second proof of 89 after 23 takes 23's norm and still gives 89's certificate.
TEST(AlphaPower, SecondProofSharesTheNormOfOneField) {
  const auto& table = nimber::alpha_table();
  nimber::alpha_plain_norm last;
  for (const std::uint64_t p : {23u, 89u}) {
    const nimber::alpha_entry& e = table[std::size_t(nimber::odd_prime_index(p))];
    const auto zeta = nimber::alpha_certificate_by_plain_power(e, table, {}, &last);
    ASSERT_TRUE(zeta.has_value()) << "p = " << p;
    EXPECT_EQ(*zeta, e.certificate) << "p = " << p;
  }
  EXPECT_EQ(last.x, ordinal::kappa(std::size_t(nimber::odd_prime_index(11)), 0) + ordinal(1));
  EXPECT_EQ(last.degree, 220u);
  EXPECT_EQ(last.reused, 1u);
  // A norm kept for another field is not taken.
  last.degree = 440;
  const nimber::alpha_entry& e89 = table[std::size_t(nimber::odd_prime_index(89))];
  EXPECT_EQ(*nimber::alpha_certificate_by_plain_power(e89, table, {}, &last), e89.certificate);
  EXPECT_EQ(last.degree, 220u);
  EXPECT_EQ(last.reused, 0u);
}

}  // namespace
