// The errors of the games layer.
//
// Every exception that nimber::games raises is a games_error, so one handler catches whatever
// the layer reports; each is also the standard exception that names its kind, so a handler
// for that kind catches it as well:
//
//   parse_error          std::runtime_error     text that does not follow its format
//   game_argument_error  std::invalid_argument  arguments a function cannot work with
//   game_size_error      std::length_error      a game with more positions than allowed
//   search_limit_error   std::runtime_error     a search that used up its budget
//   store_error          std::runtime_error     a file-backed store that cannot be used
//
// games_error itself does not derive from std::exception: a class reaching std::exception
// along two paths (one through games_error, one through its kind) has an ambiguous
// std::exception base, and `catch (const std::exception&)` would then miss it.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace nimber::games {

class games_error {
 public:
  virtual ~games_error() = default;
  // The message, as std::exception::what() of the same object gives it.
  virtual const char* what() const noexcept = 0;

 protected:
  games_error() = default;
  games_error(const games_error&) = default;
  games_error& operator=(const games_error&) = default;
};

// Bad text input (a game file, a heap-game code): where it went wrong ("line 3", "digit d4"),
// the offending token ("" at the end of the input) and what was expected there, as a phrase
// that follows the word "expected".
class parse_error : public std::runtime_error, public games_error {
 public:
  parse_error(std::string where, std::string token, std::string expected)
      : std::runtime_error(where + ": '" + token + "': expected " + expected),
        where_(std::move(where)), token_(std::move(token)), expected_(std::move(expected)) {}
  // The text ran out at `where` (the line after the last one) where `expected` was due.
  static parse_error at_end_of_input(std::string where, std::string expected) {
    parse_error e(where + ": end of input", "", expected);
    e.where_ = std::move(where);
    e.end_of_input_ = true;
    return e;
  }
  const char* what() const noexcept override { return std::runtime_error::what(); }
  const std::string& where() const noexcept { return where_; }
  const std::string& token() const noexcept { return token_; }
  const std::string& expected() const noexcept { return expected_; }
  bool end_of_input() const noexcept { return end_of_input_; }

 private:
  std::string where_, token_, expected_;
  bool end_of_input_ = false;
};

// A broken precondition that the function checks: an arc to a position out of range, a
// take-and-break digit above 15, a loopy component in an ordinary sum, ...
class game_argument_error : public std::invalid_argument, public games_error {
 public:
  explicit game_argument_error(const std::string& message) : std::invalid_argument(message) {}
  const char* what() const noexcept override { return std::invalid_argument::what(); }
};

// A game that has more positions than the caller allowed (explore, product_game).
class game_size_error : public std::length_error, public games_error {
 public:
  explicit game_size_error(const std::string& message) : std::length_error(message) {}
  const char* what() const noexcept override { return std::length_error::what(); }
};

// A search that gave up at its budget without an answer, although one exists
// (grid_winning_move).
class search_limit_error : public std::runtime_error, public games_error {
 public:
  explicit search_limit_error(const std::string& message) : std::runtime_error(message) {}
  const char* what() const noexcept override { return std::runtime_error::what(); }
};

// A file-backed store (packed_values::create_file, open_file, commit) that cannot be used: the
// file, what it should have been (a phrase that follows "expected": "a store of grundy (it
// holds the values of 0.6)") and whether the system refused an operation (a write on a full
// disk) rather than the file being unfit.
class store_error : public std::runtime_error, public games_error {
 public:
  store_error(std::string path, std::string expected, bool system = false)
      : std::runtime_error(path + ": expected " + expected), path_(std::move(path)),
        expected_(std::move(expected)), system_(system) {}
  const char* what() const noexcept override { return std::runtime_error::what(); }
  const std::string& path() const noexcept { return path_; }
  const std::string& expected() const noexcept { return expected_; }
  bool system() const noexcept { return system_; }

 private:
  std::string path_, expected_;
  bool system_ = false;
};

}  // namespace nimber::games
