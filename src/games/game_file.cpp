// The game-file text format (game_file.hpp): a line tokenizer that skips comments and blank
// lines, the reader with its error messages, and the writer.
#include "nimber/games/game_file.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <vector>

namespace nimber::games {

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
  // Where the text ran out: the line after its last one.
  std::string end_where() const { return "line " + std::to_string(line_number_ + 1); }

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

// The header line "N M", read from `in`.
game_file_header read_header(line_reader& in) {
  if (!in.next_line()) throw parse_error::at_end_of_input(in.end_where(), "the header 'N M' (positions, moves)");
  game_file_header h;
  const std::string_view tn = in.token();
  if (!parse_decimal(tn, h.positions) || h.positions >= (std::uint64_t(1) << 32))
    throw parse_error(in.where(), std::string(tn), "the number of positions N (decimal, below 2^32)");
  const std::string_view tm = in.token();
  if (!parse_decimal(tm, h.moves))
    throw parse_error(in.where(), std::string(tm), "the number of moves M (decimal)");
  if (const std::string_view extra = in.token(); !extra.empty())
    throw parse_error(in.where(), std::string(extra), "end of line after the header 'N M'");
  return h;
}

}  // namespace

game_file_header read_game_header(std::string_view text) {
  line_reader in(text);
  return read_header(in);
}

std::uint64_t game_memory_bytes(const game_file_header& h) noexcept {
  // The graph (an offset per position, a target per move), its reverse for the retrograde
  // solvers (the same again), their work arrays (a count and a value per position) and the
  // output (up to ~24 bytes a position in CSV or JSON): about 56 bytes a position, 8 a move.
  return 56 * h.positions + 8 * h.moves;
}

game_graph read_game_graph(std::string_view text) {
  line_reader in(text);
  const auto [n, m] = read_header(in);

  // Every move line takes at least 4 bytes ("u v\n"), which bounds what a header can reserve.
  std::vector<position> from, to;
  from.reserve(std::min<std::uint64_t>(m, text.size() / 4 + 1));
  to.reserve(from.capacity());
  const std::string range = "a position number below N = " + std::to_string(n);
  for (std::uint64_t i = 0; i < m; ++i) {
    if (!in.next_line())
      throw parse_error::at_end_of_input(in.end_where(),
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
