// game outcome|grundy FILE [--sum U1,U2,...]: impartial games given as graphs in a file;
// `game grundy --format dot` draws the graph for Graphviz. The
// mathematics lives in the library (nimber/games/graph.hpp, loopy.hpp, game_file.hpp); this
// file parses arguments, maps library parse errors onto input_error and describes the result
// for the output writer.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.hpp"
#include "picture.hpp"
#include "nimber/games/game_file.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/loopy.hpp"
#include "nimber/games/misere.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct game_options {
  std::string file, sum;
  CLI::Option* sum_option = nullptr;
  bool misere = false;  // outcome: the player who cannot move wins
  bool genus = false;   // outcome: misère play, and the genus of every position
};

// Refuses a game too large for the memory budget from its header, before the moves are read.
void check_game_size(const ng::game_file_header& h) {
  check_budget(ng::game_memory_bytes(h),
               "a game of " + std::to_string(h.positions) + " positions and " + std::to_string(h.moves) + " moves");
}

// Whether the whole lines read so far hold the header: then it is checked. A header still
// incomplete, or wrong, is left to the parse of the whole text, which names the fault.
bool header_checked(std::string_view lines) {
  ng::game_file_header h;
  try {
    h = ng::read_game_header(lines);
  } catch (const ng::parse_error& e) {
    return !e.end_of_input();
  }
  check_game_size(h);
  return true;
}

ng::game_graph load_graph(const std::string& path) {
  const std::string text = read_file_or_stdin(path, argument_where(1), path,
                                              "a readable game file ('-' for stdin)", header_checked);
  try {
    check_game_size(ng::read_game_header(text));
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

// The winning moves of a sum, a line each.
void add_sum_moves(report& s, const std::vector<ng::position>& sum, std::shared_ptr<const std::vector<ng::sum_move>> moves) {
  s.table("winning_moves", moves->size(),
          {{"component", [moves](std::size_t i) { return cell::count((*moves)[i].component + 1); }},
           {"from", [moves, &sum](std::size_t i) { return cell::count(sum[(*moves)[i].component]); }},
           {"to", [moves](std::size_t i) { return cell::count((*moves)[i].to); }}},
          "winning move: component {component}, {from} -> {to}");
}

// The misère outcome and winning moves of a sum: by the genus rule when every component is
// tame, otherwise by a search of the sums reachable from it, as many as the memory budget
// holds: a sum's components, its entry in the index and its moves take about 24 bytes a
// component and 96 besides.
void add_misere_sum(report& r, const ng::game_graph& g, const std::vector<ng::position>& sum) {
  const ng::misere_graph_values values = ng::misere_values(g);
  const bool tame = std::all_of(sum.begin(), sum.end(), [&values](ng::position u) { return bool(values.tame[u]); });
  const std::uint64_t per_sum = 24 * sum.size() + 96, most = std::max<std::uint64_t>(1, memory_budget() / per_sum);
  ng::misere_sum_result result;
  try {
    result = tame ? ng::tame_misere_sum(g, values, sum) : ng::misere_sum(g, sum, most);
  } catch (const std::length_error&) {
    throw resource_error("the misère sum of " + std::to_string(sum.size()) + " components reaches more than " +
                         std::to_string(most) + " sums, which need more than " + format_bytes(memory_budget()) +
                         " of memory (--max-memory)");
  }
  const auto moves = std::make_shared<const std::vector<ng::sum_move>>(std::move(result.winning_moves));
  report& s = r.object("sum",
                       tame ? "sum {positions| + }: {outcome} (misère play, every component tame: by the genus rule)"
                            : "sum {positions| + }: {outcome} (misère play, {searched} sums searched)",
                       in_text | in_json);
  s.value("positions", cell::counts(sum), "", in_json);
  s.value("outcome", cell::text(ng::to_string(result.result)), "", in_json);
  s.value("method", cell::text(tame ? "genus" : "search"), "", in_json);
  s.value("searched", cell::count(result.positions), "", in_json);
  add_sum_moves(s, sum, moves);
}

// The genus of every position as text; a graph where play can go on forever has none.
std::vector<std::string> genus_texts(const ng::game_graph& g, const std::string& file) {
  std::vector<ng::misere_genus> genera;
  try {
    genera = ng::graph_genus(g);
  } catch (const ng::game_argument_error& e) {
    throw input_error("--genus", file, std::string("a game without cycles (") + e.what() + ")");
  }
  std::vector<std::string> texts;
  for (const ng::misere_genus& x : genera) texts.push_back(ng::to_string(x));
  return texts;
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
  add_sum_moves(s, sum, moves);
}

// The graph in Graphviz DOT: a node per position labelled with its number, value and outcome
// for the player to move, filled by value (viridis up to the largest finite value, grey for
// inf{K}), with a double circle where the player to move loses; an arc per move.
std::string grundy_dot(const ng::game_graph& g, const ng::generalized_sg& gamma) {
  std::uint64_t largest = 0;
  for (std::size_t u = 0; u < g.size(); ++u)
    if (gamma.is_finite(ng::position(u))) largest = std::max<std::uint64_t>(largest, gamma.value[u]);
  std::string s = "digraph game {\n  // nimber game grundy: " + std::to_string(g.size()) + " positions, " +
                  std::to_string(g.edge_count()) +
                  " moves; a label is the position, its value and its outcome for the player to move\n"
                  "  node [style=filled, fontname=\"Helvetica\"];\n";
  for (std::size_t u = 0; u < g.size(); ++u) {
    const auto p = ng::position(u);
    const bool finite = gamma.is_finite(p);
    std::string value = finite ? std::to_string(gamma.value[u]) : "inf{";
    if (!finite) {
      for (const std::uint32_t k : gamma.k(p)) value += (value.back() == '{' ? "" : ",") + std::to_string(k);
      value += "}";
    }
    const ng::outcome o = gamma.outcome_of(p);
    const rgb fill = finite ? value_colour(gamma.value[u], largest + 1) : rgb{190, 190, 190};
    const bool dark = 299 * fill.r + 587 * fill.g + 114 * fill.b < 128000;  // ITU-R BT.601 luma
    s += "  " + std::to_string(u) + " [label=\"" + std::to_string(u) + "\\n" + value + " (" + ng::to_string(o) +
         ")\", fillcolor=\"" + hex_colour(fill) + "\", fontcolor=\"" + (dark ? "#ffffff" : "#000000") + "\"" +
         (o == ng::outcome::lose ? ", shape=doublecircle" : "") + "];\n";
  }
  for (std::size_t u = 0; u < g.size(); ++u)
    for (const ng::position v : g.options(ng::position(u)))
      s += "  " + std::to_string(u) + " -> " + std::to_string(v) + ";\n";
  return s + "}\n";
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
    const bool misere = opt.misere || opt.genus;
    const auto o = ng::outcomes(g, misere ? ng::play_convention::misere : ng::play_convention::normal);
    const auto at = [&o](std::size_t u) { return cell::text(ng::to_string(o[u])); };
    std::vector<std::string> genera;
    std::vector<bool> tame;
    if (opt.genus) genera = genus_texts(g, opt.file), tame = ng::misere_values(g).tame;
    if (opt.genus)
      r.table("outcome", g.size(),
              {position,
               {"outcome", at},
               {"genus", [&genera](std::size_t u) { return cell::text(genera[u]); }},
               {"tame", [&tame](std::size_t u) { return cell::flag(tame[u]); }, in_csv | in_json},
               {"tame_text", [&tame](std::size_t u) { return cell::text(tame[u] ? "tame" : "not tame"); }, in_text}});
    else
      r.table("outcome", g.size(), {position, {"outcome", at}});
    if (!sum.empty() && misere) add_misere_sum(r, g, sum);
    if (!sum.empty() && !misere) add_sum(r, g, ng::generalized_grundy(g), sum);
    return print(ctx, r);
  }
  const ng::generalized_sg gamma = ng::generalized_grundy(g);
  if (ctx.output.format == output_format::dot) {
    if (!sum.empty()) throw input_error("--sum", opt.sum, "no sum with --format dot, which draws the whole graph");
    ctx.out += grundy_dot(g, gamma);
    return;
  }
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
    opt->sum_option = sub->add_option(
        "--sum", opt->sum,
        "A sum of positions U1,U2,... (repeats allowed): its " + std::string(grundy ? "value, " : "") +
            "outcome and winning moves");
    if (!grundy) {
      sub->add_flag("--misere", opt->misere,
                    "Misère play: the player who cannot move wins (Sprague-Grundy values do not add: a "
                    "sum is decided by the genus rule when every component is tame, else searched)");
      sub->add_flag("--genus", opt->genus,
                    "Misère play, and Conway's genus of every position (graphs without cycles only)");
    }
    sub->footer(grundy ? "A value is a number, or inf{K} (csv: inf{0 2}; json: {\"inf\":[0,2]}): the\n"
                         "position is won when 0 is in K, drawn otherwise (docs/games.md).\n"
                         "--format csv holds the values only; json the sum too; dot the graph for\n"
                         "Graphviz, each position labelled and coloured by its value and outcome.\n"
                         "Examples:\n  nimber game grundy game.txt --format csv\n"
                         "  nimber game grundy game.txt --sum 0,3,3   # first winning move: a strategy\n"
                         "  nimber game grundy game.txt --format dot | dot -Tsvg > game.svg"
                       : "Normal play by default; --misere: the player who cannot move wins. --sum: the sum's\n"
                         "outcome and every winning move (misère play: by the genus rule when every component\n"
                         "is tame, otherwise by a search of the sums reachable from it, as many as\n"
                         "--max-memory holds). --genus: misère play and each position's genus, g^(γ0 γ1 ...).\n"
                         "Examples:\n  nimber game outcome game.txt     # lines '<position> win|lose|draw'\n"
                         "  nimber game outcome game.txt --misere --sum 0,3,3\n"
                         "  nimber game outcome game.txt --genus              # '<position> <outcome> <genus>'");
    sub->callback([&ctx, opt, grundy] { game_command(*opt, grundy, ctx); });
  }
}

}  // namespace nimber::cli
