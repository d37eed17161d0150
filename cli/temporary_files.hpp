// The temporary files this process has open (output_target's), removed when SIGINT or SIGTERM
// ends it: a handler unlinks them, restores the signal's default action and raises it again, so
// the process still ends by the signal (exit status 128 + signal in a shell).
#pragma once

#include <signal.h>

namespace nimber::cli::temporary_files {

// SIGINT and SIGTERM held back in this thread while it lives, so that creating a temporary file
// and remembering it (or renaming it and forgetting it) is one step as the handler sees it.
class signals_held {
 public:
  signals_held() noexcept;
  signals_held(const signals_held&) = delete;
  signals_held& operator=(const signals_held&) = delete;
  ~signals_held();

 private:
  sigset_t previous_;
};

// Adds `path` (which must stay valid until forget()) to the files removed by SIGINT and SIGTERM;
// installs the handler the first time, where the signal's action is still the default one.
void remember(const char* path) noexcept;
void forget(const char* path) noexcept;

// Unlinks every remembered file. Async-signal-safe: for a handler that is about to end the
// process (stop_signals::stop() too).
void remove_all() noexcept;

}  // namespace nimber::cli::temporary_files
