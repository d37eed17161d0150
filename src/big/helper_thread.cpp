// The helper thread of src/big/helper_thread.hpp, and the switch that keeps every operation on
// the calling thread (nimber::big::set_helper_thread).
#include "big/helper_thread.hpp"

#include <thread>

#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/tower.hpp says why hidden

std::atomic<bool> g_helper_enabled{true};

helper_thread* helper_thread::instance() {
  static helper_thread* h = std::thread::hardware_concurrency() > 1 ? new helper_thread : nullptr;
  return h;  // never destroyed: it may still sleep at exit
}

helper_thread::helper_thread() { std::thread([this] { run(); }).detach(); }

void helper_thread::run() {
  for (;;) {
    ticket* t = nullptr;
    if (!spin_until([&] { return (t = slot_.load(std::memory_order_acquire)) != nullptr; })) {
      std::unique_lock lock(mu_);
      helper_sleeps_.store(true);
      cv_.wait(lock, [&] { return (t = slot_.load()) != nullptr; });
      helper_sleeps_.store(false, std::memory_order_relaxed);
    }
    try {
      t->run(t->job);
    } catch (...) {
      t->error = std::current_exception();
    }
    // Free for the next job first; nothing of *t after `finished`, which ends its frame.
    slot_.store(nullptr, std::memory_order_release);
    t->finished.store(true);
    if (sleeping_callers_.load() > 0) {
      std::lock_guard lock(mu_);
      cv_.notify_all();
    }
  }
}

}  // namespace tower

bool helper_thread_enabled() noexcept { return tower::g_helper_enabled.load(std::memory_order_relaxed); }
void set_helper_thread(bool enabled) noexcept { tower::g_helper_enabled.store(enabled, std::memory_order_relaxed); }

}  // namespace nimber::big
