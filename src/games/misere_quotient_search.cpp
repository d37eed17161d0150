#include "games/misere_quotient_search.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

#include "kernels/kernel.hpp"
#include "nimber/games/error.hpp"

namespace nimber::games::quotient_detail {

candidate_monoid::candidate_monoid(const table_monoid& base, std::vector<cyclic_part> parts, std::uint64_t max_size)
    : base_(&base), parts_(std::move(parts)) {
  std::uint64_t size = base.size;
  for (const cyclic_part& p : parts_) {
    radix_.push_back(static_cast<std::uint32_t>(size));
    std::vector<std::uint32_t>& sums = sums_.emplace_back(2 * p.size() - 1);
    for (std::uint32_t s = 0; s < sums.size(); ++s) sums[s] = p.add(s, 0);
    size *= p.size();
    if (size > max_size)
      throw game_size_error("a candidate quotient of more than " + std::to_string(max_size) + " elements");
  }
  size_ = static_cast<std::uint32_t>(size);
  if (parts_.empty()) return;
  const std::size_t stride = 1 + parts_.size();
  digits_.resize(std::size_t(size_) * stride);
  for (std::uint32_t x = 0; x < size_; ++x) {
    std::uint32_t* d = &digits_[x * stride];
    std::uint32_t rest = x / base.size;
    d[0] = x % base.size;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      d[1 + i] = rest % parts_[i].size();
      rest /= parts_[i].size();
    }
  }
}

void candidate_monoid::products(std::uint32_t x, std::span<const std::uint32_t> ys, std::uint32_t* out) const {
  if (parts_.empty()) {
    const std::uint32_t* row = &base_->table[std::size_t(x) * base_->size];
    for (std::size_t i = 0; i < ys.size(); ++i) out[i] = row[ys[i]];
    return;
  }
  const std::size_t stride = 1 + parts_.size();
  const std::uint32_t* dx = &digits_[x * stride];
  const std::uint32_t* row = &base_->table[std::size_t(dx[0]) * base_->size];
  if (parts_.size() == 1) {  // the common case: one freed heap
    const std::uint32_t* sums = &sums_[0][dx[1]];
    const std::uint32_t radix = radix_[0];
    for (std::size_t i = 0; i < ys.size(); ++i) {
      const std::uint32_t* dy = &digits_[ys[i] * 2];
      out[i] = row[dy[0]] + radix * sums[dy[1]];
    }
    return;
  }
  for (std::size_t i = 0; i < ys.size(); ++i) {
    const std::uint32_t* dy = &digits_[ys[i] * stride];
    std::uint32_t result = row[dy[0]];
    for (std::size_t j = 0; j < parts_.size(); ++j) result += radix_[j] * sums_[j][dx[1 + j] + dy[1 + j]];
    out[i] = result;
  }
}

std::uint32_t candidate_monoid::generator(std::size_t part) const { return radix_.at(part); }

std::vector<letter> letters_of(std::span<const heap_image> heaps) {
  std::map<std::pair<std::uint32_t, std::vector<std::uint32_t>>, std::uint64_t> seen;
  std::vector<letter> letters;
  for (std::uint64_t h = 1; h < heaps.size(); ++h) {
    if (heaps[h].options.empty()) continue;  // no move: the heap is the game 0
    if (seen.emplace(std::make_pair(heaps[h].element, heaps[h].options), h).second) letters.push_back({h, &heaps[h]});
  }
  return letters;
}

namespace {

// States (x, data), data a sorted set of elements or a bitset of words, kept in one pool and
// found by hash, each with the smallest position found reaching it.
class state_table {
 public:
  struct state {
    std::uint32_t x;
    std::uint64_t first;
    std::uint32_t count;
    std::uint32_t parent = 0, via = 0;  // the letter added to state `parent`
  };
  std::vector<state> states;
  std::vector<std::uint64_t> pool;

  std::span<const std::uint64_t> data(std::uint32_t id) const {
    return {pool.data() + states[id].first, states[id].count};
  }
  // The state (x, d); only the first key_size words of d tell states apart (the rest is a
  // payload kept from the first state found).
  // Four independent lanes, so that the multiplications overlap, folded at the end.
  static std::uint64_t hash(std::uint32_t x, std::span<const std::uint64_t> key) {
    constexpr std::uint64_t mix = 0xff51afd7ed558ccdull;
    std::uint64_t h[4] = {(x + 1) * 0x9e3779b97f4a7c15ull, 1, 2, 3};
    std::size_t i = 0;
    for (; i + 4 <= key.size(); i += 4)
      for (std::size_t j = 0; j < 4; ++j) h[j] = (h[j] ^ key[i + j] ^ (key[i + j] >> 29)) * mix;
    for (; i < key.size(); ++i) h[0] = (h[0] ^ key[i] ^ (key[i] >> 29)) * mix;
    for (std::size_t j = 1; j < 4; ++j) h[0] = (h[0] ^ h[j] ^ (h[j] >> 31)) * mix;
    return h[0];
  }
  std::pair<std::uint32_t, bool> find_or_add(std::uint32_t x, std::span<const std::uint64_t> d, std::size_t key_size) {
    const std::span<const std::uint64_t> key = d.first(key_size);
    const std::uint64_t h = hash(x, key);
    if (2 * (states.size() + 1) > slots_.size()) rehash(key_size, 2 * slots_.size());
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = (h ^ h >> 31) & mask;
    for (; slots_[i].second != free_slot; i = (i + 1) & mask)
      if (slots_[i].first == h && states[slots_[i].second].x == x && same_words(data(slots_[i].second).data(), key))
        return {slots_[i].second, false};
    const auto id = static_cast<std::uint32_t>(states.size());
    states.push_back({x, pool.size(), static_cast<std::uint32_t>(d.size())});
    pool.insert(pool.end(), d.begin(), d.end());
    slots_[i] = {h, id};
    return {id, true};
  }
  // Equal hashes almost always mean equal keys: all words compared, no early exit, no call.
  static bool same_words(const std::uint64_t* a, std::span<const std::uint64_t> key) {
    std::uint64_t differ = 0;
    for (std::size_t i = 0; i < key.size(); ++i) differ |= a[i] ^ key[i];
    return differ == 0;
  }
  // Forgets the states from n on.
  void truncate(std::uint32_t n, std::size_t key_size) {
    if (n < states.size()) pool.resize(states[n].first);
    states.resize(n);
    rehash(key_size, slots_.size());
  }
  std::uint64_t bytes() const { return states.size() * sizeof(state) + slots_.size() * 16 + pool.size() * 8; }
  heap_word word(std::uint32_t id, std::span<const letter> letters, std::size_t heaps) const {
    heap_word w(heaps, 0);
    for (; id != 0; id = states[id].parent) ++w[letters[states[id].via].heap];
    return w;
  }

 private:
  // Open addressing: each slot the hash of a state and its id (free_slot when empty).
  static constexpr std::uint32_t free_slot = ~0u;
  void rehash(std::size_t key_size, std::size_t capacity) {
    capacity = std::max<std::size_t>(capacity, 64);
    slots_.assign(capacity, {0, free_slot});
    for (std::uint32_t id = 0; id < states.size(); ++id) {
      const std::uint64_t h = hash(states[id].x, data(id).first(key_size));
      std::size_t i = (h ^ h >> 31) & (capacity - 1);
      while (slots_[i].second != free_slot) i = (i + 1) & (capacity - 1);
      slots_[i] = {h, id};
    }
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> slots_;
};

// Visits the states from the empty position by the total size of the smallest position
// reaching each, and within a size the moves from positions of more heaps first. visit(id)
// says whether to go on: the search ends at the first state it refuses. next(id, letter, out)
// gives the data of the state reached by adding the letter's heap (its element: x times the
// letter's image), whose first key_size words (all when 0) tell states apart. other_bytes()
// is what the caller holds besides the states, counted against max_bytes with them.
// A position is built once, its letters in increasing order: a state is extended only by the
// letters from the last letter of the position that found it. No state is missed, and each is
// found at the least total size reaching it (induction on that size): if T, found by R + b,
// needs a letter a < b, then T a is (R + a) b, a state of smaller size extended by b, or
// again by the letters from its own larger last letter c > b; the letters rise, so this ends.
// A move waits, unfollowed, in the bucket of the total size it leads to until the search gets
// there, so that a search that stops early follows none past its stop, and a state's first
// move is from its smallest position. A state's letters wait as one run, only its next move
// in a bucket (the letters ascend by heap), so that the buckets hold a move per run.
template <class Visit, class Next, class Bytes>
void search(state_table& t, const candidate_monoid& m, std::span<const letter> letters, std::uint64_t max_bytes,
            std::size_t key_size, Visit visit, Next next, Bytes other_bytes) {
  struct run {
    std::uint64_t inverted;  // ~(heaps) of the positions it leads to
    std::uint32_t from, letter;  // the moves of state `from` by the letters from `letter` on
  };
  std::vector<std::vector<run>> buckets;  // by the total size of the run's next move
  std::uint64_t waiting = 0;
  // Files r under the total size its next move leads to, from a position of `total` tokens.
  const auto file = [&](const run& r, std::uint64_t total) {
    const std::uint64_t to = total + letters[r.letter].heap;
    if (to >= buckets.size()) buckets.resize(to + 1);
    buckets[to].push_back(r);
  };
  // The moves of state id by the letters from `first` on, from a position of `total` tokens
  // and ~(heaps) `inverted`.
  const auto count = static_cast<std::uint32_t>(letters.size());
  const auto extend = [&](std::uint32_t id, std::uint32_t first, std::uint64_t total, std::uint64_t inverted) {
    file({inverted - 1, id, first}, total);
    ++waiting;
  };
  if (!visit(0)) return;
  if (count > 0) extend(0, 0, 0, ~std::uint64_t(0));
  std::vector<std::uint64_t> d;
  for (std::uint64_t total = 1; total < buckets.size(); ++total) {
    std::vector<run> bucket = std::move(buckets[total]);
    // More heaps first; among equals, the order the moves were filed in.
    std::stable_sort(bucket.begin(), bucket.end(), [](const run& a, const run& b) { return a.inverted < b.inverted; });
    for (const run& r : bucket) {
      const letter& l = letters[r.letter];
      if (r.letter + 1 < count) file({r.inverted, r.from, r.letter + 1}, total - l.heap);
      else --waiting;
      next(r.from, r.letter, d);
      const auto [to, added] =
          t.find_or_add(m.product(t.states[r.from].x, l.image->element), d, key_size ? key_size : d.size());
      if (!added) continue;  // reached before, by a position no larger
      t.states[to].parent = r.from;
      t.states[to].via = r.letter;
      if (!visit(to)) return;
      extend(to, r.letter, total, r.inverted);
    }
    if (t.bytes() + other_bytes() + waiting * sizeof(run) > max_bytes)
      throw game_size_error("the search over positions needs more than " + std::to_string(max_bytes) + " bytes");
  }
}

// The step of the check's states (x, D), D the elements y with y S meeting the marked ones.
// A state's data is D, then for quotients past 2048 elements the elements S of the first
// position found reaching it (those with a marked multiple), from which the next states' S
// and D follow; smaller quotients find the new D directly, {y : y h in D} being a few words.
class d_step {
 public:
  // Up to `direct_up_to` elements (at most 2048: D fits 256 bytes, and a padded copy of the
  // table, two bytes an entry, at most 8 MiB) D is found from D directly; past that from S, a
  // few elements.
  d_step(const table_monoid& q, std::uint32_t direct_up_to)
      : q_(q), words_((q.size + 63) / 64), divides_(std::size_t(q.size) * words_, 0), useful_(q.size, false),
        direct_(q.size <= std::min<std::uint32_t>(direct_up_to, 2048)) {
    // The rows of the table padded to whole words: for the kernel's gather each product's bit
    // in D as a byte of D and a mask in it (the padding's masks 0), for gather_bytes the
    // product itself (the padding pointing at a byte that is 0).
    const std::size_t width = words_ * 64;
    if (direct_ && gather_ != nullptr) {
      byte_of_.assign(q.size * width, 0);
      bit_of_.assign(q.size * width, 0);
    } else if (direct_) {
      times_.assign(q.size * width, static_cast<std::uint16_t>(q.size));
      bytes_.assign(width + 1, 0);
    }
    const std::vector<std::uint8_t> marked(q.marked.begin(), q.marked.end());  // bytes: read size^2 times
    for (std::uint32_t s = 0; s < q.size; ++s) {
      const std::uint32_t* row = &q.table[std::size_t(s) * q.size];
      std::uint64_t* divides = &divides_[s * words_];
      for (std::uint32_t y = 0; y < q.size; ++y) {
        const std::uint32_t p = row[y];
        divides[y / 64] |= std::uint64_t(marked[p]) << (y % 64);
        if (!direct_) continue;
        if (gather_ != nullptr) {
          byte_of_[s * width + y] = static_cast<std::uint8_t>(p / 8);
          bit_of_[s * width + y] = static_cast<std::uint8_t>(1u << (p % 8));
        } else {
          times_[s * width + y] = static_cast<std::uint16_t>(p);
        }
      }
      useful_[s] = std::any_of(divides, divides + words_, [](std::uint64_t w) { return w != 0; });
    }
  }
  // The states' data are read through a copy of the last one's D as bytes; a state table that
  // forgets states may give their ids to new ones, and then the copy must go.
  void forget() noexcept { unpacked_ = ~0u; }
  // A mark of the options' parts found so far, and the forgetting of those found after it (when
  // a slot found after it is to be given to another heap).
  std::size_t parts_mark() const noexcept { return parts_.size(); }
  void forget_parts_from(std::size_t mark) {
    parts_.resize(mark);
    for (std::size_t& at : part_at_)
      if (at != none && at >= mark) at = none;
  }
  std::uint64_t bytes() const noexcept { return part_at_.size() * 8 + parts_.size() * 8; }
  std::size_t words() const noexcept { return words_; }
  // Whether the state's positions are P-positions as the marks say; the empty position (id 0)
  // has no option at all, the others some, one of them a P-position exactly when the identity
  // is in D.
  bool consistent(const state_table& t, std::uint32_t id) const {
    return (id != 0 && !(t.data(id)[0] & 1)) == q_.marked[t.states[id].x];
  }
  // The data of state id's successor by heap g, the letter numbered `slot` (a number that
  // stands for g alone while its parts are kept).
  void operator()(const state_table& t, std::uint32_t id, std::uint32_t slot, const heap_image& g,
                  std::vector<std::uint64_t>& d) {
    const std::uint32_t x = t.states[id].x;
    if (direct_) {
      d.resize(words_);  // the gather writes every word
      // {y : y g in D}: for each y the bit of D at its product with g.
      if (gather_ != nullptr) {
        std::memcpy(gather_table_, t.data(id).data(), words_ * 8);
        const std::size_t row = std::size_t(g.element) * words_ * 64;
        gather_(gather_table_, &byte_of_[row], &bit_of_[row], words_, d.data());
      } else {
        gather_bytes(t, id, g, d);
      }
      const std::uint64_t* options = options_part(x, slot, g);
      for (std::size_t w = 0; w < words_; ++w) d[w] |= options[w];
      return;
    }
    d.assign(words_, 0);
    s_.clear();
    // Elements with no marked multiple add nothing to D.
    const std::uint32_t* times_g = &q_.table[std::size_t(g.element) * q_.size];
    const std::uint32_t* times_x = &q_.table[std::size_t(x) * q_.size];
    for (const std::uint64_t e : t.data(id).subspan(words_))
      if (const std::uint32_t y = times_g[e]; useful_[y]) s_.push_back(y);
    for (const std::uint32_t o : g.options)
      if (const std::uint32_t y = times_x[o]; useful_[y]) s_.push_back(y);
    std::sort(s_.begin(), s_.end());
    s_.erase(std::unique(s_.begin(), s_.end()), s_.end());
    for (const std::uint64_t e : s_) add(d, e);
    d.insert(d.end(), s_.begin(), s_.end());
  }

 private:
  // The portable gather: each y looks up its product's byte, eight bytes of 0 or 1 packed into
  // eight bits by one multiplication (byte i lands on bit 56 + i).
  void gather_bytes(const state_table& t, std::uint32_t id, const heap_image& g, std::vector<std::uint64_t>& d) {
    if (unpacked_ != id) {
      const std::uint64_t* from = t.data(id).data();
      for (std::uint32_t y = 0; y < q_.size; ++y) bytes_[y] = static_cast<std::uint8_t>(from[y / 64] >> (y % 64) & 1);
      unpacked_ = id;
    }
    const std::uint16_t* times_g = &times_[std::size_t(g.element) * words_ * 64];
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t word = 0;
      for (unsigned k = 0; k < 64; k += 8, times_g += 8) {
        std::uint64_t b = 0;
        for (unsigned j = 0; j < 8; ++j) b |= std::uint64_t(bytes_[times_g[j]]) << (8 * j);
        word |= (b * 0x0102040810204080ull) >> 56 << k;
      }
      d[w] = word;
    }
  }
  // D(x O(g)), the part of the successor's D from g's options: the same for every state of
  // element x, so found once for each (x, slot).
  const std::uint64_t* options_part(std::uint32_t x, std::uint32_t slot, const heap_image& g) {
    const std::size_t key = std::size_t(slot) * q_.size + x;
    if (key >= part_at_.size()) part_at_.resize((std::size_t(slot) + 1) * q_.size, none);
    if (part_at_[key] == none) {
      part_at_[key] = parts_.size();
      parts_.resize(parts_.size() + words_, 0);
      for (const std::uint32_t o : g.options) add(parts_, part_at_[key], q_(x, o));
    }
    return &parts_[part_at_[key]];
  }
  void add(std::vector<std::uint64_t>& d, std::uint64_t e) const { add(d, 0, e); }
  void add(std::vector<std::uint64_t>& d, std::size_t at, std::uint64_t e) const {
    // Locals: a store through d's words may alias the members, which would be read again.
    const std::size_t words = words_;
    const std::uint64_t* a = &divides_[e * words];
    std::uint64_t* to = d.data() + at;
    for (std::size_t i = 0; i < words; ++i) to[i] |= a[i];
  }
  const table_monoid& q_;
  std::size_t words_;
  std::vector<std::uint64_t> divides_;
  std::vector<bool> useful_;  // whether an element has a marked multiple
  std::vector<std::uint64_t> s_;
  // The active kernel's bit gather, or null for gather_bytes.
  ::nimber::detail::kernels::bit_gather_fn gather_ = ::nimber::detail::kernels::active_slots().bit_gather;
  std::vector<std::uint8_t> byte_of_, bit_of_;  // quotients to 2048 elements: the padded rows
  // The kernel reads 256 bytes: D in the first words_ * 8, zeros after them.
  alignas(64) std::uint8_t gather_table_[256] = {};
  std::vector<std::uint16_t> times_;
  std::vector<std::uint8_t> bytes_;
  std::uint32_t unpacked_ = ~0u;
  bool direct_;
  // Direct steps: where in parts_ the options' part of (x, slot) is, at slot * size + x.
  static constexpr std::size_t none = ~std::size_t(0);
  std::vector<std::size_t> part_at_;
  std::vector<std::uint64_t> parts_;
};

}  // namespace

verdict verify(const table_monoid& q, std::span<const heap_image> heaps, const marking& marked_by,
               std::uint64_t max_bytes, std::uint32_t direct_up_to) {
  const candidate_monoid m(q, {}, q.size);
  const std::vector<letter> letters = letters_of(heaps);
  d_step step(q, direct_up_to);
  verdict r;
  state_table t;
  t.find_or_add(0, std::vector<std::uint64_t>(step.words(), 0), step.words());
  std::vector<std::uint32_t> first(q.size, ~0u);
  const auto visit = [&](std::uint32_t id) {
    const std::uint32_t x = t.states[id].x;
    if (step.consistent(t, id)) {
      if (first[x] == ~0u) first[x] = id;
      return r.failure.empty();
    }
    if (r.failure.empty()) {
      r.failure = t.word(id, letters, heaps.size());
      r.agreeing = first[x] != ~0u ? t.word(first[x], letters, heaps.size()) : marked_by.word(x, heaps.size());
    }
    return false;
  };
  const auto next = [&](std::uint32_t id, std::uint32_t l, std::vector<std::uint64_t>& d) {
    step(t, id, l, *letters[l].image, d);
  };
  search(t, m, letters, max_bytes, step.words(), visit, next, [&] { return step.bytes(); });
  r.passed = r.failure.empty();
  return r;
}

struct state_cache::impl {
  explicit impl(const table_monoid& q) : step(q, 2048) {}
  d_step step;
  state_table t;
  std::set<std::pair<std::uint32_t, std::vector<std::uint32_t>>> letters;
  std::vector<heap_image> images;  // one heap of each letter
  bool filled = false;
};

state_cache::state_cache() = default;
state_cache::~state_cache() = default;
void state_cache::clear() { p_.reset(); }

bool verify_with_heap(const table_monoid& q, std::span<const heap_image> heaps, state_cache& cache,
                      std::uint64_t max_bytes) {
  if (!cache.p_) cache.p_ = std::make_unique<state_cache::impl>(q);
  state_cache::impl& c = *cache.p_;
  const std::size_t words = c.step.words();
  std::vector<std::uint64_t> d;
  // Closes the states from `start` under every letter; false at a state the marks contradict.
  const auto close = [&](std::uint32_t start) {
    for (std::uint32_t id = start; id < c.t.states.size(); ++id) {
      if (!c.step.consistent(c.t, id)) return false;
      for (std::uint32_t slot = 0; slot < c.images.size(); ++slot) {
        c.step(c.t, id, slot, c.images[slot], d);
        c.t.find_or_add(q(c.t.states[id].x, c.images[slot].element), d, words);
      }
      if (c.t.bytes() + c.step.bytes() > max_bytes)
        throw game_size_error("the search over positions needs more than " + std::to_string(max_bytes) + " bytes");
    }
    return true;
  };
  if (!c.filled) {
    for (const letter& l : letters_of(heaps.first(heaps.size() - 1)))
      if (c.letters.emplace(l.image->element, l.image->options).second) c.images.push_back(*l.image);
    c.t.find_or_add(0, std::vector<std::uint64_t>(words, 0), words);
    if (!close(0)) throw std::logic_error("misere quotient: a proved quotient fails its check");
    c.filled = true;
  }
  const heap_image& g = heaps.back();
  if (g.options.empty() || c.letters.count({g.element, g.options})) return true;
  const auto old = static_cast<std::uint32_t>(c.t.states.size());
  const auto slot = static_cast<std::uint32_t>(c.images.size());
  const std::size_t parts = c.step.parts_mark();
  for (std::uint32_t id = 0; id < old; ++id) {
    c.step(c.t, id, slot, g, d);
    c.t.find_or_add(q(c.t.states[id].x, g.element), d, words);
  }
  c.images.push_back(g);
  if (close(old)) {
    c.letters.emplace(g.element, g.options);
    return true;
  }
  c.images.pop_back();
  c.t.truncate(old, words);
  c.step.forget();
  c.step.forget_parts_from(parts);
  return false;
}

}  // namespace nimber::games::quotient_detail
