// The classes of misère games that CGSuite names (nimber/games/misere_forms.hpp): tame,
// generally tame, tameable, restive, generally restive, restless, half-tame, even; extraverted, introverted and prime come
// from the theory of parts (misere_parts.cpp). Each is found on the simplest form, whose
// options are simplest forms too, by one recursion that carries G+, G- and the game's phylum;
// an odd game takes the phylum of its even twin G + *, which is born earlier, so the recursion
// goes down in birthday.
#include <string>
#include <unordered_map>
#include <vector>

#include "mex_set.hpp"
#include "misere_parts.hpp"
#include "nimber/games/misere_forms.hpp"

namespace nimber::games {

namespace {

// Dan Hoey's phyla as CGSuite computes them (Phylum and MisereCanonicalGameOps in its source):
// tame is hereditarily tame (nim heaps included), generally_tame reversibly tame, restive and
// generally_restive hereditarily and reversibly restive.
enum class phylum : std::uint8_t { tame, generally_tame, tameable, restive, generally_restive, restless, other };

struct form_info {
  std::uint32_t plus = 0, minus = 1;  // G+ and G-
  phylum kind = phylum::tame;
  bool even = true;
};

bool tame_pair(std::uint32_t plus, std::uint32_t minus) noexcept { return plus == minus || (plus | minus) <= 1; }
bool generally_tame(phylum p) noexcept { return p == phylum::tame || p == phylum::generally_tame; }
bool tameable(phylum p) noexcept { return generally_tame(p) || p == phylum::tameable; }
bool restive_or_tame(phylum p) noexcept {
  return generally_tame(p) || p == phylum::restive || p == phylum::generally_restive;
}

class classifier {
 public:
  explicit classifier(misere_forms& store) : store_(store) {}

  // g must be a simplest form: its options then are simplest forms too.
  const form_info& info(form_id g) {
    if (const auto it = known_.find(g); it != known_.end()) return it->second;
    const std::vector<form_id> options(store_.options(g).begin(), store_.options(g).end());
    std::vector<form_info> of;
    for (const form_id o : options) of.push_back(info(o));
    form_info r;
    if (!options.empty()) {
      mex_set plus, minus;
      for (const form_info& o : of) plus.add(o.plus), minus.add(o.minus);
      r.plus = plus.mex(), r.minus = minus.mex();
    }
    // The phylum is that of the even one of G and G + * (born first), as in CGSuite, which
    // keeps one record for both: G + * has G itself among its options, so the option-wise
    // definitions read on the odd one would see G's own class there.
    const form_id twin = store_.simplest(store_.sum(g, store_.nim_heap(1)));
    r.even = store_.height(g) < store_.height(twin);
    r.kind = r.even ? kind(options, of, r.plus, r.minus) : info(twin).kind;
    return known_.emplace(g, r).first->second;
  }

 private:
  phylum kind(const std::vector<form_id>& options, const std::vector<form_info>& of, std::uint32_t plus,
              std::uint32_t minus) {
    bool all_tame = true, all_generally_tame = true;
    for (const form_info& o : of) {
      all_tame = all_tame && o.kind == phylum::tame;
      all_generally_tame = all_generally_tame && generally_tame(o.kind);
    }
    const bool tame_values = tame_pair(plus, minus);
    const bool restive_values = !tame_values && plus <= 1;
    if (all_tame && tame_values) return phylum::tame;
    if (all_tame && restive_values) return phylum::restive;
    if (all_generally_tame && tame_values) return phylum::generally_tame;
    if (all_generally_tame && restive_values) return phylum::generally_restive;
    if (all_generally_tame && minus <= 1) return phylum::restless;
    if (tame_values || restive_values) return wild_options(options, of, plus, minus, tame_values);
    return phylum::other;
  }

  // A game of tame or restive values with an option that is not generally tame, in the phylum
  // its options' reversals allow. Every such option must reverse to both of G's values through
  // options of its own (generally tame ones for a tame G; restive or tame ones, with a value
  // the pair allows, for a restive G), and the generally tame options alone must give G's
  // values: then G is generally tame or generally restive. Failing that, a tame G is tameable
  // when each such option is tameable itself or reverses through tameable options, and the
  // generally tame and tameable options together give G's values (or give no G+ at all while
  // G+ = 0); CGSuite counts a tameable option by the values of its even part.
  phylum wild_options(const std::vector<form_id>& options, const std::vector<form_info>& of, std::uint32_t plus,
                      std::uint32_t minus, bool tame_values) {
    bool reverses = true, tameable_reverses = tame_values;
    mex_set tame_plus, tame_minus;
    bool any_tame_plus = false;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> tameable_values;
    for (std::size_t i = 0; i < options.size() && (reverses || tameable_reverses); ++i) {
      const form_info& o = of[i];
      if (generally_tame(o.kind)) {
        tame_plus.add(o.plus), tame_minus.add(o.minus);
        any_tame_plus = true;
        continue;
      }
      bool to_plus = false, to_minus = false, tameable_plus = false, tameable_minus = false;
      if (tameable_reverses && o.kind == phylum::tameable) {
        const std::uint32_t odd = o.even ? 0 : 1;
        tameable_values.emplace_back(o.plus ^ odd, o.minus ^ odd);
        tameable_plus = tameable_minus = true;
      }
      for (const form_id second : store_.options(options[i])) {
        const form_info& j = info(second);
        if (tame_values && generally_tame(j.kind)) {
          to_plus = to_plus || j.plus == plus;
          to_minus = to_minus || j.minus == minus;
        } else if (!tame_values && reverses && restive_or_tame(j.kind)) {
          to_minus = to_minus || (j.minus == minus && (j.plus <= 1 || (j.plus ^ minus) <= 1));
          to_plus = to_plus || (j.plus == plus && (j.minus <= 1 || (j.minus ^ minus) <= 1));
        } else if (tameable_reverses && j.kind == phylum::tameable) {
          tameable_plus = tameable_plus || j.plus == plus;
          tameable_minus = tameable_minus || j.minus == minus;
        }
      }
      if (!(to_plus && to_minus)) {
        reverses = false;
        tameable_reverses = tameable_reverses && tameable_plus && tameable_minus;
      }
    }
    const bool tame_options_give_values = tame_plus.mex() == plus && tame_minus.mex() == minus;
    if (reverses && tame_options_give_values) return tame_values ? phylum::generally_tame : phylum::generally_restive;
    if (!tameable_reverses) return phylum::other;
    for (const auto& [p, m] : tameable_values) tame_plus.add(p), tame_minus.add(m), any_tame_plus = true;
    const bool gives_values = tame_plus.mex() == plus && tame_minus.mex() == minus;
    return gives_values || (!any_tame_plus && plus == 0) ? phylum::tameable : phylum::other;
  }

  misere_forms& store_;
  std::unordered_map<form_id, form_info> known_;  // node-based: references stay valid
};

}  // namespace

std::vector<misere_classes> classes(misere_forms& store, std::span<const form_id> games) {
  classifier c(store);
  parts_finder parts(store);
  std::vector<misere_classes> r;
  for (const form_id game : games) {
    const form_id g = store.simplest(game);
    const form_info& i = c.info(g);
    misere_classes k;
    k.tame = i.kind == phylum::tame;
    k.generally_tame = generally_tame(i.kind);
    k.tameable = tameable(i.kind);
    k.restive = i.kind == phylum::restive;
    k.generally_restive = i.kind == phylum::restive || i.kind == phylum::generally_restive;
    k.restless = i.kind == phylum::restless;
    if (!k.generally_tame) {
      const form_info& twice = c.info(store.simplest(store.sum(g, g)));
      k.half_tame = generally_tame(twice.kind) && twice.plus == 0 && twice.minus == 0;
    }
    k.even = i.even;
    k.extraverted = parts.extraverted(g);
    k.introverted = g == misere_forms::zero() || g == store.nim_heap(1);  // Conway's theorem
    k.prime = parts.prime(g);
    r.push_back(k);
  }
  return r;
}

misere_classes classes(misere_forms& store, form_id g) { return classes(store, {&g, 1}).front(); }

std::vector<bool> tame(misere_forms& store, std::span<const form_id> games) {
  classifier c(store);
  std::vector<bool> r;
  for (const form_id game : games) r.push_back(c.info(store.simplest(game)).kind == phylum::tame);
  return r;
}

namespace {

form_id mate_of(misere_forms& store, form_id g, std::unordered_map<form_id, form_id>& known) {
  if (g == misere_forms::zero()) return store.nim_heap(1);
  if (const auto it = known.find(g); it != known.end()) return it->second;
  const std::vector<form_id> options(store.options(g).begin(), store.options(g).end());
  std::vector<form_id> mates;
  for (const form_id o : options) mates.push_back(mate_of(store, o, known));
  return known[g] = store.simplest(store.game(std::move(mates)));
}

}  // namespace

form_id mate(misere_forms& store, form_id g) {
  std::unordered_map<form_id, form_id> known;
  return mate_of(store, store.simplest(g), known);
}

std::vector<std::string> class_names(const misere_classes& c) {
  std::vector<std::string> names;
  const auto add = [&names](bool holds, const char* name) {
    if (holds) names.emplace_back(name);
  };
  add(c.tame, "tame");
  add(c.generally_tame, "generally tame");
  add(c.tameable, "tameable");
  add(c.restive, "restive");
  add(c.generally_restive, "generally restive");
  add(c.restless, "restless");
  add(c.half_tame, "half-tame");
  names.emplace_back(c.even ? "even" : "odd");
  add(c.extraverted, "extraverted");
  add(c.introverted, "introverted");
  add(c.prime, "prime");
  return names;
}

std::string to_string(const misere_classes& c) {
  std::string s;
  for (const std::string& name : class_names(c)) s += (s.empty() ? "" : ", ") + name;
  return s;
}

bool tame_sum_next_player_wins(std::span<const misere_genus> genera) noexcept {
  std::uint32_t x = 0;
  bool all_fickle = true;
  for (const misere_genus& g : genera) {
    x ^= g.normal;
    all_fickle = all_fickle && fickle(g.normal, g.superscript.front());
  }
  return tame_sum_next_player_wins(x, all_fickle);
}

}  // namespace nimber::games
