// Shared plumbing of the nimber command: every subcommand registers itself on the CLI11 app,
// parses its arguments with the helpers below, and hands its result to the output writer
// (output.hpp) through print(); main() writes the output only when the command succeeds, so a
// failed command leaves stdout empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "memory.hpp"
#include "nimber/text.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "resources.hpp"

namespace CLI {
class App;
}

namespace nimber::games {
class heap_game;
}

namespace nimber::cli {

// A token as shown in an error message: bytes outside printable ASCII escaped as \xNN and
// long tokens cut short, so that the message stays one readable line.
std::string printable_token(std::string_view token);

// Bad input: reported by main() as one line on stderr,
//   nimber: error: <where>: '<token>': expected <expected>
//   nimber: error: <where>: end of input: expected <expected>      (see at_end)
// with exit status 2 and nothing on stdout. `where` is "line N" (1-based, for stdin),
// "argument N" (the N-th positional argument of the subcommand, 1-based) or an option name.
class input_error : public std::runtime_error {
 public:
  input_error(std::string_view where, std::string_view token, std::string_view expected)
      : std::runtime_error(std::string(where) + ": '" + printable_token(token) +
                           "': expected " + std::string(expected)) {}
  // For errors that are not about one token.
  explicit input_error(const std::string& message) : std::runtime_error(message) {}

  // The input (stdin, or the argument list: `what_ended` = "end of arguments") ran out.
  static input_error at_end(std::string_view where, std::string_view expected,
                            std::string_view what_ended = "end of input") {
    return input_error(std::string(where) + ": " + std::string(what_ended) + ": expected " +
                       std::string(expected));
  }
};

inline std::string argument_where(std::size_t position) {
  return "argument " + std::to_string(position);
}

// The whole contents of the file `path`, or of standard input when `path` is "-". When it
// cannot be read, throws input_error at `where` naming `token` (the argument as the user wrote
// it), with `expected` and the system's reason; when it needs more than the memory budget,
// resource_error. check_start: as for read_within_budget (memory.hpp).
std::string read_file_or_stdin(const std::string& path, std::string_view where,
                               std::string_view token, std::string_view expected,
                               const std::function<bool(std::string_view)>& check_start = {});

// A file name given to option `where` (--output, --checkpoint): not empty, and not a word that
// starts with '-' (`--output --hex` means an option was taken for the name); "-" itself passes,
// for the caller to say what it means there. Throws input_error.
void check_file_name(std::string_view where, std::string_view name);

// What every numeric argument must look like.
inline constexpr std::string_view number_expected =
    "a number below 2^128 (decimal, 0x hex or 0b binary)";

// The positional argument at `position` (1-based) as a number below 2^128, the nimber field
// that the fixed-width commands compute in; throws input_error naming the 128-bit limit.
u128 parse_number_argument(std::string_view token, std::size_t position);

// `token` as a number from low to high (decimal, 0x hex or 0b binary, below 2^64), or
// input_error at `where` with `expected`.
std::uint64_t parse_bounded(std::string_view token, std::string_view where, std::uint64_t low,
                            std::uint64_t high, std::string_view expected);

// The items of a comma-separated list ("3,5,9"), as views into `list`. An empty list or an
// empty item is input_error at `where` naming the empty token, with `expected`.
std::vector<std::string_view> split_list(std::string_view list, std::string_view where,
                                         std::string_view expected);

// A comma-separated list of numbers below 2^64 (each decimal, 0x hex or 0b binary).
std::vector<std::uint64_t> parse_number_list(std::string_view list, std::string_view where,
                                             std::string_view expected);

// Checks that there are between min and max positional arguments (usage: e.g.
// "nimber div A B"); throws input_error at the first missing or the first extra one.
void check_argument_count(const std::vector<std::string>& args, std::size_t min,
                          std::size_t max, std::string_view usage);

inline constexpr std::size_t unlimited = std::size_t(-1);

// Exit statuses, kept distinct so that scripts can tell them apart.
enum exit_status : int {
  exit_answer = 0,     // the command's answer is on stdout
  exit_no_answer = 1,  // none exists: no logarithm, no root, no solution, ...
  exit_bad_input = 2,  // bad input, or not enough memory or another resource for it
  exit_internal = 3,   // a failure that is nimber's fault: please report it
};

struct context {
  std::string out;                      // the command's whole stdout, written by main() on success
  int status = exit_answer;             // exit status on success (or exit_no_answer)
  output_options output;                // --format and --hex, global options
  std::string output_file;              // --output FILE; empty: standard output
  std::optional<output_target> target;  // where stdout goes, opened by destination()
  progress_mode progress = progress_mode::automatic;  // --progress, --quiet
  std::vector<std::string> command_line;  // the arguments after "nimber", as given
  std::vector<std::string> remove_after_output;  // files done with once the output is whole
};

// Where the command's output goes (--output FILE or standard output), opened on first use.
inline output_target& destination(context& ctx) {
  if (!ctx.target) ctx.output_file.empty() ? ctx.target.emplace() : ctx.target.emplace(ctx.output_file);
  return *ctx.target;
}

// Hands a command's result to the output writer, in the format the options ask for.
inline void print(context& ctx, const report& r) { write_report(r, ctx.output, ctx.out); }

// Forces batch kernel `name` (cmd_kernels.cpp); an unknown or unsupported one is input_error
// at `where`.
void force_kernel(const std::string& name, const std::string& where);
// NIMBER_KERNEL, when set, must name a kernel this CPU runs: otherwise input_error at
// "NIMBER_KERNEL", as --kernel would report the name.
void check_kernel_environment();

// One registration function per command group, each in its own cmd_*.cpp file.
void add_arith_commands(CLI::App& app, context& ctx);    // mul add div inv sqrt pow
void add_table_command(CLI::App& app, context& ctx);     // table
void add_batch_command(CLI::App& app, context& ctx);     // batch
void add_nim_command(CLI::App& app, context& ctx);       // nim
void add_kernel_commands(CLI::App& app, context& ctx);   // kernels
void add_bench_command(CLI::App& app, context& ctx);     // bench (cmd_bench.cpp)
void add_field_commands(CLI::App& app, context& ctx);    // log order solve triples seq
void add_matrix_command(CLI::App& app, context& ctx);    // matrix
void add_game_command(CLI::App& app, context& ctx);      // game outcome|grundy
void add_heap_command(CLI::App& app, context& ctx);      // heap
void add_coins_command(CLI::App& app, context& ctx);     // coins
void add_alpha_command(CLI::App& app, context& ctx);     // alpha

// heap CODE --misere (cmd_misere.cpp): the misère Grundy value and simplest form of the heaps
// 0 .. terms - 1.
// Per heap: misère Grundy value, genus, tameness, birthday and form; with `period`, the period
// of the genus sequence proved for games that never split a heap (an input_error for others).
void print_misere_heaps(const games::heap_game& game, std::uint64_t terms, bool period, context& ctx);
void add_misere_command(CLI::App& app, context& ctx);    // misere form|equal|subtract|days, misere CODE
// misere CODE --heaps N (cmd_misere_quotient.cpp): the misère quotient of a heap game, added
// to the misere command.
void add_misere_quotient(CLI::App* misere, context& ctx);

}  // namespace nimber::cli
