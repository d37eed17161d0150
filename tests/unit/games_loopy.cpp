// The generalised Sprague-Grundy function of loopy game graphs (Smith; Fraenkel and Yesha)
// against the literal labelling, its defining properties, hand examples and explicit sums.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/games/error.hpp"
#include "nimber/games/graph.hpp"
#include "games_graph_helpers.hpp"

namespace ng = nimber::games;
using ng::outcome;
using ng::position;

namespace {

constexpr std::int64_t unlabelled = -1, inf_label = -2;

// Fraenkel and Yesha's labelling taken literally, one position at a time with full rescans:
// for m = 0, 1, ...: while some unlabelled u has no option labelled m and each of its options
// that is unlabelled or infinite has an option labelled m, label u with m; then each unlabelled
// position without an option labelled m is infinite. Cubic, for small graphs only.
std::vector<std::int64_t> gsg_by_rescans(const ng::game_graph& g) {
  std::vector<std::int64_t> label(g.size(), unlabelled);
  const auto has_option_labelled = [&](position u, std::int64_t m) {
    for (position v : g.options(u))
      if (label[v] == m) return true;
    return false;
  };
  for (std::int64_t m = 0; std::count(label.begin(), label.end(), unlabelled) > 0; ++m) {
    for (bool found = true; found;) {
      found = false;
      for (position u = 0; u < g.size(); ++u) {
        if (label[u] != unlabelled || has_option_labelled(u, m)) continue;
        bool ok = true;
        for (position v : g.options(u))
          if ((label[v] == unlabelled || label[v] == inf_label) && !has_option_labelled(v, m)) ok = false;
        if (ok) label[u] = m, found = true;
      }
    }
    for (position u = 0; u < g.size(); ++u)
      if (label[u] == unlabelled && !has_option_labelled(u, m)) label[u] = inf_label;
  }
  return label;
}

std::uint32_t finite_mex(const ng::generalized_sg& gamma, const ng::game_graph& g, position u) {
  std::vector<bool> seen(g.option_count(u) + 1, false);
  for (position v : g.options(u))
    if (gamma.is_finite(v) && gamma.value[v] < seen.size()) seen[gamma.value[v]] = true;
  std::uint32_t m = 0;
  while (seen[m]) ++m;
  return m;
}

// Conditions A, B (with the counter) and C of the header, K, and the counter's monotonicity,
// checked position by position.
void expect_gsg_properties(const ng::game_graph& g, const ng::generalized_sg& gamma) {
  ASSERT_EQ(gamma.value.size(), g.size());
  ASSERT_EQ(gamma.k_first.size(), g.size() + 1);
  for (position u = 0; u < g.size(); ++u) {
    const std::uint32_t a = finite_mex(gamma, g, u);
    if (gamma.is_finite(u)) {
      ASSERT_EQ(gamma.value[u], a) << "A at " << u;
      ASSERT_TRUE(gamma.k(u).empty());
      for (position v : g.options(u)) {
        if (gamma.is_finite(v) && gamma.value[v] < gamma.value[u]) continue;
        bool reversed = false;
        for (position w : g.options(v))
          reversed = reversed || (gamma.value[w] == gamma.value[u] && gamma.counter[w] < gamma.counter[u]);
        ASSERT_TRUE(reversed) << "B at " << u << " -> " << v;
      }
      for (position v = 0; v < g.size(); ++v)
        if (gamma.is_finite(v) && gamma.value[v] < gamma.value[u]) {
          ASSERT_LT(gamma.counter[v], gamma.counter[u]);
        }
    } else {
      ASSERT_EQ(gamma.counter[u], ng::infinite);
      std::vector<std::uint32_t> want;
      for (position v : g.options(u))
        if (gamma.is_finite(v)) want.push_back(gamma.value[v]);
      std::sort(want.begin(), want.end());
      want.erase(std::unique(want.begin(), want.end()), want.end());
      ASSERT_EQ(std::vector<std::uint32_t>(gamma.k(u).begin(), gamma.k(u).end()), want);
      bool witness = false;
      for (position v : g.options(u))
        if (!gamma.is_finite(v)) {
          const auto kv = gamma.k(v);
          witness = witness || std::find(kv.begin(), kv.end(), a) == kv.end();
        }
      ASSERT_TRUE(witness) << "C at " << u;
    }
  }
}

std::string gsg_text(const ng::generalized_sg& gamma) {
  std::string s;
  for (position u = 0; u < gamma.value.size(); ++u) s += ng::to_string(gamma, u) + " ";
  return s;
}

}  // namespace

TEST(GameGraphLoopy, AcyclicGamesGetTheirGrundyValues) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const bool acyclic = trial % 2 == 0;
    const auto g = games_test::random_graph(rng, 1 + rng() % 40, rng() % 5, acyclic);
    const auto gv = ng::grundy_values(g);
    const auto gamma = ng::generalized_grundy(g);
    for (position u = 0; u < g.size(); ++u) {
      // Where play always ends gamma is the mex value (on an acyclic graph: everywhere).
      if (gv[u] != ng::loopy) {
        ASSERT_EQ(gamma.value[u], gv[u]) << ng::write_game_graph(g);
      }
      if (acyclic) {
        ASSERT_TRUE(gamma.is_finite(u));
      }
    }
  }
}

TEST(GameGraphLoopy, DefiningPropertiesAndTheLiteralLabellingOnRandomGraphs) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 4000; ++trial) {
    const auto g = games_test::random_graph(rng, 1 + rng() % 30, 1 + rng() % 5, false);
    const auto gamma = ng::generalized_grundy(g);
    expect_gsg_properties(g, gamma);
    const auto want = gsg_by_rescans(g);
    const auto o = ng::outcomes(g);
    for (position u = 0; u < g.size(); ++u) {
      ASSERT_EQ(gamma.is_finite(u) ? std::int64_t(gamma.value[u]) : inf_label, want[u])
          << u << " in\n" << ng::write_game_graph(g);
      ASSERT_EQ(gamma.outcome_of(u), o[u]) << u << " in\n" << ng::write_game_graph(g);
    }
  }
}

TEST(GameGraphLoopy, HandExamples) {
  // A self-loop alone: a pass that never ends, drawn: inf{}. With an exit to a terminal
  // position t: t = 0, and the loop keeps the position from value 1 (it would be its own
  // option of value 1), so inf{0}: won by moving to t.
  auto gamma = ng::generalized_grundy(ng::game_graph::from_edges(1, std::vector<std::pair<position, position>>{{0, 0}}));
  EXPECT_EQ(gsg_text(gamma), "inf{} ");
  gamma = ng::generalized_grundy(
      ng::game_graph::from_edges(2, std::vector<std::pair<position, position>>{{0, 0}, {0, 1}}));
  EXPECT_EQ(gsg_text(gamma), "inf{0} 0 ");
  // A two-cycle 0 <-> 1: neither can ever be labelled, both inf{} (drawn). A three-cycle too.
  gamma = ng::generalized_grundy(
      ng::game_graph::from_edges(2, std::vector<std::pair<position, position>>{{0, 1}, {1, 0}}));
  EXPECT_EQ(gsg_text(gamma), "inf{} inf{} ");
  // A two-cycle 0 <-> 1 with an exit 1 -> 2 (terminal). Round 0: 2 = 0; 1 has an option of
  // value 0, which covers it, so 0 (whose only option is 1) gets 0. Round 1: 1 sees {0} and
  // nothing above: 1. So 0 is a P-position on a cycle: the opponent's move to 1 is answered
  // by 1 -> 2.
  gamma = ng::generalized_grundy(ng::game_graph::from_edges(
      3, std::vector<std::pair<position, position>>{{0, 1}, {1, 0}, {1, 2}}));
  EXPECT_EQ(gsg_text(gamma), "0 1 0 ");
  // Reversal must make progress (the counter of condition B). p = 0 has options t = 2
  // (terminal, 0) and x = 1; x has a self-loop and the option p. Without the counter p = 1
  // would look consistent (x "reverses" to p itself), but p can never be labelled 1 before
  // x is covered, and x can only be covered by p: p = inf{0} (won: p -> t), x = inf{} (drawn).
  // So p + *1 is drawn, not lost: s = 1 is not in K(p) = {0}.
  const auto pg = ng::game_graph::from_edges(
      3, std::vector<std::pair<position, position>>{{0, 2}, {0, 1}, {1, 1}, {1, 0}});
  gamma = ng::generalized_grundy(pg);
  EXPECT_EQ(gsg_text(gamma), "inf{0} inf{} 0 ");
  // Nim heap *1 as a separate component: 3 -> 4.
  const auto pn = ng::game_graph::from_edges(
      5, std::vector<std::pair<position, position>>{{0, 2}, {0, 1}, {1, 1}, {1, 0}, {3, 4}});
  gamma = ng::generalized_grundy(pn);
  EXPECT_EQ(ng::sum_value(gamma, std::vector<position>{0, 3}).result, outcome::draw);
  EXPECT_EQ(ng::sum_value(gamma, std::vector<position>{0, 4}).result, outcome::win);
  EXPECT_EQ(ng::sum_value(gamma, std::vector<position>{0, 4}).k, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(ng::sum_winning_moves(pn, gamma, std::vector<position>{0, 4}),
            (std::vector<ng::sum_move>{{0, 2}}));
  EXPECT_EQ(ng::sum_value(gamma, std::vector<position>{0, 0}).k.size(), 0u);  // inf + inf = inf{}
  // An infinite option that does not reverse: 0 has options 1 (terminal: 0), 2 (-> 1: 1) and
  // 3, where 3 <-> 4 is a two-cycle and 4 -> 2. Round 0: 0 is covered by 1; 3 and 4 wait on
  // each other, are never covered and turn infinite: K(3) = {}, K(4) = {1}. Round 1: 0 sees
  // its option 2 of value 1. Round 2: 0 would need 3 to have an option of value 2; it has
  // none, so 0 = inf{0,1} (won: 0 -> 1). Condition C: mex {0, 1} = 2 is not in K(3).
  gamma = ng::generalized_grundy(ng::game_graph::from_edges(
      5, std::vector<std::pair<position, position>>{{0, 1}, {0, 2}, {0, 3}, {2, 1}, {3, 4},
                                                    {4, 3}, {4, 2}}));
  EXPECT_EQ(gsg_text(gamma), "inf{0,1} 0 1 inf{} inf{1} ");
  EXPECT_EQ(ng::to_string(gamma, 0, " "), "inf{0 1}");
  EXPECT_THROW(ng::sum_value(gamma, std::vector<position>{5}), std::invalid_argument);
}

TEST(GameGraphLoopy, SumsMatchTheExplicitSumGraph) {
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 1500; ++trial) {
    const auto g = games_test::random_graph(rng, 1 + rng() % 9, 1 + rng() % 3, false);
    const auto gamma = ng::generalized_grundy(g);
    std::vector<position> start(1 + rng() % 3);
    for (auto& s : start) s = position(rng() % g.size());
    const games_test::sum_game rules{&g, start.size()};
    const auto sum = games_test::explore_sum(rules, start);
    const auto so = ng::outcomes(sum.graph);
    const auto sg = ng::generalized_grundy(sum.graph);
    const auto counter_sum = [&](position x) {
      std::int64_t c = 0;
      for (position p : rules.unpack(sum.positions[x])) c += gamma.counter[p];
      return c;
    };
    for (position x = 0; x < sum.graph.size(); ++x) {
      const auto p = rules.unpack(sum.positions[x]);
      const auto v = ng::sum_value(gamma, p);
      // Smith's theorem: the value of the sum graph itself, K included, and its outcome.
      ASSERT_EQ(v.result, so[x]) << ng::write_game_graph(g);
      ASSERT_EQ(v.value, sg.value[x]);
      ASSERT_EQ(v.k, std::vector<std::uint32_t>(sg.k(x).begin(), sg.k(x).end()));
      // The winning moves are exactly the moves of the sum graph to a lost position.
      const auto moves = ng::sum_winning_moves(g, gamma, p);
      ASSERT_EQ(moves.size(), games_test::lost_options(sum.graph, so, x));
      for (const auto& m : moves) {
        auto after = p;
        after[m.component] = m.to;
        ASSERT_EQ(ng::sum_value(gamma, after).result, outcome::lose);
      }
      // The first move is a strategy: from a lost position, whatever the reply, the first
      // winning move of the reply leads to a lost position with a smaller counter sum.
      if (so[x] != outcome::lose) continue;
      for (position y : sum.graph.options(x)) {
        const auto q = rules.unpack(sum.positions[y]);
        const auto reply = ng::sum_winning_moves(g, gamma, q);
        ASSERT_FALSE(reply.empty());
        auto after = q;
        after[reply[0].component] = reply[0].to;
        std::int64_t c = 0;
        for (position t : after) c += gamma.counter[t];
        ASSERT_LT(c, counter_sum(x)) << ng::write_game_graph(g);
      }
    }
  }
}
