#include "temporary_files.hpp"

#include <unistd.h>

#include <atomic>

namespace nimber::cli::temporary_files {

namespace {

// Lock-free slots: a handler may run between any two instructions of remember() or forget().
// A run has a handful of temporaries at once (the output, a checkpoint, a plot).
constexpr int kSlots = 32;
std::atomic<const char*> slots[kSlots];
std::atomic<bool> installed{false};

extern "C" void remove_and_raise(int signal) {
  remove_all();
  ::signal(signal, SIG_DFL);
  ::raise(signal);  // delivered, with the default action, when the handler returns
}

// Only over the default action: a signal ignored (nohup) or caught by someone else stays so.
void install() noexcept {
  if (installed.exchange(true)) return;
  for (const int signal : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    if (::sigaction(signal, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) continue;
    struct sigaction action {};
    action.sa_handler = remove_and_raise;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
  }
}

}  // namespace

signals_held::signals_held() noexcept {
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  ::pthread_sigmask(SIG_BLOCK, &stop, &previous_);
}

signals_held::~signals_held() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

void remember(const char* path) noexcept {
  install();
  for (auto& slot : slots) {
    const char* empty = nullptr;
    if (slot.compare_exchange_strong(empty, path)) return;
  }
}

void forget(const char* path) noexcept {
  for (auto& slot : slots) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

void remove_all() noexcept {
  for (auto& slot : slots)
    if (const char* path = slot.load()) ::unlink(path);
}

}  // namespace nimber::cli::temporary_files
