// coins RULE POSITION: coin-turning games (nimber/games/coin_turning.hpp), a row of coins or
// the product of two rules on a grid (Turning Corners: nim products in two dimensions). This
// file parses arguments and describes the result for the output writer.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/games/coin_turning.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct coins_options {
  std::string rule, position;
};

// The coin numbers a rule accepts, "from 1 below 2^64" (last_coin: mock turtles stop below 2^63).
std::string coin_range(ng::coin_rule rule) {
  const std::uint64_t last = ng::last_coin(rule);
  const std::string from = "from " + std::to_string(ng::first_coin(rule));
  if (last == ~std::uint64_t(0)) return from + " below 2^64";
  if (last == (std::uint64_t(1) << 63) - 1) return from + " below 2^63";
  return from + " to " + std::to_string(last);
}

// The heads of a row position: distinct coins of the rule's range.
std::vector<std::uint64_t> parse_heads(const std::string& position, ng::coin_rule rule) {
  const std::string where = argument_where(2);
  const auto heads = parse_number_list(position, where, "coin numbers 3,5,9 (decimal, distinct)");
  for (std::size_t i = 0; i < heads.size(); ++i) {
    if (heads[i] < ng::first_coin(rule) || heads[i] > ng::last_coin(rule))
      throw input_error(where, std::to_string(heads[i]),
                        "a coin number " + coin_range(rule) + " (" + ng::to_string(rule) + ")");
    for (std::size_t j = 0; j < i; ++j)
      if (heads[j] == heads[i]) throw input_error(where, std::to_string(heads[i]), "distinct coins");
  }
  return heads;
}

// The heads of a grid position: distinct cells x:y, each coordinate in its rule's range.
std::vector<ng::coin_cell> parse_cells(const std::string& position, ng::coin_product rule) {
  const std::string where = argument_where(2);
  const std::string expected =
      "a cell x:y with x " + coin_range(rule.first) + " and y " + coin_range(rule.second);
  std::vector<ng::coin_cell> heads;
  for (const std::string_view item : split_list(position, where, expected)) {
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) throw input_error(where, item, expected);
    // A bad coordinate names the whole cell.
    const auto coordinate = [&](std::string_view token, ng::coin_rule r) {
      const auto v = parse_u64(token);
      if (!v || v.value < ng::first_coin(r) || v.value > ng::last_coin(r))
        throw input_error(where, item, expected);
      return v.value;
    };
    const ng::coin_cell c{coordinate(item.substr(0, colon), rule.first),
                          coordinate(item.substr(colon + 1), rule.second)};
    if (std::find(heads.begin(), heads.end(), c) != heads.end())
      throw input_error(where, item, "distinct cells");
    heads.push_back(c);
  }
  return heads;
}

void row_command(ng::coin_rule rule, const std::string& position, context& ctx) {
  const auto heads = parse_heads(position, rule);
  const auto move = ng::coins_winning_move(rule, heads);
  report r;
  r.value("rule", cell::text(ng::to_string(rule)), "", in_json);
  r.value("heads", cell::numbers(heads), "", in_json);
  r.value("value", cell::number(ng::coins_value(rule, heads)), "value: {}");
  report& m = r.object("winning_move", "winning move: turn coins {turn|, } (coin {last} heads to tails)",
                       in_all, move.has_value());
  m.value("turn", move ? cell::numbers(*move) : cell(), "", in_json | in_csv);
  m.value("last", move ? cell::number(move->back()) : cell(), "", in_none);
  if (!move) r.sentence("the player to move loses: value 0");
  print(ctx, r);
}

void grid_command(ng::coin_product rule, const std::string& position, context& ctx) {
  const auto heads = parse_cells(position, rule);
  std::optional<ng::grid_move> move;
  try {
    move = ng::grid_winning_move(rule, heads);
  } catch (const std::runtime_error& e) {
    throw input_error(std::string("no winning move found: ") + e.what());
  }
  report r;
  r.value("rule", cell::text(std::string(ng::to_string(rule.first)) + "*" + ng::to_string(rule.second)),
          "", in_json);
  r.value("value", cell::number(ng::grid_value(rule, heads)), "value: {}");
  report& m = r.object("winning_move",
                       "winning move: from the head at {corner|:}, turn every cell x:y with x in "
                       "{{{rows|, }}} and y in {{{columns|, }}}",
                       in_all, move.has_value());
  const auto field = [&](auto&& get) { return move ? get(*move) : cell(); };
  const unsigned shown = in_json | in_csv;
  m.value("corner", field([](const ng::grid_move& g) {
            return cell::numbers(std::vector<std::uint64_t>{g.corner.first, g.corner.second});
          }), "", shown);
  m.value("rows", field([](const ng::grid_move& g) { return cell::numbers(g.rows); }), "", shown);
  m.value("columns", field([](const ng::grid_move& g) { return cell::numbers(g.columns); }), "",
          shown);
  if (!move) r.sentence("the player to move loses: value 0");
  print(ctx, r);
}

void coins_command(const coins_options& opt, context& ctx) {
  if (const auto rule = ng::parse_coin_rule(opt.rule)) return row_command(*rule, opt.position, ctx);
  if (const auto product = ng::parse_coin_product(opt.rule))
    return grid_command(*product, opt.position, ctx);
  throw input_error(argument_where(1), opt.rule,
                    "ruler, mock, twins, turtles, a product such as ruler*mock, or corners");
}

}  // namespace

void add_coins_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<coins_options>();
  CLI::App* sub = app.add_subcommand(
      "coins", "Coin-turning game: value of a position and a winning move (nim products in 2-D)");
  sub->add_option("RULE", opt->rule,
                  "ruler, mock, twins, turtles; a product A*B of two of them; or corners")
      ->required();
  sub->add_option("POSITION", opt->position,
                  "Heads: coins 3,5,9 in one row, or cells x:y,x:y in a product grid")
      ->required();
  sub->footer(
      "Rules: ruler (a run of coins ending at a head; coins from 1), mock (mock turtles: a\n"
      "head and up to two coins below; from 0), twins (a head and one coin below: Nim; from\n"
      "0), turtles (a head and at most one coin below; from 1). corners = twins*twins,\n"
      "Turning Corners, where a head at (x, y) is worth the nim product x * y.\n"
      "--format csv: value and winning move; json: the position too.\nExamples:\n"
      "  nimber coins ruler 3,6,8\n"
      "  nimber coins corners 8:8,5:11\n"
      "  nimber coins mock*ruler 2:3,4:4 --format json");
  sub->callback([&ctx, opt] { coins_command(*opt, ctx); });
}

}  // namespace nimber::cli
