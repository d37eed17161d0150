#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "nimber/field.hpp"
#include "nimber/version.hpp"

namespace {

using namespace nimber::cli;

// Every failure is one line on stderr, so scripts can rely on `2>&1 | head -1`.
int fail(std::string message, int status) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  std::fprintf(stderr, "nimber: error: %s\n", message.c_str());
  return status;
}

constexpr const char* kGlobalHelp =
    "Global options, before or after the command: --format text|csv|json, --hex,\n"
    "--kernel NAME, --version.";

// Options of the whole program. Fallthrough, set before any subcommand is added (they inherit
// it), lets a subcommand hand an option it does not know to its parent, so that a global
// option may follow the command as well as precede it.
void add_global_options(CLI::App& app, context& ctx) {
  app.fallthrough();
  app.set_version_flag("--version", std::string("nimber ") + nimber::version_string,
                       "Print the version and exit");
  const std::map<std::string, output_format> formats{
      {"text", output_format::text}, {"csv", output_format::csv}, {"json", output_format::json}};
  app.add_option("--format", ctx.output.format,
                 "text (default): for people; csv: the result's table; json: all of it")
      ->transform(CLI::CheckedTransformer(formats));
  app.add_flag("--hex", ctx.output.hex,
               "Write numbers in hex (0x...); counts and indices stay decimal");
  // Forced as soon as it is parsed, before any subcommand runs.
  app.add_option("--kernel",
                 "Batch kernel to use: portable, pclmul, avx2 or avx512 (default: the best "
                 "this CPU runs)")
      ->each([](const std::string& name) { force_kernel(name, "--kernel"); });
}

// Every command's help names the global options, which its own option list does not show.
void add_global_help(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->footer(sub->get_footer() + (sub->get_footer().empty() ? "" : "\n") + kGlobalHelp);
    add_global_help(*sub);
  }
}

// Levenshtein distance, for suggesting the command nearest a mistyped one.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The command the arguments name, checked before CLI11 parses them: CLI11 says only that a
// command is required, where the user wants to hear which word was not one and what was meant.
void check_command_name(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--format" || arg == "--kernel") {  // global options with a separate value
      if (++i == argc) throw input_error::at_end(arg, "a value after it", "end of arguments");
      continue;
    }
    if (arg.starts_with("-")) continue;
    std::string names, nearest;
    std::size_t best = std::string::npos;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
      if (sub->get_name() == arg) return;
      names += (names.empty() ? "" : ", ") + sub->get_name();
      if (const std::size_t d = edit_distance(arg, sub->get_name()); d < best) best = d, nearest = sub->get_name();
    }
    const std::string hint = best <= 2 ? "; did you mean '" + nearest + "'?" : "";
    throw input_error("command", arg, "a command (" + names + ")" + hint);
  }
  throw input_error::at_end("command", "a command; 'nimber --help' lists them", "end of arguments");
}

// Long options the commands named in the arguments do not have, named before CLI11 parses:
// it would report a required option as missing first (`heap 0.07 --term 5`), or list the
// unexpected words without saying what was meant.
void check_option_names(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> known;
  std::string command = "nimber";
  const auto add_options = [&known](const CLI::App* a) {
    for (const CLI::Option* o : a->get_options())
      for (const std::string& name : o->get_lnames()) known.push_back("--" + name);
  };
  add_options(&app);
  const CLI::App* current = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("-")) continue;
    for (const CLI::App* sub : current->get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == arg) {
        current = sub;
        command += " " + sub->get_name();
        add_options(sub);
        break;
      }
  }
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    if (!arg.starts_with("--")) continue;
    arg = arg.substr(0, arg.find('='));
    if (std::find(known.begin(), known.end(), arg) != known.end()) continue;
    std::string nearest;
    std::size_t best = std::string::npos;
    for (const std::string& name : known)
      if (const std::size_t d = edit_distance(arg, name); d < best) best = d, nearest = name;
    const std::string hint = best <= 2 ? "; did you mean '" + nearest + "'?" : "";
    throw input_error("option", argv[i], "an option of '" + command + "' (see its --help)" + hint);
  }
}

// --help, -h or --version anywhere: CLI11 answers those without a command.
bool wants_help_or_version(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h" || arg == "--version") return true;
  }
  return false;
}

// CLI11's messages, reworded where they do not say what is wrong: an option given without
// its value ("--kernel: 1 required  missing").
std::string parse_error_message(const CLI::ParseError& e) {
  const std::string what = e.what();
  // "--format: Check xml value in {csv->,json->,text->": a value outside a fixed set.
  if (const std::size_t check = what.find(": Check "); check != std::string::npos && what.starts_with("--")) {
    const std::size_t begin = check + 8, end = what.find(" value in", begin);
    if (end != std::string::npos)
      return what.substr(0, check) + ": '" + what.substr(begin, end - begin) + "': expected text, csv or json";
  }
  if (const std::size_t colon = what.find(": 1 required"); colon != std::string::npos && what.starts_with("--"))
    return what.substr(0, colon) + ": end of arguments: expected a value after it";
  return what;
}

void add_commands(CLI::App& app, context& ctx) {
  add_arith_commands(app, ctx);
  add_table_command(app, ctx);
  add_batch_command(app, ctx);
  add_nim_command(app, ctx);
  add_kernel_commands(app, ctx);
  add_field_commands(app, ctx);
  add_matrix_command(app, ctx);
  add_game_command(app, ctx);
  add_heap_command(app, ctx);
  add_coins_command(app, ctx);
  add_global_help(app);
  // Set after the subcommands are added: CLI11 copies the parent's footer into each new one.
  app.footer(
      "Numbers are decimal, 0x hex or 0b binary. Bad input: one line on stderr, exit status 2.\n"
      "Run 'nimber <command> --help' for a command's options and examples.\n"
      "Examples:\n"
      "  nimber mul 5 11                 # 12\n"
      "  nimber table 16                 # the 16 x 16 nim multiplication table\n"
      "  nimber nim 3 5 7                # who wins, and how\n"
      "  nimber nim 3 5 7 --format json  # the same as JSON\n"
      "  printf '1\\n8 8\\n' | nimber batch  # 13");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"nimber: nimber arithmetic and impartial games"};
  app.require_subcommand(1);
  context ctx;
  add_global_options(app, ctx);
  add_commands(app, ctx);
  try {
    if (!wants_help_or_version(argc, argv)) {
      check_command_name(app, argc, argv);
      check_option_names(app, argc, argv);
    }
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: printed on stdout, status 0
  } catch (const CLI::ParseError& e) {
    // CLI11's own errors (unknown option, bad --format value, ...): one line like ours,
    // status 2, instead of CLI11's multi-line report.
    return fail(parse_error_message(e), 2);
  } catch (const input_error& e) {
    return fail(e.what(), 2);
  } catch (const nimber::division_by_zero&) {
    return fail("division by zero", 2);
  } catch (const std::exception& e) {
    return fail(e.what(), 1);  // not the input's fault (e.g. out of memory)
  }
  if (std::fwrite(ctx.out.data(), 1, ctx.out.size(), stdout) != ctx.out.size() ||
      std::fflush(stdout) != 0)
    return fail(std::string("cannot write output: ") + std::strerror(errno), 1);
  return ctx.status;
}
