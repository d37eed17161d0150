// Helpers for a long run of short parallel phases, on the worker pool (pool/workers.hpp).
// Each pool worker taken runs one job for the whole run and waits between phases on an atomic
// (a futex), so that handing out a phase costs one store and one notify, and the caller never
// waits for a helper that has not started: it takes every item no helper has claimed, and
// waits only for items a helper is in the middle of. (One pool hand-over per phase made the
// caller wait for a worker the system had not yet scheduled: on a loaded machine two threads
// ran slower than one.)
#pragma once

#include <atomic>
#include <cstdint>

#include "pool/workers.hpp"

namespace nimber::games::detail {

class crew {
 public:
  // Takes up to `helpers` pool workers (fewer when the pool has fewer free).
  explicit crew(unsigned helpers) noexcept {
    auto* pool = nimber::detail::workers::pool::instance();
    if (pool == nullptr) return;
    for (unsigned i = 0; i < helpers && i < pool->size() && i < max_helpers; ++i) {
      slots_[i] = {this, i + 1};
      tickets_[i].run = [](const void* s) {
        const auto* slot = static_cast<const helper_slot*>(s);
        slot->owner->help(slot->index);
      };
      tickets_[i].job = &slots_[i];
      if (!pool->try_start(i, tickets_[i])) break;
      ++helpers_;
    }
  }
  crew(const crew&) = delete;
  crew& operator=(const crew&) = delete;
  ~crew() {
    phase_.store(stop_phase, std::memory_order_release);
    phase_.notify_all();
    auto* pool = nimber::detail::workers::pool::instance();
    for (unsigned i = 0; i < helpers_; ++i) {
      try {
        pool->wait(tickets_[i]);
      } catch (...) {  // help() does not throw
      }
    }
  }

  // A spin-wait's pause between two looks at a shared variable.
  static void pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }

  // The most threads a crew has: this one and up to max_threads - 1 helpers.
  static constexpr unsigned max_threads = 16;
  // Threads taking part: this one and the helpers.
  unsigned size() const noexcept { return 1 + helpers_; }

  // Calls f(item, thread) for every item < items (items < 2^16), thread < size() naming the
  // thread that runs it, and returns when all are done. f must not throw.
  template <class F>
  void run(std::uint64_t items, const F& f) noexcept {
    if (helpers_ == 0 || items <= 1) {
      for (std::uint64_t i = 0; i < items; ++i) f(i, 0u);
      return;
    }
    call_ = [](const void* fn, std::uint64_t item, unsigned thread) {
      (*static_cast<const F*>(fn))(item, thread);
    };
    fn_ = &f;
    const std::uint32_t phase = ++last_phase_ == stop_phase ? ++last_phase_ : last_phase_;
    done_.store(0, std::memory_order_relaxed);
    ticket_.store(std::uint64_t(phase) << 32 | items << 16, std::memory_order_release);
    phase_.store(phase, std::memory_order_release);
    phase_.notify_all();
    work(phase, 0);
    while (done_.load(std::memory_order_acquire) < items) pause();
  }

 private:
  static constexpr unsigned max_helpers = max_threads - 1;
  static constexpr std::uint32_t stop_phase = ~std::uint32_t(0);

  struct helper_slot {
    crew* owner = nullptr;
    unsigned index = 0;
  };

  // Claims and runs the items of `phase` until none is left. The ticket holds the phase, the
  // item count and the next item, so that a claim made with a stale view fails.
  void work(std::uint32_t phase, unsigned thread) noexcept {
    for (;;) {
      std::uint64_t t = ticket_.load(std::memory_order_acquire);
      do {
        if (std::uint32_t(t >> 32) != phase || (t & 0xffff) >= ((t >> 16) & 0xffff)) return;
      } while (!ticket_.compare_exchange_weak(t, t + 1, std::memory_order_acq_rel));
      call_(fn_, t & 0xffff, thread);
      done_.fetch_add(1, std::memory_order_release);
    }
  }

  // A helper's loop: each new phase worked on, a short spin then a futex wait between them.
  void help(unsigned thread) noexcept {
    std::uint32_t seen = 0;
    for (;;) {
      std::uint32_t p = phase_.load(std::memory_order_acquire);
      for (int spin = 0; p == seen && spin < 4096; ++spin) {
        pause();
        p = phase_.load(std::memory_order_acquire);
      }
      if (p == stop_phase) return;
      if (p == seen) {
        phase_.wait(p, std::memory_order_acquire);
        continue;
      }
      seen = p;
      work(p, thread);
    }
  }

  void (*call_)(const void*, std::uint64_t, unsigned) = nullptr;
  const void* fn_ = nullptr;
  std::uint32_t last_phase_ = 0;
  std::atomic<std::uint32_t> phase_{0};
  alignas(64) std::atomic<std::uint64_t> ticket_{0};
  alignas(64) std::atomic<std::uint64_t> done_{0};
  unsigned helpers_ = 0;
  helper_slot slots_[max_helpers];
  nimber::detail::workers::ticket tickets_[max_helpers];
};

}  // namespace nimber::games::detail
