// The theory of parts of misère games (nimber/games/misere_forms.hpp): differences G - H,
// even parts, and the classes extraverted, introverted and prime. docs/games.md proves the
// two searches complete:
// - every option X' of the simplest X = G - H satisfies H + X' = G' (X' = G' - H) or
//   H' + X' = G (X' = G - H'), so X is some set of those differences, and every option G'
//   is H' + X or H + X', which narrows the sets to try;
// - every part H of a game G with options has H or G - H among the parts of each option G'.
#include "misere_parts.hpp"

#include <algorithm>
#include <string>
#include <tuple>

#include "nimber/games/error.hpp"

namespace nimber::games {

form_id parts_finder::even(form_id g) {
  const form_id twin = store_.simplest(store_.sum(g, store_.nim_heap(1)));
  return store_.height(g) < store_.height(twin) ? g : twin;
}

namespace {

void sort_unique(std::vector<form_id>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

// G - H for G != H, H != 0 (docs/games.md has the proof). With X the simplest difference, each
// option G' equals an option of H + X: G' = H' + X, so X is the difference G' - H', or
// G' = H + X', so G' - H exists and is the option X' of X. Hence when some G' - H does not
// exist, X is one of the differences G' - H' of that G'; otherwise X is one of all the
// differences G' - H', or else every G' - H is an option of X, and the other options of X
// are among the differences G - H'.
std::optional<form_id> parts_finder::difference(form_id g, form_id h) {
  const std::vector<form_id> gs(store_.options(g).begin(), store_.options(g).end());
  const std::vector<form_id> hs(store_.options(h).begin(), store_.options(h).end());
  std::vector<form_id> forced;
  for (const form_id g1 : gs) {
    const auto y = subtract(g1, h);
    if (!y) return among_differences(g, h, {g1}, hs);
    forced.push_back(*y);
  }
  if (const auto x = among_differences(g, h, gs, hs)) return x;
  sort_unique(forced);
  std::vector<form_id> optional;
  for (const form_id h1 : hs)
    if (const auto x = subtract(g, h1); x && !std::binary_search(forced.begin(), forced.end(), *x))
      optional.push_back(*x);
  sort_unique(optional);
  return search(g, h, forced, optional);
}

// The difference G' - H' of some G' in gs and H' in hs that is G - H, if any.
std::optional<form_id> parts_finder::among_differences(form_id g, form_id h, const std::vector<form_id>& gs,
                                                      const std::vector<form_id>& hs) {
  std::vector<form_id> tried;
  for (const form_id g1 : gs)
    for (const form_id h1 : hs) {
      const auto x = subtract(g1, h1);
      if (!x || std::find(tried.begin(), tried.end(), *x) != tried.end()) continue;
      if (sums_to(g, h, *x)) return x;
      tried.push_back(*x);
    }
  return std::nullopt;
}

// X = {forced, and some of optional}: the sets in the order of the bit masks.
std::optional<form_id> parts_finder::search(form_id g, form_id h, const std::vector<form_id>& forced,
                                            const std::vector<form_id>& optional) {
  if (optional.size() > max_difference_candidates)
    throw search_limit_error("a misère difference G - H has " + std::to_string(optional.size()) +
                             " candidate options, more than the " + std::to_string(max_difference_candidates) +
                             " searched (2^" + std::to_string(max_difference_candidates) + " sets)");
  std::vector<form_id> set;
  for (std::uint64_t mask = 0; mask >> optional.size() == 0; ++mask) {
    set = forced;
    for (std::size_t i = 0; i < optional.size(); ++i)
      if (mask >> i & 1) set.push_back(optional[i]);
    const form_id x = store_.game(set);
    if (sums_to(g, h, x)) return store_.simplest(x);
  }
  return std::nullopt;
}

// Whether H + X = G: first the outcome of the sum as it stands, which equal games share and
// which costs nothing once the sum is built, then the simplest form, which can cost much more.
bool parts_finder::sums_to(form_id g, form_id h, form_id x) {
  const form_id s = store_.sum(h, x);
  return store_.next_player_wins(s) == store_.next_player_wins(g) && store_.simplest(s) == g;
}

std::optional<form_id> parts_finder::subtract(form_id g, form_id h) {
  if (h == misere_forms::zero()) return g;
  if (g == h) return misere_forms::zero();
  // H + X = 0 only for H = X = 0 or * (docs/games.md), so 0 - H is * for H = * and else none.
  if (g == misere_forms::zero()) return h == store_.nim_heap(1) ? std::optional<form_id>(h) : std::nullopt;
  const std::uint64_t key = std::uint64_t(g) << 32 | h;
  if (const auto it = differences_.find(key); it != differences_.end()) return it->second;
  // The recursion goes down in the height of g or of h, so it ends; it may grow the store,
  // but adds no entry under this key before it returns.
  const std::optional<form_id> x = difference(g, h);
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
  sort_unique(found);
  std::stable_sort(found.begin(), found.end(), [&](form_id a, form_id b) { return store_.height(a) < store_.height(b); });
  return parts_.emplace(g, std::move(found)).first->second;
}

// By the definition, every option a part, rather than G a part of {G} (the theorem makes them
// the same): the search can stop at the first option that is no part, and G - G' stays among
// smaller games, where {G} - G meets the sums G' + G of the same height as G.
bool parts_finder::extraverted(form_id g) {
  std::vector<form_id> options(store_.options(g).begin(), store_.options(g).end());
  std::stable_sort(options.begin(), options.end(),
                   [&](form_id a, form_id b) { return store_.height(a) < store_.height(b); });
  for (const form_id o : options)
    if (!subtract(g, o)) return false;
  return true;
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
  // By birthday, then by text where it is short: an order that does not depend on the store's
  // history but for long texts, which are not written out (they can be exponentially long).
  constexpr std::uint64_t longest_compared = 4096;
  std::vector<std::tuple<std::uint32_t, bool, std::string, form_id>> keyed;
  for (const form_id p : parts) {
    const bool short_text = text_length(store, p, longest_compared + 1) <= longest_compared;
    keyed.emplace_back(store.height(p), !short_text, short_text ? to_string(store, p) : std::string(), p);
  }
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t i = 0; i < parts.size(); ++i) parts[i] = std::get<3>(keyed[i]);
  return parts;
}

form_id even_one(misere_forms& store, form_id g) {
  parts_finder finder(store);
  return finder.even(store.simplest(g));
}

}  // namespace nimber::games
