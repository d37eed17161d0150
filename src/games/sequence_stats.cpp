// The statistics of a Grundy sequence at every power of two (heap.hpp): the value histogram,
// the sparse-space mask and its rare positions, as published runs state them (A. Flammenkamp's
// tables of octal games; J. P. Grossman, "Searching for periodicity in Officers", Games of No
// Chance 5).
#include <algorithm>
#include <bit>

#include "games/grundy_terms.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::games {

namespace {

// The mask the sparse engine would choose from the histogram of G(1 .. N-1) (its rule,
// detail::fewest_rare_mask), and how many of those positions it leaves rare.
std::pair<std::uint32_t, std::uint64_t> best_mask(const std::vector<std::uint64_t>& counts) {
  std::size_t largest = counts.size();
  while (largest > 0 && counts[largest - 1] == 0) --largest;
  const unsigned width = largest == 0 ? 0 : unsigned(std::bit_width(largest - 1));
  std::vector<std::uint64_t> low(std::size_t(1) << std::min(width, 12u), 0);
  for (std::size_t v = 0; v < largest; ++v) low[v & (low.size() - 1)] += counts[v];
  return detail::fewest_rare_mask(low);
}

// Over any values indexed by position: a span's array, or a packed store's (packed_values::read).
// `store`, when given, is let trim its file-backed pages as the passes move on.
template <class Values>
std::vector<sequence_stats> stats_of(const Values& values, std::uint64_t size, const packed_values* store = nullptr) {
  const auto now_and_then = [store](std::uint64_t i) {
    if (store != nullptr && (i & 0xfffff) == 0) store->trim(i);
  };
  std::vector<sequence_stats> out;
  std::vector<std::uint64_t> counts;  // of G(1 .. N-1), the mask's input
  std::uint64_t done = 1;             // positions counted: 1 .. done-1
  for (std::uint64_t n = 1; n <= size && n != 0; n *= 2) {
    for (; done < n; ++done) {
      if (counts.size() <= values[done]) counts.resize(std::size_t(values[done]) + 1, 0);
      ++counts[values[done]];
      now_and_then(done);
    }
    sequence_stats s;
    s.terms = n;
    std::tie(s.mask, s.rare) = best_mask(counts);
    s.histogram = counts;
    if (s.histogram.size() <= values[0]) s.histogram.resize(std::size_t(values[0]) + 1, 0);
    ++s.histogram[values[0]];
    s.largest = std::uint32_t(s.histogram.size() - 1);
    if (s.rare > 0)
      for (std::uint64_t i = n - 1; i >= 1; --i) {
        if ((std::popcount(values[i] & s.mask) & 1) == 0) {
          s.last_rare = i;
          break;
        }
        now_and_then(i);
      }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

std::vector<sequence_stats> power_of_two_stats(std::span<const std::uint32_t> values) {
  return stats_of(values.data(), values.size());
}

std::vector<sequence_stats> power_of_two_stats(const packed_values& values) {
  return values.read([&](const auto& p) { return stats_of(p, values.size(), &values); });
}

}  // namespace nimber::games
