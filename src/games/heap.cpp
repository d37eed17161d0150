// Heap games: the rules (take-and-break codes, subtraction sets, Grundy's game), their names
// and codes, and sums of heaps. The Grundy sequences are in grundy_sequence.cpp.
#include "nimber/games/heap.hpp"

#include <algorithm>
#include <charconv>

#include "nimber/text.hpp"

namespace nimber::games {

// ---- Rules ---------------------------------------------------------------------------------

heap_game heap_game::take_break(std::vector<std::uint8_t> digits) {
  if (digits.empty()) digits.push_back(0);
  for (std::uint8_t d : digits)
    if (d > 15) throw game_argument_error("take_break: a digit is above 15");
  if (digits[0] & 3) throw game_argument_error("take_break: d0 may only hold bits 2 and 3");
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  heap_game g;
  g.kind_ = kind::take_break;
  g.digits_ = std::move(digits);
  return g;
}

heap_game heap_game::subtraction(std::span<const std::uint32_t> set,
                                 std::span<const progression> progressions) {
  std::vector<std::uint8_t> digits(1, 0);
  for (std::uint32_t s : set) {
    if (s == 0) throw game_argument_error("subtraction: 0 is not a move");
    if (digits.size() <= s) digits.resize(std::size_t(s) + 1, 0);
    digits[s] = 3;  // take s from a heap of exactly s (bit 0) or from a larger one (bit 1)
  }
  heap_game g = take_break(std::move(digits));
  for (const progression& p : progressions)
    if (p.start == 0 || p.step == 0)
      throw game_argument_error("subtraction: a progression needs start and step >= 1");
  g.progressions_.assign(progressions.begin(), progressions.end());
  return g;
}

heap_game heap_game::grundys_game() {
  heap_game g;
  g.kind_ = kind::grundy;
  return g;
}

namespace {

constexpr std::size_t max_code_digits = std::size_t(1) << 16;

// The members after "subtraction:", comma-separated: s, or s+p for the progression s, s + p,
// s + 2p, ...
heap_game parse_subtraction(std::string_view rest) {
  std::vector<std::uint32_t> set;
  std::vector<progression> progressions;
  std::size_t index = 1;
  const auto number = [&](std::string_view t, std::string_view whole, const char* what) {
    std::uint32_t v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v, 10);
    if (t.empty() || ec != std::errc{} || end != t.data() + t.size() || v == 0 ||
        v >= max_code_digits)
      throw parse_error("subtraction set element " + std::to_string(index), std::string(whole),
                        std::string(what) + " from 1 to " + std::to_string(max_code_digits - 1));
    return v;
  };
  while (true) {
    const std::size_t comma = std::min(rest.find(','), rest.size());
    const std::string_view t = rest.substr(0, comma);
    const std::size_t plus = t.find('+');
    if (plus == std::string_view::npos) {
      set.push_back(number(t, t, "a decimal number s, or s+p for s, s+p, s+2p, ...,"));
    } else {
      const std::uint32_t start = number(t.substr(0, plus), t, "a decimal start s in s+p,");
      progressions.push_back({start, number(t.substr(plus + 1), t, "a decimal step p in s+p,")});
    }
    if (comma == rest.size()) break;
    rest.remove_prefix(comma + 1);
    ++index;
  }
  return heap_game::subtraction(set, progressions);
}

// The digits d0, d1, d2, ... of a code "d0.d1d2..." (".d1d2..." when d0 is 0).
std::vector<std::uint8_t> parse_code_digits(std::string_view spec) {
  const std::size_t dot = spec.find('.');
  if (dot == std::string_view::npos || dot > 1)
    throw parse_error("heap game", std::string(spec),
                      "an octal or hex code such as 0.07 or 4.07, subtraction:1,3,4 or grundy");
  std::vector<std::uint8_t> digits;
  if (dot == 0) {
    digits.push_back(0);
  } else {
    const int d0 = hex_digit_value(spec[0]);
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
    const int d = hex_digit_value(rest[k]);
    if (d < 0)
      throw parse_error("digit d" + std::to_string(k + 1), std::string(1, rest[k]),
                        "an octal or hex digit (0-9, a-f)");
    digits.push_back(std::uint8_t(d));
  }
  return digits;
}

}  // namespace

heap_game heap_game::from_string(std::string_view spec) {
  if (spec == "grundy") return grundys_game();
  constexpr std::string_view sub = "subtraction:";
  if (spec.substr(0, sub.size()) == sub) return parse_subtraction(spec.substr(sub.size()));
  return take_break(parse_code_digits(spec));
}

parse_result<heap_game> heap_game::parse(std::string_view spec) {
  if (spec.empty()) return {{}, parse_errc::empty};
  try {
    return {from_string(spec), parse_errc::ok};
  } catch (const games_error&) {  // parse_error, or game_argument_error from the digits
    return {{}, parse_errc::invalid_digit};
  }
}

std::string heap_game::name() const {
  if (kind_ == kind::grundy) return "grundy";
  if (!progressions_.empty()) {
    std::string s = "subtraction:";
    for (std::size_t k = 1; k < digits_.size(); ++k)
      if (digits_[k]) s += std::to_string(k) + ",";
    for (const progression& p : progressions_)
      s += std::to_string(p.start) + "+" + std::to_string(p.step) + ",";
    s.pop_back();
    return s;
  }
  std::string s(1, hex_digit_char(digits_[0]));
  s += '.';
  if (digits_.size() == 1) return s + "0";
  for (std::size_t k = 1; k < digits_.size(); ++k) s += hex_digit_char(digits_[k]);
  return s;
}

bool heap_game::is_octal() const noexcept {
  if (kind_ != kind::take_break || !progressions_.empty()) return false;
  return std::none_of(digits_.begin(), digits_.end(), [](std::uint8_t d) { return d & 8; });
}

std::uint32_t heap_game::max_removal() const noexcept {
  return kind_ == kind::grundy ? 0 : std::uint32_t(digits_.size() - 1);
}

bool heap_game::splits() const noexcept {
  if (kind_ == kind::grundy) return true;
  return std::any_of(digits_.begin(), digits_.end(), [](std::uint8_t d) { return d & 12; });
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

// The values up to the largest heap: every heap a move leaves is smaller.
std::vector<std::uint32_t> values_to_heaps(const packed_values& values, std::span<const std::uint64_t> heaps) {
  const std::uint64_t largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end()) + 1;
  return values.to_vector(std::min(largest, values.size()));
}

std::uint32_t heaps_value(const packed_values& values, std::span<const std::uint64_t> heaps) {
  std::uint32_t x = 0;
  for (std::uint64_t h : heaps) x ^= values[h];
  return x;
}

std::vector<heap_move> heaps_winning_moves(const heap_game& game, const packed_values& values,
                                           std::span<const std::uint64_t> heaps) {
  return heaps_winning_moves(game, values_to_heaps(values, heaps), heaps);
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
