// What a run may use and where its result goes: the memory budget (--max-memory) and the
// destination of the output (--output, written whole or not at all).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nimber::cli {

// A run that needs more memory (or another resource) than it may have. Reported by main() as
// one line, exit status 2, like bad input: the request cannot be met as asked.
class resource_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ---- Memory ------------------------------------------------------------------------------

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

// ---- Output ------------------------------------------------------------------------------

// The destination of a command's stdout: standard output, or the file named by --output,
// written to a temporary file beside it (same directory, so the rename cannot cross file
// systems) and renamed over it by commit(). Until then the named file is untouched; if the
// run fails, the destructor removes the temporary file, so the file either holds the whole
// result or is as it was.
class output_target {
 public:
  output_target() = default;  // standard output
  // The temporary file is FILE.tmp.XXXXXX, unique to this run; with `fixed_temporary` it is
  // FILE.tmp, for a file that one run at a time writes again and again (a checkpoint), so that
  // a run killed while writing leaves one known file behind, not a new one each time.
  explicit output_target(std::string path, bool fixed_temporary = false);
  output_target(const output_target&) = delete;
  output_target& operator=(const output_target&) = delete;
  ~output_target();

  // The descriptor to write to: opens the temporary file on first use. Throws resource_error
  // when it cannot be created.
  int fd();
  // Writes all of data, or throws resource_error naming the destination and the reason.
  void write(std::string_view data);
  // Flushes and moves the temporary file over the named one. Throws resource_error.
  void commit();

 private:
  std::string path_, temp_;
  bool fixed_temporary_ = false;
  int fd_ = -1;
};

}  // namespace nimber::cli
