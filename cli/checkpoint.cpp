#include "checkpoint.hpp"

#include <signal.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common.hpp"

namespace nimber::cli {

namespace {

constexpr std::string_view magic = "nimber checkpoint 1";

// FNV-1a, 64 bits (Fowler, Noll, Vo): catches a damaged or edited file, which is all it is for.
class fnv1a64 {
 public:
  void add(std::string_view bytes) noexcept {
    for (const char c : bytes) hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  }
  std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325;
};

std::string words_bytes(std::span<const std::uint32_t> words) {
  std::string bytes(words.size() * 4, '\0');
  for (std::size_t i = 0; i < words.size(); ++i)
    for (int j = 0; j < 4; ++j) bytes[4 * i + std::size_t(j)] = char(words[i] >> (8 * j));
  return bytes;
}

std::string hex64(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

std::uint64_t checksum(std::string_view command, std::uint64_t count, std::string_view bytes) {
  fnv1a64 h;
  const std::string count_text = std::to_string(count);
  h.add(command);
  h.add("\n");
  h.add(count_text);
  h.add("\n");
  h.add(bytes);
  return h.value();
}

bool needs_quotes(std::string_view word) {
  if (word.empty()) return true;
  for (const char c : word)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::strchr("+-_.,:=/@%^", c))) return true;
  return false;
}

volatile sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int signal) { stop_signal = signal; }

}  // namespace

std::string checkpoint_command(std::span<const std::string> arguments) {
  std::string command;
  for (const std::string& a : arguments) {
    if (a == "--resume" || a == "--progress" || a == "--quiet") continue;
    if (!command.empty()) command += ' ';
    if (!needs_quotes(a)) {
      command += a;
      continue;
    }
    command += '\'';
    for (const char c : a) command += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += '\'';
  }
  return command;
}

void save_checkpoint(const std::string& path, std::string_view command,
                     std::span<const std::uint32_t> words) {
  const std::string bytes = words_bytes(words);
  std::string file = std::string(magic) + "\ncommand " + std::string(command) + "\nwords " +
                     std::to_string(words.size()) + "\nfnv1a64 " +
                     hex64(checksum(command, words.size(), bytes)) + "\n";
  file += bytes;
  output_target out(path, true);
  out.write(file);
  out.commit();
}

std::optional<std::vector<std::uint32_t>> load_checkpoint(const std::string& path,
                                                          std::string_view command) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return std::nullopt;
    throw input_error("--checkpoint", path, std::string("a readable checkpoint file (") + std::strerror(errno) + ")");
  }
  const auto damaged = [&path](const std::string& what) {
    return input_error("--resume", path, "a checkpoint of this command (" + what + ")");
  };
  std::string line, saved_command, words_line, checksum_line;
  if (!std::getline(in, line) || line != magic) throw damaged("it is not a nimber checkpoint");
  if (!std::getline(in, saved_command) || !saved_command.starts_with("command "))
    throw damaged("its header is damaged");
  saved_command.erase(0, 8);
  if (saved_command != command) throw damaged("it belongs to 'nimber " + saved_command + "'");
  if (!std::getline(in, words_line) || !words_line.starts_with("words ") ||
      !std::getline(in, checksum_line) || !checksum_line.starts_with("fnv1a64 "))
    throw damaged("its header is damaged");
  const auto count = parse_u64(std::string_view(words_line).substr(6));
  if (!count) throw damaged("its header is damaged");
  std::ostringstream rest;
  rest << in.rdbuf();
  const std::string bytes = rest.str();
  if (bytes.size() != count.value * 4 ||
      hex64(checksum(command, count.value, bytes)) != std::string_view(checksum_line).substr(8))
    throw damaged("its checksum does not match: the file is damaged");
  std::vector<std::uint32_t> words(count.value);
  for (std::size_t i = 0; i < words.size(); ++i)
    for (int j = 0; j < 4; ++j)
      words[i] |= std::uint32_t(static_cast<unsigned char>(bytes[4 * i + std::size_t(j)])) << (8 * j);
  return words;
}

stop_signals::stop_signals() {
  stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

stop_signals::~stop_signals() {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
}

bool stop_signals::stop_requested() noexcept { return stop_signal != 0; }

void stop_signals::stop() noexcept {
  const int signal = stop_signal ? int(stop_signal) : SIGTERM;
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  ::_exit(128 + signal);
}

}  // namespace nimber::cli
