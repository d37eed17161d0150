// The file-backed store of packed_values.hpp: the values at the same widths and packing as in
// memory, in a shared mapping of a file, and the file as the run's checkpoint.
//
// The file:
//   [0, 4096)                 two header slots of 2048 bytes; the valid one with the higher
//                             sequence number holds; a commit writes the other one, so a torn
//                             write leaves the previous header whole
//   [4096, 4096 + capacity)   the values, capacity bytes (written through the mapping)
//   [exceptions_at, ...)      with parity packing, the rare positions, 8 bytes each; always
//                             past the values, so that the values never overwrite them
// A slot: "nimberPV", the format version, the width, the sequence, the count of values it
// records, the parity mask, the tag's length, capacity, exceptions_at, the count of
// exceptions, FNV-1a checksums of the values' bytes and of the exceptions, the tag, and an
// FNV-1a checksum of the slot. Every number is little-endian.
//
// A commit syncs the values and exceptions first and writes the header after, synced too: a
// header never describes bytes that are not on disk. Values already recorded never change in
// the file (set() below the recorded count first records the shorter prefix), so the
// checksums grow with the values instead of being taken again over the whole file. A new
// layout (widening, parity packing) is written whole to FILE.new and renamed over FILE.
#include "nimber/games/packed_values.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "games/packed_values_file.hpp"
#include "games/store_files.hpp"
#include "nimber/games/error.hpp"

#if defined(__linux__)
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace nimber::games {

namespace {

constexpr std::uint64_t header_bytes = 4096, slot_bytes = 2048, page = 4096;
constexpr std::uint32_t format_version = 1;
constexpr std::size_t max_tag = 1024;
constexpr char magic[8] = {'n', 'i', 'm', 'b', 'e', 'r', 'P', 'V'};
constexpr std::uint64_t fnv_prime = 1099511628211ull;

std::uint64_t fnv1a(std::uint64_t h, const void* data, std::uint64_t bytes) noexcept {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::uint64_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * fnv_prime;
  return h;
}

void put(unsigned char* at, std::uint64_t v, unsigned bytes) noexcept {
  for (unsigned i = 0; i < bytes; ++i) at[i] = static_cast<unsigned char>(v >> (8 * i));
}

std::uint64_t get(const unsigned char* at, unsigned bytes) noexcept {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= std::uint64_t(at[i]) << (8 * i);
  return v;
}

// The fields of a header slot.
struct slot {
  std::uint32_t version = format_version, width = 1, mask = 0;
  std::uint64_t sequence = 0, count = 0, capacity = 0, exceptions_at = 0, exceptions = 0;
  std::uint64_t values_hash = fnv_basis, exceptions_hash = fnv_basis;
  std::string tag;
};

void encode(const slot& s, unsigned char* out) noexcept {
  std::memset(out, 0, slot_bytes);
  std::memcpy(out, magic, 8);
  put(out + 8, s.version, 4);
  put(out + 12, s.width, 4);
  put(out + 16, s.sequence, 8);
  put(out + 24, s.count, 8);
  put(out + 32, s.mask, 4);
  put(out + 36, s.tag.size(), 4);
  put(out + 40, s.capacity, 8);
  put(out + 48, s.exceptions_at, 8);
  put(out + 56, s.exceptions, 8);
  put(out + 64, s.values_hash, 8);
  put(out + 72, s.exceptions_hash, 8);
  std::memcpy(out + 80, s.tag.data(), s.tag.size());
  put(out + slot_bytes - 8, fnv1a(fnv_basis, out, slot_bytes - 8), 8);
}

enum class slot_state { absent, damaged, good };

slot_state decode(const unsigned char* in, slot& s) {
  if (std::memcmp(in, magic, 8) != 0) return slot_state::absent;
  if (get(in + slot_bytes - 8, 8) != fnv1a(fnv_basis, in, slot_bytes - 8)) return slot_state::damaged;
  s.version = std::uint32_t(get(in + 8, 4));
  s.width = std::uint32_t(get(in + 12, 4));
  s.sequence = get(in + 16, 8);
  s.count = get(in + 24, 8);
  s.mask = std::uint32_t(get(in + 32, 4));
  const std::uint64_t tag_length = get(in + 36, 4);
  s.capacity = get(in + 40, 8);
  s.exceptions_at = get(in + 48, 8);
  s.exceptions = get(in + 56, 8);
  s.values_hash = get(in + 64, 8);
  s.exceptions_hash = get(in + 72, 8);
  if (tag_length > max_tag) return slot_state::damaged;
  s.tag.assign(reinterpret_cast<const char*>(in + 80), tag_length);
  return slot_state::good;
}

std::uint64_t round_up(std::uint64_t bytes) noexcept { return (bytes + page - 1) / page * page; }

// Positions as the file holds them: 8 bytes each, little-endian.
std::vector<unsigned char> encode_positions(const std::vector<std::uint64_t>& list, std::uint64_t from, std::uint64_t to) {
  std::vector<unsigned char> raw(std::size_t(8 * (to - from)));
  for (std::uint64_t i = from; i < to; ++i) put(raw.data() + 8 * (i - from), list[i], 8);
  return raw;
}

}  // namespace


#if defined(__linux__)

using namespace store_files;

namespace {

// The pages wholly inside bytes from..to of a mapping leave memory (the file keeps them).
void drop(const void* base, std::uint64_t from, std::uint64_t to) noexcept {
  from = round_up(from);
  to = to / page * page;
  if (to > from) ::madvise(static_cast<char*>(const_cast<void*>(base)) + from, to - from, MADV_DONTNEED);
}

// FNV-1a of the first `bytes` bytes of a mapping, a stretch at a time, each let go once read.
std::uint64_t checksum_of(const void* base, std::uint64_t bytes) noexcept {
  std::uint64_t h = fnv_basis;
  for (std::uint64_t at = 0; at < bytes; at += std::uint64_t(1) << 24) {
    const std::uint64_t to = std::min(bytes, at + (std::uint64_t(1) << 24));
    h = fnv1a(h, static_cast<const unsigned char*>(base) + at, to - at);
    drop(base, at, to);
  }
  return h;
}

void* map(int fd, std::uint64_t capacity, const std::string& path) {
  void* p = ::mmap(nullptr, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(header_bytes));
  if (p == MAP_FAILED) fail(path, "cannot map it");
  return p;
}

}  // namespace

packed_values::file_state::file_state(std::string path_, std::string_view tag_)
    : path(std::move(path_)), tag(tag_), baseline(resident_file_bytes()) {}

// A new store is written as FILE.create and takes its name once its first header is on disk,
// never over a file that appeared meanwhile, so that a run killed while it creates the store
// leaves no FILE (--resume then starts afresh) and a draft that the next run takes over.
packed_values packed_values::create_file(const std::string& path, std::string_view tag) {
  if (tag.size() > max_tag) throw store_error(path, "a tag of at most 1024 characters");
  packed_values v;
  v.file_ = std::make_unique<file_state>(path, tag);
  file_state& f = *v.file_;
  const std::string draft = path + ".create";
  f.fd = open_locked(draft, O_CREAT);
  if (::ftruncate(f.fd, 0) != 0) fail(draft, "cannot write it");
  v.capacity_ = page;
  allocate(f.fd, 0, header_bytes + v.capacity_, path);
  f.exceptions_at = header_bytes + v.capacity_;
  v.data_ = map(f.fd, v.capacity_, path);
  f.sequence = 0;
  v.commit(0);  // writes slot 1; slot 0 stays empty
  name_new_file(draft, path);
  return v;
}

packed_values packed_values::open_file(const std::string& path, std::string_view tag) {
  packed_values v;
  v.file_ = std::make_unique<file_state>(path, tag);
  file_state& f = *v.file_;
  f.fd = open_locked(path, 0);
  struct stat st {};
  if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode)) throw store_error(path, "a store in a regular file");
  const std::uint64_t file_size = std::uint64_t(st.st_size);
  const std::string not_a_store = "a store written by nimber heap --store (this file is not one)";
  unsigned char header[header_bytes];
  if (file_size < header_bytes || !read_all(f.fd, header, header_bytes, 0)) throw store_error(path, not_a_store);
  slot s[2];
  const slot_state state[2] = {decode(header, s[0]), decode(header + slot_bytes, s[1])};
  if (state[0] == slot_state::absent && state[1] == slot_state::absent) throw store_error(path, not_a_store);
  if (state[0] != slot_state::good && state[1] != slot_state::good)
    throw store_error(path, "an intact store (its header fails its checksum)");
  const slot& h = state[0] != slot_state::good ? s[1]
                  : state[1] != slot_state::good ? s[0]
                  : s[0].sequence > s[1].sequence ? s[0] : s[1];
  if (h.version != format_version)
    throw store_error(path, "a store of format " + std::to_string(format_version) + " (this one is of format " +
                                std::to_string(h.version) + ")");
  if (h.tag != tag)
    throw store_error(path, "a store of " + std::string(tag) + " (it holds the values of " + h.tag + ")");
  const bool shape = (h.width == 1 || h.width == 2 || h.width == 4) && (h.mask == 0 || (h.width == 1 && (h.mask & 511) != 0)) &&
                     h.capacity % page == 0 && h.capacity > 0 && h.count <= h.capacity / h.width &&
                     h.exceptions_at >= header_bytes + h.capacity && h.exceptions <= h.count && (h.mask != 0 || h.exceptions == 0);
  if (!shape) throw store_error(path, "an intact store (its header does not describe a store)");
  const std::uint64_t end = std::max(header_bytes + h.capacity, h.exceptions_at + 8 * h.exceptions);
  if (file_size < end)
    throw store_error(path, "a whole store of " + std::to_string(end) + " bytes (the file is cut short at " +
                                std::to_string(file_size) + ")");
  const std::string corrupt = "an intact store (its values fail their checksum)";
  std::vector<unsigned char> raw(std::size_t(8 * h.exceptions));
  if (!read_all(f.fd, raw.data(), raw.size(), h.exceptions_at)) throw store_error(path, not_a_store);
  if (fnv1a(fnv_basis, raw.data(), raw.size()) != h.exceptions_hash) throw store_error(path, corrupt);
  v.exceptions_.resize(std::size_t(h.exceptions));
  for (std::size_t i = 0; i < v.exceptions_.size(); ++i) {
    v.exceptions_[i] = get(raw.data() + 8 * i, 8);
    if (v.exceptions_[i] >= h.count || (i > 0 && v.exceptions_[i] <= v.exceptions_[i - 1]))
      throw store_error(path, corrupt);
  }
  v.capacity_ = h.capacity;
  v.data_ = map(f.fd, v.capacity_, path);
  v.width_ = h.width;
  v.size_ = h.count;
  if (h.mask != 0) v.set_parity_tables(h.mask);
  v.preferred_ = h.mask;
  const std::uint64_t bytes = h.count * h.width;
  f.values_hash = checksum_of(v.data_, bytes);
  if (f.values_hash != h.values_hash) throw store_error(path, corrupt);
  f.hashed = bytes;
  f.committed = h.count;
  f.sequence = h.sequence;
  f.exceptions_written = h.exceptions;
  f.exceptions_hash = h.exceptions_hash;
  f.exceptions_at = h.exceptions_at;
  // Bytes past the values recorded may hold values of a run cut short after its last commit:
  // zero, as past the values of any store.
  const std::uint64_t tail = std::min(round_up(bytes), v.capacity_);
  std::memset(static_cast<unsigned char*>(v.data_) + bytes, 0, tail - bytes);
  if (tail < v.capacity_ &&
      ::fallocate(f.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(header_bytes + tail), off_t(v.capacity_ - tail)) != 0) {
    for (std::uint64_t at = tail; at < v.capacity_; at += std::uint64_t(1) << 24) {
      const std::uint64_t to = std::min(v.capacity_, at + (std::uint64_t(1) << 24));
      std::memset(static_cast<unsigned char*>(v.data_) + at, 0, to - at);
      drop(v.data_, at, to);
    }
  }
  ::unlink((path + ".new").c_str());
  return v;
}

namespace {

// Writes the header slot after `sequence` and syncs it.
void write_header(int fd, const slot& s, const std::string& path) {
  unsigned char out[slot_bytes];
  encode(s, out);
  write_all(fd, out, slot_bytes, (s.sequence % 2) * slot_bytes, path);
  sync(fd, path);
}

}  // namespace

void packed_values::file_state::record(const packed_values& v, std::uint64_t count, std::uint64_t exceptions) {
  slot s;
  s.width = v.width_, s.mask = v.parity_mask_, s.sequence = sequence + 1, s.count = count;
  s.capacity = v.capacity_, s.exceptions_at = exceptions_at, s.exceptions = exceptions;
  s.values_hash = values_hash, s.exceptions_hash = exceptions_hash, s.tag = tag;
  write_header(fd, s, path);
  sequence = s.sequence;
  committed = count;
}

void packed_values::commit(std::uint64_t count) {
  if (!file_) return;
  file_state& f = *file_;
  if (count < f.committed) return uncommit(count);
  const std::uint64_t bytes = count * width_;
  if (bytes > f.hashed) {
    // A stretch at a time, trimmed after each: a commit of many values must not map them all.
    for (std::uint64_t at = f.hashed; at < bytes; at += std::uint64_t(1) << 24) {
      const std::uint64_t to = std::min(bytes, at + (std::uint64_t(1) << 24));
      f.values_hash = fnv1a(f.values_hash, static_cast<const unsigned char*>(data_) + at, to - at);
      trim(to / width_);
    }
    const std::uint64_t from = f.hashed / page * page;
    if (::msync(static_cast<unsigned char*>(data_) + from, round_up(bytes) - from, MS_SYNC) != 0)
      fail(f.path, "sync failed");
    f.hashed = bytes;
  }
  const std::uint64_t exceptions =
      std::uint64_t(std::lower_bound(exceptions_.begin(), exceptions_.end(), count) - exceptions_.begin());
  if (exceptions > f.exceptions_written) {
    const std::vector<unsigned char> raw = encode_positions(exceptions_, f.exceptions_written, exceptions);
    write_all(f.fd, raw.data(), raw.size(), f.exceptions_at + 8 * f.exceptions_written, f.path);
    f.exceptions_hash = fnv1a(f.exceptions_hash, raw.data(), raw.size());
    f.exceptions_written = exceptions;
  }
  sync(f.fd, f.path);
  f.record(*this, count, exceptions);
}

// The checksums start again from the values kept: the header then records fewer values,
// before any of the dropped ones changes.
void packed_values::uncommit(std::uint64_t count) {
  file_state& f = *file_;
  f.committed = 0, f.hashed = 0, f.values_hash = fnv_basis;
  f.exceptions_written = 0, f.exceptions_hash = fnv_basis;
  commit(count);
}

std::uint64_t packed_values::committed() const noexcept { return file_ ? file_->committed : 0; }

void packed_values::set_resident_limit(std::uint64_t bytes) noexcept {
  if (file_) file_->limit = bytes;
}

void packed_values::trim(std::uint64_t at) const noexcept {
  if (!file_ || file_->limit == ~std::uint64_t(0)) return;
  const std::uint64_t limit = file_->limit, held = resident_file_bytes();
  if (held <= file_->baseline || held - file_->baseline <= limit / 4 * 3) return;
  const std::uint64_t here = std::min(at * width_, capacity_);
  drop(data_, limit / 4, here > limit / 2 ? here - limit / 2 : 0);
  drop(data_, here + limit / 16, capacity_);
}

// Growth lengthens the file, then moves the exceptions past the new end of the values and
// records where they went, so that the values written from now on never land on exceptions a
// header points to, and a header never describes more file than there is (a run killed in
// between leaves the old header, which a longer file still fits).
void packed_values::reserve_file(std::uint64_t bytes) {
  file_state& f = *file_;
  const std::uint64_t capacity = round_up(std::max(bytes, std::uint64_t(1) << 20));
  allocate(f.fd, header_bytes + capacity_, header_bytes + capacity, f.path);
  if (f.exceptions_at < header_bytes + capacity) {
    const std::uint64_t at = header_bytes + capacity;
    const std::vector<unsigned char> raw = encode_positions(exceptions_, 0, f.exceptions_written);
    write_all(f.fd, raw.data(), raw.size(), at, f.path);
    sync(f.fd, f.path);
    f.exceptions_at = at;
    f.record(*this, f.committed, f.exceptions_written);
  }
  void* p = ::mremap(data_, capacity_, capacity, MREMAP_MAYMOVE);
  if (p == MAP_FAILED) fail(f.path, "cannot map it");
  data_ = p;
  capacity_ = capacity;
}

void packed_values::release_file() noexcept {
  if (data_ != nullptr) ::munmap(data_, capacity_);
  data_ = nullptr;
  capacity_ = 0;
  file_.reset();
}

void* packed_values::begin_rewrite(std::uint64_t bytes) {
  if (!file_) {
    reserve(bytes);
    return data_;
  }
  file_state& f = *file_;
  const std::string path = f.path + ".new";
  if (f.rewrite_fd >= 0) ::close(f.rewrite_fd);
  f.rewrite_fd = -1;
  const int fd = ::open(path.c_str(), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, "cannot create it");
  f.rewrite_fd = fd;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) fail(path, "cannot lock it");
  f.rewrite_capacity = round_up(std::max(bytes, std::uint64_t(1) << 20));
  allocate(fd, 0, header_bytes + f.rewrite_capacity, path);
  return map(fd, f.rewrite_capacity, path);
}

// The new file gets the checksums of its own bytes and the header of the values recorded,
// then takes the old one's name; the old mapping goes.
void packed_values::finish_rewrite(void* target) {
  if (!file_) return;
  file_state& f = *file_;
  const std::string path = f.path + ".new";
  const std::uint64_t bytes = f.committed * width_;
  const std::uint64_t hash = checksum_of(target, bytes);
  if (::msync(target, f.rewrite_capacity, MS_SYNC) != 0) fail(path, "sync failed");
  const std::uint64_t exceptions =
      std::uint64_t(std::lower_bound(exceptions_.begin(), exceptions_.end(), f.committed) - exceptions_.begin());
  const std::vector<unsigned char> raw = encode_positions(exceptions_, 0, exceptions);
  const std::uint64_t at = header_bytes + f.rewrite_capacity;
  write_all(f.rewrite_fd, raw.data(), raw.size(), at, path);
  sync(f.rewrite_fd, path);
  void* const old_data = std::exchange(data_, target);
  const std::uint64_t old_capacity = std::exchange(capacity_, f.rewrite_capacity);
  const int old_fd = std::exchange(f.fd, std::exchange(f.rewrite_fd, -1));
  f.sequence = 0, f.hashed = bytes, f.values_hash = hash;
  f.exceptions_written = exceptions, f.exceptions_hash = fnv1a(fnv_basis, raw.data(), raw.size());
  f.exceptions_at = at;
  f.record(*this, f.committed, exceptions);
  if (::rename(path.c_str(), f.path.c_str()) != 0) fail(f.path, "cannot replace it");
  sync_directory_of(f.path);
  ::munmap(old_data, old_capacity);
  ::close(old_fd);
}

void packed_values::drop_done(const void* target, unsigned old_width, unsigned new_width, std::uint64_t lo,
                              std::uint64_t hi) const noexcept {
  if (!file_) return;
  drop(data_, lo * old_width, hi * old_width);
  drop(target, lo * new_width, hi * new_width);
}

#else  // no file-backed store

namespace {

[[noreturn]] void unsupported(const std::string& path) {
  throw store_error(path, "a system with memory-mapped files (file-backed stores need Linux)", true);
}

}  // namespace

packed_values packed_values::create_file(const std::string& path, std::string_view) { unsupported(path); }
packed_values packed_values::open_file(const std::string& path, std::string_view) { unsupported(path); }
void packed_values::commit(std::uint64_t) {}
void packed_values::uncommit(std::uint64_t) {}
std::uint64_t packed_values::committed() const noexcept { return 0; }
void packed_values::set_resident_limit(std::uint64_t) noexcept {}
void packed_values::trim(std::uint64_t) const noexcept {}
void packed_values::reserve_file(std::uint64_t) {}
void packed_values::release_file() noexcept {}
void* packed_values::begin_rewrite(std::uint64_t bytes) {
  reserve(bytes);
  return data_;
}
void packed_values::finish_rewrite(void*) {}
void packed_values::drop_done(const void*, unsigned, unsigned, std::uint64_t, std::uint64_t) const noexcept {}

#endif

}  // namespace nimber::games
