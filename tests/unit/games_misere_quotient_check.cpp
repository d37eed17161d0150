// The check of a marked quotient (games/misere_quotient_search.hpp) on proved quotients and on
// ones with the last heap given a wrong element or wrong options: the check from D and the
// check from S agree, and the check of one more heap from kept states agrees with the check
// of all heaps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "games/misere_quotient_search.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/misere_quotient.hpp"

namespace {

namespace ng = nimber::games;
namespace qd = ng::quotient_detail;

// A proved quotient as the check takes it: its table and marks, and the image of each heap up
// to `heaps` with its options' images.
struct check_input {
  ng::misere_quotient q;
  qd::table_monoid m;
  std::vector<qd::heap_image> images;
};

check_input input_of(const std::string& code, std::uint64_t heaps) {
  check_input in{ng::misere_quotient::compute(ng::heap_game::from_string(code), heaps), {}, {}};
  const ng::misere_quotient& q = in.q;
  qd::table_monoid& m = in.m;
  m.size = q.order();
  m.table.assign(std::size_t(m.size) * m.size, 0);
  m.marked.assign(m.size, false);
  for (std::uint32_t x = 0; x < m.size; ++x) {
    m.marked[x] = q.is_p(x);
    for (std::uint32_t y = 0; y < m.size; ++y) m.table[std::size_t(x) * m.size + y] = q.product(x, y);
  }
  for (std::uint64_t h = 0; h <= heaps; ++h) {
    qd::heap_image image{q.pretending()[h], {}};
    q.game().for_each_option(h, [&](std::span<const std::uint64_t> leaves) { image.options.push_back(q.element_of(leaves)); });
    std::sort(image.options.begin(), image.options.end());
    image.options.erase(std::unique(image.options.begin(), image.options.end()), image.options.end());
    in.images.push_back(image);
  }
  return in;
}

// The check finds each state's next D from D for quotients up to 1024 elements and from S above
// that; both ways must give the same verdict, the same first contradiction and the same
// agreeing position, on quotients that pass and on ones with the last heap given the wrong
// element.
TEST(MisereQuotientCheck, BothWaysToTheNextStateAgree) {
  for (const auto& [code, heaps] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"0.07", 26}, {"0.77", 20}, {"4.07", 16}, {"0.137", 16}}) {
    SCOPED_TRACE(code);
    check_input in = input_of(code, heaps);
    const qd::table_monoid& m = in.m;
    std::vector<qd::heap_image>& images = in.images;
    const qd::marking marks = qd::mark_elements(qd::candidate_monoid(m, {}, m.size), images, 1u << 30);
    std::size_t failed = 0;
    for (std::uint32_t a = 0; a < m.size && a < 40; ++a) {
      images.back().element = a;
      const qd::verdict direct = qd::verify(m, images, marks, 1u << 30);
      const qd::verdict through_s = qd::verify(m, images, marks, 1u << 30, 0);
      ASSERT_EQ(direct.passed, through_s.passed) << a;
      EXPECT_EQ(direct.passed, a == in.q.pretending()[heaps]) << a;
      EXPECT_EQ(direct.failure, through_s.failure) << a;
      EXPECT_EQ(direct.agreeing, through_s.agreeing) << a;
      failed += !direct.passed;
    }
    EXPECT_GT(failed, 0u);
  }
}

// One cache takes trials of the last heap in turn, with wrong options (one dropped, or one of
// another element added) and wrong elements, then the true image; each verdict must be the
// whole check's. A failed trial's states and steps must not leak into the next one.
TEST(MisereQuotientCheck, TheCheckOfOneMoreHeapAgreesWithTheWholeCheck) {
  for (const auto& [code, heaps] : std::vector<std::pair<std::string, std::uint64_t>>{{"0.07", 26}, {"4.07", 16}}) {
    SCOPED_TRACE(code);
    check_input in = input_of(code, heaps);
    const qd::table_monoid& m = in.m;
    std::vector<qd::heap_image>& images = in.images;
    const qd::heap_image truth = images.back();
    ASSERT_GE(truth.options.size(), 2u);
    std::vector<qd::heap_image> trials;
    for (std::size_t i = 0; i < truth.options.size(); ++i) {
      qd::heap_image dropped = truth;
      dropped.options.erase(dropped.options.begin() + static_cast<std::ptrdiff_t>(i));
      trials.push_back(dropped);
    }
    for (std::uint32_t e = 0; e < m.size && e < 8; ++e)
      if (!std::ranges::binary_search(truth.options, e)) {
        qd::heap_image added = truth;
        added.options.insert(std::ranges::lower_bound(added.options, e), e);
        trials.push_back(added);
      }
    for (std::uint32_t a = 0; a < m.size && a < 8; ++a)
      if (a != truth.element) trials.push_back({a, truth.options});
    const qd::marking marks = qd::mark_elements(qd::candidate_monoid(m, {}, m.size), images, 1u << 30);
    qd::state_cache cache;
    std::size_t failed = 0;
    for (const qd::heap_image& trial : trials) {
      images.back() = trial;
      const bool whole = qd::verify(m, images, marks, 1u << 30).passed;
      if (whole) continue;  // a pass would keep the trial's heap in the cache
      EXPECT_FALSE(qd::verify_with_heap(m, images, cache, 1u << 30));
      ++failed;
    }
    EXPECT_GE(failed, 4u);
    images.back() = truth;
    EXPECT_TRUE(qd::verify_with_heap(m, images, cache, 1u << 30));
  }
}

}  // namespace
