// Misère play: the player who cannot move wins. Sprague-Grundy values no longer add; what
// holds for Nim is Bouton's misère rule (C. L. Bouton, "Nim, a game with a complete
// mathematical theory", Annals of Mathematics 3 (1901)): play as in normal play until a move
// would leave no heap of two or more, then leave an odd number of heaps of one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nimber/games/heap.hpp"

namespace nimber::games {

// Whether the player to move wins misère Nim: with no heap of two or more, exactly when the
// heaps of one are even in number (none at all: the player to move has no move, and wins);
// otherwise exactly when the nim-sum is nonzero.
bool misere_nim_wins(std::span<const std::uint64_t> heaps) noexcept;

// Every winning move of misère Nim (every move to a position the player to move loses), heap
// by heap, each heap's targets in decreasing order; empty when the position is lost or has no
// move.
std::vector<nim_move> misere_nim_winning_moves(std::span<const std::uint64_t> heaps);

}  // namespace nimber::games
