// Shared plumbing of the nimber command: every subcommand registers itself on the CLI11 app
// and writes its result into context::out; main() prints it only when the command succeeds,
// so a failed command leaves stdout empty.
#pragma once

#include <stdexcept>
#include <string>

namespace CLI {
class App;
}

namespace nimber::cli {

// Bad input: reported by main() as one line on stderr,
//   nimber: error: <where>: '<token>': expected <expected>
// with exit status 2 and nothing on stdout. `where` is e.g. "line 3" or "argument 2".
class input_error : public std::runtime_error {
 public:
  input_error(std::string where, std::string token, std::string expected)
      : std::runtime_error(where + ": '" + token + "': expected " + expected) {}
  // For errors that are not about one token (e.g. "division by zero").
  explicit input_error(const std::string& message) : std::runtime_error(message) {}
};

struct context {
  std::string out;  // the command's whole stdout, written by main() on success
  int status = 0;   // exit status on success (1: "no result", e.g. no root exists)
};

// One registration function per command group, each in its own cmd_*.cpp file.
void add_arith_commands(CLI::App& app, context& ctx);    // mul add div inv sqrt pow
void add_table_command(CLI::App& app, context& ctx);     // table
void add_batch_command(CLI::App& app, context& ctx);     // batch
void add_nim_command(CLI::App& app, context& ctx);       // nim
void add_kernel_commands(CLI::App& app, context& ctx);   // kernels bench (+ --kernel)
void add_field_commands(CLI::App& app, context& ctx);    // log order solve triples seq matrix
void add_game_commands(CLI::App& app, context& ctx);     // game heap coins

}  // namespace nimber::cli
