// Checkpoints of long runs (--checkpoint FILE, --resume): the state of a computation saved now
// and then and when the run is stopped by SIGINT or SIGTERM, so that the same command with
// --resume goes on from there and prints what an uninterrupted run would have printed.
//
// The file: a text header, then the state as little-endian 32-bit words.
//   nimber checkpoint 1
//   command heap grundy --terms 100000000 --checkpoint run.ckpt
//   words 1048576
//   fnv1a64 0123456789abcdef       (of the command line, the count and the words)
// It is written through output_target (resources.hpp) with the fixed temporary FILE.tmp, which
// is safe because a run holds FILE.lock (flock) for as long as it lives: a second run given the
// same checkpoint is refused. FILE is always a whole checkpoint, the previous one or the new one.
#pragma once

#include <signal.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nimber::cli {

// The command a checkpoint belongs to: the arguments as given, without the ones that do not
// change the result (--resume, --progress, --quiet), each quoted when it needs to be.
std::string checkpoint_command(std::span<const std::string> arguments);

// The checkpoint file of a run, checked when the run starts, before it computes anything: a
// file name (not empty, not an option, not a FIFO or socket), a place this user can write
// (output_target's rules: symbolic links followed, a device written directly) and no other
// run's checkpoint.
class checkpoint_file {
 public:
  // `option`: the option that named it ("--checkpoint"); `output_file`: the run's --output
  // FILE, which it must not be (a completed run removes its checkpoint). Throws input_error or
  // resource_error.
  checkpoint_file(std::string path, std::string_view option, const std::string& output_file);

  const std::string& path() const { return path_; }

  // Writes words as the checkpoint of `command`, atomically. Throws resource_error.
  void save(std::string_view command, std::span<const std::uint32_t> words) const;
  // The same for `count` words that fill(first, out) copies into out, a piece at a time (twice:
  // once for the checksum, once for the file), so that a long run's terms are never held at
  // four bytes each.
  using word_source = std::function<void(std::uint64_t first, std::span<std::uint32_t> out)>;
  void save(std::string_view command, std::uint64_t count, const word_source& fill) const;

  // The words saved for `command`; nullopt when there is no checkpoint yet. A file that is not
  // a regular one or is larger than max_bytes (`bound`: why that is the most) is refused
  // unread, naming the option; one that is not a checkpoint of `command` is input_error at
  // `where` (the option that asked for it to be read).
  std::optional<std::vector<std::uint32_t>> load(std::string_view command, std::string_view where,
                                                 std::uint64_t max_bytes, std::string_view bound) const;

  // The files to remove once the run's output is whole: a temporary file of a run killed while
  // saving and, `with_checkpoint`, the checkpoint itself (the file its links lead to). None for
  // a device or FIFO, which are not ours. (The lock file goes when the process ends.)
  std::vector<std::string> leftovers(bool with_checkpoint) const;

 private:
  std::string path_, option_, target_;  // target_: the file written, links followed
  bool special_ = false;
};

// The longest a checkpoint of `words` words for `command` can be.
std::uint64_t checkpoint_size_limit(std::string_view command, std::uint64_t words);

// SIGINT and SIGTERM, caught while it lives: a run asks stop_requested() between steps,
// saves its state and then calls stop(), which removes the temporary files and ends the process
// as the signal would have. The destructor puts back the actions it found.
class stop_signals {
 public:
  stop_signals();
  stop_signals(const stop_signals&) = delete;
  stop_signals& operator=(const stop_signals&) = delete;
  ~stop_signals();
  static bool stop_requested() noexcept;
  [[noreturn]] static void stop() noexcept;

 private:
  struct sigaction previous_int_ {}, previous_term_ {};
};

// When to save: every `interval` (and at a stop request).
class checkpoint_clock {
 public:
  explicit checkpoint_clock(std::chrono::seconds interval)
      : interval_(interval), last_(std::chrono::steady_clock::now()) {}
  bool due() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < interval_) return false;
    last_ = now;
    return true;
  }

 private:
  std::chrono::seconds interval_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace nimber::cli
