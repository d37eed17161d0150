// Game files and heap-game codes on arbitrary bytes (the first byte picks which): parsing never
// crashes and fails only with parse_error, and whatever parses is checked by a second method:
// retrograde outcomes against the generalised Sprague-Grundy values, mex values against them
// on positions from which play ends, the text format round trip, and every Grundy-sequence
// engine against the definition.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"

namespace {

namespace ng = nimber::games;

void check(bool ok) {
  if (!ok) std::abort();
}

// Skips texts naming a number above `limit` anywhere, so that a header like "4000000000 0"
// does not make the fuzzer allocate gigabytes (the parser accepts it, as it should).
bool numbers_below(std::string_view text, std::uint64_t limit) {
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data() + i, text.data() + j, v);
    if (ec != std::errc{} || v > limit) return false;
    i = j;
  }
  return true;
}

void game_file(std::string_view text) {
  if (!numbers_below(text, 2000)) return;
  ng::game_graph g;
  try {
    g = ng::read_game_graph(text);
  } catch (const ng::parse_error&) {
    return;
  }
  const auto outcome = ng::outcomes(g);
  const auto mex = ng::grundy_values(g);
  const ng::generalized_sg gamma = ng::generalized_grundy(g);
  for (ng::position u = 0; u < g.size(); ++u) {
    check(gamma.outcome_of(u) == outcome[u]);
    if (mex[u] != ng::loopy) check(gamma.value[u] == mex[u]);
  }
  const ng::game_graph again = ng::read_game_graph(ng::write_game_graph(g));
  check(again.size() == g.size());
  check(std::equal(again.first().begin(), again.first().end(), g.first().begin()));
  check(std::equal(again.targets().begin(), again.targets().end(), g.targets().begin()));
}

void heap_code(std::string_view text) {
  ng::heap_game game;
  try {
    game = ng::heap_game::from_string(text);
  } catch (const ng::parse_error&) {
    return;
  }
  // Three-heap moves cost O(n^2) options a term: fewer terms for them.
  const bool three_heaps = !game.is_octal() && game.type() == ng::heap_game::kind::take_break &&
                           game.progressions().empty();
  const std::uint64_t terms = three_heaps ? 40 : 300;
  const auto reference = ng::grundy_values_naive(game, terms);
  using method = ng::sequence_options::method;
  for (method m : {method::naive, method::sparse, method::automatic}) {
    ng::sequence_options options;
    options.use_period = m == method::automatic;  // a proved period must also hold
    options.engine = m;
    check(ng::grundy_sequence_of(game, terms, options).values == reference);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) heap_code(text);
  else game_file(text);
  return 0;
}
