// Helpers of the game graph tests: random graphs and the sum of components of one graph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "nimber/games/graph.hpp"

namespace games_test {

// n positions of up to max_out options each, all options lower when acyclic (so no cycle),
// anywhere otherwise.
inline nimber::games::game_graph random_graph(std::mt19937_64& rng, std::size_t n, std::size_t max_out, bool acyclic) {
  std::vector<nimber::games::position> from, to;
  for (nimber::games::position u = 0; u < n; ++u) {
    const std::size_t k = rng() % (max_out + 1);
    for (std::size_t i = 0; i < k; ++i) {
      if (acyclic) {
        if (u == 0) break;
        from.push_back(u);
        to.push_back(nimber::games::position(rng() % u));  // options only lower: no cycle
      } else {
        from.push_back(u);
        to.push_back(nimber::games::position(rng() % n));
      }
    }
  }
  return nimber::games::game_graph::from_edges(n, from, to);
}

// The sum of several components of one graph (under 256 positions), as an implicit
// game whose position packs one component a byte.
struct sum_game {
  using position_type = std::uint64_t;
  const nimber::games::game_graph* g;
  std::size_t components;
  void options(std::uint64_t p, std::vector<std::uint64_t>& out) const {
    for (std::size_t i = 0; i < components; ++i)
      for (nimber::games::position v : g->options(nimber::games::position((p >> (8 * i)) & 255)))
        out.push_back((p & ~(std::uint64_t(255) << (8 * i))) | (std::uint64_t(v) << (8 * i)));
  }
  std::vector<nimber::games::position> unpack(std::uint64_t p) const {
    std::vector<nimber::games::position> r(components);
    for (std::size_t i = 0; i < components; ++i) r[i] = nimber::games::position((p >> (8 * i)) & 255);
    return r;
  }
};

// How many options of x are lost positions: the winning moves from x.
inline std::size_t lost_options(const nimber::games::game_graph& g, const std::vector<nimber::games::outcome>& o,
                                nimber::games::position x) {
  std::size_t lost = 0;
  for (const nimber::games::position y : g.options(x)) lost += o[y] == nimber::games::outcome::lose;
  return lost;
}

// The sum graph of the components `start` of rules.g, explored from that position.
inline auto explore_sum(const sum_game& rules, const std::vector<nimber::games::position>& start) {
  std::uint64_t packed = 0;
  for (std::size_t i = 0; i < start.size(); ++i) packed |= std::uint64_t(start[i]) << (8 * i);
  return nimber::games::explore(rules, std::span<const std::uint64_t>(&packed, 1));
}

}  // namespace games_test
