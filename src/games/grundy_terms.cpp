// The term-by-term engine of grundy_terms.hpp.
//
// The sparse-space method (Winning Ways, ch. 4): with a mask m, a value v is rare when
// popcount(v & m) is even and common when odd. A common value is only ever the nim-sum of a rare
// and a common one, so all common values reachable from heap n come from the few positions with
// rare values; the smallest common value c not reached is G(n) unless a rare value below c is
// unreachable, which a scan of the other pairs settles, stopping as soon as every rare value
// below c has been seen.
//
// Parallel form (J. P. Grossman, "Searching for periodicity in Officers", Games of No Chance 5):
// a block of terms is speculated to take their candidates c, all common, so that the rare list
// stays as it is and each term's candidate follows from the ones before it in a cheap serial
// pass. The costly scans, one per term, run on the other threads meanwhile, each as soon as its
// term's candidate is known: a term's scan reads only the values below it, speculated ones
// included. The first term whose scan finds a missing rare value has that value instead; the
// terms after it were speculated from a wrong value and are computed again in the next block.
// Every term kept was verified from true values, so the values are those of the one-thread
// engine whatever the thread count. The marking pass before a block's candidates is in
// grundy_terms_marks.cpp, the verification in grundy_terms_verify.cpp.
#include "games/grundy_terms.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <cstring>

#include "pool/workers.hpp"

namespace nimber::games::detail {

namespace {

// The smallest v with marks[v] and skip[v] both 0, eight bytes at a time where the words are
// little-endian: the lowest zero byte of their OR is the lowest byte b whose borrow shows in
// (x - 0x01..01) & ~x (a borrow only ever runs upward, so no lower byte can show one falsely).
// Both rows must be readable eight bytes past the answer.
std::uint32_t first_clear(const std::uint8_t* marks, const std::uint8_t* skip) noexcept {
  if constexpr (std::endian::native != std::endian::little) {
    std::uint32_t v = 0;
    while (marks[v] | skip[v]) ++v;
    return v;
  }
  constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
  for (std::uint32_t v = 0;; v += 8) {
    std::uint64_t a, b;
    std::memcpy(&a, marks + v, 8);
    std::memcpy(&b, skip + v, 8);
    const std::uint64_t x = a | b, zero = (x - ones) & ~x & highs;
    if (zero != 0) return v + std::uint32_t(std::countr_zero(zero)) / 8;
  }
}

// The first clear bit of a row of bits below `end` (a multiple of 64), or `end`.
std::uint32_t first_clear_bit(const std::uint8_t* bits, std::uint32_t end) noexcept {
  for (std::uint32_t w = 0; 64 * w < end; ++w)
    if (const std::uint64_t clear = ~bit_word(bits, w); clear != 0)
      return 64 * w + std::uint32_t(std::countr_zero(clear));
  return end;
}

// The counters a block's threads poll, each on a cache line of its own: `published`, stored at
// every term, would otherwise take the others' line away from the threads reading them.
struct block_progress {
  // Part q is bounds[q] .. bounds[q + 1] - 1.
  block_progress(std::uint64_t count, const std::uint64_t* bounds)
      : speculated(count + 1), first_wrong(count), bounds_(bounds) {}
  alignas(64) std::atomic<std::uint64_t> published{0};  // the terms with their candidates
  alignas(64) std::atomic<std::uint64_t> speculated;    // count + 1 while the speculation runs
  alignas(64) std::atomic<std::uint64_t> first_wrong;   // count while no term is known wrong

  // Waits until the terms before `from` are published, calling idle() meanwhile (it returns
  // whether it did anything); false if the speculation stopped before them.
  template <class Idle>
  bool wait_for(std::uint64_t from, const Idle& idle) noexcept {
    while (published.load(std::memory_order_acquire) < from) {
      if (speculated.load(std::memory_order_acquire) <= from) return false;
      if (!idle()) crew::pause();
    }
    return true;
  }

  // Calls verify(t) for the terms of part q in groups, at most `most` groups, claimed from the
  // part's counter; another part's (own false) only from its first published term on, so that
  // its owner is sure to publish the rest. Returns whether it took any. The groups shrink to
  // single terms at the part's end, so that a thread that runs out of groups there waits for
  // the other's last term, not for its last eight.
  template <class Verify>
  bool verify_part(std::uint64_t q, bool own, std::uint64_t most, const Verify& verify) noexcept {
    const std::uint64_t from = bounds_[q], to = bounds_[q + 1];
    std::atomic<std::uint64_t>& next = claims_[q].next;
    bool any = false;
    for (std::uint64_t t = next.load(std::memory_order_relaxed); from + t < to && most != 0;) {
      const std::uint64_t first = from + t, group = std::clamp<std::uint64_t>((to - first) / 4, 1, 8);
      if (!own && published.load(std::memory_order_acquire) <= first &&
          speculated.load(std::memory_order_acquire) > first)
        break;
      if (!next.compare_exchange_weak(t, t + group, std::memory_order_relaxed)) continue;
      for (std::uint64_t u = first; u < std::min(to, first + group); ++u) verify(u);
      any = true;
      --most;
      t = next.load(std::memory_order_relaxed);
    }
    return any;
  }

 private:
  struct part_claims {  // a part's count of claimed verifications, on a cache line of its own
    alignas(64) std::atomic<std::uint64_t> next{0};
  };
  const std::uint64_t* bounds_;
  std::array<part_claims, crew::max_threads> claims_;
};

static_assert(crew::max_threads <= block_parts::max_parts, "a part for every thread of a crew");

}  // namespace

grundy_terms::grundy_terms(const heap_game& game, packed_values& g, unsigned threads, std::uint64_t exception_index)
    : game_(game), g_(g),
      low_exceptions_range_((std::min(exception_index, max_exception_index) + 63) / 64 * 64) {
  // No more than the pool can run at once: each thread has a scratch row of its own.
  if (threads > 1) {
    crew_ = std::make_unique<crew>(threads - 1);
    threads_ = crew_->size();
  }
  three_heaps_ = !game.is_octal() && game.type() == heap_game::kind::take_break;
  if (game.type() == heap_game::kind::grundy) {
    split_offsets_ = {0};
    distinct_ = true;
  } else {
    const auto d = game.digits();
    for (std::uint64_t k = 0; k < d.size(); ++k)
      if (d[k] & 4) split_offsets_.push_back(k);
  }
}

std::uint32_t grundy_terms::naive(std::uint64_t n) {
  packed_rows_ = bit_rows_ = false;
  std::uint8_t* marks = clear_rows(1);
  mark_single_heap_options(n, marks);
  g_.read([&](const auto& g) {
    for (const std::uint64_t k : split_offsets_) {
      if (n < k + 2) continue;
      const std::uint64_t m = n - k, last = distinct_ ? (m - 1) / 2 : m / 2;
      for (std::uint64_t a = 1; a <= last; ++a) marks[g[a] ^ g[m - a]] = 1;
    }
  });
  if (three_heaps_) mark_three_heap_options(n, marks);
  return mex(marks);
}

std::uint64_t grundy_terms::sparse_block(std::uint64_t n0, std::uint64_t count) {
  count = std::min(count, block_);
  // The store keeps its form through the block (a speculated value is set only within it).
  packed_rows_ = g_.parity_packed();
  // Unpacked rows of bits where the kernel's marks gather them: marked one at a time, bits cost
  // a load and a store each where bytes cost a store.
  bit_rows_ = packed_rows_ || (g_.width() == 1 && heap_marks_ != nullptr);
  if (packed_rows_) value_limit_ = std::max<std::uint64_t>(value_limit_, 2 * packed_half);  // every slot
  std::uint8_t* rows = size_rows(count);  // each chunk of the marking pass clears its own rows
  const std::size_t stride = stride_;
  plan_rare_pairs(n0, count);
  const unsigned parts = unsigned(std::min<std::uint64_t>(threads_, count));
  std::array<std::uint64_t, block_parts::max_parts + 1> bounds;
  parts_.split(count, parts, bounds.data());
  // The rare positions below `count` pair term by term (their partner may lie in the block).
  const std::size_t low = rare_low_;
  // The store's exceptions stay as they are until the block ends (a speculated value is
  // common), so the verification's index of them can be built first.
  if (g_.parity_packed()) index_low_exceptions();
  // One phase of one item a part, each part consecutive terms (block_parts sizes them): its
  // rows marked, then its terms speculated in order once the parts before it are (a candidate
  // reads the values before it), then verified. A thread done with its own part's
  // verifications takes groups of the others' whose speculation has begun. A term's rows, its
  // candidate and most of its verification stay on the core that marked them: moving a line
  // between two cores costs more than a term's candidate. A term's scan reads only the values
  // below it, all published before it.
  block_progress progress(count, bounds.data());
  auto &published = progress.published, &speculated = progress.speculated, &first_wrong = progress.first_wrong;
  // Speculates the terms from .. to-1 (once those before are published).
  const auto speculate = [&](std::uint64_t from, std::uint64_t to) noexcept {
    const auto stop_at = [&](std::uint64_t s) noexcept { speculated.store(s, std::memory_order_release); };
    for (std::uint64_t s = from; s < to; ++s) {
      if (s > first_wrong.load(std::memory_order_relaxed)) return stop_at(s);
      const std::uint32_t c = candidate(n0 + s, rows + s * stride, low);
      // Only the terms after it read a speculated value, and the block stops after one past the
      // values so far: such a value is not stored, so that it widens the store only if verified.
      if (c < g_.limit()) g_.set(n0 + s, c);
      candidates_[s] = c;
      published.store(s + 1, std::memory_order_release);
      if (c >= value_limit_) return stop_at(s + 1);  // the rows of later terms would be too short
    }
    if (to == count) stop_at(count);
  };
  // Verification: none after a failure.
  const auto verify_term = [&](std::uint64_t t, unsigned thread) noexcept {
    while (published.load(std::memory_order_acquire) <= t) {
      if (speculated.load(std::memory_order_acquire) <= t) return;  // never speculated
      crew::pause();
    }
    if (t > first_wrong.load(std::memory_order_relaxed)) return;
    std::uint8_t* wanted = wanted_.data() + thread * wanted_stride_;
    const std::uint32_t v = verify(n0 + t, candidates_[t], rows + t * stride, wanted);
    verified_[t] = v;
    if (v != candidates_[t]) {
      std::uint64_t seen = first_wrong.load();
      while (t < seen && !first_wrong.compare_exchange_weak(seen, t)) {}
    }
  };
  // Each part's time to mark and to speculate, for the next block's split.
  using clock = std::chrono::steady_clock;
  std::array<std::array<clock::duration, 2>, block_parts::max_parts> took;
  run_items(parts, [&](std::uint64_t p, unsigned thread) noexcept {
    const std::uint64_t from = bounds[p], to = bounds[p + 1];
    const auto start = clock::now();
    mark_rare_part(n0, count, rows, from, to, thread);
    took[p][0] = clock::now() - start;
    const auto verify = [&](std::uint64_t t) noexcept { verify_term(t, thread); };
    // Waiting for the parts before it, a thread verifies their published terms.
    const bool reached = progress.wait_for(from, [&]() noexcept {
      bool any = false;
      for (std::uint64_t q = 0; q < p && !any; ++q) any = progress.verify_part(q, false, 1, verify);
      return any;
    });
    const auto begun = clock::now();
    if (reached) speculate(from, to);
    took[p][1] = clock::now() - begun;
    for (std::uint64_t i = 0; i < parts; ++i) progress.verify_part((p + i) % parts, i == 0, ~std::uint64_t(0), verify);
  });
  const std::uint64_t kept = keep_block(n0, speculated.load(), first_wrong.load());
  if (parts > 1 && kept == count)
    for (unsigned q = 0; q < parts; ++q)
      parts_.record(q, bounds[q + 1] - bounds[q], double(took[q][0].count()), double(took[q][1].count()));
  return kept;
}

std::uint64_t grundy_terms::keep_block(std::uint64_t n0, std::uint64_t done, std::uint64_t wrong) {
  // The terms up to the first wrong one are true; that one takes its verified value.
  const std::uint64_t kept = wrong < done ? wrong + 1 : done;
  for (std::uint64_t t = 0; t < kept; ++t) {
    g_.set(n0 + t, verified_[t]);
    note(n0 + t, verified_[t]);
  }
  // A wrong speculation wastes the rest of the block: shorten the next one while rare values
  // come often, lengthen it again while they do not.
  block_ = std::min(max_block, wrong < done ? std::max<std::uint64_t>(8, 2 * kept) : 2 * block_);
  return kept;
}

std::uint32_t grundy_terms::candidate(std::uint64_t n, std::uint8_t* marks, std::size_t low) {
  mark_single_heap_options(n, marks);
  // The remaining pairs with a rare member. The other pairs (common with common) give only
  // rare values, so every reachable common value is now marked. Locals, not members: a byte
  // store may alias anything reached through `this`.
  const std::uint64_t* const rare = rare_.data();
  const std::uint32_t* const rare_values = rare_values_.data();
  const std::size_t rare_count = rare_.size();
  const bool distinct = distinct_;
  const std::uint64_t low_pass_n0 = low_pass_n0_;
  // Of the rare positions below the block's length, those whose other heap is known (below
  // low_pass_n0) were paired by the block's pass; the others have it in the block. On packed
  // rows that heap holds a speculated value, which is common: its slot is its byte's xor with
  // the rare value's (row_slot), with no look at the store's exceptions.
  const bool partners_speculated = packed_rows_ && low_pass_n0 != 0;
  if (partners_speculated) mark_speculated_partners(n, marks, low);
  const auto mark_pairs = [&](const auto& g, const auto& set) {
    for (std::size_t j = 0; j < split_offsets_.size(); ++j) {
      const std::uint64_t k = split_offsets_[j];
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      const auto pair = [&](std::size_t i) {
        const std::uint64_t a = rare[i];
        if (a >= m) return false;
        if (!distinct || 2 * a != m) set(rare_values[i] ^ g[m - a]);
        return true;
      };
      if (!partners_speculated)
        for (std::size_t i = 0; i < low && (rare[i] >= m || m - rare[i] >= low_pass_n0) && pair(i); ++i) {}
      for (std::size_t i = high_[j]; i < rare_count && pair(i); ++i) {}
    }
  };
  g_.read([&](const auto& g) {
    if (!bit_rows_) return mark_pairs(g, [marks](std::uint32_t v) { marks[v] = 1; });
    if (!packed_rows_) return mark_pairs(g, [marks](std::uint32_t v) { set_bit(marks, v); });
    const std::uint16_t* const slots = packed_slots_.data();
    mark_pairs(g, [marks, slots](std::uint32_t v) { set_bit(marks, slots[v]); });
  });
  if (!bit_rows_) return first_clear(marks, rare_bytes_.data());
  if (!packed_rows_) {  // c < 512 (size_rows)
    for (std::uint32_t w = 0;; ++w)
      if (const std::uint64_t clear = ~(bit_word(marks, w) | rare_bits_[w]); clear != 0)
        return 64 * w + std::uint32_t(std::countr_zero(clear));
  }
  // The common half's first clear bit is the byte of c; past it every slot is rare up to 512,
  // so with that half full c is the first common value from 512 on.
  if (const std::uint32_t c = first_clear_bit(marks, packed_half); c < packed_half) return g_.common_values()[c];
  std::uint32_t v = 2 * packed_half;
  while (is_rare(v)) ++v;
  return v;
}

void grundy_terms::mark_speculated_partners(std::uint64_t n, std::uint8_t* marks, std::size_t low) const noexcept {
  // Locals, not members: the marks are bytes, which may alias anything reached through `this`.
  const std::uint64_t* const rare = rare_.data();
  const std::uint8_t* const rare_bytes = low_rare_bytes_.data();
  const std::uint8_t* const bytes = g_.packed_bytes();
  const std::uint64_t known = low_pass_n0_;  // the other heap is at or past it
  const bool distinct = distinct_;
  for (const std::uint64_t k : split_offsets_) {
    if (n < k + 2) continue;
    const std::uint64_t m = n - k;
    for (std::size_t i = 0; i < low && rare[i] + known <= m; ++i)
      if (!distinct || 2 * rare[i] != m) set_bit(marks, rare_bytes[i] ^ bytes[m - rare[i]]);
  }
}

void grundy_terms::choose_mask(std::uint64_t from, std::uint64_t to) {
  // The mask is never 0 (that would make every value rare).
  std::uint32_t max_value = 0;
  g_.read([&](const auto& g) {
    for (std::uint64_t i = from; i < to; ++i) {
      max_value = std::max<std::uint32_t>(max_value, g[i]);
      if ((i & 0xfffff) == 0) g_.trim(i);
    }
  });
  const std::uint32_t width = std::bit_width(max_value);
  if (width > 12 && mask_ != 0) {  // too many masks to try; keep the current one
    rebuild_rare(to);
    return;
  }
  std::vector<std::uint64_t> count(std::size_t(1) << std::min(width, 12u), 0);
  g_.read([&](const auto& g) {
    for (std::uint64_t i = from; i < to; ++i) {
      ++count[g[i] & (count.size() - 1)];
      if ((i & 0xfffff) == 0) g_.trim(i);
    }
  });
  mask_ = fewest_rare_mask(count).first;
  rebuild_rare(to);
}

std::pair<std::uint32_t, std::uint64_t> fewest_rare_mask(std::span<const std::uint64_t> low) noexcept {
  std::uint64_t total = 0;
  for (const std::uint64_t c : low) total += c;
  if (low.size() == 1) return {1, total};
  std::uint64_t best = total + 1;
  std::uint32_t best_mask = 1;
  for (std::uint32_t m = 1; m < low.size(); ++m) {
    std::uint64_t rare = 0;
    for (std::uint32_t v = 0; v < low.size(); ++v)
      if ((std::popcount(v & m) & 1) == 0) rare += low[v];
    if (rare < best) best = rare, best_mask = m;
  }
  return {best_mask, best};
}

// Rows of marks for `count` terms, stride_ bytes each, zero past their first marked_bytes(),
// which are left as they were (clear_rows zeroes them). Every marked value is a nim-sum of
// earlier values, so below value_limit_; rows of bytes twice that long leave room for the
// sparse method's search for c, which stops below 2 * value_limit_ (the mask is below
// value_limit_, so some value in [value_limit_, 2 value_limit_) is common). One cache line more
// staggers the rows' marked parts over the cache's sets: at a power-of-two stride they would all
// fall in the same few. Rows of bits are 512 bits, the candidate's search stopping at the 512th.
std::uint8_t* grundy_terms::size_rows(std::uint64_t count) {
  const std::size_t bytes = bit_rows_ ? 2 * packed_half : 2 * std::size_t(value_limit_);
  const std::size_t stride = bit_rows_ ? bit_row_bytes : bytes + 64;
  if (stride != stride_) {  // the old marks lie anywhere in rows of the new stride
    stride_ = stride;
    std::fill(rows_.begin(), rows_.end(), std::uint8_t(0));
  }
  if (rows_.size() < count * stride_) rows_.resize(count * stride_);
  if (bytes + 64 != wanted_stride_) {
    wanted_stride_ = bytes + 64;
    wanted_.assign(threads_ * wanted_stride_, 0);
  }
  if (!bit_rows_ && (rare_bytes_.size() != stride_ || rare_bytes_mask_ != mask_)) {
    rare_bytes_.resize(stride_);
    for (std::size_t v = 0; v < stride_; ++v) rare_bytes_[v] = is_rare(std::uint32_t(v));
    rare_bytes_mask_ = mask_;
  }
  if (bit_rows_ && !packed_rows_ && rare_bits_mask_ != mask_) {
    rare_bits_.fill(0);
    for (std::uint32_t v = 0; v < 2 * packed_half; ++v)
      if (is_rare(v)) rare_bits_[v / 64] |= std::uint64_t(1) << (v % 64);
    rare_bits_mask_ = mask_;
  }
  if (packed_rows_ && packed_slots_mask_ != mask_) {
    packed_slots_.resize(2 * packed_half);
    for (std::uint32_t v = 0; v < 2 * packed_half; ++v) packed_slots_[v] = std::uint16_t(row_slot(v));
    packed_slots_mask_ = mask_;
  }
  if (candidates_.size() < count) {
    candidates_.resize(max_block);
    verified_.resize(max_block);
  }
  return rows_.data();
}

std::uint8_t* grundy_terms::clear_rows(std::uint64_t count) {
  std::uint8_t* rows = size_rows(count);
  std::fill_n(rows, count * stride_, std::uint8_t(0));
  return rows;
}

void grundy_terms::extend_rare(std::uint64_t from, std::uint64_t to) {
  g_.read([&](const auto& g) {
    for (std::uint64_t i = from; i < to; ++i) {
      if (is_rare(g[i])) {
        rare_.push_back(i);
        rare_values_.push_back(g[i]);
      }
      if ((i & 0xfffff) == 0) g_.trim(i);
    }
  });
}

void grundy_terms::mark_single_heap_options(std::uint64_t n, std::uint8_t* marks) {
  if (game_.type() != heap_game::kind::take_break) return;
  mark_progression_options(n, marks);
  const auto d = game_.digits();
  for (std::uint64_t k = 1; k < d.size() && k <= n; ++k) {
    if ((d[k] & 1) && n == k) mark(marks, row_slot(0));
    if ((d[k] & 2) && n > k) mark(marks, row_slot(g_[n - k]));
  }
}

// The moves s = start + j step <= n of a progression leave the heaps m = n - s, which are
// the positions m <= n - start with m = n - start (mod step). One set of values per residue
// class, grown by one position per term, gives them all without walking back through them.
// Must be called for n = 0, 1, 2, ... in order.
void grundy_terms::mark_progression_options(std::uint64_t n, std::uint8_t* marks) {
  add_to_classes(n);
  const auto progressions = game_.progressions();
  for (std::size_t i = 0; i < progressions.size(); ++i) {
    if (n < progressions[i].start) continue;
    const std::vector<std::uint8_t>& values = class_of(i, n);
    for (std::uint64_t v = 0; v < value_limit_; ++v) marks[v] |= values[v];
  }
}

// Adds the newest position of each progression's class at term n, G(n - start).
void grundy_terms::add_to_classes(std::uint64_t n) {
  const auto progressions = game_.progressions();
  if (class_values_.size() < progressions.size()) class_values_.resize(progressions.size());
  for (std::size_t i = 0; i < progressions.size(); ++i)
    if (n >= progressions[i].start) class_of(i, n)[g_[n - progressions[i].start]] = 1;
}

// The values of the class of progression i that term n's moves reach, sized to the limit.
std::vector<std::uint8_t>& grundy_terms::class_of(std::size_t i, std::uint64_t n) {
  const progression p = game_.progressions()[i];
  auto& classes = class_values_[i];
  if (classes.empty()) classes.resize(p.step);
  std::vector<std::uint8_t>& values = classes[(n - p.start) % p.step];
  if (values.size() < value_limit_) values.resize(value_limit_, 0);
  return values;
}

void grundy_terms::mark_three_heap_options(std::uint64_t n, std::uint8_t* marks) const {
  const auto d = game_.digits();
  for (std::uint64_t k = 0; k < d.size() && k + 3 <= n; ++k) {
    if (!(d[k] & 8)) continue;
    const std::uint64_t m = n - k;
    g_.read([&](const auto& g) {
      for (std::uint64_t a = 1; 3 * a <= m; ++a)
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) marks[g[a] ^ g[b] ^ g[m - a - b]] = 1;
    });
  }
}

}  // namespace nimber::games::detail
