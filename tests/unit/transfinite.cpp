// The ordinal nim field below w^(w^w) (nimber/transfinite): the facts of Conway's "On Numbers
// and Games" ch. 6 and Lenstra's "On the algebraic closure of two", field axioms on seeded
// random ordinals, the finite part against big_nim, text, and the shipped alpha table.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nimber/big.hpp"
#include "nimber/field.hpp"
#include "nimber/transfinite/alpha.hpp"
#include "nimber/transfinite/ordinal.hpp"

namespace {

using nimber::big_nim;
using nimber::ordinal;

ordinal O(const char* text) { return ordinal::from_string(text); }
ordinal N(std::uint64_t n) { return ordinal(n); }

// A random ordinal with up to `terms` terms whose exponent digit k is below bound[k]
// (0: that kappa is not used) and coefficients below 2^coef_bits.
ordinal random_ordinal(std::mt19937_64& rng, const std::vector<std::uint64_t>& bound, int terms, unsigned coef_bits) {
  std::vector<ordinal::term> t;
  const int n = 1 + int(rng() % std::uint64_t(terms));
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint64_t> e(bound.size());
    for (std::size_t k = 0; k < bound.size(); ++k) e[k] = bound[k] ? rng() % bound[k] : 0;
    const std::uint64_t mask = coef_bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << coef_bits) - 1;
    t.push_back({e, big_nim(rng() & mask)});
  }
  return ordinal::from_terms(std::move(t));
}

TEST(Ordinal, ConwaysFacts) {
  const ordinal w = ordinal::omega();
  EXPECT_EQ(w * w * w, N(2));                 // omega is a cube root of 2
  EXPECT_EQ(w * w, O("w^2"));                 // below w^3 the powers of omega agree
  EXPECT_EQ(O("w^3").pow(3), w);              // kappa_9 = w^3, kappa_9^3 = kappa_3
  EXPECT_EQ(O("w^w").pow(5), N(4));           // alpha_5 = 4
  EXPECT_EQ(O("w^(w^2)").pow(7), O("w + 1"));  // alpha_7 = w + 1
  EXPECT_EQ(O("w^(w^3)").pow(11), O("w^w + 1"));
  EXPECT_EQ(O("w^(w^4)").pow(13), O("w + 4"));
  EXPECT_EQ(O("w^(w*5)").pow(5), O("w^w"));    // kappa_25^5 = kappa_5
  EXPECT_EQ(w * N(5), O("w*5"));               // omega^b (x) c is the ordinal product
  EXPECT_EQ(w.inverse(), O("w^2*3"));
  EXPECT_EQ(N(2) * N(3), N(1));
}

TEST(Ordinal, PublishedAlphas) {
  // Lenstra's table, as printed in "On the algebraic closure of two" and Conway's ONAG.
  const char* published[] = {"2", "4", "w + 1", "w^w + 1", "w + 4", "16", "w^3 + 4",
                             "w^(w^3) + 1", "w^(w^2) + 4", "w^w + 1", "w^3 + 4", "w^w + 1",
                             "w^(w^2) + 1"};
  const auto& table = nimber::alpha_table();
  ASSERT_GE(table.size(), std::size(published));
  for (std::size_t k = 0; k < std::size(published); ++k) EXPECT_EQ(table[k].alpha, O(published[k])) << table[k].p;
  // The Lenstra excesses of the odd primes, OEIS A380496.
  const std::uint64_t excess[] = {0, 0, 1, 1, 0, 0, 4, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1,
                                  0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 4, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  for (std::size_t k = 0; k < table.size() && k < std::size(excess); ++k)
    EXPECT_EQ(table[k].excess, excess[k]) << table[k].p;
}

TEST(Ordinal, EveryTableEntryReverifies) {
  for (const nimber::alpha_entry& e : nimber::alpha_table()) {
    if (e.degree > 6000) continue;  // p = 107 (E = 8268) and up: NIMBER_EXHAUSTIVE below
    EXPECT_TRUE(nimber::verify_alpha(e)) << e.p;
    EXPECT_EQ(e.alpha.degree(), e.degree) << e.p;
  }
}

// The slow reference for the dense engine: zeta from the term products alone (operator* and
// squaring, never a dense power), N(x) = prod x^(2^(f i)) over i < E/f.
TEST(Ordinal, CertificatesAgainstTermArithmetic) {
  for (const nimber::alpha_entry& e : nimber::alpha_table()) {
    if (e.degree > 220 || e.order > 60) continue;
    ordinal norm(1), conjugate = e.alpha;
    for (std::uint64_t i = 0; i < e.degree / e.order; ++i) {
      norm = norm * conjugate;
      for (std::uint64_t j = 0; j < e.order; ++j) conjugate = conjugate * conjugate;
    }
    std::uint64_t exponent = ((std::uint64_t(1) << e.order) - 1) / e.p;
    ordinal zeta(1), base = norm;
    for (; exponent; exponent >>= 1, base = base * base)
      if (exponent & 1) zeta = zeta * base;
    EXPECT_EQ(zeta, e.certificate) << e.p;
  }
}

#ifdef NIMBER_EXHAUSTIVE
TEST(OrdinalExhaustive, EveryTableEntryReverifies) {
  for (const nimber::alpha_entry& e : nimber::alpha_table()) EXPECT_TRUE(nimber::verify_alpha(e)) << e.p;
}
#endif

TEST(Ordinal, ComputedFromScratchMatchesTable) {
  const auto computed = nimber::compute_alphas(43);
  const auto& table = nimber::alpha_table();
  ASSERT_EQ(computed.size(), 13u);
  for (std::size_t k = 0; k < computed.size(); ++k) {
    EXPECT_EQ(computed[k].alpha, table[k].alpha);
    EXPECT_EQ(computed[k].degree, table[k].degree);
    EXPECT_EQ(computed[k].certificate, table[k].certificate);
    EXPECT_EQ(nimber::parse_alpha_line(nimber::alpha_line(computed[k])).alpha, computed[k].alpha);
  }
}

TEST(Ordinal, AlphaPrerequisites) {
  using v = std::vector<std::uint64_t>;
  EXPECT_EQ(nimber::alpha_prerequisites(3), v{});         // f = 2
  EXPECT_EQ(nimber::alpha_prerequisites(7), v{3});        // f = 3
  EXPECT_EQ(nimber::alpha_prerequisites(47), (v{5, 11, 23}));  // f = 23, 11, 10
  EXPECT_EQ(nimber::alpha_prerequisites(659), (v{3, 5, 7, 11, 23, 47}));  // f = 658 = 2 * 7 * 47
  // Closed, and below p: every prime's prerequisites are among those of the primes that need it.
  for (std::size_t k = 0; nimber::odd_prime(k) < 400; ++k) {
    const std::uint64_t p = nimber::odd_prime(k);
    const auto needs = nimber::alpha_prerequisites(p);
    for (std::uint64_t q : needs) {
      EXPECT_LT(q, p);
      for (std::uint64_t r : nimber::alpha_prerequisites(q))
        EXPECT_TRUE(std::binary_search(needs.begin(), needs.end(), r)) << p << " " << q << " " << r;
    }
  }
}

TEST(Ordinal, AlphaCandidateDegree) {
  const auto& table = nimber::alpha_table();
  for (const nimber::alpha_entry& e : table) {  // kappa_f + 0 or + 1 lies in kappa_f's field
    if (e.excess <= 1) {
      EXPECT_EQ(nimber::alpha_candidate_degree(e.p, table), e.degree) << e.p;
    }
  }
  EXPECT_EQ(nimber::alpha_candidate_degree(283, table), 237820u);  // from alpha_5, 11, 23, 47
  EXPECT_THROW(nimber::alpha_candidate_degree(283, {}), nimber::alpha_unavailable);
}

// The plan hands out each prime once its prerequisites are done, the largest candidate field
// first, with their entries; known entries are never handed out. Entries come from the table.
TEST(Ordinal, AlphaPlanOrder) {
  const auto& table = nimber::alpha_table();
  const auto entry = [&](std::uint64_t p) { return table[std::size_t(nimber::odd_prime_index(p))]; };
  nimber::alpha_job job;
  job.primes = {283};  // needs 5, 11, 23 and 47: a chain, one ready at a time
  nimber::alpha_plan chain(job);
  EXPECT_EQ(chain.pending(), 5u);
  for (const std::uint64_t p : {5u, 11u, 23u, 47u}) {
    const auto task = chain.next();
    ASSERT_TRUE(task.has_value());
    EXPECT_EQ(task->p, p);
    EXPECT_FALSE(chain.next().has_value()) << "only " << p << " is ready";
    chain.done(entry(p));
  }
  const auto last = chain.next();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->p, 283u);
  EXPECT_EQ(last->degree, 237820u);
  ASSERT_EQ(last->prerequisites.size(), 4u);
  EXPECT_EQ(last->prerequisites[3].alpha, entry(47).alpha);
  EXPECT_TRUE(chain.finished());
  EXPECT_EQ(chain.take_entries().size(), 4u);

  // 7, 13, 37 and 73 wait for 3 alone; once it is done, the largest candidate field goes first.
  job.primes = {7, 13, 37, 73};
  nimber::alpha_plan fan(job);
  ASSERT_EQ(fan.next()->p, 3u);
  EXPECT_FALSE(fan.has_ready());
  fan.done(entry(3));
  std::vector<std::uint64_t> degrees;
  while (const auto task = fan.next()) {
    EXPECT_EQ(task->degree, nimber::alpha_candidate_degree(task->p, table));
    EXPECT_EQ(task->prerequisites.size(), 1u);
    degrees.push_back(task->degree);
  }
  EXPECT_EQ(degrees.size(), 4u);
  EXPECT_TRUE(std::is_sorted(degrees.rbegin(), degrees.rend()));
  EXPECT_TRUE(fan.finished());

  // Known entries: 3 is given, so 7 is ready at once and 3 never handed out.
  job.primes = {7};
  job.known = {entry(3)};
  nimber::alpha_plan known(job);
  EXPECT_EQ(known.pending(), 1u);
  EXPECT_EQ(known.next()->p, 7u);
  EXPECT_EQ(known.take_entries().size(), 1u);

  job.primes = {9};
  EXPECT_THROW(nimber::alpha_plan{job}, std::invalid_argument);
}

TEST(Ordinal, AlphaJobsOnThreads) {
  const auto& table = nimber::alpha_table();
  const auto same_as_table = [&](const nimber::alpha_entry& e) {
    const auto& t = table[std::size_t(nimber::odd_prime_index(e.p))];
    EXPECT_EQ(e.alpha, t.alpha) << e.p;
    EXPECT_EQ(e.degree, t.degree) << e.p;
    EXPECT_EQ(e.excess, t.excess) << e.p;
    EXPECT_EQ(e.certificate, t.certificate) << e.p;
  };
  // One prime brings exactly its prerequisites, in ascending order.
  nimber::alpha_job one;
  one.primes = {47};
  one.threads = 2;
  std::vector<std::uint64_t> seen;
  one.progress = [&](const nimber::alpha_entry& e) { seen.push_back(e.p); };
  const auto r = nimber::compute_alphas(one);
  std::vector<std::uint64_t> got;
  for (const auto& e : r) got.push_back(e.p), same_as_table(e);
  EXPECT_EQ(got, (std::vector<std::uint64_t>{5, 11, 23, 47}));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, got);
  // Every prime of the table on three threads, half of them known beforehand: the known
  // ones are taken as they are (not seen by progress), the rest agree with the table.
  nimber::alpha_job all;
  all.threads = 3;
  for (const auto& e : table) {
    all.primes.push_back(e.p);
    if (nimber::odd_prime_index(e.p) % 2 == 0) all.known.push_back(e);
  }
  std::size_t computed = 0;
  all.progress = [&](const nimber::alpha_entry& e) {
    ++computed;
    EXPECT_EQ(nimber::odd_prime_index(e.p) % 2, 1) << e.p;
  };
  const auto every = nimber::compute_alphas(all);
  ASSERT_EQ(every.size(), table.size());
  for (const auto& e : every) same_as_table(e);
  EXPECT_EQ(computed + all.known.size(), table.size());
  nimber::alpha_job bad;
  bad.primes = {9};
  EXPECT_THROW(nimber::compute_alphas(bad), std::invalid_argument);
}

TEST(Ordinal, FieldAxiomsUpTo13) {
  std::mt19937_64 rng(16);
  const std::vector<std::uint64_t> bound{9, 5, 7, 11, 13};  // kappa_3, kappa_9, ..., kappa_13
  for (int i = 0; i < 40; ++i) {
    const ordinal a = random_ordinal(rng, bound, 3, 8), b = random_ordinal(rng, bound, 3, 8),
                  c = random_ordinal(rng, bound, 3, 8);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a * b) * c, a * (b * c));
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * N(1), a);
    EXPECT_EQ(a + a, ordinal());
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ(a.pow(5), a * a * a * a * a);
  }
}

// Inverses, roots and degrees in fields of moderate degree: one or two kappas at a time.
TEST(Ordinal, InverseSqrtRoots) {
  std::mt19937_64 rng(17);
  const std::vector<std::vector<std::uint64_t>> bounds{{9}, {0, 5}, {3, 0, 7}, {0, 0, 0, 11}, {0, 0, 0, 0, 13}, {3, 5}};
  for (const auto& bound : bounds)
    for (int i = 0; i < 4; ++i) {
      const ordinal x = random_ordinal(rng, bound, 4, 4);
      if (x.is_zero()) continue;
      EXPECT_EQ(x * x.inverse(), N(1)) << x;
      EXPECT_EQ(x.sqrt().square(), x) << x;
      EXPECT_EQ(x.pow(-3) * x.pow(3), N(1)) << x;
      for (std::uint64_t p : {3, 5, 7}) EXPECT_EQ(x.root(p).pow(std::int64_t(p)), x) << x << " p=" << p;
      const std::uint64_t d = x.degree();
      EXPECT_EQ(x.frobenius(d), x);
      EXPECT_EQ(x.field_degree() % d, 0u);
    }
}

// The dense products (a Kronecker substitution into GF(2)[x] for coefficients of up to 8 bits,
// level-by-level products above) against the term products, for every coefficient width.
TEST(Ordinal, DenseInverseEveryCoefficientWidth) {
  std::mt19937_64 rng(18);
  const std::vector<std::vector<std::uint64_t>> bounds{{9, 5}, {3, 5, 7}, {0, 0, 0, 11}};
  for (const auto& bound : bounds)
    for (unsigned bits : {1u, 2u, 4u, 8u, 16u}) {
      const ordinal x = random_ordinal(rng, bound, 6, bits);
      if (x.is_zero()) continue;
      EXPECT_EQ(x * x.inverse(), N(1)) << x;
      EXPECT_EQ(x.pow(1000) * x, x.pow(1001)) << x;
    }
}

TEST(Ordinal, DegreeAndMinimalPolynomial) {
  EXPECT_EQ(N(2).degree(), 2u);
  EXPECT_EQ(N(16).degree(), 8u);
  EXPECT_EQ(ordinal::omega().degree(), 6u);
  EXPECT_EQ(O("w^w").degree(), 20u);
  EXPECT_EQ(N(2).minimal_polynomial(), (std::vector<std::uint8_t>{1, 1, 1}));
  // omega^3 = 2 and 2^2 + 2 + 1 = 0: omega is a root of X^6 + X^3 + 1.
  EXPECT_EQ(ordinal::omega().minimal_polynomial(), (std::vector<std::uint8_t>{1, 0, 0, 1, 0, 0, 1}));
  const std::vector<std::uint8_t> m = O("w^w + w").minimal_polynomial();
  ordinal value;
  for (std::size_t i = 0; i < m.size(); ++i)
    if (m[i]) value += O("w^w + w").pow(std::int64_t(i));
  EXPECT_EQ(value, ordinal());
}

TEST(Ordinal, FinitePartIsBigNim) {
  std::mt19937_64 rng(18);
  for (int i = 0; i < 30; ++i) {
    const big_nim a = big_nim::random(1 + rng() % 200, rng()), b = big_nim::random(1 + rng() % 200, rng());
    EXPECT_EQ(ordinal(a) * ordinal(b), ordinal(a * b));
    EXPECT_EQ(ordinal(a) + ordinal(b), ordinal(a + b));
    if (!a.is_zero()) {
      EXPECT_EQ(ordinal(a).inverse(), ordinal(a.inverse()));
    }
    EXPECT_EQ(ordinal(a).sqrt(), ordinal(a.sqrt()));
    EXPECT_EQ((ordinal::omega() * ordinal(a)) * ordinal(b), ordinal::omega_power({1}, a * b));
  }
}

TEST(Ordinal, OrdinalOrder) {
  const char* ascending[] = {"0", "1", "4", "2^64", "w", "w + 1", "w*2", "w^2", "w^3*7 + 1", "w^w",
                             "w^(w + 1)", "w^(w^2)", "w^(w^7) + 1", "w^(w^7)*2"};
  for (std::size_t i = 1; i < std::size(ascending); ++i) EXPECT_LT(O(ascending[i - 1]), O(ascending[i])) << ascending[i];
}

TEST(Ordinal, Text) {
  for (const char* s : {"0", "w", "w^w", "w^(w^7) + 1", "w^(w^2*3 + w + 1)*5 + w + 4", "w^3*7 + w^2 + 12",
                        "18446744073709551616"})
    EXPECT_EQ(O(s).to_string(), s);
  EXPECT_EQ(O("2^64").to_string(), "18446744073709551616");
  EXPECT_EQ(O("\xCF\x89^\xCF\x89 + 1"), O("w^w + 1"));
  EXPECT_EQ(O("w^w^2"), O("w^(w^2)"));
  EXPECT_EQ(O("1 + w"), O("w + 1"));  // '+' is the nim sum
  EXPECT_EQ(O(" ( w + 1 ) * ( w + 1 ) "), O("w^2 + 1"));
  std::mt19937_64 rng(19);
  for (int i = 0; i < 50; ++i) {
    const ordinal x = random_ordinal(rng, {100, 7, 0, 3}, 5, 64);
    EXPECT_EQ(O(x.to_string().c_str()), x) << x;
  }
}

// What parsing `s` reports: the error's message, or "no error".
std::string parse_message(const char* s) {
  try {
    ordinal::from_string(s);
  } catch (const nimber::ordinal_parse_error& e) {
    return std::string(e.what());
  }
  return std::string("no error");
}

TEST(Ordinal, BadNotation) {
  EXPECT_EQ(parse_message("w^"), "position 3: 'end of text': expected a number, 'w' or '('");
  EXPECT_EQ(parse_message("3w"), "position 1: '3w': expected a number (decimal, 0x hex or 0b binary), 'w' or '('");
  EXPECT_EQ(parse_message("w^(w^w)"), "position 3: '(': expected an exponent below w^w with 64-bit coefficients");
  EXPECT_EQ(parse_message("(w + 1"), "position 7: 'end of text': expected ')'");
  EXPECT_EQ(parse_message("w + x"), "position 5: 'x': expected a number (decimal, 0x hex or 0b binary), 'w' or '('");
  EXPECT_EQ(parse_message("w $"), "position 3: '$': expected a number, 'w', '(' or an operator");
  EXPECT_EQ(parse_message("3^2"), "position 1: '3': expected 'w' or 2 before '^'");
  EXPECT_EQ(parse_message("w w"), "position 3: 'w': expected '+', '*' or the end");
  EXPECT_EQ(parse_message("2^4294967297"), "position 3: '4294967297': expected an exponent of 2 from 0 to 2^32");
  // parse: the same text, the error by value.
  for (const char* bad : {"w^", "3w", "(w + 1", "w w", "2^4294967297"}) {
    const auto r = nimber::ordinal::parse(bad);
    EXPECT_FALSE(r) << bad;
    EXPECT_EQ(r.ec, nimber::parse_errc::invalid_digit) << bad;
  }
  EXPECT_EQ(nimber::ordinal::parse("").ec, nimber::parse_errc::empty);
  const auto good = nimber::ordinal::parse("w^(w^2) + w*3 + 1");
  ASSERT_TRUE(good);
  EXPECT_EQ(good.value, nimber::ordinal::from_string("w^(w^2) + w*3 + 1"));
}

// The parser nests one call per '(' and per w^: past ordinal::max_nesting it refuses the text
// instead of running out of stack, at any depth.
TEST(Ordinal, DeepNesting) {
  const auto nested = [](std::size_t depth, const std::string& inner) {
    return std::string(depth, '(') + inner + std::string(depth, ')');
  };
  EXPECT_EQ(O(nested(500, "w").c_str()), ordinal::omega());
  EXPECT_EQ(O(nested(ordinal::max_nesting, "w").c_str()), ordinal::omega());
  EXPECT_EQ(O(("w^" + nested(400, "w^2") + " + 1").c_str()), O("w^(w^2) + 1"));
  const std::string limit = "expected at most 1000 nested parentheses and exponents";
  const auto message = [](const std::string& s) {
    try {
      ordinal::from_string(s);
    } catch (const nimber::ordinal_parse_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(nested(ordinal::max_nesting + 1, "w")), "position 1001: '(': " + limit);
  EXPECT_EQ(message(nested(10000, "w")), "position 1001: '(': " + limit);
  // w^(w^(w^(...))): out of range from the third level, refused at the limit whatever its length.
  std::string towers;
  while (towers.size() < 1000000) towers += "w^(";
  EXPECT_EQ(message(towers + "w"), "position 1502: '^': " + limit);
  std::string carets;
  while (carets.size() < 1000000) carets += "w^";
  EXPECT_EQ(message(carets + "w"), "position 2002: '^': " + limit);
  EXPECT_EQ(parse_message("w^(w^(w^2))"), "position 3: '(': expected an exponent below w^w with 64-bit coefficients");
}

// An exponent is an ordinal, where '*' and '+' are not the nim operations: it must be in Cantor
// normal form, in which the two agree.
TEST(Ordinal, ExponentInCantorNormalForm) {
  EXPECT_EQ(O("w^(w^2*3 + w*2 + 1)"), ordinal::omega_power({1, 2, 3}));
  EXPECT_EQ(O("w^(w*5)"), ordinal::omega_power({0, 5}));
  EXPECT_EQ(O("w^(2^3)"), ordinal::omega_power({8}));
  EXPECT_EQ(O("w^(0 + w)"), ordinal::omega_power({0, 1}));
  EXPECT_EQ(O("(2*3)"), O("1"));  // outside exponents '*' is the nim product
  const std::string rule = " (in an exponent '*' only gives a power of w its coefficient, as in w^(w^2*3))";
  EXPECT_EQ(parse_message("w^(2*3)"), "position 5: '*': expected '+' or ')'" + rule);
  EXPECT_EQ(parse_message("w^(w*w)"), "position 6: 'w': expected a number" + rule);
  EXPECT_EQ(parse_message("w^(w^2*3*5)"), "position 9: '*': expected '+' or ')'" + rule);
  EXPECT_EQ(parse_message("w^((w + 1)*2)"), "position 11: '*': expected '+' or ')'" + rule);
  EXPECT_EQ(parse_message("w^(w^(2*3))"), "position 8: '*': expected '+' or ')'" + rule);
  const std::string order =
      "expected a term below the one before it (an exponent is in Cantor normal form, as in w^(w^2 + w + 1))";
  EXPECT_EQ(parse_message("w^(1 + w)"), "position 8: 'w': " + order);
  EXPECT_EQ(parse_message("w^(w + w*2)"), "position 8: 'w': " + order);
  EXPECT_EQ(parse_message("w^(3 + 4)"), "position 8: '4': " + order);
}

TEST(Ordinal, LongFrobeniusPowers) {
  // x^(2^j) for j >= 64 goes through composed Frobenius maps of the dense form; j < 64 through
  // squarings term by term. Tie them together, and check Frobenius is a field automorphism of
  // order E on x's field (E = 5060 * 3: kappa_23 and kappa_3).
  const ordinal x = ordinal::from_string("w^(w^7*3 + w^2 + 1)*5 + w^(w^7) + w + 3");
  const ordinal y = ordinal::from_string("w^(w^7*20 + w*2)*9 + w^2*6 + 1");
  const std::uint64_t e = x.field_degree();
  ASSERT_GT(e, 1000u);
  EXPECT_EQ(x.frobenius(64), x.frobenius(63).square());
  for (const std::uint64_t j : {65ull, 100ull, 777ull, 1001ull, 4097ull}) {
    EXPECT_EQ(x.frobenius(j), x.frobenius(j - 1).square()) << j;
    EXPECT_EQ(x.frobenius(j), x.frobenius(j - 40).frobenius(40)) << j;
    EXPECT_EQ((x * y).frobenius(j), x.frobenius(j) * y.frobenius(j)) << j;
  }
  EXPECT_EQ(x.frobenius(e), x);
  EXPECT_EQ(x.frobenius(e - 1).square(), x);
}

TEST(Ordinal, AlphaOnFirstUse) {
  // Past the table, kappa_p^p is alpha_p as nimber alpha computes it, for every p <= 257.
  nimber::alpha_job job;
  for (std::size_t k = 0; nimber::odd_prime(k) <= 257; ++k)
    if (nimber::odd_prime(k) > nimber::alpha_table_limit()) job.primes.push_back(nimber::odd_prime(k));
  ASSERT_FALSE(job.primes.empty());
  job.threads = 2;
  for (const nimber::alpha_entry& e : nimber::compute_alphas(job)) {
    if (e.p <= nimber::alpha_table_limit()) continue;
    const ordinal kappa = ordinal::kappa(std::size_t(nimber::odd_prime_index(e.p)));
    EXPECT_EQ(kappa.pow(std::int64_t(e.p)), e.alpha) << e.p;
    EXPECT_EQ(e.alpha.degree(), e.degree) << e.p;
    EXPECT_EQ(e.alpha.sqrt().square(), e.alpha) << e.p;
  }
}

TEST(Ordinal, MissingAlpha) {
  // alpha_283 lives in GF(2^237820): too large to compute on first use.
  const std::size_t k = std::size_t(nimber::odd_prime_index(283));
  const ordinal kappa = ordinal::kappa(k);
  EXPECT_EQ(kappa * N(3), ordinal::omega_power(kappa.terms()[0].exponent, big_nim(std::uint64_t{3})));  // no alpha needed
  EXPECT_THROW(kappa.pow(283), nimber::alpha_unavailable);
  EXPECT_THROW(kappa.inverse(), nimber::alpha_unavailable);
  try {
    (void)kappa.pow(283);
  } catch (const nimber::alpha_unavailable& e) {
    EXPECT_EQ(e.prime(), 283u);
  }
}

}  // namespace
