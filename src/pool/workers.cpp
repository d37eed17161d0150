// The worker threads of src/pool/workers.hpp.
#include "pool/workers.hpp"

#include <thread>

namespace nimber::detail::workers {

unsigned threads_or_cores(unsigned requested) noexcept {
  if (requested != 0) return requested;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores != 0 ? cores : 1;
}

pool* pool::instance() noexcept {
  static pool* p = [] () -> pool* {
    const unsigned cores = std::thread::hardware_concurrency();
    if (cores < 2) return nullptr;
    pool* made = new pool;  // never destroyed: workers may still sleep at exit
    const std::size_t wanted = cores - 1 < kMaxWorkers ? cores - 1 : kMaxWorkers;
    made->workers_ = std::make_unique<worker[]>(wanted);
    for (std::size_t i = 0; i < wanted; ++i) {
      try {
        std::thread([made, i] { made->work(made->workers_[i]); }).detach();
      } catch (...) {  // no more threads to be had: run with those we have
        break;
      }
      made->count_ = i + 1;
    }
    return made->count_ == 0 ? nullptr : made;
  }();
  return p;
}

void pool::work(worker& w) noexcept {
  for (;;) {
    ticket* t = nullptr;
    if (!spin_until([&] { return (t = w.slot.load(std::memory_order_acquire)) != nullptr; })) {
      std::unique_lock lock(mu_);
      w.sleeps.store(true);
      cv_.wait(lock, [&] { return (t = w.slot.load()) != nullptr; });
      w.sleeps.store(false, std::memory_order_relaxed);
    }
    try {
      t->run(t->job);
    } catch (...) {
      t->error = std::current_exception();
    }
    // Free for the next job first; nothing of *t after `finished`, which ends its frame.
    w.slot.store(nullptr, std::memory_order_release);
    t->finished.store(true);
    if (sleeping_callers_.load() > 0) {
      std::lock_guard lock(mu_);
      cv_.notify_all();
    }
  }
}

}  // namespace nimber::detail::workers
