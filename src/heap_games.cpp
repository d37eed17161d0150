#include "nimber/heap_games.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <stdexcept>

namespace nimber::games {

// ---- Rules ---------------------------------------------------------------------------------

heap_game heap_game::take_break(std::vector<std::uint8_t> digits) {
  if (digits.empty()) digits.push_back(0);
  for (std::uint8_t d : digits)
    if (d > 15) throw std::invalid_argument("take_break: a digit is above 15");
  if (digits[0] & 3) throw std::invalid_argument("take_break: d0 may only hold bits 2 and 3");
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  heap_game g;
  g.kind_ = kind::take_break;
  g.digits_ = std::move(digits);
  return g;
}

heap_game heap_game::subtraction(std::span<const std::uint32_t> set) {
  std::vector<std::uint8_t> digits(1, 0);
  for (std::uint32_t s : set) {
    if (s == 0) throw std::invalid_argument("subtraction: 0 is not a move");
    if (digits.size() <= s) digits.resize(std::size_t(s) + 1, 0);
    digits[s] = 3;  // take s from a heap of exactly s (bit 0) or from a larger one (bit 1)
  }
  return take_break(std::move(digits));
}

heap_game heap_game::grundys_game() {
  heap_game g;
  g.kind_ = kind::grundy;
  return g;
}

namespace {

constexpr std::size_t max_code_digits = std::size_t(1) << 16;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

heap_game heap_game::parse(std::string_view spec) {
  if (spec == "grundy") return grundys_game();
  constexpr std::string_view sub = "subtraction:";
  if (spec.substr(0, sub.size()) == sub) {
    std::string_view rest = spec.substr(sub.size());
    std::vector<std::uint32_t> set;
    std::size_t index = 1;
    while (true) {
      const std::size_t comma = std::min(rest.find(','), rest.size());
      const std::string_view t = rest.substr(0, comma);
      std::uint32_t s = 0;
      const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), s, 10);
      if (t.empty() || ec != std::errc{} || end != t.data() + t.size() || s == 0 ||
          s >= max_code_digits)
        throw parse_error("subtraction set element " + std::to_string(index), std::string(t),
                          "a decimal number from 1 to " + std::to_string(max_code_digits - 1));
      set.push_back(s);
      if (comma == rest.size()) break;
      rest.remove_prefix(comma + 1);
      ++index;
    }
    return subtraction(set);
  }
  const std::size_t dot = spec.find('.');
  if (dot == std::string_view::npos || dot > 1)
    throw parse_error("heap game", std::string(spec),
                      "an octal or hex code such as 0.07 or 4.07, subtraction:1,3,4 or grundy");
  std::vector<std::uint8_t> digits;
  if (dot == 0) {
    digits.push_back(0);
  } else {
    const int d0 = hex_digit(spec[0]);
    if (d0 < 0 || (d0 & 3))
      throw parse_error("digit d0", std::string(spec.substr(0, 1)),
                        "0, 4, 8 or c before the point (d0 can only split a heap)");
    digits.push_back(std::uint8_t(d0));
  }
  const std::string_view rest = spec.substr(dot + 1);
  if (rest.empty() || rest.size() >= max_code_digits)
    throw parse_error("heap game", std::string(spec),
                      "1 to " + std::to_string(max_code_digits - 1) + " digits after the point");
  for (std::size_t k = 0; k < rest.size(); ++k) {
    const int d = hex_digit(rest[k]);
    if (d < 0)
      throw parse_error("digit d" + std::to_string(k + 1), std::string(1, rest[k]),
                        "an octal or hex digit (0-9, a-f)");
    digits.push_back(std::uint8_t(d));
  }
  return take_break(std::move(digits));
}

std::string heap_game::name() const {
  if (kind_ == kind::grundy) return "grundy";
  constexpr char hex[] = "0123456789abcdef";
  std::string s(1, hex[digits_[0]]);
  s += '.';
  if (digits_.size() == 1) return s + "0";
  for (std::size_t k = 1; k < digits_.size(); ++k) s += hex[digits_[k]];
  return s;
}

bool heap_game::is_octal() const noexcept {
  if (kind_ != kind::take_break) return false;
  return std::none_of(digits_.begin(), digits_.end(), [](std::uint8_t d) { return d & 8; });
}

std::uint32_t heap_game::max_removal() const noexcept {
  return kind_ == kind::grundy ? 0 : std::uint32_t(digits_.size() - 1);
}

bool heap_game::splits() const noexcept {
  if (kind_ == kind::grundy) return true;
  return std::any_of(digits_.begin(), digits_.end(), [](std::uint8_t d) { return d & 12; });
}

// ---- Periodicity ---------------------------------------------------------------------------

std::optional<periodicity> prove_period(const heap_game& game,
                                        std::span<const std::uint32_t> values) {
  if (!game.is_octal()) return std::nullopt;
  const std::uint64_t n = values.size(), t = game.max_removal();
  const std::uint64_t min_n0 = game.splits() ? 1 : 0;
  // Need G(i + p) for i < 2 n0 + p + t, so 2 n0 + 2 p + t <= n.
  for (std::uint64_t p = 1; 2 * (p + min_n0) + t <= n; ++p) {
    // The last i with G(i + p) != G(i), scanning down; a wrong p fails within a few steps.
    std::uint64_t n0 = 0;
    for (std::uint64_t i = n - p; i-- > 0;)
      if (values[i + p] != values[i]) {
        n0 = i + 1;
        break;
      }
    const std::uint64_t proof_n0 = std::max(n0, min_n0);
    if (2 * proof_n0 + 2 * p + t <= n) return periodicity{n0, p};
  }
  return std::nullopt;
}

// ---- Grundy sequences ------------------------------------------------------------------------

namespace {

// A set of small values as a bitset. Its words are uint64_t, so writes to it cannot alias
// the uint32_t Grundy values being read in the same loop.
class value_marks {
 public:
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  void mark(std::uint32_t v) {
    const std::size_t w = v >> 6;
    if (w >= words_.size()) words_.resize(2 * w + 2, 0);
    words_[w] |= std::uint64_t(1) << (v & 63);
  }
  bool has(std::uint32_t v) const {
    const std::size_t w = v >> 6;
    return w < words_.size() && ((words_[w] >> (v & 63)) & 1);
  }

 private:
  std::vector<std::uint64_t> words_ = std::vector<std::uint64_t>(4, 0);
};

// One split of a heap of size m into two non-empty heaps (distinct: the two must differ).
struct split {
  std::uint64_t m;
  bool distinct;
};

class engine {
 public:
  engine(const heap_game& game, std::vector<std::uint32_t>& g) : game_(game), g_(g) {
    three_heaps_ = !game.is_octal() && game.type() == heap_game::kind::take_break;
  }

  bool sparse_possible() const { return !three_heaps_ && game_.splits(); }

  // G(n) from G(0 .. n-1) by the definition.
  std::uint32_t naive(std::uint64_t n) {
    marks_.clear();
    mark_single_heap_options(n);
    collect_splits(n);
    const std::uint32_t* g = g_.data();
    for (const split& s : splits_) {
      const std::uint64_t last = s.distinct ? (s.m - 1) / 2 : s.m / 2;
      for (std::uint64_t a = 1; a <= last; ++a) marks_.mark(g[a] ^ g[s.m - a]);
    }
    if (three_heaps_) mark_three_heap_options(n);
    return mex_from(0);
  }

  // G(n) by the sparse-space method with the current mask and rare list.
  std::uint32_t sparse(std::uint64_t n) {
    marks_.clear();
    mark_single_heap_options(n);
    collect_splits(n);
    const std::uint32_t* g = g_.data();
    // Every pair with a rare member. The other pairs (common with common) give only rare
    // values, so every reachable common value is now marked.
    for (const split& s : splits_)
      for (std::uint64_t a : rare_) {
        if (a >= s.m) break;
        const std::uint64_t b = s.m - a;
        if (s.distinct && a == b) continue;
        marks_.mark(g[a] ^ g[b]);
      }
    // c, the smallest unmarked common value, is the mex unless a rare value below it is
    // unreachable. Scan the common pairs only until every rare value below c is seen.
    std::uint32_t c = 0, missing = 0;
    for (;; ++c) {
      if (marks_.has(c)) continue;
      if (!is_rare(c)) break;
      ++missing;
    }
    for (const split& s : splits_) {
      for (std::uint64_t a = 1; 2 * a <= s.m && missing != 0; ++a) {
        if (s.distinct && 2 * a == s.m) break;
        const std::uint32_t x = g[a] ^ g[s.m - a];
        if (x < c && !marks_.has(x)) {  // a rare value below c seen for the first time
          marks_.mark(x);
          --missing;
        }
      }
    }
    return missing == 0 ? c : mex_from(0);
  }

  bool is_rare(std::uint32_t v) const { return (std::popcount(v & mask_) & 1) == 0; }

  // Picks the mask that makes the fewest of G(from .. to-1) rare and rebuilds the rare list.
  void choose_mask(std::uint64_t from, std::uint64_t to) {
    std::uint32_t max_value = 0;
    for (std::uint64_t i = from; i < to; ++i) max_value = std::max(max_value, g_[i]);
    const std::uint32_t width = std::bit_width(max_value);
    if (width > 12) {  // too many masks to try; keep the current one
      rebuild_rare(to);
      return;
    }
    std::vector<std::uint64_t> count(std::size_t(1) << width, 0);
    for (std::uint64_t i = from; i < to; ++i) ++count[g_[i]];
    std::uint64_t best = to - from + 1;
    std::uint32_t best_mask = 0;
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
  void note(std::uint64_t n) {
    if (n >= 1 && is_rare(g_[n])) rare_.push_back(n);
  }

 private:
  void rebuild_rare(std::uint64_t to) {
    rare_.clear();
    for (std::uint64_t i = 1; i < to; ++i)
      if (is_rare(g_[i])) rare_.push_back(i);
  }

  void mark_single_heap_options(std::uint64_t n) {
    if (game_.type() != heap_game::kind::take_break) return;
    const auto d = game_.digits();
    for (std::uint64_t k = 1; k < d.size() && k <= n; ++k) {
      if ((d[k] & 1) && n == k) marks_.mark(0);
      if ((d[k] & 2) && n > k) marks_.mark(g_[n - k]);
    }
  }

  void collect_splits(std::uint64_t n) {
    splits_.clear();
    if (game_.type() == heap_game::kind::grundy) {
      if (n >= 3) splits_.push_back({n, true});
      return;
    }
    const auto d = game_.digits();
    for (std::uint64_t k = 0; k < d.size() && k + 2 <= n; ++k)
      if (d[k] & 4) splits_.push_back({n - k, false});
  }

  void mark_three_heap_options(std::uint64_t n) {
    const auto d = game_.digits();
    for (std::uint64_t k = 0; k < d.size() && k + 3 <= n; ++k) {
      if (!(d[k] & 8)) continue;
      const std::uint64_t m = n - k;
      for (std::uint64_t a = 1; 3 * a <= m; ++a)
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) marks_.mark(g_[a] ^ g_[b] ^ g_[m - a - b]);
    }
  }

  std::uint32_t mex_from(std::uint32_t v) const {
    while (marks_.has(v)) ++v;
    return v;
  }

  const heap_game& game_;
  std::vector<std::uint32_t>& g_;
  bool three_heaps_ = false;
  value_marks marks_;
  std::vector<split> splits_;
  std::uint32_t mask_ = 0;
  std::vector<std::uint64_t> rare_;  // positions n >= 1 with a rare value, ascending
};

constexpr std::uint64_t first_checkpoint = 64;
constexpr std::uint64_t sparse_start = 8192;  // naive below: rows too short to gain

}  // namespace

grundy_sequence grundy_sequence_of(const heap_game& game, std::uint64_t terms,
                                   const sequence_options& options) {
  grundy_sequence result;
  std::vector<std::uint32_t>& g = result.values;
  g.resize(terms);
  engine e(game, g);
  using method = sequence_options::method;
  const bool want_sparse = e.sparse_possible() && options.engine != method::naive;
  bool sparse = false;
  std::uint64_t checkpoint = first_checkpoint;
  std::uint64_t n = 0;
  for (; n < terms; ++n) {
    if (n == checkpoint) {
      checkpoint *= 2;
      if (options.use_period) {
        if (auto p = prove_period(game, std::span<const std::uint32_t>(g.data(), n))) {
          result.period = p;
          break;
        }
      }
      if (want_sparse && (n >= sparse_start || options.engine == method::sparse)) {
        // Re-choose the mask over the latest half; keep the naive path when no mask makes
        // the rare positions few (then the sparse path would only add work).
        e.choose_mask(n / 2, n);
        sparse = options.engine == method::sparse || e.rare_count() * 4 < n;
      }
      if (options.progress) options.progress(n, terms);
    }
    g[n] = sparse ? e.sparse(n) : e.naive(n);
    e.note(n);
    if (options.progress && (n & 0xffff) == 0 && n != 0) options.progress(n, terms);
  }
  result.computed = n;
  if (n == terms && options.use_period && !result.period)
    result.period = prove_period(game, g);
  if (result.period)
    for (std::uint64_t i = n; i < terms; ++i) g[i] = g[i - result.period->period];
  result.mask = sparse ? e.mask() : 0;
  result.rare_positions = sparse ? e.rare_count() : 0;
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

// ---- Sums ----------------------------------------------------------------------------------

std::uint32_t heaps_value(std::span<const std::uint32_t> values, std::span<const std::uint64_t> heaps) {
  std::uint32_t x = 0;
  for (std::uint64_t h : heaps) x ^= values[h];
  return x;
}

std::vector<heap_move> heaps_winning_moves(const heap_game& game,
                                           std::span<const std::uint32_t> values,
                                           std::span<const std::uint64_t> heaps) {
  const std::uint32_t x = heaps_value(values, heaps);
  std::vector<heap_move> moves;
  if (x == 0) return moves;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint32_t target = values[heaps[i]] ^ x;
    game.for_each_option(heaps[i], [&](std::span<const std::uint64_t> leaves) {
      if (heaps_value(values, leaves) != target) return;
      heap_move m{i, {leaves.begin(), leaves.end()}};
      if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(std::move(m));
    });
  }
  return moves;
}

std::vector<nim_move> nim_winning_moves(std::span<const std::uint64_t> heaps) {
  std::uint64_t s = 0;
  for (std::uint64_t h : heaps) s ^= h;
  std::vector<nim_move> moves;
  if (s == 0) return moves;
  for (std::size_t i = 0; i < heaps.size(); ++i)
    if ((heaps[i] ^ s) < heaps[i]) moves.push_back({i, heaps[i] ^ s});
  return moves;
}

}  // namespace nimber::games
