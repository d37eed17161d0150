// The file-system calls of the file-backed store (store_files.hpp).
#include "games/store_files.hpp"

#if defined(__linux__)

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nimber/games/error.hpp"

namespace nimber::games::store_files {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw store_error(path, "a file it can write (" + what + ": " + std::strerror(errno) + ")", true);
}

void write_all(int fd, const void* data, std::uint64_t bytes, std::uint64_t at, const std::string& path) {
  const auto* p = static_cast<const unsigned char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::pwrite(fd, p, std::size_t(std::min<std::uint64_t>(bytes, 1 << 30)), off_t(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(path, "write failed");
    p += n, at += std::uint64_t(n), bytes -= std::uint64_t(n);
  }
}

bool read_all(int fd, void* data, std::uint64_t bytes, std::uint64_t at) {
  auto* p = static_cast<unsigned char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::pread(fd, p, std::size_t(std::min<std::uint64_t>(bytes, 1 << 30)), off_t(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n, at += std::uint64_t(n), bytes -= std::uint64_t(n);
  }
  return true;
}

void sync(int fd, const std::string& path) {
  if (::fdatasync(fd) != 0) fail(path, "sync failed");
}

void allocate(int fd, std::uint64_t from, std::uint64_t to, const std::string& path) {
  if (to <= from) return;
  const int e = ::posix_fallocate(fd, off_t(from), off_t(to - from));
  if (e == 0) return;
  if (e == EOPNOTSUPP || e == EINVAL) {
    struct stat st {};
    if (::fstat(fd, &st) == 0 && std::uint64_t(st.st_size) >= to) return;
    if (::ftruncate(fd, off_t(to)) == 0) return;
  }
  errno = e;
  fail(path, "no room for the values");
}

// Resident pages of files mapped by this process, in bytes (the "shared" field of
// /proc/self/statm: file-backed and shared memory).
std::uint64_t resident_file_bytes() noexcept {
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[128];
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  text[n] = 0;
  unsigned long long size = 0, resident = 0, shared = 0;
  if (std::sscanf(text, "%llu %llu %llu", &size, &resident, &shared) != 3) return 0;
  return std::uint64_t(shared) * std::uint64_t(::sysconf(_SC_PAGESIZE));
}

int open_locked(const std::string& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_RDWR | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (errno == EEXIST) throw store_error(path, "a file that does not exist yet");
    if (errno == ENOENT && !(flags & O_CREAT)) throw store_error(path, "a store (there is no such file)");
    fail(path, "cannot open it");
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw store_error(path, "a store no other run is using (another run holds it)");
  }
  return fd;
}

// Makes a rename into the directory of `path` durable: the new name survives a crash of the
// machine, not only of the process. Best effort: a directory that cannot be opened is left.
void sync_directory_of(const std::string& path) {
  const std::string dir = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/') + 1);
  if (const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

// Renames the file `from` to `to` unless `to` exists (atomically: renameat2's NOREPLACE, or a
// hard link where the file system lacks it).
void name_new_file(const std::string& from, const std::string& to) {
  int failed = ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE);
  if (failed != 0 && (errno == EINVAL || errno == ENOSYS)) {
    failed = ::link(from.c_str(), to.c_str());
    if (failed == 0) ::unlink(from.c_str());
  }
  if (failed == 0) {
    sync_directory_of(to);
    return;
  }
  const int e = errno;
  ::unlink(from.c_str());
  if (e == EEXIST) throw store_error(to, "a file that does not exist yet");
  errno = e;
  fail(to, "cannot name it");
}

}  // namespace nimber::games::store_files

#endif
