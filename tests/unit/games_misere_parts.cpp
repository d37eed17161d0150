// The theory of parts of misère games (subtract, even_parts, and the classes extraverted,
// introverted, prime) against a brute force written here: every sum H + X of games born by day
// 4 and their + *, grouped by value, gives every decomposition of those values within that
// range; and random forms of days 5 to 7 added to them. CGSuite's examples of the classes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "nimber/games/misere_forms.hpp"

namespace {

namespace ng = nimber::games;
using ng::form_id;

// The 22 games born by day 4 and each of them plus *, as simplest forms, without repeats.
std::vector<form_id> day_4_and_twins(ng::misere_forms& store) {
  std::vector<form_id> games = store.born_by(4);
  for (const form_id g : store.born_by(4)) games.push_back(store.simplest(store.sum(g, store.nim_heap(1))));
  std::sort(games.begin(), games.end());
  games.erase(std::unique(games.begin(), games.end()), games.end());
  return games;
}

// Random simplest forms born on days 5 to 7: sets of games drawn from `from` and earlier draws.
std::vector<form_id> random_forms(ng::misere_forms& store, std::vector<form_id> from, std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<form_id> drawn;
  while (drawn.size() < count) {
    std::vector<form_id> options;
    for (std::size_t i = 0, n = 1 + random() % 3; i < n; ++i) options.push_back(from[random() % from.size()]);
    const form_id g = store.simplest(store.game(options));
    if (store.height(g) < 5 || store.height(g) > 7 || std::count(drawn.begin(), drawn.end(), g)) continue;
    drawn.push_back(g);
    from.push_back(g);
  }
  return drawn;
}

// value -> every (H, X) of the pool with H + X equal to it.
using decompositions = std::map<form_id, std::vector<std::pair<form_id, form_id>>>;
decompositions all_sums(ng::misere_forms& store, const std::vector<form_id>& pool) {
  decompositions d;
  for (const form_id h : pool)
    for (const form_id x : pool) d[store.simplest(store.sum(h, x))].emplace_back(h, x);
  return d;
}

// G - H by the plain form of the method: the options of the simplest X are among the
// differences C = {G' - H} ∪ {G - H'}, found recursively, so some subset S of C has H + {S}
// = G, or none does. Every subset is tried (the library tries far fewer); nullopt past 2^16.
class plain_subtract {
 public:
  explicit plain_subtract(ng::misere_forms& store) : store_(store) {}
  std::optional<std::optional<form_id>> operator()(form_id g, form_id h) {
    if (const auto it = known_.find({g, h}); it != known_.end()) return it->second;
    std::vector<form_id> c;
    const std::vector<form_id> gs(store_.options(g).begin(), store_.options(g).end());
    const std::vector<form_id> hs(store_.options(h).begin(), store_.options(h).end());
    for (const form_id g1 : gs) {
      const auto x = (*this)(g1, h);
      if (!x) return std::nullopt;
      if (*x) c.push_back(**x);
    }
    for (const form_id h1 : hs) {
      const auto x = (*this)(g, h1);
      if (!x) return std::nullopt;
      if (*x) c.push_back(**x);
    }
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    if (c.size() > 16) return std::nullopt;
    std::optional<form_id> found;
    for (std::uint32_t mask = 0; mask >> c.size() == 0 && !found; ++mask) {
      std::vector<form_id> s;
      for (std::size_t i = 0; i < c.size(); ++i)
        if (mask >> i & 1) s.push_back(c[i]);
      const form_id x = store_.game(s);
      if (store_.simplest(store_.sum(h, x)) == g) found = store_.simplest(x);
    }
    return known_[{g, h}] = found;
  }

 private:
  ng::misere_forms& store_;
  std::map<std::pair<form_id, form_id>, std::optional<form_id>> known_;
};

bool is_part(ng::misere_forms& store, form_id g, form_id h) {
  const auto x = ng::subtract(store, g, h);
  return x && store.simplest(store.sum(h, *x)) == g;
}

TEST(MiserePartsBruteForce, EveryDecompositionOfDay4SumsIsFound) {
  ng::misere_forms store;
  const std::vector<form_id> pool = day_4_and_twins(store);
  ASSERT_EQ(pool.size(), 38u);  // 22 games, and 16 twins not among them
  const decompositions sums = all_sums(store, pool);
  std::size_t nontrivial = 0;
  for (const auto& [g, pairs] : sums) {
    SCOPED_TRACE(ng::to_string(store, g));
    const std::vector<form_id> parts = ng::even_parts(store, g);
    for (const auto& [h, x] : pairs) {
      // G - H is X: the difference is unique, and found.
      ASSERT_EQ(ng::subtract(store, g, h), x) << ng::to_string(store, h);
      // The even one of H is among the parts listed.
      ASSERT_TRUE(std::count(parts.begin(), parts.end(), ng::even_one(store, h))) << ng::to_string(store, h);
      nontrivial += h != ng::misere_forms::zero() && x != ng::misere_forms::zero();
    }
    // Each part listed is a part, even, and listed once.
    for (const form_id p : parts) {
      EXPECT_TRUE(is_part(store, g, p)) << ng::to_string(store, p);
      EXPECT_EQ(ng::even_one(store, p), p);
    }
    EXPECT_EQ(std::set<form_id>(parts.begin(), parts.end()).size(), parts.size());
  }
  EXPECT_GT(nontrivial, 1000u);
}

TEST(MiserePartsBruteForce, AgreesWithThePlainMethod) {
  ng::misere_forms store;
  plain_subtract plain(store);
  const std::vector<form_id> pool = day_4_and_twins(store);
  std::vector<form_id> games = pool;
  for (const form_id g : random_forms(store, pool, 20, 7)) games.push_back(g);
  std::size_t compared = 0, parts = 0;
  for (const form_id g : games)
    for (const form_id h : games) {
      const auto expected = plain(g, h);
      if (!expected) continue;  // past the plain method's reach
      ASSERT_EQ(ng::subtract(store, g, h), *expected) << ng::to_string(store, g) << " - " << ng::to_string(store, h);
      ++compared, parts += expected->has_value();
    }
  EXPECT_GT(compared, 2000u);
  EXPECT_GT(parts, 100u);
}

TEST(MiserePartsBruteForce, RandomFormsPlusDay4Games) {
  ng::misere_forms store;
  const std::vector<form_id> pool = day_4_and_twins(store);
  const std::vector<form_id> later = random_forms(store, pool, 40, 3);
  std::vector<form_id> everything = pool;
  everything.insert(everything.end(), later.begin(), later.end());
  std::size_t found = 0, none = 0;
  for (const form_id h : later) {
    for (const form_id x : pool) {
      // A part by construction: subtract finds X, and H as G - X.
      const form_id g = store.simplest(store.sum(h, x));
      ASSERT_EQ(ng::subtract(store, g, h), x) << ng::to_string(store, g) << " - " << ng::to_string(store, h);
      ASSERT_EQ(ng::subtract(store, g, x), h) << ng::to_string(store, g) << " - " << ng::to_string(store, x);
    }
    // H minus each game of the pool: where subtract finds X, H = K + X; where it finds none,
    // no game of the whole range is the difference.
    for (const form_id k : pool) {
      const auto x = ng::subtract(store, h, k);
      if (x) {
        ASSERT_EQ(store.simplest(store.sum(k, *x)), h);
        ++found;
        continue;
      }
      ++none;
      for (const form_id y : everything) ASSERT_NE(store.simplest(store.sum(k, y)), h) << ng::to_string(store, y);
    }
  }
  EXPECT_GT(found, 0u);
  EXPECT_GT(none, 0u);
}

// Every option a part (the definition) against G a part of {G} (how classes() finds it);
// Conway's extraversion-introversion theorem says they agree. Introverted by its definition:
// G a part of each option, which holds for 0 and * only.
void check_version_classes(ng::misere_forms& store, form_id g) {
  SCOPED_TRACE(ng::to_string(store, g));
  bool options_parts = true, part_of_options = true;
  for (const form_id o : store.options(g)) {
    options_parts = options_parts && ng::subtract(store, g, o).has_value();
    part_of_options = part_of_options && ng::subtract(store, o, g).has_value();
  }
  const bool part_of_singleton = ng::subtract(store, store.game({g}), g).has_value();
  EXPECT_EQ(options_parts, part_of_singleton);
  const ng::misere_classes c = ng::classes(store, g);
  EXPECT_EQ(c.extraverted, options_parts);
  EXPECT_EQ(c.introverted, part_of_options);
  EXPECT_EQ(part_of_options, g == ng::misere_forms::zero() || g == store.nim_heap(1));
}

TEST(MisereParts, ExtravertedAndIntrovertedBothWays) {
  ng::misere_forms store;
  const std::vector<form_id> pool = day_4_and_twins(store);
  for (const form_id g : pool) check_version_classes(store, g);
  for (const form_id g : random_forms(store, pool, 30, 11)) check_version_classes(store, g);
}

// Prime: not 0 or *, and no decomposition H + X with H, X outside {0, *}. The brute force
// covers G when every part the library lists lies in the pool (a part outside it the brute
// force cannot see); where it finds a decomposition G is not prime, whatever the cover.
TEST(MiserePartsBruteForce, PrimeAgainstTheDecompositions) {
  ng::misere_forms store;
  const std::vector<form_id> pool = day_4_and_twins(store);
  const decompositions sums = all_sums(store, pool);
  const auto trivial = [&store](form_id h) { return h == ng::misere_forms::zero() || h == store.nim_heap(1); };
  std::size_t covered = 0, primes = 0;
  for (const auto& [g, pairs] : sums) {
    const bool split = std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) { return !trivial(p.first) && !trivial(p.second); });
    const bool prime = ng::classes(store, g).prime;
    if (split) {
      EXPECT_FALSE(prime) << ng::to_string(store, g);
    }
    const std::vector<form_id> parts = ng::even_parts(store, g);
    if (!std::all_of(parts.begin(), parts.end(), [&](form_id p) { return std::count(pool.begin(), pool.end(), p); })) continue;
    ++covered, primes += prime;
    EXPECT_EQ(prime, !trivial(g) && !split) << ng::to_string(store, g);
  }
  EXPECT_GT(covered, 20u);
  EXPECT_GT(primes, 5u);
}

// The text's length found on the graph against the text written out, and its cap.
TEST(MisereParts, TextLengthOfTheFormsAndTheirParts) {
  ng::misere_forms store;
  std::vector<form_id> forms = day_4_and_twins(store);
  for (const form_id p : ng::even_parts(store, ng::parse_misere_form(store, "{{{*2}}}"))) forms.push_back(p);
  for (const form_id g : forms) {
    const std::size_t length = ng::to_string(store, g).size();
    EXPECT_EQ(ng::text_length(store, g, ~std::uint64_t(0)), length);
    EXPECT_EQ(ng::text_length(store, g, length), length);
    if (length > 1) {
      EXPECT_EQ(ng::text_length(store, g, length - 1), length - 1);
    }
  }
}

TEST(MisereParts, ExamplesOfCgsuiteTests) {
  // From CGSuite's MisereCanonicalGameTestCase (lib/core/src/test/scala/org/cgsuite/lang):
  // extraverted, introverted, prime.
  struct example {
    const char* game;
    bool extraverted, introverted, prime;
  };
  const example examples[] = {
      {"0", true, true, false},
      {"*", true, true, false},
      {"*2", true, false, true},
      {"{{*2}}", true, false, false},
      {"{{{*2}}}", true, false, false},
      {"*2+*2", true, false, false},
      {"{*2+{{*2}}}", true, false, false},
      {"{{*2},0}", false, false, true},
      {"{{*2},*}", false, false, true},
      {"{*4+*2}", false, false, false},
      {"{{{*2}},{{*2},*}}", false, false, true},
      {"{{{*2}},{{{*2},0},0,*}}", false, false, true},
      {"{{{*2},*}+*,{{*2},{{*2}}+*,{{*2},0}}}", false, false, true},
      {"{{{*2},*2,0},{{*2},*3},*}", false, false, true},
  };
  ng::misere_forms store;
  for (const example& e : examples) {
    const ng::misere_classes c = ng::classes(store, ng::parse_misere_form(store, e.game));
    EXPECT_EQ(c.extraverted, e.extraverted) << e.game;
    EXPECT_EQ(c.introverted, e.introverted) << e.game;
    EXPECT_EQ(c.prime, e.prime) << e.game;
  }
  // *2 + *2 has the parts 0, *2 and itself; {*4+*2} is *2 + X and *4 + Y (CGSuite's two
  // partitions); 0 - * = *, *2 - *3 = *, and *3 + *3 is no part of *2.
  const auto parts = [&store](const char* g) {
    std::vector<std::string> texts;
    for (const form_id p : ng::even_parts(store, ng::parse_misere_form(store, g))) texts.push_back(ng::to_string(store, p));
    return texts;
  };
  EXPECT_EQ(parts("*2+*2"), (std::vector<std::string>{"0", "*2", "{*2,*3}"}));
  EXPECT_EQ(parts("{*4+*2}").size(), 6u);
  EXPECT_EQ(parts("0"), (std::vector<std::string>{"0"}));
  EXPECT_EQ(ng::subtract(store, ng::misere_forms::zero(), store.nim_heap(1)), store.nim_heap(1));
  EXPECT_EQ(ng::subtract(store, store.nim_heap(2), store.nim_heap(3)), store.nim_heap(1));
  EXPECT_EQ(ng::subtract(store, store.nim_heap(2), ng::parse_misere_form(store, "*3+*3")), std::nullopt);
}

}  // namespace
