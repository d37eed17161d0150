// The classes of misère games (tame, generally tame, restive, restless, half-tame, even) against
// their definitions evaluated here by plain recursion, the examples CGSuite's own tests give,
// the number of tame games born by each day found two ways, and the sum rule of tame games
// against the outcome of the sum searched by its definition. Then the genus and tameness of
// game-graph positions against the forms layer, and sums of tame positions against the search.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "misere_reference.hpp"
#include "nimber/games/misere.hpp"
#include "nimber/games/misere_forms.hpp"

namespace {

namespace ng = nimber::games;
using ng::form_id;

using nimber::test::mex;
using sum_outcomes = nimber::test::misere_sum_outcomes;

// The definitions, each a direct recursion on the options of simplest forms.
class reference {
 public:
  explicit reference(ng::misere_forms& store) : store_(store) {}

  std::uint32_t plus(form_id g) {
    if (const auto it = plus_.find(g); it != plus_.end()) return it->second;
    std::vector<std::uint32_t> v;
    for (const form_id o : store_.options(g)) v.push_back(plus(o));
    return plus_[g] = mex(v);
  }
  std::uint32_t minus(form_id g) {
    if (const auto it = minus_.find(g); it != minus_.end()) return it->second;
    std::vector<std::uint32_t> v;
    for (const form_id o : store_.options(g)) v.push_back(minus(o));
    return minus_[g] = v.empty() ? 1 : mex(v);
  }
  bool tame_values(form_id g) {
    const std::uint32_t p = plus(g), m = minus(g);
    return p == m || (p <= 1 && m <= 1);
  }
  bool options_all(form_id g, bool (reference::*test)(form_id)) {
    for (const form_id o : store_.options(g))
      if (!(this->*test)(o)) return false;
    return true;
  }
  // The even one of g and g + *: the one born first.
  form_id even_part(form_id g) {
    const form_id twin = store_.simplest(store_.sum(g, store_.nim_heap(1)));
    return store_.birthday(g) < store_.birthday(twin) ? store_.simplest(g) : twin;
  }
  bool tame(form_id g) {
    const form_id e = even_part(g);
    return tame_values(e) && options_all(e, &reference::tame);
  }
  bool generally_tame(form_id g) {
    g = even_part(g);
    if (!tame_values(g)) return false;
    std::vector<std::uint32_t> tame_plus, tame_minus;
    for (const form_id o : store_.options(g)) {
      if (generally_tame(o)) {
        tame_plus.push_back(plus(o)), tame_minus.push_back(minus(o));
        continue;
      }
      bool to_plus = false, to_minus = false;  // reverses to G's values through tame games
      for (const form_id j : store_.options(o))
        if (generally_tame(j)) to_plus |= plus(j) == plus(g), to_minus |= minus(j) == minus(g);
      if (!to_plus || !to_minus) return false;
    }
    return mex(tame_plus) == plus(g) && (store_.options(g).empty() ? 1 : mex(tame_minus)) == minus(g);
  }
  bool restive(form_id g) {
    g = even_part(g);
    return options_all(g, &reference::tame) && plus(g) <= 1 && minus(g) >= 2;
  }
  bool restless(form_id g) {
    g = even_part(g);
    return options_all(g, &reference::generally_tame) && minus(g) <= 1 && plus(g) >= 2;
  }
  // CGSuite's tameable and generally restive (its phyla TAMEABLE, HEREDITARILY_RESTIVE and
  // REVERSIBLY_RESTIVE, as its MisereCanonicalGameOps computes them), restated as conditions
  // on the options. A tameable option counts by the values of its even part there.
  bool tameable_only(form_id g) { return tameable(g) && !generally_tame(g); }
  bool tameable(form_id g) {
    g = even_part(g);
    if (generally_tame(g)) return true;
    if (!tame_values(g)) return false;
    std::vector<std::uint32_t> p, m;
    for (const form_id o : store_.options(g)) {
      if (generally_tame(o)) {
        p.push_back(plus(o)), m.push_back(minus(o));
        continue;
      }
      bool to_plus = false, to_minus = false, tameable_plus = false, tameable_minus = false;
      if (tameable_only(o)) {
        p.push_back(plus(even_part(o))), m.push_back(minus(even_part(o)));
        tameable_plus = tameable_minus = true;
      }
      for (const form_id j : store_.options(o)) {
        if (generally_tame(j)) to_plus |= plus(j) == plus(g), to_minus |= minus(j) == minus(g);
        if (tameable_only(j)) tameable_plus |= plus(j) == plus(g), tameable_minus |= minus(j) == minus(g);
      }
      if (!(to_plus && to_minus) && !(tameable_plus && tameable_minus)) return false;
    }
    return (mex(p) == plus(g) && mex(m) == minus(g)) || (p.empty() && plus(g) == 0);
  }
  bool generally_restive(form_id g) {
    g = even_part(g);
    const std::uint32_t gp = plus(g), gm = minus(g);
    if (tame_values(g) || gp > 1) return false;
    std::vector<std::uint32_t> p, m;
    for (const form_id o : store_.options(g)) {
      if (generally_tame(o)) {
        p.push_back(plus(o)), m.push_back(minus(o));
        continue;
      }
      bool to_plus = false, to_minus = false;  // reverses through restive or tame games
      for (const form_id j : store_.options(o)) {
        if (!generally_tame(j) && !generally_restive(j)) continue;
        to_minus |= minus(j) == gm && (plus(j) <= 1 || (plus(j) ^ gm) <= 1);
        to_plus |= plus(j) == gp && (minus(j) <= 1 || (minus(j) ^ gm) <= 1);
      }
      if (!to_plus || !to_minus) return false;
    }
    return mex(p) == gp && mex(m) == gm;
  }
  bool half_tame(form_id g) {
    const form_id twice = store_.simplest(store_.sum(g, g));
    return !generally_tame(g) && generally_tame(twice) && plus(twice) == 0 && minus(twice) == 0;
  }
  bool even(form_id g) { return store_.birthday(g) < store_.birthday(store_.sum(g, store_.nim_heap(1))); }

 private:
  ng::misere_forms& store_;
  std::map<form_id, std::uint32_t> plus_, minus_;
};

// The 22 games born by day 4, then simplest forms born on day 5 and later: random sets of
// the day-4 games and of those drawn before.
std::vector<form_id> test_games(ng::misere_forms& store, std::size_t later, unsigned seed) {
  std::vector<form_id> games = store.born_by(4);
  std::mt19937 random(seed);
  while (games.size() < 22 + later) {
    std::vector<form_id> options;
    const std::size_t n = 1 + random() % 4;
    for (std::size_t i = 0; i < n; ++i) options.push_back(games[random() % games.size()]);
    const form_id g = store.simplest(store.game(options));
    if (store.height(g) >= 5 && store.height(g) <= 7 && std::find(games.begin(), games.end(), g) == games.end())
      games.push_back(g);
  }
  return games;
}

TEST(MisereClasses, EachClassAgreesWithItsDefinition) {
  ng::misere_forms store;
  reference ref(store);
  const std::vector<form_id> games = test_games(store, 150, 5);
  const std::vector<ng::misere_classes> found = ng::classes(store, games);
  const std::vector<bool> tame = ng::tame(store, games);
  std::size_t seen_tame = 0, seen_general = 0, seen_restive = 0, seen_restless = 0, seen_half = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const form_id g = games[i];
    const ng::misere_classes& c = found[i];
    SCOPED_TRACE(ng::to_string(store, g));
    EXPECT_EQ(c.tame, ref.tame(g));
    EXPECT_EQ(tame[i], c.tame);
    EXPECT_EQ(c.generally_tame, ref.generally_tame(g));
    EXPECT_EQ(c.restive, ref.restive(g));
    EXPECT_EQ(c.tameable, ref.tameable(g));
    EXPECT_EQ(c.generally_restive, ref.generally_restive(g));
    EXPECT_EQ(c.restless, ref.restless(g));
    EXPECT_EQ(c.half_tame, ref.half_tame(g));
    EXPECT_EQ(c.even, ref.even(g));
    // A property of the value: G + * + * = G, written otherwise.
    const form_id star = store.nim_heap(1);
    EXPECT_EQ(c, ng::classes(store, store.sum(store.sum(g, star), star)));
    // G + * is in the same classes but for parity (CGSuite keeps one phylum for the two).
    ng::misere_classes flipped = ng::classes(store, store.sum(g, star));
    EXPECT_NE(flipped.even, c.even);
    flipped.even = c.even;
    EXPECT_EQ(flipped, c);
    // A tame game has a tame genus: 0^120, 1^031 or a^(a, a xor 2).
    if (c.tame) {
      const ng::misere_genus x = ng::genus(store, g);
      const std::uint32_t a = x.normal;
      const ng::misere_genus fickle{a, a == 0 ? std::vector<std::uint32_t>{1, 2, 0} : std::vector<std::uint32_t>{0, 3, 1}};
      const ng::misere_genus firm{a, {a, a ^ 2}};
      EXPECT_TRUE(x == firm || (a <= 1 && x == fickle)) << ng::to_string(x);
    }
    EXPECT_FALSE(c.tame && !c.generally_tame);
    EXPECT_FALSE(c.generally_tame && (c.restive || c.restless || c.half_tame));
    EXPECT_FALSE(c.generally_tame && !c.tameable);
    EXPECT_FALSE(c.restive && !c.generally_restive);
    EXPECT_FALSE(c.tameable && c.generally_restive);
    seen_tame += c.tame, seen_general += c.generally_tame && !c.tame, seen_restive += c.restive;
    seen_restless += c.restless, seen_half += c.half_tame;
  }
  // Every class is met, so no agreement above is vacuous.
  EXPECT_GT(seen_tame, 0u);
  EXPECT_GT(seen_general, 0u);
  EXPECT_GT(seen_restive, 0u);
  EXPECT_GT(seen_restless, 0u);
  EXPECT_GT(seen_half, 0u);
}

// Tameable games that are not generally tame and generally restive ones that are not restive
// are rare among random games: random sets of options drawn from the day-4 games, CGSuite's
// examples of each and their options, and the games drawn before.
TEST(MisereClasses, TameableAndGenerallyRestiveAgreeWithTheirDefinitions) {
  ng::misere_forms store;
  reference ref(store);
  std::vector<form_id> pool = store.born_by(4);
  for (const char* text : {"{{*,{*2}}+*,{{*2},{*2}+*,{{*2},0}}}", "{{{*2},*2,0},{{*2},*3},*}"}) {
    const form_id g = store.simplest(ng::parse_misere_form(store, text));
    pool.push_back(g);
    for (const form_id o : store.options(g)) pool.push_back(o);
  }
  std::mt19937 random(11);
  std::size_t seen_tameable = 0, seen_generally_restive = 0;
  for (int drawn = 0; drawn < 1500; ++drawn) {
    std::vector<form_id> options;
    for (std::size_t i = 0, n = 1 + random() % 4; i < n; ++i) options.push_back(pool[random() % pool.size()]);
    const form_id g = store.simplest(store.game(options));
    if (store.height(g) > 9) continue;
    pool.push_back(g);
    const ng::misere_classes c = ng::classes(store, g);
    SCOPED_TRACE(ng::to_string(store, g));
    ASSERT_EQ(c.tameable, ref.tameable(g));
    ASSERT_EQ(c.generally_restive, ref.generally_restive(g));
    seen_tameable += c.tameable && !c.generally_tame;
    seen_generally_restive += c.generally_restive && !c.restive;
  }
  EXPECT_GT(seen_tameable, 10u) << seen_tameable;
  EXPECT_GT(seen_generally_restive, 10u) << seen_generally_restive;
}

// The mate by its definition on the simplest form: * for 0, else the set of the options' mates.
form_id mate_by_definition(ng::misere_forms& store, form_id g) {
  g = store.simplest(g);
  if (g == ng::misere_forms::zero()) return store.nim_heap(1);
  std::vector<form_id> mates;
  for (const form_id o : store.options(g)) mates.push_back(mate_by_definition(store, o));
  return store.simplest(store.game(mates));
}

TEST(MisereClasses, MateAgreesWithItsDefinition) {
  ng::misere_forms store;
  for (const form_id g : test_games(store, 60, 17)) {
    ASSERT_EQ(ng::mate(store, g), mate_by_definition(store, g)) << ng::to_string(store, g);
    // A property of the value: the same for G + * + *.
    const form_id star = store.nim_heap(1);
    ASSERT_EQ(ng::mate(store, store.sum(store.sum(g, star), star)), ng::mate(store, g)) << ng::to_string(store, g);
  }
  // CGSuite's examples: 0 and * are each other's mates, *2 and {{*2}} their own, and the restive
  // {0,{*2}} and the restless {*,{*2}} each other's.
  const auto text = [&store](const char* g) { return ng::to_string(store, ng::mate(store, ng::parse_misere_form(store, g))); };
  EXPECT_EQ(text("0"), "*");
  EXPECT_EQ(text("*"), "0");
  EXPECT_EQ(text("*2"), "*2");
  EXPECT_EQ(text("{{*2}}"), "{{*2}}");
  EXPECT_EQ(text("{0,{*2}}"), "{*,{*2}}");
  EXPECT_EQ(text("{*,{*2}}"), "{0,{*2}}");
}

TEST(MisereClasses, ExamplesOfCgsuiteTests) {
  // From CGSuite's MisereCanonicalGameTestCase (lib/core/src/test/scala/org/cgsuite/lang).
  ng::misere_forms store;
  const auto of = [&store](const char* text) { return ng::classes(store, ng::parse_misere_form(store, text)); };
  for (std::uint64_t n = 0; n <= 12; ++n) {
    const ng::misere_classes heap = ng::classes(store, store.nim_heap(n));
    EXPECT_TRUE(heap.tame && heap.generally_tame) << n;
    EXPECT_EQ(heap.even, n % 2 == 0) << n;
  }
  EXPECT_EQ(ng::to_string(of("*2+*2")), "tame, generally tame, tameable, even, extraverted");
  EXPECT_EQ(ng::to_string(of("{{*2}}")), "tame, generally tame, tameable, even, extraverted");
  EXPECT_EQ(ng::to_string(of("{0,{*2}}")), "restive, generally restive, half-tame, even, prime");  // genus 1^20
  EXPECT_EQ(ng::to_string(of("{*,{*2}}")), "restless, even, prime");     // genus 2^1420
  EXPECT_EQ(ng::to_string(of("{{{*2}},{{*2},*}}")), "generally tame, tameable, even, prime");
  EXPECT_EQ(ng::to_string(of("{{{*2}},{{{*2},0},0,*}}")), "generally tame, tameable, even, prime");
  EXPECT_EQ(ng::to_string(of("{{*,{*2}}+*,{{*2},{*2}+*,{{*2},0}}}")), "tameable, even, prime");
  EXPECT_EQ(ng::to_string(of("{{{*2},*2,0},{{*2},*3},*}")), "generally restive, half-tame, even, prime");
}

// Tame simplest forms born by day n, built only from tame ones: the sets of tame games born by
// day n - 1 that are in simplest form and whose (G+, G-) is a tame pair.
std::vector<form_id> tame_by_construction(ng::misere_forms& store, reference& ref, unsigned day) {
  std::vector<form_id> tame{ng::misere_forms::zero()};
  for (unsigned d = 1; d <= day; ++d) {
    const std::vector<form_id> before = tame;
    tame.clear();
    for (std::uint64_t mask = 0; mask < (std::uint64_t(1) << before.size()); ++mask) {
      std::vector<form_id> set;
      for (std::size_t i = 0; i < before.size(); ++i)
        if (mask >> i & 1) set.push_back(before[i]);
      const form_id g = store.game(set);
      if (store.in_simplest_form(g) && ref.tame_values(g)) tame.push_back(g);
    }
  }
  return tame;
}

TEST(MisereClasses, TameGamesBornByEachDayCountedTwoWays) {
  ng::misere_forms store;
  reference ref(store);
  const std::vector<std::size_t> expected{1, 2, 3, 5, 14};
  for (unsigned day = 0; day <= 4; ++day) {
    const std::vector<form_id> all = store.born_by(day);
    std::size_t tame = 0;
    for (const ng::misere_classes& c : ng::classes(store, all)) tame += c.tame;
    EXPECT_EQ(tame, expected[day]) << day;
    EXPECT_EQ(tame_by_construction(store, ref, day).size(), expected[day]) << day;
  }
  EXPECT_EQ(tame_by_construction(store, ref, 5).size(), 14532u);
}

// Random sums of one to three of `games`, each decided by the genus rule and by the search.
void expect_sums_follow_genera(ng::misere_forms& store, const std::vector<form_id>& games, unsigned seed) {
  sum_outcomes outcomes(store);
  std::vector<ng::misere_genus> genera;
  for (const form_id g : games) genera.push_back(ng::genus(store, g));
  std::mt19937 random(seed);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 1 + random() % 3;
    std::vector<form_id> parts;
    std::vector<ng::misere_genus> of;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = random() % games.size();
      parts.push_back(games[i]), of.push_back(genera[i]);
    }
    ASSERT_EQ(ng::tame_sum_next_player_wins(of), outcomes.next_wins(parts)) << "trial " << trial;
  }
}

TEST(MisereClasses, SumsOfTameGamesFollowTheirGenera) {
  ng::misere_forms store;
  reference ref(store);
  std::vector<form_id> tame, general;
  for (const form_id g : test_games(store, 400, 9)) {
    if (ref.tame(g)) tame.push_back(g);
    if (ref.generally_tame(g)) general.push_back(g);
  }
  ASSERT_GE(tame.size(), 30u);
  expect_sums_follow_genera(store, tame, 3);
  // Winning Ways' tame games, whose wild options reverse, obey the same rule.
  ASSERT_GE(general.size() - tame.size(), 5u);
  expect_sums_follow_genera(store, general, 4);
  // The rule needs tame summands: a restive game beside *2 breaks it.
  sum_outcomes outcomes(store);
  const form_id restive = ng::parse_misere_form(store, "{0,{*2}}");
  const std::vector<ng::misere_genus> pair{ng::genus(store, restive), ng::genus(store, store.nim_heap(2))};
  EXPECT_NE(ng::tame_sum_next_player_wins(pair), outcomes.next_wins({restive, store.nim_heap(2)}));
}

// Random graphs without cycles: arcs only from larger to smaller positions.
ng::game_graph random_dag(std::mt19937& random, std::size_t n, std::size_t arcs) {
  std::vector<std::pair<ng::position, ng::position>> edges;
  for (std::size_t k = 0; k < arcs && n > 1; ++k) {
    const auto u = ng::position(1 + random() % (n - 1));
    edges.emplace_back(u, ng::position(random() % u));
  }
  return ng::game_graph::from_edges(n, edges);
}

// The forms of the positions of a graph without cycles.
std::vector<form_id> graph_forms(ng::misere_forms& store, const ng::game_graph& g) {
  std::vector<form_id> forms(g.size());
  for (std::size_t u = 0; u < g.size(); ++u) {
    std::vector<form_id> options;
    for (const ng::position v : g.options(ng::position(u))) options.push_back(forms[v]);
    forms[u] = store.game(options);
  }
  return forms;
}

TEST(MisereGraphGenus, AgreesWithTheFormsLayer) {
  std::mt19937 random(12);
  for (int trial = 0; trial < 200; ++trial) {
    const ng::game_graph g = random_dag(random, 1 + random() % 12, random() % 30);
    ng::misere_forms store;
    const std::vector<form_id> forms = graph_forms(store, g);
    const std::vector<ng::misere_genus> genera = ng::graph_genus(g);
    const ng::misere_graph_values values = ng::misere_values(g);
    for (std::size_t u = 0; u < g.size(); ++u) {
      ASSERT_EQ(genera[u], ng::genus(store, forms[u])) << "trial " << trial << ", position " << u;
      ASSERT_TRUE(values.finite[u]);
      ASSERT_EQ(values.normal[u], genera[u].normal);
      ASSERT_EQ(values.misere[u], genera[u].superscript.front());
      // Tame as it stands: so is its simplest form (same values, tame options).
      if (values.tame[u]) {
        ASSERT_TRUE(ng::classes(store, forms[u]).tame) << "trial " << trial << ", position " << u;
      }
    }
  }
}

TEST(MisereGraphGenus, CyclesHaveNoGenus) {
  // 0 <- 1 <-> 2: position 0 ends, 1 and 2 can play forever.
  const ng::game_graph g = ng::game_graph::from_edges(3, std::vector<std::pair<ng::position, ng::position>>{{1, 0}, {1, 2}, {2, 1}});
  EXPECT_THROW(ng::graph_genus(g), ng::game_argument_error);
  const ng::misere_graph_values values = ng::misere_values(g);
  EXPECT_TRUE(values.finite[0] && values.tame[0]);
  EXPECT_FALSE(values.finite[1] || values.finite[2] || values.tame[1] || values.tame[2]);
}

TEST(MisereGraphGenus, TameSumsAgreeWithTheSearch) {
  std::mt19937 random(31);
  std::size_t decided = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const ng::game_graph g = random_dag(random, 2 + random() % 10, random() % 20);
    const ng::misere_graph_values values = ng::misere_values(g);
    std::vector<ng::position> tame;
    for (std::size_t u = 0; u < g.size(); ++u)
      if (values.tame[u]) tame.push_back(ng::position(u));
    const std::size_t n = 1 + random() % 4;
    std::vector<ng::position> sum;
    for (std::size_t k = 0; k < n; ++k) sum.push_back(tame[random() % tame.size()]);
    const ng::misere_sum_result fast = ng::tame_misere_sum(g, values, sum);
    const ng::misere_sum_result slow = ng::misere_sum(g, sum, 1u << 20);
    ASSERT_EQ(fast.result, slow.result) << "trial " << trial;
    ASSERT_EQ(fast.winning_moves, slow.winning_moves) << "trial " << trial;
    decided += fast.result == ng::outcome::win;
  }
  EXPECT_GT(decided, 50u);
}

TEST(MisereGenusPeriod, HeapGeneraAgreeWithTheForms) {
  for (const char* code : {"0.03", "0.31", "0.13", "subtraction:1,3,4", "subtraction:2,5"}) {
    const ng::heap_game game = ng::heap_game::from_string(code);
    ng::misere_forms store;
    const std::vector<form_id> forms = ng::heap_forms(store, game, 30);
    EXPECT_EQ(ng::heap_genera(game, 30), ng::genus(store, forms)) << code;
  }
  EXPECT_THROW(ng::heap_genera(ng::heap_game::from_string("0.07"), 5), ng::game_argument_error);
}

TEST(MisereGenusPeriod, ProvedPeriodsHoldFarBeyond) {
  std::size_t proved = 0;
  for (const char* code : {"0.03", "0.3", "0.31", "0.33", "0.13", "0.12", "subtraction:1,3,4", "subtraction:2,5,7",
                           "subtraction:3,5,8", "subtraction:1,4", "subtraction:2,3,7,11"}) {
    const ng::heap_game game = ng::heap_game::from_string(code);
    const std::vector<ng::misere_genus> far = ng::heap_genera(game, 2000);
    const auto period = ng::prove_genus_period(game, std::span(far).first(150));
    if (!period) continue;
    ++proved;
    for (std::size_t n = period->preperiod; n + period->period < far.size(); ++n)
      ASSERT_EQ(far[n], far[n + period->period]) << code << " at " << n;
    // Nothing smaller is a period of the long sequence from the same preperiod on.
    for (std::size_t p = 1; p < period->period; ++p) {
      bool holds = true;
      for (std::size_t n = period->preperiod; holds && n + p < far.size(); ++n) holds = far[n] == far[n + p];
      EXPECT_FALSE(holds) << code << " period " << p;
    }
  }
  EXPECT_GE(proved, 9u);
  // No claim for games that split heaps or subtract progressions.
  const std::vector<ng::misere_genus> some(50);
  EXPECT_FALSE(ng::prove_genus_period(ng::heap_game::from_string("0.07"), some));
  EXPECT_FALSE(ng::prove_genus_period(ng::heap_game::from_string("subtraction:1+2"), some));
}

}  // namespace
