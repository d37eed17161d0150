// Grundy sequences of heap games: the arithmetic-periodicity proof, the term-by-term engine
// (the definition, and the sparse-space method of Winning Ways for your Mathematical Plays,
// ch. 4, "Sparse space spells speed") and the plain reference.
#include "nimber/games/heap.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace nimber::games {

// ---- Periodicity ---------------------------------------------------------------------------

std::optional<periodicity> prove_period(const heap_game& game,
                                        std::span<const std::uint32_t> values) {
  if (!game.is_octal()) return std::nullopt;
  const std::uint64_t n = values.size(), t = game.max_removal();
  const std::uint64_t min_n0 = game.splits() ? 1 : 0;
  // Need G(i + p) for i < 2 n0 + p + t, so 2 n0 + 2 p + t <= n: n0 <= limit below.
  for (std::uint64_t p = 1; 2 * (p + min_n0) + t <= n; ++p) {
    const std::uint64_t limit = (n - 2 * p - t) / 2;
    // A p proves nothing if G(i + p) != G(i) for some i >= limit. Scanning up from limit finds
    // such an i at once for a wrong p, and for a multiple of the true period whose preperiod is
    // still too long (the values below the preperiod are irregular); scanning down from the
    // top would walk the whole periodic stretch for every such multiple, O(n) each.
    bool holds = true;
    for (std::uint64_t i = limit; i + p < n && holds; ++i) holds = values[i + p] == values[i];
    if (!holds) continue;
    std::uint64_t n0 = limit;  // then the last i with G(i + p) != G(i), plus one
    while (n0 > 0 && values[n0 - 1 + p] == values[n0 - 1]) --n0;
    return periodicity{n0, p};
  }
  return std::nullopt;
}

// ---- Grundy sequences ------------------------------------------------------------------------

namespace {

// Terms computed together by the sparse method: the pairs with a rare member whose other heap
// is already known for all of them are marked in one pass, a rare position at a time, which
// reads the values consecutively instead of jumping through them once per term.
constexpr std::uint64_t block_terms = 64;

// Computes G(n) of a heap game term by term into a vector the caller owns, given G(0 .. n-1):
// naive() by the definition (every option enumerated), sparse_block() by the sparse-space
// method for a block of terms at once. note(n) must see every term, in order.
class grundy_terms {
 public:
  grundy_terms(const heap_game& game, std::vector<std::uint32_t>& g) : game_(game), g_(g) {
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

  bool sparse_possible() const {
    return !three_heaps_ && game_.splits() && game_.progressions().empty();
  }

  // G(n) from G(0 .. n-1) by the definition.
  std::uint32_t naive(std::uint64_t n) {
    std::uint8_t* marks = clear_rows(1);
    const std::uint32_t* g = g_.data();
    mark_single_heap_options(n, marks);
    for (const std::uint64_t k : split_offsets_) {
      if (n < k + 2) continue;
      const std::uint64_t m = n - k, last = distinct_ ? (m - 1) / 2 : m / 2;
      for (std::uint64_t a = 1; a <= last; ++a) marks[g[a] ^ g[m - a]] = 1;
    }
    if (three_heaps_) mark_three_heap_options(n, marks);
    return mex(marks);
  }

  // G(n0 .. n0 + count - 1), count <= block_terms, by the sparse-space method with the current
  // mask and rare list; returns how many were computed (fewer when a value outgrew the
  // value limit, which sizes the marks).
  std::uint64_t sparse_block(std::uint64_t n0, std::uint64_t count) {
    const std::uint64_t limit = value_limit_;
    std::uint8_t* rows = clear_rows(count);
    const std::size_t stride = stride_;
    const std::uint32_t* g = g_.data();
    // Every pair (a, m - a), m = n - k, a rare with block_terms <= a < n0 - k: for every term
    // n of the block the other heap m - a is then non-empty and below n0, so already known.
    // The rest of the rare positions, the few below block_terms and those from n0 - k on
    // (new ones included), are paired term by term in sparse_term.
    const auto rare_begin = rare_.begin();
    const std::size_t low = std::lower_bound(rare_begin, rare_.end(), block_terms) - rare_begin;
    high_.clear();
    for (const std::uint64_t k : split_offsets_) {
      const std::uint64_t top = n0 > k ? n0 - k : 0;  // pre-pass takes a < top
      std::size_t high = std::lower_bound(rare_begin, rare_.end(), top) - rare_begin;
      high = std::max(high, low);
      high_.push_back(high);
      for (std::size_t i = low; i < high; ++i) {
        const std::uint64_t a = rare_[i];
        const std::uint32_t va = rare_values_[i];
        const std::uint32_t* other = g + (top - a);  // G(m - a) for m = n0 + t - k
        // With distinct heaps the pair (a, a) is no option: skip the term where m = 2a.
        const std::uint64_t skip = distinct_ && 2 * a >= top ? 2 * a - top : count;
        const std::uint64_t upto = std::min(skip, count);
        for (std::uint64_t t = 0; t < upto; ++t) rows[t * stride + (va ^ other[t])] = 1;
        for (std::uint64_t t = upto + 1; t < count; ++t) rows[t * stride + (va ^ other[t])] = 1;
      }
    }
    for (std::uint64_t t = 0; t < count; ++t) {
      const std::uint64_t n = n0 + t;
      g_[n] = sparse_term(n, rows + t * stride, low);
      note(n);
      if (value_limit_ != limit) return t + 1;
    }
    return count;
  }

  bool is_rare(std::uint32_t v) const { return (std::popcount(v & mask_) & 1) == 0; }

  // Picks the mask that makes the fewest of G(from .. to-1) rare and rebuilds the rare list.
  // The mask is never 0 (that would make every value rare).
  void choose_mask(std::uint64_t from, std::uint64_t to) {
    std::uint32_t max_value = 0;
    for (std::uint64_t i = from; i < to; ++i) max_value = std::max(max_value, g_[i]);
    const std::uint32_t width = std::bit_width(max_value);
    if (width > 12 && mask_ != 0) {  // too many masks to try; keep the current one
      rebuild_rare(to);
      return;
    }
    std::vector<std::uint64_t> count(std::size_t(1) << std::min(width, 12u), 0);
    for (std::uint64_t i = from; i < to; ++i) ++count[g_[i] & (count.size() - 1)];
    std::uint64_t best = to - from + 1;
    std::uint32_t best_mask = 1;
    for (std::uint32_t m = 1; m < count.size(); ++m) {
      std::uint64_t rare = 0;
      for (std::uint32_t v = 0; v < count.size(); ++v)
        if ((std::popcount(v & m) & 1) == 0) rare += count[v];
      if (rare < best) best = rare, best_mask = m;
    }
    mask_ = best_mask;
    rebuild_rare(to);
  }

  std::uint32_t mask() const { return mask_; }
  std::uint64_t rare_count() const { return rare_.size(); }
  // Records term n, given rather than computed (a resumed run), as computing it would have.
  void replay(std::uint64_t n) {
    if (game_.type() == heap_game::kind::take_break) add_to_classes(n);
    note(n);
  }
  void note(std::uint64_t n) {
    if (n >= 1 && is_rare(g_[n])) {
      rare_.push_back(n);
      rare_values_.push_back(g_[n]);
    }
    while (g_[n] >= value_limit_) value_limit_ *= 2;
  }

 private:
  // G(n) given the marks of the pairs the block pre-pass covered.
  std::uint32_t sparse_term(std::uint64_t n, std::uint8_t* marks, std::size_t low) {
    const std::uint32_t* g = g_.data();
    mark_single_heap_options(n, marks);
    // The remaining pairs with a rare member. The other pairs (common with common) give only
    // rare values, so every reachable common value is now marked.
    for (std::size_t j = 0; j < split_offsets_.size(); ++j) {
      const std::uint64_t k = split_offsets_[j];
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      const auto pair = [&](std::size_t i) {
        const std::uint64_t a = rare_[i];
        if (a >= m) return false;
        if (!distinct_ || 2 * a != m) marks[rare_values_[i] ^ g[m - a]] = 1;
        return true;
      };
      for (std::size_t i = 0; i < low && pair(i); ++i) {}
      for (std::size_t i = high_[j]; i < rare_.size() && pair(i); ++i) {}
    }
    // c, the smallest unmarked common value, is the mex unless a rare value below it is
    // unreachable. Scan the common pairs only until every rare value below c is seen.
    std::uint8_t* wanted = wanted_.data();
    std::uint32_t c = 0, missing = 0;
    for (;; ++c) {
      if (marks[c]) continue;
      if (!is_rare(c)) break;
      wanted[c] = 1;
      ++missing;
    }
    for (const std::uint64_t k : split_offsets_) {
      if (missing == 0 || n < k + 2) break;
      const std::uint64_t m = n - k, last = distinct_ ? (m - 1) / 2 : m / 2;
      // A hit is rare (at most `missing` of them), so the branch is nearly always predicted.
      for (std::uint64_t a = 1; a <= last; ++a) {
        const std::uint32_t x = g[a] ^ g[m - a];
        if (wanted[x]) [[unlikely]] {  // a rare value below c seen for the first time
          wanted[x] = 0;
          marks[x] = 1;
          if (--missing == 0) break;
        }
      }
    }
    if (missing == 0) return c;
    std::fill_n(wanted, c, std::uint8_t(0));  // found values were cleared as they were found
    return mex(marks);
  }

  // Zeroed marks for `count` terms, one row of stride_ bytes each. Every marked value is a
  // nim-sum of earlier values, so below value_limit_; rows twice that long leave room for the
  // sparse method's search for c, which stops below 2 * value_limit_ (the mask is below
  // value_limit_, so some value in [value_limit_, 2 value_limit_) is common).
  std::uint8_t* clear_rows(std::uint64_t count) {
    stride_ = 2 * std::size_t(value_limit_);
    if (rows_.size() < count * stride_) rows_.resize(count * stride_);
    std::fill_n(rows_.begin(), count * stride_, std::uint8_t(0));
    if (wanted_.size() < stride_) wanted_.resize(stride_, 0);
    return rows_.data();
  }

  void rebuild_rare(std::uint64_t to) {
    rare_.clear();
    rare_values_.clear();
    for (std::uint64_t i = 1; i < to; ++i)
      if (is_rare(g_[i])) {
        rare_.push_back(i);
        rare_values_.push_back(g_[i]);
      }
  }

  void mark_single_heap_options(std::uint64_t n, std::uint8_t* marks) {
    if (game_.type() != heap_game::kind::take_break) return;
    mark_progression_options(n, marks);
    const auto d = game_.digits();
    for (std::uint64_t k = 1; k < d.size() && k <= n; ++k) {
      if ((d[k] & 1) && n == k) marks[0] = 1;
      if ((d[k] & 2) && n > k) marks[g_[n - k]] = 1;
    }
  }

  // The moves s = start + j step <= n of a progression leave the heaps m = n - s, which are
  // the positions m <= n - start with m = n - start (mod step). One set of values per residue
  // class, grown by one position per term, gives them all without walking back through them.
  // Must be called for n = 0, 1, 2, ... in order.
  void mark_progression_options(std::uint64_t n, std::uint8_t* marks) {
    add_to_classes(n);
    const auto progressions = game_.progressions();
    for (std::size_t i = 0; i < progressions.size(); ++i) {
      if (n < progressions[i].start) continue;
      const std::vector<std::uint8_t>& values = class_of(i, n);
      for (std::uint64_t v = 0; v < value_limit_; ++v) marks[v] |= values[v];
    }
  }

  // Adds the newest position of each progression's class at term n, G(n - start).
  void add_to_classes(std::uint64_t n) {
    const auto progressions = game_.progressions();
    if (class_values_.size() < progressions.size()) class_values_.resize(progressions.size());
    for (std::size_t i = 0; i < progressions.size(); ++i)
      if (n >= progressions[i].start) class_of(i, n)[g_[n - progressions[i].start]] = 1;
  }

  // The values of the class of progression i that term n's moves reach, sized to the limit.
  std::vector<std::uint8_t>& class_of(std::size_t i, std::uint64_t n) {
    const progression p = game_.progressions()[i];
    auto& classes = class_values_[i];
    if (classes.empty()) classes.resize(p.step);
    std::vector<std::uint8_t>& values = classes[(n - p.start) % p.step];
    if (values.size() < value_limit_) values.resize(value_limit_, 0);
    return values;
  }

  void mark_three_heap_options(std::uint64_t n, std::uint8_t* marks) const {
    const auto d = game_.digits();
    for (std::uint64_t k = 0; k < d.size() && k + 3 <= n; ++k) {
      if (!(d[k] & 8)) continue;
      const std::uint64_t m = n - k;
      for (std::uint64_t a = 1; 3 * a <= m; ++a)
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) marks[g_[a] ^ g_[b] ^ g_[m - a - b]] = 1;
    }
  }

  // The smallest unmarked value: at most value_limit_, inside the row.
  static std::uint32_t mex(const std::uint8_t* marks) {
    std::uint32_t v = 0;
    while (marks[v]) ++v;
    return v;
  }

  const heap_game& game_;
  std::vector<std::uint32_t>& g_;
  bool three_heaps_ = false;
  std::vector<std::uint64_t> split_offsets_;  // k with "remove k, leave two heaps"
  // Per progression of a subtraction set, per residue class, which values occur there.
  std::vector<std::vector<std::vector<std::uint8_t>>> class_values_;
  bool distinct_ = false;                     // the two heaps must differ (Grundy's game)
  std::uint64_t value_limit_ = 1;  // a power of two above every value so far (2^32 fits)
  std::size_t stride_ = 0;
  std::vector<std::uint8_t> rows_;    // marks (reached values), one row per term
  std::vector<std::uint8_t> wanted_;  // the rare values below c not yet seen; zero between terms
  std::vector<std::size_t> high_;     // per split offset, where the per-term rare pairs resume
  std::uint32_t mask_ = 0;
  std::vector<std::uint64_t> rare_;         // positions n >= 1 with a rare value, ascending
  std::vector<std::uint32_t> rare_values_;  // their values
};

constexpr std::uint64_t first_checkpoint = 64;
constexpr std::uint64_t sparse_start = 8192;  // naive below: rows too short to gain

}  // namespace

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms,
                                   const sequence_options& options) {
  grundy_sequence result;
  std::vector<std::uint32_t>& g = result.values;
  g.resize(terms);
  grundy_terms sequence(game, g);
  using method = sequence_options::method;
  const bool want_sparse = sequence.sparse_possible() && options.engine != method::naive;
  bool sparse = false;
  // The engine re-chooses its path at these points: 64, 128, 256, ...
  std::uint64_t checkpoint = first_checkpoint;
  const auto choose_path = [&](std::uint64_t n) {
    if (want_sparse && (n >= sparse_start || options.engine == method::sparse)) {
      // Re-choose the mask over every position so far: each term pairs with every rare
      // position, so their total count is the cost. A mask fitted to the latest values
      // alone can make most earlier ones rare (on 0.376 the periodic tail's values favour a
      // mask under which much of the irregular start is rare: a million pairs a term). Keep
      // the naive path when no mask makes the rare positions few (then the sparse path
      // would only add work).
      sequence.choose_mask(1, n);
      sparse = options.engine == method::sparse || sequence.rare_count() * 4 < n;
    }
  };
  std::uint64_t n = std::min<std::uint64_t>(options.known.size(), terms);
  std::copy_n(options.known.begin(), n, g.begin());
  for (std::uint64_t i = 0; i < n; ++i) sequence.replay(i);
  while (checkpoint < n) checkpoint *= 2;
  if (n > first_checkpoint && n < checkpoint) choose_path(n);
  // Tells the caller how far the run is; false when it asks to stop.
  const auto report = [&](std::uint64_t done) {
    if (options.progress) options.progress(done, terms);
    return !options.checkpoint || options.checkpoint(std::span<const std::uint32_t>(g.data(), done));
  };
  while (n < terms) {
    if (n == checkpoint) {
      checkpoint *= 2;
      if (options.use_period) {
        if (auto p = prove_period(game, std::span<const std::uint32_t>(g.data(), n))) {
          result.period = p;
          break;
        }
      }
      choose_path(n);
      if (!report(n)) break;
    }
    const std::uint64_t before = n;
    if (sparse) {
      n += sequence.sparse_block(n, std::min({block_terms, terms - n, checkpoint - n}));
    } else {
      g[n] = sequence.naive(n);
      sequence.note(n);
      ++n;
    }
    if ((n >> 16) != (before >> 16) && n < terms && !report(n)) break;
  }
  result.computed = n;
  if (n < terms && !result.period) {  // stopped by the caller
    g.resize(n);
    result.stopped = true;
    return result;
  }
  if (n == terms && options.use_period && !result.period)
    result.period = prove_period(game, g);
  if (result.period)
    for (std::uint64_t i = n; i < terms; ++i) g[i] = g[i - result.period->period];
  result.mask = sparse ? sequence.mask() : 0;
  result.rare_positions = sparse ? sequence.rare_count() : 0;
  return result;
}

std::vector<std::uint32_t> grundy_values_naive(const heap_game& game, std::uint64_t terms) {
  std::vector<std::uint32_t> g(terms);
  std::vector<std::uint32_t> reached;
  for (std::uint64_t n = 0; n < terms; ++n) {
    reached.clear();
    game.for_each_option(n, [&](std::span<const std::uint64_t> heaps) {
      std::uint32_t x = 0;
      for (std::uint64_t h : heaps) x ^= g[h];
      reached.push_back(x);
    });
    std::sort(reached.begin(), reached.end());
    std::uint32_t mex = 0;
    for (std::uint32_t x : reached)
      if (x == mex) ++mex;
      else if (x > mex) break;
    g[n] = mex;
  }
  return g;
}

}  // namespace nimber::games
