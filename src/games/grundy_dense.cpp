// The dense engine of grundy_dense.hpp: the definition of the Grundy value (the mex of the
// values of every option, Winning Ways for your Mathematical Plays, ch. 4), computed as the
// set of nim-sums G(a) ^ G(m - a) reached by the splits of heap n, with no structure assumed.
//
// Each term keeps a 256-bit table of the values it has not reached yet. The values of some of
// these games are small and repeat (0.104 and 0.106 stay below 32 to 2^22 terms), so after the first few dozen pairs a new nim-sum is rare: the
// scan only has to find the pairs whose nim-sum is still in the table, which the avx512 kernel
// does for 64 pairs in a few instructions (a byte xor and a byte permute while the values
// are below 64, two permutes up to 255, ORed over the terms) on a byte copy of the values and
// a reversed one (so that G(m - a - j) ascends with j, as G(a + j)
// does); only the lanes it reports are taken one by one. A block of terms is scanned together:
// the pairs whose larger heap lies below the block are known before any of its terms, so the
// block's terms share each load of G(a .. a + 63) in groups of eight (the partners of
// neighbouring terms lie in the same cache lines), and the groups run on several threads at
// once; the few pairs that reach into the block, and the one-heap options, are taken term by
// term afterwards. The values are those of the definition whatever the kernel or thread count.
#include "games/grundy_dense.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace nimber::games::detail {

grundy_dense::grundy_dense(const heap_game& game, std::uint64_t capacity, crew* helpers, std::uint32_t limit)
    : game_(game), capacity_(capacity), limit_(std::min<std::uint32_t>(limit, 256)), crew_(helpers) {
  const auto d = game.digits();
  for (std::uint64_t k = 0; k < d.size(); ++k)
    if (d[k] & 4) split_offsets_.push_back(k);
}

bool grundy_dense::possible(const heap_game& game) noexcept {
  return game.type() == heap_game::kind::take_break && game.is_octal() && game.splits();
}

bool grundy_dense::take(const packed_values& g, std::uint64_t n) {
  room(n);
  while (have_ < n) {  // put() moves have_ on
    if (g[have_] >= limit_) {
      stop();
      return false;
    }
    put(have_, std::uint8_t(g[have_]));
  }
  return true;
}

// The copies grow by doubling (the reversed one copied again each time, O(1) a term), so that
// a run that leaves this engine early holds little.
void grundy_dense::room(std::uint64_t n) {
  if (n <= bytes_.size()) return;
  const std::uint64_t size = std::max(n, std::min(capacity_, std::max<std::uint64_t>(2 * bytes_.size(), 1024)));
  bytes_.resize(size);
  reversed_.assign(size, 0);
  for (std::uint64_t i = 0; i < have_; ++i) reversed_[size - 1 - i] = bytes_[i];
}

void grundy_dense::stop() noexcept {
  full_ = true;
  std::vector<std::uint8_t>().swap(bytes_);
  std::vector<std::uint8_t>().swap(reversed_);
}

std::uint64_t grundy_dense::extend(packed_values& g, std::uint64_t n0, std::uint64_t count) {
  if (full_ || !take(g, n0)) return 0;
  std::uint64_t done = 0;
  while (done < count) {
    const std::uint64_t n = n0 + done, size = std::min(block, count - done);
    room(n + size);
    // Every pair (a, m - a) with a >= block has m - a < n for every term of the block.
    const std::uint64_t from = block;
    tables_.assign(size * 32, 0xFF);
    const std::uint64_t groups = (size + group - 1) / group;
    const auto scan = [&](std::uint64_t item, unsigned) noexcept {
      const std::uint64_t t0 = item * group;
      const unsigned terms = unsigned(std::min<std::uint64_t>(group, size - t0));
      for (const std::uint64_t k : split_offsets_) scan_group(n, t0, terms, k, from);
    };
    if (crew_ != nullptr) crew_->run(groups, scan);
    else
      for (std::uint64_t i = 0; i < groups; ++i) scan(i, 0u);
    for (std::uint64_t t = 0; t < size; ++t) {
      const std::uint32_t v = finish(n, t);
      g.resize(n + t + 1);  // the store never holds a value not yet computed
      g.set(n + t, v);
      if (v >= limit_) {
        stop();
        return done + t + 1;
      }
      put(n + t, std::uint8_t(v));
    }
    done += size;
  }
  return done;
}

void grundy_dense::scan_group(std::uint64_t n0, std::uint64_t t0, unsigned terms, std::uint64_t k,
                              std::uint64_t from) noexcept {
  std::uint8_t* const tables = tables_.data() + 32 * t0;
  // The known pairs below `from` first, one by one: they reach most of the values, so that
  // the vector scan then seldom stops.
  for (unsigned j = 0; j < terms; ++j)
    if (n0 + t0 + j >= k + 2) {
      const std::uint64_t m = n0 + t0 + j - k;
      scan_scalar(tables + 32 * j, m, first_known(t0 + j, k), std::min(from - 1, m / 2));
    }
  std::uint64_t a = from;  // where the vector scan stopped
  if (scan_ != nullptr && n0 + t0 >= k + 2 && from <= (n0 + t0 - k) / 2) {
    const std::uint64_t m0 = n0 + t0 - k;  // term t0 + j splits m0 + j
    const std::uint8_t* const lo = bytes_.data();
    const std::uint8_t* const hi = reversed_.data() + (reversed_.size() - 1 - m0);  // G(m0 - a) at a
    // Whole steps of 64 up to every term's last pair: a pair past m / 2 is (m - a, a) again,
    // an option all the same, as long as m - a >= 1 and a is below the block.
    const std::uint64_t need = (m0 + terms - 1) / 2 + 1 - from;
    const std::uint64_t end = std::min({m0, n0, from + (need + 63) / 64 * 64});
    std::uint64_t lanes[group];
    for (;;) {
      a = scan_(lo, hi, a, end, terms, tables, below_, lanes);
      bool hit = false;
      for (unsigned j = 0; j < terms; ++j)
        for (std::uint64_t l = lanes[j]; l != 0; l &= l - 1) {
          const std::uint64_t b = a + std::uint64_t(std::countr_zero(l));
          reach(tables + 32 * j, lo[b] ^ hi[b - j]);
          hit = true;
        }
      if (!hit) break;
      a += 64;
    }
  }
  for (unsigned j = 0; j < terms; ++j)
    if (n0 + t0 + j >= k + 2) {
      const std::uint64_t m = n0 + t0 + j - k;
      scan_scalar(tables + 32 * j, m, a, m / 2);
    }
}

void grundy_dense::scan_scalar(std::uint8_t* table, std::uint64_t m, std::uint64_t from,
                               std::uint64_t last) const noexcept {
  const std::uint8_t* const g = bytes_.data();
  for (std::uint64_t a = from; a <= last; ++a) reach(table, g[a] ^ g[m - a]);
}

std::uint32_t grundy_dense::finish(std::uint64_t n0, std::uint64_t t) noexcept {
  const std::uint64_t n = n0 + t;
  std::uint8_t* const table = tables_.data() + 32 * t;
  for (const std::uint64_t k : split_offsets_)
    if (n >= k + 2) {
      const std::uint64_t m = n - k;
      scan_scalar(table, m, 1, std::min(first_known(t, k) - 1, m / 2));
    }
  const auto d = game_.digits();
  for (std::uint64_t k = 1; k < d.size() && k <= n; ++k) {
    if ((d[k] & 1) && n == k) reach(table, 0);
    if ((d[k] & 2) && n > k) reach(table, bytes_[n - k]);
  }
  // The mex: the first value whose bit is still set.
  for (std::uint32_t w = 0; w < 4; ++w) {
    std::uint64_t word;
    std::memcpy(&word, table + 8 * w, 8);
    if (word != 0) return 64 * w + std::uint32_t(std::countr_zero(word));
  }
  return 256;
}

}  // namespace nimber::games::detail
