#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace nimber::cli {

progress_meter::progress_meter(progress_mode mode, std::string label, std::string unit)
    : label_(std::move(label)), unit_(std::move(unit)),
      enabled_(mode == progress_mode::always ||
               (mode == progress_mode::automatic && isatty(STDERR_FILENO) == 1)),
      terminal_(isatty(STDERR_FILENO) == 1),
      delay_(mode == progress_mode::always ? std::chrono::seconds(0) : std::chrono::seconds(2)),
      created_(std::chrono::steady_clock::now()), start_(created_) {}

progress_meter::~progress_meter() {
  if (shown_ && terminal_) std::fprintf(stderr, "\r%*s\r", int(width_), "");
}

void progress_meter::stage(const std::string& label, const std::string& unit) {
  if (label == label_ && unit == unit_) return;
  label_ = label;
  unit_ = unit;
  start_ = std::chrono::steady_clock::now();
  stage_started_ = false;
  last_ = {};  // the new stage shows at once
}

void progress_meter::operator()(std::uint64_t done, std::uint64_t total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  // A count that goes back (the next candidate's power under the same label) is a new pass:
  // its rate is measured afresh, not from the first pass's start.
  if (!stage_started_ || done < last_done_) stage_started_ = true, first_done_ = done, start_ = now;
  last_done_ = done;
  // A terminal line is redrawn in place five times a second; elsewhere each update is a line.
  const auto interval = terminal_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(1000);
  if (now - created_ < delay_ || now - last_ < interval) return;
  last_ = now;
  shown_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? double(done - first_done_) / seconds : 0;
  char rest[64] = "time left unknown";  // until the stage has moved on
  if (rate > 0) std::snprintf(rest, sizeof rest, "%.3g %s/s, %.0f s left", rate, unit_.c_str(), double(total - done) / rate);
  const int n = std::fprintf(stderr, "%s%s: %llu of %llu %s (%.0f%%), %s %s", terminal_ ? "\r" : "",
                             label_.c_str(), static_cast<unsigned long long>(done),
                             static_cast<unsigned long long>(total), unit_.c_str(),
                             100.0 * double(done) / double(total ? total : 1), rest, terminal_ ? "" : "\n");
  // A shorter line than the last leaves the rest of it: blanks cover it.
  if (terminal_ && std::size_t(n) < width_ + 1) std::fprintf(stderr, "%*s", int(width_ + 1 - std::size_t(n)), "");
  width_ = std::max(width_, std::size_t(n > 1 ? n - 1 : 0));
  std::fflush(stderr);
}

struct elapsed_meter::state {
  std::mutex lock;
  std::condition_variable stop_asked;
  bool stop = false;
  std::thread ticker;
};

elapsed_meter::elapsed_meter(progress_mode mode, std::string label) {
  const bool enabled = mode == progress_mode::always || (mode == progress_mode::automatic && isatty(STDERR_FILENO) == 1);
  if (!enabled) return;
  state_ = std::make_unique<state>();
  const auto delay = mode == progress_mode::always ? std::chrono::seconds(0) : std::chrono::seconds(2);
  state_->ticker = std::thread([s = state_.get(), label = std::move(label), delay] {
    const bool terminal = isatty(STDERR_FILENO) == 1;
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock guard(s->lock);
    bool shown = false;
    // A terminal line each second; elsewhere a line every ten.
    const auto interval = terminal ? std::chrono::seconds(1) : std::chrono::seconds(10);
    for (auto next = start + delay; !s->stop_asked.wait_until(guard, next, [s] { return s->stop; }); next += interval) {
      const long seconds = long(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      std::fprintf(stderr, "%s%s: %ld s so far%s", terminal ? "\r" : "", label.c_str(), seconds, terminal ? "" : "\n");
      std::fflush(stderr);
      shown = true;
    }
    if (shown && terminal) std::fprintf(stderr, "\r%*s\r", int(label.size() + 24), "");
  });
}

elapsed_meter::~elapsed_meter() {
  if (!state_) return;
  {
    const std::lock_guard guard(state_->lock);
    state_->stop = true;
  }
  state_->stop_asked.notify_all();
  state_->ticker.join();
}

}  // namespace nimber::cli
