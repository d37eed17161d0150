// The file-system calls of the file-backed store (packed_values_file.cpp), each with its error
// reported as a store_error naming the file. Linux only, as the store is. Internal to the
// games layer.
#pragma once

#include <cstdint>
#include <string>

namespace nimber::games::store_files {

// Throws the store_error of a failed call on `path`, with errno's text.
[[noreturn]] void fail(const std::string& path, const std::string& what);
// The whole of `bytes` written at offset `at`, or fail.
void write_all(int fd, const void* data, std::uint64_t bytes, std::uint64_t at, const std::string& path);
// The whole of `bytes` read from offset `at`; false at the end of the file or on an error.
bool read_all(int fd, void* data, std::uint64_t bytes, std::uint64_t at);
// The file's data on disk (fdatasync), or fail.
void sync(int fd, const std::string& path);
// Disk for the bytes from..to of the file, taken now, so that a full disk is an error here
// and not a SIGBUS at a write through a mapping.
void allocate(int fd, std::uint64_t from, std::uint64_t to, const std::string& path);
// Resident pages of files mapped by this process, in bytes.
std::uint64_t resident_file_bytes() noexcept;
// The file opened for reading and writing (with `flags`, O_CREAT or O_EXCL among them) and
// locked for this process alone, or a store_error saying why not.
int open_locked(const std::string& path, int flags);
// Makes a rename into the directory of `path` durable (best effort).
void sync_directory_of(const std::string& path);
// Renames `from` to `to` unless `to` exists; `from` is removed when that fails.
void name_new_file(const std::string& from, const std::string& to);

}  // namespace nimber::games::store_files
