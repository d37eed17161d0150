// Misère values, tameness and genus of the positions of a game graph (nimber/games/misere.hpp),
// each found from its options' once they are known: positions are taken in reverse
// topological order, counting for each the options not yet done (Kahn's algorithm run on the
// reversed graph), so positions that can reach a cycle are never done.
#include <string>
#include <vector>

#include "nimber/games/misere.hpp"

namespace nimber::games {

namespace {

// The positions whose every option comes earlier, in that order; the rest can reach a cycle.
std::vector<position> finite_order(const game_graph& g) {
  const game_graph back = g.reversed();
  std::vector<std::uint64_t> pending(g.size());
  std::vector<position> order;
  for (std::size_t u = 0; u < g.size(); ++u) {
    pending[u] = g.option_count(position(u));
    if (pending[u] == 0) order.push_back(position(u));
  }
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const position p : back.options(order[i]))
      if (--pending[p] == 0) order.push_back(p);
  return order;
}

std::uint32_t mex(std::vector<bool>& seen) {
  std::uint32_t v = 0;
  while (v < seen.size() && seen[v]) ++v;
  return v;
}

}  // namespace

misere_graph_values misere_values(const game_graph& g) {
  misere_graph_values r;
  r.finite.assign(g.size(), false);
  r.tame.assign(g.size(), false);
  r.normal.assign(g.size(), 0);
  r.misere.assign(g.size(), 0);
  std::vector<bool> plus, minus;
  for (const position u : finite_order(g)) {
    const auto options = g.options(u);
    plus.assign(options.size() + 1, false);
    minus.assign(options.size() + 1, false);
    bool options_tame = true;
    for (const position v : options) {
      // A value above the option count cannot be the mex: only the smaller ones are kept.
      if (r.normal[v] <= options.size()) plus[r.normal[v]] = true;
      if (r.misere[v] <= options.size()) minus[r.misere[v]] = true;
      options_tame = options_tame && r.tame[v];
    }
    r.finite[u] = true;
    r.normal[u] = mex(plus);
    r.misere[u] = options.empty() ? 1 : mex(minus);
    const std::uint32_t a = r.normal[u], b = r.misere[u];
    r.tame[u] = options_tame && (a == b || (a | b) <= 1);
  }
  return r;
}

std::vector<misere_genus> graph_genus(const game_graph& g) {
  const std::vector<position> order = finite_order(g);
  std::vector<bool> done(g.size(), false);
  for (const position u : order) done[u] = true;
  for (std::size_t u = 0; u < g.size(); ++u)
    if (!done[u])
      throw game_argument_error("position " + std::to_string(u) +
                                " can reach a cycle: genus is defined for games that end");
  std::vector<misere_genus> genera(g.size());
  std::vector<const misere_genus*> options;
  for (const position u : order) {
    options.clear();
    for (const position v : g.options(u)) options.push_back(&genera[v]);
    genera[u] = genus_from_options(options);
  }
  return genera;
}

misere_sum_result tame_misere_sum(const game_graph& g, const misere_graph_values& v,
                                  std::span<const position> sum) {
  std::uint32_t x = 0;
  std::size_t firm = 0;
  for (const position u : sum) {
    if (u >= g.size() || !v.tame[u])
      throw game_argument_error("position " + std::to_string(u) + " is not a tame position of the graph");
    x ^= v.normal[u], firm += !fickle(v.normal[u], v.misere[u]);
  }
  misere_sum_result result;
  result.result = tame_sum_next_player_wins(x, firm == 0) ? outcome::win : outcome::lose;
  if (result.result == outcome::lose) return result;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    const position u = sum[i];
    const std::size_t others_firm = firm - !fickle(v.normal[u], v.misere[u]);
    for (const position to : g.options(u)) {
      const bool all_fickle = others_firm == 0 && fickle(v.normal[to], v.misere[to]);
      if (!tame_sum_next_player_wins(x ^ v.normal[u] ^ v.normal[to], all_fickle)) result.winning_moves.push_back({i, to});
    }
  }
  return result;
}

}  // namespace nimber::games
