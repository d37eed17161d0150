// Impartial games as directed graphs: a compact graph type, the outcome of every position
// (cycles included), Grundy values, sums, games given by a move generator and products.
// The generalised Sprague-Grundy function of graphs with cycles is in loopy.hpp, the text
// format in game_file.hpp; both are included at the end of this header.
//
// A position is a vertex; its options are the vertices its arcs lead to. Under the normal play
// convention a position with no option is lost for the player to move. On a graph with cycles
// play may go on forever, so a position is won, lost or drawn (C. A. B. Smith, "Graphs and
// composite games"; Winning Ways for your Mathematical Plays, ch. 12):
//   lost  when every option is won (in particular when there is none),
//   won   when some option is lost,
//   drawn otherwise.
// Retrograde analysis decides them all in O(V + E) by working backwards from the terminal
// positions, keeping for each position the count of its options not yet known to be won.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nimber/games/error.hpp"

namespace nimber::games {

using position = std::uint32_t;

// A finite directed graph in compressed sparse row form: the options of position u are
// targets[first[u] .. first[u+1]). Parallel arcs and self-loops are allowed (a self-loop is a
// move that changes nothing, so a position with one can never be lost).
class game_graph {
 public:
  game_graph() = default;

  // Takes the CSR arrays as they are. Throws game_argument_error (a std::invalid_argument)
  // unless first is non-decreasing from 0 to targets.size() and every target is below
  // first.size() - 1.
  game_graph(std::vector<std::uint64_t> first, std::vector<position> targets);

  // The graph with n positions and one arc per (from, to) pair, options kept in input order.
  // Throws game_argument_error when an endpoint is n or more.
  static game_graph from_edges(std::size_t n, std::span<const position> from,
                               std::span<const position> to);
  static game_graph from_edges(std::size_t n,
                               std::span<const std::pair<position, position>> edges);

  std::size_t size() const noexcept { return first_.size() - 1; }
  std::uint64_t edge_count() const noexcept { return targets_.size(); }
  std::span<const position> options(position u) const noexcept {
    return {targets_.data() + first_[u], targets_.data() + first_[u + 1]};
  }
  std::size_t option_count(position u) const noexcept {
    return std::size_t(first_[u + 1] - first_[u]);
  }

  // The same positions with every arc turned round: the options of u become the positions
  // that have u as an option.
  game_graph reversed() const;

  std::span<const std::uint64_t> first() const noexcept { return first_; }
  std::span<const position> targets() const noexcept { return targets_; }

 private:
  std::vector<std::uint64_t> first_{0};
  std::vector<position> targets_;
};

// ---- Outcomes ----------------------------------------------------------------------------

enum class outcome : std::uint8_t {
  draw = 0,  // neither player can force a win: best play goes on forever
  win = 1,   // the player to move wins (an N-position)
  lose = 2,  // the player to move loses (a P-position)
};

const char* to_string(outcome o) noexcept;  // "draw", "win", "lose"

// Who wins when nobody can move: in normal play the player who made the last move; in misère
// play the player who cannot move.
enum class play_convention : std::uint8_t { normal, misere };

// The outcome of every position, by retrograde analysis in O(V + E) time and memory: the
// positions without options are lost (normal play) or won (misère play), a position with a
// lost option is won, one whose options are all won is lost, and the rest are drawn.
std::vector<outcome> outcomes(const game_graph& g, play_convention play = play_convention::normal);

// An option of a won position that is lost for the opponent (a winning move), or nullopt-like
// `no_position` when u is not won.
inline constexpr position no_position = std::numeric_limits<position>::max();
position winning_option(const game_graph& g, std::span<const outcome> outcomes, position u);

// ---- Grundy values -------------------------------------------------------------------------

// Marks a position whose Grundy value the mex rule does not define: it lies on a cycle or
// can reach one. (Such a position may still have a finite generalised Sprague-Grundy value:
// see generalized_grundy in loopy.hpp.)
inline constexpr std::uint32_t loopy = std::numeric_limits<std::uint32_t>::max();

// G(u) = mex { G(v) : v an option of u } for every position from which play always ends,
// in O(V + E): positions are taken in reverse topological order (an option before the
// positions that lead to it). Every other position gets `loopy`.
std::vector<std::uint32_t> grundy_values(const game_graph& g);

// ---- Sums ----------------------------------------------------------------------------------

// A move in a sum of games: replace component `component` by its option `to`.
struct sum_move {
  std::size_t component;
  position to;
  friend bool operator==(const sum_move&, const sum_move&) = default;
};

// The Grundy value of the sum of the positions `components` of g (all in one graph; one
// position may appear several times): the nim-sum (XOR) of their values (Sprague-Grundy
// theorem). Throws game_argument_error when one of them is loopy.
std::uint32_t sum_value(std::span<const std::uint32_t> grundy,
                        std::span<const position> components);

// Every move of the sum that leaves nim-sum 0, in component order then option order; empty
// when the sum is lost. Throws game_argument_error when a component is loopy.
std::vector<sum_move> sum_winning_moves(const game_graph& g, std::span<const std::uint32_t> grundy,
                                        std::span<const position> components);

// ---- Games given by a move generator -------------------------------------------------------

// A game whose positions are values of type P, with a generator that appends the options of
// a position to a vector. Positions must be hashable and comparable for equality.
template <class G>
concept implicit_game =
    requires(const G& game, const typename G::position_type& p,
             std::vector<typename G::position_type>& out) {
      game.options(p, out);
      { std::hash<typename G::position_type>{}(p) } -> std::convertible_to<std::size_t>;
      { p == p } -> std::convertible_to<bool>;
    };

template <class P>
struct explored_game {
  game_graph graph;          // positions numbered in breadth-first order, starts first
  std::vector<P> positions;  // positions[i] is vertex i
};

// Numbers every position reachable from `starts` (duplicates share a number) and builds the
// graph. Throws game_size_error (a std::length_error) if more than max_positions positions are
// reachable.
template <implicit_game G>
explored_game<typename G::position_type> explore(
    const G& game, std::span<const typename G::position_type> starts,
    std::size_t max_positions = std::size_t(1) << 24) {
  using P = typename G::position_type;
  explored_game<P> result;
  std::unordered_map<P, position> index;
  auto number = [&](const P& p) {
    auto [it, inserted] = index.try_emplace(p, position(result.positions.size()));
    if (inserted) {
      if (result.positions.size() >= max_positions)
        throw game_size_error("explore: more than max_positions positions");
      result.positions.push_back(p);
    }
    return it->second;
  };
  for (const P& s : starts) number(s);
  std::vector<std::uint64_t> first{0};
  std::vector<position> targets;
  std::vector<P> options;
  for (std::size_t i = 0; i < result.positions.size(); ++i) {
    options.clear();
    const P current = result.positions[i];  // a copy: positions may reallocate below
    game.options(current, options);
    for (const P& q : options) targets.push_back(number(q));
    first.push_back(targets.size());
  }
  result.graph = game_graph(std::move(first), std::move(targets));
  return result;
}

// ---- Products of games ---------------------------------------------------------------------

// The product A x B (the tartan of Winning Ways for your Mathematical Plays, ch. 14): a
// position is a set S of cells (a, b); a move picks a cell (a, b) in S and options a' of a and
// b' of b, and toggles the four cells (a, b), (a', b), (a, b'), (a', b') in S. The Tartan
// theorem says that the Grundy value of the single cell {(a, b)} is G(a) * G(b), the nim
// product. Built by exploring from {(start_a, start_b)}; a set is a bit mask over cells, bit
// a * |B| + b, so |A| |B| <= 64. Throws game_argument_error when |A| |B| > 64 or a start is
// out of range, game_size_error past max_positions.
explored_game<std::uint64_t> product_game(const game_graph& a, const game_graph& b,
                                          position start_a, position start_b,
                                          std::size_t max_positions = std::size_t(1) << 22);

}  // namespace nimber::games

// Declared in headers of their own, which need game_graph complete; included here so that
// graph.hpp alone still offers the whole graph interface.
#include "nimber/games/game_file.hpp"
#include "nimber/games/loopy.hpp"
