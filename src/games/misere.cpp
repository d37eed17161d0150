#include "nimber/games/misere.hpp"

#include "nimber/games/error.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace nimber::games {

namespace {

struct nim_summary {
  std::uint64_t nim_sum = 0;
  std::size_t large = 0;  // heaps of two or more
  std::size_t ones = 0;   // heaps of one
};

nim_summary summarise(std::span<const std::uint64_t> heaps) noexcept {
  nim_summary s;
  for (const std::uint64_t h : heaps) {
    s.nim_sum ^= h;
    s.large += h >= 2;
    s.ones += h == 1;
  }
  return s;
}

bool wins(const nim_summary& s) noexcept { return s.large == 0 ? s.ones % 2 == 0 : s.nim_sum != 0; }

}  // namespace

bool misere_nim_wins(std::span<const std::uint64_t> heaps) noexcept { return wins(summarise(heaps)); }

std::vector<nim_move> misere_nim_winning_moves(std::span<const std::uint64_t> heaps) {
  const nim_summary all = summarise(heaps);
  std::vector<nim_move> moves;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t h = heaps[i];
    if (h == 0) continue;
    // The other heaps, and the position after heap i becomes t.
    const nim_summary others{all.nim_sum ^ h, all.large - (h >= 2), all.ones - (h == 1)};
    const auto loses_after = [&others](std::uint64_t t) {
      nim_summary after{others.nim_sum ^ t, others.large + (t >= 2), others.ones + (t == 1)};
      return !wins(after);
    };
    // A losing position with a heap of two or more has nim-sum 0: the one candidate is the
    // nim-sum of the others. One with none holds only heaps of 0 and 1: the candidates 1, 0.
    std::vector<std::uint64_t> targets;
    for (const std::uint64_t t : {others.nim_sum, std::uint64_t{1}, std::uint64_t{0}})
      if (t < h && loses_after(t) && std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    std::sort(targets.rbegin(), targets.rend());
    for (const std::uint64_t t : targets) moves.push_back({i, t});
  }
  return moves;
}

namespace {

// The sums reachable from a start, each a sorted list of components, numbered in the order
// found, with the moves between them.
class sum_space {
 public:
  sum_space(const game_graph& g, std::uint64_t max_positions) : g_(g), max_(max_positions) {}

  position id(std::vector<position> sum) {
    std::sort(sum.begin(), sum.end());
    const auto [it, added] = ids_.try_emplace(sum, position(sums_.size()));
    if (added) {
      if (sums_.size() >= max_)
        throw std::length_error("misère sum: more than " + std::to_string(max_) + " sums reachable");
      sums_.push_back(std::move(sum));
    }
    return it->second;
  }

  // Every sum reachable from `start` and the moves between them, as a graph.
  game_graph explore(const std::vector<position>& start) {
    std::vector<std::pair<position, position>> moves;
    id(start);
    for (std::size_t u = 0; u < sums_.size(); ++u) {
      const std::vector<position> sum = sums_[u];  // copied: sums_ grows below
      for (std::size_t i = 0; i < sum.size(); ++i) {
        if (i > 0 && sum[i] == sum[i - 1]) continue;  // the same moves as the copy before it
        for (const position v : g_.options(sum[i])) {
          std::vector<position> next = sum;
          next[i] = v;
          moves.emplace_back(position(u), id(std::move(next)));
        }
      }
    }
    return game_graph::from_edges(sums_.size(), moves);
  }

 private:
  const game_graph& g_;
  std::uint64_t max_;
  std::map<std::vector<position>, position> ids_;
  std::vector<std::vector<position>> sums_;
};

}  // namespace

misere_sum_result misere_sum(const game_graph& g, std::span<const position> components,
                             std::uint64_t max_positions) {
  for (const position u : components)
    if (u >= g.size())
      throw game_argument_error("misère sum: position " + std::to_string(u) + " is not in a graph of " +
                                std::to_string(g.size()) + " positions");
  sum_space space(g, max_positions);
  const std::vector<position> start(components.begin(), components.end());
  const game_graph sums = space.explore(start);
  const std::vector<outcome> o = outcomes(sums, play_convention::misere);
  misere_sum_result r;
  r.positions = sums.size();
  r.result = o[0];
  for (std::size_t i = 0; i < start.size(); ++i)
    for (const position v : g.options(start[i])) {
      std::vector<position> next = start;
      next[i] = v;
      if (o[space.id(std::move(next))] == outcome::lose) r.winning_moves.push_back({i, v});
    }
  return r;
}

}  // namespace nimber::games
