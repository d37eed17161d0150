#include "common.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nimber::cli {

std::string printable_token(std::string_view token) {
  constexpr std::size_t max_shown = 64;
  std::string s;
  for (std::size_t i = 0; i < token.size() && i < max_shown; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') s += char(c);
    else s += {'\\', 'x', hex_digit_char(c >> 4), hex_digit_char(c)};
  }
  if (token.size() > max_shown) s += "... (" + std::to_string(token.size()) + " characters)";
  return s;
}

// Whether path ("-": standard input) names a directory, which opens and then reads as empty.
static bool is_directory(const std::string& path) {
  struct stat st {};
  const int rc = path == "-" ? fstat(0, &st) : stat(path.c_str(), &st);
  return rc == 0 && S_ISDIR(st.st_mode);
}

namespace {

// An open file, closed when done with; standard input is left open.
struct input_descriptor {
  int fd;
  ~input_descriptor() {
    if (fd > STDIN_FILENO) ::close(fd);
  }
};

}  // namespace

std::string read_file_or_stdin(const std::string& path, std::string_view where,
                               std::string_view token, std::string_view expected,
                               const std::function<bool(std::string_view)>& check_start) {
  const input_descriptor in{path == "-" ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (in.fd < 0) throw input_error(where, token, std::string(expected) + " (" + std::strerror(errno) + ")");
  if (is_directory(path)) throw input_error(where, token, std::string(expected) + " (it is a directory)");
  std::string text;
  const std::string what = std::string(where) + ": '" + printable_token(token) + "'";
  if (read_within_budget(in.fd, text, what, check_start)) return text;
  throw input_error(where, token, std::string(expected) + " (read error: not a regular file?)");
}

u128 parse_number_argument(std::string_view token, std::size_t position) {
  const auto r = parse_u128(token);
  if (r.ec == parse_errc::too_large)
    throw input_error(argument_where(position), token,
                      "a number below 2^128 (the 128-bit limit of the nimber field)");
  if (!r) throw input_error(argument_where(position), token, number_expected);
  return r.value;
}

std::uint64_t parse_bounded(std::string_view token, std::string_view where, std::uint64_t low,
                            std::uint64_t high, std::string_view expected) {
  const auto r = parse_u64(token);
  if (!r || r.value < low || r.value > high) throw input_error(where, token, expected);
  return r.value;
}

void check_file_name(std::string_view where, std::string_view name) {
  if (name.empty()) throw input_error(where, name, "a file name");
  if (name.size() > 1 && name.front() == '-') throw input_error(where, name, "a file name, not an option");
}

std::vector<std::string_view> split_list(std::string_view list, std::string_view where,
                                         std::string_view expected) {
  std::vector<std::string_view> items;
  for (;;) {
    const std::size_t comma = std::min(list.find(','), list.size());
    const std::string_view item = list.substr(0, comma);
    if (item.empty()) throw input_error(where, item, expected);
    items.push_back(item);
    if (comma == list.size()) return items;
    list.remove_prefix(comma + 1);
  }
}

std::vector<std::uint64_t> parse_number_list(std::string_view list, std::string_view where,
                                             std::string_view expected) {
  std::vector<std::uint64_t> values;
  for (const std::string_view item : split_list(list, where, expected)) {
    const auto r = parse_u64(item);
    if (r.ec == parse_errc::too_large) throw input_error(where, item, "a number below 2^64");
    if (!r) throw input_error(where, item, expected);
    values.push_back(r.value);
  }
  return values;
}

void check_argument_count(const std::vector<std::string>& args, std::size_t min,
                          std::size_t max, std::string_view usage) {
  const std::string hint = "(usage: " + std::string(usage) + ")";
  if (args.size() < min)
    throw input_error::at_end(argument_where(args.size() + 1), "another argument " + hint,
                              "end of arguments");
  if (args.size() > max)
    throw input_error(argument_where(max + 1), args[max], "end of arguments " + hint);
}

}  // namespace nimber::cli
