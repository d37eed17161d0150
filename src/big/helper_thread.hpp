// A second core for the top levels of the tower (docs/big.md, "A second core"): one helper
// thread, and run_pair, which hands it one of two independent jobs. Internal to the library.
//
// One persistent helper thread (with its own thread_local arena) runs one job at a time: one
// of the independent halves of a large level. It is free again as soon as its job ends, so a
// caller whose own half is still running hands the helper the next piece it splits (a product
// reaches it again on its second and third half products, which balances the two cores). A
// caller that finds it busy computes alone, so there is never a wait for a free helper, and a
// job that splits further on the helper itself just runs inline.
//
// A hand-over is one compare-and-swap of the job slot and one flag in the caller's ticket,
// with no lock on the way: jobs come microseconds apart (a 2^16-bit square is three of them),
// and each cache line that crosses between the cores costs a few hundred cycles. Both sides
// spin for about 50 microseconds before they sleep on the condition variable, because waking
// a sleeping thread takes tens of microseconds on the VMs of docs/big.md. The flags are
// sequentially consistent: a side that goes to sleep announces it before its last look at
// the flag, and the other side looks at that announcement after setting the flag (and then
// notifies under the mutex), so no wake-up can be lost.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>

#include "big/arena.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/tower.hpp says why hidden

class helper_thread {
 public:
  // One job and its completion, in the frame of the caller that starts it.
  struct ticket {
    void (*run)(const void*) = nullptr;
    const void* job = nullptr;
    std::exception_ptr error;
    std::atomic<bool> finished{false};
  };

  // nullptr on a machine with one core.
  static helper_thread* instance();

  // Starts t on the helper unless it has a job; then wait(t) must follow before the caller's
  // frame (which the job may write into) ends.
  bool try_start(ticket& t) {
    ticket* idle = nullptr;
    if (!slot_.compare_exchange_strong(idle, &t)) return false;
    if (helper_sleeps_.load()) {
      std::lock_guard lock(mu_);
      cv_.notify_all();
    }
    return true;
  }

  // Waits for the job of t and rethrows what it threw (std::bad_alloc).
  void wait(ticket& t) {
    if (!spin_until([&t] { return t.finished.load(std::memory_order_acquire); })) {
      std::unique_lock lock(mu_);
      ++sleeping_callers_;
      cv_.wait(lock, [&t] { return t.finished.load(); });
      --sleeping_callers_;
    }
    if (t.error) std::rethrow_exception(t.error);
  }

 private:
  helper_thread();

  // Spins until ready() or for about 50 microseconds; returns ready().
  template <class Ready>
  static bool spin_until(Ready ready) noexcept {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    for (;;) {
      for (int i = 0; i < 64; ++i) {
        if (ready()) return true;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
      if (std::chrono::steady_clock::now() > until) return ready();
    }
  }

  // The helper's loop: waits for a job in the slot, runs it, frees the slot, signals the caller.
  void run();

  std::atomic<ticket*> slot_{nullptr};  // the posted or running job, nullptr when idle
  std::atomic<bool> helper_sleeps_{false};
  std::atomic<int> sleeping_callers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

extern std::atomic<bool> g_helper_enabled;  // set_helper_thread

// Runs there(arena) on the helper thread if it is free, else on this thread after here(),
// and returns when both are done. The helper may write into the caller's frame, so an
// exception from here() waits for it before propagating.
template <class There, class Here>
void run_pair(bool parallel, const There& there, const Here& here, arena& ar) {
  helper_thread* helper =
      parallel && g_helper_enabled.load(std::memory_order_relaxed) ? helper_thread::instance() : nullptr;
  helper_thread::ticket t;
  t.run = [](const void* job) { (*static_cast<const There*>(job))(scratch()); };
  t.job = &there;
  const bool shared = helper && helper->try_start(t);
  try {
    here();
  } catch (...) {
    if (shared) {
      try {
        helper->wait(t);
      } catch (...) {
      }
    }
    throw;
  }
  if (shared) helper->wait(t);
  else there(ar);
}

}  // namespace tower
}  // namespace nimber::big
