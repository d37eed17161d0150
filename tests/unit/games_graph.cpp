// Game graphs: outcomes and Grundy values against plain recursive definitions, the
// Sprague-Grundy theorem on explicit sums, the Tartan theorem on explicit products, the file
// format and its errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/games/error.hpp"
#include "nimber/games/graph.hpp"
#include "games_graph_helpers.hpp"

namespace ng = nimber::games;
using ng::outcome;
using ng::position;
using games_test::random_graph;
using games_test::sum_game;

namespace {

// The least fixed point of "lost when every option is won, won when some option is lost" by
// repeated sweeps: the textbook definition.
std::vector<outcome> outcomes_by_sweeps(const ng::game_graph& g) {
  std::vector<outcome> r(g.size(), outcome::draw);
  for (bool changed = true; changed;) {
    changed = false;
    for (position u = 0; u < g.size(); ++u) {
      if (r[u] != outcome::draw) continue;
      bool all_won = true, some_lost = false;
      for (position v : g.options(u)) {
        all_won = all_won && r[v] == outcome::win;
        some_lost = some_lost || r[v] == outcome::lose;
      }
      if (some_lost) r[u] = outcome::win, changed = true;
      else if (all_won) r[u] = outcome::lose, changed = true;
    }
  }
  return r;
}

// Exhaustive search of the game tree of an acyclic game: won iff some option is lost.
bool won_by_search(const ng::game_graph& g, position u) {
  for (position v : g.options(u))
    if (!won_by_search(g, v)) return true;
  return false;
}

// mex by recursion over the game tree (acyclic graphs only).
std::uint32_t grundy_by_search(const ng::game_graph& g, position u) {
  std::vector<bool> seen(g.option_count(u) + 1, false);
  for (position v : g.options(u)) {
    const std::uint32_t x = grundy_by_search(g, v);
    if (x < seen.size()) seen[x] = true;
  }
  std::uint32_t m = 0;
  while (seen[m]) ++m;
  return m;
}

// Can u reach a cycle? (Depth-first colouring.)
std::vector<bool> reaches_cycle(const ng::game_graph& g) {
  std::vector<int> state(g.size(), 0);  // 0 new, 1 on stack, 2 done
  std::vector<bool> bad(g.size(), false);
  std::function<void(position)> visit = [&](position u) {
    state[u] = 1;
    for (position v : g.options(u)) {
      if (state[v] == 1) bad[u] = true;
      else if (state[v] == 0) visit(v);
      if (bad[v]) bad[u] = true;
    }
    state[u] = 2;
  };
  for (position u = 0; u < g.size(); ++u)
    if (state[u] == 0) visit(u);
  // A position on the stack when its cycle closed may have been finished before a later
  // member was marked: propagate to a fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    for (position u = 0; u < g.size(); ++u)
      for (position v : g.options(u))
        if (bad[v] && !bad[u]) bad[u] = changed = true;
  }
  return bad;
}

}  // namespace

TEST(GameGraph, CsrAndReverse) {
  const std::vector<std::pair<position, position>> e{{0, 1}, {0, 2}, {2, 1}, {1, 1}};
  const auto g = ng::game_graph::from_edges(3, e);
  EXPECT_EQ(g.size(), 3u);
  EXPECT_EQ(g.edge_count(), 4u);
  EXPECT_EQ(std::vector<position>(g.options(0).begin(), g.options(0).end()),
            (std::vector<position>{1, 2}));
  const auto r = g.reversed();
  EXPECT_EQ(std::vector<position>(r.options(1).begin(), r.options(1).end()),
            (std::vector<position>{0, 1, 2}));
  EXPECT_THROW(ng::game_graph::from_edges(2, e), std::invalid_argument);
  EXPECT_THROW(ng::game_graph({0, 2}, {0}), std::invalid_argument);
}

TEST(GameGraph, OutcomesOfSmallLoopyGames) {
  // 0 -> 1 -> 2 (terminal): 2 lost, 1 won, 0 lost. 3 <-> 4: drawn. 5 -> 3, 5 -> 2: won.
  // 6 has a self-loop and an option to a won position: drawn. 7 -> 6 and 7 -> 1: drawn.
  const std::vector<std::pair<position, position>> e{{0, 1}, {1, 2}, {3, 4}, {4, 3}, {5, 3},
                                                     {5, 2}, {6, 6}, {6, 1}, {7, 6}, {7, 1}};
  const auto g = ng::game_graph::from_edges(8, e);
  const auto o = ng::outcomes(g);
  const std::vector<outcome> want{outcome::lose, outcome::win,  outcome::lose, outcome::draw,
                                  outcome::draw, outcome::win,  outcome::draw, outcome::draw};
  EXPECT_EQ(o, want);
  EXPECT_EQ(ng::winning_option(g, o, 5), 2u);
  EXPECT_EQ(ng::winning_option(g, o, 0), ng::no_position);
  const auto gv = ng::grundy_values(g);
  EXPECT_EQ(gv[0], 0u);
  EXPECT_EQ(gv[1], 1u);
  EXPECT_EQ(gv[2], 0u);
  for (position u : {3, 4, 5, 6, 7}) EXPECT_EQ(gv[u], ng::loopy) << u;
}

TEST(GameGraph, OutcomesMatchFixedPointOnRandomGraphs) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 300; ++trial) {
    const auto g = random_graph(rng, 1 + rng() % 40, rng() % 4, false);
    const auto o = ng::outcomes(g);
    ASSERT_EQ(o, outcomes_by_sweeps(g)) << ng::write_game_graph(g);
    for (position u = 0; u < g.size(); ++u)
      if (o[u] == outcome::win) {
        ASSERT_EQ(o[ng::winning_option(g, o, u)], outcome::lose);
      }
  }
}

TEST(GameGraph, AcyclicGamesMatchGameTreeSearch) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 200; ++trial) {
    const auto g = random_graph(rng, 1 + rng() % 14, 3, true);
    const auto o = ng::outcomes(g);
    const auto gv = ng::grundy_values(g);
    for (position u = 0; u < g.size(); ++u) {
      ASSERT_EQ(o[u] == outcome::win, won_by_search(g, u));
      ASSERT_EQ(gv[u], grundy_by_search(g, u));
      ASSERT_EQ(o[u] == outcome::lose, gv[u] == 0);
    }
  }
}

TEST(GameGraph, LoopyPositionsAreThoseReachingACycle) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 300; ++trial) {
    const auto g = random_graph(rng, 1 + rng() % 30, rng() % 3, false);
    const auto gv = ng::grundy_values(g);
    const auto bad = reaches_cycle(g);
    const auto o = ng::outcomes(g);
    for (position u = 0; u < g.size(); ++u) {
      ASSERT_EQ(gv[u] == ng::loopy, bool(bad[u]));
      if (gv[u] != ng::loopy) {
        ASSERT_EQ(gv[u] == 0, o[u] == outcome::lose);
      }
    }
  }
}

TEST(GameGraph, SpragueGrundyOnRandomSums) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 40; ++trial) {
    const auto g = random_graph(rng, 2 + rng() % 8, 3, true);
    const auto gv = ng::grundy_values(g);
    std::vector<position> start(2 + rng() % 2);
    for (auto& s : start) s = position(rng() % g.size());
    const sum_game rules{&g, start.size()};
    const auto sum = games_test::explore_sum(rules, start);
    const auto sv = ng::grundy_values(sum.graph);
    const auto so = ng::outcomes(sum.graph);
    for (position u = 0; u < sum.graph.size(); ++u) {
      const auto p = rules.unpack(sum.positions[u]);
      ASSERT_EQ(sv[u], ng::sum_value(gv, p));
      ASSERT_EQ(so[u] == outcome::lose, ng::sum_value(gv, p) == 0);
    }
    // The winning moves are exactly the moves of the sum graph to a lost position.
    const auto moves = ng::sum_winning_moves(g, gv, start);
    ASSERT_EQ(moves.size(), games_test::lost_options(sum.graph, so, 0));
    for (const auto& m : moves) {
      auto after = start;
      after[m.component] = m.to;
      ASSERT_EQ(ng::sum_value(gv, after), 0u);
    }
  }
  EXPECT_THROW(ng::sum_value(std::vector<std::uint32_t>{ng::loopy}, std::vector<position>{0}),
               std::invalid_argument);
}

TEST(GameGraph, TartanTheoremOnRandomProducts) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 60; ++trial) {
    const auto a = random_graph(rng, 1 + rng() % 4, 3, true);
    const auto b = random_graph(rng, 1 + rng() % 4, 3, true);
    const auto ga = ng::grundy_values(a), gb = ng::grundy_values(b);
    const position sa = position(a.size() - 1), sb = position(b.size() - 1);
    const auto p = ng::product_game(a, b, sa, sb);
    const auto gp = ng::grundy_values(p.graph);
    // Every reachable set: its value is the nim-sum of the nim products of its cells.
    for (position u = 0; u < p.graph.size(); ++u) {
      ASSERT_NE(gp[u], ng::loopy);
      std::uint8_t want = 0;
      for (std::uint64_t s = p.positions[u]; s != 0; s &= s - 1) {
        const unsigned cell = unsigned(std::countr_zero(s));
        want ^= nimber::mul(std::uint8_t(ga[cell / b.size()]), std::uint8_t(gb[cell % b.size()]));
      }
      ASSERT_EQ(gp[u], want);
    }
  }
}

TEST(GameGraph, ExploreNumbersPositionsOnce) {
  struct nim_heap {
    using position_type = int;
    void options(int n, std::vector<int>& out) const {
      for (int k = 0; k < n; ++k) out.push_back(k);
    }
  };
  const int start = 6;
  const auto e = ng::explore(nim_heap{}, std::span<const int>(&start, 1));
  EXPECT_EQ(e.graph.size(), 7u);
  EXPECT_EQ(e.graph.edge_count(), 21u);
  const auto gv = ng::grundy_values(e.graph);
  for (position u = 0; u < 7; ++u) EXPECT_EQ(gv[u], std::uint32_t(e.positions[u]));
  EXPECT_THROW(ng::explore(nim_heap{}, std::span<const int>(&start, 1), 3), std::length_error);
}

TEST(GameGraphFile, ReadsCommentsBlankLinesAndRoundTrips) {
  const auto g = ng::read_game_graph("# a game\n3 2   # header\n\n0 1\n\t1 2 \r\n");
  EXPECT_EQ(g.size(), 3u);
  EXPECT_EQ(g.edge_count(), 2u);
  EXPECT_EQ(ng::write_game_graph(g), "3 2\n0 1\n1 2\n");
  const auto h = ng::read_game_graph(ng::write_game_graph(g));
  EXPECT_EQ(ng::write_game_graph(h), ng::write_game_graph(g));
  EXPECT_EQ(ng::read_game_graph("0 0\n").size(), 0u);
}

namespace {

void expect_parse_error(std::string_view text, std::string_view where, std::string_view token) {
  try {
    ng::read_game_graph(text);
    ADD_FAILURE() << "no error for: " << text;
  } catch (const ng::parse_error& e) {
    EXPECT_EQ(e.where(), where) << text;
    EXPECT_EQ(e.token(), token) << text;
    EXPECT_FALSE(e.expected().empty());
  }
}

}  // namespace

TEST(GameGraphFile, ErrorsNameLineAndToken) {
  struct bad_file {
    std::string_view text, where, token;
  };
  const bad_file cases[] = {
      {"", "line 1", ""},
      {"# only a comment\n", "line 2", ""},
      {"x 1\n", "line 1", "x"},
      {"3\n", "line 1", ""},
      {"3 1 7\n0 1\n", "line 1", "7"},
      {"4294967296 0\n", "line 1", "4294967296"},
      {"3 2\n0 1\n", "line 3", ""},
      {"3 1\n0 3\n", "line 2", "3"},
      {"3 1\n\n# c\n0 -1\n", "line 4", "-1"},
      {"3 1\n0\n", "line 2", ""},
      {"3 1\n0 1 2\n", "line 2", "2"},
      {"3 1\n0 1\n1 2\n", "line 3", "1"},
      {"2 1\n0x1 0\n", "line 2", "0x1"},
  };
  for (const auto& c : cases) expect_parse_error(c.text, c.where, c.token);
}

// Running out of text is told apart from a short line, and names the line after the last.
TEST(GameGraphFile, EndOfInputNamesTheLineAfterTheLast) {
  const auto error_of = [](std::string_view text) {
    try {
      ng::read_game_graph(text);
    } catch (const ng::parse_error& e) {
      return e;
    }
    throw std::logic_error("no error");
  };
  EXPECT_TRUE(error_of("3 2\n0 1\n").end_of_input());
  EXPECT_EQ(error_of("3 2\n0 1").where(), "line 3");
  EXPECT_EQ(error_of("3 2\n0 1\n\n").where(), "line 4");
  EXPECT_FALSE(error_of("3\n").end_of_input());
  EXPECT_FALSE(error_of("3 1\n0\n").end_of_input());
}

// Every error of the layer is a games_error and, as well, the standard exception of its kind,
// so handlers written for either catch it, and `catch (const std::exception&)` still does.
TEST(GamesErrors, OneBaseAndTheStandardKind) {
  static_assert(std::is_base_of_v<std::runtime_error, ng::parse_error>);
  static_assert(std::is_base_of_v<std::invalid_argument, ng::game_argument_error>);
  static_assert(std::is_base_of_v<std::length_error, ng::game_size_error>);
  static_assert(std::is_base_of_v<std::runtime_error, ng::search_limit_error>);
  static_assert(!std::is_base_of_v<std::exception, ng::games_error>);

  const auto message_as_games_error = [](auto&& action) -> std::string {
    try {
      action();
    } catch (const ng::games_error& e) {
      return e.what();
    }
    return "";
  };
  const auto message_as_std_exception = [](auto&& action) -> std::string {
    try {
      action();
    } catch (const std::exception& e) {
      return e.what();
    }
    return "";
  };
  const std::vector<std::pair<position, position>> arc{{0, 5}};
  const auto bad_arc = [&] { ng::game_graph::from_edges(2, arc); };
  const auto bad_file = [] { ng::read_game_graph("2 1\n0 x\n"); };
  struct counting {
    using position_type = int;
    void options(int n, std::vector<int>& out) const { out.push_back(n + 1); }
  };
  const int start = 0;
  const auto too_big = [&] { ng::explore(counting{}, std::span<const int>(&start, 1), 10); };

  EXPECT_THROW(bad_arc(), ng::game_argument_error);
  EXPECT_THROW(bad_file(), ng::parse_error);
  EXPECT_THROW(too_big(), ng::game_size_error);
  EXPECT_THROW(too_big(), std::length_error);
  for (const auto& action : std::vector<std::function<void()>>{bad_arc, bad_file, too_big}) {
    const std::string message = message_as_games_error(action);
    EXPECT_FALSE(message.empty());
    EXPECT_EQ(message, message_as_std_exception(action));
  }
  EXPECT_EQ(message_as_games_error(bad_file), "line 2: 'x': expected a position number below N = 2");
  const ng::search_limit_error gave_up("gave up");
  EXPECT_STREQ(static_cast<const ng::games_error&>(gave_up).what(), "gave up");
}
