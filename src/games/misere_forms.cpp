#include "nimber/games/misere_forms.hpp"

#include <algorithm>
#include <utility>

#include "nimber/games/error.hpp"

namespace nimber::games {

namespace {

constexpr form_id empty_slot = ~form_id(0);

std::uint64_t hash_options(std::span<const form_id> options) noexcept {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ options.size();
  for (const form_id o : options) {
    h ^= o + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
  }
  return h ^ (h >> 29);
}

bool contains(std::span<const form_id> sorted, form_id g) {
  return std::binary_search(sorted.begin(), sorted.end(), g);
}

void sort_unique(std::vector<form_id>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

// Conway's equality test between a simplest form c and the game G whose options, all in
// simplest form, are `options` ("On Numbers and Games", ch. 12): between simplest forms,
// equality is identity, so only comparisons against G itself recurse, and those are memoised.
class equality_with_game {
 public:
  equality_with_game(const misere_forms& store, std::span<const form_id> options) : store_(store), options_(options) {
    g_next_wins_ = options.empty() ||
                   std::any_of(options.begin(), options.end(), [&](form_id o) { return !store.next_player_wins(o); });
  }

  bool equals(form_id c) {
    for (const auto& [id, answer] : known_)
      if (id == c) return answer;
    bool answer = store_.next_player_wins(c) == g_next_wins_;
    for (const form_id s : options_)
      if (answer && linked_simplest(c, s)) answer = false;
    for (const form_id b : store_.options(c))
      if (answer && linked_to_game(b)) answer = false;
    known_.emplace_back(c, answer);
    return answer;
  }

  // An option G' reversible through one of its options G'' = G with options, if any: the
  // pair (G', G''), or (empty_slot, empty_slot). Assumes G != 0.
  std::pair<form_id, form_id> reversible_option() {
    for (const form_id a : options_)
      for (const form_id b : store_.options(a))
        if (b != misere_forms::zero() && equals(b)) return {a, b};
    return {empty_slot, empty_slot};
  }

 private:
  // Two simplest forms x, y are linked iff neither is an option of the other.
  bool linked_simplest(form_id x, form_id y) const {
    return !contains(store_.options(y), x) && !contains(store_.options(x), y);
  }
  // A simplest form b is linked to G iff b is no option of G and no option of b equals G.
  bool linked_to_game(form_id b) {
    if (contains(options_, b)) return false;
    for (const form_id b2 : store_.options(b))
      if (equals(b2)) return false;
    return true;
  }

  const misere_forms& store_;
  std::span<const form_id> options_;
  bool g_next_wins_ = true;
  std::vector<std::pair<form_id, bool>> known_;  // a handful of candidates: a flat list
};

misere_forms::misere_forms(std::uint64_t max_bytes) : slots_(1024, empty_slot), max_bytes_(max_bytes) {
  std::vector<form_id> none;
  intern(none);
  nodes_[0].simplest = 0;
  heaps_.push_back(0);
}

void misere_forms::count_bytes(std::uint64_t bytes) {
  if (bytes > max_bytes_ - std::min(bytes_used_, max_bytes_))
    throw game_size_error("the forms need more than " + std::to_string(max_bytes_) + " bytes");
  bytes_used_ += bytes;
}

const misere_forms::node_data& misere_forms::node(form_id g) const {
  if (g >= nodes_.size())
    throw game_argument_error("form id " + std::to_string(g) + " is not in the store (" +
                              std::to_string(nodes_.size()) + " forms)");
  return nodes_[g];
}

std::span<const form_id> misere_forms::options(form_id g) const {
  const node_data& n = node(g);
  return {option_pool_.data() + n.first, n.count};
}

void misere_forms::grow_table() {
  std::vector<form_id> bigger(slots_.size() * 2, empty_slot);
  const std::size_t mask = bigger.size() - 1;
  for (form_id id = 0; id < nodes_.size(); ++id) {
    std::size_t i = hash_options(options(id)) & mask;
    while (bigger[i] != empty_slot) i = (i + 1) & mask;
    bigger[i] = id;
  }
  slots_ = std::move(bigger);
}

form_id misere_forms::intern(std::vector<form_id>& sorted_options) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = hash_options(sorted_options) & mask;
  for (; slots_[i] != empty_slot; i = (i + 1) & mask) {
    const auto existing = options(slots_[i]);
    if (std::equal(existing.begin(), existing.end(), sorted_options.begin(), sorted_options.end())) return slots_[i];
  }
  count_bytes(bytes_per_form + 4 * sorted_options.size());
  node_data n;
  n.first = option_pool_.size();
  n.count = static_cast<std::uint32_t>(sorted_options.size());
  n.next_wins = sorted_options.empty();
  std::int64_t largest_heap = -1;
  bool all_heaps = true;
  for (const form_id o : sorted_options) {
    const node_data& on = nodes_[o];
    n.height = std::max(n.height, on.height + 1);
    n.next_wins = n.next_wins || !on.next_wins;
    all_heaps = all_heaps && on.heap >= 0;
    largest_heap = std::max(largest_heap, on.heap);
  }
  // Distinct ids of heaps are distinct sizes: {*0, ..., *(k-1)} exactly when the largest is k-1.
  if (all_heaps && largest_heap + 1 == static_cast<std::int64_t>(n.count)) n.heap = n.count;
  option_pool_.insert(option_pool_.end(), sorted_options.begin(), sorted_options.end());
  const form_id id = static_cast<form_id>(nodes_.size());
  nodes_.push_back(n);
  slots_[i] = id;
  if (nodes_.size() * 2 > slots_.size()) grow_table();
  return id;
}

form_id misere_forms::game(std::vector<form_id> options) {
  for (const form_id o : options) node(o);
  sort_unique(options);
  return intern(options);
}

form_id misere_forms::nim_heap(std::uint64_t n) {
  if (n > max_heap)
    throw game_argument_error("nim heap *" + std::to_string(n) + " is larger than " + std::to_string(max_heap));
  while (heaps_.size() <= n) {
    std::vector<form_id> below = heaps_;
    sort_unique(below);
    heaps_.push_back(intern(below));
  }
  return heaps_[n];
}

form_id misere_forms::sum(form_id g, form_id h) {
  node(g), node(h);
  if (g > h) std::swap(g, h);
  if (g == zero()) return h;
  const std::uint64_t key = std::uint64_t(g) << 32 | h;
  if (const auto it = sums_.find(key); it != sums_.end()) return it->second;
  std::vector<form_id> result;
  const std::vector<form_id> gs(options(g).begin(), options(g).end());
  const std::vector<form_id> hs(options(h).begin(), options(h).end());
  for (const form_id g1 : gs) result.push_back(sum(g1, h));
  for (const form_id h1 : hs) result.push_back(sum(g, h1));
  sort_unique(result);
  const form_id s = intern(result);
  count_bytes(bytes_per_sum);
  sums_.emplace(key, s);
  return s;
}

form_id misere_forms::simplest(form_id g) {
  if (node(g).simplest != empty_slot) return nodes_[g].simplest;
  std::vector<form_id> simplified;
  const std::vector<form_id> own(options(g).begin(), options(g).end());
  for (const form_id o : own) simplified.push_back(simplest(o));
  const form_id s = simplify(std::move(simplified));
  nodes_[g].simplest = s;
  return s;
}

// Bypasses reversible options until none is left; each bypass puts options of smaller height
// in place of one, so this ends.
form_id misere_forms::simplify(std::vector<form_id> options) {
  for (;;) {
    sort_unique(options);
    if (options.empty()) return zero();
    equality_with_game test(*this, options);
    if (test.equals(zero())) return zero();
    const auto [reversible, through] = test.reversible_option();
    if (reversible == empty_slot) break;
    options.erase(std::find(options.begin(), options.end(), reversible));
    const auto replacement = this->options(through);
    options.insert(options.end(), replacement.begin(), replacement.end());
  }
  const form_id s = intern(options);
  nodes_[s].simplest = s;
  return s;
}

bool misere_forms::linked(form_id g, form_id h) {
  g = simplest(g), h = simplest(h);
  return !contains(options(h), g) && !contains(options(g), h);
}

std::vector<form_id> misere_forms::born_by(unsigned day) {
  if (day > 4)
    throw game_size_error("the games born by day " + std::to_string(day) +
                          " are too many to list (day 5 alone: 4171780)");
  std::vector<form_id> games{zero()};
  for (unsigned d = 1; d <= day; ++d) {
    const std::vector<form_id> before = games;
    for (std::uint64_t mask = 0; mask < (std::uint64_t(1) << before.size()); ++mask) {
      std::vector<form_id> subset;
      for (std::size_t i = 0; i < before.size(); ++i)
        if (mask >> i & 1) subset.push_back(before[i]);
      games.push_back(simplify(std::move(subset)));
    }
    sort_unique(games);
  }
  std::stable_sort(games.begin(), games.end(), [&](form_id a, form_id b) { return height(a) < height(b); });
  return games;
}

std::uint64_t misere_forms::count_born_by_day_5() {
  const std::vector<form_id> day4 = born_by(4);
  std::uint64_t count = 0;
  std::vector<form_id> subset;
  for (std::uint64_t mask = 0; mask < (std::uint64_t(1) << day4.size()); ++mask) {
    subset.clear();
    for (std::size_t i = 0; i < day4.size(); ++i)
      if (mask >> i & 1) subset.push_back(day4[i]);
    sort_unique(subset);
    if (subset.empty()) {
      ++count;
      continue;
    }
    equality_with_game test(*this, subset);
    count += !test.equals(zero()) && test.reversible_option().first == empty_slot;
  }
  return count;
}

}  // namespace nimber::games
