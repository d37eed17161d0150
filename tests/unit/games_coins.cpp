// Coin-turning games: closed forms against mex, moves to every smaller value, rows and grids
// against exhaustive search of the explicit games, winning moves in the 64-bit field.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/games/coin_turning.hpp"
#include "nimber/games/graph.hpp"

namespace ng = nimber::games;
using ng::coin_rule;

namespace {

constexpr coin_rule kRules[] = {coin_rule::ruler, coin_rule::mock_turtles, coin_rule::twins,
                                coin_rule::turning_turtles};

std::uint64_t xor_values(coin_rule rule, std::span<const std::uint64_t> coins) {
  std::uint64_t v = 0;
  for (std::uint64_t c : coins) v ^= ng::coin_value(rule, c);
  return v;
}

// A row of `width` coins starting at first_coin(rule), heads as bits: the explicit game.
struct row_game {
  using position_type = std::uint64_t;
  coin_rule rule;
  void options(std::uint64_t heads, std::vector<std::uint64_t>& out) const {
    const std::uint64_t lo = ng::first_coin(rule);
    for (std::uint64_t rest = heads; rest != 0; rest &= rest - 1) {
      const unsigned bit = unsigned(std::countr_zero(rest));
      ng::for_each_coin_move(rule, lo + bit, [&](std::span<const std::uint64_t> others) {
        std::uint64_t flip = std::uint64_t(1) << bit;
        for (std::uint64_t c : others) flip ^= std::uint64_t(1) << (c - lo);
        out.push_back(heads ^ flip);
      });
    }
  }
};

// A grid of the product game, cell (x, y) at bit (x - lo1) * h + (y - lo2).
struct grid_game {
  using position_type = std::uint64_t;
  ng::coin_product rule;
  std::uint64_t h;  // coins per column
  void options(std::uint64_t heads, std::vector<std::uint64_t>& out) const {
    const std::uint64_t lo1 = ng::first_coin(rule.first), lo2 = ng::first_coin(rule.second);
    for (std::uint64_t rest = heads; rest != 0; rest &= rest - 1) {
      const unsigned bit = unsigned(std::countr_zero(rest));
      const std::uint64_t x = lo1 + bit / h, y = lo2 + bit % h;
      ng::for_each_coin_move(rule.first, x, [&](std::span<const std::uint64_t> a) {
        std::vector<std::uint64_t> rows(a.begin(), a.end());
        rows.push_back(x);
        ng::for_each_coin_move(rule.second, y, [&](std::span<const std::uint64_t> b) {
          std::vector<std::uint64_t> cols(b.begin(), b.end());
          cols.push_back(y);
          std::uint64_t flip = 0;
          for (std::uint64_t r : rows)
            for (std::uint64_t c : cols) flip ^= std::uint64_t(1) << ((r - lo1) * h + (c - lo2));
          out.push_back(heads ^ flip);
        });
      });
    }
  }
};

}  // namespace

TEST(CoinTurning, ClosedFormsAreTheMex) {
  for (coin_rule rule : kRules) {
    for (std::uint64_t x = ng::first_coin(rule); x < 48; ++x) {
      std::set<std::uint64_t> reached;
      ng::for_each_coin_move(rule, x, [&](std::span<const std::uint64_t> others) {
        reached.insert(xor_values(rule, others));
      });
      std::uint64_t mex = 0;
      while (reached.count(mex)) ++mex;
      ASSERT_EQ(ng::coin_value(rule, x), mex) << ng::to_string(rule) << " " << x;
    }
  }
  // Mock Turtles: the odious numbers; Ruler: 1 2 1 4 1 2 1 8.
  EXPECT_EQ(ng::coin_value(coin_rule::mock_turtles, 5), 11u);
  EXPECT_EQ(ng::coin_value(coin_rule::ruler, 8), 8u);
  EXPECT_EQ(ng::coin_value(coin_rule::ruler, 12), 4u);
}

TEST(CoinTurning, MovesReachEverySmallerValue) {
  for (coin_rule rule : kRules) {
    for (std::uint64_t x = ng::first_coin(rule); x < 40; ++x) {
      std::set<std::vector<std::uint64_t>> legal;
      ng::for_each_coin_move(rule, x, [&](std::span<const std::uint64_t> o) {
        legal.insert(std::vector<std::uint64_t>(o.begin(), o.end()));
      });
      for (std::uint64_t t = 0; t < ng::coin_value(rule, x); ++t) {
        const auto others = ng::coin_move_to(rule, x, t);
        ASSERT_TRUE(legal.count(others)) << ng::to_string(rule) << " " << x << " " << t;
        ASSERT_EQ(xor_values(rule, others), t);
      }
    }
  }
  // Large coins use the same formulas.
  const std::uint64_t big = std::uint64_t(1) << 62;
  const auto run = ng::coin_move_to(coin_rule::ruler, big, 5);
  EXPECT_EQ(xor_values(coin_rule::ruler, run), 5u);
  const auto mock = ng::coin_move_to(coin_rule::mock_turtles, big, 6);
  EXPECT_EQ(xor_values(coin_rule::mock_turtles, mock), 6u);
}

TEST(CoinTurning, RowsMatchTheExplicitGame) {
  for (coin_rule rule : kRules) {
    const row_game game{rule};
    const std::uint64_t width = 9, lo = ng::first_coin(rule);
    std::vector<std::uint64_t> starts;
    for (std::uint64_t s = 0; s < (std::uint64_t(1) << width); ++s) starts.push_back(s);
    const auto e = ng::explore(game, std::span<const std::uint64_t>(starts));
    const auto gv = ng::grundy_values(e.graph);
    for (ng::position u = 0; u < e.graph.size(); ++u) {
      std::vector<std::uint64_t> heads;
      for (std::uint64_t s = e.positions[u]; s != 0; s &= s - 1) heads.push_back(lo + std::countr_zero(s));
      ASSERT_EQ(gv[u], ng::coins_value(rule, heads));
      const auto move = ng::coins_winning_move(rule, heads);
      ASSERT_EQ(move.has_value(), gv[u] != 0);
      if (!move) continue;
      // Legal (the top coin is a head, the rest a move from it) and to value 0.
      ASSERT_TRUE(std::count(heads.begin(), heads.end(), move->back()));
      std::uint64_t after = e.positions[u];
      for (std::uint64_t c : *move) after ^= std::uint64_t(1) << (c - lo);
      std::vector<std::uint64_t> opts;
      game.options(e.positions[u], opts);
      ASSERT_TRUE(std::count(opts.begin(), opts.end(), after));
      std::vector<std::uint64_t> after_heads;
      for (std::uint64_t s = after; s != 0; s &= s - 1) after_heads.push_back(lo + std::countr_zero(s));
      ASSERT_EQ(ng::coins_value(rule, after_heads), 0u);
    }
  }
}

TEST(CoinTurning, TartanTheoremOnGrids) {
  for (coin_rule a : kRules)
    for (coin_rule b : kRules) {
      const ng::coin_product rule{a, b};
      const std::uint64_t w = 3, h = 3;  // 9 cells: every one of the 512 sets
      const grid_game game{rule, h};
      const std::uint64_t lo1 = ng::first_coin(a), lo2 = ng::first_coin(b);
      std::vector<std::uint64_t> starts;
      for (std::uint64_t s = 0; s < (std::uint64_t(1) << (w * h)); ++s) starts.push_back(s);
      const auto e = ng::explore(game, std::span<const std::uint64_t>(starts));
      const auto gv = ng::grundy_values(e.graph);
      for (ng::position u = 0; u < e.graph.size(); ++u) {
        std::vector<ng::coin_cell> heads;
        for (std::uint64_t s = e.positions[u]; s != 0; s &= s - 1) {
          const unsigned bit = unsigned(std::countr_zero(s));
          heads.push_back({lo1 + bit / h, lo2 + bit % h});
        }
        ASSERT_EQ(gv[u], ng::grid_value(rule, heads)) << ng::to_string(a) << "*" << ng::to_string(b);
      }
    }
}

namespace {

// Applies a grid move to a set of heads and checks its shape.
std::vector<ng::coin_cell> apply(const ng::coin_product& rule, std::vector<ng::coin_cell> heads,
                                 const ng::grid_move& m) {
  EXPECT_EQ(m.rows.back(), m.corner.first);
  EXPECT_EQ(m.columns.back(), m.corner.second);
  EXPECT_TRUE(std::count(heads.begin(), heads.end(), m.corner));
  const std::vector<std::uint64_t> ra(m.rows.begin(), m.rows.end() - 1);
  const std::vector<std::uint64_t> cb(m.columns.begin(), m.columns.end() - 1);
  EXPECT_LT(xor_values(rule.first, ra), ng::coin_value(rule.first, m.corner.first));
  EXPECT_LT(xor_values(rule.second, cb), ng::coin_value(rule.second, m.corner.second));
  for (std::uint64_t r : m.rows)
    for (std::uint64_t c : m.columns) {
      const ng::coin_cell cell{r, c};
      const auto it = std::find(heads.begin(), heads.end(), cell);
      if (it == heads.end()) heads.push_back(cell);
      else heads.erase(it);
    }
  return heads;
}

}  // namespace

TEST(CoinTurning, GridWinningMovesInThe64BitField) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 400; ++trial) {
    const ng::coin_product rule{kRules[rng() % 4], kRules[rng() % 4]};
    std::vector<ng::coin_cell> heads;
    const unsigned bits = 1 + unsigned(rng() % 30);  // values below 2^32: the search is short
    for (int i = 0; i < 4; ++i) {
      const ng::coin_cell c{ng::first_coin(rule.first) + (rng() >> (64 - bits)),
                            ng::first_coin(rule.second) + (rng() >> (64 - bits))};
      if (std::find(heads.begin(), heads.end(), c) == heads.end()) heads.push_back(c);
    }
    const auto m = ng::grid_winning_move(rule, heads);
    ASSERT_EQ(m.has_value(), ng::grid_value(rule, heads) != 0);
    if (m) {
      ASSERT_EQ(ng::grid_value(rule, apply(rule, heads, *m)), 0u);
    }
  }
  // Values near 2^64 are quick too.
  const ng::coin_product corners_rule{coin_rule::twins, coin_rule::twins};
  const std::vector<ng::coin_cell> big{{~std::uint64_t(0) - 5, (std::uint64_t(1) << 63) + 12345},
                                       {std::uint64_t(1) << 62, 77}};
  const auto mb = ng::grid_winning_move(corners_rule, big);
  ASSERT_TRUE(mb.has_value());
  EXPECT_EQ(ng::grid_value(corners_rule, apply(corners_rule, big, *mb)), 0u);
  // Turning Corners: a single head at (x, y) has value x * y.
  const auto corners = *ng::parse_coin_product("corners");
  const ng::coin_cell c{8, 8};
  EXPECT_EQ(ng::grid_value(corners, std::span(&c, 1)), 13u);  // 8 * 8 = 13 (Guy's letter)
  EXPECT_EQ(ng::cell_value(corners, {5, 11}), 12u);
  EXPECT_FALSE(ng::parse_coin_product("ruler*nim").has_value());
  EXPECT_TRUE(ng::parse_coin_product("mockxruler").has_value());
}
