#include <algorithm>
#include <unordered_map>

#include "nimber/games/misere_forms.hpp"

namespace nimber::games {

namespace {

// misere_grundy with the values found so far, the recursion going down the options of
// simplest forms (as deep as the form is high: max_form_height bounds it).
std::uint32_t misere_grundy_of(misere_forms& store, form_id g, std::unordered_map<form_id, std::uint32_t>& known) {
  if (const auto it = known.find(g); it != known.end()) return it->second;
  const std::span<const form_id> options = store.options(g);
  std::vector<std::uint32_t> values;
  for (const form_id option : options) values.push_back(misere_grundy_of(store, option, known));
  std::sort(values.begin(), values.end());
  std::uint32_t mex = 0;
  for (const std::uint32_t v : values)
    if (v == mex) ++mex;
    else if (v > mex) break;
  return known[g] = options.empty() ? 1 : mex;
}

}  // namespace

std::vector<std::uint32_t> misere_grundy(misere_forms& store, std::span<const form_id> games) {
  std::unordered_map<form_id, std::uint32_t> known;  // shared: the games' forms share options
  std::vector<std::uint32_t> values;
  for (const form_id g : games) values.push_back(misere_grundy_of(store, store.simplest(g), known));
  return values;
}

std::uint32_t misere_grundy(misere_forms& store, form_id g) { return misere_grundy(store, {&g, 1}).front(); }

std::vector<form_id> heap_forms(misere_forms& store, const heap_game& game, std::size_t terms,
                                const progress_fn& progress) {
  std::vector<form_id> forms;
  forms.reserve(terms);
  for (std::uint64_t n = 0; n < terms; ++n) {
    std::vector<form_id> options;
    game.for_each_option(n, [&](std::span<const std::uint64_t> heaps) {
      form_id option = misere_forms::zero();
      for (const std::uint64_t h : heaps) option = store.simplest(store.sum(option, forms[h]));
      options.push_back(option);
    });
    forms.push_back(store.simplest(store.game(std::move(options))));
    if (progress) progress(n + 1, terms);
  }
  return forms;
}

}  // namespace nimber::games
