// CLI11's parse errors in the command's one-line form (input_error in common.hpp):
//   <where>: '<token>': expected <what>
// where the option or "argument N" names the place, the token is the argument as given, and
// the command (e.g. 'nimber game grundy') is named where it tells what was expected.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace nimber::cli {

// An option word ("--hex", "-x", "--format=csv"), not a value such as "-1" (an exponent) or
// "-" (standard input).
bool is_option_word(std::string_view arg);

// The deepest command that the arguments name ("nimber game grundy"), with the chain of
// CLI11 apps from the program down to it.
struct named_command {
  std::vector<const CLI::App*> chain;
  std::string path;
  std::size_t first_argument;  // the index in the arguments after the command's name
  const CLI::App& app() const { return *chain.back(); }
};
named_command command_named(const CLI::App& program, const std::vector<std::string>& args);

// One line for any CLI11 parse error of `args` (the arguments after "nimber"); an error
// that none of its forms matches still names the command and the word CLI11 objected to.
std::string parse_error_message(const CLI::ParseError& e, const CLI::App& program,
                                const std::vector<std::string>& args);

}  // namespace nimber::cli
