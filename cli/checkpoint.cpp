#include "checkpoint.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <forward_list>
#include <vector>

#include "common.hpp"
#include "temporary_files.hpp"

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

// The checksum of a checkpoint: its command, its word count and its words' bytes.
fnv1a64 checksum_start(std::string_view command, std::uint64_t count) {
  fnv1a64 h;
  const std::string count_text = std::to_string(count);
  h.add(command);
  h.add("\n");
  h.add(count_text);
  h.add("\n");
  return h;
}

std::uint64_t checksum(std::string_view command, std::uint64_t count, std::string_view bytes) {
  fnv1a64 h = checksum_start(command, count);
  h.add(bytes);
  return h.value();
}

bool needs_quotes(std::string_view word) {
  if (word.empty()) return true;
  for (const char c : word)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::strchr("+-_.,:=/@%^", c))) return true;
  return false;
}

struct descriptor {
  int fd;
  ~descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

// The line of `text` from `at` to its newline, moving `at` past it; nullopt at the end.
std::optional<std::string_view> next_line(std::string_view text, std::size_t& at) {
  const std::size_t end = text.find('\n', at);
  if (end == std::string_view::npos) return std::nullopt;
  const std::string_view line = text.substr(at, end - at);
  at = end + 1;
  return line;
}

// The header of a checkpoint of `command`: four lines, the last two the count of words and
// their checksum. Returns the count, the checksum's text and where the words begin; throws
// input_error at `where` when the header is not that.
struct checkpoint_header {
  std::uint64_t count = 0;
  std::string checksum;
  std::size_t length = 0;
};

checkpoint_header parse_header(std::string_view file, std::string_view command, std::string_view where,
                               const std::string& path) {
  const auto damaged = [&](const std::string& what) {
    return input_error(where, path, "a checkpoint of this command (" + what + ")");
  };
  std::size_t at = 0;
  const auto first = next_line(file, at);
  if (!first || *first != magic) throw damaged("it is not a nimber checkpoint");
  auto saved_command = next_line(file, at);
  if (!saved_command || !saved_command->starts_with("command ")) throw damaged("its header is damaged");
  saved_command->remove_prefix(8);
  if (*saved_command != command) throw damaged("it belongs to 'nimber " + std::string(*saved_command) + "'");
  const auto words_line = next_line(file, at), checksum_line = next_line(file, at);
  if (!words_line || !words_line->starts_with("words ") || !checksum_line || !checksum_line->starts_with("fnv1a64 "))
    throw damaged("its header is damaged");
  const auto count = parse_u64(words_line->substr(6));
  if (!count) throw damaged("its header is damaged");
  return {count.value, std::string(checksum_line->substr(8)), at};
}

// Takes the lock beside the checkpoint, or says which run has it. The descriptor is never
// closed: the kernel lets the lock go when the process ends, after main() has removed the files
// (the lock file among them, as a temporary file: temporary_files.hpp).
void hold_lock(const std::string& lock, std::string_view option, const std::string& path) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) throw resource_error("cannot write '" + lock + "': " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd);
      if (error == EWOULDBLOCK)
        throw input_error(option, path, "a checkpoint no other run is using (another nimber run holds '" + lock + "')");
      throw resource_error("cannot lock '" + lock + "': " + std::strerror(error));
    }
    // A run that has just finished removed the file it held: the lock must be on the file the
    // name holds now, or a third run could take that one too.
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::stat(lock.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      // The name stays as long as the lock, for good: the signal handler may read it at any
      // moment, up to the process's very end (so no static object that exit() would destroy).
      static auto* const held = new std::forward_list<std::string>;
      temporary_files::signals_held signals;
      held->push_front(lock);
      temporary_files::remember(held->front().c_str());
      return;
    }
    ::close(fd);
  }
  throw resource_error("cannot lock '" + lock + "': it keeps being replaced");
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

std::uint64_t checkpoint_size_limit(std::string_view command, std::uint64_t words) {
  // The header's lines: the magic, "command ...", "words N" (N below 2^64), "fnv1a64 X".
  return magic.size() + command.size() + 64 + 4 * words;
}

checkpoint_file::checkpoint_file(std::string path, std::string_view option, const std::string& output_file)
    : path_(std::move(path)), option_(option) {
  check_file_name(option_, path_);
  if (path_ == "-") throw input_error(option_, path_, "a file name (a checkpoint is not written to standard output)");
  target_ = link_target(path_);
  struct stat st {}, output {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  // By name, or by inode once --output has made its file (a new one is made at the end).
  const bool output_exists = exists && ::stat(output_file.c_str(), &output) == 0;
  if (!output_file.empty() && output_file != "-" &&
      (link_target(output_file) == target_ ||
       (output_exists && output.st_ino == st.st_ino && output.st_dev == st.st_dev)))
    throw input_error(option_, path_, "a file other than the --output FILE");
  // Nothing could be read back from them, and opening one would wait for the other end.
  if (exists && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
    throw input_error(option_, path_, "a checkpoint file, not a FIFO or socket");
  special_ = exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
  output_target(path_).open();  // refuses a directory or an unwritable place before any work
  if (!special_) hold_lock(target_ + ".lock", option_, path_);
}

void checkpoint_file::save(std::string_view command, std::span<const std::uint32_t> words) const {
  save(command, words.size(), [words](std::uint64_t first, std::span<std::uint32_t> out) {
    std::copy_n(words.begin() + std::ptrdiff_t(first), out.size(), out.begin());
  });
}

void checkpoint_file::save(std::string_view command, std::uint64_t count, const word_source& fill) const {
  constexpr std::uint64_t piece = std::uint64_t(1) << 20;  // words at a time
  std::vector<std::uint32_t> words;
  const auto each_piece = [&](const auto& use) {
    for (std::uint64_t first = 0; first < count; first += piece) {
      words.resize(std::min(piece, count - first));
      fill(first, words);
      use(words_bytes(words));
    }
  };
  fnv1a64 h = checksum_start(command, count);
  each_piece([&h](const std::string& bytes) { h.add(bytes); });
  output_target out(path_, !special_);
  out.write(std::string(magic) + "\ncommand " + std::string(command) + "\nwords " + std::to_string(count) +
            "\nfnv1a64 " + hex64(h.value()) + "\n");
  each_piece([&out](const std::string& bytes) { out.write(bytes); });
  out.commit();
}

std::optional<std::vector<std::uint32_t>> checkpoint_file::load(std::string_view command, std::string_view where,
                                                                std::uint64_t max_bytes,
                                                                std::string_view bound) const {
  // Not blocking in open(): a FIFO is refused below, not waited on.
  const descriptor file{::open(path_.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  const int fd = file.fd;
  if (fd < 0 && errno == ENOENT) return std::nullopt;
  const auto unreadable = [this] {
    return input_error(option_, path_, std::string("a readable checkpoint file (") + std::strerror(errno) + ")");
  };
  if (fd < 0) throw unreadable();
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw input_error(option_, path_, "a checkpoint file, not a device, FIFO or socket");
  const auto too_large = [&] {
    return input_error(option_, path_, "a checkpoint of at most " + format_bytes(max_bytes) + " (" +
                                           std::string(bound) + ")");
  };
  if (std::uint64_t(st.st_size) > max_bytes) throw too_large();
  // The header first, then the words straight into their vector (little-endian in the file):
  // the file is never held beside them.
  const auto read_some = [&](char* into, std::size_t most) {
    for (;;) {
      const ssize_t got = ::read(fd, into, most);
      if (got >= 0) return std::size_t(got);
      if (errno != EINTR) throw unreadable();
    }
  };
  std::string head;
  char buffer[1 << 16];
  while (std::count(head.begin(), head.end(), '\n') < 4) {
    const std::size_t got = read_some(buffer, sizeof buffer);
    if (got == 0) break;
    head.append(buffer, got);
    if (head.size() > max_bytes) throw too_large();  // it grew while read
  }
  const checkpoint_header header = parse_header(head, command, where, path_);
  const std::uint64_t file_size = std::max<std::uint64_t>(std::uint64_t(st.st_size), head.size());
  const auto damaged = [&] {
    return input_error(where, path_, "a checkpoint of this command (its checksum does not match: the file is damaged)");
  };
  if ((file_size - header.length) / 4 != header.count || (file_size - header.length) % 4 != 0) throw damaged();
  std::vector<std::uint32_t> words(header.count);
  char* const bytes = reinterpret_cast<char*>(words.data());
  const std::size_t total = words.size() * 4, early = std::min(total, head.size() - header.length);
  if (early != 0) std::memcpy(bytes, head.data() + header.length, early);
  if (head.size() - header.length > total) throw damaged();
  for (std::size_t done = early; done < total;) {
    const std::size_t got = read_some(bytes + done, total - done);
    if (got == 0) throw damaged();  // it shrank while read
    done += got;
  }
  if (read_some(buffer, 1) != 0) throw damaged();  // it grew while read
  if (hex64(checksum(command, header.count, std::string_view(bytes, total))) != header.checksum) throw damaged();
  if constexpr (std::endian::native == std::endian::big)
    for (std::uint32_t& w : words) w = (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24);
  return words;
}

std::vector<std::string> checkpoint_file::leftovers(bool with_checkpoint) const {
  if (special_) return {};
  std::vector<std::string> files{target_ + ".tmp"};
  if (with_checkpoint) files.push_back(target_);
  return files;
}

stop_signals::stop_signals() {
  stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, &previous_int_);
  ::sigaction(SIGTERM, &action, &previous_term_);
}

stop_signals::~stop_signals() {
  ::sigaction(SIGINT, &previous_int_, nullptr);
  ::sigaction(SIGTERM, &previous_term_, nullptr);
}

bool stop_signals::stop_requested() noexcept { return stop_signal != 0; }

void stop_signals::stop() noexcept {
  const int signal = stop_signal ? int(stop_signal) : SIGTERM;
  temporary_files::remove_all();
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  ::_exit(128 + signal);
}

}  // namespace nimber::cli
