// Misère play: the player who cannot move wins. Sprague-Grundy values no longer add; what
// holds for Nim is Bouton's misère rule (C. L. Bouton, "Nim, a game with a complete
// mathematical theory", Annals of Mathematics 3 (1901)): play as in normal play until a move
// would leave no heap of two or more, then leave an odd number of heaps of one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::games {

// Whether the player to move wins misère Nim: with no heap of two or more, exactly when the
// heaps of one are even in number (none at all: the player to move has no move, and wins);
// otherwise exactly when the nim-sum is nonzero.
bool misere_nim_wins(std::span<const std::uint64_t> heaps) noexcept;

// The misère outcome of a sum of positions of g (one position may appear several times), by
// retrograde analysis of the sums reachable from it: a sum is the multiset of its components,
// so a sum of n copies of one game has as many positions as multisets, not tuples. Works on
// graphs with cycles (a sum may be drawn). winning_moves: every move of the sum to a lost sum,
// in component order, then option order.
struct misere_sum_result {
  outcome result = outcome::draw;
  std::vector<sum_move> winning_moves;
  std::uint64_t positions = 0;  // sums searched
};

// Throws game_argument_error when a component is not a position of g, and std::length_error
// when more than max_positions sums are reachable (nothing is decided then).
misere_sum_result misere_sum(const game_graph& g, std::span<const position> components,
                             std::uint64_t max_positions);

// Every winning move of misère Nim (every move to a position the player to move loses), heap
// by heap, each heap's targets in decreasing order; empty when the position is lost or has no
// move.
std::vector<nim_move> misere_nim_winning_moves(std::span<const std::uint64_t> heaps);

}  // namespace nimber::games
