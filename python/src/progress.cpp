#include "progress.hpp"

#include <algorithm>
#include <cstdio>

namespace nimber::python {

namespace {
using std::chrono::milliseconds;
constexpr milliseconds signal_check(200);  // Ctrl-C answered within this
}  // namespace

progress_meter::progress_meter(std::string label, py::handle setting) : label_(std::move(label)) {
  if (!setting.is_none() && !PyBool_Check(setting.ptr()))
    throw py::type_error("progress must be True, False or None");
  py::object err = py::module_::import("sys").attr("stderr");
  terminal_ = !err.is_none() && py::hasattr(err, "isatty") && err.attr("isatty")().cast<bool>();
  enabled_ = setting.is_none() ? terminal_ : setting.ptr() == Py_True;
  delay_ = setting.ptr() == Py_True ? std::chrono::steady_clock::duration(0) : std::chrono::seconds(2);
}

progress_meter::~progress_meter() {
  if (!shown_ || !terminal_) return;
  try {
    write("\r" + std::string(width_, ' ') + "\r");
  } catch (...) {  // stderr gone: nothing to erase, and the result stands
  }
}

void progress_meter::write(const std::string& text) {
  py::object err = py::module_::import("sys").attr("stderr");
  err.attr("write")(text);
  err.attr("flush")();
}

void progress_meter::check_signals() {
  const auto now = std::chrono::steady_clock::now();
  if (now - checked_ < signal_check) return;
  checked_ = now;
  py::gil_scoped_acquire acquire;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

void progress_meter::operator()(std::uint64_t done, std::uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  if (now - checked_ < signal_check) return;
  checked_ = now;
  // One acquisition of the GIL for the signal check and the line.
  py::gil_scoped_acquire acquire;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  const auto interval = terminal_ ? milliseconds(200) : milliseconds(1000);
  if (!enabled_ || now - start_ < delay_ || now - last_ < interval) return;
  last_ = now;
  shown_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? double(done) / seconds : 0;
  const double left = rate > 0 ? double(total - done) / rate : 0;
  char line[256];
  const int n = std::snprintf(line, sizeof line, "%s: %llu of %llu terms (%.0f%%), %.3g terms/s, %.0f s left ",
                              label_.c_str(), static_cast<unsigned long long>(done),
                              static_cast<unsigned long long>(total),
                              100.0 * double(done) / double(total ? total : 1), rate, left);
  const std::string text(line, std::size_t(std::clamp(n, 0, int(sizeof line) - 1)));
  width_ = std::max(width_, text.size());
  write(terminal_ ? "\r" + text : text + "\n");
}

}  // namespace nimber::python
