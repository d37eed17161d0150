// Checkpoints of long runs (--checkpoint FILE, --resume): the state of a computation saved now
// and then and when the run is stopped by SIGINT or SIGTERM, so that the same command with
// --resume goes on from there and prints what an uninterrupted run would have printed.
//
// The file: a text header, then the state as little-endian 32-bit words.
//   nimber checkpoint 1
//   command heap grundy --terms 100000000 --checkpoint run.ckpt
//   words 1048576
//   fnv1a64 0123456789abcdef       (of the command line, the count and the words)
// It is written to FILE.tmp and renamed over FILE, so FILE is always a whole checkpoint, the
// previous one or the new one.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nimber::cli {

// The command a checkpoint belongs to: the arguments as given, without the ones that do not
// change the result (--resume, --progress, --quiet), each quoted when it needs to be.
std::string checkpoint_command(std::span<const std::string> arguments);

// Writes words as the checkpoint of `command` to path, atomically. Throws resource_error.
void save_checkpoint(const std::string& path, std::string_view command,
                     std::span<const std::uint32_t> words);

// The words saved in path for `command`; nullopt when path does not exist. Throws input_error
// at --resume when the file is not a checkpoint, is damaged or belongs to another command.
std::optional<std::vector<std::uint32_t>> load_checkpoint(const std::string& path,
                                                          std::string_view command);

// SIGINT and SIGTERM, caught while it lives: a run asks stop_requested() between steps,
// saves its state and then calls stop(), which ends the process as the signal would have.
class stop_signals {
 public:
  stop_signals();
  stop_signals(const stop_signals&) = delete;
  stop_signals& operator=(const stop_signals&) = delete;
  ~stop_signals();
  static bool stop_requested() noexcept;
  [[noreturn]] static void stop() noexcept;
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
