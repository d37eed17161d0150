#include "nimber/games/misere.hpp"

#include <algorithm>

namespace nimber::games {

namespace {

struct nim_summary {
  std::uint64_t nim_sum = 0;
  std::size_t large = 0;  // heaps of two or more
  std::size_t ones = 0;   // heaps of one
};

nim_summary summarise(std::span<const std::uint64_t> heaps) noexcept {
  nim_summary s;
  for (const std::uint64_t h : heaps) {
    s.nim_sum ^= h;
    s.large += h >= 2;
    s.ones += h == 1;
  }
  return s;
}

bool wins(const nim_summary& s) noexcept { return s.large == 0 ? s.ones % 2 == 0 : s.nim_sum != 0; }

}  // namespace

bool misere_nim_wins(std::span<const std::uint64_t> heaps) noexcept { return wins(summarise(heaps)); }

std::vector<nim_move> misere_nim_winning_moves(std::span<const std::uint64_t> heaps) {
  const nim_summary all = summarise(heaps);
  std::vector<nim_move> moves;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t h = heaps[i];
    if (h == 0) continue;
    // The other heaps, and the position after heap i becomes t.
    const nim_summary others{all.nim_sum ^ h, all.large - (h >= 2), all.ones - (h == 1)};
    const auto loses_after = [&others](std::uint64_t t) {
      nim_summary after{others.nim_sum ^ t, others.large + (t >= 2), others.ones + (t == 1)};
      return !wins(after);
    };
    // A losing position with a heap of two or more has nim-sum 0: the one candidate is the
    // nim-sum of the others. One with none holds only heaps of 0 and 1: the candidates 1, 0.
    std::vector<std::uint64_t> targets;
    for (const std::uint64_t t : {others.nim_sum, std::uint64_t{1}, std::uint64_t{0}})
      if (t < h && loses_after(t) && std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    std::sort(targets.rbegin(), targets.rend());
    for (const std::uint64_t t : targets) moves.push_back({i, t});
  }
  return moves;
}

}  // namespace nimber::games
