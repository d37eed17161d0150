// Misère Nim against the definition: a position is won by the player to move exactly when
// it has no move or some move reaches a position lost for the player to move then.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "nimber/games/misere.hpp"

namespace {

namespace ng = nimber::games;

// The definition, memoised on the sorted heaps.
class misere_nim_reference {
 public:
  bool wins(std::vector<std::uint64_t> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = known_.find(heaps); it != known_.end()) return it->second;
    bool any_move = false, win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i)
      for (std::uint64_t t = 0; t < heaps[i] && !win; ++t) {
        any_move = true;
        std::vector<std::uint64_t> after = heaps;
        after[i] = t;
        win = !wins(after);
      }
    return known_[heaps] = !any_move || win;
  }

  // Every move to a position lost for the player to move, heap by heap, targets decreasing.
  std::vector<ng::nim_move> winning_moves(const std::vector<std::uint64_t>& heaps) {
    std::vector<ng::nim_move> moves;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      for (std::uint64_t t = heaps[i]; t-- > 0;) {
        std::vector<std::uint64_t> after = heaps;
        after[i] = t;
        if (!wins(after)) moves.push_back({i, t});
      }
    return moves;
  }

 private:
  std::map<std::vector<std::uint64_t>, bool> known_;
};

// Every position of `count` heaps, each below `bound`, handed to check.
template <class Check>
void for_each_position(std::size_t count, std::uint64_t bound, Check check) {
  std::vector<std::uint64_t> heaps(count, 0);
  for (;;) {
    check(heaps);
    std::size_t i = 0;
    while (i < count && ++heaps[i] == bound) heaps[i++] = 0;
    if (i == count) return;
  }
}

TEST(MisereNim, AgreesWithTheDefinitionOnEverySmallPosition) {
  misere_nim_reference reference;
  for (const auto& [count, bound] : std::vector<std::pair<std::size_t, std::uint64_t>>{{1, 12}, {2, 12}, {3, 9}, {4, 6}})
    for_each_position(count, bound, [&](const std::vector<std::uint64_t>& heaps) {
      ASSERT_EQ(ng::misere_nim_wins(heaps), reference.wins(heaps)) << testing::PrintToString(heaps);
      ASSERT_EQ(ng::misere_nim_winning_moves(heaps), reference.winning_moves(heaps)) << testing::PrintToString(heaps);
    });
}

TEST(MisereNim, EdgePositions) {
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{}));       // no move: the mover wins
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{0, 0}));
  EXPECT_FALSE(ng::misere_nim_wins(std::vector<std::uint64_t>{1}));     // must take the last
  EXPECT_TRUE(ng::misere_nim_wins(std::vector<std::uint64_t>{1, 1}));
  EXPECT_FALSE(ng::misere_nim_wins(std::vector<std::uint64_t>{1, 1, 1}));
  // A single large heap: leave one.
  const std::uint64_t big = ~std::uint64_t{0};
  EXPECT_EQ(ng::misere_nim_winning_moves(std::vector<std::uint64_t>{big}), (std::vector<ng::nim_move>{{0, 1}}));
  // Where a heap of two or more stays, normal play's move: the nim-sum is 6 ^ 5 = 3, and only
  // 2^63 + 6 gets smaller by it.
  const std::uint64_t top = std::uint64_t(1) << 63;
  const std::vector<std::uint64_t> large{top, top + 6, 5};
  EXPECT_EQ(ng::misere_nim_winning_moves(large), (std::vector<ng::nim_move>{{1, top + 5}}));
  EXPECT_TRUE(ng::misere_nim_winning_moves(std::vector<std::uint64_t>{top, top}).empty());
}

}  // namespace
