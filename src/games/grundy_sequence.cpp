// Grundy sequences of heap games: the arithmetic-periodicity proof, the term-by-term engine
// (the definition, and the sparse-space method of Winning Ways for your Mathematical Plays,
// ch. 4, "Sparse space spells speed") and the plain reference.
#include "nimber/games/heap.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <thread>
#include <vector>

#include "games/grundy_dense.hpp"
#include "games/grundy_terms.hpp"

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

}  // namespace

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms,
                                   const sequence_options& options) {
  return grundy_sequence_of(game, terms, packed_values(), options);
}

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms, packed_values store,
                                   const sequence_options& options) {
  grundy_sequence result;
  result.values = std::move(store);
  packed_values& g = result.values;
  const unsigned threads = options.threads != 0 ? options.threads
                                                : std::max(1u, std::thread::hardware_concurrency());
  detail::grundy_terms sequence(game, g, threads, options.exception_index);
  using method = sequence_options::method;
  const bool want_sparse = sequence.sparse_possible() && options.engine != method::naive;
  bool sparse = false;
  // Where the sparse path does not run, the dense engine computes the definition while the
  // values fit its bytes; then the definition term by term.
  std::optional<detail::grundy_dense> dense;
  if (options.engine == method::automatic && detail::grundy_dense::possible(game))
    dense.emplace(game, terms, sequence.helpers());
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
      // Values from 256 to 511 stay one byte each, packed by the mask, in a run long enough
      // for memory to matter (sequence_options::parity_from).
      g.prefer_parity(sparse && terms >= options.parity_from ? sequence.mask() : 0);
    }
  };
  // The terms known already: those the store holds, or else options.known.
  const bool from_store = !g.empty();
  std::uint64_t n = std::min<std::uint64_t>(from_store ? g.size() : options.known.size(), terms);
  while (checkpoint < n) checkpoint *= 2;
  // The store grows with the terms: it never holds a value not yet computed (parity packing
  // would take it for a value, and widening would write it).
  if (from_store) {
    g.resize(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      sequence.replay(i);
      if ((i & 0xfffff) == 0) g.trim(i);
    }
    // The path the run chose at the last power of two, as if it had not stopped: the same
    // mask (a store packed by it needs no rewrite), then the rare positions since.
    if (n > first_checkpoint && n < checkpoint) {
      choose_path(checkpoint / 2);
      if (want_sparse) sequence.extend_rare(checkpoint / 2, n);
    }
  } else {
    // The given values are set between the path's choices at the powers of two, as the run
    // set them: a value of 256 or more then packs the store by the mask chosen before it,
    // where set() alone would widen the store to two bytes. The store grows a term at a time,
    // as above.
    for (std::uint64_t i = 0, choice = first_checkpoint; i < n; ++i) {
      if (i == choice) {
        choose_path(i);
        choice *= 2;
      }
      g.resize(i + 1);
      g.set(i, options.known[i]);
      sequence.replay(i);
      if ((i & 0xfffff) == 0) g.trim(i);
    }
  }
  // Tells the caller how far the run is; false when it asks to stop.
  const auto report = [&](std::uint64_t done) {
    g.trim(done);
    if (options.progress) options.progress(done, terms);
    return !options.checkpoint || options.checkpoint(g, done);
  };
  while (n < terms) {
    if (n == checkpoint) {
      checkpoint *= 2;
      if (options.use_period) {
        if (auto p = period_of_prefix(game, g, n)) {
          result.period = p;
          break;
        }
      }
      choose_path(n);
      if (!report(n)) break;
    }
    const std::uint64_t before = n;
    if (sparse) {
      const std::uint64_t count = std::min({sequence.block_size(), terms - n, checkpoint - n});
      g.resize(n + count);
      n += sequence.sparse_block(n, count);
      g.trim(n);  // a block's scans may read far from the tail: a file-backed store trims often
    } else if (const std::uint64_t done =
                   dense ? dense->extend(g, n, std::min({terms, checkpoint, (n | 0xffff) + 1}) - n) : 0) {
      for (const std::uint64_t end = n + done; n < end; ++n) sequence.note(n);
    } else {
      g.resize(n + 1);
      g.set(n, sequence.naive(n));
      sequence.note(n);
      ++n;
    }
    if (before < options.widen_at && n >= options.widen_at) g.widen_step();
    if ((n >> 16) != (before >> 16) && n < terms && !report(n)) break;
  }
  result.computed = n;
  if (n < terms && !result.period) {  // stopped by the caller
    g.resize(n);
    result.stopped = true;
    return result;
  }
  if (n == terms && options.use_period && !result.period)
    result.period = period_of_prefix(game, g, n);
  g.resize(terms);
  if (result.period)
    for (std::uint64_t i = n; i < terms; ++i) g.set(i, g[i - result.period->period]);
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
