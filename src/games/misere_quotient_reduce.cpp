// The reduction of a predicting candidate to the misère quotient (misere_quotient_search.hpp):
// Moore's refinement of its reachable elements, numbered breadth-first from the identity.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "games/misere_quotient_search.hpp"
#include "nimber/games/error.hpp"

namespace nimber::games::quotient_detail {
namespace {

// The letters whose images are the distinct images of the heaps with a move, in heap order:
// the generators of the walk.
std::vector<std::uint32_t> generator_letters(const marking& marked) {
  std::vector<std::uint32_t> gens;
  std::vector<bool> seen(marked.marks.size(), false);
  for (std::uint32_t l = 0; l < marked.letter_images.size(); ++l)
    if (!seen[marked.letter_images[l]]) {
      seen[marked.letter_images[l]] = true;
      gens.push_back(l);
    }
  return gens;
}

// Moore's refinement on the reachable elements: blocks split by the blocks of their products
// with each generator until no block splits. A round numbers the elements by their signature
// (their block and the blocks of their products), in the order signatures first come: one
// hash of the signature an element, and a comparison with the first element of the block its
// hash points at. step holds each element's products, `gens` a row.
std::vector<std::uint32_t> refine(const std::vector<std::uint32_t>& step, std::size_t gens,
                                  std::vector<std::uint32_t> block) {
  const std::size_t n = block.size();
  if (gens == 0 || n == 0) return block;
  std::size_t capacity = 16;
  while (capacity < 2 * n) capacity *= 2;
  constexpr std::uint32_t empty = ~0u;
  std::vector<std::uint32_t> slots(capacity), first, next(n);  // slots: a block's number
  std::vector<std::uint64_t> hashes(n);
  const auto same = [&](std::size_t a, std::size_t b) {
    if (block[a] != block[b]) return false;
    const std::uint32_t* sa = &step[a * gens];
    const std::uint32_t* sb = &step[b * gens];
    for (std::size_t g = 0; g < gens; ++g)
      if (block[sa[g]] != block[sb[g]]) return false;
    return true;
  };
  for (std::size_t count = 0;;) {
    // Two lanes, so that the multiplications overlap.
    constexpr std::uint64_t mix = 0xff51afd7ed558ccdull;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t* s = &step[i * gens];
      std::uint64_t h0 = (block[i] + 1) * 0x9e3779b97f4a7c15ull, h1 = 1;
      std::size_t g = 0;
      for (; g + 2 <= gens; g += 2) {
        h0 = (h0 ^ block[s[g]]) * mix;
        h1 = (h1 ^ block[s[g + 1]]) * mix;
      }
      if (g < gens) h0 = (h0 ^ block[s[g]]) * mix;
      h0 = (h0 ^ h1 ^ h1 >> 31) * mix;
      hashes[i] = h0 ^ h0 >> 29;
    }
    std::fill(slots.begin(), slots.end(), empty);
    first.clear();
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t k = hashes[i] & (capacity - 1);
      for (; slots[k] != empty; k = (k + 1) & (capacity - 1))
        if (hashes[first[slots[k]]] == hashes[i] && same(first[slots[k]], i)) break;
      if (slots[k] == empty) {
        slots[k] = static_cast<std::uint32_t>(first.size());
        first.push_back(static_cast<std::uint32_t>(i));
      }
      next[i] = slots[k];
    }
    block.swap(next);
    if (first.size() == count) return block;
    count = first.size();
  }
}

}  // namespace

reduction reduce(const marking& marked, std::span<const heap_image> heaps, std::uint64_t max_bytes) {
  const std::size_t m_size = marked.marks.size();
  const std::size_t letters = marked.letter_images.size();
  const auto times = [&](std::uint32_t letter, std::uint32_t x) { return marked.times[x * letters + letter]; };
  const std::vector<std::uint32_t> gens = generator_letters(marked);
  // Moore's rounds cost a look-up an element and generator: over the independent ones only.
  std::vector<std::uint32_t> gen_images, core;
  for (const std::uint32_t g : gens) gen_images.push_back(marked.letter_images[g]);
  for (const std::size_t i : independent_generators(m_size, gen_images,
                                                    [&](std::uint32_t x, std::size_t g) { return times(gens[g], x); }))
    core.push_back(gens[i]);
  // The reachable elements, breadth-first from the identity, and each one's products by the
  // independent generators.
  std::vector<std::uint32_t> reached{0};
  std::vector<std::uint32_t> where(m_size, ~0u);
  where[0] = 0;
  const std::size_t k = core.size();
  std::vector<std::uint32_t> step;  // step[i * k + g]: reached element i times generator core[g]
  step.reserve(m_size * k);
  for (std::size_t i = 0; i < reached.size(); ++i)
    for (const std::uint32_t g : core) {
      const std::uint32_t y = times(g, reached[i]);
      if (where[y] == ~0u) {
        where[y] = static_cast<std::uint32_t>(reached.size());
        reached.push_back(y);
      }
      step.push_back(where[y]);
    }
  std::vector<std::uint32_t> block(reached.size());
  for (std::size_t i = 0; i < reached.size(); ++i) block[i] = marked.marks[reached[i]] == 1 ? 1 : 0;
  block = refine(step, k, std::move(block));

  // Number the blocks breadth-first from the identity's; each block after the first is found
  // as an earlier one times a generator, which gives its row of the table from that one's.
  std::vector<std::uint32_t> representative{0};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> found_as{{0, 0}};  // (earlier block, generator)
  std::vector<std::uint32_t> order_of_block(reached.size(), ~0u);
  order_of_block[block[0]] = 0;
  const auto product = [&](std::uint32_t i, std::size_t g) { return where[times(gens[g], reached[i])]; };
  for (std::size_t r = 0; r < representative.size(); ++r)
    for (std::size_t g = 0; g < gens.size(); ++g) {
      const std::uint32_t j = product(representative[r], g);
      if (order_of_block[block[j]] == ~0u) {
        order_of_block[block[j]] = static_cast<std::uint32_t>(representative.size());
        representative.push_back(j);
        found_as.emplace_back(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(g));
      }
    }
  const auto size = static_cast<std::uint32_t>(representative.size());
  if (std::uint64_t(size) * size * 4 > max_bytes)
    throw game_size_error("a quotient of " + std::to_string(size) + " elements needs more than " +
                          std::to_string(max_bytes) + " bytes for its table");
  // by[g][a]: a times generator g, in the quotient's numbering (the blocks are closed under
  // each generator's step, so any member of a block gives it).
  std::vector<std::vector<std::uint32_t>> by(gens.size(), std::vector<std::uint32_t>(size));
  for (std::size_t g = 0; g < gens.size(); ++g)
    for (std::uint32_t a = 0; a < size; ++a) by[g][a] = order_of_block[block[product(representative[a], g)]];
  reduction r;
  r.quotient.size = size;
  r.quotient.table.assign(std::size_t(size) * size, 0);
  r.quotient.marked.assign(size, false);
  for (std::uint32_t a = 0; a < size; ++a) {
    r.quotient.marked[a] = marked.marks[reached[representative[a]]] == 1;
    std::uint32_t* row = &r.quotient.table[std::size_t(a) * size];
    row[0] = a;
    for (std::uint32_t b = 1; b < size; ++b) row[b] = by[found_as[b].second][row[found_as[b].first]];
  }
  for (const heap_image& h : heaps) r.classes.push_back(order_of_block[block[where[h.element]]]);
  return r;
}

}  // namespace nimber::games::quotient_detail
