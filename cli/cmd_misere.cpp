// misere form|equal|subtract|days: misère forms of impartial games
// (nimber/games/misere_forms.hpp): simplest forms, equality, differences, and the number of
// games born by each day. This file parses
// arguments and describes the results for the output writer.
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

#include "common.hpp"
#include "memory.hpp"
#include "nimber/games/error.hpp"
#include "nimber/games/misere_forms.hpp"
#include "resources.hpp"

namespace nimber::cli {

namespace {

namespace ng = nimber::games;

struct misere_options {
  std::string first, second, days = "4";
};

ng::form_id parse_form(ng::misere_forms& store, const std::string& text, std::size_t position) {
  try {
    return ng::parse_misere_form(store, text);
  } catch (const ng::parse_error& e) {
    const std::string where = argument_where(position) + " (" + e.where() + ")";
    if (e.end_of_input()) throw input_error::at_end(where, e.expected(), "end of the form");
    throw input_error(where, e.token(), e.expected());
  }
}

// Runs `body` with a store of forms held to half the memory budget (its vectors grow by
// doubling): sums grow as products of their terms' sizes, so a short argument can ask for more
// than any budget.
template <class Body>
void within_budget(Body body) {
  try {
    ng::misere_forms store(memory_budget() / 2);
    body(store);
  } catch (const ng::game_size_error&) {
    throw resource_error("the misère forms need more than " + format_bytes(memory_budget()) +
                         " of memory (--max-memory): a smaller game or sum");
  }
}

void form_command(const misere_options& opt, context& ctx) {
  within_budget([&](ng::misere_forms& store) {
    const ng::form_id g = store.simplest(parse_form(store, opt.first, 1));
    report r;
    r.value("form", cell::text(ng::to_string(store, g)), "{}");
    r.value("birthday", cell::count(store.height(g)), "birthday: {}");
    r.value("genus", cell::text(ng::to_string(ng::genus(store, g))), "genus: {}");
    const ng::misere_classes c = ng::classes(store, g);
    std::vector<cell> names;
    for (const std::string& name : ng::class_names(c)) names.push_back(cell::text(name));
    r.value("classes", cell::text(ng::to_string(c)), "classes: {}", in_text | in_csv);
    r.value("classes", cell::list(std::move(names)), "", in_json);
    // Differences are often much higher than G, and a form's text is its tree written out,
    // which can be exponentially longer than the form: text shows a part whose text passes 60
    // characters as {...}, JSON and CSV one that passes 10,000.
    constexpr std::uint64_t longest_shown = 60, longest_written = 10000;
    std::vector<cell> parts;
    std::string parts_text, parts_shown;
    for (const ng::form_id p : ng::even_parts(store, g)) {
      const std::uint64_t length = ng::text_length(store, p, longest_written + 1);
      const std::string t = length <= longest_written ? ng::to_string(store, p) : "{...}";
      parts.push_back(cell::text(t));
      const char* comma = parts_text.empty() ? "" : ", ";
      parts_text += comma + t;
      parts_shown += comma + (length <= longest_shown ? t : std::string("{...}"));
    }
    r.value("parts", cell::text(parts_shown), "parts: {}", in_text);
    r.value("parts", cell::text(parts_text), "", in_csv);
    r.value("parts", cell::list(std::move(parts)), "", in_json);
    r.value("mate", cell::text(ng::to_string(store, ng::mate(store, g))), "mate: {}");
    r.value("next_player_wins", cell::flag(store.next_player_wins(g)), "", in_json | in_csv);
    r.sentence(store.next_player_wins(g) ? "the player to move wins" : "the player to move loses");
    print(ctx, r);
  });
}

void equal_command(const misere_options& opt, context& ctx) {
  within_budget([&](ng::misere_forms& store) {
    const ng::form_id g = store.simplest(parse_form(store, opt.first, 1));
    const ng::form_id h = store.simplest(parse_form(store, opt.second, 2));
    report r;
    r.value("equal", cell::flag(g == h), "", in_json | in_csv);
    r.sentence(g == h ? "equal" : "not equal");
    r.value("first", cell::text(ng::to_string(store, g)), "first: {}");
    r.value("second", cell::text(ng::to_string(store, h)), "second: {}");
    print(ctx, r);
  });
}

void subtract_command(const misere_options& opt, context& ctx) {
  within_budget([&](ng::misere_forms& store) {
    const ng::form_id g = store.simplest(parse_form(store, opt.first, 1));
    const ng::form_id h = store.simplest(parse_form(store, opt.second, 2));
    const std::optional<ng::form_id> x = ng::subtract(store, g, h);
    // A difference can be far higher than G, its text exponentially long: past 10,000
    // characters it is written {...}, with its birthday.
    constexpr std::uint64_t longest_written = 10000;
    const bool written = x && ng::text_length(store, *x, longest_written + 1) <= longest_written;
    const cell difference = x ? cell::text(written ? ng::to_string(store, *x) : "{...}") : cell{};
    report r;
    r.value("part", cell::flag(x.has_value()), "", in_json | in_csv);
    r.value("difference", difference, "", in_json | in_csv);
    if (x)
      r.value("difference", difference, "{}", in_text);
    else
      r.sentence("not a part");
    r.value("birthday", x ? cell::count(store.height(*x)) : cell{}, "birthday: {}", in_json | in_csv);
    if (x) r.value("birthday", cell::count(store.height(*x)), "birthday: {}", in_text);
    r.value("first", cell::text(ng::to_string(store, g)), "first: {}");
    r.value("second", cell::text(ng::to_string(store, h)), "second: {}");
    print(ctx, r);
  });
}

void days_command(const misere_options& opt, context& ctx) {
  const std::uint64_t last = parse_bounded(opt.days, argument_where(1), 0, 5, "a day from 0 to 5");
  ng::misere_forms store;
  std::vector<std::uint64_t> days, counts;
  for (std::uint64_t day = 0; day <= last; ++day) {
    days.push_back(day);
    counts.push_back(day <= 4 ? store.born_by(static_cast<unsigned>(day)).size() : store.count_born_by_day_5());
  }
  report r;
  r.table("days", days.size(), {number_column("day", days), number_column("games", counts)},
          "day {day}: {games} games");
  print(ctx, r);
}

}  // namespace

// The period of the genus sequence of a game that never splits a heap, proved from its first
// terms, or why none is claimed.
void check_genus_period_game(const ng::heap_game& game) {
  if (game.splits() || !game.progressions().empty() || game.type() != ng::heap_game::kind::take_break)
    throw input_error("--period", game.name(),
                      "a game whose moves leave at most one heap and take a bounded number with --misere "
                      "(the genus of a sum is not a function of its parts' genera)");
}

void add_genus_period(report& r, const ng::heap_game& game, std::uint64_t terms) {
  const std::vector<ng::misere_genus> genera = ng::heap_genera(game, terms);
  const std::optional<ng::periodicity> period = ng::prove_genus_period(game, genera);
  report& p = r.object("genus_period",
                       "genus period {period}, preperiod {preperiod} (proved: each heap past " +
                           std::to_string(game.max_removal()) + " has its genus from the " +
                           std::to_string(game.max_removal()) + " before it)",
                       in_text | in_json, period.has_value());
  if (period) {
    p.value("preperiod", cell::count(period->preperiod), "", in_json);
    p.value("period", cell::count(period->period), "", in_json);
  } else {
    r.sentence("genus period: none proved within " + std::to_string(terms) + " terms");
  }
}

void print_misere_heaps(const games::heap_game& game, std::uint64_t terms, bool period, context& ctx) {
  if (period) check_genus_period_game(game);
  within_budget([&](ng::misere_forms& store) {
    progress_meter meter(ctx.progress, "nimber heap " + game.name() + " --misere", "heaps");
    const std::vector<ng::form_id> forms =
        ng::heap_forms(store, game, terms, [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); });
    // A form's text is its tree written out, which can grow exponentially with the birthday
    // where the form itself (a DAG) stays small: written up to day 5, whose texts are short,
    // and as {...} past it.
    constexpr std::uint32_t shown_up_to_day = 5;
    const std::vector<std::uint32_t> values = ng::misere_grundy(store, forms);
    std::vector<std::string> genera;
    for (const ng::misere_genus& g : ng::genus(store, forms)) genera.push_back(ng::to_string(g));
    const std::vector<bool> tame = ng::tame(store, forms);
    std::vector<std::uint32_t> birthdays;
    std::vector<std::string> texts;
    for (const ng::form_id g : forms) {
      birthdays.push_back(store.height(g));
      texts.push_back(store.height(g) <= shown_up_to_day ? ng::to_string(store, g) : "{...}");
    }
    report r;
    r.value("game", cell::text(game.name()), "", in_json);
    r.table("misere", terms,
            {{"n", [](std::size_t n) { return cell::count(n); }},
             {"misere_grundy", [&values](std::size_t n) { return cell::number(values[n]); }},
             {"genus", [&genera](std::size_t n) { return cell::text(genera[n]); }},
             {"tame", [&tame](std::size_t n) { return cell::flag(tame[n]); }, in_csv | in_json},
             {"tame_text", [&tame](std::size_t n) { return cell::text(tame[n] ? "tame" : "not tame"); }, in_text},
             {"birthday", [&birthdays](std::size_t n) { return cell::count(birthdays[n]); }},
             {"form", [&texts](std::size_t n) { return cell::text(texts[n]); }}},
            "{n}: {misere_grundy} genus {genus} {tame_text} (born on day {birthday}) {form}");
    if (period) add_genus_period(r, game, terms);
    print(ctx, r);
  });
}

void add_misere_command(CLI::App& app, context& ctx) {
  CLI::App* misere = app.add_subcommand(
      "misere", "Misère play: quotients of heap games (CODE --heaps N), simplest forms and equality");
  misere->require_subcommand(0, 1);
  misere->footer(
      "nimber misere CODE --heaps N: the misère quotient of the heaps 0 .. N of a heap game, the\n"
      "monoid of its sums up to indistinguishability: generators, relations, |Q|, |P|, the\n"
      "element each heap pretends to be, the heaps where it changes; --position H1,H2,... the\n"
      "outcome and winning moves of a sum. Every quotient printed is proved, not guessed.\n"
      "A form: 0, *, *n (n <= 1024), {G,H,...} (its options) or a sum G+H. Misère play: the\n"
      "player who cannot move wins. Two games are equal when no third game added to both\n"
      "tells them apart; each has one simplest form (Conway). docs/games.md has the theory.\n"
      "Examples:\n"
      "  nimber misere 0.77 --heaps 30                    # Kayles: |Q| and the presentation\n"
      "  nimber misere 0.07 --heaps 30 --position 5,9,12  # Dawson's Kayles: who wins, how\n"
      "  nimber misere 0.07 --heaps 30 --format json");
  add_misere_quotient(misere, ctx);
  auto opt = std::make_shared<misere_options>();
  CLI::App* form =
      misere->add_subcommand("form", "The simplest form of a game, its birthday, genus and outcome");
  form->add_option("GAME", opt->first, "A form, such as '*2+*2' or '{0,{*2}}'")->required();
  form->footer("Examples:\n  nimber misere form '*2+*2'     # {*2,*3}\n  nimber misere form '{*}'       # 0");
  form->callback([&ctx, opt] { form_command(*opt, ctx); });

  CLI::App* equal = misere->add_subcommand("equal", "Whether two games are equal in misère play");
  equal->add_option("G", opt->first, "A form")->required();
  equal->add_option("H", opt->second, "A form")->required();
  equal->footer(
      "Examples:\n  nimber misere equal '*+*' 0      # equal\n  nimber misere equal '*2+*2' 0    # not equal");
  equal->callback([&ctx, opt] { equal_command(*opt, ctx); });

  CLI::App* subtract = misere->add_subcommand("subtract", "G - H: the X with H + X = G in misère play, if any");
  subtract->add_option("G", opt->first, "A form")->required();
  subtract->add_option("H", opt->second, "A form, the part to take away")->required();
  subtract->footer(
      "X is unique when it exists (misère sums cancel); otherwise H is not a part of G.\n"
      "Examples:\n  nimber misere subtract '*2+*2' '*2'   # *2\n  nimber misere subtract '*2' '*'        # *3\n"
      "  nimber misere subtract '*2' '*3+*3'   # not a part");
  subtract->callback([&ctx, opt] { subtract_command(*opt, ctx); });

  CLI::App* days = misere->add_subcommand("days", "How many games are born by each day, up to day N");
  days->add_option("N", opt->days, "The last day, 0 to 5 (default 4; day 5 takes seconds)");
  days->footer(
      "Day n's games are the sets of games born before it, simplified.\n"
      "Examples:\n  nimber misere days       # 1 2 3 5 22\n  nimber misere days 5     # ... 4171780");
  days->callback([&ctx, opt] { days_command(*opt, ctx); });
}

}  // namespace nimber::cli
