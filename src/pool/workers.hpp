// The library's worker threads, one mechanism for every parallel part: the batch spans
// (for_ranges), the big-nimber tower (its pairs of independent jobs) and any layer above that
// runs in parallel. Internal to the library; nothing here is installed.
//
// One persistent worker per extra core (none on a one-core machine), each with a job slot. A
// hand-over is one compare-and-swap of a free slot and one flag in the caller's ticket, with no
// lock on the way: the tower's jobs come microseconds apart (a 2^16-bit square is three of
// them), and each cache line that crosses between cores costs a few hundred cycles. A caller
// never waits for a free worker: a part no worker takes runs on the caller. Both sides spin
// for about 50 microseconds before they sleep on the condition variable, since waking a
// sleeping thread takes tens of microseconds on the VMs of docs/big.md. The flags are
// sequentially consistent: a side that goes to sleep announces it before its last look at the
// flag, and the other side looks at that announcement after setting the flag (then notifies
// under the mutex), so no wake-up can be lost.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>

namespace nimber::detail::workers {

// The threads a `threads` option asks for: `requested`, or one per core when it is 0.
unsigned threads_or_cores(unsigned requested) noexcept;

// One job and its completion, in the frame of the caller that starts it.
struct ticket {
  void (*run)(const void*) = nullptr;
  const void* job = nullptr;
  std::exception_ptr error;
  std::atomic<bool> finished{false};
};

class pool {
 public:
  static constexpr std::size_t kMaxWorkers = 63;

  // nullptr on a machine with one core (or where no thread could be started).
  static pool* instance() noexcept;

  std::size_t size() const noexcept { return count_; }

  // Starts t on worker i, or on any free worker, unless it has a job; then wait(t) must follow
  // before the caller's frame (which the job may write into) ends.
  // Inline, as the tower hands over jobs of a few microseconds.
  bool try_start(std::size_t i, ticket& t) noexcept {
    worker& w = workers_[i];
    ticket* idle = nullptr;
    if (!w.slot.compare_exchange_strong(idle, &t)) return false;
    if (w.sleeps.load()) {
      std::lock_guard lock(mu_);
      cv_.notify_all();
    }
    return true;
  }
  bool try_start(ticket& t) noexcept {
    for (std::size_t i = 0; i < count_; ++i)
      if (try_start(i, t)) return true;
    return false;
  }

  // Waits for the job of t and rethrows what it threw.
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
  struct alignas(64) worker {
    std::atomic<ticket*> slot{nullptr};  // the posted or running job, nullptr when idle
    std::atomic<bool> sleeps{false};
  };

  pool() = default;
  void work(worker& w) noexcept;  // a worker's loop

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

  std::unique_ptr<worker[]> workers_;
  std::size_t count_ = 0;
  std::atomic<int> sleeping_callers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

// Runs there() on a free worker, else on this thread after here(), and returns when both are
// done. The worker may write into the caller's frame, so an exception from here() waits for
// it before propagating.
template <class There, class Here>
void run_pair(bool parallel, const There& there, const Here& here) {
  pool* p = parallel ? pool::instance() : nullptr;
  ticket t;
  t.run = [](const void* job) { (*static_cast<const There*>(job))(); };
  t.job = &there;
  const bool shared = p != nullptr && p->try_start(t);
  try {
    here();
  } catch (...) {
    if (shared) {
      try {
        p->wait(t);
      } catch (...) {
      }
    }
    throw;
  }
  if (shared) p->wait(t);
  else there();
}

// Calls f(begin, end) over [0, n) in contiguous parts, one per worker and one for the caller,
// each a multiple of `align` values (the last the short one), and returns when all are done.
// f must not throw.
template <class F>
void for_ranges(std::size_t n, std::size_t align, const F& f) noexcept {
  pool* p = pool::instance();
  const std::size_t parts = p == nullptr ? 1 : p->size() + 1;
  if (parts == 1) return f(std::size_t(0), n);
  // Round the share up (then to whole blocks) so that parts * step >= n.
  const std::size_t step = ((n + parts - 1) / parts + align - 1) / align * align;
  struct range {
    const F* f;
    std::size_t begin, end;
  };
  range ranges[pool::kMaxWorkers];
  ticket tickets[pool::kMaxWorkers];
  bool started[pool::kMaxWorkers] = {};
  for (std::size_t i = 1; i < parts; ++i) {
    range& r = ranges[i - 1];
    r = {&f, i * step < n ? i * step : n, (i + 1) * step < n ? (i + 1) * step : n};
    if (r.begin == r.end) continue;
    tickets[i - 1].run = [](const void* job) {
      const auto* r = static_cast<const range*>(job);
      (*r->f)(r->begin, r->end);
    };
    tickets[i - 1].job = &r;
    started[i - 1] = p->try_start(i - 1, tickets[i - 1]);
  }
  f(std::size_t(0), step < n ? step : n);
  for (std::size_t i = 1; i < parts; ++i) {
    const range& r = ranges[i - 1];
    if (started[i - 1]) p->wait(tickets[i - 1]);  // f does not throw: nothing to rethrow
    else if (r.begin < r.end) f(r.begin, r.end);
  }
}

}  // namespace nimber::detail::workers
