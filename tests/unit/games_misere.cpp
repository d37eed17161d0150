// Misère Nim against the definition: a position is won by the player to move exactly when
// it has no move or some move reaches a position lost for the player to move then.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "nimber/games/error.hpp"
#include "nimber/games/misere.hpp"

#include <random>
#include <stdexcept>

namespace {

namespace ng = nimber::games;

// The definition, memoised on the sorted heaps.
class misere_nim_reference {
 public:
  bool wins(std::vector<std::uint64_t> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = known_.find(heaps); it != known_.end()) return it->second;
    bool any_move = false, win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i)
      for (std::uint64_t t = 0; t < heaps[i] && !win; ++t) {
        any_move = true;
        std::vector<std::uint64_t> after = heaps;
        after[i] = t;
        win = !wins(after);
      }
    return known_[heaps] = !any_move || win;
  }

  // Every move to a position lost for the player to move, heap by heap, targets decreasing.
  std::vector<ng::nim_move> winning_moves(const std::vector<std::uint64_t>& heaps) {
    std::vector<ng::nim_move> moves;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      for (std::uint64_t t = heaps[i]; t-- > 0;) {
        std::vector<std::uint64_t> after = heaps;
        after[i] = t;
        if (!wins(after)) moves.push_back({i, t});
      }
    return moves;
  }

 private:
  std::map<std::vector<std::uint64_t>, bool> known_;
};

// Every position of `count` heaps, each below `bound`, handed to check.
template <class Check>
void for_each_position(std::size_t count, std::uint64_t bound, Check check) {
  std::vector<std::uint64_t> heaps(count, 0);
  for (;;) {
    check(heaps);
    std::size_t i = 0;
    while (i < count && ++heaps[i] == bound) heaps[i++] = 0;
    if (i == count) return;
  }
}

TEST(MisereNim, AgreesWithTheDefinitionOnEverySmallPosition) {
  misere_nim_reference reference;
  for (const auto& [count, bound] : std::vector<std::pair<std::size_t, std::uint64_t>>{{1, 12}, {2, 12}, {3, 9}, {4, 6}})
    for_each_position(count, bound, [&](const std::vector<std::uint64_t>& heaps) {
      ASSERT_EQ(ng::misere_nim_wins(heaps), reference.wins(heaps)) << testing::PrintToString(heaps);
      ASSERT_EQ(ng::misere_nim_winning_moves(heaps), reference.winning_moves(heaps)) << testing::PrintToString(heaps);
    });
}

TEST(MisereNim, EdgePositions) {
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{}));       // no move: the mover wins
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{0, 0}));
  EXPECT_FALSE(ng::misere_nim_wins(std::vector<std::uint64_t>{1}));     // must take the last
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{1, 1}));
  EXPECT_FALSE(ng::misere_nim_wins(std::vector<std::uint64_t>{1, 1, 1}));
  // A single large heap: leave one.
  const std::uint64_t big = ~std::uint64_t{0};
  EXPECT_EQ(ng::misere_nim_winning_moves(std::vector<std::uint64_t>{big}), (std::vector<ng::nim_move>{{0, 1}}));
  // Where a heap of two or more stays, normal play's move: the nim-sum is 6 ^ 5 = 3, and only
  // 2^63 + 6 gets smaller by it.
  const std::uint64_t top = std::uint64_t(1) << 63;
  const std::vector<std::uint64_t> large{top, top + 6, 5};
  EXPECT_EQ(ng::misere_nim_winning_moves(large), (std::vector<ng::nim_move>{{1, top + 5}}));
  EXPECT_TRUE(ng::misere_nim_winning_moves(std::vector<std::uint64_t>{top, top}).empty());
}

// Misère outcomes of tuples of positions by the naive fixed point: a tuple with no move is
// won; one with a move to a lost tuple is won; one with moves, all to won tuples, is lost;
// repeat until nothing changes, the rest drawn. Every tuple of `count` positions of g.
class misere_tuples_reference {
 public:
  misere_tuples_reference(const ng::game_graph& g, std::size_t count) : g_(g), count_(count) {
    std::size_t total = 1;
    for (std::size_t i = 0; i < count; ++i) total *= g.size();
    result_.assign(total, ng::outcome::draw);
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t t = 0; t < total; ++t) {
        if (result_[t] != ng::outcome::draw) continue;
        bool any = false, all_won = true, lost_option = false;
        for (const auto& [i, v, next] : moves(t)) {
          any = true;
          lost_option |= result_[next] == ng::outcome::lose;
          all_won &= result_[next] == ng::outcome::win;
        }
        const ng::outcome o = !any || lost_option ? ng::outcome::win : all_won ? ng::outcome::lose : ng::outcome::draw;
        if (o != ng::outcome::draw) result_[t] = o, changed = true;
      }
    }
  }

  std::size_t index(const std::vector<ng::position>& tuple) const {
    std::size_t t = 0;
    for (const ng::position u : tuple) t = t * g_.size() + u;
    return t;
  }
  std::vector<ng::position> tuple(std::size_t t) const {
    std::vector<ng::position> u(count_);
    for (std::size_t i = count_; i-- > 0; t /= g_.size()) u[i] = ng::position(t % g_.size());
    return u;
  }
  ng::outcome outcome(std::size_t t) const { return result_[t]; }
  std::size_t size() const { return result_.size(); }

  struct move { std::size_t component; ng::position to; std::size_t next; };
  std::vector<move> moves(std::size_t t) const {
    std::vector<move> m;
    const std::vector<ng::position> u = tuple(t);
    for (std::size_t i = 0; i < count_; ++i)
      for (const ng::position v : g_.options(u[i])) {
        std::vector<ng::position> next = u;
        next[i] = v;
        m.push_back({i, v, index(next)});
      }
    return m;
  }

 private:
  const ng::game_graph& g_;
  std::size_t count_;
  std::vector<ng::outcome> result_;
};

ng::game_graph random_graph(std::mt19937& random, std::size_t n, std::size_t arcs) {
  std::vector<std::pair<ng::position, ng::position>> edges;
  for (std::size_t k = 0; k < arcs; ++k) edges.emplace_back(ng::position(random() % n), ng::position(random() % n));
  return ng::game_graph::from_edges(n, edges);
}

TEST(MisereGraphs, OutcomesAgreeWithTheFixedPoint) {
  std::mt19937 random(22);
  for (int trial = 0; trial < 300; ++trial) {
    const ng::game_graph g = random_graph(random, 1 + random() % 9, random() % 16);
    const misere_tuples_reference reference(g, 1);
    const auto o = ng::outcomes(g, ng::play_convention::misere);
    for (std::size_t u = 0; u < g.size(); ++u) ASSERT_EQ(o[u], reference.outcome(u)) << "trial " << trial << ", position " << u;
  }
}

TEST(MisereGraphs, SumsAgreeWithTheFixedPointOnTuples) {
  std::mt19937 random(2026);
  std::size_t drawn = 0, lost = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t count = 2 + trial % 2;
    const ng::game_graph g = random_graph(random, 2 + random() % 6, random() % 12);
    const misere_tuples_reference reference(g, count);
    for (std::size_t t = 0; t < reference.size(); ++t) {
      const std::vector<ng::position> start = reference.tuple(t);
      const ng::misere_sum_result r = ng::misere_sum(g, start, 1 << 20);
      ASSERT_EQ(r.result, reference.outcome(t)) << "trial " << trial << ", sum " << testing::PrintToString(start);
      std::vector<ng::sum_move> expected;
      for (const auto& m : reference.moves(t))
        if (reference.outcome(m.next) == ng::outcome::lose) expected.push_back({m.component, m.to});
      ASSERT_EQ(r.winning_moves, expected) << "trial " << trial;
      drawn += r.result == ng::outcome::draw;
      lost += r.result == ng::outcome::lose;
    }
  }
  EXPECT_GT(drawn, 0u);  // the graphs had cycles that mattered
  EXPECT_GT(lost, 0u);
}

TEST(MisereGraphs, SumsOfNimHeapsFollowBoutonsMisereRule) {
  std::vector<std::pair<ng::position, ng::position>> edges;  // heap u to every smaller heap
  for (ng::position u = 0; u < 6; ++u)
    for (ng::position v = 0; v < u; ++v) edges.emplace_back(u, v);
  const ng::game_graph heaps = ng::game_graph::from_edges(6, edges);
  for_each_position(4, 6, [&](const std::vector<std::uint64_t>& h) {
    const std::vector<ng::position> sum(h.begin(), h.end());
    const ng::misere_sum_result r = ng::misere_sum(heaps, sum, 1 << 20);
    ASSERT_EQ(r.result == ng::outcome::win, ng::misere_nim_wins(h)) << testing::PrintToString(h);
    ASSERT_EQ(r.winning_moves.size(), ng::misere_nim_winning_moves(h).size()) << testing::PrintToString(h);
  });
}

TEST(MisereGraphs, SumsCheckTheirArguments) {
  const std::pair<ng::position, ng::position> loop[] = {{0, 1}, {1, 0}, {1, 2}};
  const ng::game_graph g = ng::game_graph::from_edges(3, loop);
  const ng::position outside[] = {0, 3};
  EXPECT_THROW(ng::misere_sum(g, outside, 100), ng::game_argument_error);
  const std::vector<ng::position> many(12, 0);
  EXPECT_THROW(ng::misere_sum(g, many, 5), std::length_error);
  // A multiset: 12 copies of one game of 3 positions reach C(14, 2) = 91 sums, not 3^12.
  EXPECT_EQ(ng::misere_sum(g, many, 1000).positions, 91u);
}

}  // namespace
