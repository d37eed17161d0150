// game outcome|grundy FILE [--sum U1,U2,...]: impartial games given as graphs in a file. The
// mathematics lives in the library (nimber/games/graph.hpp, loopy.hpp, game_file.hpp); this
// file parses arguments, maps library parse errors onto input_error and describes the result
// for the output writer.
#include <CLI/CLI.hpp>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/games/game_file.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/loopy.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct game_options {
  std::string file, sum;
  CLI::Option* sum_option = nullptr;
};

ng::game_graph load_graph(const std::string& path) {
  const std::string text =
      read_file_or_stdin(path, argument_where(1), path, "a readable game file ('-' for stdin)");
  try {
    return ng::read_game_graph(text);
  } catch (const ng::parse_error& e) {
    if (e.end_of_input()) throw input_error::at_end(e.where(), e.expected());
    if (e.token().empty()) throw input_error::at_end(e.where(), e.expected(), "end of line");
    throw input_error(e.where(), e.token(), e.expected());
  }
}

// The positions of --sum, each a position of the graph. The option's name is the `where`:
// the tokens are positions of the file's graph, not of the command line.
std::vector<ng::position> parse_sum(const std::string& list, const ng::game_graph& g) {
  const std::string expected = "position numbers U1,U2,... below N = " + std::to_string(g.size());
  std::vector<ng::position> sum;
  for (const std::string_view item : split_list(list, "--sum", expected)) {
    if (g.size() == 0) throw input_error("--sum", item, expected);
    sum.push_back(ng::position(parse_bounded(item, "--sum", 0, g.size() - 1, expected)));
  }
  return sum;
}

// A generalised Sprague-Grundy value: a number, or inf{K}.
cell grundy_cell(std::uint32_t value, std::span<const std::uint32_t> k) {
  if (value != ng::infinite) return cell::number(value);
  return cell::infinite(cell::numbers(k).items);
}

// The value, outcome and winning moves of a sum of positions.
void add_sum(report& r, const ng::game_graph& g, const ng::generalized_sg& gamma,
             const std::vector<ng::position>& sum) {
  const ng::loopy_sum total = ng::sum_value(gamma, sum);
  // Owned by the table's columns, which are read when the report is rendered.
  const auto moves = std::make_shared<const std::vector<ng::sum_move>>(
      ng::sum_winning_moves(g, gamma, sum));
  report& s = r.object("sum", "sum {positions| + }: value {value} ({outcome})", in_text | in_json);
  s.value("positions", cell::counts(sum), "", in_json);
  s.value("value", grundy_cell(total.value, total.k), "", in_json);
  s.value("outcome", cell::text(ng::to_string(total.result)), "", in_json);
  s.table("winning_moves", moves->size(),
          {{"component", [moves](std::size_t i) { return cell::count((*moves)[i].component + 1); }},
           {"from", [moves, &sum](std::size_t i) { return cell::count(sum[(*moves)[i].component]); }},
           {"to", [moves](std::size_t i) { return cell::count((*moves)[i].to); }}},
          "winning move: component {component}, {from} -> {to}");
}

void game_command(const game_options& opt, bool grundy, context& ctx) {
  const ng::game_graph g = load_graph(opt.file);
  const std::vector<ng::position> sum =
      opt.sum_option && opt.sum_option->count() ? parse_sum(opt.sum, g) : std::vector<ng::position>{};
  report r;
  r.value("positions", cell::count(g.size()), "", in_json);
  r.value("moves", cell::count(g.edge_count()), "", in_json);
  const column position{"position", [](std::size_t u) { return cell::count(u); }, in_text | in_csv};
  if (!grundy) {
    const auto o = ng::outcomes(g);
    const auto at = [&o](std::size_t u) { return cell::text(ng::to_string(o[u])); };
    r.table("outcome", g.size(), {position, {"outcome", at}});
    return print(ctx, r);
  }
  const ng::generalized_sg gamma = ng::generalized_grundy(g);
  const auto at = [&gamma](std::size_t u) {
    return grundy_cell(gamma.value[u], gamma.k(ng::position(u)));
  };
  r.table("grundy", g.size(), {position, {"grundy", at}});
  if (!sum.empty()) add_sum(r, g, gamma, sum);
  print(ctx, r);
}

}  // namespace

void add_game_command(CLI::App& app, context& ctx) {
  CLI::App* game = app.add_subcommand("game", "Impartial games given as graphs in a file");
  game->require_subcommand(1);
  game->footer(
      "File format (docs/games.md): a header line 'N M', then M lines 'u v', one move from\n"
      "position u to position v (0 <= u, v < N); '#' starts a comment. '-' reads stdin.");
  for (const bool grundy : {false, true}) {
    auto opt = std::make_shared<game_options>();
    CLI::App* sub = game->add_subcommand(
        grundy ? "grundy" : "outcome",
        grundy ? "Generalised Sprague-Grundy value of every position: the mex value, or inf{K} "
                 "where play can cycle (K: the finite values of its options)"
               : "win / lose / draw for every position, cycles included (retrograde analysis)");
    sub->add_option("FILE", opt->file, "Game file, or - for stdin")->required();
    if (grundy)
      opt->sum_option = sub->add_option(
          "--sum", opt->sum,
          "A sum of positions U1,U2,... (repeats allowed): its value, outcome and winning moves");
    sub->footer(grundy ? "A value is a number, or inf{K} (csv: inf{0 2}; json: {\"inf\":[0,2]}): the\n"
                         "position is won when 0 is in K, drawn otherwise (docs/games.md).\n"
                         "--format csv holds the values only; json the sum too.\n"
                         "Examples:\n  nimber game grundy game.txt --format csv\n"
                         "  nimber game grundy game.txt --sum 0,3,3   # first winning move: a strategy"
                       : "Example:\n  nimber game outcome game.txt     # lines '<position> win|lose|draw'");
    sub->callback([&ctx, opt, grundy] { game_command(*opt, grundy, ctx); });
  }
}

}  // namespace nimber::cli
