// Game graphs: construction, outcomes by retrograde analysis, Grundy values by the mex rule,
// sums of games whose play always ends, and products of small games.
#include "nimber/games/graph.hpp"

#include <algorithm>
#include <bit>

#include "games/acyclic_grundy.hpp"

namespace nimber::games {

game_graph::game_graph(std::vector<std::uint64_t> first, std::vector<position> targets)
    : first_(std::move(first)), targets_(std::move(targets)) {
  if (first_.empty() || first_.front() != 0 || first_.back() != targets_.size())
    throw game_argument_error("game_graph: first must run from 0 to targets.size()");
  if (first_.size() - 1 > std::size_t(no_position))
    throw game_argument_error("game_graph: too many positions");
  for (std::size_t i = 1; i < first_.size(); ++i)
    if (first_[i] < first_[i - 1])
      throw game_argument_error("game_graph: first must be non-decreasing");
  const std::size_t n = first_.size() - 1;
  for (position v : targets_)
    if (v >= n) throw game_argument_error("game_graph: option out of range");
}

game_graph game_graph::from_edges(std::size_t n, std::span<const position> from,
                                  std::span<const position> to) {
  if (from.size() != to.size()) throw game_argument_error("from_edges: length mismatch");
  if (n > std::size_t(no_position)) throw game_argument_error("from_edges: too many positions");
  // Counting sort by source keeps each position's options in input order.
  std::vector<std::uint64_t> first(n + 1, 0);
  for (std::size_t i = 0; i < from.size(); ++i) {
    if (from[i] >= n || to[i] >= n) throw game_argument_error("from_edges: endpoint out of range");
    ++first[from[i] + 1];
  }
  for (std::size_t u = 0; u < n; ++u) first[u + 1] += first[u];
  std::vector<position> targets(from.size());
  std::vector<std::uint64_t> next(first.begin(), first.end() - 1);
  for (std::size_t i = 0; i < from.size(); ++i) targets[next[from[i]]++] = to[i];
  game_graph g;
  g.first_ = std::move(first);
  g.targets_ = std::move(targets);
  return g;
}

game_graph game_graph::from_edges(std::size_t n,
                                  std::span<const std::pair<position, position>> edges) {
  std::vector<position> from(edges.size()), to(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    from[i] = edges[i].first;
    to[i] = edges[i].second;
  }
  return from_edges(n, from, to);
}

game_graph game_graph::reversed() const {
  const std::size_t n = size();
  std::vector<std::uint64_t> first(n + 1, 0);
  for (position v : targets_) ++first[v + 1];
  for (std::size_t u = 0; u < n; ++u) first[u + 1] += first[u];
  std::vector<position> targets(targets_.size());
  std::vector<std::uint64_t> next(first.begin(), first.end() - 1);
  for (std::size_t u = 0; u < n; ++u)
    for (std::uint64_t e = first_[u]; e < first_[u + 1]; ++e)
      targets[next[targets_[e]]++] = position(u);
  game_graph r;
  r.first_ = std::move(first);
  r.targets_ = std::move(targets);
  return r;
}

// ---- Outcomes ------------------------------------------------------------------------------

const char* to_string(outcome o) noexcept {
  switch (o) {
    case outcome::win: return "win";
    case outcome::lose: return "lose";
    case outcome::draw: break;
  }
  return "draw";
}

std::vector<outcome> outcomes(const game_graph& g, play_convention play) {
  const std::size_t n = g.size();
  const game_graph back = g.reversed();
  std::vector<outcome> result(n, outcome::draw);
  // pending[u]: options of u not yet known to be won; u is lost when it reaches 0.
  std::vector<std::uint64_t> pending(n);
  std::vector<position> queue;  // decided positions whose predecessors are still to update
  queue.reserve(n);
  for (std::size_t u = 0; u < n; ++u) {
    pending[u] = g.option_count(position(u));
    if (pending[u] == 0) {
      result[u] = play == play_convention::normal ? outcome::lose : outcome::win;
      queue.push_back(position(u));
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const position v = queue[head];
    const bool v_lost = result[v] == outcome::lose;
    for (position u : back.options(v)) {
      if (result[u] != outcome::draw) continue;
      if (v_lost) {
        result[u] = outcome::win;
        queue.push_back(u);
      } else if (--pending[u] == 0) {
        result[u] = outcome::lose;
        queue.push_back(u);
      }
    }
  }
  return result;
}

position winning_option(const game_graph& g, std::span<const outcome> outcomes, position u) {
  if (outcomes[u] != outcome::win) return no_position;
  for (position v : g.options(u))
    if (outcomes[v] == outcome::lose) return v;
  return no_position;  // unreachable for outcomes computed from g
}

// ---- Grundy values ------------------------------------------------------------------------

namespace detail {

std::vector<std::uint32_t> acyclic_grundy(const game_graph& g, const game_graph& back,
                                          std::vector<position>& order) {
  const std::size_t n = g.size();
  std::vector<std::uint32_t> value(n, loopy);
  std::vector<std::uint64_t> pending(n);  // options whose value is not yet known
  std::vector<position>& queue = order;
  queue.clear();
  queue.reserve(n);
  std::size_t max_options = 0;
  for (std::size_t u = 0; u < n; ++u) {
    pending[u] = g.option_count(position(u));
    max_options = std::max(max_options, std::size_t(pending[u]));
    if (pending[u] == 0) queue.push_back(position(u));
  }
  // seen[x] == stamp marks x as an option value of the current position; a mex is at most the
  // number of options, so larger values need no mark.
  std::vector<std::uint64_t> seen(max_options + 1, 0);
  std::uint64_t stamp = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const position v = queue[head];
    ++stamp;
    const auto opts = g.options(v);
    for (position w : opts)
      if (value[w] < seen.size()) seen[value[w]] = stamp;
    std::uint32_t mex = 0;
    while (mex < seen.size() && seen[mex] == stamp) ++mex;
    value[v] = mex;
    for (position u : back.options(v))
      if (--pending[u] == 0) queue.push_back(u);
  }
  return value;
}

}  // namespace detail

std::vector<std::uint32_t> grundy_values(const game_graph& g) {
  std::vector<position> order;
  return detail::acyclic_grundy(g, g.reversed(), order);
}

// ---- Sums ----------------------------------------------------------------------------------

std::uint32_t sum_value(std::span<const std::uint32_t> grundy,
                        std::span<const position> components) {
  std::uint32_t x = 0;
  for (position c : components) {
    if (grundy[c] == loopy) throw game_argument_error("sum_value: a component is loopy");
    x ^= grundy[c];
  }
  return x;
}

std::vector<sum_move> sum_winning_moves(const game_graph& g, std::span<const std::uint32_t> grundy,
                                        std::span<const position> components) {
  const std::uint32_t x = sum_value(grundy, components);
  std::vector<sum_move> moves;
  if (x == 0) return moves;
  for (std::size_t i = 0; i < components.size(); ++i) {
    // Any option of value G ^ x zeroes the sum, also one above G (an option may exceed the mex).
    const std::uint32_t target = grundy[components[i]] ^ x;
    for (position v : g.options(components[i]))
      if (grundy[v] == target) moves.push_back({i, v});
  }
  return moves;
}

// ---- Products ------------------------------------------------------------------------------

namespace {

struct product_rules {
  using position_type = std::uint64_t;
  const game_graph* a;
  const game_graph* b;
  void options(std::uint64_t set, std::vector<std::uint64_t>& out) const {
    const std::size_t nb = b->size();
    for (std::uint64_t rest = set; rest != 0; rest &= rest - 1) {
      const unsigned cell = unsigned(std::countr_zero(rest));
      const position x = position(cell / nb), y = position(cell % nb);
      for (position x2 : a->options(x))
        for (position y2 : b->options(y)) {
          const std::uint64_t flip = (std::uint64_t(1) << cell) |
                                     (std::uint64_t(1) << (x2 * nb + y)) |
                                     (std::uint64_t(1) << (x * nb + y2)) |
                                     (std::uint64_t(1) << (x2 * nb + y2));
          out.push_back(set ^ flip);
        }
    }
  }
};

}  // namespace

explored_game<std::uint64_t> product_game(const game_graph& a, const game_graph& b,
                                          position start_a, position start_b,
                                          std::size_t max_positions) {
  if (a.size() * b.size() > 64 || start_a >= a.size() || start_b >= b.size())
    throw game_argument_error("product_game: more than 64 cells or a start out of range");
  const std::uint64_t start = std::uint64_t(1) << (start_a * b.size() + start_b);
  return explore(product_rules{&a, &b}, std::span<const std::uint64_t>(&start, 1), max_positions);
}

}  // namespace nimber::games
