// Plain recursions by the definitions of misère play, shared by the tests of misère forms,
// genus and classes: the mex, and the outcome of a sum of forms searched move by move.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "nimber/games/misere_forms.hpp"

namespace nimber::test {

inline std::uint32_t mex(std::vector<std::uint32_t> values) {
  std::sort(values.begin(), values.end());
  std::uint32_t m = 0;
  for (const std::uint32_t v : values)
    if (v == m) ++m;
  return m;
}

// Whether the player to move wins the misère sum of `parts`: no move at all, or some move to
// a sum the opponent loses. Memoised on the sorted components.
class misere_sum_outcomes {
 public:
  explicit misere_sum_outcomes(const games::misere_forms& store) : store_(store) {}

  bool next_wins(std::vector<games::form_id> parts) {
    std::sort(parts.begin(), parts.end());
    if (const auto it = known_.find(parts); it != known_.end()) return it->second;
    bool any_move = false, win = false;
    for (std::size_t i = 0; i < parts.size() && !win; ++i)
      for (const games::form_id o : store_.options(parts[i])) {
        any_move = true;
        std::vector<games::form_id> after = parts;
        after[i] = o;
        if (!next_wins(after)) {
          win = true;
          break;
        }
      }
    return known_[parts] = !any_move || win;
  }

 private:
  const games::misere_forms& store_;
  std::map<std::vector<games::form_id>, bool> known_;
};

}  // namespace nimber::test
