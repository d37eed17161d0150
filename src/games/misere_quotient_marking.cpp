// The marking of a candidate's elements (misere_quotient_search.hpp): each element's mark
// from the smallest position reaching it, by a search over the elements.
#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "games/misere_quotient_search.hpp"
#include "nimber/games/error.hpp"

namespace nimber::games::quotient_detail {

heap_word marking::word(std::uint32_t x, std::size_t heaps) const {
  heap_word w(heaps, 0);
  if (parent.empty()) return w;
  for (; x != 0; x = parent[x]) ++w[heap[x]];
  return w;
}

namespace {

// The images S of each marked element's position's options, one list after another in a
// pool, each image once a list. The position of x = from h has the options of from's, each
// with h added, and from's with h's options: S(x) = h S(from) ∪ from O(h).
struct option_lists {
  std::vector<std::uint32_t> pool;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> range;  // start, count, by element
  std::vector<std::uint32_t> seen_for;                         // the list that took it last

  explicit option_lists(std::uint32_t size) : range(size, {0, 0}), seen_for(size, ~0u) {}

  // S(x), given from's list, times_h (a product by h's image) and h's options.
  template <class Times>
  std::span<const std::uint32_t> add(std::uint32_t x, std::uint32_t from, const Times& times_h,
                                     const candidate_monoid& m, const heap_image& h) {
    // Written without a branch on whether e is new: each e is stored past the list's end,
    // which moves on only when it is.
    const std::size_t start = pool.size();
    const std::uint64_t from_start = range[from].first, from_count = range[from].second;
    pool.resize(start + from_count + h.options.size());
    std::uint32_t* const out = pool.data() + start;
    std::uint32_t* const seen = seen_for.data();
    std::size_t end = 0;
    const auto take = [&](std::uint32_t e) {
      out[end] = e;
      end += seen[e] != x;
      seen[e] = x;
    };
    for (std::uint64_t i = 0; i < from_count; ++i) take(times_h(pool[from_start + i]));
    for (const std::uint32_t o : h.options) take(m.product(from, o));
    pool.resize(start + end);
    range[x] = {start, static_cast<std::uint32_t>(end)};
    return {pool.data() + start, end};
  }
};

}  // namespace

marking mark_elements(const candidate_monoid& m, std::span<const heap_image> heaps, std::uint64_t max_bytes) {
  // Only the first state of each element is extended, so the search runs over elements: each
  // keeps the smallest position found reaching it (its key, the element and letter it came
  // from), and once marked, the images of that position's options (option_lists).
  const std::vector<letter> letters = letters_of(heaps);
  marking r;
  r.marks.assign(m.size(), -1);
  r.parent.assign(m.size(), 0);
  r.heap.assign(m.size(), 0);
  // An element waits in the bucket of its position's total size, as (~heaps, element): every
  // heap has a token, so a bucket is complete when the search gets to it, and sorted it gives
  // the order of the keys (total, more heaps, element). An element improved since it was
  // filed is found again with its better key and skipped where its key no longer matches.
  using entry = std::pair<std::uint32_t, std::uint32_t>;
  using key = std::pair<std::uint64_t, std::uint32_t>;  // total, ~heaps
  std::vector<std::vector<entry>> buckets(1);
  std::uint64_t waiting = 1;
  std::vector<key> best(m.size(), {~std::uint64_t(0), 0});
  std::vector<std::uint32_t> via(m.size(), 0);
  option_lists lists(m.size());
  best[0] = {0, ~0u};
  buckets[0].emplace_back(~0u, 0);
  // Products by the letters' images, each found once: most elements are an option image of
  // many others and a successor of several.
  std::uint64_t bytes = m.size() * (48ull + 4 * letters.size());
  if (bytes > max_bytes)
    throw game_size_error("the search over positions needs more than " + std::to_string(max_bytes) + " bytes");
  // Each element's row is filled when it is marked; the rows read are those of option images,
  // marked before.
  const std::size_t letter_count = letters.size();
  std::vector<std::uint32_t>& times = r.times;
  times.resize(letter_count * m.size());
  for (const letter& l : letters) r.letter_images.push_back(l.image->element);
  for (std::uint64_t total = 0; total < buckets.size(); ++total) {
    std::vector<entry> bucket = std::move(buckets[total]);
    waiting -= bucket.size();
    std::sort(bucket.begin(), bucket.end());
    for (const auto& [inverted, x] : bucket) {
      if (r.marks[x] >= 0 || best[x] != key{total, inverted}) continue;
      std::span<const std::uint32_t> s;
      if (x != 0) {
        const std::uint32_t l = via[x];
        r.heap[x] = letters[l].heap;
        s = lists.add(x, r.parent[x], [&](std::uint32_t e) { return times[e * letter_count + l]; }, m, *letters[l].image);
      }
      bool p = !s.empty();
      for (const std::uint32_t e : s) {
        if (r.marks[e] < 0) throw std::logic_error("misere quotient: an option's image is not marked");
        if (r.marks[e] == 1) p = false;
      }
      r.marks[x] = p ? 1 : 0;
      bytes += s.size() * 4;
      if (bytes + waiting * sizeof(entry) > max_bytes)
        throw game_size_error("the search over positions needs more than " + std::to_string(max_bytes) + " bytes");
      std::uint32_t* row = &times[x * letter_count];
      m.products(x, r.letter_images, row);
      for (std::uint32_t l = 0; l < letter_count; ++l) {
        const std::uint32_t y = row[l];
        const key k{total + letters[l].heap, inverted - 1};
        if (r.marks[y] >= 0 || k >= best[y]) continue;
        best[y] = k;
        r.parent[y] = x;
        via[y] = l;
        if (k.first >= buckets.size()) buckets.resize(k.first + 1);
        buckets[k.first].emplace_back(k.second, y);
        ++waiting;
      }
    }
  }
  return r;
}

}  // namespace nimber::games::quotient_detail
