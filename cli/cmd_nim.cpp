// nim H1 H2 ...: analyse a Nim position with the library's Bouton's rule
// (nimber::games::nim_winning_moves). The player to move wins exactly when the nim-sum s of
// the heaps is nonzero; the winning moves reduce a heap h to h XOR s where that is smaller.
// With --misere, the player who cannot move wins: Bouton's misère rule (games/misere.hpp).
#include <CLI/CLI.hpp>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <algorithm>

#include "common.hpp"
#include "nimber/arith.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/misere.hpp"

namespace nimber::cli {

namespace {

constexpr std::string_view kHeapExpected = "a heap size below 2^64 (decimal, 0x hex or 0b binary)";

struct nim_options {
  std::vector<std::string> heaps;
  bool misere = false;
};

// Who wins, in words, under either convention.
std::string nim_verdict(std::span<const std::uint64_t> heaps, std::uint64_t sum, bool misere) {
  const bool no_moves = std::all_of(heaps.begin(), heaps.end(), [](std::uint64_t h) { return h == 0; });
  if (!misere)
    return sum        ? "the player to move wins; winning moves:"
           : no_moves ? "the player to move loses: there is no move (every heap is empty)"
                      : "the player to move loses: every move leaves a nonzero nim-sum";
  if (no_moves) return "misère play: the player to move wins: there is no move (every heap is empty)";
  return games::misere_nim_wins(heaps) ? "misère play: the player to move wins; winning moves:"
                                       : "misère play: the player to move loses: every move leaves the opponent a winning position";
}

void nim_command(const nim_options& opt, context& ctx) {
  const std::vector<std::string>& args = opt.heaps;
  check_argument_count(args, 1, unlimited, "nimber nim H1 [H2 ...]");
  std::vector<std::uint64_t> heaps;
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    heaps.push_back(parse_bounded(args[i], argument_where(i + 1), 0, ~std::uint64_t(0),
                                  kHeapExpected));
    sum = add(sum, heaps.back());
  }
  const auto moves = opt.misere ? games::misere_nim_winning_moves(heaps) : games::nim_winning_moves(heaps);
  report r;
  r.value("nim_sum", cell::number(sum), "nim-sum: {}", in_text | in_json);
  if (opt.misere) r.value("wins", cell::flag(games::misere_nim_wins(heaps)), "", in_json);
  r.sentence(nim_verdict(heaps, sum, opt.misere));
  r.table("winning_moves", moves.size(),
          {{"heap", [&](std::size_t i) { return cell::count(moves[i].heap + 1); }},
           {"from", [&](std::size_t i) { return cell::number(heaps[moves[i].heap]); }},
           {"to", [&](std::size_t i) { return cell::number(moves[i].to); }}},
          "heap {heap}: {from} -> {to}");
  print(ctx, r);
}

}  // namespace

void add_nim_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<nim_options>();
  CLI::App* sub = app.add_subcommand(
      "nim", "A Nim position: its nim-sum, who wins, and every winning move");
  sub->add_option("heaps", opt->heaps, "Heap sizes below 2^64: decimal, 0x hex or 0b binary");
  sub->add_flag("--misere", opt->misere, "Misère play: the player who cannot move wins (Bouton's misère rule)");
  sub->footer(
      "Output: the nim-sum, whether the player to move wins, then one line per winning\n"
      "move: heap <index, from 1>: <size> -> <size after the move>. --format csv: the moves,\n"
      "heap,from,to; --format json: {\"nim_sum\":...,\"winning_moves\":[{\"heap\":...}]}.\n"
      "Examples:\n"
      "  nimber nim 3 5 7        # nim-sum 1; three winning moves: 3 -> 2, 5 -> 4, 7 -> 6\n"
      "  nimber nim 1 2 3        # nim-sum 0: the player to move loses\n"
      "  nimber nim 1 1 --misere # misère play: take one heap, leave the last to the opponent\n"
      "With --misere, JSON adds \"wins\" (in misère play the nim-sum alone does not decide).");
  sub->callback([&ctx, opt] { nim_command(*opt, ctx); });
}

}  // namespace nimber::cli
