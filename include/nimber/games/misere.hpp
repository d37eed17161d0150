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
#include "nimber/games/misere_forms.hpp"

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

// G+ (normal play) and G- (misère play) Grundy values of the positions of g whose game tree
// is finite (no cycle reachable), and which of them are tame as they stand: (G+, G-) is
// (0, 1), (1, 0) or (a, a), and every option is tame (Conway, "On Numbers and Games",
// ch. 12). A tame position's genus is 0^120, 1^031 or a^(a, a xor 2); a sum of tame positions
// is decided by tame_sum_next_player_wins. A position may equal a tame game without being tame
// as it stands (a wild option that reverses): it is not marked. O(V + E).
struct misere_graph_values {
  std::vector<bool> finite, tame;
  std::vector<std::uint32_t> normal, misere;  // 0 where not finite
};
misere_graph_values misere_values(const game_graph& g);

// The misère outcome and every winning move of a sum of tame positions (v = misere_values(g)),
// by the genus rule (tame_sum_next_player_wins) in O(components + their options): the options
// of a tame position are tame, so each move's result follows from the same rule. The winning
// moves are in the order of misere_sum's; positions is 0 (nothing is searched). Throws
// game_argument_error when a component is not a tame position of g.
misere_sum_result tame_misere_sum(const game_graph& g, const misere_graph_values& v, std::span<const position> sum);

// The genus of every position of g, each from its options' genera. Throws game_argument_error
// when g has a position from which play can go on forever (genus is defined for finite games):
// its message names such a position.
std::vector<misere_genus> graph_genus(const game_graph& g);

}  // namespace nimber::games
