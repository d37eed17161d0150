// Progress of long computations on sys.stderr, as the CLI shows it (cli/resources.hpp):
// "label: done of total terms (p%), rate terms/s, t s left". On a terminal the line is
// redrawn in place at most five times a second and erased at the end; elsewhere (progress=True
// into a file, a pipe or a notebook) each update is a line of its own, at most once a second.
// progress=None (the default) shows it only on a terminal, once the work has run for two
// seconds; progress=True at once, wherever stderr goes; progress=False never.
// Called from the computing thread without the GIL; it takes the GIL to write and, a few times
// a second whatever the setting, to check for Ctrl-C (KeyboardInterrupt ends the computation).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "py_common.hpp"

namespace nimber::python {

class progress_meter {
 public:
  // `setting` is the function's progress argument: None, True or False.
  progress_meter(std::string label, py::handle setting);
  ~progress_meter();
  progress_meter(const progress_meter&) = delete;
  progress_meter& operator=(const progress_meter&) = delete;

  // Without the GIL. Throws py::error_already_set on a pending KeyboardInterrupt.
  void operator()(std::uint64_t done, std::uint64_t total);
  // The check for Ctrl-C alone, for the points of a long step between reports: without the
  // GIL, at most a few times a second; throws as operator() does.
  void check_signals();

 private:
  void write(const std::string& text);
  std::string label_;
  bool enabled_ = false, terminal_ = false, shown_ = false;
  std::chrono::steady_clock::duration delay_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{}, checked_{};
  std::size_t width_ = 0;
};

}  // namespace nimber::python
