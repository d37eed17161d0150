// Grundy sequences of heap games: the arithmetic-periodicity proof, the term-by-term engine
// (the definition, and the sparse-space method of Winning Ways for your Mathematical Plays,
// ch. 4, "Sparse space spells speed") and the plain reference.
#include "nimber/games/heap.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "games/grundy_dense.hpp"
#include "games/grundy_terms.hpp"
#include "pool/workers.hpp"

namespace nimber::games {

// ---- Periodicity ---------------------------------------------------------------------------

namespace {

// Over any values indexed by position: a span's array, or a packed store's (packed_values::read).
// Reads the values in place, with no copy and no buffer of its own: memory stays the store's
// whatever the period and preperiod. `store`, when given, is let trim its file-backed pages
// as the scans move on.
template <class Values>
std::optional<periodicity> period_of(const heap_game& game, const Values& values, std::uint64_t n,
                                     const packed_values* store = nullptr) {
  if (!game.is_octal()) return std::nullopt;
  const std::uint64_t t = game.max_removal();
  const std::uint64_t min_n0 = game.splits() ? 1 : 0;
  const auto now_and_then = [store](std::uint64_t i, std::uint64_t at) {
    if (store != nullptr && (i & 0xfffff) == 0) store->trim(at);
  };
  // Need G(i + p) for i < 2 n0 + p + t, so 2 n0 + 2 p + t <= n: n0 <= limit below.
  for (std::uint64_t p = 1; 2 * (p + min_n0) + t <= n; ++p) {
    const std::uint64_t limit = (n - 2 * p - t) / 2;
    // A p proves nothing if G(i + p) != G(i) for some i >= limit. Scanning up from limit finds
    // such an i at once for a wrong p, and for a multiple of the true period whose preperiod is
    // still too long (the values below the preperiod are irregular); scanning down from the
    // top would walk the whole periodic stretch for every such multiple, O(n) each.
    bool holds = true;
    for (std::uint64_t i = limit; i + p < n && holds; ++i) {
      holds = values[i + p] == values[i];
      now_and_then(i, i + p);
    }
    if (!holds) continue;
    std::uint64_t n0 = limit;  // then the last i with G(i + p) != G(i), plus one
    while (n0 > 0 && values[n0 - 1 + p] == values[n0 - 1]) {
      --n0;
      now_and_then(n0, n0);
    }
    return periodicity{n0, p};
  }
  return std::nullopt;
}

std::optional<periodicity> period_of_prefix(const heap_game& game, const packed_values& g, std::uint64_t n) {
  return g.read([&](const auto& p) { return period_of(game, p, n, &g); });
}

}  // namespace

std::optional<periodicity> prove_period(const heap_game& game, std::span<const std::uint32_t> values) {
  return period_of(game, values.data(), values.size());
}

std::optional<periodicity> prove_period(const heap_game& game, const packed_values& values) {
  return period_of_prefix(game, values, values.size());
}

// ---- Grundy sequences ------------------------------------------------------------------------

namespace {

constexpr std::uint64_t first_checkpoint = 64;
constexpr std::uint64_t sparse_start = 8192;  // naive below: rows too short to gain

// One run of the engine into a store: the path (the definition, the dense engine or the
// sparse method with its mask) chosen again at every power of two from 64 on.
class sequence_run {
 public:
  sequence_run(const heap_game& game, std::uint64_t terms, packed_values store, const sequence_options& options)
      : game_(game), terms_(terms), options_(options), result_(holding(std::move(store))),
        sequence_(game, result_.values, thread_count(options), options.exception_index),
        want_sparse_(sequence_.sparse_possible() && options.engine != method::naive) {
    // Where the sparse path does not run, the dense engine computes the definition while the
    // values fit its bytes; then the definition term by term.
    if (options.engine == method::automatic && detail::grundy_dense::possible(game))
      dense_.emplace(game, terms, sequence_.helpers());
  }

  // Takes the values the store holds (at most the run's terms) as computed: the engine's lists
  // rebuilt from them, then the path the run chose at the last power of two, as if it had not
  // stopped (the same mask: a store packed by it needs no rewrite). Returns how many.
  std::uint64_t replay_store() {
    packed_values& g = result_.values;
    const std::uint64_t n = std::min<std::uint64_t>(g.size(), terms_);
    while (checkpoint_ < n) checkpoint_ *= 2;
    // The store grows with the terms: it never holds a value not yet computed (parity packing
    // would take it for a value, and widening would write it).
    g.resize(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      sequence_.replay(i);
      if ((i & 0xfffff) == 0) g.trim(i);
    }
    if (n > first_checkpoint && n < checkpoint_) {
      choose_path(checkpoint_ / 2);
      if (want_sparse_) sequence_.extend_rare(checkpoint_ / 2, n);
    }
    return n;
  }

  // Sets the given values between the path's choices at the powers of two, as the run set
  // them: a value of 256 or more then packs the store by the mask chosen before it, where
  // set() alone would widen the store to two bytes. The store grows a term at a time.
  void set_given(std::span<const std::uint32_t> given) {
    packed_values& g = result_.values;
    for (std::uint64_t i = 0; i < given.size(); ++i) {
      if (i == checkpoint_) {
        choose_path(i);
        checkpoint_ *= 2;
      }
      g.resize(i + 1);
      g.set(i, given[i]);
      sequence_.replay(i);
      if ((i & 0xfffff) == 0) g.trim(i);
    }
  }
  packed_values take_store() { return std::move(result_.values); }

  // G(n .. terms-1), given G(0 .. n-1).
  grundy_sequence compute(std::uint64_t n);

 private:
  using method = sequence_options::method;
  static grundy_sequence holding(packed_values store) {
    grundy_sequence r;
    r.values = std::move(store);
    return r;
  }
  static unsigned thread_count(const sequence_options& options) {
    return ::nimber::detail::workers::threads_or_cores(options.threads);
  }
  void choose_path(std::uint64_t n) {
    if (!want_sparse_ || (n < sparse_start && options_.engine != method::sparse)) return;
    // Re-choose the mask over every position so far: each term pairs with every rare
    // position, so their total count is the cost. A mask fitted to the latest values alone
    // can make most earlier ones rare (on 0.376 the periodic tail's values favour a mask under
    // which much of the irregular start is rare: a million pairs a term). Keep the naive path
    // when no mask makes the rare positions few (then the sparse path would only add work).
    sequence_.choose_mask(1, n);
    sparse_ = options_.engine == method::sparse || sequence_.rare_count() * 4 < n;
    // Values from 256 to 511 stay one byte each, packed by the mask, in a run long enough for
    // memory to matter (sequence_options::parity_from).
    result_.values.prefer_parity(sparse_ && terms_ >= options_.parity_from ? sequence_.mask() : 0);
  }

  const heap_game& game_;
  const std::uint64_t terms_;
  const sequence_options& options_;
  grundy_sequence result_;  // its store is the engine's
  detail::grundy_terms sequence_;
  const bool want_sparse_;
  bool sparse_ = false;
  std::optional<detail::grundy_dense> dense_;
  std::uint64_t checkpoint_ = first_checkpoint;  // the next power of two where the path is chosen
};

grundy_sequence sequence_run::compute(std::uint64_t n) {
  packed_values& g = result_.values;
  // Tells the caller how far the run is; false when it asks to stop.
  const auto report = [&](std::uint64_t done) {
    g.trim(done);
    if (options_.progress) options_.progress(done, terms_);
    return !options_.checkpoint || options_.checkpoint(g, done);
  };
  while (n < terms_) {
    if (n == checkpoint_) {
      checkpoint_ *= 2;
      if (options_.use_period) {
        if (auto p = period_of_prefix(game_, g, n)) {
          result_.period = p;
          break;
        }
      }
      choose_path(n);
      if (!report(n)) break;
    }
    const std::uint64_t before = n;
    if (sparse_) {
      const std::uint64_t count = std::min({sequence_.block_size(), terms_ - n, checkpoint_ - n});
      g.resize(n + count);
      n += sequence_.sparse_block(n, count);
      g.trim(n);  // a block's scans may read far from the tail: a file-backed store trims often
    } else if (const std::uint64_t done =
                   dense_ ? dense_->extend(g, n, std::min({terms_, checkpoint_, (n | 0xffff) + 1}) - n) : 0) {
      for (const std::uint64_t end = n + done; n < end; ++n) sequence_.note(n);
    } else {
      g.resize(n + 1);
      g.set(n, sequence_.naive(n));
      sequence_.note(n);
      ++n;
    }
    if (before < options_.widen_at && n >= options_.widen_at) g.widen_step();
    if ((n >> 16) != (before >> 16) && n < terms_ && !report(n)) break;
  }
  result_.computed = n;
  if (n < terms_ && !result_.period) {  // stopped by the caller
    g.resize(n);
    result_.stopped = true;
    return std::move(result_);
  }
  if (n == terms_ && options_.use_period && !result_.period) result_.period = period_of_prefix(game_, g, n);
  g.resize(terms_);
  if (result_.period)
    for (std::uint64_t i = n; i < terms_; ++i) g.set(i, g[i - result_.period->period]);
  result_.mask = sparse_ ? sequence_.mask() : 0;
  result_.rare_positions = sparse_ ? sequence_.rare_count() : 0;
  return std::move(result_);
}

}  // namespace

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms,
                                   const sequence_options& options) {
  return grundy_sequence_of(game, terms, packed_values(), options);
}

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms, packed_values store,
                                   const sequence_options& options) {
  sequence_run run(game, terms, std::move(store), options);
  const std::uint64_t n = run.replay_store();
  return run.compute(n);
}

packed_values resumed_store(const heap_game& game, std::uint64_t terms, std::span<const std::uint32_t> given,
                            const sequence_options& options) {
  sequence_run run(game, terms, packed_values(), options);
  run.set_given(given.first(std::min<std::uint64_t>(given.size(), terms)));
  return run.take_store();
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
