// Conway's genus against its definition: g the normal-play Grundy value, γn the misère Grundy
// value of G + *2 + ... + *2 (n copies), both computed here by plain recursion on the
// components' options (not by the store's sums, simplification or the genus recursion), for
// every n up to past the point where the superscript is said to alternate.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "misere_reference.hpp"
#include "nimber/games/misere_forms.hpp"

namespace {

namespace ng = nimber::games;
using ng::form_id;

using nimber::test::mex;

// Grundy values of sums of forms by the definition, memoised on the sorted components.
class sum_values {
 public:
  explicit sum_values(const ng::misere_forms& store) : store_(store) {}

  // The misère Grundy value: 1 with no move, else the mex of the options' values.
  std::uint32_t misere(std::vector<form_id> parts) {
    std::sort(parts.begin(), parts.end());
    if (const auto it = misere_.find(parts); it != misere_.end()) return it->second;
    std::vector<std::uint32_t> values;
    for (std::size_t i = 0; i < parts.size(); ++i)
      for (const form_id o : store_.options(parts[i])) {
        std::vector<form_id> after = parts;
        after[i] = o;
        values.push_back(misere(after));
      }
    return misere_[parts] = values.empty() ? 1 : mex(values);
  }

  std::uint32_t normal(form_id g) {
    if (const auto it = normal_.find(g); it != normal_.end()) return it->second;
    std::vector<std::uint32_t> values;
    for (const form_id o : store_.options(g)) values.push_back(normal(o));
    return normal_[g] = mex(values);
  }

 private:
  const ng::misere_forms& store_;
  std::map<std::vector<form_id>, std::uint32_t> misere_;
  std::map<form_id, std::uint32_t> normal_;
};

void expect_genus_by_definition(ng::misere_forms& store, sum_values& values, form_id g) {
  const ng::misere_genus genus = ng::genus(store, g);
  EXPECT_EQ(genus.normal, values.normal(g)) << ng::to_string(store, g);
  ASSERT_GE(genus.superscript.size(), 2u);
  const std::size_t k = genus.superscript.size() - 1;
  if (k >= 2) {  // k is the least: the digit before it breaks the alternation
    EXPECT_NE(genus.superscript[k], genus.superscript[k - 2]) << ng::to_string(store, g);
  }
  const form_id two = store.nim_heap(2);
  std::vector<form_id> parts{g};
  for (std::size_t n = 0; n <= k + 4; ++n, parts.push_back(two))
    ASSERT_EQ(genus.at(n), values.misere(parts)) << ng::to_string(store, g) << " n = " << n;
}

TEST(MisereGenus, NimHeaps) {
  ng::misere_forms store;
  EXPECT_EQ(ng::to_string(ng::genus(store, store.nim_heap(0))), "0^120");
  EXPECT_EQ(ng::to_string(ng::genus(store, store.nim_heap(1))), "1^031");
  EXPECT_EQ(ng::to_string(ng::genus(store, store.nim_heap(2))), "2^20");
  EXPECT_EQ(ng::to_string(ng::genus(store, store.nim_heap(3))), "3^31");
  EXPECT_EQ(ng::to_string(ng::genus(store, store.nim_heap(12))), "12^(12,14)");
  sum_values values(store);
  for (std::uint64_t n = 0; n < 8; ++n) expect_genus_by_definition(store, values, store.nim_heap(n));
}

TEST(MisereGenus, GamesBornByDay4AgreeWithTheDefinition) {
  ng::misere_forms store;
  sum_values values(store);
  for (const form_id g : store.born_by(4)) expect_genus_by_definition(store, values, g);
}

// Forms as they stand, not simplified: the genus is a value of the game, so a form and its
// simplest form agree.
TEST(MisereGenus, RandomFormsAgreeWithTheDefinitionAndTheirSimplestForms) {
  ng::misere_forms store;
  sum_values values(store);
  std::mt19937 random(20261127);
  std::vector<form_id> forms{ng::misere_forms::zero(), store.nim_heap(1), store.nim_heap(2), store.nim_heap(3)};
  while (forms.size() < 200) {
    std::vector<form_id> options;
    for (std::size_t i = random() % 4; i > 0; --i) options.push_back(forms[random() % forms.size()]);
    const form_id g = store.game(options);
    if (store.height(g) <= 4) forms.push_back(g);
  }
  for (const form_id g : forms) {
    expect_genus_by_definition(store, values, g);
    EXPECT_EQ(ng::genus(store, g), ng::genus(store, store.simplest(g))) << ng::to_string(store, g);
  }
}

TEST(MisereGenus, HeapsOfOctalGamesAgreeWithTheDefinition) {
  for (const char* code : {"0.07", "0.77", "0.137", "4.07"}) {
    ng::misere_forms store;
    sum_values values(store);
    const auto heaps = ng::heap_forms(store, ng::heap_game::from_string(code), 13);
    const auto genera = ng::genus(store, heaps);
    for (std::size_t n = 0; n < heaps.size(); ++n) {
      EXPECT_EQ(genera[n], ng::genus(store, heaps[n])) << code << " heap " << n;
      expect_genus_by_definition(store, values, heaps[n]);
    }
  }
}

}  // namespace
