#include "nimber/games/graph.hpp"

#include <algorithm>
#include <bit>
#include <charconv>

namespace nimber::games {

game_graph::game_graph(std::vector<std::uint64_t> first, std::vector<position> targets)
    : first_(std::move(first)), targets_(std::move(targets)) {
  if (first_.empty() || first_.front() != 0 || first_.back() != targets_.size())
    throw std::invalid_argument("game_graph: first must run from 0 to targets.size()");
  if (first_.size() - 1 > std::size_t(no_position))
    throw std::invalid_argument("game_graph: too many positions");
  for (std::size_t i = 1; i < first_.size(); ++i)
    if (first_[i] < first_[i - 1])
      throw std::invalid_argument("game_graph: first must be non-decreasing");
  const std::size_t n = first_.size() - 1;
  for (position v : targets_)
    if (v >= n) throw std::invalid_argument("game_graph: option out of range");
}

game_graph game_graph::from_edges(std::size_t n, std::span<const position> from,
                                  std::span<const position> to) {
  if (from.size() != to.size()) throw std::invalid_argument("from_edges: length mismatch");
  if (n > std::size_t(no_position)) throw std::invalid_argument("from_edges: too many positions");
  // Counting sort by source keeps each position's options in input order.
  std::vector<std::uint64_t> first(n + 1, 0);
  for (std::size_t i = 0; i < from.size(); ++i) {
    if (from[i] >= n || to[i] >= n) throw std::invalid_argument("from_edges: endpoint out of range");
    ++first[from[i] + 1];
  }
  for (std::size_t u = 0; u < n; ++u) first[u + 1] += first[u];
  std::vector<position> targets(from.size());
  std::vector<std::uint64_t> next(first.begin(), first.end() - 1);
  for (std::size_t i = 0; i < from.size(); ++i) targets[next[from[i]]++] = to[i];
  game_graph g;
  g.first_ = std::move(first);
  g.targets_ = std::move(targets);
  return g;
}

game_graph game_graph::from_edges(std::size_t n,
                                  std::span<const std::pair<position, position>> edges) {
  std::vector<position> from(edges.size()), to(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    from[i] = edges[i].first;
    to[i] = edges[i].second;
  }
  return from_edges(n, from, to);
}

game_graph game_graph::reversed() const {
  const std::size_t n = size();
  std::vector<std::uint64_t> first(n + 1, 0);
  for (position v : targets_) ++first[v + 1];
  for (std::size_t u = 0; u < n; ++u) first[u + 1] += first[u];
  std::vector<position> targets(targets_.size());
  std::vector<std::uint64_t> next(first.begin(), first.end() - 1);
  for (std::size_t u = 0; u < n; ++u)
    for (std::uint64_t e = first_[u]; e < first_[u + 1]; ++e)
      targets[next[targets_[e]]++] = position(u);
  game_graph r;
  r.first_ = std::move(first);
  r.targets_ = std::move(targets);
  return r;
}

const char* to_string(outcome o) noexcept {
  switch (o) {
    case outcome::win: return "win";
    case outcome::lose: return "lose";
    case outcome::draw: break;
  }
  return "draw";
}

std::vector<outcome> outcomes(const game_graph& g) {
  const std::size_t n = g.size();
  const game_graph back = g.reversed();
  std::vector<outcome> result(n, outcome::draw);
  // pending[u]: options of u not yet known to be won; u is lost when it reaches 0.
  std::vector<std::uint64_t> pending(n);
  std::vector<position> queue;  // decided positions whose predecessors are still to update
  queue.reserve(n);
  for (std::size_t u = 0; u < n; ++u) {
    pending[u] = g.option_count(position(u));
    if (pending[u] == 0) {
      result[u] = outcome::lose;
      queue.push_back(position(u));
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const position v = queue[head];
    const bool v_lost = result[v] == outcome::lose;
    for (position u : back.options(v)) {
      if (result[u] != outcome::draw) continue;
      if (v_lost) {
        result[u] = outcome::win;
        queue.push_back(u);
      } else if (--pending[u] == 0) {
        result[u] = outcome::lose;
        queue.push_back(u);
      }
    }
  }
  return result;
}

position winning_option(const game_graph& g, std::span<const outcome> outcomes, position u) {
  if (outcomes[u] != outcome::win) return no_position;
  for (position v : g.options(u))
    if (outcomes[v] == outcome::lose) return v;
  return no_position;  // unreachable for outcomes computed from g
}

namespace {

// Grundy values by Kahn's algorithm on the reversed graph; `order` receives the positions in
// the order their values were fixed (every option before the positions leading to it).
// Positions that can reach a cycle are never fixed and keep `loopy`.
std::vector<std::uint32_t> acyclic_grundy(const game_graph& g, const game_graph& back,
                                          std::vector<position>& order) {
  const std::size_t n = g.size();
  std::vector<std::uint32_t> value(n, loopy);
  std::vector<std::uint64_t> pending(n);  // options whose value is not yet known
  std::vector<position>& queue = order;
  queue.clear();
  queue.reserve(n);
  std::size_t max_options = 0;
  for (std::size_t u = 0; u < n; ++u) {
    pending[u] = g.option_count(position(u));
    max_options = std::max(max_options, std::size_t(pending[u]));
    if (pending[u] == 0) queue.push_back(position(u));
  }
  // seen[x] == stamp marks x as an option value of the current position; a mex is at most the
  // number of options, so larger values need no mark.
  std::vector<std::uint64_t> seen(max_options + 1, 0);
  std::uint64_t stamp = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const position v = queue[head];
    ++stamp;
    const auto opts = g.options(v);
    for (position w : opts)
      if (value[w] < seen.size()) seen[value[w]] = stamp;
    std::uint32_t mex = 0;
    while (mex < seen.size() && seen[mex] == stamp) ++mex;
    value[v] = mex;
    for (position u : back.options(v))
      if (--pending[u] == 0) queue.push_back(u);
  }
  return value;
}

}  // namespace

std::vector<std::uint32_t> grundy_values(const game_graph& g) {
  std::vector<position> order;
  return acyclic_grundy(g, g.reversed(), order);
}

// ---- Generalised Sprague-Grundy function ---------------------------------------------------

generalized_sg generalized_grundy(const game_graph& g) {
  const std::size_t n = g.size();
  const game_graph back = g.reversed();
  generalized_sg r;
  std::vector<position> order;
  r.value = acyclic_grundy(g, back, order);
  r.counter.assign(n, infinite);

  // Positions from which play always ends keep their mex value (gamma only looks forward, and
  // there it is the ordinary Grundy function). They still need counters that grow with the
  // value, so they are numbered bucket by bucket, value m at the start of round m, each bucket
  // in Kahn order (an option's reversing option comes before it: condition B).
  std::uint32_t settled_max = 0;
  for (position u : order) settled_max = std::max(settled_max, r.value[u]);
  std::vector<std::uint64_t> bucket(std::size_t(settled_max) + 2, 0);
  for (position u : order) ++bucket[r.value[u] + 1];
  for (std::size_t m = 0; m + 1 < bucket.size(); ++m) bucket[m + 1] += bucket[m];
  std::vector<position> by_value(order.size());
  {
    std::vector<std::uint64_t> next(bucket.begin(), bucket.end() - 1);
    for (position u : order) by_value[next[r.value[u]]++] = u;
  }
  std::uint32_t next_counter = 0;
  const auto number_bucket = [&](std::uint64_t m) {
    if (m > settled_max) return;
    for (std::uint64_t i = bucket[m]; i < bucket[m + 1]; ++i) r.counter[by_value[i]] = next_counter++;
  };

  // state: finite (labelled, or settled above), open (not labelled yet) or infinite.
  enum : std::uint8_t { finite_label = 0, open = 1, infinite_label = 2 };
  std::vector<std::uint8_t> state(n, finite_label);
  std::vector<position> active;  // the open positions
  for (std::size_t u = 0; u < n; ++u)
    if (r.value[u] == loopy) {
      state[u] = open;
      active.push_back(position(u));
    }

  // Round m. need[p] (p open) counts p's arcs to positions that keep p from value m for now:
  // open or infinite options not yet known to have an option labelled m ("covered"), plus
  // options already of value m (settled ones; those never stop blocking). A settled option of
  // value above m needs no count: its option of value m is numbered first (mex rule).
  // When need[p] drops to 0, p gets m. A covered or labelled position never reaches 0, since
  // its arc to a position of value m is never discounted.
  std::vector<std::uint64_t> need(n, 0);
  std::vector<std::uint32_t> covered(n, 0);  // == m + 1: covered in round m
  std::vector<position> queue;
  queue.reserve(active.size());
  std::uint64_t m = 0;
  for (; !active.empty(); ++m) {
    number_bucket(m);
    const std::uint32_t stamp = std::uint32_t(m + 1);
    // Open or infinite positions with a settled option of value m are covered from the start.
    if (m <= settled_max)
      for (std::uint64_t i = bucket[m]; i < bucket[m + 1]; ++i)
        for (position x : back.options(by_value[i]))
          if (state[x] != finite_label) covered[x] = stamp;
    queue.clear();
    const auto label = [&](position p) {
      state[p] = finite_label;
      r.value[p] = std::uint32_t(m);
      r.counter[p] = next_counter++;
      queue.push_back(p);
    };
    for (position p : active) {
      std::uint64_t k = 0;
      for (position v : g.options(p))
        k += state[v] == finite_label ? r.value[v] == m : covered[v] != stamp;
      need[p] = k;
      if (k == 0) label(p);
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (position x : back.options(queue[head])) {
        if (state[x] == finite_label || covered[x] == stamp) continue;
        covered[x] = stamp;
        for (position p : back.options(x))
          if (state[p] == open && --need[p] == 0) label(p);
      }
    }
    // Open positions with no option of value m can never get a finite value (the mex rule
    // needs m among their options from now on): they are infinite.
    std::size_t kept = 0;
    for (position p : active) {
      if (state[p] != open) continue;
      if (covered[p] == stamp) active[kept++] = p;
      else state[p] = infinite_label;
    }
    active.resize(kept);
  }
  for (; m <= settled_max; ++m) number_bucket(m);

  // K(u) for the infinite positions: the finite values among their options.
  r.k_first.assign(n + 1, 0);
  std::vector<std::uint32_t> ks;
  for (std::size_t u = 0; u < n; ++u) {
    if (state[u] == infinite_label) {
      r.value[u] = infinite;
      ks.clear();
      for (position v : g.options(position(u)))
        if (state[v] == finite_label) ks.push_back(r.value[v]);
      std::sort(ks.begin(), ks.end());
      ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
      r.k_values.insert(r.k_values.end(), ks.begin(), ks.end());
    }
    r.k_first[u + 1] = r.k_values.size();
  }
  return r;
}

std::string to_string(const generalized_sg& gamma, position u, std::string_view separator) {
  if (gamma.is_finite(u)) return std::to_string(gamma.value[u]);
  std::string s = "inf{";
  const auto ks = gamma.k(u);
  for (std::size_t i = 0; i < ks.size(); ++i) {
    if (i) s += separator;
    s += std::to_string(ks[i]);
  }
  return s + "}";
}

std::uint32_t sum_value(std::span<const std::uint32_t> grundy,
                        std::span<const position> components) {
  std::uint32_t x = 0;
  for (position c : components) {
    if (grundy[c] == loopy) throw std::invalid_argument("sum_value: a component is loopy");
    x ^= grundy[c];
  }
  return x;
}

std::vector<sum_move> sum_winning_moves(const game_graph& g, std::span<const std::uint32_t> grundy,
                                        std::span<const position> components) {
  const std::uint32_t x = sum_value(grundy, components);
  std::vector<sum_move> moves;
  if (x == 0) return moves;
  for (std::size_t i = 0; i < components.size(); ++i) {
    // Any option of value G ^ x zeroes the sum, also one above G (an option may exceed the mex).
    const std::uint32_t target = grundy[components[i]] ^ x;
    for (position v : g.options(components[i]))
      if (grundy[v] == target) moves.push_back({i, v});
  }
  return moves;
}

loopy_sum sum_value(const generalized_sg& gamma, std::span<const position> components) {
  loopy_sum r;
  std::uint32_t s = 0;
  std::size_t infinite_count = 0;
  position inf_component = 0;
  for (position c : components) {
    if (c >= gamma.value.size()) throw std::invalid_argument("sum_value: position out of range");
    if (gamma.is_finite(c)) s ^= gamma.value[c];
    else ++infinite_count, inf_component = c;
  }
  if (infinite_count == 0) {
    r.value = s;
    r.result = s == 0 ? outcome::lose : outcome::win;
    return r;
  }
  // s + inf{K} = inf{K ^ s}: its finite options are exactly the moves of the infinite component
  // to a finite value; with two infinite components no single move makes both finite: inf{}.
  r.value = infinite;
  r.result = outcome::draw;
  if (infinite_count == 1) {
    for (std::uint32_t x : gamma.k(inf_component)) r.k.push_back(x ^ s);
    std::sort(r.k.begin(), r.k.end());
    if (!r.k.empty() && r.k.front() == 0) r.result = outcome::win;
  }
  return r;
}

std::vector<sum_move> sum_winning_moves(const game_graph& g, const generalized_sg& gamma,
                                        std::span<const position> components) {
  const loopy_sum total = sum_value(gamma, components);
  std::vector<sum_move> moves;
  if (total.result != outcome::win) return moves;
  // A lost sum is all finite with nim-sum 0. Key: the change in the sum of the counters of the
  // components. Taking the least key always wins: from a lost position X, after any reply the
  // least key leads to a lost X' with smaller counter sum (a reply up is reversed by condition
  // B to a smaller counter; a reply down is answered by another move down, and counters grow
  // with the value), so the winner's positions strictly decrease.
  std::vector<std::pair<std::int64_t, sum_move>> keyed;
  std::size_t inf_index = components.size();
  std::uint32_t s = 0;
  for (std::size_t i = 0; i < components.size(); ++i) {
    if (gamma.is_finite(components[i])) s ^= gamma.value[components[i]];
    else inf_index = i;
  }
  for (std::size_t i = 0; i < components.size(); ++i) {
    const position c = components[i];
    if (inf_index != components.size() && i != inf_index) continue;
    const bool inf = !gamma.is_finite(c);
    const std::uint32_t target = inf ? s : gamma.value[c] ^ s;
    const std::int64_t base = inf ? 0 : std::int64_t(gamma.counter[c]);
    for (position v : g.options(c))
      if (gamma.value[v] == target && gamma.is_finite(v))
        keyed.push_back({std::int64_t(gamma.counter[v]) - base, sum_move{i, v}});
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  moves.reserve(keyed.size());
  for (const auto& k : keyed) moves.push_back(k.second);
  return moves;
}

// ---- Products ------------------------------------------------------------------------------

namespace {

struct product_rules {
  using position_type = std::uint64_t;
  const game_graph* a;
  const game_graph* b;
  void options(std::uint64_t set, std::vector<std::uint64_t>& out) const {
    const std::size_t nb = b->size();
    for (std::uint64_t rest = set; rest != 0; rest &= rest - 1) {
      const unsigned cell = unsigned(std::countr_zero(rest));
      const position x = position(cell / nb), y = position(cell % nb);
      for (position x2 : a->options(x))
        for (position y2 : b->options(y)) {
          const std::uint64_t flip = (std::uint64_t(1) << cell) |
                                     (std::uint64_t(1) << (x2 * nb + y)) |
                                     (std::uint64_t(1) << (x * nb + y2)) |
                                     (std::uint64_t(1) << (x2 * nb + y2));
          out.push_back(set ^ flip);
        }
    }
  }
};

}  // namespace

explored_game<std::uint64_t> product_game(const game_graph& a, const game_graph& b,
                                          position start_a, position start_b,
                                          std::size_t max_positions) {
  if (a.size() * b.size() > 64 || start_a >= a.size() || start_b >= b.size())
    throw std::invalid_argument("product_game: more than 64 cells or a start out of range");
  const std::uint64_t start = std::uint64_t(1) << (start_a * b.size() + start_b);
  return explore(product_rules{&a, &b}, std::span<const std::uint64_t>(&start, 1), max_positions);
}

// ---- Text format ---------------------------------------------------------------------------

namespace {

// A line-by-line tokenizer over the whole text; comments and blank lines are skipped.
class line_reader {
 public:
  explicit line_reader(std::string_view text) : text_(text) {}

  // Moves to the next line holding a token; false at the end of the text.
  bool next_line() {
    while (pos_ < text_.size()) {
      const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
      line_ = text_.substr(pos_, end - pos_);
      pos_ = end + 1;
      ++line_number_;
      if (const std::size_t hash = line_.find('#'); hash != std::string_view::npos)
        line_ = line_.substr(0, hash);
      skip_space();
      if (!line_.empty()) return true;
    }
    line_ = {};
    return false;
  }

  // The next whitespace-separated token of the current line ("" when none is left).
  std::string_view token() {
    skip_space();
    std::size_t i = 0;
    while (i < line_.size() && !is_space(line_[i])) ++i;
    const std::string_view t = line_.substr(0, i);
    line_.remove_prefix(i);
    return t;
  }

  std::string where() const { return "line " + std::to_string(line_number_); }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
  void skip_space() {
    while (!line_.empty() && is_space(line_.front())) line_.remove_prefix(1);
  }

  std::string_view text_, line_;
  std::size_t pos_ = 0, line_number_ = 0;
};

bool parse_decimal(std::string_view t, std::uint64_t& value) {
  if (t.empty()) return false;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value, 10);
  return ec == std::errc{} && end == t.data() + t.size();
}

}  // namespace

game_graph read_game_graph(std::string_view text) {
  line_reader in(text);
  if (!in.next_line()) throw parse_error("end of input", "", "the header 'N M' (positions, moves)");
  std::uint64_t n = 0, m = 0;
  const std::string_view tn = in.token();
  if (!parse_decimal(tn, n) || n >= (std::uint64_t(1) << 32))
    throw parse_error(in.where(), std::string(tn), "the number of positions N (decimal, below 2^32)");
  const std::string_view tm = in.token();
  if (!parse_decimal(tm, m))
    throw parse_error(in.where(), std::string(tm), "the number of moves M (decimal)");
  if (const std::string_view extra = in.token(); !extra.empty())
    throw parse_error(in.where(), std::string(extra), "end of line after the header 'N M'");

  // Every move line takes at least 4 bytes ("u v\n"), which bounds what a header can reserve.
  std::vector<position> from, to;
  from.reserve(std::min<std::uint64_t>(m, text.size() / 4 + 1));
  to.reserve(from.capacity());
  const std::string range = "a position number below N = " + std::to_string(n);
  for (std::uint64_t i = 0; i < m; ++i) {
    if (!in.next_line())
      throw parse_error("end of input", "",
                        std::to_string(m) + " move lines 'u v', found " + std::to_string(i));
    for (int k = 0; k < 2; ++k) {
      const std::string_view t = in.token();
      std::uint64_t v = 0;
      if (!parse_decimal(t, v) || v >= n) throw parse_error(in.where(), std::string(t), range);
      (k == 0 ? from : to).push_back(position(v));
    }
    if (const std::string_view extra = in.token(); !extra.empty())
      throw parse_error(in.where(), std::string(extra), "end of line after the move 'u v'");
  }
  if (in.next_line())
    throw parse_error(in.where(), std::string(in.token()),
                      "end of input after " + std::to_string(m) + " move lines");
  return game_graph::from_edges(std::size_t(n), from, to);
}

std::string write_game_graph(const game_graph& g) {
  std::string out = std::to_string(g.size()) + " " + std::to_string(g.edge_count()) + "\n";
  for (std::size_t u = 0; u < g.size(); ++u)
    for (position v : g.options(position(u))) {
      out += std::to_string(u);
      out += ' ';
      out += std::to_string(v);
      out += '\n';
    }
  return out;
}

}  // namespace nimber::games
