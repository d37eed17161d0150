// heap CODE --terms N [--period] [--heaps H1,H2,...]: the Grundy sequence of a heap game, its
// proved period, and sums of heaps. The mathematics lives in the library
// (nimber/games/heap.hpp); this file parses arguments and describes the result for the
// output writer.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint.hpp"
#include "common.hpp"
#include "picture.hpp"
#include "nimber/games/heap.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct heap_options {
  std::string code, terms, heaps, plot, stats, checkpoint, checkpoint_every = "300", threads = "0", store;
  bool period = false, resume = false, misere = false, no_values = false;
  CLI::Option* heaps_option = nullptr;
  CLI::Option* no_values_option = nullptr;
  CLI::Option* period_option = nullptr;
  CLI::Option* plot_option = nullptr;
  CLI::Option* stats_option = nullptr;
  CLI::Option* checkpoint_option = nullptr;
  CLI::Option* every_option = nullptr;
  CLI::Option* store_option = nullptr;
};

// Memory per term: the value at the widest it may need (4 bytes; one while the values are
// below 256). The output is written a piece at a time, so it holds no share of its own.
constexpr std::uint64_t bytes_per_term = 4;

ng::heap_game parse_game(const std::string& code) {
  try {
    return ng::heap_game::from_string(code);
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
void add_heap_sum(report& r, const ng::heap_game& game, const ng::packed_values& values,
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

// --stats FILE: at every power of two N, one line "terms N mask M rare R last_rare L largest V"
// and then one "value count" line per value from 0 to V.
void write_stats(output_target& out, const ng::heap_game& game, const ng::packed_values& values) {
  std::string text = "# nimber heap " + game.name() + ": the first N terms, N = 1, 2, 4, ..., " +
                     std::to_string(values.size()) + " terms computed\n";
  for (const ng::sequence_stats& s : ng::power_of_two_stats(values)) {
    text += "terms " + std::to_string(s.terms) + " mask " + std::to_string(s.mask) + " rare " +
            std::to_string(s.rare) + " last_rare " + std::to_string(s.last_rare) + " largest " +
            std::to_string(s.largest) + "\n";
    for (std::size_t v = 0; v < s.histogram.size(); ++v)
      text += std::to_string(v) + " " + std::to_string(s.histogram[v]) + "\n";
  }
  out.write(text);
  out.commit();
}

// What the memory budget leaves a file-backed store for its resident pages: all of it but a
// fixed part for the engine, the output and the program (a run of 2^16 terms holds 6 MB).
constexpr std::uint64_t store_fixed_part = std::uint64_t(16) << 20;

// A store_error as the command's one-line error: unfit files name the option, failed system
// calls say what failed.
[[noreturn]] void store_failure(const ng::store_error& e, const heap_options& opt) {
  if (e.system()) throw resource_error("--store: '" + opt.store + "': expected " + e.expected());
  throw input_error("--store", opt.store, e.expected());
}

std::chrono::seconds checkpoint_interval(const heap_options& opt) {
  // A store is saved often (its commit writes only what is new): a kill loses seconds.
  if (!opt.every_option->count() && opt.store_option->count()) return std::chrono::seconds(2);
  return std::chrono::seconds(parse_bounded(opt.checkpoint_every, "--checkpoint-every", 0, 1u << 30,
                                            "a number of seconds from 0 to 2^30"));
}

// --store FILE: the values in a file-backed store (packed_values::create_file), committed
// every --checkpoint-every seconds and when SIGINT or SIGTERM asks to stop; --resume goes on
// from the terms it records. The store stays when the run completes: it is the values.
ng::grundy_sequence compute_in_store(const heap_options& opt, const ng::heap_game& game, std::uint64_t terms,
                                     ng::sequence_options options, context& ctx) {
  if (opt.store.empty() || opt.store.starts_with("-"))
    throw input_error("--store", opt.store, "a file name (a store is not written to standard output)");
  if (opt.store == ctx.output_file) throw input_error("--store", opt.store, "a file other than the --output FILE");
  struct stat st {};
  const bool exists = ::stat(opt.store.c_str(), &st) == 0;
  if (exists && !opt.resume)
    throw input_error("--store", opt.store, "a file that does not exist yet (--resume goes on from a store)");
  const std::chrono::seconds every = checkpoint_interval(opt);
  try {
    ng::packed_values values = exists ? ng::packed_values::open_file(opt.store, game.name())
                                      : ng::packed_values::create_file(opt.store, game.name());
    if (values.size() > terms)
      throw input_error("--resume", opt.store,
                        "a store of at most --terms terms (it holds " + std::to_string(values.size()) + ")");
    const std::uint64_t budget = memory_budget();
    values.set_resident_limit(budget > 2 * store_fixed_part ? budget - store_fixed_part : store_fixed_part);
    checkpoint_clock clock{every};
    stop_signals signals;
    options.checkpoint = [&](ng::packed_values& v, std::uint64_t done) {
      const bool stop = stop_signals::stop_requested();
      if (stop || clock.due()) v.commit(done);
      return !stop;
    };
    ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, std::move(values), options);
    s.values.commit(s.computed);
    if (s.stopped) {
      std::fprintf(stderr, "nimber: stopped: %llu terms saved in %s; the same command with --resume goes on\n",
                   static_cast<unsigned long long>(s.computed), opt.store.c_str());
      stop_signals::stop();
    }
    return s;
  } catch (const ng::store_error& e) {
    store_failure(e, opt);
  }
}

// The sequence, computed from scratch or from the checkpoint --resume names, saving a
// checkpoint every --checkpoint-every seconds and when SIGINT or SIGTERM asks to stop.
ng::grundy_sequence compute_sequence(const heap_options& opt, const ng::heap_game& game,
                                     std::uint64_t terms, context& ctx) {
  progress_meter meter(ctx.progress, "nimber heap " + game.name(), "terms");
  ng::sequence_options options;
  options.threads = unsigned(parse_bounded(opt.threads, "--threads", 0, 1024,
                                           "a thread count from 0 (one per core) to 1024"));
  options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
  if (opt.store_option->count()) return compute_in_store(opt, game, terms, options, ctx);
  if (!opt.checkpoint_option->count()) return ng::grundy_sequence_of(game, terms, options);

  // The thread count changes nothing in the values: a run may resume with another.
  std::vector<std::string> arguments;
  for (std::size_t i = 0; i < ctx.command_line.size(); ++i) {
    const std::string& a = ctx.command_line[i];
    if (a == "--threads") ++i;
    else if (a.rfind("--threads=", 0) != 0) arguments.push_back(a);
  }
  const std::string command = checkpoint_command(arguments);
  const std::chrono::seconds seconds = checkpoint_interval(opt);
  const checkpoint_file file(opt.checkpoint, "--checkpoint", ctx.output_file);
  // The saved terms go into the store (one byte a term where the run's did), and the file's
  // four-byte words are let go before the run goes on.
  ng::packed_values resumed;
  if (opt.resume)
    if (std::optional<std::vector<std::uint32_t>> known =
            file.load(command, "--resume", checkpoint_size_limit(command, terms), std::to_string(terms) + " terms")) {
      if (known->size() > terms) throw input_error("--resume", opt.checkpoint, "a checkpoint of at most --terms terms");
      resumed = ng::resumed_store(game, terms, *known, options);
    }
  checkpoint_clock clock{seconds};
  stop_signals signals;
  options.checkpoint = [&](const ng::packed_values& values, std::uint64_t done) {
    const bool stop = stop_signals::stop_requested();
    if (stop || clock.due())
      file.save(command, done, [&values](std::uint64_t first, std::span<std::uint32_t> out) {
        values.read([&](const auto& g) {
          for (std::size_t i = 0; i < out.size(); ++i) out[i] = g[first + i];
        });
      });
    return !stop;
  };
  ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, std::move(resumed), options);
  if (s.stopped) {
    std::fprintf(stderr, "nimber: stopped: %llu terms saved in %s; the same command with --resume goes on\n",
                 static_cast<unsigned long long>(s.computed), opt.checkpoint.c_str());
    stop_signals::stop();
  }
  for (std::string& path : file.leftovers(true)) ctx.remove_after_output.push_back(std::move(path));
  return s;
}

void heap_command(const heap_options& opt, context& ctx) {
  const ng::heap_game game = parse_game(opt.code);
  // A store on disk may hold more terms than memory: up to 2^40 there.
  const bool in_store = opt.store_option->count() != 0;
  const std::uint64_t terms = parse_bounded(opt.terms, "--terms", 1, std::uint64_t(1) << (in_store ? 40 : 32),
                                            in_store ? "a number of terms from 1 to 2^40" : "a number of terms from 1 to 2^32");
  const std::vector<std::uint64_t> heaps = parse_heaps(opt, terms);
  if (!opt.plot.empty()) plot_format(opt.plot);
  if (opt.no_values && ctx.output.format == output_format::csv)
    throw input_error("--format", "csv", "text or json beside --no-values (csv holds the values only)");
  const bool saved = opt.checkpoint_option->count() || opt.store_option->count();
  if (opt.resume && !saved)
    throw input_error::at_end("--resume", "--checkpoint FILE beside it (the file to resume from)", "end of arguments");
  if (opt.every_option->count() && !saved)
    throw input_error::at_end("--checkpoint-every", "--checkpoint FILE beside it (the file to save in)",
                              "end of arguments");
  if (opt.store_option->count() && opt.checkpoint_option->count())
    throw input_error("--checkpoint", opt.checkpoint, "no --checkpoint beside --store (the store is the checkpoint)");
  if (opt.misere) {
    for (const CLI::Option* other : {opt.heaps_option, opt.plot_option, opt.stats_option, opt.checkpoint_option,
                                     opt.store_option, opt.no_values_option})
      if (other->count()) throw input_error("--misere", other->get_name(), "no " + other->get_name() + " beside it (misère values stand alone)");
    const std::uint64_t most = 100000;
    if (terms > most) throw input_error("--terms", opt.terms, "at most " + std::to_string(most) + " terms with --misere");
    return print_misere_heaps(game, terms, opt.period, ctx);
  }
  // A file-backed store keeps only part of the values in memory.
  check_budget(opt.store_option->count() ? 2 * store_fixed_part : terms * bytes_per_term,
               std::to_string(terms) + " terms of " + game.name());
  std::unique_ptr<output_target> stats;  // opened now, so that a file it cannot write stops the run at once
  if (opt.stats_option->count()) {
    if (opt.stats == "-") throw input_error("--stats", opt.stats, "a file name (the statistics go to a file, not standard output)");
    stats = std::make_unique<output_target>(opt.stats);
    stats->open();
  }
  const ng::grundy_sequence s = compute_sequence(opt, game, terms, ctx);

  const auto& v = s.values;
  report r;
  r.value("game", cell::text(game.name()), "", in_json);
  r.value("terms", cell::count(terms), "", in_json);
  if (opt.no_values) {
    r.value("last_value", cell::number(v[terms - 1]), "", in_json);
    r.sentence(std::to_string(terms) + " terms computed (values not listed); G(" + std::to_string(terms - 1) +
               ") = " + std::to_string(v[terms - 1]));
  } else {
    r.table("values", terms,
            {{"n", [](std::size_t n) { return cell::count(n); }, in_csv},
             {"grundy",
              [&v](std::size_t n) {
                if ((n & 0xffff) == 0) v.trim(n);  // a file-backed store read through: let its pages go
                return cell::number(v[n]);
              }}},
            "", in_all, table_layout::one_line);
  }
  if (opt.period) add_period(r, s, game, terms);
  if (!heaps.empty()) add_heap_sum(r, game, v, heaps);
  if (stats) write_stats(*stats, game, v);
  if (!opt.plot.empty())
    write_sequence_plot(opt.plot, v.to_vector(), s.period, "heap " + game.name() + ": G(n) for n < " + std::to_string(terms));
  // Nothing can fail from here on but the writes: the report goes to the destination a piece
  // at a time, never whole in memory (2^28 terms are gigabytes of text).
  std::fflush(stdout);
  output_target& out = destination(ctx);
  write_report(r, ctx.output, [&out](std::string_view piece) { out.write(piece); });
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
  opt->period_option = sub->add_flag("--period", opt->period,
                "Report the period and preperiod proved by the arithmetic-periodicity theorem (with --misere: "
                "of the genus sequence, for games that never split a heap)");
  opt->heaps_option = sub->add_option(
      "--heaps", opt->heaps, "A sum of heaps H1,H2,...: its value and every winning move");
  opt->plot_option = sub->add_option("--plot", opt->plot,
                  "Draw G(n) against n in FILE.svg or FILE.png, the proved preperiod and period "
                  "marked (with --period); '-' writes the SVG to stdout");
  opt->checkpoint_option = sub->add_option(
      "--checkpoint", opt->checkpoint,
      "Save the terms computed so far in FILE every --checkpoint-every seconds and when stopped by "
      "SIGINT or SIGTERM; removed when the run completes. One run at a time (FILE.lock)");
  opt->every_option = sub->add_option(
      "--checkpoint-every", opt->checkpoint_every,
      "Seconds between checkpoints (default 300, or 2 with --store; 0: as often as the engine reports); "
      "needs --checkpoint or --store");
  opt->store_option = sub->add_option(
      "--store", opt->store,
      "Keep the values in FILE, a memory-mapped store (packed as in memory) of which --max-memory bounds "
      "the part held in memory; it is also the checkpoint, saved every --checkpoint-every seconds "
      "(default 2 here) and on SIGINT or SIGTERM, and kept when the run completes. FILE must not "
      "exist, unless --resume goes on from it");
  opt->stats_option = sub->add_option(
      "--stats", opt->stats,
      "Write to FILE, at every power of two N: the sparse-space mask, how many of G(1..N-1) are rare "
      "and the last of them, the largest value, and one 'value count' line per value");
  sub->add_option("--threads", opt->threads,
                  "Threads for the sparse-space engine (default 0: one per core); the values are "
                  "the same for any count");
  opt->no_values_option = sub->add_flag(
      "--no-values", opt->no_values,
      "Leave the values out of the output (a run for its --stats, --period or --store): text says how "
      "many terms were computed and the last value, json gives 'last_value' in place of 'values'");
  sub->add_flag("--misere", opt->misere,
                "Misère play (who cannot move wins): each heap's misère Grundy value, genus, tameness and "
                "simplest form");
  sub->add_flag("--resume", opt->resume,
                "Go on from the --checkpoint or --store FILE of the same command (from scratch when "
                "FILE does not exist)");
  sub->footer(
      "A digit d_k of the code says into how many heaps (bit j: j heaps) a heap may be left\n"
      "after removing k tokens. --format csv holds the values only (n,grundy); json all.\n"
      "--misere: per heap its misère Grundy value (0: the player to move loses), the birthday of\n"
      "its simplest form and the form itself, written as {...} past day 5 (its text grows fast);\n"
      "with --period, for games that never split a heap, the proved period of the genus sequence.\n"
      "Examples:\n"
      "  nimber heap 0.07 --terms 100 --period     # Dawson's Kayles: period 34\n"
      "  nimber heap subtraction:1,3,4 --terms 20\n"
      "  nimber heap subtraction:1,3+1 --terms 20     # take any number but 2\n"
      "  nimber heap grundy --terms 100000 --format csv\n"
      "  nimber heap 0.77 --terms 100 --heaps 5,9,12   # Kayles: value and winning moves\n"
      "  nimber heap 0.07 --terms 200 --period --plot dawson.svg\n"
      "  nimber heap 0.77 --terms 12 --misere          # misère Kayles: values and forms\n"
      "  nimber heap subtraction:1,3,4 --terms 40 --misere --period   # genus period\n"
      "  nimber heap grundy --terms 268435456 --checkpoint g.ckpt   # Ctrl-C, then again\n"
      "  nimber heap grundy --terms 268435456 --checkpoint g.ckpt --resume\n"
      "  nimber heap grundy --terms 8589934592 --store g.store --max-memory 4G --resume\n"
      "  nimber heap grundy --terms 4294967296 --no-values --stats g.stats   # a record run");
  sub->callback([&ctx, opt] { heap_command(*opt, ctx); });
}

}  // namespace nimber::cli
