#include "resources.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "nimber/text.hpp"

namespace nimber::cli {

// ---- Memory ------------------------------------------------------------------------------

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

}  // namespace nimber::cli
