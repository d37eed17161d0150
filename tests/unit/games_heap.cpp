// Heap games: codes, Grundy sequences against exhaustive search of positions with several
// heaps, the sparse-space engine against the naive one, proved periods of classic games
// against long naive runs, and winning moves of sums.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <random>
#include <vector>

#include "nimber/games/heap.hpp"

namespace ng = nimber::games;

namespace {

// Exhaustive search: the Grundy value of a multiset of heaps, straight from the definition
// (mex over every move on every heap), with no use of the Sprague-Grundy theorem.
class position_search {
 public:
  explicit position_search(const ng::heap_game& game) : game_(game) {}

  std::uint32_t value(std::vector<std::uint64_t> heaps) {
    std::erase(heaps, 0);
    std::sort(heaps.begin(), heaps.end());
    if (auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    std::vector<std::uint32_t> reached;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      game_.for_each_option(heaps[i], [&](std::span<const std::uint64_t> leaves) {
        std::vector<std::uint64_t> next = heaps;
        next.erase(next.begin() + std::ptrdiff_t(i));
        next.insert(next.end(), leaves.begin(), leaves.end());
        reached.push_back(value(next));
      });
    }
    std::sort(reached.begin(), reached.end());
    std::uint32_t mex = 0;
    for (std::uint32_t x : reached)
      if (x == mex) ++mex;
    memo_[heaps] = mex;
    return mex;
  }

 private:
  const ng::heap_game& game_;
  std::map<std::vector<std::uint64_t>, std::uint32_t> memo_;
};

const char* const kCodes[] = {"0.07", "0.77", "0.137", "4.07", "0.333", "0.6", "0.51",
                              "0.16", "0.f", "0.8", "4.0", "0.37", "8.0", "0.0b", "grundy",
                              "subtraction:1,3,4", "subtraction:2,5", "subtraction:1,3+1",
                              "subtraction:2+3,5"};

// Options that compute every term by mex with the given engine.
ng::sequence_options every_term(ng::sequence_options::method m = ng::sequence_options::method::automatic) {
  ng::sequence_options o;
  o.use_period = false;
  o.engine = m;
  return o;
}

}  // namespace

TEST(HeapGame, ParsesCodes) {
  EXPECT_EQ(ng::heap_game::from_string("0.07").name(), "0.07");
  EXPECT_EQ(ng::heap_game::from_string(".137").name(), "0.137");
  EXPECT_EQ(ng::heap_game::from_string("4.070").name(), "4.07");
  EXPECT_EQ(ng::heap_game::from_string("0.F").name(), "0.f");
  EXPECT_EQ(ng::heap_game::from_string("0.000").name(), "0.0");
  EXPECT_EQ(ng::heap_game::from_string("subtraction:1,2,3").name(), "0.333");
  EXPECT_EQ(ng::heap_game::from_string("grundy").type(), ng::heap_game::kind::grundy);
  EXPECT_TRUE(ng::heap_game::from_string("0.77").is_octal());
  EXPECT_FALSE(ng::heap_game::from_string("0.8").is_octal());
  EXPECT_EQ(ng::heap_game::from_string("0.137").max_removal(), 3u);
  EXPECT_FALSE(ng::heap_game::from_string("0.333").splits());
  EXPECT_TRUE(ng::heap_game::from_string("4.0").splits());

  for (const char* bad : {"", "07", "1.07", "2.1", "0.", "0.0g", "00.7", "subtraction:",
                          "subtraction:1,,2", "subtraction:0", "subtraction:x", "grundys",
                          "subtraction:1+", "subtraction:+2", "subtraction:0+1", "subtraction:3+0",
                          "subtraction:1+2+3", "subtraction:1+x"}) {
    EXPECT_THROW(ng::heap_game::from_string(bad), ng::parse_error) << bad;
    const auto by_value = ng::heap_game::parse(bad);
    EXPECT_FALSE(by_value) << bad;
    EXPECT_EQ(by_value.ec, *bad ? nimber::parse_errc::invalid_digit : nimber::parse_errc::empty) << bad;
  }
  for (const char* good : {"0.07", "4.07", ".137", "0.f", "subtraction:1,3+1", "grundy"}) {
    const auto by_value = ng::heap_game::parse(good);
    ASSERT_TRUE(by_value) << good;
    EXPECT_EQ(by_value.value.name(), ng::heap_game::from_string(good).name()) << good;
  }
  try {
    ng::heap_game::from_string("0.0z7");
  } catch (const ng::parse_error& e) {
    EXPECT_EQ(e.where(), "digit d2");
    EXPECT_EQ(e.token(), "z");
  }
  EXPECT_THROW(ng::heap_game::take_break({1, 3}), std::invalid_argument);
  EXPECT_THROW(ng::heap_game::take_break({0, 16}), std::invalid_argument);
}

TEST(HeapGame, SequencesMatchExhaustiveSearchOfSeveralHeaps) {
  for (const char* code : kCodes) {
    const auto game = ng::heap_game::from_string(code);
    const auto g = ng::grundy_sequence_of(game, 14, every_term()).values;
    position_search search(game);
    for (std::uint64_t n = 0; n < 14; ++n) ASSERT_EQ(g[n], search.value({n})) << code << " " << n;
    // Sprague-Grundy on random multi-heap positions: the search never used it.
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<std::uint64_t> heaps(1 + rng() % 3);
      for (auto& h : heaps) h = rng() % 8;
      ASSERT_EQ(ng::heaps_value(g, heaps), search.value(heaps)) << code;
    }
  }
}

TEST(HeapGame, EnginesAgreeWithTheDefinition) {
  using method = ng::sequence_options::method;
  for (const char* code : kCodes) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = game.is_octal() || game.type() == ng::heap_game::kind::grundy ? 600 : 120;
    const auto reference = ng::grundy_values_naive(game, terms);
    for (method m : {method::naive, method::sparse, method::automatic}) {
      const auto s = ng::grundy_sequence_of(game, terms, every_term(m));
      ASSERT_EQ(s.values, reference) << code;
      ASSERT_EQ(s.computed, terms);
    }
  }
}

TEST(HeapGame, SparseBlocksAgreeWithTheDefinition) {
  // Long enough that the sparse engine's block pre-pass (rare positions from 64 up, paired
  // for 64 terms at once) does most of the work, with one or several split offsets, distinct
  // or equal heaps, and values that outgrow the marks mid-block.
  for (const char* code : {"grundy", "4.07", "0.137", "0.4477", "0.6", "4.4", "0.376"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto reference = ng::grundy_values_naive(game, 2500);
    const auto s = ng::grundy_sequence_of(game, 2500, every_term(ng::sequence_options::method::sparse));
    ASSERT_EQ(s.values, reference) << code;
  }
}

TEST(HeapGame, SparseSpaceOnGrundysGame) {
  // Past 8192 terms the automatic engine switches to the sparse method for Grundy's game
  // (rare values are few); it must agree with the naive engine term by term.
  const auto game = ng::heap_game::grundys_game();
  const auto reference = ng::grundy_sequence_of(game, 10000, every_term(ng::sequence_options::method::naive));
  const auto s = ng::grundy_sequence_of(game, 10000);
  EXPECT_EQ(s.values, reference.values);
  EXPECT_FALSE(s.period.has_value());
  EXPECT_NE(s.mask, 0u);
  EXPECT_LT(s.rare_positions * 4, 10000u);
  // Start of the sequence (OEIS A002188).
  const std::vector<std::uint32_t> start{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  EXPECT_EQ(std::vector<std::uint32_t>(s.values.begin(), s.values.begin() + 21), start);
}

// The theorem's condition checked literally, as the definition reads: the smallest p for which
// some n0 has G(i + p) = G(i) for every n0 <= i < n - p and 2 max(n0, s) + 2 p + t <= n (s = 1
// when the game splits heaps), with the smallest such n0.
std::optional<ng::periodicity> plain_period(const ng::heap_game& game, std::span<const std::uint32_t> v) {
  const std::uint64_t n = v.size(), t = game.max_removal(), s = game.splits() ? 1 : 0;
  for (std::uint64_t p = 1; 2 * p + t <= n; ++p) {
    std::uint64_t n0 = 0;
    for (std::uint64_t i = 0; i + p < n; ++i)
      if (v[i + p] != v[i]) n0 = i + 1;
    if (2 * std::max(n0, s) + 2 * p + t <= n) return ng::periodicity{n0, p};
  }
  return std::nullopt;
}

// prove_period against the literal condition on sequences built to sit at its edges: an
// irregular start, a periodic tail, stray exceptions inside the tail, and every length around
// the one that first proves the period.
TEST(HeapGame, ProvePeriodMatchesTheTheoremLiterally) {
  std::mt19937_64 rng(3760);
  for (const char* code : {"0.07", "0.376", "4.07", "0.6"}) {
    const auto game = ng::heap_game::from_string(code);
    for (int trial = 0; trial < 300; ++trial) {
      const std::size_t pre = rng() % 40, period = 1 + rng() % 12, len = 1 + rng() % 160;
      std::vector<std::uint32_t> pattern(period), v;
      for (auto& x : pattern) x = std::uint32_t(rng() % 4);
      for (std::size_t i = 0; i < pre; ++i) v.push_back(std::uint32_t(rng() % 4));
      for (std::size_t i = 0; i < len; ++i) v.push_back(pattern[i % period]);
      if (rng() % 3 == 0 && !v.empty()) v[rng() % v.size()] ^= 1;  // a stray exception
      for (std::size_t cut = 0; cut <= v.size(); ++cut) {
        const std::span<const std::uint32_t> prefix(v.data(), cut);
        ASSERT_EQ(ng::prove_period(game, prefix), plain_period(game, prefix)) << code << " trial " << trial << " n " << cut;
      }
    }
  }
}

// Winning Ways lists the exceptional values of Dawson's game up to heap 51, counting heaps as
// in Dawson's Chess (0.137). In the 0.07 numbering used here every heap is one larger, so the
// last exception is G(52) and the preperiod is 53; for 0.137 it is 52.
TEST(HeapGame, DawsonsKaylesPeriod34AfterPreperiod53) {
  const auto game = ng::heap_game::from_string("0.07");
  const auto s = ng::grundy_sequence_of(game, 20000);
  ASSERT_TRUE(s.period.has_value());
  EXPECT_EQ(*s.period, (ng::periodicity{53, 34}));
  EXPECT_LT(s.computed, 20000u);  // the rest came from the proved period
  // Checked against values computed from the definition, well past the proof.
  const auto naive = ng::grundy_sequence_of(game, 6000, every_term(ng::sequence_options::method::naive));
  EXPECT_TRUE(std::equal(naive.values.begin(), naive.values.end(), s.values.begin()));
  EXPECT_NE(naive.values[52], naive.values[52 + 34]);
  // The proof needs 2 n0 + 2 p + t = 176 terms; one fewer does not prove it.
  EXPECT_EQ(ng::prove_period(game, naive.values.to_vector(176)), (ng::periodicity{53, 34}));
  EXPECT_FALSE(ng::prove_period(game, naive.values.to_vector(175)).has_value());
  // Dawson's Kayles: 0.07 G(1..) = 0 1 1 2 0 3 1 1 0 3 3 (Winning Ways).
  const std::vector<std::uint32_t> start{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3};
  EXPECT_EQ(std::vector<std::uint32_t>(s.values.begin(), s.values.begin() + 12), start);
}

TEST(HeapGame, KaylesPeriod12AfterPreperiod71) {
  const auto game = ng::heap_game::from_string("0.77");
  const auto s = ng::grundy_sequence_of(game, 10000);
  ASSERT_TRUE(s.period.has_value());
  EXPECT_EQ(*s.period, (ng::periodicity{71, 12}));
  const auto naive = ng::grundy_values_naive(game, 1000);
  EXPECT_TRUE(std::equal(naive.begin(), naive.end(), s.values.begin()));
  // The last exceptional value: G(70) = 6 while G(70 + 12k) = 2 after it.
  EXPECT_EQ(naive[70], 6u);
  EXPECT_EQ(naive[82], 2u);
}

TEST(HeapGame, PeriodicSubtractionSets) {
  EXPECT_EQ(ng::heap_game::from_string("subtraction:1,3+1").name(), "subtraction:1,3+1");
  EXPECT_EQ(ng::heap_game::from_string("subtraction:4+5,1+5").progressions().size(), 2u);
  EXPECT_FALSE(ng::heap_game::from_string("subtraction:1+2").is_octal());  // no largest move
  const ng::progression zero_step[] = {{1, 0}};
  EXPECT_THROW(ng::heap_game::subtraction({}, zero_step), std::invalid_argument);
  // Closed forms: every positive number is Nim; odd numbers give n mod 2; even numbers give
  // n / 2 rounded down (from n the options are n - 2, n - 4, ..., all the smaller values).
  const auto all = ng::grundy_sequence_of(ng::heap_game::from_string("subtraction:1+1"), 300).values;
  const auto odd = ng::grundy_sequence_of(ng::heap_game::from_string("subtraction:1+2"), 300).values;
  const auto even = ng::grundy_sequence_of(ng::heap_game::from_string("subtraction:2+2"), 300).values;
  for (std::uint32_t n = 0; n < 300; ++n) {
    ASSERT_EQ(all[n], n);
    ASSERT_EQ(odd[n], n % 2);
    ASSERT_EQ(even[n], n / 2);
  }
  // Within N terms a progression is the finite set of its members up to N.
  for (const char* code : {"subtraction:1+5,4+5", "subtraction:2,3+4", "subtraction:1,3+1", "subtraction:6+7,2+3"}) {
    const auto game = ng::heap_game::from_string(code);
    std::vector<std::uint32_t> members;
    for (std::uint32_t k = 1; k < 400; ++k)
      if ((k < game.digits().size() && game.digits()[k] != 0) ||
          std::any_of(game.progressions().begin(), game.progressions().end(),
                      [k](ng::progression p) { return k >= p.start && (k - p.start) % p.step == 0; }))
        members.push_back(k);
    const auto finite = ng::grundy_values_naive(ng::heap_game::subtraction(members), 400);
    EXPECT_EQ(ng::grundy_sequence_of(game, 400).values, finite) << code;
    EXPECT_EQ(ng::grundy_values_naive(game, 400), finite) << code;
  }
}

TEST(HeapGame, SubtractionGames) {
  const std::uint32_t set123[] = {1, 2, 3};
  const auto s = ng::grundy_sequence_of(ng::heap_game::subtraction(set123), 1000);
  for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(s.values[n], n % 4);
  EXPECT_EQ(*s.period, (ng::periodicity{0, 4}));
  // {1, 3, 4}: period 7, values 0 1 0 1 2 3 2.
  const auto t = ng::grundy_sequence_of(ng::heap_game::from_string("subtraction:1,3,4"), 500);
  EXPECT_EQ(*t.period, (ng::periodicity{0, 7}));
  const auto naive = ng::grundy_values_naive(ng::heap_game::from_string("subtraction:1,3,4"), 500);
  EXPECT_EQ(t.values, naive);
}

TEST(HeapGame, ProvedPeriodsHoldFarBeyondTheProof) {
  for (const char* code : {"0.137", "4.07", "0.51", "0.16", "0.6", "0.37"}) {
    const auto game = ng::heap_game::from_string(code);
    const auto s = ng::grundy_sequence_of(game, 4000);
    const auto naive = ng::grundy_values_naive(game, 700);
    EXPECT_TRUE(std::equal(naive.begin(), naive.end(), s.values.begin())) << code;
    if (s.period) {
      for (std::uint64_t n = s.period->preperiod; n + s.period->period < 700; ++n)
        ASSERT_EQ(naive[n], naive[n + s.period->period]) << code;
    }
  }
  // Dawson's Chess 0.137 is Dawson's Kayles shifted by one: G(n) = G_0.07(n + 1).
  const auto chess = ng::grundy_sequence_of(ng::heap_game::from_string("0.137"), 1000);
  const auto kayles = ng::grundy_sequence_of(ng::heap_game::from_string("0.07"), 1001);
  for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(chess.values[n], kayles.values[n + 1]);
  EXPECT_EQ(*chess.period, (ng::periodicity{52, 34}));
}

TEST(HeapGame, NoPeriodClaimOutsideTheTheorem) {
  const auto grundy = ng::heap_game::grundys_game();
  EXPECT_FALSE(ng::prove_period(grundy, ng::grundy_values_naive(grundy, 300)).has_value());
  const auto hex = ng::heap_game::from_string("0.8");  // remove one, leave three heaps
  EXPECT_FALSE(ng::prove_period(hex, ng::grundy_values_naive(hex, 100)).has_value());
}

TEST(HeapGame, WinningMovesOfSums) {
  std::mt19937_64 rng(9);
  for (const char* code : kCodes) {
    const auto game = ng::heap_game::from_string(code);
    const auto g = ng::grundy_values_naive(game, 40);
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::uint64_t> heaps(1 + rng() % 4);
      for (auto& h : heaps) h = rng() % 40;
      const auto moves = ng::heaps_winning_moves(game, g, heaps);
      ASSERT_EQ(moves.empty(), ng::heaps_value(g, heaps) == 0) << code;
      for (const auto& m : moves) {
        std::vector<std::uint64_t> after = heaps;
        after.erase(after.begin() + std::ptrdiff_t(m.heap));
        after.insert(after.end(), m.leaves.begin(), m.leaves.end());
        ASSERT_EQ(ng::heaps_value(g, after), 0u) << code;
      }
      // Every zeroing move is listed: count them directly.
      std::size_t count = 0;
      for (std::size_t i = 0; i < heaps.size(); ++i) {
        std::vector<std::vector<std::uint64_t>> seen;
        game.for_each_option(heaps[i], [&](std::span<const std::uint64_t> leaves) {
          std::vector<std::uint64_t> l(leaves.begin(), leaves.end());
          if (std::find(seen.begin(), seen.end(), l) != seen.end()) return;
          seen.push_back(l);
          if ((ng::heaps_value(g, heaps) ^ g[heaps[i]] ^ ng::heaps_value(g, l)) == 0) ++count;
        });
      }
      ASSERT_EQ(moves.size(), count);
    }
  }
}

TEST(HeapGame, Nim) {
  const std::uint64_t heaps[] = {3, 5, 7};
  EXPECT_EQ(ng::nim_winning_moves(heaps),
            (std::vector<ng::nim_move>{{0, 2}, {1, 4}, {2, 6}}));
  const std::uint64_t lost[] = {1, 2, 3};
  EXPECT_TRUE(ng::nim_winning_moves(lost).empty());
  // Nim is the take-and-break game 0.3333... ; heaps below 8 with 0.3333333.
  const auto nim = ng::heap_game::from_string("0.3333333");
  EXPECT_EQ(ng::grundy_values_naive(nim, 8), (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
}

#ifdef NIMBER_EXHAUSTIVE
TEST(HeapGameExhaustive, SparseGrundysGameAgainstNaive) {
  const auto game = ng::heap_game::grundys_game();
  const auto reference = ng::grundy_values_naive(game, 40000);
  EXPECT_EQ(ng::grundy_sequence_of(game, 40000).values, reference);
}
#endif
