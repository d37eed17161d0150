// The store of packed_values.hpp. The buffer is malloc'd and grown by realloc: glibc maps a
// large block on its own and grows it by remapping its pages, so widening a store of n values
// needs the new n * width bytes and no copy of the old ones beside them.
#include "nimber/games/packed_values.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace nimber::games {

namespace {

// Every value at index i of a store of `from` bytes a value moved to `to` bytes a value, from
// the top down: the value at i goes to i * to >= i * from, past every value below it still
// to be read.
template <class From, class To>
void spread(void* data, std::uint64_t count) noexcept {
  auto* bytes = static_cast<unsigned char*>(data);
  for (std::uint64_t i = count; i-- > 0;) {
    From v;
    std::memcpy(&v, bytes + i * sizeof(From), sizeof(From));
    const To w = v;
    std::memcpy(bytes + i * sizeof(To), &w, sizeof(To));
  }
}

void* grow(void* data, std::uint64_t bytes) {
  if (bytes == 0) bytes = 1;
  void* p = std::realloc(data, bytes);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

packed_values::packed_values(std::uint64_t count) { resize(count); }

packed_values::packed_values(std::span<const std::uint32_t> values) {
  const std::uint32_t top = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  width_ = top < 256 ? 1 : top < 65536 ? 2 : 4;
  resize(values.size());
  for (std::uint64_t i = 0; i < values.size(); ++i) set(i, values[i]);
}

packed_values::packed_values(const packed_values& other) : width_(other.width_) {
  data_ = grow(nullptr, other.bytes());
  if (other.bytes() != 0) std::memcpy(data_, other.data_, other.bytes());
  size_ = other.size_;
}

packed_values::packed_values(packed_values&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      width_(std::exchange(other.width_, 1)) {}

packed_values& packed_values::operator=(packed_values other) noexcept {
  std::swap(data_, other.data_);
  std::swap(size_, other.size_);
  std::swap(width_, other.width_);
  return *this;
}

packed_values::~packed_values() { std::free(data_); }

void packed_values::resize(std::uint64_t count) {
  data_ = grow(data_, count * width_);
  if (count > size_) std::memset(static_cast<unsigned char*>(data_) + bytes(), 0, (count - size_) * width_);
  size_ = count;
}

void packed_values::widen(unsigned bytes) {
  if (bytes <= width_) return;
  data_ = grow(data_, size_ * bytes);
  if (width_ == 1 && bytes == 2) spread<std::uint8_t, std::uint16_t>(data_, size_);
  else if (width_ == 1) spread<std::uint8_t, std::uint32_t>(data_, size_);
  else spread<std::uint16_t, std::uint32_t>(data_, size_);
  width_ = bytes;
}

std::vector<std::uint32_t> packed_values::to_vector(std::uint64_t count) const {
  return visit([&](const auto* p) { return std::vector<std::uint32_t>(p, p + count); });
}

bool operator==(const packed_values& a, const packed_values& b) noexcept {
  if (a.size() != b.size()) return false;
  return a.visit([&](const auto* p) {
    return b.visit([&](const auto* q) { return std::equal(p, p + a.size(), q); });
  });
}

bool operator==(const packed_values& a, std::span<const std::uint32_t> b) noexcept {
  if (a.size() != b.size()) return false;
  return a.visit([&](const auto* p) { return std::equal(p, p + a.size(), b.begin()); });
}

}  // namespace nimber::games
