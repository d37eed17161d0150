// The generalised Sprague-Grundy function of a graph with cycles (loopy.hpp): Fraenkel and
// Yesha's labelling as rounds of retrograde propagation, and sums of loopy games by Smith's
// rules.
#include "nimber/games/loopy.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "games/acyclic_grundy.hpp"

namespace nimber::games {

namespace {

// Fraenkel and Yesha's labelling, one round per value m: the rounds label the positions the
// mex pass left `loopy` with m or make them infinite, while the positions it settled are only
// numbered (their counters) in the round of their value.
class labelling {
 public:
  labelling(const game_graph& g, generalized_sg& r)
      : g_(g), back_(g.reversed()), r_(r), n_(g.size()) {}

  void run() {
    std::vector<position> order;
    r_.value = detail::acyclic_grundy(g_, back_, order);
    r_.counter.assign(n_, infinite);
    sort_settled(order);
    open_loopy_positions();
    need_.assign(n_, 0);
    covered_.assign(n_, 0);
    queue_.reserve(active_.size());
    std::uint64_t m = 0;
    for (; !active_.empty(); ++m) round(m);
    for (; m <= settled_max_; ++m) number_settled(m);
    store_k();
  }

 private:
  // state_: finite (labelled, or settled by the mex pass), open (not labelled yet) or infinite.
  enum : std::uint8_t { finite_label = 0, open = 1, infinite_label = 2 };

  // Positions from which play always ends keep their mex value (gamma only looks forward, and
  // there it is the ordinary Grundy function). They still need counters that grow with the
  // value, so they are numbered bucket by bucket, value m at the start of round m, each bucket
  // in Kahn order (an option's reversing option comes before it: condition B).
  void sort_settled(const std::vector<position>& order) {
    for (position u : order) settled_max_ = std::max(settled_max_, r_.value[u]);
    bucket_.assign(std::size_t(settled_max_) + 2, 0);
    for (position u : order) ++bucket_[r_.value[u] + 1];
    for (std::size_t m = 0; m + 1 < bucket_.size(); ++m) bucket_[m + 1] += bucket_[m];
    by_value_.resize(order.size());
    std::vector<std::uint64_t> next(bucket_.begin(), bucket_.end() - 1);
    for (position u : order) by_value_[next[r_.value[u]]++] = u;
  }

  void number_settled(std::uint64_t m) {
    if (m > settled_max_) return;
    for (std::uint64_t i = bucket_[m]; i < bucket_[m + 1]; ++i)
      r_.counter[by_value_[i]] = next_counter_++;
  }

  void open_loopy_positions() {
    state_.assign(n_, finite_label);
    for (std::size_t u = 0; u < n_; ++u)
      if (r_.value[u] == loopy) {
        state_[u] = open;
        active_.push_back(position(u));
      }
  }

  // Round m. need_[p] (p open) counts p's arcs to positions that keep p from value m for now:
  // open or infinite options not yet known to have an option labelled m ("covered"), plus
  // options already of value m (settled ones; those never stop blocking). A settled option of
  // value above m needs no count: its option of value m is numbered first (mex rule).
  // When need_[p] drops to 0, p gets m. A covered or labelled position never reaches 0, since
  // its arc to a position of value m is never discounted.
  void round(std::uint64_t m) {
    number_settled(m);
    const std::uint32_t stamp = std::uint32_t(m + 1);
    // Open or infinite positions with a settled option of value m are covered from the start.
    if (m <= settled_max_)
      for (std::uint64_t i = bucket_[m]; i < bucket_[m + 1]; ++i)
        for (position x : back_.options(by_value_[i]))
          if (state_[x] != finite_label) covered_[x] = stamp;
    queue_.clear();
    for (position p : active_) {
      std::uint64_t k = 0;
      for (position v : g_.options(p))
        k += state_[v] == finite_label ? r_.value[v] == m : covered_[v] != stamp;
      need_[p] = k;
      if (k == 0) label(p, m);
    }
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      for (position x : back_.options(queue_[head])) {
        if (state_[x] == finite_label || covered_[x] == stamp) continue;
        covered_[x] = stamp;
        for (position p : back_.options(x))
          if (state_[p] == open && --need_[p] == 0) label(p, m);
      }
    }
    retire_uncovered(stamp);
  }

  void label(position p, std::uint64_t m) {
    state_[p] = finite_label;
    r_.value[p] = std::uint32_t(m);
    r_.counter[p] = next_counter_++;
    queue_.push_back(p);
  }

  // Open positions with no option of value m can never get a finite value (the mex rule
  // needs m among their options from now on): they are infinite.
  void retire_uncovered(std::uint32_t stamp) {
    std::size_t kept = 0;
    for (position p : active_) {
      if (state_[p] != open) continue;
      if (covered_[p] == stamp) active_[kept++] = p;
      else state_[p] = infinite_label;
    }
    active_.resize(kept);
  }

  // K(u) for the infinite positions: the finite values among their options.
  void store_k() {
    r_.k_first.assign(n_ + 1, 0);
    std::vector<std::uint32_t> ks;
    for (std::size_t u = 0; u < n_; ++u) {
      if (state_[u] == infinite_label) {
        r_.value[u] = infinite;
        ks.clear();
        for (position v : g_.options(position(u)))
          if (state_[v] == finite_label) ks.push_back(r_.value[v]);
        std::sort(ks.begin(), ks.end());
        ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
        r_.k_values.insert(r_.k_values.end(), ks.begin(), ks.end());
      }
      r_.k_first[u + 1] = r_.k_values.size();
    }
  }

  const game_graph& g_;
  const game_graph back_;
  generalized_sg& r_;
  const std::size_t n_;
  std::uint32_t settled_max_ = 0;
  std::vector<std::uint64_t> bucket_;   // settled positions of value m: by_value_[bucket_[m] ..)
  std::vector<position> by_value_;
  std::uint32_t next_counter_ = 0;
  std::vector<std::uint8_t> state_;
  std::vector<position> active_;        // the open positions
  std::vector<std::uint64_t> need_;
  std::vector<std::uint32_t> covered_;  // == m + 1: covered in round m
  std::vector<position> queue_;         // positions labelled in this round, to propagate from
};

}  // namespace

generalized_sg generalized_grundy(const game_graph& g) {
  generalized_sg r;
  labelling(g, r).run();
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

// ---- Sums ----------------------------------------------------------------------------------

loopy_sum sum_value(const generalized_sg& gamma, std::span<const position> components) {
  loopy_sum r;
  std::uint32_t s = 0;
  std::size_t infinite_count = 0;
  position inf_component = 0;
  for (position c : components) {
    if (c >= gamma.value.size()) throw game_argument_error("sum_value: position out of range");
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

}  // namespace nimber::games
