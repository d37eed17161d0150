// Conway's genus of misère games (nimber/games/misere_forms.hpp), by his recursion on the
// options' genera ("On Numbers and Games", ch. 12).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "nimber/games/misere_forms.hpp"
#include "mex_set.hpp"

namespace nimber::games {

namespace {


// The least k >= 1 such that γn = γ(n-2) for every n > k, given a sequence already known to
// alternate from its last index on.
std::size_t alternation_start(const std::vector<std::uint32_t>& gamma) {
  std::size_t k = gamma.size() - 1;
  while (k >= 2 && gamma[k] == gamma[k - 2]) --k;
  return k;
}

}  // namespace

misere_genus genus_from_options(std::span<const misere_genus* const> options) {
  misere_genus r;
  if (options.empty()) return r;  // 0: 0^120
  const std::size_t cap = 64 + 4 * options.size();
  mex_set normal, first;
  std::size_t d = 1;  // every option alternates from index d on
  for (const misere_genus* o : options) {
    normal.add(o->normal);
    first.add(o->superscript[0]);
    d = std::max(d, o->superscript.size() - 1);
  }
  r.normal = normal.mex();
  std::vector<std::uint32_t> gamma{first.mex()};
  // Past d the options' digits repeat with period 2, so γn depends on γ(n-1) and n's parity:
  // a repeat γn = γ(n-2) with n >= d + 2 repeats forever.
  for (std::size_t n = 1;; ++n) {
    mex_set next;
    next.add(gamma[n - 1]);
    next.add(gamma[n - 1] ^ 1);
    for (const misere_genus* o : options) next.add(o->at(n));
    gamma.push_back(next.mex());
    if (n >= d + 2 && gamma[n] == gamma[n - 2]) break;
    // The values stay below options + 3, so the pair (γn, parity) must repeat long before.
    if (n > d + cap) throw std::logic_error("genus: the superscript does not alternate");
  }
  gamma.resize(alternation_start(gamma) + 1);
  r.superscript = std::move(gamma);
  return r;
}

namespace {

// The genus of g with those found so far; the recursion goes as deep as g is high.
const misere_genus& genus_of(misere_forms& store, form_id g, std::unordered_map<form_id, misere_genus>& known) {
  if (const auto it = known.find(g); it != known.end()) return it->second;
  std::vector<const misere_genus*> options;
  for (const form_id option : store.options(g)) options.push_back(&genus_of(store, option, known));
  return known.emplace(g, genus_from_options(options)).first->second;
}

}  // namespace

std::vector<misere_genus> genus(misere_forms& store, std::span<const form_id> games) {
  std::unordered_map<form_id, misere_genus> known;  // node-based: references stay valid
  std::vector<misere_genus> r;
  for (const form_id g : games) r.push_back(genus_of(store, g, known));
  return r;
}

misere_genus genus(misere_forms& store, form_id g) { return genus(store, {&g, 1}).front(); }

std::string to_string(const misere_genus& g) {
  const bool digits = std::all_of(g.superscript.begin(), g.superscript.end(), [](std::uint32_t v) { return v < 10; });
  std::string s = std::to_string(g.normal) + "^";
  if (!digits) s += "(";
  for (std::size_t i = 0; i < g.superscript.size(); ++i) {
    if (!digits && i > 0) s += ",";
    s += std::to_string(g.superscript[i]);
  }
  if (!digits) s += ")";
  return s;
}

}  // namespace nimber::games
