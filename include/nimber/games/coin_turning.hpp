// Coin-turning games (Winning Ways for your Mathematical Plays, ch. 14, "Turn and Turn About")
// and their two-dimensional products, valued through nim multiplication.
//
// A row of coins, numbered from first_coin(rule); a position is the set of coins showing
// heads. A move turns over a set of coins allowed by the rule, whose largest coin must go
// from heads to tails. Such a game is the sum of its single-head positions, so its value is
// the nim-sum of G(x) over the heads x, where G(x) is the mex over the moves from x of the
// nim-sum of G over the other coins turned.
//
//   ruler            any run of consecutive coins ending at x          G(x) = largest 2^k | x
//   mock_turtles     x and at most two smaller coins (coins from 0)    G(x) = x-th odious number
//   twins            x and exactly one smaller coin (coins from 0)     G(x) = x  (Nim)
//   turning_turtles  x and at most one smaller coin (coins from 1)     G(x) = x  (Nim)
//
// The product R1 x R2 plays on a grid: a move takes a move A of R1 (from x) and a move B of
// R2 (from y) and turns every coin of A x B, the corner (x, y) going heads to tails. By the
// Tartan theorem (Winning Ways, ch. 14) G(x, y) = G1(x) * G2(y), the nim product. Twins x Twins
// is Turning Corners (Winning Ways, ch. 14), whose moves turn the four corners of a rectangle.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimber/games/error.hpp"

namespace nimber::games {

enum class coin_rule : std::uint8_t { ruler, mock_turtles, twins, turning_turtles };

// "ruler", "mock" (or "mock_turtles"), "twins", "turtles" (or "turning_turtles").
std::optional<coin_rule> parse_coin_rule(std::string_view name) noexcept;
const char* to_string(coin_rule rule) noexcept;

// The smallest coin number of the rule: 1 for ruler and turning_turtles, else 0.
std::uint64_t first_coin(coin_rule rule) noexcept;
// The largest coin number accepted: G(x) must fit 64 bits (mock turtles: x < 2^63).
std::uint64_t last_coin(coin_rule rule) noexcept;

// G of the single head x, by the closed form. Precondition: first_coin <= x <= last_coin.
std::uint64_t coin_value(coin_rule rule, std::uint64_t x) noexcept;

// Calls f(std::span<const std::uint64_t> others) for every move from the head x, with the
// coins turned besides x in increasing order. O(x^2) moves for mock turtles, x for the rest:
// for checking the closed forms on small x.
template <class F>
void for_each_coin_move(coin_rule rule, std::uint64_t x, F&& f);

// The other coins (below x, increasing) of a move from the head x whose option value is
// `target`. Precondition: target < coin_value(rule, x) (such a move always exists).
std::vector<std::uint64_t> coin_move_to(coin_rule rule, std::uint64_t x, std::uint64_t target);

// ---- One row -----------------------------------------------------------------------------

// Value of a row position: the nim-sum of G over the heads (distinct coins, each in range).
std::uint64_t coins_value(coin_rule rule, std::span<const std::uint64_t> heads);

// A winning move: the coins to turn, increasing, the last one a head going to tails; nullopt
// when the position has value 0 (every move loses).
std::optional<std::vector<std::uint64_t>> coins_winning_move(coin_rule rule,
                                                             std::span<const std::uint64_t> heads);

// ---- Products ------------------------------------------------------------------------------

using coin_cell = std::pair<std::uint64_t, std::uint64_t>;

struct coin_product {
  coin_rule first, second;
};

// "ruler*mock", "twins*twins", "corners" (= twins*twins), ...
std::optional<coin_product> parse_coin_product(std::string_view name) noexcept;

// G(x, y) = G1(x) * G2(y), the nim product in GF(2^64).
std::uint64_t cell_value(coin_product rule, coin_cell cell) noexcept;

// The nim-sum of the cell values over the heads (distinct cells, coordinates in range).
std::uint64_t grid_value(coin_product rule, std::span<const coin_cell> heads);

// A winning move: the corner (x, y) and the moves A (of rule.first from x) and B (of
// rule.second from y); every cell of A x B is turned. nullopt when the value is 0.
// The factor pair is found by a search over one factor that is instant when both cell values
// are below 2^32 or one is near 2^64, but may give up (search_limit_error, a
// std::runtime_error, after 2^24 candidates, about a second) when the larger value lies
// roughly between 2^32 and 2^40.
struct grid_move {
  coin_cell corner;
  std::vector<std::uint64_t> rows;     // A: x and the other coins of the first rule, increasing
  std::vector<std::uint64_t> columns;  // B: likewise for y
};
std::optional<grid_move> grid_winning_move(coin_product rule, std::span<const coin_cell> heads);

// ---- Implementation of the move enumerator ---------------------------------------------------

template <class F>
void for_each_coin_move(coin_rule rule, std::uint64_t x, F&& f) {
  std::vector<std::uint64_t> others;
  const std::uint64_t lo = first_coin(rule);
  switch (rule) {
    case coin_rule::ruler:
      for (std::uint64_t start = x + 1; start-- > lo;) {  // the run start .. x
        others.clear();
        for (std::uint64_t c = start; c < x; ++c) others.push_back(c);
        f(std::span<const std::uint64_t>(others));
      }
      return;
    case coin_rule::mock_turtles:
      f(std::span<const std::uint64_t>(others));
      for (std::uint64_t a = lo; a < x; ++a) {
        others.assign({a});
        f(std::span<const std::uint64_t>(others));
        for (std::uint64_t b = a + 1; b < x; ++b) {
          others.assign({a, b});
          f(std::span<const std::uint64_t>(others));
        }
      }
      return;
    case coin_rule::turning_turtles:
      f(std::span<const std::uint64_t>(others));
      [[fallthrough]];
    case coin_rule::twins:
      for (std::uint64_t a = lo; a < x; ++a) {
        others.assign({a});
        f(std::span<const std::uint64_t>(others));
      }
      return;
  }
}

}  // namespace nimber::games
