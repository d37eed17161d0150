// Shared plumbing of the nimber command: every subcommand registers itself on the CLI11 app
// and writes its result into context::out; main() prints it only when the command succeeds,
// so a failed command leaves stdout empty.
#pragma once

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/text.hpp"

namespace CLI {
class App;
}

namespace nimber::cli {

// A token as shown in an error message: bytes outside printable ASCII escaped as \xNN and
// long tokens cut short, so that the message stays one readable line.
inline std::string printable_token(std::string_view token) {
  constexpr std::size_t max_shown = 64;
  std::string s;
  for (std::size_t i = 0; i < token.size() && i < max_shown; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      s += char(c);
    } else {
      constexpr char hex[] = "0123456789abcdef";
      s += {'\\', 'x', hex[c >> 4], hex[c & 15]};
    }
  }
  if (token.size() > max_shown) s += "... (" + std::to_string(token.size()) + " characters)";
  return s;
}

// Bad input: reported by main() as one line on stderr,
//   nimber: error: <where>: '<token>': expected <expected>
//   nimber: error: <where>: end of input: expected <expected>      (see at_end)
// with exit status 2 and nothing on stdout. `where` is "line N" (1-based, for stdin) or
// "argument N" (the N-th positional argument of the subcommand, 1-based).
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
// it), with `expected` and the system's reason.
inline std::string read_file_or_stdin(const std::string& path, std::string_view where,
                                      std::string_view token, std::string_view expected) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file)
      throw input_error(where, token, std::string(expected) + " (" + std::strerror(errno) + ")");
  }
  std::istream& in = path == "-" ? std::cin : file;
  try {  // a directory opens fine and fails on the first read, by exception
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in.bad()) return text;
  } catch (const std::ios_base::failure&) {
  }
  throw input_error(where, token, std::string(expected) + " (read error: not a regular file?)");
}

// What every numeric argument must look like.
inline constexpr std::string_view number_expected =
    "a number below 2^128 (decimal, 0x hex or 0b binary)";

// The positional argument at `position` (1-based) as a number below 2^128, the nimber field
// that the arithmetic commands compute in; throws input_error naming the 128-bit limit.
inline u128 parse_number_argument(std::string_view token, std::size_t position) {
  const auto r = parse_u128(token);
  if (r.ec == parse_errc::too_large)
    throw input_error(argument_where(position), token,
                      "a number below 2^128 (the 128-bit limit of the nimber field)");
  if (!r) throw input_error(argument_where(position), token, number_expected);
  return r.value;
}

// Checks that there are between min and max positional arguments (usage: e.g.
// "nimber div A B"); throws input_error at the first missing or the first extra one.
inline void check_argument_count(const std::vector<std::string>& args, std::size_t min,
                                 std::size_t max, std::string_view usage) {
  const std::string hint = "(usage: " + std::string(usage) + ")";
  if (args.size() < min)
    throw input_error::at_end(argument_where(args.size() + 1), "another argument " + hint,
                              "end of arguments");
  if (args.size() > max)
    throw input_error(argument_where(max + 1), args[max], "end of arguments " + hint);
}

// Appends n in decimal: no temporary string per number, for outputs of millions of values.
inline void append_decimal(std::string& out, std::uint64_t n) {
  char digits[20];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

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
