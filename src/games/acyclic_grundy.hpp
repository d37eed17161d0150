// The mex pass that graph.cpp (grundy_values) and loopy.cpp (generalized_grundy) share.
// Internal to the games layer.
#pragma once

#include <cstdint>
#include <vector>

#include "nimber/games/graph.hpp"

namespace nimber::games::detail {

// Grundy values by Kahn's algorithm on back = g.reversed(); `order` receives the positions in
// the order their values were fixed (every option before the positions leading to it).
// Positions that can reach a cycle are never fixed and keep `loopy`.
std::vector<std::uint32_t> acyclic_grundy(const game_graph& g, const game_graph& back,
                                          std::vector<position>& order);

}  // namespace nimber::games::detail
