// output_target (resources.hpp): the one writer of the files the command writes.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <utility>

#include "resources.hpp"
#include "temporary_files.hpp"

namespace nimber::cli {

namespace {

// The message for the failure errno describes; read at once, before another call changes it.
resource_error write_error(const std::string& path) {
  return resource_error("cannot write '" + path + "': " + std::strerror(errno));
}

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

std::string link_target(const std::string& path) {
  std::string p = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::string link(PATH_MAX, '\0');
    const ssize_t n = ::readlink(p.c_str(), link.data(), link.size());
    if (n < 0) return p;  // vanished: open() reports what is there now
    link.resize(std::size_t(n));
    // A relative link is relative to the directory that holds it.
    if (const std::size_t slash = p.rfind('/'); !link.empty() && link.front() != '/' && slash != std::string::npos)
      link.insert(0, p, 0, slash + 1);
    p = std::move(link);
  }
  errno = ELOOP;
  throw write_error(path);
}

output_target::output_target(std::string path, bool fixed_temporary)
    : path_(std::move(path)), fixed_temporary_(fixed_temporary) {}

output_target::~output_target() { discard(); }

void output_target::discard() noexcept {
  if (fd_ >= 0 && kind_ != kind::standard_output) ::close(fd_);
  if (target_fd_ >= 0) ::close(target_fd_);
  fd_ = target_fd_ = -1;
  if (temp_.empty()) return;
  temporary_files::signals_held held;
  ::unlink(temp_.c_str());
  temporary_files::forget(temp_.c_str());
  temp_.clear();
}

void output_target::open() {
  if (opened_) return;
  if (path_.empty() || path_ == "-") {
    fd_ = STDOUT_FILENO;
    opened_ = true;
    return;
  }
  target_ = link_target(path_);
  struct stat st {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) throw write_error(path_);
  if (exists && S_ISDIR(st.st_mode)) throw resource_error("cannot write '" + path_ + "': it is a directory");
  // As open() would judge it: root may, a read-only file or someone else's may not be.
  if (exists && ::faccessat(AT_FDCWD, target_.c_str(), W_OK, AT_EACCESS) != 0) throw write_error(path_);
  if (exists && !S_ISREG(st.st_mode)) {
    kind_ = kind::special;
    fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd_ < 0) throw write_error(path_);
  } else if (exists && st.st_nlink > 1) {
    kind_ = kind::rewritten;
    target_fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (target_fd_ < 0) throw write_error(path_);
    open_temporary(&st);
  } else {
    kind_ = kind::replaced;
    open_temporary(exists ? &st : nullptr);
  }
  opened_ = true;
}

// The temporary file beside the target (a rename cannot cross file systems), remembered for
// the signal handler from the moment it exists.
void output_target::open_temporary(const struct stat* existing) {
  {
    temporary_files::signals_held held;
    temp_ = target_ + (fixed_temporary_ ? ".tmp" : ".tmp.XXXXXX");
    if (fixed_temporary_) {
      ::unlink(temp_.c_str());  // left by a run killed while saving; the lock makes it ours
      fd_ = ::open(temp_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    } else {
      fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
    }
    if (fd_ < 0) {
      const resource_error error = write_error(path_);
      temp_.clear();
      throw error;
    }
    temporary_files::remember(temp_.c_str());
  }
  if (kind_ == kind::rewritten) return;  // copied into the target, which keeps its own mode
  // The replacement keeps the file's owner (where we may give it: root may) and mode; a new
  // file gets the usual 0666 less the umask. The owner first: chown clears set-id bits.
  if (existing) {
    if (::fchown(fd_, existing->st_uid, existing->st_gid) != 0) {
      // Not ours to give away: the file becomes this user's, as a copy would.
    }
    ::fchmod(fd_, existing->st_mode & 07777);
  } else {
    ::fchmod(fd_, 0666 & ~current_umask());
  }
}

int output_target::fd() {
  open();
  return fd_;
}

void output_target::write(std::string_view data) {
  const int out = fd();
  while (!data.empty()) {
    const ssize_t put = ::write(out, data.data(), data.size());
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) throw write_error(kind_ == kind::standard_output ? "standard output" : path_);
    data.remove_prefix(std::size_t(put));
  }
}

// The complete temporary file into the target, in place: every hard link sees the result.
void output_target::copy_into_target() {
  if (::lseek(fd_, 0, SEEK_SET) != 0 || ::ftruncate(target_fd_, 0) != 0) throw write_error(path_);
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd_, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw write_error(path_);
    if (got == 0) break;
    for (ssize_t done = 0; done < got;) {
      const ssize_t put = ::write(target_fd_, buffer + done, std::size_t(got - done));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) throw write_error(path_);
      done += put;
    }
  }
  if (::fsync(target_fd_) != 0) throw write_error(path_);
}

void output_target::commit() {
  open();
  if (kind_ == kind::standard_output) return;
  if (kind_ == kind::special) {
    const int out = std::exchange(fd_, -1);
    if (::close(out) != 0) throw write_error(path_);
    return;
  }
  if (kind_ == kind::rewritten) {
    copy_into_target();
    const int target = std::exchange(target_fd_, -1);
    if (::close(target) != 0) throw write_error(path_);
    discard();
    return;
  }
  const int out = std::exchange(fd_, -1);
  const bool synced = ::fsync(out) == 0;
  if (::close(out) != 0 || !synced) throw write_error(path_);  // the destructor unlinks it
  temporary_files::signals_held held;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) throw write_error(path_);
  temporary_files::forget(temp_.c_str());
  temp_.clear();
}

}  // namespace nimber::cli
