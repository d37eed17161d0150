// Impartial games as directed graphs: a compact graph type, the outcome of every position
// (cycles included) and Grundy values.
//
// A position is a vertex; its options are the vertices its arcs lead to. Under the normal play
// convention a position with no option is lost for the player to move. On a graph with cycles
// play may go on forever, so a position is won, lost or drawn (seed 004, Claim 1):
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
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace nimber::games {

using position = std::uint32_t;

// Bad text input (a game file, a heap-game code, a coin position): where it went wrong
// ("line 3", "digit 4"), the offending token ("" at the end of the input) and what was
// expected there, as a phrase that follows the word "expected".
class parse_error : public std::runtime_error {
 public:
  parse_error(std::string where, std::string token, std::string expected)
      : std::runtime_error(where + ": '" + token + "': expected " + expected),
        where_(std::move(where)), token_(std::move(token)), expected_(std::move(expected)) {}
  const std::string& where() const noexcept { return where_; }
  const std::string& token() const noexcept { return token_; }
  const std::string& expected() const noexcept { return expected_; }

 private:
  std::string where_, token_, expected_;
};

// A finite directed graph in compressed sparse row form: the options of position u are
// targets[first[u] .. first[u+1]). Parallel arcs and self-loops are allowed (a self-loop is a
// move that changes nothing, so a position with one can never be lost).
class game_graph {
 public:
  game_graph() = default;

  // Takes the CSR arrays as they are. Throws std::invalid_argument unless first is
  // non-decreasing from 0 to targets.size() and every target is below first.size() - 1.
  game_graph(std::vector<std::uint64_t> first, std::vector<position> targets);

  // The graph with n positions and one arc per (from, to) pair, options kept in input order.
  // Throws std::invalid_argument when an endpoint is n or more.
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

// The outcome of every position, by retrograde analysis in O(V + E) time and memory.
std::vector<outcome> outcomes(const game_graph& g);

// An option of a won position that is lost for the opponent (a winning move), or nullopt-like
// `no_position` when u is not won.
inline constexpr position no_position = std::numeric_limits<position>::max();
position winning_option(const game_graph& g, std::span<const outcome> outcomes, position u);

// ---- Grundy values -------------------------------------------------------------------------

// Marks a position whose Grundy value the mex rule does not define: it lies on a cycle or
// can reach one. (Such a position may still have a finite generalised Sprague-Grundy value:
// see generalized_grundy below.)
inline constexpr std::uint32_t loopy = std::numeric_limits<std::uint32_t>::max();

// G(u) = mex { G(v) : v an option of u } for every position from which play always ends,
// in O(V + E): positions are taken in reverse topological order (an option before the
// positions that lead to it). Every other position gets `loopy`.
std::vector<std::uint32_t> grundy_values(const game_graph& g);

// ---- Generalised Sprague-Grundy function (loopy games) ------------------------------------
//
// On a graph with cycles every position u gets gamma(u): a finite value, or infinity together
// with K(u), the set of finite gamma values among its options, written inf{K} (C. A. B. Smith,
// "Graphs and composite games", J. Combin. Theory 1 (1966); A. S. Fraenkel and Y. Yesha, "The
// generalized Sprague-Grundy function and its invariance under certain mappings", J. Combin.
// Theory A 43 (1986); Winning Ways ch. 12). With a counter c (the order in which finite values
// are assigned), gamma is the unique function such that
//   A  gamma(u) = m finite  =>  m = mex of the finite values of u's options;
//   B  gamma(u) = m finite, v an option with gamma(v) > m or infinite  =>  v has an option w
//      with gamma(w) = m and c(w) < c(u)   (every move up can be reversed, with progress);
//   C  gamma(u) infinite  =>  some option v is infinite with mex(finite values of u's options)
//      not in K(v).
// u is lost iff gamma(u) = 0; won iff gamma(u) > 0 finite or 0 in K(u); drawn otherwise. On an
// acyclic graph gamma is the ordinary Grundy value.
inline constexpr std::uint32_t infinite = loopy;

struct generalized_sg {
  std::vector<std::uint32_t> value;    // gamma(u), or `infinite`
  std::vector<std::uint32_t> counter;  // c(u): increasing with the value; `infinite` if infinite
  std::vector<std::uint64_t> k_first;  // K(u) = k_values[k_first[u] .. k_first[u+1])
  std::vector<std::uint32_t> k_values;

  bool is_finite(position u) const noexcept { return value[u] != infinite; }
  // K(u) in increasing order; empty for a finite position.
  std::span<const std::uint32_t> k(position u) const noexcept {
    return {k_values.data() + k_first[u], k_values.data() + k_first[u + 1]};
  }
  // The outcome the value implies (same as outcomes(g)).
  outcome outcome_of(position u) const noexcept {
    if (is_finite(u)) return value[u] == 0 ? outcome::lose : outcome::win;
    const auto ks = k(u);
    return !ks.empty() && ks.front() == 0 ? outcome::win : outcome::draw;
  }
};

// gamma of every position (Fraenkel and Yesha's labelling): for m = 0, 1, 2, ... label m each
// unlabelled position with no option labelled m all of whose options that are unlabelled or
// infinite have an option labelled m; then every unlabelled position with no option labelled m
// becomes infinite. Each round is a retrograde propagation with per-position counters, linear
// in the arcs at positions not settled by the mex pass; positions from which play always ends take
// their ordinary Grundy value from one O(V + E) pass first. A position stays unlabelled through
// a round only if it has an option labelled in it, so there are at most max out-degree + 2
// rounds: O((V + E) * (max finite value + 2)) time in the worst case, O(V + E) memory.
generalized_sg generalized_grundy(const game_graph& g);

// "3", or "inf{0,2}" for infinity with K = {0, 2} ("inf{}" for an empty K); `separator` goes
// between the members of K.
std::string to_string(const generalized_sg& gamma, position u, std::string_view separator = ",");

// ---- Sums ----------------------------------------------------------------------------------

// A move in a sum of games: replace component `component` by its option `to`.
struct sum_move {
  std::size_t component;
  position to;
  friend bool operator==(const sum_move&, const sum_move&) = default;
};

// The Grundy value of the sum of the positions `components` of g (all in one graph; one
// position may appear several times): the nim-sum (XOR) of their values (Sprague-Grundy
// theorem). Throws std::invalid_argument when one of them is loopy.
std::uint32_t sum_value(std::span<const std::uint32_t> grundy,
                        std::span<const position> components);

// Every move of the sum that leaves nim-sum 0, in component order then option order; empty
// when the sum is lost. Throws std::invalid_argument when a component is loopy.
std::vector<sum_move> sum_winning_moves(const game_graph& g, std::span<const std::uint32_t> grundy,
                                        std::span<const position> components);

// The value of a sum of loopy games (Smith 1966; Fraenkel's survey "Complexity, appeal and
// challenges of combinatorial games", Theoret. Comput. Sci. 313 (2004)): finite parts add by
// nim-sum, a ^ inf{K} = inf{K ^ a} (each member XOR a), and inf{K} + inf{L} = inf{}. So the sum
// is lost iff every component is finite with nim-sum 0; won iff the nim-sum s is nonzero with
// all finite, or exactly one component is inf{K} and the others' nim-sum s is in K; drawn
// otherwise (two or more infinite components always draw).
struct loopy_sum {
  std::uint32_t value = 0;         // the nim-sum, or `infinite`
  std::vector<std::uint32_t> k;    // for an infinite sum: its K, increasing
  outcome result = outcome::lose;  // what the value implies for the player to move
};
// Throws std::invalid_argument when a component is not a position of gamma's graph.
loopy_sum sum_value(const generalized_sg& gamma, std::span<const position> components);

// Every move of the sum to a lost sum position. They are ordered so that the first one is a
// winning strategy: playing always the first listed move wins in finite time, because it
// minimises the sum of the counters of the position left (Fraenkel's counter argument: after
// any reply it drops again). Empty unless the sum is won.
std::vector<sum_move> sum_winning_moves(const game_graph& g, const generalized_sg& gamma,
                                        std::span<const position> components);

// ---- Text format ---------------------------------------------------------------------------
//
//   # a comment runs from '#' to the end of the line; blank lines are skipped
//   N M        the header: N positions numbered 0 .. N-1 (N < 2^32) and M moves
//   u v        then exactly M lines, one move each: from position u to position v
//
// Numbers are decimal. Throws parse_error naming the line (1-based) and the token.
game_graph read_game_graph(std::string_view text);

// Writes g in the format above (no comments).
std::string write_game_graph(const game_graph& g);

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
// graph. Throws std::length_error if more than max_positions positions are reachable.
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
        throw std::length_error("explore: more than max_positions positions");
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

// The product A x B of seed 004, Def. 12: a position is a set S of cells (a, b); a move picks a
// cell (a, b) in S and options a' of a and b' of b, and toggles the four cells (a, b), (a', b),
// (a, b'), (a', b') in S. The Tartan theorem (Winning Ways ch. 14) says that the Grundy value
// of the single cell {(a, b)} is G(a) * G(b), the nim product. Built by exploring from
// {(start_a, start_b)}; a set is a bit mask over cells, bit a * |B| + b, so |A| |B| <= 64.
// Throws std::invalid_argument when |A| |B| > 64, std::length_error past max_positions.
explored_game<std::uint64_t> product_game(const game_graph& a, const game_graph& b,
                                          position start_a, position start_b,
                                          std::size_t max_positions = std::size_t(1) << 22);

}  // namespace nimber::games
