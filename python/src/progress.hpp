// Progress of long computations on sys.stderr, in the form of the CLI's meter (nimber heap):
// "label: done of total terms (p%), rate terms/s, t s left", rewritten in place a few times a
// second and erased at the end. progress=True shows it from the first report; by default
// (progress=None) it appears once a run has taken a second, and only when sys.stderr is a
// terminal (never into a file or a pipe, where it would read as output); progress=False never.
// Called from the computing thread without the GIL; it takes the GIL only to write, and then
// also checks for Ctrl-C (KeyboardInterrupt ends the computation).
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

 private:
  void write(const std::string& text);
  std::string label_;
  bool enabled_ = false;
  bool forced_ = false;  // progress=True: from the first report, not after a second
  bool shown_ = false;
  std::size_t width_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

}  // namespace nimber::python
