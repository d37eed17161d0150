// The machinery behind misere_quotient (nimber/games/misere_quotient.hpp): candidate monoids,
// the search over the states of positions that proves (or refutes) that a candidate predicts
// misère outcomes, and the reduction of a predicting candidate to the quotient.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace nimber::games::quotient_detail {

// A finite commutative monoid by its multiplication table, the identity 0, with a marked
// subset (the P-portion, once proved).
struct table_monoid {
  std::uint32_t size = 1;
  std::vector<std::uint32_t> table{0};
  std::vector<bool> marked{false};
  std::uint32_t operator()(std::uint32_t x, std::uint32_t y) const { return table[std::size_t(x) * size + y]; }
};

// The cyclic monoid {1, g, ..., g^(index + period - 1)} with g^(index + period) = g^index.
struct cyclic_part {
  std::uint32_t index = 0, period = 1;
  std::uint32_t size() const noexcept { return index + period; }
  std::uint32_t add(std::uint32_t e, std::uint32_t f) const noexcept {
    const std::uint32_t s = e + f;
    return s < size() ? s : index + (s - index) % period;
  }
};

// A candidate: a base monoid (a quotient found before) times cyclic parts, its elements
// numbered base + base.size * (e_1 + size_1 * (e_2 + ...)).
class candidate_monoid {
 public:
  // Throws game_size_error when the product has more than `max_size` elements.
  candidate_monoid(const table_monoid& base, std::vector<cyclic_part> parts, std::uint64_t max_size);
  std::uint32_t size() const noexcept { return size_; }
  std::uint32_t product(std::uint32_t x, std::uint32_t y) const {
    if (parts_.empty()) return (*base_)(x, y);
    const std::size_t stride = 1 + parts_.size();
    const std::uint32_t* dx = &digits_[x * stride];
    const std::uint32_t* dy = &digits_[y * stride];
    std::uint32_t result = (*base_)(dx[0], dy[0]);
    for (std::size_t i = 0; i < parts_.size(); ++i) result += radix_[i] * sums_[i][dx[1 + i] + dy[1 + i]];
    return result;
  }
  // out[i] = x ys[i], for each i: x's digits and its row of the base read once.
  void products(std::uint32_t x, std::span<const std::uint32_t> ys, std::uint32_t* out) const;
  // g_i: the identity of the base, exponent 1 in part i.
  std::uint32_t generator(std::size_t part) const;
  const table_monoid& base() const noexcept { return *base_; }

 private:
  const table_monoid* base_;
  std::vector<cyclic_part> parts_;
  std::vector<std::uint32_t> radix_;  // the multiplier of each part's exponent
  // sums_[i][e + f]: the exponent of g_i^e g_i^f in part i (cyclic_part::add, without its division)
  std::vector<std::vector<std::uint32_t>> sums_;
  std::uint32_t size_ = 1;
  // With parts: each element's base element and exponents, 1 + parts_.size() words, so that a
  // product divides nothing.
  std::vector<std::uint32_t> digits_;
};

// A heap's image in a candidate and the sorted images of its options (empty: no move).
struct heap_image {
  std::uint32_t element = 0;
  std::vector<std::uint32_t> options;
};

// Heaps that act alike (same image, same options' images) are one letter of the searches, the
// smallest of them standing for all.
struct letter {
  std::uint64_t heap;
  const heap_image* image;
};
std::vector<letter> letters_of(std::span<const heap_image> heaps);

// A position as exponents per heap size (index h: how many heaps of size h).
using heap_word = std::vector<std::uint32_t>;

// The marks of a candidate's reachable elements (1 P, 0 N, -1 not reachable), each taken
// from the first state (x, S) holding it in the order of the smallest position reaching each
// (total size, then more heaps first): its options' images were marked before. Only the first
// state of each element is extended, so the states form a tree over the elements, and
// word(x) is the position that marked x.
struct marking {
  std::vector<std::int8_t> marks;
  std::vector<std::uint32_t> parent;  // the element x came from
  std::vector<std::uint64_t> heap;    // the heap added to it (0 for the identity)
  // The letters' images (letters_of), and times[x * letter_images.size() + l], x times letter
  // l's image, for every reachable x (the search extends each by every letter).
  std::vector<std::uint32_t> letter_images, times;
  heap_word word(std::uint32_t x, std::size_t heaps) const;
};
// Throws game_size_error when the states need more than max_bytes.
marking mark_elements(const candidate_monoid& m, std::span<const heap_image> heaps, std::uint64_t max_bytes);

// Whether a marked quotient q predicts the outcome of every position, by the search over all
// reachable states, by total size as above. A state (x, S) is kept as (x, D) with D the elements y
// such that y S meets the marked ones (states with one D behave alike); adding heap h maps
// D to {y : y h in D} ∪ D(x O(h)). On failure: the first position contradicting its
// element's mark, and a position of that element whose outcome agrees with the mark (the
// first one searched, or else the one in `marked_by`): positions no smaller than them are
// told apart by some position, and q identifies them. Quotients of up to direct_up_to elements
// (at most 2048) find each next D from D, larger ones from S; the verdict is the same.
struct verdict {
  bool passed = false;
  heap_word failure, agreeing;
};
verdict verify(const table_monoid& q, std::span<const heap_image> heaps, const marking& marked_by,
               std::uint64_t max_bytes, std::uint32_t direct_up_to = 2048);

// The reachable states of a quotient whose check passed, kept between heaps.
class state_cache {
 public:
  state_cache();
  ~state_cache();
  // Forgets the states (the quotient changed).
  void clear();
  struct impl;

 private:
  std::unique_ptr<impl> p_;
  friend bool verify_with_heap(const table_monoid&, std::span<const heap_image>, state_cache&, std::uint64_t);
};

// Whether q, whose marks predict the outcome of every sum of heaps[0 .. n-1], still does with
// heap n (the last of `heaps`) added: only the states reached through heap n are searched,
// from the cache's states of the heaps before it (found on the first call after clear()),
// which take the new ones when the check passes. Throws game_size_error past max_bytes.
bool verify_with_heap(const table_monoid& q, std::span<const heap_image> heaps, state_cache& cache,
                      std::uint64_t max_bytes);

// Of generators with elements images[0], images[1], ... of a monoid of `size` elements
// (times(x, i): x times generator i), the indices of those the earlier kept ones do not
// generate, in order: they generate what all do, and a congruence for them is one for all.
template <class Times>
std::vector<std::size_t> independent_generators(std::size_t size, std::span<const std::uint32_t> images,
                                                const Times& times) {
  std::vector<bool> inside(size, false);
  std::vector<std::uint32_t> elements{0};
  std::vector<std::size_t> kept;
  inside[0] = true;
  const auto take = [&](std::uint32_t y) {
    if (!inside[y]) {
      inside[y] = true;
      elements.push_back(y);
    }
  };
  for (std::size_t g = 0; g < images.size(); ++g) {
    if (inside[images[g]]) continue;
    kept.push_back(g);
    // The closure under the kept generators: the new one on the elements so far, all of them
    // on the elements that adds.
    const std::size_t before = elements.size();
    for (std::size_t i = 0; i < elements.size(); ++i)
      if (i < before) take(times(elements[i], g));
      else
        for (const std::size_t k : kept) take(times(elements[i], k));
  }
  return kept;
}

// The quotient of a candidate marked by mark_elements over `heaps`: its reachable elements
// under the coarsest congruence that keeps marked and unmarked apart, numbered breadth-first
// from the identity multiplying by the heaps' images in heap order; classes[h] is heap h's
// element there. Throws game_size_error when the table would need more than max_bytes.
struct reduction {
  table_monoid quotient;
  std::vector<std::uint32_t> classes;
};
reduction reduce(const marking& marked, std::span<const heap_image> heaps, std::uint64_t max_bytes);

}  // namespace nimber::games::quotient_detail
