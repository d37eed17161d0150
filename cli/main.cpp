#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "alpha_ranks.hpp"
#include "common.hpp"
#include "memory.hpp"
#include "parse_errors.hpp"
#include "picture.hpp"
#include "temporary_files.hpp"
#include "nimber/field.hpp"
#include "nimber/games/error.hpp"
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
    "--kernel NAME, --output FILE, --max-memory SIZE, --progress, --quiet, --version.";

// Global options whose value is the next argument.
constexpr std::string_view kValueOptions[] = {"--format", "--kernel", "--output", "--max-memory"};

// Options of the whole program. Fallthrough, set before any subcommand is added (they inherit
// it), lets a subcommand hand an option it does not know to its parent, so that a global
// option may follow the command as well as precede it.
void add_global_options(CLI::App& app, context& ctx) {
  app.fallthrough();
  app.set_version_flag("--version", std::string("nimber ") + nimber::version_string,
                       "Print the version and exit");
  const std::map<std::string, output_format> formats{
      {"text", output_format::text}, {"csv", output_format::csv}, {"json", output_format::json},
      {"png", output_format::png},   {"svg", output_format::svg}, {"dot", output_format::dot}};
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
  app.add_option("--output", ctx.output_file,
                 "Write the result to FILE, through a temporary file renamed at the end: FILE "
                 "holds the whole result or is left as it was (a device or FIFO is written to)")
      ->each([](const std::string& name) { check_file_name("--output", name); });
  app.add_option("--max-memory",
                 "The most memory a run may use, e.g. 4G or 512M (default: the physical "
                 "memory available now); a larger request is refused with exit status 2")
      ->each([](const std::string& text) {
        const auto bytes = parse_memory_size(text);
        if (!bytes) throw input_error("--max-memory", text, "a size such as 4G, 512M, 64K or a number of bytes");
        set_memory_budget(*bytes);
      });
  app.add_flag_callback("--progress", [&ctx] { ctx.progress = progress_mode::always; },
                        "Show progress on stderr even when it is not a terminal");
  app.add_flag_callback("--quiet", [&ctx] { ctx.progress = progress_mode::never; },
                        "Never show progress");
  // Before any command runs: a picture format only for the command that draws it.
  app.parse_complete_callback([&app, &ctx] {
    std::string command;
    for (const CLI::App* a = &app; !a->get_subcommands().empty();) {
      a = a->get_subcommands().front();
      command += (command.empty() ? "" : " ") + a->get_name();
    }
    check_format_for_command(ctx.output.format, command);
    // Before the command computes: a destination that cannot be written fails the run now.
    if (!ctx.output_file.empty()) destination(ctx).open();
  });
}

// Every command's help names the global options, which its own option list does not show.
void add_global_help(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->footer(sub->get_footer() + (sub->get_footer().empty() ? "" : "\n") + kGlobalHelp);
    add_global_help(*sub);
  }
}

// The edit distance with adjacent transpositions (optimal string alignment: "hepa" is one
// step from "heap"), for suggesting the command or option nearest a mistyped one.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1), row(b.size() + 1), next(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    next[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      next[j] = std::min({row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        next[j] = std::min(next[j], before[j - 2] + 1);
    }
    before.swap(row);
    row.swap(next);
  }
  return row[b.size()];
}

// A suggestion when the nearest name is close enough to be what was meant: one edit for short
// words ("foo" is not "pow"), two from four letters on.
std::string did_you_mean(std::string_view typed, std::string_view nearest, std::size_t distance) {
  const std::size_t allowed = typed.size() < 4 ? 1 : 2;
  return distance <= allowed ? "; did you mean '" + std::string(nearest) + "'?" : "";
}

// The names of the commands under `app`: "mul, add, div, ...".
std::string command_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

// The command the arguments name, and the command under it where one is required
// ("game grundy"), checked before CLI11 parses them: CLI11 says only that a command is
// required, where the user wants to hear which word was not one and what was meant.
void check_command_name(const CLI::App& app, int argc, char** argv) {
  const CLI::App* current = &app;
  std::string path;  // empty at the top: "a command (mul, add, ...)"
  for (int i = 1; current->get_require_subcommand_min() > 0; ++i) {
    const std::string of = path.empty() ? "" : " of 'nimber " + path + "'";
    if (i >= argc)
      throw input_error::at_end("command", path.empty() ? "a command; 'nimber --help' lists them"
                                                        : "a command" + of + " (" + command_names(*current) + ")",
                                "end of arguments");
    const std::string_view arg = argv[i];
    if (std::find(std::begin(kValueOptions), std::end(kValueOptions), arg) != std::end(kValueOptions)) {
      if (++i == argc) throw input_error::at_end(arg, "a value after it", "end of arguments");
      continue;
    }
    if (arg.starts_with("-") && arg != "--") continue;  // after "--" no word is a command
    std::string nearest;
    std::size_t best = std::string::npos;
    const CLI::App* found = nullptr;
    for (const CLI::App* sub : current->get_subcommands([](const CLI::App*) { return true; })) {
      if (sub->get_name() == arg) found = sub;
      if (const std::size_t d = edit_distance(arg, sub->get_name()); d < best) best = d, nearest = sub->get_name();
    }
    if (found == nullptr)
      throw input_error("command", arg, "a command" + of + " (" + command_names(*current) + ")" +
                                            did_you_mean(arg, nearest, best));
    current = found;
    path += (path.empty() ? "" : " ") + found->get_name();
  }
}

// Options the commands named in the arguments do not have, named before CLI11 parses: it
// would report a required option as missing first (`heap 0.07 --term 5`), list the unexpected
// words without saying what was meant, or read "-hex" as "-h -e -x" and print the help.
void check_option_names(const CLI::App& app, int argc, char** argv) {
  const named_command command = command_named(app, std::vector<std::string>(argv + 1, argv + argc));
  std::map<std::string, bool, std::less<>> known;  // each name: whether a value follows it
  for (const CLI::App* a : command.chain)
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& name : o->get_lnames()) known["--" + name] = o->get_expected_max() > 0;
      for (const std::string& name : o->get_snames()) known["-" + name] = o->get_expected_max() > 0;
    }
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    if (!is_option_word(arg)) continue;
    const bool has_value = arg.find('=') != std::string_view::npos;
    arg = arg.substr(0, arg.find('='));
    if (const auto k = known.find(arg); k != known.end()) {
      if (k->second && !has_value) ++i;  // its value, whatever it looks like ("--output -x.txt")
      continue;
    }
    std::string nearest;
    std::size_t best = std::string::npos;
    // "-hex" for "--hex": a long name after a single dash.
    const std::string as_long = arg.starts_with("--") ? std::string(arg) : "-" + std::string(arg);
    for (const auto& [name, value] : known)
      if (const std::size_t d = edit_distance(as_long, name); d < best) best = d, nearest = name;
    throw input_error("option", argv[i], "an option of '" + command.path + "' (see its --help)" +
                                             did_you_mean(as_long, nearest, best));
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

void add_commands(CLI::App& app, context& ctx) {
  add_arith_commands(app, ctx);
  add_table_command(app, ctx);
  add_batch_command(app, ctx);
  add_nim_command(app, ctx);
  add_kernel_commands(app, ctx);
  add_bench_command(app, ctx);
  add_field_commands(app, ctx);
  add_matrix_command(app, ctx);
  add_game_command(app, ctx);
  add_heap_command(app, ctx);
  add_coins_command(app, ctx);
  add_alpha_command(app, ctx);
  add_misere_command(app, ctx);
  add_global_help(app);
  // Set after the subcommands are added: CLI11 copies the parent's footer into each new one.
  app.footer(
      "Numbers are decimal, 0x hex or 0b binary. A failure is one line on stderr.\n"
      "Exit status: 0 the answer is on stdout; 1 no answer exists (no logarithm, root or\n"
      "solution); 2 bad input, or not enough memory for it; 3 internal error (a bug).\n"
      "Run 'nimber <command> --help' for a command's options and examples.\n"
      "Examples:\n"
      "  nimber mul 5 11                 # 12\n"
      "  nimber table 16                 # the 16 x 16 nim multiplication table\n"
      "  nimber nim 3 5 7                # who wins, and how\n"
      "  nimber nim 3 5 7 --format json  # the same as JSON\n"
      "  printf '1\\n8 8\\n' | nimber batch  # 13");
}

// --help and --version: the text on stdout with status 0, or one error line when it could not
// be written there.
int print_help_or_version(const CLI::App& app, const CLI::Success& e) {
  std::ostringstream out, err;
  const int status = app.exit(e, out, err);
  try {
    output_target().write(out.str());
  } catch (const resource_error& error) {
    return fail(error.what(), exit_bad_input);
  }
  return status;
}

// Runs the command the arguments name and writes its output; returns the exit status. Every
// failure is one line on stderr with nothing on stdout (see exit_status in common.hpp).
int run(CLI::App& app, context& ctx, int argc, char** argv) {
  try {
    if (!wants_help_or_version(argc, argv)) {
      check_command_name(app, argc, argv);
      check_option_names(app, argc, argv);
      check_kernel_environment();
    }
    app.parse(argc, argv);
    output_target& out = destination(ctx);
    out.write(ctx.out);
    out.commit();
    for (const std::string& path : ctx.remove_after_output) std::remove(path.c_str());
    return ctx.status;
  } catch (const CLI::Success& e) {
    return print_help_or_version(app, e);
  } catch (const CLI::ParseError& e) {
    // CLI11's own errors (bad --format value, ...): one line like ours instead of its
    // multi-line report.
    return fail(parse_error_message(e, app, ctx.command_line), exit_bad_input);
  } catch (const input_error& e) {
    return fail(e.what(), exit_bad_input);
  } catch (const resource_error& e) {
    return fail(e.what(), exit_bad_input);
  } catch (const nimber::division_by_zero&) {
    return fail("division by zero", exit_bad_input);
  } catch (const std::bad_alloc&) {
    return fail("out of memory: the run needed more than it could get (" +
                format_bytes(memory_budget()) + " may be used; see --max-memory)", exit_bad_input);
  } catch (const nimber::games::games_error& e) {
    return fail(e.what(), exit_bad_input);  // a game or code the games layer cannot take
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what(), exit_internal);
  } catch (...) {
    return fail("internal error: an unknown exception", exit_internal);
  }
}

}  // namespace

int main(int argc, char** argv) {
  // MPI only for `alpha --primes` under mpirun: ranks other than 0 compute what rank 0 hands
  // them, and run no command (alpha_ranks.hpp).
  ranks::start(argc, argv);
  if (ranks::worker()) return ranks::serve();
  CLI::App app{"nimber: nimber arithmetic and impartial games"};
  app.require_subcommand(1);
  context ctx;
  keep_freed_memory();
  set_memory_budget(available_memory());
  route_gmp_allocations();
  ctx.command_line.assign(argv + 1, argv + argc);
  add_global_options(app, ctx);
  add_commands(app, ctx);
  const int status = run(app, ctx, argc, argv);
  ctx.target.reset();  // a failed run's temporary file goes before exit
  temporary_files::remove_all();  // and what else is left: a checkpoint's lock file
  return ranks::finish(status);
}
