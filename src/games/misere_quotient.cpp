#include "nimber/games/misere_quotient.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

#include "games/misere_quotient_search.hpp"
#include "games/misere_quotient_state.hpp"
#include "nimber/games/error.hpp"

namespace nimber::games {

using namespace quotient_detail;

// Builds the quotient heap by heap (see the header): the quotient of the heaps below n, the
// class of each, and each heap's image with its options' images there.
class quotient_builder {
 public:
  quotient_builder(const heap_game& game, std::uint64_t max_heap, const quotient_options& options)
      : game_(game), max_heap_(max_heap), options_(options) {
    phi_.push_back(0);
    current_.push_back({0, {}});
  }

  misere_quotient run() {
    const std::uint64_t start = options_.known.empty() ? 1 : restore(load_state(options_.known, max_heap_)) + 1;
    const auto state = [this] { return save_state(q_, phi_, changes_); };
    for (std::uint64_t n = start; n <= max_heap_; ++n) {
      try {
        stop_point();
        if (!pretends(n)) extend(n);
      } catch (const stop_request&) {
        if (options_.checkpoint) options_.checkpoint(n - 1, state);
        break;
      }
      if (options_.progress) options_.progress(n, max_heap_);
      if (options_.checkpoint && !options_.checkpoint(n, state)) break;
    }
    return finish();
  }

 private:
  // Thrown where a stop is asked for: between trial quotients the builder's state is still
  // that of the heaps completed.
  struct stop_request {};
  void stop_point() const {
    if (options_.stop_requested && options_.stop_requested()) throw stop_request{};
  }

  // The sorted distinct images of heap n's options, each the product of its heaps' images.
  template <class Product>
  std::vector<std::uint32_t> option_images(std::uint64_t n, const std::vector<std::uint32_t>& image,
                                           const Product& product) const {
    std::vector<std::uint32_t> result;
    game_.for_each_option(n, [&](std::span<const std::uint64_t> heaps) {
      std::uint32_t x = 0;
      for (const std::uint64_t h : heaps) x = product(x, image[h]);
      result.push_back(x);
    });
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

  // Takes up a saved run after its last heap, which it returns: the images of the heaps and
  // of their options follow from the quotient and the pretending function, as extend() finds
  // them.
  std::uint64_t restore(saved_state s) {
    q_ = std::move(s.q);
    phi_ = std::move(s.phi);
    changes_ = std::move(s.changes);
    heap_images_from_phi();
    return phi_.size() - 1;
  }

  void heap_images_from_phi() {
    current_.clear();
    for (std::uint64_t h = 0; h < phi_.size(); ++h)
      current_.push_back({phi_[h], h == 0 ? std::vector<std::uint32_t>{} : option_images(h, phi_, q_)});
  }

  // A candidate costs about 80 bytes an element in the marking search (marks, best positions,
  // option images), the reduction and its own digits; the marking's table of products by the
  // letters adds 4 a letter, which it checks itself.
  std::uint64_t max_elements() const { return std::max<std::uint64_t>(options_.max_bytes / 80, 1); }

  // Whether heap n pretends to an element a of the present quotient (which then stays the
  // quotient): a is marked as heap n's options require, every product b a in the P-portion
  // leaves b's moves to b O(n) out of it, and the search over states passes.
  bool pretends(std::uint64_t n) {
    const std::vector<std::uint32_t> opts = option_images(n, phi_, q_);
    if (opts.empty()) {  // no move: heap n is the game 0
      phi_.push_back(0);
      current_.push_back({0, {}});
      return true;
    }
    const bool is_p = std::ranges::none_of(opts, [&](std::uint32_t o) { return q_.marked[o]; });
    // Heap n's image goes on the list for the trials and comes off again unless one passes
    // (a throw included): the list is not copied, which would cost O(n) a heap.
    current_.push_back({0, opts});
    struct undo {
      std::vector<heap_image>& images;
      bool kept = false;
      ~undo() {
        if (!kept) images.pop_back();
      }
    } trial_image{current_};
    for (std::uint32_t a = 0; a < q_.size; ++a) {
      if (q_.marked[a] != is_p || !moves_agree(a, opts)) continue;
      stop_point();
      current_.back().element = a;
      if (verify_with_heap(q_, current_, cache_, options_.max_bytes)) {
        phi_.push_back(a);
        trial_image.kept = true;
        return true;
      }
    }
    return false;
  }

  bool moves_agree(std::uint32_t a, const std::vector<std::uint32_t>& opts) const {
    for (std::uint32_t b = 0; b < q_.size; ++b)
      if (q_.marked[q_(b, a)])
        for (const std::uint32_t o : opts)
          if (q_.marked[q_(b, o)]) return false;
    return true;
  }

  // Heaps given free generators, each with its cyclic part.
  using freed_heaps = std::vector<std::pair<std::uint64_t, cyclic_part>>;

  // A trial quotient: a marked monoid, each heap's image with its options' images, and the
  // positions that marked its elements.
  struct trial {
    table_monoid q;
    std::vector<heap_image> images;
    marking marked;
    freed_heaps freed;  // the heaps the trial before it freed to make it
  };

  // A candidate: `base` times a free cyclic generator for each heap in `freed` (the other
  // heaps keep their images in base), with each heap's image and its options' images in it.
  struct candidate {
    candidate_monoid m;
    std::vector<heap_image> images;
  };
  candidate make_candidate(const table_monoid& base, std::span<const heap_image> base_images,
                           const freed_heaps& freed, std::uint64_t n) const {
    std::vector<cyclic_part> parts;
    for (const auto& f : freed) parts.push_back(f.second);
    candidate c{candidate_monoid(base, parts, max_elements()), {}};
    std::vector<std::uint32_t> image;
    for (std::uint64_t h = 0; h <= n; ++h) image.push_back(h < base_images.size() ? base_images[h].element : 0);
    for (std::size_t i = 0; i < freed.size(); ++i) image[freed[i].first] = c.m.generator(i);
    const auto product = [&c](std::uint32_t x, std::uint32_t y) { return c.m.product(x, y); };
    for (std::uint64_t h = 0; h <= n; ++h) c.images.push_back({image[h], option_images(h, image, product)});
    return c;
  }

  // The trial of a candidate, given the search's marks of it: reduced, and marked again by its
  // own positions.
  trial make_trial(const candidate& c, const marking& first) const {
    reduction red = reduce(first, c.images, options_.max_bytes);
    trial t{std::move(red.quotient), {}, {}, {}};
    for (std::uint64_t h = 0; h < c.images.size(); ++h)
      t.images.push_back({red.classes[h], option_images(h, red.classes, t.q)});
    t.marked = mark_elements(candidate_monoid(t.q, {}, max_elements()), t.images, options_.max_bytes);
    for (std::uint32_t x = 0; x < t.q.size; ++x) t.q.marked[x] = t.marked.marks[x] == 1;
    return t;
  }

  // The quotient changes at heap n: the first trial gives heap n a free generator over the
  // quotient so far; while the search finds a position contradicting the trial, the next
  // trial frees heaps of the two positions the trial confuses, fewest first, until one tells
  // them apart. A change mostly frees the heaps that the change before it freed, in nearly
  // the same order (4.07 at heap 29: 14, 18, 22, 26, 20, 24, 16, 12, ...; at 27: 14, 18, 22,
  // 20, 24, 16, 12, ...): once the first two heaps it frees are both among those, the rest
  // of those are freed too (replay), with no check between them. The check after them decides
  // as before: the quotient found does not depend on the trials taken.
  void extend(std::uint64_t n) {
    std::vector<heap_image> images = current_;
    images.push_back({0, {}});
    const candidate first = make_candidate(q_, images, {{n, cyclic_part{2, 2}}}, n);
    trial t = make_trial(first, mark_elements(first.m, first.images, options_.max_bytes));
    freed_heaps frees;
    bool foreseen = !last_frees_.empty();  // whether the last change freed every heap freed so far
    for (std::uint64_t round = 0;; ++round) {
      stop_point();
      const verdict v = verify(t.q, t.images, t.marked, options_.max_bytes);
      if (v.passed) break;
      if (round >= max_rounds)
        throw game_size_error("no quotient found at heap " + std::to_string(n) + " within " +
                              std::to_string(max_rounds) + " trials");
      t = recalibrate(t, v, n);
      frees.insert(frees.end(), t.freed.begin(), t.freed.end());
      foreseen = foreseen && t.freed.size() == 1 && find_heap(last_frees_, t.freed[0].first);
      if (foreseen && frees.size() == 2) {
        t = replay(std::move(t), n, frees);
        foreseen = false;
      }
    }
    last_frees_.clear();
    for (const auto& [h, part] : frees)
      if (cyclic_part* p = find_heap(last_frees_, h)) p->index = std::max(p->index, part.index);
      else last_frees_.push_back({h, part});
    cache_.clear();
    reduction final = reduce(t.marked, t.images, options_.max_bytes);
    q_ = std::move(final.quotient);
    phi_ = std::move(final.classes);
    heap_images_from_phi();
    changes_.push_back({n, q_.size, static_cast<std::uint32_t>(std::ranges::count(q_.marked, true))});
  }
  static constexpr std::uint64_t max_rounds = 100000;

  // Heap h's cyclic part in `freed`, or null.
  template <class Heaps>
  static auto find_heap(Heaps& freed, std::uint64_t h) -> decltype(&freed.front().second) {
    const auto at = std::ranges::find(freed, h, &std::pair<std::uint64_t, cyclic_part>::first);
    return at == freed.end() ? nullptr : &at->second;
  }

  // The heaps the last change freed and this one has not, freed in the last change's order
  // from trial t, each with an index one past the last change's (a heap needs more of its
  // powers as the heaps grow: heap 3 of 4.07 takes index 11 at heap 27, 12 at 29). A
  // candidate past the memory budget ends the replay; the trials go on from the last one made.
  trial replay(trial t, std::uint64_t n, freed_heaps& frees) const {
    for (const auto& [h, last] : last_frees_) {
      if (find_heap(frees, h)) continue;
      stop_point();
      const cyclic_part part = free_part(t.q, t.images[h].element, last.index + 1);
      try {
        const candidate c = make_candidate(t.q, t.images, {{h, part}}, n);
        t = make_trial(c, mark_elements(c.m, c.images, options_.max_bytes));
      } catch (const game_size_error&) {
        break;
      }
      frees.push_back({h, part});
    }
    return t;
  }

  // The element of position w, given the monoid's product and the heaps' images.
  template <class Product>
  static std::uint32_t element_of(const Product& product, std::span<const heap_image> images, const heap_word& w) {
    std::uint32_t x = 0;
    for (std::size_t h = 0; h < w.size(); ++h)
      for (std::uint32_t i = 0; i < w[h]; ++i) x = product(x, images[h].element);
    return x;
  }
  static std::uint32_t element_of(const trial& t, const heap_word& w) { return element_of(t.q, t.images, w); }

  // The index and period of x's powers.
  static cyclic_part powers(const table_monoid& q, std::uint32_t x) {
    std::map<std::uint32_t, std::uint32_t> seen;
    std::uint32_t y = 0;
    for (std::uint32_t e = 0;; ++e, y = q(y, x))
      if (const auto [it, added] = seen.emplace(y, e); !added) return {it->second, e - it->second};
  }

  // The cyclic part of a free generator for a heap of image x: x's powers, with an index of at
  // least `index` and an even period.
  static cyclic_part free_part(const table_monoid& q, std::uint32_t x, std::uint32_t index) {
    const cyclic_part p = powers(q, x);
    return {std::max(p.index, index), p.period % 2 ? 2 * p.period : p.period};
  }

  // The next trial: the failing position w and the agreeing one u share an element of t but
  // not an outcome. Heaps of u and w get free generators, one heap, then two, then three,
  // each as long as t's power of its image and the counts in u and w need, until the trial
  // gives u and w their outcomes.
  trial recalibrate(const trial& t, const verdict& v, std::uint64_t n) const {
    const bool w_is_p = !t.q.marked[element_of(t, v.failure)];
    std::vector<std::uint64_t> involved;
    for (std::uint64_t h = n + 1; h-- > 1;)
      if (v.failure[h] || v.agreeing[h]) involved.push_back(h);
    freed_heaps freed;
    const auto fixes = [&](const trial& next) {
      return next.q.marked[element_of(next, v.failure)] == w_is_p &&
             next.q.marked[element_of(next, v.agreeing)] != w_is_p;
    };
    const auto part_for = [&](std::uint64_t h) {
      return free_part(t.q, t.images[h].element, std::max(v.failure[h], v.agreeing[h]));
    };
    // A candidate cannot tell u and w apart when each freed heap has as many copies in both
    // and the rest of u and w are one element of t: their images in it are then one element.
    const auto confuses = [&](const freed_heaps& f) {
      heap_word rest_w = v.failure, rest_u = v.agreeing;
      for (const auto& freed_heap : f) {
        const std::uint64_t h = freed_heap.first;
        if (rest_w[h] != rest_u[h]) return false;
        rest_w[h] = rest_u[h] = 0;
      }
      return element_of(t, rest_w) == element_of(t, rest_u);
    };
    // The screen: the candidate's own marks of w and u. The trial gives them the same marks
    // (the reduction keeps marked and unmarked apart) unless two positions with as many heaps
    // and tokens reach one of its elements and its marks tell them apart; so where the screen
    // rejects every candidate, the trials are made again without it. The quotient found does
    // not depend on the trials taken: the check decides it.
    const auto passes_screen = [&](const candidate& c, const marking& marks) {
      const auto product = [&c](std::uint32_t x, std::uint32_t y) { return c.m.product(x, y); };
      const std::uint32_t x_w = element_of(product, c.images, v.failure);
      const std::uint32_t x_u = element_of(product, c.images, v.agreeing);
      return (marks.marks[x_w] == 1) == w_is_p && (marks.marks[x_u] == 1) != w_is_p;
    };
    for (const bool screened : {true, false})
      for (std::size_t size = 1; size <= std::min<std::size_t>(3, involved.size()); ++size) {
        std::vector<bool> pick(involved.size(), false);
        std::fill(pick.begin(), pick.begin() + size, true);
        do {
          freed.clear();
          for (std::size_t i = 0; i < involved.size(); ++i)
            if (pick[i]) freed.push_back({involved[i], part_for(involved[i])});
          if (confuses(freed)) continue;
          stop_point();
          const candidate c = make_candidate(t.q, t.images, freed, n);
          const marking marks = mark_elements(c.m, c.images, options_.max_bytes);
          if (screened && !passes_screen(c, marks)) continue;
          trial next = make_trial(c, marks);
          next.freed = freed;
          if (fixes(next)) return next;
        } while (std::prev_permutation(pick.begin(), pick.end()));
      }
    throw game_size_error("no trial quotient at heap " + std::to_string(n) + " tells apart two positions it confuses");
  }

  misere_quotient finish();

  const heap_game& game_;
  std::uint64_t max_heap_;
  const quotient_options& options_;
  table_monoid q_;
  std::vector<std::uint32_t> phi_;
  std::vector<heap_image> current_;
  std::vector<quotient_change> changes_;
  state_cache cache_;  // the states of the present quotient, for pretends()
  freed_heaps last_frees_;  // the last change's, each heap once, in order, with its largest index
};

namespace {

// Words of one degree compared as the presentation orders them: larger powers of earlier
// generators first.
bool earlier(const quotient_word& a, const quotient_word& b) {
  for (std::size_t i = 0; i < a.exponents.size(); ++i)
    if (a.exponents[i] != b.exponents[i]) return a.exponents[i] > b.exponents[i];
  return false;
}

struct presentation {
  std::vector<quotient_word> normal_forms;
  std::vector<quotient_relation> relations;
};

// Normal forms degree by degree: a word of degree d + 1 all of whose divisors are normal
// forms is the normal form of its element when it is the first word found for it, otherwise
// a relation's left side.
presentation present(const table_monoid& q, const std::vector<std::uint32_t>& gens) {
  const std::size_t k = gens.size();
  presentation p;
  p.normal_forms.assign(q.size, {});
  std::vector<bool> found(q.size, false);
  found[0] = true;
  p.normal_forms[0].exponents.assign(k, 0);
  std::vector<std::pair<quotient_word, std::uint32_t>> level{{p.normal_forms[0], 0}};
  while (!level.empty()) {
    std::set<std::vector<std::uint32_t>> normal;
    for (const auto& [w, x] : level) normal.insert(w.exponents);
    std::vector<std::pair<quotient_word, std::uint32_t>> next;
    for (const auto& [w, x] : level) {
      std::size_t last = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (w.exponents[i]) last = i;
      for (std::size_t j = last; j < k; ++j) {
        quotient_word v = w;
        ++v.exponents[j];
        bool divisors_normal = true;
        for (std::size_t i = 0; i < k && divisors_normal; ++i) {
          if (!v.exponents[i] || i == j) continue;
          std::vector<std::uint32_t> d = v.exponents;
          --d[i];
          divisors_normal = normal.count(d) > 0;
        }
        if (divisors_normal) next.push_back({std::move(v), q(x, gens[j])});
      }
    }
    std::sort(next.begin(), next.end(), [](const auto& a, const auto& b) { return earlier(a.first, b.first); });
    level.clear();
    for (auto& [v, x] : next) {
      if (found[x]) {
        p.relations.push_back({v, p.normal_forms[x]});
      } else {
        found[x] = true;
        p.normal_forms[x] = v;
        level.push_back({v, x});
      }
    }
  }
  return p;
}

}  // namespace

misere_quotient quotient_builder::finish() {
  misere_quotient r;
  r.game_ = game_;
  r.order_ = q_.size;
  r.table_ = q_.table;
  r.p_ = q_.marked;
  r.pretending_ = phi_;
  r.changes_ = changes_;
  r.period_ = prove_quotient_period(game_, phi_);
  // Generators: the heaps whose class the heaps below them do not generate.
  const std::span<const std::uint32_t> heaps = std::span(phi_).subspan(1);
  std::vector<std::uint32_t> gens;
  for (const std::size_t i : independent_generators(q_.size, heaps, [&](std::uint32_t x, std::size_t g) {
         return q_(x, heaps[g]);
       })) {
    gens.push_back(heaps[i]);
    r.generator_heaps_.push_back(i + 1);
  }
  presentation p = present(q_, gens);
  r.normal_forms_ = std::move(p.normal_forms);
  r.relations_ = std::move(p.relations);
  return r;
}

misere_quotient misere_quotient::compute(const heap_game& game, std::uint64_t max_heap,
                                         const quotient_options& options) {
  if (max_heap > max_heap_bound)
    throw game_argument_error("misere_quotient: a heap bound above " + std::to_string(max_heap_bound));
  return quotient_builder(game, max_heap, options).run();
}

std::uint32_t misere_quotient::p_portion() const noexcept {
  return static_cast<std::uint32_t>(std::ranges::count(p_, true));
}

quotient_element misere_quotient::check(quotient_element x) const {
  if (x >= order_) throw game_argument_error("misere_quotient: no element " + std::to_string(x));
  return x;
}

quotient_element misere_quotient::element_of(std::span<const std::uint64_t> heaps) const {
  quotient_element x = 0;
  for (const std::uint64_t h : heaps) x = table_[std::size_t(x) * order_ + heap_class(h)];
  return x;
}

std::vector<heap_move> misere_quotient::winning_moves(std::span<const std::uint64_t> heaps) const {
  element_of(heaps);  // checks the sizes
  std::vector<heap_move> moves;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    quotient_element rest = 0;
    for (std::size_t j = 0; j < heaps.size(); ++j)
      if (j != i) rest = product(rest, heap_class(heaps[j]));
    game_.for_each_option(heaps[i], [&](std::span<const std::uint64_t> leaves) {
      quotient_element x = rest;
      for (const std::uint64_t h : leaves) x = product(x, heap_class(h));
      if (p_[x]) moves.push_back({i, std::vector<std::uint64_t>(leaves.begin(), leaves.end())});
    });
  }
  return moves;
}

std::optional<heap_move> misere_quotient::winning_move(std::span<const std::uint64_t> heaps) const {
  std::vector<heap_move> moves = winning_moves(heaps);
  if (moves.empty()) return std::nullopt;
  return std::move(moves.front());
}

std::string generator_name(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  std::string name = "g";
  name += std::to_string(i + 1);
  return name;
}

std::string to_string(const quotient_word& w) {
  std::string s;
  for (std::size_t i = 0; i < w.exponents.size(); ++i) {
    if (!w.exponents[i]) continue;
    s += generator_name(i);
    if (w.exponents[i] > 1) {
      s += '^';
      s += std::to_string(w.exponents[i]);
    }
  }
  return s.empty() ? "1" : s;
}

}  // namespace nimber::games
