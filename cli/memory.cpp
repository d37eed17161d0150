#include "memory.hpp"

#include <gmp.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <new>

#include "nimber/text.hpp"

namespace nimber::cli {

namespace {

std::atomic<std::uint64_t> budget{~std::uint64_t{0}};
std::atomic<std::uint64_t> held{0};                // the bytes of the blocks from `allocate`, live now
std::atomic<std::uint64_t> limit{~std::uint64_t{0}};  // what `held` may reach

// What the command may hold beyond its budget: its own set-up, arguments and messages, which
// no estimate counts. Small next to any budget that a real run is given.
constexpr std::uint64_t kAllowance = std::uint64_t(16) << 20;

// A block of `bytes` (aligned to `alignment` when it is more than malloc's), counted against
// the budget: nullptr when the budget or the system refuses it. It is counted at the size
// asked for, then corrected to its usable size (never less), so the count never drops below
// what is live; the counts order no other memory, so their updates are relaxed.
void* allocate(std::size_t bytes, std::size_t alignment = 0) noexcept {
  bytes = bytes ? bytes : 1;
  if (held.fetch_add(bytes, std::memory_order_relaxed) + bytes > limit.load(std::memory_order_relaxed)) {
    held.fetch_sub(bytes, std::memory_order_relaxed);
    return nullptr;
  }
  void* p = alignment > alignof(std::max_align_t)
                ? std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment)
                : std::malloc(bytes);
  if (p) held.fetch_add(::malloc_usable_size(p) - bytes, std::memory_order_relaxed);
  else held.fetch_sub(bytes, std::memory_order_relaxed);
  return p;
}

void release(void* p) noexcept {
  if (!p) return;
  held.fetch_sub(::malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}

void* allocate_or_throw(std::size_t bytes, std::size_t alignment = 0) {
  if (void* p = allocate(bytes, alignment)) return p;
  throw std::bad_alloc();
}

void* gmp_allocate(std::size_t bytes) { return allocate_or_throw(bytes); }

void* gmp_reallocate(void* p, std::size_t old_bytes, std::size_t new_bytes) {
  void* q = allocate_or_throw(new_bytes);
  std::memcpy(q, p, std::min(old_bytes, new_bytes));
  release(p);
  return q;
}

void gmp_free(void* p, std::size_t) { release(p); }

}  // namespace

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  const auto number = parse_u64(text.substr(0, digits));
  if (!number || number.value == 0) return std::nullopt;
  std::string_view unit = text.substr(digits);
  if (unit.size() == 3 && unit.ends_with("iB")) unit.remove_suffix(2);  // KiB
  else if (unit.ends_with("B")) unit.remove_suffix(1);                  // KB, B
  constexpr std::string_view units = "KMGT";
  unsigned shift = 0;
  if (unit.size() == 1) {
    const std::size_t at = units.find(char(unit[0] & ~0x20));  // either case
    if (at == std::string_view::npos) return std::nullopt;
    shift = 10 * unsigned(at + 1);
  } else if (!unit.empty()) {
    return std::nullopt;
  }
  if (number.value > (~std::uint64_t{0} >> shift)) return std::nullopt;
  return number.value << shift;
}

namespace {

// The number after `key` in a /proc/meminfo-style file, in bytes ("MemAvailable:  123 kB").
std::optional<std::uint64_t> meminfo_bytes(const char* key) {
  std::ifstream in("/proc/meminfo");
  std::string name, unit;
  std::uint64_t value = 0;
  while (in >> name >> value) {
    std::getline(in, unit);
    if (name == key) return value * (unit.find("kB") != std::string::npos ? 1024 : 1);
  }
  return std::nullopt;
}

// The cgroup v2 memory limit of this process's group, when there is one.
std::optional<std::uint64_t> cgroup_limit() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!(in >> text) || text == "max") return std::nullopt;
  const auto r = parse_u64(text);
  return r ? std::optional(r.value) : std::nullopt;
}

}  // namespace

std::uint64_t available_memory() noexcept {
  try {
    std::uint64_t bytes = meminfo_bytes("MemAvailable:").value_or(0);
    if (bytes == 0) bytes = std::uint64_t(sysconf(_SC_PHYS_PAGES)) * std::uint64_t(sysconf(_SC_PAGE_SIZE));
    if (const auto limit = cgroup_limit()) bytes = std::min(bytes, *limit);
    // ulimit -v: the address space left, roughly, for what the run allocates.
    if (rlimit as{}; ::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
      bytes = std::min<std::uint64_t>(bytes, as.rlim_cur);
    return bytes;
  } catch (...) {
    return std::uint64_t(sysconf(_SC_PHYS_PAGES)) * std::uint64_t(sysconf(_SC_PAGE_SIZE));
  }
}

std::string format_bytes(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  constexpr const char* names[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = double(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) value /= 1024, ++unit;
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.1f %s" : "%.0f %s", value, names[unit]);
  return text;
}

void check_memory(std::uint64_t bytes, std::uint64_t budget, std::string_view what) {
  if (bytes <= budget) return;
  throw resource_error(std::string(what) + " needs " + format_bytes(bytes) + " of memory; " +
                       format_bytes(budget) + " may be used (--max-memory)");
}

std::uint64_t memory_budget() noexcept { return budget.load(); }
void set_memory_budget(std::uint64_t bytes) noexcept {
  budget.store(bytes);
  limit.store(saturating_size(1, held.load() + kAllowance, bytes));
}

void check_budget(std::uint64_t bytes, std::string_view what) { check_memory(bytes, memory_budget(), what); }

std::uint64_t saturating_size(std::uint64_t a, std::uint64_t b, std::uint64_t c) noexcept {
  constexpr std::uint64_t most = ~std::uint64_t{0};
  if (a != 0 && b > most / a) return most;
  return a * b > most - c ? most : a * b + c;
}

bool read_within_budget(int fd, std::string& text, std::string_view what,
                        const std::function<bool(std::string_view)>& check_start) {
  bool started = !check_start;
  const std::uint64_t most = memory_budget();
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    check_memory(std::uint64_t(st.st_size), most, what);
    text.reserve(std::size_t(st.st_size));
  }
  char block[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, block, sizeof block);
    if (got == 0) return true;
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return false;
    // A string that grows may hold twice its size for a moment; a stream's end is unknown.
    if (saturating_size(text.size() + std::size_t(got), 2) > most)
      throw resource_error(std::string(what) + " needs more than " + format_bytes(most) +
                           " of memory; " + format_bytes(most) + " may be used (--max-memory)");
    text.append(block, std::size_t(got));
    if (const std::size_t end = text.rfind('\n'); !started && end != std::string::npos)
      started = check_start(std::string_view(text).substr(0, end + 1));
  }
}

void route_gmp_allocations() { mp_set_memory_functions(gmp_allocate, gmp_reallocate, gmp_free); }

void keep_freed_memory() noexcept {
  // glibc returns the free top of its heap to the system once it passes a threshold that it
  // sets from the largest block freed so far; a command that builds and drops tables of
  // hundreds of kilobytes many times a second (the trials of `misere`) then faults the same
  // pages in again each time. Fixed thresholds keep blocks below 32 MiB on the heap, as the
  // adaptive ones end up doing, and up to 64 MiB of free top in the process.
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)  // glibc's; other C libraries keep their own ways
  ::mallopt(M_MMAP_THRESHOLD, 32 << 20);
  ::mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

}  // namespace nimber::cli

// Every allocation of the command goes through the budget: a request past it throws
// std::bad_alloc, which main() reports as one line with exit status 2. The estimates of the
// commands refuse most such runs before they start; this holds the rest to the limit.
void* operator new(std::size_t bytes) { return nimber::cli::allocate_or_throw(bytes); }
void* operator new[](std::size_t bytes) { return nimber::cli::allocate_or_throw(bytes); }
void* operator new(std::size_t bytes, std::align_val_t a) { return nimber::cli::allocate_or_throw(bytes, std::size_t(a)); }
void* operator new[](std::size_t bytes, std::align_val_t a) { return nimber::cli::allocate_or_throw(bytes, std::size_t(a)); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return nimber::cli::allocate(bytes); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return nimber::cli::allocate(bytes); }
void* operator new(std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
  return nimber::cli::allocate(bytes, std::size_t(a));
}
void* operator new[](std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
  return nimber::cli::allocate(bytes, std::size_t(a));
}
void operator delete(void* p) noexcept { nimber::cli::release(p); }
void operator delete[](void* p) noexcept { nimber::cli::release(p); }
void operator delete(void* p, std::size_t) noexcept { nimber::cli::release(p); }
void operator delete[](void* p, std::size_t) noexcept { nimber::cli::release(p); }
void operator delete(void* p, std::align_val_t) noexcept { nimber::cli::release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { nimber::cli::release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { nimber::cli::release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { nimber::cli::release(p); }
