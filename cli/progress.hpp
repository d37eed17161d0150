// The progress line of long runs on stderr (--progress, --quiet).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace nimber::cli {

enum class progress_mode : std::uint8_t {
  automatic,  // on stderr when stderr is a terminal
  always,     // --progress: on stderr even into a pipe or a file
  never,      // --quiet
};

// A progress line on stderr for work that may take more than a few seconds: done of total,
// rate and time left, shown once the work has run for two seconds (always: at once), at most
// five times a second, erased when the meter is destroyed; a count lower than the last starts
// the rate afresh. Into a non-terminal (--progress to a pipe) each update is a line of its
// own, with no carriage return or erasing.
class progress_meter {
 public:
  progress_meter(progress_mode mode, std::string label, std::string unit);
  progress_meter(const progress_meter&) = delete;
  progress_meter& operator=(const progress_meter&) = delete;
  ~progress_meter();
  void operator()(std::uint64_t done, std::uint64_t total);
  // Work of another kind from now on (a run's primes, then one prime's power test): a new
  // label and unit, and the rate measured afresh. The same label again changes nothing.
  void stage(const std::string& label, const std::string& unit);

 private:
  std::string label_, unit_;
  bool enabled_, terminal_, shown_ = false;
  std::chrono::steady_clock::duration delay_;
  std::chrono::steady_clock::time_point created_, start_, last_{};
  std::uint64_t first_done_ = 0;  // done at the stage's (or pass's) first call: the rate counts from it
  std::uint64_t last_done_ = 0;
  bool stage_started_ = false;
  std::size_t width_ = 0;
};

// For work that cannot count its steps (one big product, a decimal conversion, an ordinal
// inverse): "label: 12 s so far" on stderr, under the same rules as progress_meter (after two
// seconds, or at once with --progress; never with --quiet), from a thread of its own that the
// destructor stops, erasing the line.
class elapsed_meter {
 public:
  elapsed_meter(progress_mode mode, std::string label);
  elapsed_meter(const elapsed_meter&) = delete;
  elapsed_meter& operator=(const elapsed_meter&) = delete;
  ~elapsed_meter();

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace nimber::cli
