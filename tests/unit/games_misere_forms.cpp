// Misère forms against the definition of equality: G = H when o⁻(G + X) = o⁻(H + X) for
// every X. The outcomes of sums are computed here by plain recursion on the components'
// options, not by the store's sums or simplification, and the X range over a small family
// (the games born by day 4): telling two games apart is a check the family can pass or fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "misere_reference.hpp"
#include "nimber/games/error.hpp"
#include "nimber/games/misere_forms.hpp"

namespace {

namespace ng = nimber::games;
using ng::form_id;

// The outcome searcher, with tests of whether a family of games tells two apart.
class sum_outcomes : public nimber::test::misere_sum_outcomes {
 public:
  using misere_sum_outcomes::misere_sum_outcomes;

  // Whether some X of `family` gives G + X and H + X different outcomes.
  bool distinguishes(form_id g, form_id h, const std::vector<form_id>& family) {
    return std::any_of(family.begin(), family.end(), [&](form_id x) { return next_wins({g, x}) != next_wins({h, x}); });
  }
  // Whether some X or X + Y of `family` tells G and H apart.
  bool distinguishes_by_pairs(form_id g, form_id h, const std::vector<form_id>& family) {
    if (distinguishes(g, h, family)) return true;
    for (const form_id x : family)
      for (const form_id y : family)
        if (next_wins({g, x, y}) != next_wins({h, x, y})) return true;
    return false;
  }
};

// Every form of height at most 3, as it stands (not simplified): all sets of the forms below.
std::vector<form_id> all_forms_to_height_3(ng::misere_forms& store) {
  std::vector<form_id> forms{ng::misere_forms::zero()};
  for (int height = 1; height <= 3; ++height) {
    const std::vector<form_id> before = forms;
    for (std::uint64_t mask = 1; mask < (std::uint64_t(1) << before.size()); ++mask) {
      std::vector<form_id> options;
      for (std::size_t i = 0; i < before.size(); ++i)
        if (mask >> i & 1) options.push_back(before[i]);
      forms.push_back(store.game(options));
    }
    std::sort(forms.begin(), forms.end());
    forms.erase(std::unique(forms.begin(), forms.end()), forms.end());
  }
  return forms;
}

// Random forms of height up to 5, each with at most three options drawn from earlier ones.
std::vector<form_id> random_forms(ng::misere_forms& store, std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<form_id> forms{ng::misere_forms::zero(), store.nim_heap(1), store.nim_heap(2)};
  while (forms.size() < count) {
    std::vector<form_id> options;
    const std::size_t n = random() % 4;
    for (std::size_t i = 0; i < n; ++i) options.push_back(forms[random() % forms.size()]);
    const form_id g = store.game(options);
    if (store.height(g) <= 5) forms.push_back(g);
  }
  return forms;
}

TEST(MisereForms, GamesBornByEachDayCount1_2_3_5_22) {
  ng::misere_forms store;
  const std::vector<std::size_t> expected{1, 2, 3, 5, 22};
  for (unsigned day = 0; day <= 4; ++day) {
    const auto games = store.born_by(day);
    EXPECT_EQ(games.size(), expected[day]) << "day " << day;
    for (const form_id g : games) {
      EXPECT_TRUE(store.in_simplest_form(g)) << ng::to_string(store, g);
      EXPECT_LE(store.birthday(g), day) << ng::to_string(store, g);
    }
  }
  EXPECT_THROW(store.born_by(5), ng::game_size_error);
}

#ifdef NIMBER_EXHAUSTIVE
TEST(MisereForms, GamesBornByDay5Count4171780) {
  ng::misere_forms store;
  EXPECT_EQ(store.count_born_by_day_5(), 4171780u);
}
#endif

// Distinct simplest forms are distinct games: those born by day 3 are told apart by a game
// born by day 3; those born by day 4, by one or a sum of two born by day 4 (six pairs need
// the sums).
TEST(MisereForms, SimplestFormsBornByDay4AreToldApart) {
  ng::misere_forms store;
  const auto day3 = store.born_by(3), day4 = store.born_by(4);
  sum_outcomes outcomes(store);
  for (std::size_t i = 0; i < day4.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const bool apart = i < day3.size() ? outcomes.distinguishes(day4[i], day4[j], day3)
                                         : outcomes.distinguishes_by_pairs(day4[i], day4[j], day4);
      EXPECT_TRUE(apart) << ng::to_string(store, day4[i]) << " vs " << ng::to_string(store, day4[j]);
    }
}

TEST(MisereForms, EveryFormToHeight3IsEqualToItsSimplestFormAndOnlyToIt) {
  ng::misere_forms store;
  const auto forms = all_forms_to_height_3(store);
  ASSERT_EQ(forms.size(), 1u + 1 + 2 + 12);  // 16 forms: 1, then 1, 2 and 12 new of heights 1-3
  const auto family = store.born_by(4);
  sum_outcomes outcomes(store);
  for (const form_id g : forms) {
    const form_id s = store.simplest(g);
    EXPECT_FALSE(outcomes.distinguishes(g, s, family)) << ng::to_string(store, g);
    for (const form_id h : forms) {
      if (store.equal(g, h)) continue;
      EXPECT_TRUE(outcomes.distinguishes(g, h, family)) << ng::to_string(store, g) << " vs " << ng::to_string(store, h);
    }
  }
}

TEST(MisereForms, RandomFormsAreEqualToTheirSimplestForms) {
  ng::misere_forms store;
  const auto family = store.born_by(4);
  sum_outcomes outcomes(store);
  for (const form_id g : random_forms(store, 300, 2024)) {
    const form_id s = store.simplest(g);
    EXPECT_FALSE(outcomes.distinguishes(g, s, family)) << ng::to_string(store, g) << " = " << ng::to_string(store, s);
    EXPECT_EQ(store.simplest(s), s);
    EXPECT_LE(store.height(s), store.height(g));
    EXPECT_EQ(store.next_player_wins(g), store.next_player_wins(s));
  }
}

// Linked pairs against a witness T (from T born by day 4, or T = X + Y of two of them) with
// G + T and H + T both lost for the player to move; pairs not linked have none (the theorem's
// easy half: G + T lost and G = H' make H + T won).
TEST(MisereForms, LinkedPairsHaveAWitness) {
  ng::misere_forms store;
  const auto day3 = store.born_by(3), day4 = store.born_by(4);
  sum_outcomes outcomes(store);
  std::vector<std::vector<form_id>> witnesses;
  for (const form_id x : day4)
    for (const form_id y : day4) witnesses.push_back({x, y});
  for (const form_id x : day4) witnesses.push_back({x});
  for (const form_id g : day3)
    for (const form_id h : day3) {
      const bool witnessed = std::any_of(witnesses.begin(), witnesses.end(), [&](std::vector<form_id> t) {
        std::vector<form_id> with_g = t, with_h = t;
        with_g.push_back(g), with_h.push_back(h);
        return !outcomes.next_wins(with_g) && !outcomes.next_wins(with_h);
      });
      EXPECT_EQ(store.linked(g, h), witnessed) << ng::to_string(store, g) << " , " << ng::to_string(store, h);
    }
  EXPECT_TRUE(store.linked(ng::parse_misere_form(store, "{*}"), ng::misere_forms::zero()));  // 0 and 0, by *
  EXPECT_FALSE(store.linked(store.nim_heap(2), store.nim_heap(1)));
}

TEST(MisereForms, KnownValues) {
  ng::misere_forms store;
  const auto value = [&](const char* text) {
    return ng::to_string(store, store.simplest(ng::parse_misere_form(store, text)));
  };
  EXPECT_EQ(value("*+*"), "0");  // * + * = 0 holds in misère play
  EXPECT_EQ(value("{*}"), "0");  // the move to * reverses through 0
  EXPECT_EQ(value("*+*+*"), "*");
  EXPECT_EQ(value("{0,*2}"), "*");
  EXPECT_EQ(value("*2+*2"), "{*2,*3}");  // not 0: G + G = 0 fails for G = *2
  for (std::uint64_t n = 0; n <= 8; ++n) EXPECT_TRUE(store.in_simplest_form(store.nim_heap(n))) << n;
  EXPECT_EQ(store.birthday(ng::parse_misere_form(store, "{{*}}")), 1u);  // {*} = 0, so {{*}} = *
  EXPECT_EQ(store.birthday(ng::parse_misere_form(store, "{{{*}}}")), 0u);
  EXPECT_EQ(store.birthday(ng::parse_misere_form(store, "*2+*2")), 4u);
  EXPECT_TRUE(store.equal(ng::parse_misere_form(store, "*2+*3"), ng::parse_misere_form(store, "*3+*2")));
  EXPECT_FALSE(store.equal(ng::parse_misere_form(store, "*2+*2"), ng::misere_forms::zero()));
}

TEST(MisereForms, SumsAgreeWithTheOutcomesOfTheirComponents) {
  ng::misere_forms store;
  const auto games = store.born_by(3);
  sum_outcomes outcomes(store);
  for (const form_id g : games)
    for (const form_id h : games)
      for (const form_id k : games)
        EXPECT_EQ(store.next_player_wins(store.sum(store.sum(g, h), k)), outcomes.next_wins({g, h, k}));
}

TEST(MisereForms, NotationRoundTrips) {
  ng::misere_forms store;
  std::vector<form_id> forms = store.born_by(4);
  for (const form_id g : random_forms(store, 200, 7)) forms.push_back(g);
  for (const form_id g : forms)
    EXPECT_EQ(ng::parse_misere_form(store, ng::to_string(store, g)), g) << ng::to_string(store, g);
  EXPECT_EQ(ng::to_string(store, ng::parse_misere_form(store, " { *3 , 0,{ *2 } } ")), "{0,*3,{*2}}");
  EXPECT_EQ(ng::parse_misere_form(store, "{0,*1}"), store.nim_heap(2));
  EXPECT_EQ(ng::parse_misere_form(store, "*0"), ng::misere_forms::zero());
  EXPECT_EQ(ng::parse_misere_form(store, "{}"), ng::misere_forms::zero());
  EXPECT_EQ(ng::to_string(store, store.nim_heap(12)), "*12");
}

// The parse_error for `text`: where, token and expected joined by '|'.
std::string parse_failure(const std::string& text) {
  ng::misere_forms store;
  try {
    ng::parse_misere_form(store, text);
  } catch (const ng::parse_error& e) {
    return e.where() + "|" + e.token() + "|" + e.expected();
  }
  return "parsed";
}

TEST(MisereForms, MalformedNotationIsAParseError) {
  EXPECT_EQ(parse_failure(""), "offset 0||a form: 0, *, *n or {...}");
  EXPECT_EQ(parse_failure("{*,"), "offset 3||a form: 0, *, *n or {...}");
  EXPECT_EQ(parse_failure("{*2 *3}"), "offset 4|*|',', '+' or '}'");
  EXPECT_EQ(parse_failure("{*"), "offset 2||',', '+' or '}'");
  EXPECT_EQ(parse_failure("x"), "offset 0|x|a form: 0, *, *n or {...}");
  EXPECT_EQ(parse_failure("{*,,*2}"), "offset 3|,|a form: 0, *, *n or {...}");
  EXPECT_EQ(parse_failure("{}}"), "offset 2|}|'+' or the end of the form");
  EXPECT_EQ(parse_failure("00"), "offset 1|0|'+' or the end of the form");
  EXPECT_EQ(parse_failure("*1025"), "offset 1|1025|a heap size up to 1024");
  EXPECT_EQ(parse_failure("*99999999999999999999"), "offset 1|99999999999999999999|a heap size up to 1024");
  EXPECT_EQ(parse_failure("*02"), "offset 1|02|a heap size up to 1024 without leading zeros");
  EXPECT_EQ(parse_failure("*+"), "offset 2||a form: 0, *, *n or {...}");
  EXPECT_EQ(parse_failure(std::string(ng::max_form_nesting, '{') + std::string(ng::max_form_nesting, '}')), "parsed");
  EXPECT_EQ(parse_failure(std::string(ng::max_form_nesting + 1, '{')), "offset 200|{|braces nested at most 200 deep");
  std::string stars = "*";
  for (std::uint32_t i = 0; i < ng::max_form_height; ++i) stars += "+*";
  EXPECT_EQ(parse_failure(stars), "offset " + std::to_string(stars.size() - 2) + "|+|a sum of height at most 4096");
  ng::misere_forms store;
  EXPECT_THROW(ng::parse_misere_form(store, "*2 x"), ng::games_error);
}

TEST(MisereForms, AStoreKeepsToItsBudgetOfMemory) {
  ng::misere_forms store(20000);
  EXPECT_NO_THROW(store.nim_heap(40));  // 41 forms, 40 * 41 / 2 = 820 options: 5904 bytes
  const std::uint64_t before = store.bytes_used();
  EXPECT_THROW(store.sum(store.nim_heap(40), store.nim_heap(40)), ng::game_size_error);
  EXPECT_LE(store.bytes_used(), 20000u);
  EXPECT_GE(store.bytes_used(), before);
  EXPECT_EQ(ng::to_string(store, store.nim_heap(40)), "*40");  // still usable
}

TEST(MisereForms, ForeignIdsAreRejected) {
  ng::misere_forms store;
  EXPECT_THROW(store.game({ng::form_id(store.size())}), ng::game_argument_error);
  EXPECT_THROW(store.simplest(ng::form_id(store.size() + 5)), ng::game_argument_error);
  EXPECT_THROW(store.nim_heap(ng::misere_forms::max_heap + 1), ng::game_argument_error);
}

}  // namespace

namespace {

// Misère outcomes of multisets of heaps of a heap game, from the definition: the player to
// move wins with no move, or with a move to a position the next player loses.
class misere_heaps_reference {
 public:
  explicit misere_heaps_reference(const ng::heap_game& game) : game_(game) {}

  bool next_player_wins(std::vector<std::uint64_t> heaps) {
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = known_.find(heaps); it != known_.end()) return it->second;
    bool any = false, win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      game_.for_each_option(heaps[i], [&](std::span<const std::uint64_t> left) {
        any = true;
        if (win) return;
        std::vector<std::uint64_t> next = heaps;
        next.erase(next.begin() + std::ptrdiff_t(i));
        next.insert(next.end(), left.begin(), left.end());
        win = !next_player_wins(next);
      });
    }
    return known_[heaps] = !any || win;
  }

 private:
  const ng::heap_game& game_;
  std::map<std::vector<std::uint64_t>, bool> known_;
};

TEST(MisereHeapForms, NimHeapsAreNimHeaps) {
  ng::misere_forms store;
  const auto forms = ng::heap_forms(store, ng::heap_game::from_string("0.3333333333333333"), 12);
  for (std::uint64_t n = 0; n < forms.size(); ++n) {
    EXPECT_EQ(forms[n], store.simplest(store.nim_heap(n))) << n;
    EXPECT_EQ(ng::misere_grundy(store, forms[n]), n == 0 ? 1u : n == 1 ? 0u : std::uint32_t(n)) << n;
  }
}

TEST(MisereHeapForms, OutcomesOfHeapsAndTheirSumsAgreeWithTheDefinition) {
  for (const char* code : {"0.07", "0.77", "0.137", "4.07", "0.6"}) {
    const ng::heap_game game = ng::heap_game::from_string(code);
    misere_heaps_reference reference(game);
    ng::misere_forms store;
    const auto forms = ng::heap_forms(store, game, 13);
    for (std::uint64_t a = 0; a < forms.size(); ++a) {
      ASSERT_EQ(ng::misere_grundy(store, forms[a]) != 0, reference.next_player_wins({a})) << code << " heap " << a;
      for (std::uint64_t b = a; b < forms.size(); b += 3)
        ASSERT_EQ(store.next_player_wins(store.sum(forms[a], forms[b])), reference.next_player_wins({a, b}))
            << code << " heaps " << a << " + " << b;
    }
  }
}

}  // namespace
