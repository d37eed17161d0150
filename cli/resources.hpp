// Where a run's result goes (--output, --checkpoint, --plot: written whole or not at all), and
// the error of a run that needs more of a resource than it may have.
#pragma once

#include <sys/stat.h>

#include <cstdint>
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

// ---- Output ------------------------------------------------------------------------------

// The file a path names: its symbolic links followed (the last component's, up to 40 of them),
// so that a link's target is written and the link stays a link. A dangling link names the file
// it would lead to. Throws resource_error for a loop.
std::string link_target(const std::string& path);

// The destination of a command's output: standard output, or the file named by --output,
// --checkpoint or --plot (symbolic links followed), written whole or not at all where the kind
// of file allows it:
//   - a regular file or a new one: written to a temporary file in its directory, given its mode
//     and, where the system allows, its owner, and renamed over it by commit();
//   - a regular file with other hard links: the complete temporary file copied into it by
//     commit(), so that every name sees the result (the copy itself is not atomic);
//   - a device, FIFO or socket: written directly, no temporary file, no rename;
//   - a directory, or a file the user could not write (checked with the effective ids, as
//     the system checks an open()): refused with resource_error.
// open() checks all this and creates the temporary file (or opens the special file), so that a
// run which calls it before computing learns at once that its result could not be written.
// A temporary file goes with the destructor, or with SIGINT or SIGTERM (temporary_files.hpp).
class output_target {
 public:
  output_target() = default;  // standard output
  // The temporary file is FILE.tmp.XXXXXX, unique to this run; with `fixed_temporary` it is
  // FILE.tmp, for a checkpoint, which one run at a time writes (it holds checkpoint_file's
  // lock), so that a run killed while saving leaves one known file behind, not a new one each
  // time.
  explicit output_target(std::string path, bool fixed_temporary = false);
  output_target(const output_target&) = delete;
  output_target& operator=(const output_target&) = delete;
  ~output_target();

  // Opens the destination as described above, once. Throws resource_error.
  void open();
  // The descriptor to write to, open()ed on first use.
  int fd();
  // Writes all of data, or throws resource_error naming the destination and the reason.
  void write(std::string_view data);
  // Makes the written data the file's contents (see above). Throws resource_error.
  void commit();

 private:
  enum class kind : std::uint8_t { standard_output, replaced, rewritten, special };
  void open_temporary(const struct stat* existing);
  void copy_into_target();
  void discard() noexcept;

  std::string path_;    // as given, for messages
  std::string target_;  // the file written: path_ with its links followed
  std::string temp_;    // the temporary file, while it exists
  bool fixed_temporary_ = false;
  kind kind_ = kind::standard_output;
  bool opened_ = false;
  int fd_ = -1;         // where write() goes
  int target_fd_ = -1;  // kind::rewritten: the target, opened by open() to be sure it can be
};

}  // namespace nimber::cli
