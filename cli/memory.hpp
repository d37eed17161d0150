// The memory budget of a run (--max-memory, by default the memory available at start): one
// value for the whole process. Each command estimates what it will need and refuses a run
// past the budget before it starts; the readers of files and standard input stop at it; and
// every allocation of the command (operator new, replaced in memory.cpp, and GMP's) counts
// against it, so that an estimate that falls short still ends in one error line, never in
// the system's out-of-memory killer or an abort.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "resources.hpp"

namespace nimber::cli {

// "4G", "512M", "64K", "1T" (powers of 1024, an optional trailing "B" or "iB") or a plain number
// of bytes; nullopt for anything else, 0 included.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

// The physical memory that can be used now without swapping: MemAvailable of /proc/meminfo,
// lowered to the cgroup's limit and to the address-space limit (ulimit -v) when they are set.
// Falls back to the physical memory size.
std::uint64_t available_memory() noexcept;

// "1.5 GiB", "300 MiB", "12 KiB", "800 bytes".
std::string format_bytes(std::uint64_t bytes);

// Throws resource_error when `bytes` is more than `budget`:
//   "<what> needs 16.0 GiB of memory; 11.2 GiB is available (--max-memory)"
void check_memory(std::uint64_t bytes, std::uint64_t budget, std::string_view what);

// The budget: what the run may allocate from the moment it is set, beyond a fixed allowance
// (16 MiB) for the command's own parsing and messages.
std::uint64_t memory_budget() noexcept;
void set_memory_budget(std::uint64_t bytes) noexcept;

// Throws resource_error, naming `what`, when `bytes` is more than the budget:
//   "<what> needs 16.0 GiB of memory; 11.2 GiB may be used (--max-memory)"
void check_budget(std::uint64_t bytes, std::string_view what);

// a * b + c, saturating at 2^64 - 1: estimates of absurd requests must stay absurd, not wrap.
std::uint64_t saturating_size(std::uint64_t a, std::uint64_t b, std::uint64_t c = 0) noexcept;

// The whole of the open descriptor `fd`, read a block at a time; throws resource_error as
// soon as it holds more than the budget (a regular file: before reading, from its size),
// naming `what`. Returns false, with errno set, on a read error. `check_start`, when given,
// sees the whole lines read so far after each block until it returns true: a format whose
// header gives its size refuses it before the rest is read.
bool read_within_budget(int fd, std::string& text, std::string_view what,
                        const std::function<bool(std::string_view)>& check_start = {});

// Routes GMP's allocations (big decimal conversion) through the budget: a request past it, or
// one the system refuses, throws std::bad_alloc instead of GMP's abort, so that main() reports
// it as one line with exit status 2. Unwinding crosses GMP's C frames, which carry unwind
// tables in Debian's builds (.eh_frame).
void route_gmp_allocations();

// Sets glibc's heap to keep freed memory for reuse instead of returning and faulting it in
// again (memory.cpp says when that matters). Called once, first thing in main().
void keep_freed_memory() noexcept;

}  // namespace nimber::cli
