// Loopy impartial games: the generalised Sprague-Grundy function of a graph with cycles and
// sums of such games.
//
// On a graph with cycles every position u gets gamma(u): a finite value, or infinity together
// with K(u), the set of finite gamma values among its options, written inf{K} (C. A. B. Smith,
// "Graphs and composite games", J. Combin. Theory 1 (1966); A. S. Fraenkel and Y. Yesha, "The
// generalized Sprague-Grundy function and its invariance under certain mappings", J. Combin.
// Theory A 43 (1986); Winning Ways for your Mathematical Plays, ch. 12). With a counter c (the
// order in which finite values are assigned), gamma is the unique function such that
//   A  gamma(u) = m finite  =>  m = mex of the finite values of u's options;
//   B  gamma(u) = m finite, v an option with gamma(v) > m or infinite  =>  v has an option w
//      with gamma(w) = m and c(w) < c(u)   (every move up can be reversed, with progress);
//   C  gamma(u) infinite  =>  some option v is infinite with mex(finite values of u's options)
//      not in K(v).
// u is lost iff gamma(u) = 0; won iff gamma(u) > 0 finite or 0 in K(u); drawn otherwise. On an
// acyclic graph gamma is the ordinary Grundy value.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/games/graph.hpp"

namespace nimber::games {

// The mark of an infinite gamma. It equals `loopy`: a position whose mex value is defined has
// that value as its gamma, so only positions marked loopy can be infinite.
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
// in the arcs at positions not settled by the mex pass; positions from which play always ends
// take their ordinary Grundy value from one O(V + E) pass first. A position stays unlabelled
// through a round only if it has an option labelled in it, so there are at most max out-degree
// + 2 rounds: O((V + E) * (max finite value + 2)) time in the worst case, O(V + E) memory.
generalized_sg generalized_grundy(const game_graph& g);

// "3", or "inf{0,2}" for infinity with K = {0, 2} ("inf{}" for an empty K); `separator` goes
// between the members of K.
std::string to_string(const generalized_sg& gamma, position u, std::string_view separator = ",");

// ---- Sums ----------------------------------------------------------------------------------

// The value of a sum of loopy games (Smith, "Graphs and composite games"; Fraenkel's survey
// "Complexity, appeal and challenges of combinatorial games", Theoret. Comput. Sci. 313
// (2004)): finite parts add by nim-sum, a ^ inf{K} = inf{K ^ a} (each member XOR a), and
// inf{K} + inf{L} = inf{}. So the sum is lost iff every component is finite with nim-sum 0;
// won iff the nim-sum s is nonzero with all finite, or exactly one component is inf{K} and the
// others' nim-sum s is in K; drawn otherwise (two or more infinite components always draw).
struct loopy_sum {
  std::uint32_t value = 0;         // the nim-sum, or `infinite`
  std::vector<std::uint32_t> k;    // for an infinite sum: its K, increasing
  outcome result = outcome::lose;  // what the value implies for the player to move
};
// Throws game_argument_error when a component is not a position of gamma's graph.
loopy_sum sum_value(const generalized_sg& gamma, std::span<const position> components);

// Every move of the sum to a lost sum position. They are ordered so that the first one is a
// winning strategy: playing always the first listed move wins in finite time, because it
// minimises the sum of the counters of the position left (Fraenkel's counter argument: after
// any reply it drops again). Empty unless the sum is won.
std::vector<sum_move> sum_winning_moves(const game_graph& g, const generalized_sg& gamma,
                                        std::span<const position> components);

}  // namespace nimber::games
