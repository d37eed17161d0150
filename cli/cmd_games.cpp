// game outcome|grundy FILE, heap CODE --terms N, coins RULE POSITION: impartial games.
// The mathematics lives in the library (game_graph.hpp, heap_games.hpp, coin_turning.hpp);
// this file parses arguments, maps library parse errors onto input_error and formats output
// as text, CSV or JSON.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/games/coin_turning.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::cli {
namespace {

namespace ng = nimber::games;

void add_format_option(CLI::App* sub, std::string& format, const std::string& help) {
  sub->add_option("--format", format, help)
      ->check(CLI::IsMember(std::vector<std::string>{"text", "csv", "json"}));
}

// The comma-separated unsigned numbers of one argument ("" gives none).
std::vector<std::uint64_t> parse_list(const std::string& arg, std::size_t position,
                                      std::string_view expected) {
  std::vector<std::uint64_t> values;
  if (arg.empty()) return values;
  std::string_view rest = arg;
  while (true) {
    const std::size_t comma = std::min(rest.find(','), rest.size());
    const std::string_view t = rest.substr(0, comma);
    const auto r = parse_u64(t);
    if (!r) throw input_error(argument_where(position), t, expected);
    values.push_back(r.value);
    if (comma == rest.size()) break;
    rest.remove_prefix(comma + 1);
  }
  return values;
}

ng::game_graph load_graph(const std::string& path) {
  const std::string text =
      read_file_or_stdin(path, argument_where(1), path, "a readable game file ('-' for stdin)");
  try {
    return ng::read_game_graph(text);
  } catch (const ng::parse_error& e) {
    if (e.where() == "end of input") throw input_error("end of input: expected " + e.expected());
    if (e.token().empty()) throw input_error::at_end(e.where(), e.expected(), "end of line");
    throw input_error(e.where(), e.token(), e.expected());
  }
}

std::string join(const std::vector<std::uint64_t>& v, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += sep;
    s += std::to_string(v[i]);
  }
  return s;
}

// Progress on stderr, only once a run has taken two seconds, at most once a second.
class progress_meter {
 public:
  explicit progress_meter(std::string label) : label_(std::move(label)) {}
  ~progress_meter() {
    if (shown_) std::fputc('\n', stderr);
  }
  void operator()(std::uint64_t done, std::uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(2) || now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    shown_ = true;
    std::fprintf(stderr, "\r%s: %llu of %llu terms (%.0f%%)", label_.c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 100.0 * double(done) / double(total ? total : 1));
    std::fflush(stderr);
  }

 private:
  std::string label_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
  bool shown_ = false;
};

// ---- game ----------------------------------------------------------------------------------

void add_game_subcommands(CLI::App& app, context& ctx) {
  CLI::App* game = app.add_subcommand("game", "Impartial games given as graphs in a file");
  game->require_subcommand(1);
  game->footer(
      "File format (docs/games.md): a header line 'N M', then M lines 'u v', one move from\n"
      "position u to position v (0 <= u, v < N); '#' starts a comment. '-' reads stdin.");
  for (const bool grundy : {false, true}) {
    struct options {
      std::string file, format = "text", sum;
    };
    auto opt = std::make_shared<options>();
    CLI::App* sub = game->add_subcommand(
        grundy ? "grundy" : "outcome",
        grundy ? "Generalised Sprague-Grundy value of every position: the mex value, or inf{K} "
                 "where play can cycle (K: the finite values of its options)"
               : "win / lose / draw for every position, cycles included (retrograde analysis)");
    sub->add_option("FILE", opt->file, "Game file, or - for stdin")->required();
    if (grundy)
      sub->add_option("--sum", opt->sum,
                      "A sum of positions U1,U2,... (repeats allowed): its value, outcome and "
                      "winning moves");
    add_format_option(sub, opt->format,
                      grundy ? "text (default), csv (values only) or json" : "text (default), csv or json");
    sub->footer(grundy ? "A value is a number, or inf{K} (csv: inf{0 2}; json: {\"inf\":[0,2]}): the\n"
                         "position is won when 0 is in K, drawn otherwise (docs/games.md).\n"
                         "Examples:\n  nimber game grundy game.txt --format csv\n"
                         "  nimber game grundy game.txt --sum 0,3,3   # first winning move: a strategy"
                       : "Example:\n  nimber game outcome game.txt     # lines '<position> win|lose|draw'");
    sub->callback([&ctx, opt, grundy] {
      const ng::game_graph g = load_graph(opt->file);
      const bool json = opt->format == "json";
      std::vector<ng::position> sum;
      if (grundy && !opt->sum.empty()) {
        // The option's own name as `where`: the token is a position of the file's graph.
        const std::string expected =
            "position numbers U1,U2,... below N = " + std::to_string(g.size());
        std::string_view rest = opt->sum;
        while (true) {
          const std::size_t comma = std::min(rest.find(','), rest.size());
          const std::string_view t = rest.substr(0, comma);
          const auto r = parse_u64(t);
          if (!r || r.value >= g.size()) throw input_error("--sum", t, expected);
          sum.push_back(ng::position(r.value));
          if (comma == rest.size()) break;
          rest.remove_prefix(comma + 1);
        }
      }
      std::vector<std::string> cell(g.size());
      ng::generalized_sg gamma;
      // A generalised value as text ("inf{0,2}"), CSV ("inf{0 2}": no comma inside a field)
      // or JSON ({"inf":[0,2]}).
      const auto value_text = [&](std::uint32_t value, std::span<const std::uint32_t> k) {
        if (value != ng::infinite) return std::to_string(value);
        std::string s = json ? "{\"inf\":[" : "inf{";
        for (std::size_t i = 0; i < k.size(); ++i) {
          if (i) s += opt->format == "csv" ? " " : ",";
          s += std::to_string(k[i]);
        }
        return s + (json ? "]}" : "}");
      };
      if (grundy) {
        gamma = ng::generalized_grundy(g);
        for (std::size_t u = 0; u < g.size(); ++u)
          cell[u] = value_text(gamma.value[u], gamma.k(ng::position(u)));
      } else {
        const auto o = ng::outcomes(g);
        for (std::size_t u = 0; u < g.size(); ++u)
          cell[u] = json ? "\"" + std::string(ng::to_string(o[u])) + "\"" : ng::to_string(o[u]);
      }
      ng::loopy_sum total;
      std::vector<ng::sum_move> moves;
      if (!sum.empty()) {
        total = ng::sum_value(gamma, sum);
        moves = ng::sum_winning_moves(g, gamma, sum);
      }
      std::string& out = ctx.out;
      const char* key = grundy ? "grundy" : "outcome";
      if (json) {
        out = "{\"positions\":" + std::to_string(g.size()) + ",\"moves\":" +
              std::to_string(g.edge_count()) + ",\"" + key + "\":[";
        for (std::size_t u = 0; u < g.size(); ++u) out += (u ? "," : "") + cell[u];
        out += "]";
        if (!sum.empty()) {
          out += ",\"sum\":{\"positions\":[";
          for (std::size_t i = 0; i < sum.size(); ++i) out += (i ? "," : "") + std::to_string(sum[i]);
          out += "],\"value\":" + value_text(total.value, total.k) + ",\"outcome\":\"" +
                 ng::to_string(total.result) + "\",\"winning_moves\":[";
          for (std::size_t i = 0; i < moves.size(); ++i)
            out += std::string(i ? "," : "") + "{\"component\":" +
                   std::to_string(moves[i].component + 1) + ",\"from\":" +
                   std::to_string(sum[moves[i].component]) + ",\"to\":" +
                   std::to_string(moves[i].to) + "}";
          out += "]}";
        }
        out += "}\n";
        return;
      }
      if (opt->format == "csv") out = std::string("position,") + key + "\n";
      const char sep = opt->format == "csv" ? ',' : ' ';
      for (std::size_t u = 0; u < g.size(); ++u) {
        out += std::to_string(u);
        out += sep;
        out += cell[u];
        out += '\n';
      }
      if (sum.empty() || opt->format == "csv") return;
      for (std::size_t i = 0; i < sum.size(); ++i)
        out += (i ? " + " : "sum ") + std::to_string(sum[i]);
      out += ": value " + value_text(total.value, total.k) + " (" + ng::to_string(total.result) + ")\n";
      for (const auto& m : moves)
        out += "winning move: component " + std::to_string(m.component + 1) + ", " +
               std::to_string(sum[m.component]) + " -> " + std::to_string(m.to) + "\n";
    });
  }
}

// ---- heap ----------------------------------------------------------------------------------

void add_heap_command(CLI::App& app, context& ctx) {
  struct options {
    std::string code, terms, heaps, format = "text";
    bool period = false;
  };
  auto opt = std::make_shared<options>();
  CLI::App* sub = app.add_subcommand("heap", "Grundy sequence of a heap game, its period, sums");
  sub->add_option("CODE", opt->code,
                  "Octal or hex code (0.07, 0.137, 4.07, 0.f), subtraction:1,3,4 (s+p adds the "
                  "moves s, s+p, s+2p, ...) or grundy")
      ->required();
  sub->add_option("--terms", opt->terms, "Number of terms G(0) .. G(N-1)")->required();
  sub->add_flag("--period", opt->period,
                "Report the period and preperiod proved by the arithmetic-periodicity theorem");
  sub->add_option("--heaps", opt->heaps,
                  "A sum of heaps H1,H2,...: its value and every winning move");
  add_format_option(sub, opt->format, "text (default), csv (values only) or json");
  sub->footer(
      "A digit d_k of the code says into how many heaps (bit j: j heaps) a heap may be left\n"
      "after removing k tokens. Examples:\n"
      "  nimber heap 0.07 --terms 100 --period     # Dawson's Kayles: period 34\n"
      "  nimber heap subtraction:1,3,4 --terms 20\n"
      "  nimber heap subtraction:1,3+1 --terms 20     # take any number but 2\n"
      "  nimber heap grundy --terms 100000 --format csv\n"
      "  nimber heap 0.77 --terms 100 --heaps 5,9,12   # Kayles: value and winning moves");
  sub->callback([&ctx, opt] {
    ng::heap_game game;
    try {
      game = ng::heap_game::parse(opt->code);
    } catch (const ng::parse_error& e) {
      throw input_error(argument_where(1) + " (" + e.where() + ")", e.token(), e.expected());
    }
    const auto terms_r = parse_u64(opt->terms);
    constexpr std::uint64_t max_terms = std::uint64_t(1) << 32;
    if (!terms_r || terms_r.value > max_terms)
      throw input_error("--terms", opt->terms, "a number of terms up to 2^32");
    const std::vector<std::uint64_t> heaps =
        parse_list(opt->heaps, 2, "heap sizes H1,H2,... (decimal, each below --terms)");
    std::uint64_t terms = terms_r.value;
    for (std::uint64_t h : heaps)
      if (h >= terms)
        throw input_error("--heaps", std::to_string(h),
                          "heap sizes below --terms (" + std::to_string(terms) + ")");

    progress_meter meter("nimber heap " + game.name());
    ng::sequence_options options;
    options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
    const ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, options);

    std::string& out = ctx.out;
    const auto& v = s.values;
    if (opt->format == "csv") {
      out.reserve(terms * 14);  // "n,value\n": enough up to 2^32 terms and 3-digit values
      out = "n,grundy\n";
      for (std::uint64_t n = 0; n < terms; ++n) {
        append_decimal(out, n);
        out += ',';
        append_decimal(out, v[n]);
        out += '\n';
      }
      return;
    }
    std::vector<ng::heap_move> moves;
    std::uint32_t sum = 0;
    if (!heaps.empty()) {
      sum = ng::heaps_value(v, heaps);
      moves = ng::heaps_winning_moves(game, v, heaps);
    }
    std::string values;
    values.reserve(terms * 4);
    const char separator = opt->format == "json" ? ',' : ' ';
    for (std::uint64_t n = 0; n < terms; ++n) {
      if (n) values += separator;
      append_decimal(values, v[n]);
    }
    if (opt->format == "json") {
      out = "{\"game\":\"" + game.name() + "\",\"terms\":" + std::to_string(terms) +
            ",\"values\":[" + values + "]";
      if (opt->period) {
        out += ",\"period\":";
        out += s.period ? "{\"preperiod\":" + std::to_string(s.period->preperiod) +
                              ",\"period\":" + std::to_string(s.period->period) +
                              ",\"proved_from_terms\":" + std::to_string(s.computed) + "}"
                        : std::string("null");
      }
      if (!heaps.empty()) {
        out += ",\"sum\":{\"heaps\":[" + join(heaps, ",") + "],\"value\":" + std::to_string(sum) +
               ",\"winning_moves\":[";
        for (std::size_t i = 0; i < moves.size(); ++i)
          out += std::string(i ? "," : "") + "{\"heap\":" + std::to_string(moves[i].heap + 1) +
                 ",\"leaves\":[" + join(moves[i].leaves, ",") + "]}";
        out += "]}";
      }
      out += "}\n";
      return;
    }
    values += '\n';
    out = std::move(values);
    if (opt->period) {
      if (s.period)
        out += "period " + std::to_string(s.period->period) + ", preperiod " +
               std::to_string(s.period->preperiod) +
               " (proved by the arithmetic-periodicity theorem from the first " +
               std::to_string(s.computed) + " terms)\n";
      else if (!game.is_octal())
        out += "period: none claimed (the periodicity theorem covers octal codes only)\n";
      else
        out += "period: none proved within " + std::to_string(terms) + " terms\n";
    }
    if (!heaps.empty()) {
      out += "sum " + join(heaps, " + ") + ": value " + std::to_string(sum) + "\n";
      if (moves.empty()) out += "the player to move loses: every move leaves a nonzero value\n";
      for (const auto& m : moves)
        out += "winning move: heap " + std::to_string(m.heap + 1) + " (" +
               std::to_string(heaps[m.heap]) + ") -> " +
               (m.leaves.empty() ? std::string("nothing") : join(m.leaves, " + ")) + "\n";
    }
  });
}

// ---- coins ---------------------------------------------------------------------------------

void add_coins_command(CLI::App& app, context& ctx) {
  struct options {
    std::string rule, position, format = "text";
  };
  auto opt = std::make_shared<options>();
  CLI::App* sub = app.add_subcommand(
      "coins", "Coin-turning game: value of a position and a winning move (nim products in 2-D)");
  sub->add_option("RULE", opt->rule,
                  "ruler, mock, twins, turtles; a product A*B of two of them; or corners")
      ->required();
  sub->add_option("POSITION", opt->position,
                  "Heads: coins 3,5,9 in one row, or cells x:y,x:y in a product grid ('' for none)")
      ->required();
  add_format_option(sub, opt->format, "text (default), csv or json");
  sub->footer(
      "Rules: ruler (a run of coins ending at a head; coins from 1), mock (mock turtles: a\n"
      "head and up to two coins below; from 0), twins (a head and one coin below: Nim; from\n"
      "0), turtles (a head and at most one coin below; from 1). corners = twins*twins,\n"
      "Turning Corners, where a head at (x, y) is worth the nim product x * y.\nExamples:\n"
      "  nimber coins ruler 3,6,8\n"
      "  nimber coins corners 8:8,5:11\n"
      "  nimber coins mock*ruler 2:3,4:4 --format json");
  sub->callback([&ctx, opt] {
    std::string& out = ctx.out;
    const bool json = opt->format == "json", csv = opt->format == "csv";
    if (const auto rule = ng::parse_coin_rule(opt->rule)) {
      const auto heads = parse_list(opt->position, 2, "coin numbers 3,5,9 (decimal, distinct)");
      for (std::size_t i = 0; i < heads.size(); ++i) {
        if (heads[i] < ng::first_coin(*rule) || heads[i] > ng::last_coin(*rule))
          throw input_error(argument_where(2), std::to_string(heads[i]),
                            std::string("a coin number from ") + std::to_string(ng::first_coin(*rule)) +
                                " (" + ng::to_string(*rule) + ")" +
                                (*rule == ng::coin_rule::mock_turtles ? " below 2^63" : ""));
        for (std::size_t j = 0; j < i; ++j)
          if (heads[j] == heads[i])
            throw input_error(argument_where(2), std::to_string(heads[i]), "distinct coins");
      }
      const std::uint64_t value = ng::coins_value(*rule, heads);
      const auto move = ng::coins_winning_move(*rule, heads);
      if (json) {
        out = "{\"rule\":\"" + std::string(ng::to_string(*rule)) + "\",\"heads\":[" +
              join(heads, ",") + "],\"value\":" + std::to_string(value) + ",\"winning_move\":" +
              (move ? "{\"turn\":[" + join(*move, ",") + "]}" : std::string("null")) + "}\n";
      } else if (csv) {
        out = "value,turn\n" + std::to_string(value) + "," + (move ? join(*move, " ") : "") + "\n";
      } else {
        out = "value: " + std::to_string(value) + "\n";
        out += move ? "winning move: turn coins " + join(*move, ", ") + " (coin " +
                          std::to_string(move->back()) + " heads to tails)\n"
                    : std::string("the player to move loses: value 0\n");
      }
      return;
    }
    const auto product = ng::parse_coin_product(opt->rule);
    if (!product)
      throw input_error(argument_where(1), opt->rule,
                        "ruler, mock, twins, turtles, a product such as ruler*mock, or corners");
    std::vector<ng::coin_cell> heads;
    if (!opt->position.empty()) {
      std::string_view rest = opt->position;
      while (true) {
        const std::size_t comma = std::min(rest.find(','), rest.size());
        const std::string_view t = rest.substr(0, comma);
        const std::size_t colon = t.find(':');
        const auto x = parse_u64(t.substr(0, std::min(colon, t.size())));
        const auto y = colon == std::string_view::npos ? parse_result<std::uint64_t>{0, parse_errc::empty}
                                                       : parse_u64(t.substr(colon + 1));
        const std::string expected =
            "a cell x:y with x from " + std::to_string(ng::first_coin(product->first)) +
            " and y from " + std::to_string(ng::first_coin(product->second)) + ", each below 2^63";
        if (!x || !y || x.value < ng::first_coin(product->first) ||
            y.value < ng::first_coin(product->second) || x.value > ng::last_coin(product->first) ||
            y.value > ng::last_coin(product->second))
          throw input_error(argument_where(2), t, expected);
        const ng::coin_cell c{x.value, y.value};
        if (std::find(heads.begin(), heads.end(), c) != heads.end())
          throw input_error(argument_where(2), t, "distinct cells");
        heads.push_back(c);
        if (comma == rest.size()) break;
        rest.remove_prefix(comma + 1);
      }
    }
    const std::uint64_t value = ng::grid_value(*product, heads);
    std::optional<ng::grid_move> move;
    try {
      move = ng::grid_winning_move(*product, heads);
    } catch (const std::runtime_error& e) {
      throw input_error(std::string("no winning move found: ") + e.what());
    }
    const std::string name = std::string(ng::to_string(product->first)) + "*" +
                             ng::to_string(product->second);
    const auto cell_text = [](const ng::coin_cell& c) {
      return std::to_string(c.first) + ":" + std::to_string(c.second);
    };
    if (json) {
      out = "{\"rule\":\"" + name + "\",\"value\":" + std::to_string(value) + ",\"winning_move\":";
      out += move ? "{\"corner\":[" + std::to_string(move->corner.first) + "," +
                        std::to_string(move->corner.second) + "],\"rows\":[" +
                        join(move->rows, ",") + "],\"columns\":[" + join(move->columns, ",") + "]}"
                  : std::string("null");
      out += "}\n";
    } else if (csv) {
      out = "value,corner,rows,columns\n" + std::to_string(value) + "," +
            (move ? cell_text(move->corner) + "," + join(move->rows, " ") + "," +
                        join(move->columns, " ")
                  : std::string(",,")) +
            "\n";
    } else {
      out = "value: " + std::to_string(value) + "\n";
      if (!move) {
        out += "the player to move loses: value 0\n";
      } else {
        out += "winning move: from the head at " + cell_text(move->corner) + ", turn every cell x:y with x in {" +
               join(move->rows, ", ") + "} and y in {" + join(move->columns, ", ") + "}\n";
      }
    }
  });
}

}  // namespace

void add_game_commands(CLI::App& app, context& ctx) {
  add_game_subcommands(app, ctx);
  add_heap_command(app, ctx);
  add_coins_command(app, ctx);
}

}  // namespace nimber::cli
