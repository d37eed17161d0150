// The theory of parts of misère games (nimber/games/misere_forms.hpp): differences G - H,
// even parts, and the classes extraverted, introverted and prime. docs/games.md proves the
// two searches complete:
// - every option X' of the simplest X = G - H satisfies H + X' = G' (X' = G' - H) or
//   H' + X' = G (X' = G - H'), so X is some set of those differences;
// - every part H of a game G with options has H or G - H among the parts of each option G'.
#include "misere_parts.hpp"

#include <algorithm>
#include <string>

#include "nimber/games/error.hpp"

namespace nimber::games {

form_id parts_finder::even(form_id g) {
  const form_id twin = store_.simplest(store_.sum(g, store_.nim_heap(1)));
  return store_.height(g) < store_.height(twin) ? g : twin;
}

// The differences G' - H and G - H' that exist, as simplest forms, without repeats.
std::vector<form_id> parts_finder::candidates(form_id g, form_id h) {
  std::vector<form_id> found;
  const std::vector<form_id> gs(store_.options(g).begin(), store_.options(g).end());
  const std::vector<form_id> hs(store_.options(h).begin(), store_.options(h).end());
  for (const form_id g1 : gs)
    if (const auto x = subtract(g1, h)) found.push_back(*x);
  for (const form_id h1 : hs)
    if (const auto x = subtract(g, h1)) found.push_back(*x);
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

// The sets of candidates in order of the bit masks, the empty set (X = 0) first.
std::optional<form_id> parts_finder::search(form_id g, form_id h, const std::vector<form_id>& candidates) {
  if (candidates.size() > max_difference_candidates)
    throw search_limit_error("a misère difference G - H has " + std::to_string(candidates.size()) +
                             " candidate options, more than the " + std::to_string(max_difference_candidates) +
                             " searched (2^" + std::to_string(max_difference_candidates) + " sets)");
  std::vector<form_id> set;
  for (std::uint64_t mask = 0; mask >> candidates.size() == 0; ++mask) {
    set.clear();
    for (std::size_t i = 0; i < candidates.size(); ++i)
      if (mask >> i & 1) set.push_back(candidates[i]);
    const form_id x = store_.game(set);
    if (store_.simplest(store_.sum(h, x)) == g) return store_.simplest(x);
  }
  return std::nullopt;
}

std::optional<form_id> parts_finder::subtract(form_id g, form_id h) {
  if (h == misere_forms::zero()) return g;
  if (g == h) return misere_forms::zero();
  const std::uint64_t key = std::uint64_t(g) << 32 | h;
  if (const auto it = differences_.find(key); it != differences_.end()) return it->second;
  // The recursion goes down in the height of g or of h, so it ends; search may grow the
  // store, but adds no entry under this key before it returns.
  const std::optional<form_id> x = search(g, h, candidates(g, h));
  differences_.emplace(key, x);
  return x;
}

const std::vector<form_id>& parts_finder::even_parts(form_id g) {
  if (const auto it = parts_.find(g); it != parts_.end()) return it->second;
  // 0's parts are 0 and * (H + X = 0 only for H = X = 0 or H = X = *, docs/games.md), and 0
  // is the even one. For G = H + X with options, every option G' is H' + X or H + X', so H or
  // X is a part of each G': the parts of any one option give every candidate, and the lowest
  // option is the cheapest to take them from.
  std::vector<form_id> found{misere_forms::zero()};
  const auto gs = store_.options(g);
  if (!gs.empty()) {
    const form_id lowest =
        *std::min_element(gs.begin(), gs.end(), [&](form_id a, form_id b) { return store_.height(a) < store_.height(b); });
    const std::vector<form_id>& candidates = even_parts(lowest);
    for (const form_id k : candidates)
      if (const auto x = subtract(g, k)) found.push_back(k), found.push_back(even(*x));
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  std::stable_sort(found.begin(), found.end(), [&](form_id a, form_id b) { return store_.height(a) < store_.height(b); });
  return parts_.emplace(g, std::move(found)).first->second;
}

bool parts_finder::extraverted(form_id g) {
  return subtract(store_.simplest(store_.game({g})), g).has_value();
}

bool parts_finder::prime(form_id g) {
  if (g == misere_forms::zero() || g == store_.nim_heap(1)) return false;
  return even_parts(g).size() == 2;
}

std::optional<form_id> subtract(misere_forms& store, form_id g, form_id h) {
  parts_finder finder(store);
  return finder.subtract(store.simplest(g), store.simplest(h));
}

std::vector<form_id> even_parts(misere_forms& store, form_id g) {
  parts_finder finder(store);
  std::vector<form_id> parts = finder.even_parts(store.simplest(g));
  // By birthday, then by text: an order that does not depend on the store's history.
  std::vector<std::pair<std::string, form_id>> named;
  for (const form_id p : parts) named.emplace_back(to_string(store, p), p);
  std::stable_sort(named.begin(), named.end(), [&](const auto& a, const auto& b) {
    return store.height(a.second) != store.height(b.second) ? store.height(a.second) < store.height(b.second)
                                                            : a.first < b.first;
  });
  for (std::size_t i = 0; i < parts.size(); ++i) parts[i] = named[i].second;
  return parts;
}

form_id even_one(misere_forms& store, form_id g) {
  parts_finder finder(store);
  return finder.even(store.simplest(g));
}

}  // namespace nimber::games
