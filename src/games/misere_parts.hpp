// The searches behind subtract and even_parts (nimber/games/misere_forms.hpp), memoised for
// the life of one finder so that classes() of many games shares the differences it finds.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include "nimber/games/misere_forms.hpp"

namespace nimber::games {

class parts_finder {
 public:
  explicit parts_finder(misere_forms& store) : store_(store) {}

  // G - H for simplest forms g, h: its simplest form, or nullopt when H is no part of G.
  std::optional<form_id> subtract(form_id g, form_id h);
  // The even parts of a simplest form g, sorted by birthday then id.
  const std::vector<form_id>& even_parts(form_id g);
  // The even one of the simplest form g and g + *.
  form_id even(form_id g);
  // Whether every option of the simplest form g is a part of it (extraverted).
  bool extraverted(form_id g);
  // Whether the simplest form g is prime: not 0 or *, and its even parts only 0 and even(g).
  bool prime(form_id g);

 private:
  bool sums_to(form_id g, form_id h, form_id x);
  std::optional<form_id> difference(form_id g, form_id h);
  std::optional<form_id> among_differences(form_id g, form_id h, const std::vector<form_id>& gs,
                                           const std::vector<form_id>& hs);
  std::optional<form_id> search(form_id g, form_id h, const std::vector<form_id>& forced,
                                const std::vector<form_id>& optional);

  misere_forms& store_;
  std::map<std::uint64_t, std::optional<form_id>> differences_;  // (g << 32 | h) -> G - H
  std::unordered_map<form_id, std::vector<form_id>> parts_;      // node-based: references stay valid
};

}  // namespace nimber::games
