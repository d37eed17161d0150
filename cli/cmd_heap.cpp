// heap CODE --terms N [--period] [--heaps H1,H2,...]: the Grundy sequence of a heap game, its
// proved period, and sums of heaps. The mathematics lives in the library
// (nimber/games/heap.hpp); this file parses arguments and describes the result for the
// output writer.
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

// Progress on stderr when it is a terminal (never into a pipe or a file, where it would read
// as output), once a run has taken two seconds, at most once a second: terms done, rate and
// time left. The line is erased at the end.
class progress_meter {
 public:
  explicit progress_meter(std::string label) : label_(std::move(label)), enabled_(isatty(STDERR_FILENO) == 1) {}
  ~progress_meter() {
    if (shown_) std::fprintf(stderr, "\r%*s\r", int(width_), "");
  }
  void operator()(std::uint64_t done, std::uint64_t total) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(2) || now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    shown_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = double(done) / seconds;
    const double left = rate > 0 ? double(total - done) / rate : 0;
    const int n = std::fprintf(stderr, "\r%s: %llu of %llu terms (%.0f%%), %.3g terms/s, %.0f s left ",
                               label_.c_str(), static_cast<unsigned long long>(done),
                               static_cast<unsigned long long>(total), 100.0 * double(done) / double(total ? total : 1),
                               rate, left);
    width_ = std::max(width_, std::size_t(n > 1 ? n - 1 : 0));
    std::fflush(stderr);
  }

 private:
  std::string label_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
  bool shown_ = false;
  std::size_t width_ = 0;
};

struct heap_options {
  std::string code, terms, heaps;
  bool period = false;
  CLI::Option* heaps_option = nullptr;
};

ng::heap_game parse_game(const std::string& code) {
  try {
    return ng::heap_game::parse(code);
  } catch (const ng::parse_error& e) {
    throw input_error(argument_where(1) + " (" + e.where() + ")", e.token(), e.expected());
  }
}

// The heaps of --heaps, each below the number of terms computed.
std::vector<std::uint64_t> parse_heaps(const heap_options& opt, std::uint64_t terms) {
  if (!opt.heaps_option || !opt.heaps_option->count()) return {};
  const std::string expected = "heap sizes below --terms (" + std::to_string(terms) + ")";
  std::vector<std::uint64_t> heaps;
  for (const std::string_view item : split_list(opt.heaps, "--heaps", expected)) {
    heaps.push_back(parse_bounded(item, "--heaps", 0, terms - 1, expected));
  }
  return heaps;
}

// The period the arithmetic-periodicity theorem proved, or why there is none.
void add_period(report& r, const ng::grundy_sequence& s, const ng::heap_game& game,
                std::uint64_t terms) {
  report& p = r.object("period",
                       "period {period}, preperiod {preperiod} (proved by the "
                       "arithmetic-periodicity theorem from the first {proved_from_terms} terms)",
                       in_text | in_json, s.period.has_value());
  if (s.period) {
    p.value("preperiod", cell::count(s.period->preperiod), "", in_json);
    p.value("period", cell::count(s.period->period), "", in_json);
    p.value("proved_from_terms", cell::count(s.computed), "", in_json);
  } else if (!game.is_octal()) {
    r.sentence("period: none claimed (the periodicity theorem covers octal codes only)");
  } else {
    r.sentence("period: none proved within " + std::to_string(terms) + " terms");
  }
}

// The value of a sum of heaps and every winning move.
void add_heap_sum(report& r, const ng::heap_game& game, const std::vector<std::uint32_t>& values,
                  const std::vector<std::uint64_t>& heaps) {
  // Owned by the table's columns, which are read when the report is rendered.
  const auto moves = std::make_shared<const std::vector<ng::heap_move>>(
      ng::heaps_winning_moves(game, values, heaps));
  report& s = r.object("sum", "sum {heaps| + }: value {value}", in_text | in_json);
  s.value("heaps", cell::numbers(heaps), "", in_json);
  s.value("value", cell::number(ng::heaps_value(values, heaps)), "", in_json);
  if (moves->empty()) s.sentence("the player to move loses: every move leaves a nonzero value");
  s.table("winning_moves", moves->size(),
          {{"heap", [moves](std::size_t i) { return cell::count((*moves)[i].heap + 1); }},
           {"size", [moves, &heaps](std::size_t i) { return cell::number(heaps[(*moves)[i].heap]); },
            in_text},
           {"leaves", [moves](std::size_t i) { return cell::numbers((*moves)[i].leaves); }}},
          "winning move: heap {heap} ({size}) -> {leaves| + |nothing}");
}

void heap_command(const heap_options& opt, context& ctx) {
  const ng::heap_game game = parse_game(opt.code);
  const std::uint64_t terms = parse_bounded(opt.terms, "--terms", 1, std::uint64_t(1) << 32,
                                            "a number of terms from 1 to 2^32");
  const std::vector<std::uint64_t> heaps = parse_heaps(opt, terms);

  progress_meter meter("nimber heap " + game.name());
  ng::sequence_options options;
  options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
  const ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, options);

  const auto& v = s.values;
  report r;
  r.value("game", cell::text(game.name()), "", in_json);
  r.value("terms", cell::count(terms), "", in_json);
  r.table("values", terms,
          {{"n", [](std::size_t n) { return cell::count(n); }, in_csv},
           {"grundy", [&v](std::size_t n) { return cell::number(v[n]); }}},
          "", in_all, table_layout::one_line);
  if (opt.period) add_period(r, s, game, terms);
  if (!heaps.empty()) add_heap_sum(r, game, v, heaps);
  print(ctx, r);
}

}  // namespace

void add_heap_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<heap_options>();
  CLI::App* sub = app.add_subcommand("heap", "Grundy sequence of a heap game, its period, sums");
  sub->add_option("CODE", opt->code,
                  "Octal or hex code (0.07, 0.137, 4.07, 0.f), subtraction:1,3,4 (s+p adds the "
                  "moves s, s+p, s+2p, ...) or grundy")
      ->required();
  sub->add_option("--terms", opt->terms, "Number of terms G(0) .. G(N-1)")->required();
  sub->add_flag("--period", opt->period,
                "Report the period and preperiod proved by the arithmetic-periodicity theorem");
  opt->heaps_option = sub->add_option(
      "--heaps", opt->heaps, "A sum of heaps H1,H2,...: its value and every winning move");
  sub->footer(
      "A digit d_k of the code says into how many heaps (bit j: j heaps) a heap may be left\n"
      "after removing k tokens. --format csv holds the values only (n,grundy); json all.\n"
      "Examples:\n"
      "  nimber heap 0.07 --terms 100 --period     # Dawson's Kayles: period 34\n"
      "  nimber heap subtraction:1,3,4 --terms 20\n"
      "  nimber heap subtraction:1,3+1 --terms 20     # take any number but 2\n"
      "  nimber heap grundy --terms 100000 --format csv\n"
      "  nimber heap 0.77 --terms 100 --heaps 5,9,12   # Kayles: value and winning moves");
  sub->callback([&ctx, opt] { heap_command(*opt, ctx); });
}

}  // namespace nimber::cli
