// misere CODE --heaps N [--position H1,H2,...]: the misère quotient of a heap game's heaps up
// to N (nimber/games/misere_quotient.hpp): its presentation, order, P-portion, pretending
// function, the heaps where it changes and what the periodicity theorem proves of it, or the
// outcome and winning moves of a sum of heaps; --checkpoint and --resume for long runs.
// This file parses arguments and describes the result for the output writer.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint.hpp"
#include "common.hpp"
#include "memory.hpp"
#include "nimber/games/error.hpp"
#include "nimber/games/misere_quotient.hpp"
#include "resources.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct quotient_options {
  std::string code, heaps, position, checkpoint, checkpoint_every = "300";
  bool resume = false;
  CLI::Option* code_option = nullptr;
  CLI::Option* heaps_option = nullptr;
  CLI::Option* position_option = nullptr;
  CLI::Option* checkpoint_option = nullptr;
  CLI::Option* every_option = nullptr;
  CLI::Option* resume_option = nullptr;
};

ng::heap_game parse_code(const std::string& code) {
  try {
    return ng::heap_game::from_string(code);
  } catch (const ng::parse_error& e) {
    throw input_error(argument_where(1) + " (" + e.where() + ")", e.token(), e.expected());
  }
}

std::string position_expected(std::uint64_t bound) {
  return "heap sizes from 0 to --heaps (" + std::to_string(bound) + ")";
}

// A sum of heaps, each up to 2^20 here: those above --heaps need the proved period, which
// check_position asks once the quotient is known.
std::vector<std::uint64_t> parse_position(const std::string& list, std::uint64_t bound) {
  const std::string expected = position_expected(bound);
  std::vector<std::uint64_t> heaps;
  for (const std::string_view item : split_list(list, "--position", expected))
    heaps.push_back(parse_bounded(item, "--position", 0, ng::misere_quotient::max_heap_bound, expected));
  return heaps;
}

void check_position(const std::vector<std::uint64_t>& heaps, const ng::misere_quotient& q) {
  if (q.period() && q.period()->proved) return;
  for (const std::uint64_t h : heaps)
    if (h > q.max_heap()) throw input_error("--position", std::to_string(h), position_expected(q.max_heap()));
}

std::string word(const ng::misere_quotient& q, ng::quotient_element x) { return ng::to_string(q.normal_form(x)); }

// What the periodicity theorem says of the pretending function: the quotient of the whole
// game, or the heaps it needs.
void describe_period(report& r, const ng::misere_quotient& q) {
  const std::optional<ng::quotient_period>& p = q.period();
  report& o = r.object("period", "", in_json, p.has_value());
  if (!p) {
    const bool covered = q.game().type() == ng::heap_game::kind::take_break && q.game().progressions().empty();
    r.sentence(covered
                   ? "period: none seen in heaps 0 to " + std::to_string(q.max_heap())
                   : std::string("period: none claimed (the periodicity theorem covers take-and-break codes only)"));
    return;
  }
  o.value("preperiod", cell::count(p->preperiod), "", in_json);
  o.value("period", cell::count(p->period), "", in_json);
  o.value("proved", cell::flag(p->proved), "", in_json);
  o.value("needs_heaps", cell::count(p->needs), "", in_json);
  const std::string seen = "period: " + std::to_string(p->period) + " from heap " + std::to_string(p->preperiod);
  r.sentence(p->proved ? seen + ", proved by the periodicity theorem (heaps up to " + std::to_string(p->needs) +
                             " suffice): the quotient of the whole game"
                       : seen + " in heaps 0 to " + std::to_string(q.max_heap()) +
                             ", not proved: the periodicity theorem needs heaps up to " + std::to_string(p->needs));
}

// The presentation: generators, relations, P-portion, pretending function, changes.
void describe_quotient(report& r, const ng::misere_quotient& q) {
  std::string gens, rels, p_portion, pretending;
  for (std::size_t i = 0; i < q.generator_heaps().size(); ++i)
    gens += (i ? ", " : "") + ng::generator_name(i) + " = heap " + std::to_string(q.generator_heaps()[i]);
  for (const ng::quotient_relation& rel : q.relations())
    rels += (rels.empty() ? "" : ", ") + ng::to_string(rel.lhs) + " = " + ng::to_string(rel.rhs);
  for (ng::quotient_element x = 0; x < q.order(); ++x)
    if (q.is_p(x)) p_portion += (p_portion.empty() ? "" : ", ") + word(q, x);
  for (const ng::quotient_element x : q.pretending()) pretending += (pretending.empty() ? "" : " ") + word(q, x);
  r.sentence("generators: " + (gens.empty() ? std::string("none") : gens));
  r.sentence("relations: " + (rels.empty() ? std::string("none") : rels));
  r.sentence("P-portion: " + (p_portion.empty() ? std::string("none") : p_portion));
  r.sentence("pretending (heaps 0 to " + std::to_string(q.max_heap()) + "): " + pretending);
  std::string changes;
  for (const ng::quotient_change& c : q.changes())
    changes += (changes.empty() ? "" : ", ") + std::to_string(c.heap) + " (" + std::to_string(c.order) + ", " +
               std::to_string(c.p_portion) + ")";
  r.sentence("changes at heaps (|Q|, |P|): " + (changes.empty() ? std::string("none") : changes));

  const auto shared = std::make_shared<const ng::misere_quotient>(q);
  r.table("generators", q.generator_heaps().size(),
          {{"name", [](std::size_t i) { return cell::text(ng::generator_name(i)); }},
           {"heap", [shared](std::size_t i) { return cell::count(shared->generator_heaps()[i]); }}},
          "", in_json);
  r.table("relations", q.relations().size(),
          {{"lhs", [shared](std::size_t i) { return cell::text(ng::to_string(shared->relations()[i].lhs)); }},
           {"rhs", [shared](std::size_t i) { return cell::text(ng::to_string(shared->relations()[i].rhs)); }}},
          "", in_json);
  r.table(
      "elements", q.order(),
      {{"element", [shared](std::size_t x) { return cell::text(word(*shared, static_cast<ng::quotient_element>(x))); }},
       {"p", [shared](std::size_t x) { return cell::flag(shared->is_p(static_cast<ng::quotient_element>(x))); }}},
      "", in_json);
  r.table("pretending", q.pretending().size(),
          {{"heap", [](std::size_t h) { return cell::count(h); }},
           {"element", [shared](std::size_t h) { return cell::text(word(*shared, shared->pretending()[h])); }}},
          "", in_json | in_csv);
  r.table("changes", q.changes().size(),
          {{"heap", [shared](std::size_t i) { return cell::count(shared->changes()[i].heap); }},
           {"order", [shared](std::size_t i) { return cell::count(shared->changes()[i].order); }},
           {"p_portion", [shared](std::size_t i) { return cell::count(shared->changes()[i].p_portion); }}},
          "", in_json);
  describe_period(r, q);
}

// The outcome of a sum of heaps and every winning move.
void describe_position(report& r, const ng::misere_quotient& q, const std::vector<std::uint64_t>& heaps) {
  const auto moves = std::make_shared<const std::vector<ng::heap_move>>(q.winning_moves(heaps));
  const ng::quotient_element x = q.element_of(heaps);
  const auto shown = std::make_shared<const std::vector<std::uint64_t>>(heaps);
  r.value("position", cell::counts(heaps), "", in_json);
  r.value("element", cell::text(word(q, x)), "", in_json);
  r.value("next_player_wins", cell::flag(!q.is_p(x)), "", in_json);
  std::string sum;
  for (const std::uint64_t h : heaps) sum += (sum.empty() ? "" : " + ") + std::to_string(h);
  r.sentence("sum " + (sum.empty() ? std::string("(no heap)") : sum) + ": " + word(q, x) + ", " +
             (q.is_p(x) ? "the player to move loses" : "the player to move wins"));
  r.table("winning_moves", moves->size(),
          {{"heap", [moves](std::size_t i) { return cell::count((*moves)[i].heap + 1); }},
           {"size", [moves, shown](std::size_t i) { return cell::count((*shown)[(*moves)[i].heap]); }, in_text},
           {"leaves", [moves](std::size_t i) { return cell::counts((*moves)[i].leaves); }}},
          "winning move: heap {heap} ({size}) -> {leaves| + |nothing}");
}

// The quotient, computed from scratch or from the checkpoint --resume names, saving a
// checkpoint after a heap every --checkpoint-every seconds and when SIGINT or SIGTERM asks to
// stop (which the run heeds within a heap too, before its next trial quotient).
ng::misere_quotient compute_quotient(const quotient_options& opt, const ng::heap_game& game, std::uint64_t bound,
                                     ng::quotient_options& options, context& ctx) {
  if (!opt.checkpoint_option->count()) return ng::misere_quotient::compute(game, bound, options);
  const std::string command = checkpoint_command(ctx.command_line);
  const auto seconds =
      parse_bounded(opt.checkpoint_every, "--checkpoint-every", 0, 1u << 30, "a number of seconds from 0 to 2^30");
  const checkpoint_file file(opt.checkpoint, "--checkpoint", ctx.output_file);
  std::optional<std::vector<std::uint32_t>> known;
  // The state is the quotient's table and the pretending function: it fits the memory budget.
  if (opt.resume)
    known = file.load(command, "--resume", checkpoint_size_limit(command, memory_budget() / 4 + 3 * bound + 8),
                      "the memory budget (--max-memory)");
  if (known) options.known = *known;
  checkpoint_clock clock{std::chrono::seconds(seconds)};
  stop_signals signals;
  std::uint64_t saved = 0;
  options.checkpoint = [&](std::uint64_t n, const std::function<std::vector<std::uint32_t>()>& state) {
    const bool stop = stop_signals::stop_requested();
    if (stop || clock.due()) {
      file.save(command, state());
      saved = n;
    }
    return !stop;
  };
  options.stop_requested = [] { return stop_signals::stop_requested(); };
  ng::misere_quotient q = [&] {
    try {
      return ng::misere_quotient::compute(game, bound, options);
    } catch (const ng::game_argument_error&) {
      throw input_error("--resume", opt.checkpoint,
                        "a checkpoint of this command (its state is not a misère quotient)");
    }
  }();
  if (q.max_heap() < bound) {
    std::fprintf(stderr, "nimber: stopped: heaps 0 to %llu saved in %s; the same command with --resume goes on\n",
                 static_cast<unsigned long long>(saved), opt.checkpoint.c_str());
    stop_signals::stop();
  }
  for (std::string& path : file.leftovers(true)) ctx.remove_after_output.push_back(std::move(path));
  return q;
}

void quotient_command(const quotient_options& opt, context& ctx) {
  const ng::heap_game game = parse_code(opt.code);
  if (!opt.heaps_option->count())
    throw input_error::at_end("--heaps", "the option --heaps, which 'nimber misere CODE' requires", "end of arguments");
  const std::uint64_t bound =
      parse_bounded(opt.heaps, "--heaps", 0, ng::misere_quotient::max_heap_bound, "a heap bound from 0 to 2^20");
  std::vector<std::uint64_t> position;
  if (opt.position_option->count()) position = parse_position(opt.position, bound);
  if (opt.resume && !opt.checkpoint_option->count())
    throw input_error::at_end("--resume", "--checkpoint FILE beside it (the file to resume from)", "end of arguments");
  if (opt.every_option->count() && !opt.checkpoint_option->count())
    throw input_error::at_end("--checkpoint-every", "--checkpoint FILE beside it (the file to save in)",
                              "end of arguments");
  progress_meter meter(ctx.progress, "nimber misere " + game.name() + " --heaps", "heaps");
  ng::quotient_options options;
  options.max_bytes = memory_budget() / 2;
  options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
  const ng::misere_quotient q = [&] {
    try {
      return compute_quotient(opt, game, bound, options, ctx);
    } catch (const ng::game_size_error&) {
      throw resource_error("the misère quotient of " + game.name() + " up to heap " + std::to_string(bound) +
                           " needs more than " + format_bytes(memory_budget()) +
                           " of memory (--max-memory): a smaller bound");
    }
  }();
  check_position(position, q);
  report r;
  r.value("game", cell::text(game.name()), "", in_json);
  r.value("heaps", cell::count(bound), "", in_json);
  r.value("order", cell::count(q.order()), "", in_json);
  r.value("p_portion", cell::count(q.p_portion()), "", in_json);
  r.sentence(game.name() + ", heaps 0 to " + std::to_string(bound) + ": |Q| = " + std::to_string(q.order()) +
             ", |P| = " + std::to_string(q.p_portion()));
  if (opt.position_option->count())
    describe_position(r, q, position);
  else
    describe_quotient(r, q);
  print(ctx, r);
}

}  // namespace

// The quotient form of `nimber misere`: a code where the subcommands' names would be.
void add_misere_quotient(CLI::App* misere, context& ctx) {
  auto opt = std::make_shared<quotient_options>();
  opt->code_option = misere->add_option(
      "CODE", opt->code, "A heap game (0.07, 0.77, 4.07, 0.f, subtraction:1,3,4, grundy): its misère quotient");
  opt->heaps_option = misere->add_option("--heaps", opt->heaps, "The heap bound N: the quotient of heaps 0 .. N");
  opt->position_option = misere->add_option(
      "--position", opt->position, "A sum of heaps H1,H2,... (each at most N, or 2^20 once the periodicity theorem proves the "
      "quotient): its outcome and every winning move");
  opt->checkpoint_option = misere->add_option(
      "--checkpoint", opt->checkpoint,
      "Save the quotient of the heaps done in FILE after a heap every --checkpoint-every seconds and when "
      "stopped by SIGINT or SIGTERM; removed when the run completes. One run at a time (FILE.lock)");
  opt->every_option =
      misere->add_option("--checkpoint-every", opt->checkpoint_every,
                         "Seconds between checkpoints (default 300; 0: after every heap); needs --checkpoint");
  opt->resume_option =
      misere->add_flag("--resume", opt->resume,
                       "Go on from the --checkpoint FILE of the same command (from scratch when FILE does not exist)");
  misere->callback([misere, &ctx, opt] {
    if (!misere->get_subcommands().empty()) {
      for (const CLI::Option* o :
           {opt->heaps_option, opt->position_option, opt->checkpoint_option, opt->every_option, opt->resume_option})
        if (o->count())
          throw input_error(
              o->get_name(), o->as<std::string>(),
              "no " + o->get_name() + " beside 'nimber misere " + misere->get_subcommands().front()->get_name() + "'");
      return;
    }
    if (!opt->code_option->count())
      throw input_error::at_end(argument_where(1),
                                "a heap-game code such as 0.07, or a command of 'nimber misere' (form, equal, subtract, days)",
                                "end of arguments");
    quotient_command(*opt, ctx);
  });
}

}  // namespace nimber::cli
