// The periodicity theorem for misère quotients (nimber/games/misere_quotient.hpp): which
// preperiod and period of the pretending function prove the quotient of heaps 0 .. N to be the
// quotient of the whole game.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "nimber/games/error.hpp"
#include "nimber/games/misere_quotient.hpp"

namespace nimber::games {

namespace {

// The most heaps one move leaves: s of the theorem.
std::uint64_t most_parts(const heap_game& game) noexcept {
  std::uint64_t s = 1;
  for (const std::uint8_t d : game.digits()) s = std::max<std::uint64_t>(s, d & 8 ? 3 : d & 4 ? 2 : 1);
  return s;
}

}  // namespace

std::optional<quotient_period> prove_quotient_period(const heap_game& game,
                                                     std::span<const std::uint32_t> pretending) noexcept {
  if (game.type() != heap_game::kind::take_break || !game.progressions().empty() || pretending.empty())
    return std::nullopt;
  const std::uint64_t n = pretending.size() - 1, s = most_parts(game), k = game.max_removal();
  const auto needs = [&](std::uint64_t n0, std::uint64_t p) {
    return s * (std::max<std::uint64_t>(n0, 1) + p) + k - 1;
  };
  std::optional<quotient_period> best;
  // p grows until no proof (needs <= n) is possible, nor a smaller `needs` than the best
  // seen (needs only grows with p), nor a whole period repeated.
  for (std::uint64_t p = 1; p <= n; ++p) {
    const std::uint64_t least = needs(0, p);
    if (least > n && ((best && least >= best->needs) || 2 * p > n + 1)) break;
    // n0: one past the last n (from the top down) with Phi(n + p) != Phi(n).
    std::uint64_t n0 = n - p + 1;
    while (n0 > 0 && pretending[n0 - 1 + p] == pretending[n0 - 1]) --n0;
    const quotient_period found{n0, p, needs(n0, p), needs(n0, p) <= n};
    if (found.proved) return found;
    // A stretch shorter than one period is no repetition seen at all.
    if (n - p + 1 - n0 >= p && (!best || found.needs < best->needs)) best = found;
  }
  return best;
}

quotient_element misere_quotient::heap_class(std::uint64_t h) const {
  if (h < pretending_.size()) return pretending_[h];
  if (!period_ || !period_->proved)
    throw game_argument_error("misere_quotient: heap " + std::to_string(h) + " above the bound " +
                              std::to_string(max_heap()) + ", and no period proved");
  const std::uint64_t n0 = period_->preperiod, p = period_->period;
  return pretending_[n0 + (h - n0) % p];
}

}  // namespace nimber::games
