// Coin-turning games: the closed forms of the single-head values, moves to a given value, and
// the products on a grid, valued through the public nim product and quotient of arith.hpp.
#include "nimber/games/coin_turning.hpp"

#include <bit>

#include "nimber/arith.hpp"

namespace nimber::games {

std::optional<coin_rule> parse_coin_rule(std::string_view name) noexcept {
  if (name == "ruler") return coin_rule::ruler;
  if (name == "mock" || name == "mock_turtles") return coin_rule::mock_turtles;
  if (name == "twins") return coin_rule::twins;
  if (name == "turtles" || name == "turning_turtles") return coin_rule::turning_turtles;
  return std::nullopt;
}

const char* to_string(coin_rule rule) noexcept {
  switch (rule) {
    case coin_rule::ruler: return "ruler";
    case coin_rule::mock_turtles: return "mock";
    case coin_rule::twins: return "twins";
    case coin_rule::turning_turtles: break;
  }
  return "turtles";
}

std::uint64_t first_coin(coin_rule rule) noexcept {
  return rule == coin_rule::ruler || rule == coin_rule::turning_turtles ? 1 : 0;
}

std::uint64_t last_coin(coin_rule rule) noexcept {
  return rule == coin_rule::mock_turtles ? (std::uint64_t(1) << 63) - 1 : ~std::uint64_t(0);
}

std::uint64_t coin_value(coin_rule rule, std::uint64_t x) noexcept {
  switch (rule) {
    case coin_rule::ruler: return x & (~x + 1);  // the largest power of 2 dividing x
    case coin_rule::mock_turtles:                // 2x or 2x + 1, whichever has odd weight
      return 2 * x + ((std::popcount(x) & 1) ? 0 : 1);
    case coin_rule::twins:
    case coin_rule::turning_turtles: break;
  }
  return x;
}

std::vector<std::uint64_t> coin_move_to(coin_rule rule, std::uint64_t x, std::uint64_t target) {
  std::vector<std::uint64_t> others;
  switch (rule) {
    case coin_rule::ruler: {
      // With 2^e | x, the coins x - j for 0 < j < 2^e have lowbit(x - j) = lowbit(j), so the
      // run of the m coins below x has value lowbit(1) ^ ... ^ lowbit(m) = m ^ (m >> 1), the
      // Gray code of m. The run of the target is the inverse Gray code of the target.
      std::uint64_t m = target;
      for (unsigned s = 1; s < 64; s *= 2) m ^= m >> s;
      for (std::uint64_t c = x - m; c < x; ++c) others.push_back(c);
      break;
    }
    case coin_rule::mock_turtles:
      // Odious numbers are the values; an odious target is one coin (the odious number v is
      // coin v >> 1), an evil one the two odious numbers top bit and the rest.
      if (target == 0) break;
      if (std::popcount(target) & 1) {
        others.push_back(target >> 1);
      } else {
        const std::uint64_t top = std::bit_floor(target);
        others = {(target ^ top) >> 1, top >> 1};
      }
      break;
    case coin_rule::twins: others.push_back(target); break;
    case coin_rule::turning_turtles:
      if (target != 0) others.push_back(target);
      break;
  }
  return others;
}

std::uint64_t coins_value(coin_rule rule, std::span<const std::uint64_t> heads) {
  std::uint64_t v = 0;
  for (std::uint64_t x : heads) v ^= coin_value(rule, x);
  return v;
}

std::optional<std::vector<std::uint64_t>> coins_winning_move(coin_rule rule,
                                                             std::span<const std::uint64_t> heads) {
  const std::uint64_t total = coins_value(rule, heads);
  if (total == 0) return std::nullopt;
  // A head whose value has the top bit of the total set can drop to value ^ total.
  for (std::uint64_t x : heads) {
    const std::uint64_t g = coin_value(rule, x);
    if ((g ^ total) < g) {
      std::vector<std::uint64_t> move = coin_move_to(rule, x, g ^ total);
      move.push_back(x);
      return move;
    }
  }
  return std::nullopt;  // unreachable: some head has the top bit of a nonzero total
}

// ---- Products ------------------------------------------------------------------------------

std::optional<coin_product> parse_coin_product(std::string_view name) noexcept {
  if (name == "corners") return coin_product{coin_rule::twins, coin_rule::twins};
  for (char sep : {'*', 'x'}) {
    const std::size_t at = name.find(sep);
    if (at == std::string_view::npos) continue;
    const auto a = parse_coin_rule(name.substr(0, at)), b = parse_coin_rule(name.substr(at + 1));
    if (a && b) return coin_product{*a, *b};
  }
  return std::nullopt;
}

std::uint64_t cell_value(coin_product rule, coin_cell cell) noexcept {
  return nimber::mul(coin_value(rule.first, cell.first), coin_value(rule.second, cell.second));
}

std::uint64_t grid_value(coin_product rule, std::span<const coin_cell> heads) {
  std::uint64_t v = 0;
  for (const coin_cell& c : heads) v ^= cell_value(rule, c);
  return v;
}

namespace {

// Visits u = g ^ a for every a < g: exactly the u != 0 whose highest bit is a bit of g, taken
// by highest bit from the top (the largest block first). Calls f(u) until it returns true;
// false when none did or the budget ran out.
template <class F>
bool for_each_reduction(std::uint64_t g, std::uint64_t& budget, F&& f) {
  for (int h = 63; h >= 0; --h) {
    if (!((g >> h) & 1)) continue;
    const std::uint64_t top = std::uint64_t(1) << h;
    for (std::uint64_t low = 0; low < top; ++low) {
      if (budget-- == 0) return false;
      if (f(top | low)) return true;
    }
  }
  return false;
}

constexpr std::uint64_t kSearchBudget = std::uint64_t(1) << 24;

}  // namespace

std::optional<grid_move> grid_winning_move(coin_product rule, std::span<const coin_cell> heads) {
  const std::uint64_t total = grid_value(rule, heads);
  if (total == 0) return std::nullopt;
  for (const coin_cell& c : heads) {
    const std::uint64_t g1 = coin_value(rule.first, c.first), g2 = coin_value(rule.second, c.second);
    const std::uint64_t g = nimber::mul(g1, g2);
    if ((g ^ total) >= g) continue;
    // Moves A, B of option values a < g1, b < g2 turn the cells A x B, changing the total by
    // (g1 ^ a) * (g2 ^ b); it must become 0. The mex property of the nim product guarantees a
    // solution; search the factor with fewer choices and solve for the other by division.
    // A candidate succeeds with probability about max(g1, g2) / F, F the smallest field
    // 2^(2^k) holding both, so the search is short unless F = 2^64 and max(g1, g2) is
    // below about 2^40.
    const bool first_smaller = g1 <= g2;
    const std::uint64_t small = first_smaller ? g1 : g2, big = first_smaller ? g2 : g1;
    std::uint64_t budget = kSearchBudget, found_small = 0, found_big = 0;
    const bool ok = for_each_reduction(small, budget, [&](std::uint64_t u) {
      const std::uint64_t v = nimber::div(total, u);
      if ((v ^ big) >= big) return false;
      found_small = u;
      found_big = v;
      return true;
    });
    if (!ok)
      throw search_limit_error("grid_winning_move: gave up after 2^24 candidates");
    const std::uint64_t u1 = first_smaller ? found_small : found_big;
    const std::uint64_t u2 = first_smaller ? found_big : found_small;
    grid_move move;
    move.corner = c;
    move.rows = coin_move_to(rule.first, c.first, g1 ^ u1);
    move.rows.push_back(c.first);
    move.columns = coin_move_to(rule.second, c.second, g2 ^ u2);
    move.columns.push_back(c.second);
    return move;
  }
  return std::nullopt;  // unreachable for a nonzero total
}

}  // namespace nimber::games
