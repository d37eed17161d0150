#include "progress.hpp"

#include <algorithm>
#include <cstdio>

namespace nimber::python {

namespace {
constexpr auto first_after = std::chrono::seconds(1);
constexpr auto every = std::chrono::milliseconds(250);
}  // namespace

progress_meter::progress_meter(std::string label, py::handle setting) : label_(std::move(label)) {
  if (setting.is_none()) {
    py::object err = py::module_::import("sys").attr("stderr");
    enabled_ = !err.is_none() && py::hasattr(err, "isatty") && err.attr("isatty")().cast<bool>();
  } else if (PyBool_Check(setting.ptr())) {
    enabled_ = forced_ = setting.ptr() == Py_True;
  } else {
    throw py::type_error("progress must be True, False or None");
  }
}

progress_meter::~progress_meter() {
  if (!shown_) return;
  try {
    write("\r" + std::string(width_, ' ') + "\r");
  } catch (...) {  // nothing to do if stderr is gone; the result stands
  }
}

void progress_meter::write(const std::string& text) {
  py::object err = py::module_::import("sys").attr("stderr");
  err.attr("write")(text);
  err.attr("flush")();
}

void progress_meter::operator()(std::uint64_t done, std::uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < every) return;
  last_ = now;
  py::gil_scoped_acquire acquire;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  if (!enabled_ || (!forced_ && now - start_ < first_after)) return;
  shown_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = double(done) / seconds;
  const double left = rate > 0 ? double(total - done) / rate : 0;
  char line[256];
  const int n = std::snprintf(line, sizeof line, "%s: %llu of %llu terms (%.0f%%), %.3g terms/s, %.0f s left ",
                              label_.c_str(), static_cast<unsigned long long>(done),
                              static_cast<unsigned long long>(total),
                              100.0 * double(done) / double(total ? total : 1), rate, left);
  std::string text = "\r" + std::string(line, std::size_t(std::clamp(n, 0, int(sizeof line) - 1)));
  width_ = std::max(width_, text.size() - 1);
  write(text);
}

}  // namespace nimber::python
