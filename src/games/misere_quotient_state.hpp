// Checkpoints of misère quotient runs: the state of quotient_builder after a heap, as the
// 32-bit words quotient_options::checkpoint hands out and quotient_options::known takes back.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "games/misere_quotient_search.hpp"
#include "nimber/games/misere_quotient.hpp"

namespace nimber::games::quotient_detail {

// The quotient of heaps 0 .. n, its pretending function (phi.size() == n + 1) and its changes.
struct saved_state {
  table_monoid q;
  std::vector<std::uint32_t> phi;
  std::vector<quotient_change> changes;
};

std::vector<std::uint32_t> save_state(const table_monoid& q, std::span<const std::uint32_t> phi,
                                      std::span<const quotient_change> changes);
// Throws game_argument_error when the words are not a state of at most max_heap heaps.
saved_state load_state(std::span<const std::uint32_t> words, std::uint64_t max_heap);

}  // namespace nimber::games::quotient_detail
