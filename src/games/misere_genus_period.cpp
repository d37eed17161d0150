// Genus sequences of heap games that never split a heap, and the proof of their period
// (nimber/games/misere_forms.hpp).
#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "nimber/games/error.hpp"
#include "nimber/games/misere_forms.hpp"

namespace nimber::games {

std::vector<misere_genus> heap_genera(const heap_game& game, std::size_t terms) {
  if (game.type() != heap_game::kind::take_break || game.splits())
    throw game_argument_error("heap_genera: " + game.name() + " splits heaps (the genus of a sum is not its parts')");
  const misere_genus zero;
  std::vector<misere_genus> genera;
  genera.reserve(terms);
  std::vector<const misere_genus*> options;
  for (std::uint64_t n = 0; n < terms; ++n) {
    options.clear();
    game.for_each_option(n, [&](std::span<const std::uint64_t> heaps) {
      options.push_back(heaps.empty() ? &zero : &genera[heaps.front()]);
    });
    genera.push_back(genus_from_options(options));
  }
  return genera;
}

std::optional<periodicity> prove_genus_period(const heap_game& game, std::span<const misere_genus> genera) {
  if (game.type() != heap_game::kind::take_break || game.splits() || !game.progressions().empty()) return std::nullopt;
  // Equal genera get equal ids, so the scans compare integers.
  std::map<std::pair<std::uint32_t, std::vector<std::uint32_t>>, std::uint32_t> ids;
  std::vector<std::uint32_t> id;
  for (const misere_genus& g : genera)
    id.push_back(ids.try_emplace({g.normal, g.superscript}, std::uint32_t(ids.size())).first->second);
  const std::size_t n = id.size(), t = game.max_removal();
  for (std::size_t p = 1; p + t + 1 <= n; ++p) {
    // The least n0 from which genus(k + p) = genus(k) holds for every k < n - p. The induction
    // needs its window past heap 0 (whose options are not those of the recurrence); below
    // that, each equality is one checked here.
    std::size_t n0 = n - p;
    while (n0 > 0 && id[n0 - 1] == id[n0 - 1 + p]) --n0;
    if (n - p - std::max<std::size_t>(n0, 1) >= t) return periodicity{n0, p};
  }
  return std::nullopt;
}

}  // namespace nimber::games
