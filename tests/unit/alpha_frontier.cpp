// The frontier file's parser and checks (alpha_frontier.cpp): what an entry must satisfy
// without its power test, and the compiled-in file itself.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "nimber/transfinite/alpha.hpp"

namespace {

using nimber::parse_alpha_frontier;

// alpha_139 and alpha_149 as nimber alpha computes them, their hashes made up.
const std::string line139 = "139 138 15180 0 0.1 0 ; w^(w^7) + w ; 0123456789abcdef ; here,A380496";
const std::string line149 = "149 148 1332 1 0.0 512 ; w^(w^10) + 1 ; " + std::string(64, 'a') + " ; here,A380496";

std::string error_of(const std::string& text) {
  try {
    parse_alpha_frontier(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(AlphaFrontier, ParsesAndPrintsEntries) {
  const auto entries = parse_alpha_frontier("# comment\n\n" + line139 + "\n" + line149 + "\n");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].p, 139u);
  EXPECT_EQ(entries[0].degree, 15180u);
  EXPECT_EQ(entries[0].alpha, nimber::ordinal::from_string("w^(w^7) + w"));
  EXPECT_EQ(entries[1].excess, 1u);
  EXPECT_EQ(entries[1].peak_kib, 512u);
  EXPECT_EQ(entries[1].source, "here,A380496");
  EXPECT_EQ(nimber::alpha_frontier_line(entries[0]), line139);
  EXPECT_EQ(nimber::alpha_frontier_line(entries[1]), line149);
}

TEST(AlphaFrontier, RefusesEntriesThatFailTheirCheck) {
  // The wrong excess, degree or order: each breaks alpha_p = kappa_f + excess of degree E.
  EXPECT_EQ(error_of("139 138 15180 1 0.1 0 ; w^(w^7) + w ; 0123456789abcdef ; here"),
            "alpha frontier: line 1: expected alpha_139 = kappa_f + excess of degree E, f the order of 2");
  EXPECT_NE(error_of("139 138 15181 0 0.1 0 ; w^(w^7) + w ; 0123456789abcdef ; here").find("line 1: expected alpha_139"),
            std::string::npos);
  EXPECT_NE(error_of("139 69 15180 0 0.1 0 ; w^(w^7) + w ; 0123456789abcdef ; here").find("line 1: expected alpha_139"),
            std::string::npos);
  // Order, gaps in what an entry needs, and the table's own primes.
  EXPECT_EQ(error_of(line149 + "\n" + line139), "alpha frontier: line 2: expected an odd prime above 149, not 139");
  EXPECT_EQ(error_of("137 68 136 1 0.0 0 ; w^(w^5) + 1 ; 0123456789abcdef ; here"),
            "alpha frontier: line 1: expected an odd prime above 137, not 137");
  EXPECT_EQ(error_of("887 443 2349672 1 69.2 0 ; w^(w^84) + 1 ; 985a67ac16776bc0 ; here"),
            "alpha frontier: line 1: alpha_887 needs alpha_443, which is neither in the table nor on an earlier line");
}

TEST(AlphaFrontier, RefusesMalformedLines) {
  EXPECT_EQ(error_of("#\n139 138 15180 0 0.1 0 ; w^(w^7) + w ; 0123456789abcdef"),
            "alpha frontier: line 2: expected four fields separated by ';'");
  EXPECT_EQ(error_of("139 138 15180 0 0.1 ; w^(w^7) + w ; 0123456789abcdef ; here"),
            "alpha frontier: line 1: expected 'p f E excess seconds peak_kib' before the first ';'");
  EXPECT_EQ(error_of("139 138 15180 0 0.1 0 7 ; w^(w^7) + w ; 0123456789abcdef ; here"),
            "alpha frontier: line 1: expected 'p f E excess seconds peak_kib' before the first ';'");
  EXPECT_EQ(error_of("139 138 15180 0 0.1 0 ; w^(w^7) + ; 0123456789abcdef ; here"),
            "alpha frontier: line 1: expected an ordinal as the second field");
  for (const char* hash : {"0123456789abcde", "0123456789ABCDEF", "0123456789abcdeg"})
    EXPECT_EQ(error_of(std::string("139 138 15180 0 0.1 0 ; w^(w^7) + w ; ") + hash + " ; here"),
              "alpha frontier: line 1: expected 16 to 64 lower-case hex digits of SHA-256 as the third field");
  EXPECT_EQ(error_of("139 138 15180 0 0.1 0 ; w^(w^7) + w ; 0123456789abcdef ; "),
            "alpha frontier: line 1: expected a source word as the fourth field");
}

// The compiled-in file passes the same checks on load (alpha_frontier() throws otherwise),
// holds only primes past the table and below 2000, and round-trips through its printer.
TEST(AlphaFrontier, ShippedFileLoads) {
  const auto& entries = nimber::alpha_frontier();
  std::string printed;
  for (const auto& e : entries) {
    EXPECT_GT(e.p, nimber::alpha_table_limit());
    EXPECT_LT(e.p, 2000u);
    printed += nimber::alpha_frontier_line(e) + "\n";
  }
  const auto again = parse_alpha_frontier(printed);
  ASSERT_EQ(again.size(), entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) EXPECT_EQ(again[i].alpha, entries[i].alpha) << entries[i].p;
}

// When f = f(p) is an odd prime, kappa_f is a p-th power in its own field, so the excess is at
// least 1 (docs/transfinite.md, "The fields of 10^9 bits"): every entry with such an f agrees.
TEST(AlphaFrontier, PrimeOrderMeansExcessAtLeastOne) {
  std::vector<std::array<std::uint64_t, 3>> entries;  // p, f, excess
  for (const auto& e : nimber::alpha_table()) entries.push_back({e.p, e.order, e.excess});
  for (const auto& e : nimber::alpha_frontier()) entries.push_back({e.p, e.order, e.excess});
  int seen = 0;
  for (const auto& [p, f, excess] : entries) {
    if (f < 3 || nimber::odd_prime_index(f) < 0) continue;
    EXPECT_GE(excess, 1u) << "p = " << p;
    ++seen;
  }
  EXPECT_GE(seen, 6);  // in the table: p = 7, 23, 31, 47, 89 and 127
}

}  // namespace
