// The store of packed_values.hpp. On Linux the buffer is a private anonymous mapping grown by
// mremap: no copy of the old bytes beside the new ones while it grows or widens, and pages
// not yet written take no memory. Elsewhere it is malloc'd and grown by realloc. Every byte
// past the values (bytes() up to the capacity) is zero.
#include "nimber/games/packed_values.hpp"

#include "games/packed_values_file.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace nimber::games {

namespace {

// Every value at index i of a store of `from` bytes a value moved to `to` bytes a value, from
// the top down, from the array `source` to `target`: when they are the same buffer, the value
// at i goes to i * to >= i * from, past every value below it still to be read. value(i, old)
// gives the value of the stored old one. Takes the values lo .. hi-1.
template <class From, class To, class Value>
void spread(const void* source, void* target, std::uint64_t lo, std::uint64_t hi, const Value& value) noexcept {
  const auto* in = static_cast<const unsigned char*>(source);
  auto* out = static_cast<unsigned char*>(target);
  for (std::uint64_t i = hi; i-- > lo;) {
    From v;
    std::memcpy(&v, in + i * sizeof(From), sizeof(From));
    const To w = To(value(i, v));
    std::memcpy(out + i * sizeof(To), &w, sizeof(To));
  }
}

// Rewrites go a stretch of values at a time, so that a file-backed store can let the pages
// of each finished stretch go.
constexpr std::uint64_t rewrite_stretch = std::uint64_t(1) << 24;

}  // namespace

// At least `bytes` of capacity, the new bytes zero.
void packed_values::reserve(std::uint64_t bytes) {
  if (bytes <= capacity_) return;
  bytes = std::max(bytes, capacity_ + capacity_ / 8);  // a store grown a term at a time
  if (file_) return reserve_file(bytes);
#if defined(__linux__)
  const std::uint64_t page = 4096, cap = (bytes + page - 1) / page * page;
  void* p = data_ == nullptr ? ::mmap(nullptr, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                             : ::mremap(data_, capacity_, cap, MREMAP_MAYMOVE);
  if (p == MAP_FAILED) throw std::bad_alloc();
#else
  const std::uint64_t cap = bytes;
  void* p = std::realloc(data_, cap);
  if (p == nullptr) throw std::bad_alloc();
  std::memset(static_cast<unsigned char*>(p) + capacity_, 0, cap - capacity_);
#endif
  data_ = p;
  capacity_ = cap;
}

void packed_values::release() noexcept {
  if (file_) return release_file();
#if defined(__linux__)
  if (data_ != nullptr) ::munmap(data_, capacity_);
#else
  std::free(data_);
#endif
  data_ = nullptr;
  capacity_ = 0;
}

namespace {

constexpr auto same = [](std::uint64_t, std::uint32_t v) noexcept { return v; };

}  // namespace

std::uint32_t packed_values::parity_reader::operator[](std::uint64_t n) const noexcept {
  const std::vector<std::uint64_t>& e = v_->exceptions_;
  // Past the last exception every value is common: the recent terms, read most.
  if (e.empty() || n > e.back()) return v_->expand_[v_->packed_bytes()[n]];
  // Sequential reads move next_ by at most one; any other read finds it by bisection.
  if (next_ > e.size() || (next_ > 0 && e[next_ - 1] >= n)) {
    next_ = std::size_t(std::lower_bound(e.begin(), e.end(), n) - e.begin());
  } else if (next_ < e.size() && e[next_] < n) {
    ++next_;
    if (next_ < e.size() && e[next_] < n)
      next_ = std::size_t(std::lower_bound(e.begin() + std::ptrdiff_t(next_), e.end(), n) - e.begin());
  }
  const std::uint8_t b = v_->packed_bytes()[n];
  return next_ < e.size() && e[next_] == n ? v_->rare_value(b) : v_->expand_[b];
}

packed_values::packed_values() noexcept = default;

packed_values::packed_values(std::uint64_t count) { resize(count); }

packed_values::packed_values(std::span<const std::uint32_t> values) {
  const std::uint32_t top = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  width_ = top < 256 ? 1 : top < 65536 ? 2 : 4;
  resize(values.size());
  for (std::uint64_t i = 0; i < values.size(); ++i) set(i, values[i]);
}

packed_values::packed_values(const packed_values& other)
    : width_(other.width_), preferred_(other.preferred_), parity_mask_(other.parity_mask_),
      dropped_(other.dropped_), exceptions_(other.exceptions_), expand_(other.expand_) {
  reserve(other.bytes());
  if (other.bytes() != 0) std::memcpy(data_, other.data_, other.bytes());
  size_ = other.size_;
}

packed_values::packed_values(packed_values&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), capacity_(std::exchange(other.capacity_, 0)),
      size_(std::exchange(other.size_, 0)),
      width_(std::exchange(other.width_, 1)), preferred_(std::exchange(other.preferred_, 0)),
      parity_mask_(std::exchange(other.parity_mask_, 0)), dropped_(other.dropped_),
      exceptions_(std::move(other.exceptions_)), expand_(other.expand_), file_(std::move(other.file_)) {}

packed_values& packed_values::operator=(packed_values other) noexcept {
  std::swap(data_, other.data_);
  std::swap(capacity_, other.capacity_);
  std::swap(size_, other.size_);
  std::swap(width_, other.width_);
  std::swap(preferred_, other.preferred_);
  std::swap(parity_mask_, other.parity_mask_);
  std::swap(dropped_, other.dropped_);
  std::swap(exceptions_, other.exceptions_);
  std::swap(expand_, other.expand_);
  std::swap(file_, other.file_);
  return *this;
}

packed_values::~packed_values() { release(); }

void packed_values::set(std::uint64_t n, std::uint32_t v) {
  if (file_ != nullptr && n < committed()) [[unlikely]] uncommit(n);
  if (v >= limit()) {
    if (width_ == 1 && parity_mask_ == 0 && preferred_ != 0 && v < 512) pack_by(preferred_);
    else widen(v < 65536 ? 2 : 4);
  }
  switch (width_) {
    case 1: {
      auto* bytes = static_cast<std::uint8_t*>(data_);
      if (parity_mask_ == 0) {
        bytes[n] = std::uint8_t(v);
        break;
      }
      bytes[n] = pack(v);
      // Rare values come in order in a run (one past the last, or none): the list is kept
      // sorted for any order all the same.
      const bool rare = (std::popcount(v & parity_mask_) & 1) == 0;
      if (rare && (exceptions_.empty() || exceptions_.back() < n)) {
        exceptions_.push_back(n);
      } else if (!exceptions_.empty() && n <= exceptions_.back()) {
        const auto at = std::lower_bound(exceptions_.begin(), exceptions_.end(), n);
        if (rare && *at != n) exceptions_.insert(at, n);
        if (!rare && *at == n) exceptions_.erase(at);
      }
      break;
    }
    case 2: static_cast<std::uint16_t*>(data_)[n] = std::uint16_t(v); break;
    default: static_cast<std::uint32_t*>(data_)[n] = v; break;
  }
}

void packed_values::resize(std::uint64_t count) {
  if (file_ != nullptr && count < committed()) uncommit(count);
  reserve(count * width_);
  if (count < size_) std::memset(static_cast<unsigned char*>(data_) + count * width_, 0, (size_ - count) * width_);
  size_ = count;
  while (!exceptions_.empty() && exceptions_.back() >= count) exceptions_.pop_back();
}

void packed_values::widen(unsigned bytes) {
  if (parity_mask_ != 0) unpack_to_two_bytes();
  if (bytes <= width_) return;
  void* target = begin_rewrite(size_ * bytes);
  const unsigned from = width_;
  for (std::uint64_t hi = size_; hi > 0;) {
    const std::uint64_t lo = hi > rewrite_stretch ? hi - rewrite_stretch : 0;
    if (from == 1 && bytes == 2) spread<std::uint8_t, std::uint16_t>(data_, target, lo, hi, same);
    else if (from == 1) spread<std::uint8_t, std::uint32_t>(data_, target, lo, hi, same);
    else spread<std::uint16_t, std::uint32_t>(data_, target, lo, hi, same);
    drop_done(target, from, bytes, lo, hi);
    hi = lo;
  }
  width_ = bytes;
  finish_rewrite(target);
}

void packed_values::widen_step() {
  if (width_ == 1 && parity_mask_ == 0 && preferred_ != 0) pack_by(preferred_);
  else if (width_ < 4) widen(width_ == 1 ? 2 : 4);
}

void packed_values::prefer_parity(std::uint32_t mask) {
  preferred_ = (mask & 511) != 0 ? mask : 0;
  if (parity_mask_ == 0 || parity_mask_ == preferred_) return;
  if (preferred_ == 0) unpack_to_two_bytes();
  else pack_by(preferred_);
}

void packed_values::set_parity_tables(std::uint32_t mask) noexcept {
  parity_mask_ = mask;
  dropped_ = (mask & 511) & (~(mask & 511) + 1);  // the lowest bit of the mask below 512
  for (unsigned b = 0; b < 256; ++b) {
    const std::uint32_t rest = (b & (dropped_ - 1)) | ((b & ~(dropped_ - 1)) << 1);
    expand_[b] = std::uint16_t((std::popcount(rest & mask) & 1) != 0 ? rest : rest | dropped_);
  }
}

// Packs a one-byte store (plain, or packed by another mask) by `mask`: each value read the
// old way, then written the new one.
void packed_values::pack_by(std::uint32_t mask) {
  const packed_values old_tables = [&] {
    packed_values t;
    t.parity_mask_ = parity_mask_, t.dropped_ = dropped_, t.expand_ = expand_;
    t.exceptions_ = std::move(exceptions_);
    return t;
  }();
  const bool was_packed = parity_mask_ != 0;
  auto* target = static_cast<std::uint8_t*>(begin_rewrite(size_));
  const auto* bytes = static_cast<const std::uint8_t*>(data_);
  set_parity_tables(mask);
  exceptions_.clear();
  std::size_t next = 0;  // the old exceptions, walked in step
  for (std::uint64_t lo = 0; lo < size_; lo += rewrite_stretch) {
    const std::uint64_t hi = std::min(size_, lo + rewrite_stretch);
    for (std::uint64_t i = lo; i < hi; ++i) {
      std::uint32_t v = bytes[i];
      if (was_packed) {
        const bool rare = next < old_tables.exceptions_.size() && old_tables.exceptions_[next] == i;
        v = rare ? old_tables.rare_value(bytes[i]) : old_tables.expand_[bytes[i]];
        next += rare;
      }
      target[i] = pack(v);
      if ((std::popcount(v & mask) & 1) == 0) exceptions_.push_back(i);
    }
    drop_done(target, 1, 1, lo, hi);
  }
  finish_rewrite(target);
}

void packed_values::unpack_to_two_bytes() {
  void* target = begin_rewrite(size_ * 2);
  std::size_t next = exceptions_.size();  // walked down in step with the values
  const auto value = [&](std::uint64_t i, std::uint8_t b) noexcept {
    const bool rare = next > 0 && exceptions_[next - 1] == i;
    next -= rare;
    return rare ? rare_value(b) : expand_[b];
  };
  for (std::uint64_t hi = size_; hi > 0;) {
    const std::uint64_t lo = hi > rewrite_stretch ? hi - rewrite_stretch : 0;
    spread<std::uint8_t, std::uint16_t>(data_, target, lo, hi, value);
    drop_done(target, 1, 2, lo, hi);
    hi = lo;
  }
  width_ = 2;
  parity_mask_ = 0;
  exceptions_ = {};
  finish_rewrite(target);
}

std::vector<std::uint32_t> packed_values::to_vector(std::uint64_t count) const {
  return read([&](const auto& p) {
    std::vector<std::uint32_t> out(count);
    for (std::uint64_t i = 0; i < count; ++i) out[i] = p[i];
    return out;
  });
}

bool operator==(const packed_values& a, const packed_values& b) noexcept {
  if (a.size() != b.size()) return false;
  return a.read([&](const auto& p) {
    return b.read([&](const auto& q) {
      for (std::uint64_t i = 0; i < a.size(); ++i)
        if (p[i] != q[i]) return false;
      return true;
    });
  });
}

bool operator==(const packed_values& a, std::span<const std::uint32_t> b) noexcept {
  if (a.size() != b.size()) return false;
  return a.read([&](const auto& p) {
    for (std::uint64_t i = 0; i < a.size(); ++i)
      if (p[i] != b[i]) return false;
    return true;
  });
}

}  // namespace nimber::games
