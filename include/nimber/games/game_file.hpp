// The text format of a game graph:
//
//   # a comment runs from '#' to the end of the line; blank lines are skipped
//   N M        the header: N positions numbered 0 .. N-1 (N < 2^32) and M moves
//   u v        then exactly M lines, one move each: from position u to position v
//
// Numbers are decimal.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "nimber/games/error.hpp"
#include "nimber/games/graph.hpp"

namespace nimber::games {

struct game_file_header {
  std::uint64_t positions = 0, moves = 0;
};

// The header alone, without reading the moves (to check a size before reading). Throws
// parse_error like read_game_graph.
game_file_header read_game_header(std::string_view text);

// The most memory that reading and solving a game of this size takes (graph, reverse graph,
// the solvers' work arrays, the output), in bytes: what a caller compares with its budget.
std::uint64_t game_memory_bytes(const game_file_header& header) noexcept;

// The graph the text describes, options in the order of their lines. Throws parse_error
// naming the line (1-based) and the token, or "end of input" with an empty token.
game_graph read_game_graph(std::string_view text);

// Writes g in the format above (no comments), options in order.
std::string write_game_graph(const game_graph& g);

}  // namespace nimber::games
