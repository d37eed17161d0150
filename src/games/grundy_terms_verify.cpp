// The verification of grundy_terms.hpp: whether a speculated term's candidate c is its value,
// by a scan of the pairs of common heaps until every rare value below c is seen (the
// sparse-space method of grundy_terms.cpp), with the active kernel's vector scan where there is
// one.
#include "games/grundy_terms.hpp"

#include <cstring>

namespace nimber::games::detail {

namespace {

// Sets wanted[v] = 1 for the v < c with marks[v] == 0 (rows of 0s and 1s, readable eight bytes
// past c), and returns how many; low gets those below 1024 as bits. Eight bytes at a time and no
// branch per value: the wanted bytes are the complements of the marks, and multiplications sum
// a word's bytes, or gather their low bits, into its top byte (the product's terms never overlap).
std::uint32_t unmarked_below(std::uint32_t c, const std::uint8_t* marks, std::uint8_t* wanted,
                             std::uint64_t* low) noexcept {
  std::fill_n(low, 16, std::uint64_t(0));
  std::uint32_t count = 0;
  if constexpr (std::endian::native != std::endian::little) {
    for (std::uint32_t v = 0; v < c; ++v)
      if (!marks[v]) {
        wanted[v] = 1, ++count;
        if (v < 1024) low[v >> 6] |= std::uint64_t(1) << (v & 63);
      }
    return count;
  }
  constexpr std::uint64_t ones = 0x0101010101010101, gather = 0x0102040810204080;
  for (std::uint32_t v = 0; v < c; v += 8) {
    std::uint64_t m;
    std::memcpy(&m, marks + v, 8);
    std::uint64_t w = ~m & ones;
    if (c - v < 8) w &= ~std::uint64_t(0) >> (8 * (8 - (c - v)));
    std::memcpy(wanted + v, &w, 8);
    count += std::uint32_t((w * ones) >> 56);  // the sum of the bytes, at most 8
    const std::uint64_t bits = (w * gather) >> 56;
    if (v < 1024) low[v >> 6] |= bits << (v & 63);
  }
  return count;
}

// Fills the table with the bits below `end` of the words wanted(0), wanted(1), ... (64 bits
// each, the table two 32-bit words for each), and returns how many are set.
template <class Wanted>
std::uint32_t fill_table(std::uint32_t* table, std::uint32_t end, const Wanted& wanted) noexcept {
  std::uint32_t count = 0;
  for (std::uint32_t w = 0; 64 * w < end; ++w) {
    std::uint64_t bits = wanted(w);
    if (end - 64 * w < 64) bits &= (std::uint64_t(1) << (end - 64 * w)) - 1;
    table[2 * w] = std::uint32_t(bits);
    table[2 * w + 1] = std::uint32_t(bits >> 32);
    count += count_bits(bits);
  }
  return count;
}

// The lowest bit set in a table of 32-bit words that has one.
std::uint32_t lowest_bit(const std::uint32_t* table) noexcept {
  std::uint32_t w = 0;
  while (table[w] == 0) ++w;
  return 32 * w + std::uint32_t(std::countr_zero(table[w]));
}

}  // namespace

std::uint32_t grundy_terms::verify(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks,
                                   std::uint8_t* wanted) const {
  // c, the smallest unmarked common value, is the mex unless a rare value below it is
  // unreachable. Scan the common pairs only until every rare value below c is seen. The table
  // holds the wanted values by the nim-sums that stand for them: the value itself below 1024
  // (the vector scan needs every nim-sum there).
  if (packed_rows_) return verify_packed(n, c, marks);
  if (bit_rows_) return verify_bits(n, c, marks);
  std::uint64_t low[16];
  std::uint32_t missing = unmarked_below(c, marks, wanted, low);
  std::uint32_t table[32];
  for (unsigned i = 0; i < 16; ++i) {
    table[2 * i] = std::uint32_t(low[i]);
    table[2 * i + 1] = std::uint32_t(low[i] >> 32);
  }
  const auto found = [wanted](std::uint64_t, std::uint64_t, std::uint32_t x) noexcept { return wanted[x] != 0; };
  const auto every_pair = [](std::uint64_t) { return ::nimber::detail::kernels::heap_scan_filter{}; };
  g_.visit([&](const auto* g) { scan_pairs(g, n, wanted, table, missing, found, every_pair); });
  if (missing == 0) return c;
  // G(n) is the least wanted value not found (found ones were cleared as they were found):
  // every value below c is marked or wanted, and c is not reached.
  const std::uint32_t at = std::uint32_t(std::find(wanted, wanted + c, std::uint8_t(1)) - wanted);
  std::fill_n(wanted, c, std::uint8_t(0));
  return at;
}

// On a parity-packed store every value is below 512, and so is every nim-sum: the rare values
// have distinct bytes, the rows keep them by their bytes (row_slot) and the table by the same
// bytes, so the table alone tells which are still wanted.
std::uint32_t grundy_terms::verify_packed(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks) const {
  const std::uint32_t span = rare_below(c);  // the rare values below c, by their bytes
  const std::uint8_t* const rare_half = marks + packed_half / 8;
  std::uint32_t table[32] = {};
  std::uint32_t missing = fill_table(table, span, [rare_half](std::uint32_t w) { return ~bit_word(rare_half, w); });
  scan_pairs_packed(n, table, missing);
  if (missing == 0) return c;
  // G(n) is the least rare value still wanted: every value below c is marked or wanted, and c
  // is not reached. The bytes ascend with the values.
  return g_.rare_value(std::uint8_t(lowest_bit(table)));
}

// On an unpacked store of one byte a value every nim-sum is below 256: the table holds the rare
// values below c (c < 512) that the row leaves unmarked, and alone tells which are still wanted.
std::uint32_t grundy_terms::verify_bits(std::uint64_t n, std::uint32_t c, const std::uint8_t* marks) const {
  std::uint32_t table[32] = {};
  const std::uint64_t* const rare = rare_bits_.data();
  std::uint32_t missing =
      fill_table(table, c, [marks, rare](std::uint32_t w) { return ~bit_word(marks, w) & rare[w]; });
  const auto found = [&table](std::uint64_t, std::uint64_t, std::uint32_t x) noexcept {
    return ((table[x >> 5] >> (x & 31)) & 1) != 0;
  };
  const auto every_pair = [](std::uint64_t) { return ::nimber::detail::kernels::heap_scan_filter{}; };
  g_.visit([&](const auto* g) {
    if constexpr (sizeof(*g) == 1) scan_pairs(g, n, nullptr, table, missing, found, every_pair);
  });
  if (missing == 0) return c;
  // G(n) is the least rare value still wanted: every value below c is marked or wanted, and c
  // is not reached.
  return lowest_bit(table);
}

// The nim-sum of two bytes of a parity-packed store is the packed nim-sum of their values
// when both heaps are common or both rare (the dropped bits cancel), and that nim-sum is rare:
// the scan runs on the bytes against the table of the wanted rare values by their bytes. A hit
// from one rare and one common heap stands for a common value, never wanted, and is skipped.
void grundy_terms::scan_pairs_packed(std::uint64_t n, std::uint32_t* table, std::uint32_t& missing) const noexcept {
  // Whether heap q is an exception: the index below low_exceptions_range_, else a search. The
  // upper heap m - a descends as the scan goes on, so a cursor follows it through the
  // exceptions (set again when m changes, with the split offset).
  const std::span<const std::uint64_t> rare_at = g_.exceptions();
  const std::uint64_t* const low = low_exceptions_.data();
  const auto is_rare_low = [&](std::uint64_t q) {
    if (q < low_exceptions_range_) return ((low[q >> 6] >> (q & 63)) & 1) != 0;
    return std::binary_search(rare_at.begin(), rare_at.end(), q);
  };
  std::uint64_t cursor_m = 0;
  std::size_t above = 0;  // the exceptions at or below the upper heap: rare_at[0 .. above)
  const auto is_rare_high = [&](std::uint64_t m, std::uint64_t q) {
    if (q < low_exceptions_range_) return is_rare_low(q);
    if (m != cursor_m) {
      cursor_m = m;
      above = std::size_t(std::upper_bound(rare_at.begin(), rare_at.end(), q) - rare_at.begin());
    }
    while (above > 0 && rare_at[above - 1] > q) --above;
    return above > 0 && rare_at[above - 1] == q;
  };
  const auto found = [&](std::uint64_t a, std::uint64_t m, std::uint32_t b) noexcept {
    return ((table[b >> 5] >> (b & 31)) & 1) != 0 && is_rare_low(a) == is_rare_high(m, m - a);
  };
  // The vector scan takes a hit for a wanted value where the lower heap is in the index and the
  // upper heap is common (below the largest exception under m), and skips the lower heaps that
  // are exceptions: the pair of one rare and one common heap.
  const auto filter_for = [&](std::uint64_t m) {
    const auto above = std::lower_bound(rare_at.begin(), rare_at.end(), m);
    const std::uint64_t upper_common_below = above == rare_at.begin() ? ~std::uint64_t(0) : m - above[-1];
    return ::nimber::detail::kernels::heap_scan_filter{low, std::min(low_exceptions_range_, upper_common_below)};
  };
  scan_pairs(g_.packed_bytes(), n, nullptr, table, missing, found, filter_for);
}

// The bits of the store's exceptions below low_exceptions_range_, for scan_pairs_packed. The
// index depends on those exceptions alone, kept as they were indexed: a run past the range
// rebuilds it only when they change (a new mask), not at every block.
void grundy_terms::index_low_exceptions() {
  const std::span<const std::uint64_t> all = g_.exceptions();
  const auto low = all.first(std::size_t(std::lower_bound(all.begin(), all.end(), low_exceptions_range_) - all.begin()));
  if (!low_exceptions_.empty() && std::ranges::equal(low, indexed_exceptions_)) return;
  indexed_exceptions_.assign(low.begin(), low.end());
  low_exceptions_.assign(low_exceptions_range_ / 64 + 2, 0);  // words past the range: see heap_scan_filter
  for (const std::uint64_t q : low) low_exceptions_[q >> 6] |= std::uint64_t(1) << (q & 63);
}

template <class T, class Found, class Filter>
void grundy_terms::scan_pairs(const T* g, std::uint64_t n, std::uint8_t* wanted, std::uint32_t* table,
                              std::uint32_t& missing, const Found& found, const Filter& filter_for) const noexcept {
  const auto scan = scan_ != nullptr && value_limit_ <= 1024 ? scan_->of(g) : nullptr;
  // Every nim-sum of two values lies in the table's range, its first 256 bits for bytes.
  const unsigned reach_words = sizeof(T) == 1 ? 8 : 32;
  // The values the vector scan found: the bits it cleared from the table since `seen`.
  const auto note_found = [&](const std::uint32_t* seen) {
    for (unsigned w = 0; w < reach_words; ++w) {
      std::uint32_t cleared = seen[w] & ~table[w];
      missing -= count_bits(cleared);
      if (wanted != nullptr)
        for (; cleared != 0; cleared &= cleared - 1) wanted[32 * w + unsigned(std::countr_zero(cleared))] = 0;
    }
  };
  for (const std::uint64_t k : split_offsets_) {
    if (missing == 0 || n < k + 2) break;
    const std::uint64_t m = n - k, last = distinct_ ? (m - 1) / 2 : m / 2;
    const auto take = [&](std::uint64_t a) {
      const std::uint32_t x = g[a] ^ g[m - a];
      if (found(a, m, x)) [[unlikely]] {  // a rare value below c seen for the first time
        if (wanted != nullptr) wanted[x] = 0;
        if (x < 1024) table[x >> 5] &= ~(std::uint32_t(1) << (x & 31));
        --missing;
      }
    };
    const ::nimber::detail::kernels::heap_scan_filter filter = filter_for(m);
    // In stretches of pairs: a term whose value is rare scans every pair, the whole store, and
    // a file-backed store lets the pages read go between stretches (trim).
    for (std::uint64_t a = 1; a <= last && missing != 0;) {
      if (a > 1) g_.trim(m);
      const std::uint64_t stop = std::min(last, a + scan_stretch - 1);
      if (scan != nullptr)
        for (;;) {
          std::uint32_t seen[32];
          std::copy_n(table, reach_words, seen);
          std::uint64_t lanes = 0;
          a = scan(g, m, a, stop, table, filter, lanes);
          note_found(seen);
          // Once the table's range is empty, no pair can give a value still missing.
          if (std::all_of(table, table + reach_words, [](std::uint32_t w) { return w == 0; })) return;
          if (lanes == 0) break;  // the tail, pair by pair below
          for (; lanes != 0; lanes &= lanes - 1) take(a + std::uint64_t(std::countr_zero(lanes)));
          a += ::nimber::detail::kernels::heap_scan_step<T>;
        }
      // A hit is rare (at most `missing` of them), so the branch is nearly always predicted.
      for (; a <= stop && missing != 0; ++a) take(a);
    }
  }
}

}  // namespace nimber::games::detail
