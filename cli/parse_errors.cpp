#include "parse_errors.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string_view>

#include "common.hpp"

namespace nimber::cli {

bool is_option_word(std::string_view arg) {
  return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]));
}

named_command command_named(const CLI::App& program, const std::vector<std::string>& args) {
  named_command c{{&program}, "nimber", 0};
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i].starts_with("-")) continue;
    for (const CLI::App* sub : c.app().get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == args[i]) {
        c.chain.push_back(sub);
        c.path += " " + args[i];
        c.first_argument = i + 1;
        break;
      }
  }
  return c;
}

namespace {

using args_t = std::vector<std::string>;
using message = std::optional<std::string>;

// The line of an input_error: every message here in the one format it defines.
std::string line(const input_error& e) { return e.what(); }

// The option or positional that CLI11 calls `name` ("--format", "N"), in the command or above.
const CLI::Option* find_option(const named_command& c, const std::string& name) {
  for (auto a = c.chain.rbegin(); a != c.chain.rend(); ++a)
    if (const CLI::Option* o = (*a)->get_option_no_throw(name)) return o;
  return nullptr;
}

bool is_flag(const CLI::Option* o) { return o != nullptr && o->get_expected_max() == 0; }

// The values given to the option `name`, in order: "--format csv" or "--format=csv"; a
// flag's only after '='.
args_t values_of(const args_t& args, const std::string& name, bool flag) {
  args_t values;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].starts_with(name + "=")) values.push_back(args[i].substr(name.size() + 1));
    else if (args[i] == name && !flag && i + 1 < args.size()) values.push_back(args[++i]);
  }
  return values;
}

// "argument N" for args[at]: its place among the command's words that are neither options
// nor their values.
std::string positional_where(const named_command& c, const args_t& args, std::size_t at) {
  std::size_t n = 0;
  for (std::size_t i = c.first_argument; i <= at && i < args.size(); ++i) {
    if (is_option_word(args[i])) {
      const std::size_t eq = args[i].find('=');
      const CLI::Option* o = find_option(c, args[i].substr(0, eq));
      if (o != nullptr && !is_flag(o) && eq == std::string::npos) ++i;
      continue;
    }
    ++n;
  }
  return argument_where(n);
}

// "argument N" for the positional option `o` of the command: its place among them.
std::string positional_where(const named_command& c, const CLI::Option* o) {
  std::size_t n = 0;
  for (const CLI::Option* p : c.app().get_options())
    if (p->get_positional() && !p->nonpositional()) {
      ++n;
      if (p == o) break;
    }
  return argument_where(n);
}

// "8, 16, 32, 64 or 128" from a set validator's "UINT:{8,16,32,64,128}", or nothing.
std::optional<std::string> allowed_values(const CLI::Option* o) {
  if (o == nullptr) return std::nullopt;
  const std::string type = o->get_type_name();
  const std::size_t open = type.find('{'), close = type.find('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
  std::string set = type.substr(open + 1, close - open - 1), r;
  for (const char ch : set) r += ch == ',' ? std::string(", ") : std::string(1, ch);
  if (const std::size_t last = r.rfind(", "); last != std::string::npos) r.replace(last, 2, " or ");
  return r;
}

// What a value of `o` must be, by its type.
std::string value_expected(const named_command& c, const CLI::Option* o) {
  if (const auto set = allowed_values(o)) return *set;
  const std::string type = o == nullptr ? "" : o->get_type_name();
  if (type.starts_with("UINT")) return "a whole number (see '" + c.path + " --help')";
  if (type.starts_with("INT")) return "an integer (see '" + c.path + " --help')";
  if (type.starts_with("FLOAT")) return "a number (see '" + c.path + " --help')";
  return "a value that '" + c.path + " --help' describes";
}

std::string flag_value_error(const std::string& name, const std::string& value) {
  return line(input_error(name, value, "no value (" + name + " is a flag; =true or =false at most)"));
}

// "The following argument(s) was/were not expected: A B": the first of them on the command
// line is named. CLI11 lists them in its own order, so they are matched from the end.
message extras_message(const named_command& c, const args_t& args, const std::string& what) {
  const std::size_t colon = what.find("expected: ");
  if (colon == std::string::npos) return std::nullopt;
  std::istringstream listed(what.substr(colon + 10));
  std::vector<std::string> words;
  for (std::string w; listed >> w;) words.push_back(w);
  std::size_t first = args.size();
  for (std::size_t i = args.size(); i-- > 0 && !words.empty();)
    if (const auto w = std::find(words.begin(), words.end(), args[i]); w != words.end()) {
      words.erase(w);
      first = i;
    }
  if (first == args.size()) return std::nullopt;
  const std::string& token = args[first];
  if (is_option_word(token))
    return line(input_error("option", token, "an option of '" + c.path + "' (see its --help)"));
  return line(input_error(positional_where(c, args, first), token,
                          "end of arguments (see '" + c.path + " --help')"));
}

// "NAME: At Most N required but received M" and the other counts of values.
message mismatch_message(const named_command& c, const args_t& args, const std::string& what) {
  if (what.starts_with("Expected ")) {  // "Expected exactly N arguments to NAME, got M"
    const std::size_t to = what.find(" arguments to "), got = what.rfind(", got ");
    if (to == std::string::npos || got == std::string::npos || got < to) return std::nullopt;
    const std::string count = what.substr(9, to - 9), name = what.substr(to + 14, got - to - 14);
    return line(input_error::at_end(name, count + " values after it", "end of arguments"));
  }
  const std::size_t colon = what.find(": ");
  const std::string name = what.substr(0, colon), rest = colon == std::string::npos ? "" : what.substr(colon + 2);
  const CLI::Option* o = find_option(c, name);
  const args_t values = values_of(args, name, is_flag(o));
  if (what.ends_with(" was given a disallowed flag override"))
    return flag_value_error(what.substr(0, what.find(' ')), values.empty() ? "" : values.back());
  if (rest.starts_with("At Most ") && !values.empty()) {
    const std::string most = rest.substr(8, rest.find(' ', 8) - 8);
    return line(input_error(name, values.back(), "at most " + most + (most == "1" ? " value" : " values") + " (" +
                                                     name + " was given " + std::to_string(values.size()) + ")"));
  }
  if (rest.starts_with("At least ")) {
    const std::string least = rest.substr(9, rest.find(' ', 9) - 9);
    return line(input_error::at_end(name, "at least " + least + " values after it", "end of arguments"));
  }
  // "N required TYPE missing" (CLI11 cuts some of these short: no "missing")
  if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0])) &&
      rest.find(" required ") != std::string::npos) {
    const std::string count = rest.substr(0, rest.find(' '));
    return line(input_error::at_end(name, count == "1" ? "a value after it" : count + " values after it",
                                    "end of arguments"));
  }
  return std::nullopt;
}

// "Could not convert: NAME = VALUE", "The value X is not an allowed value for NAME", and a
// flag given a value it cannot take.
message conversion_message(const named_command& c, const args_t& args, const std::string& what) {
  if (what.starts_with("Could not convert: ")) {
    const std::size_t eq = what.find(" = ");
    if (eq == std::string::npos) return std::nullopt;
    const std::string name = what.substr(19, eq - 19), value = what.substr(eq + 3);
    const CLI::Option* o = find_option(c, name);
    if (is_flag(o)) return flag_value_error(name, value);
    const std::string where = o != nullptr && !o->nonpositional() ? positional_where(c, o) : name;
    return line(input_error(where, value, value_expected(c, o)));
  }
  if (what.starts_with("The value ")) {
    const std::size_t is_not = what.find(" is not an allowed value for ");
    if (is_not == std::string::npos) return std::nullopt;
    const std::string value = what.substr(10, is_not - 10), name = what.substr(is_not + 29);
    return line(input_error(name, value, value_expected(c, find_option(c, name))));
  }
  const std::size_t colon = what.find(": ");
  if (colon == std::string::npos) return std::nullopt;
  const std::string name = what.substr(0, colon);
  const args_t values = values_of(args, name, true);
  return flag_value_error(name, values.empty() ? "" : values.back());
}

// "NAME: MESSAGE" from a validator: the value given to NAME and what it must be.
message validation_message(const named_command& c, const args_t& args, const std::string& what) {
  const std::size_t colon = what.find(": ");
  if (colon == std::string::npos || !what.starts_with("-")) return std::nullopt;
  const std::string name = what.substr(0, colon);
  // "--format: Check xml value in {csv->,json->,text->}": the formats, named for the commands.
  if (const std::size_t check = what.find(": Check "); check == colon) {
    const std::size_t begin = check + 8, end = what.find(" value in", begin);
    if (end != std::string::npos)
      return name + ": '" + printable_token(what.substr(begin, end - begin)) +
             "': expected text, csv or json (png and svg for 'table', dot for 'game grundy')";
  }
  const CLI::Option* o = find_option(c, name);
  const args_t values = values_of(args, name, is_flag(o));
  return line(input_error(name, values.empty() ? what.substr(colon + 2) : values.back(), value_expected(c, o)));
}

// "A subcommand is required", "NAME is required".
message required_message(const named_command& c, const std::string& what) {
  if (what == "A subcommand is required") {
    if (c.chain.size() == 1)
      return line(input_error::at_end("command", "a command; 'nimber --help' lists them", "end of arguments"));
    std::string names;
    for (const CLI::App* sub : c.app().get_subcommands([](const CLI::App*) { return true; }))
      names += (names.empty() ? "" : ", ") + sub->get_name();
    return line(input_error::at_end("command", "a command of '" + c.path + "' (" + names + ")", "end of arguments"));
  }
  if (!what.ends_with(" is required")) return std::nullopt;
  const std::string name = what.substr(0, what.size() - 12);
  const CLI::Option* o = find_option(c, name);
  if (o == nullptr) return std::nullopt;
  if (!o->nonpositional())
    return line(input_error::at_end(positional_where(c, o), name + " (see '" + c.path + " --help')",
                                    "end of arguments"));
  return line(input_error::at_end(name, "the option " + name + ", which '" + c.path + "' requires",
                                  "end of arguments"));
}

// "A requires B", "A excludes B": the option A as given and what it asks of B.
message relation_message(const std::string& what, bool requires_) {
  const std::string verb = requires_ ? " requires " : " excludes ";
  const std::size_t at = what.find(verb);
  if (at == std::string::npos) return std::nullopt;
  const std::string a = what.substr(0, at), b = what.substr(at + verb.size());
  return line(input_error("option", a, requires_ ? b + " as well (" + a + " needs it)"
                                                 : "no " + b + " with it (they exclude each other)"));
}

// The kind of a CLI11 error, by its type: get_name() is the app's name where CLI11 gives one.
template <class Error>
bool is(const CLI::ParseError& e) {
  return dynamic_cast<const Error*>(&e) != nullptr;
}

}  // namespace

std::string parse_error_message(const CLI::ParseError& e, const CLI::App& program, const args_t& args) {
  const named_command c = command_named(program, args);
  const std::string what = e.what();
  message m;
  if (is<CLI::ExtrasError>(e)) m = extras_message(c, args, what);
  else if (is<CLI::ArgumentMismatch>(e)) m = mismatch_message(c, args, what);
  else if (is<CLI::ConversionError>(e)) m = conversion_message(c, args, what);
  else if (is<CLI::ValidationError>(e)) m = validation_message(c, args, what);
  else if (is<CLI::RequiredError>(e)) m = required_message(c, what);
  else if (is<CLI::RequiresError>(e)) m = relation_message(what, true);
  else if (is<CLI::ExcludesError>(e)) m = relation_message(what, false);
  if (m) return *m;
  return c.path + ": the arguments: expected what '" + c.path + " --help' describes (" + what + ")";
}

}  // namespace nimber::cli
