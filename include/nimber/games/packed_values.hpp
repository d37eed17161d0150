// Grundy values stored at the width they need: one byte each while every value is below 256,
// two while below 65536, four beyond. A value that outgrows the width widens the whole store
// in place (the buffer grows, the values move up from the top), so a long run keeps the
// narrowest width its values allow without starting again.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

namespace nimber::games {

class packed_values {
 public:
  packed_values() noexcept = default;
  // `count` zeros, one byte each.
  explicit packed_values(std::uint64_t count);
  explicit packed_values(std::span<const std::uint32_t> values);
  packed_values(const packed_values& other);
  packed_values(packed_values&& other) noexcept;
  packed_values& operator=(packed_values other) noexcept;
  ~packed_values();

  std::uint64_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  // Bytes per value: 1, 2 or 4.
  unsigned width() const noexcept { return width_; }
  // The bytes held: size() * width().
  std::uint64_t bytes() const noexcept { return size_ * width_; }

  std::uint32_t operator[](std::uint64_t n) const noexcept {
    switch (width_) {
      case 1: return static_cast<const std::uint8_t*>(data_)[n];
      case 2: return static_cast<const std::uint16_t*>(data_)[n];
      default: return static_cast<const std::uint32_t*>(data_)[n];
    }
  }
  // Stores v at n < size(), widening the store first when v does not fit the width.
  void set(std::uint64_t n, std::uint32_t v) {
    if (v >= limit()) widen(v < 65536 ? 2 : 4);
    switch (width_) {
      case 1: static_cast<std::uint8_t*>(data_)[n] = std::uint8_t(v); break;
      case 2: static_cast<std::uint16_t*>(data_)[n] = std::uint16_t(v); break;
      default: static_cast<std::uint32_t*>(data_)[n] = v; break;
    }
  }
  // The values below this fit the width.
  std::uint64_t limit() const noexcept { return std::uint64_t(1) << (8 * width_); }
  // Keeps the first `count` values (new ones are 0) at the same width.
  void resize(std::uint64_t count);
  // To `bytes` per value (2 or 4; no narrower than now), every value kept, in place.
  void widen(unsigned bytes);
  std::vector<std::uint32_t> to_vector() const { return to_vector(size_); }
  // The first `count` values (count <= size()).
  std::vector<std::uint32_t> to_vector(std::uint64_t count) const;

  // f(p), p the values as an array of the current width (const std::uint8_t*, std::uint16_t*
  // or std::uint32_t*): for loops that read many values, one switch rather than one a value.
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (width_) {
      case 1: return f(static_cast<const std::uint8_t*>(data_));
      case 2: return f(static_cast<const std::uint16_t*>(data_));
      default: return f(static_cast<const std::uint32_t*>(data_));
    }
  }

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = std::uint32_t;
    using difference_type = std::ptrdiff_t;
    using reference = std::uint32_t;
    using pointer = void;
    const_iterator() noexcept = default;
    const_iterator(const packed_values* v, std::uint64_t n) noexcept : v_(v), n_(n) {}
    std::uint32_t operator*() const noexcept { return (*v_)[n_]; }
    std::uint32_t operator[](difference_type d) const noexcept { return (*v_)[n_ + d]; }
    const_iterator& operator++() noexcept { return ++n_, *this; }
    const_iterator& operator--() noexcept { return --n_, *this; }
    const_iterator operator++(int) noexcept { return {v_, n_++}; }
    const_iterator operator--(int) noexcept { return {v_, n_--}; }
    const_iterator& operator+=(difference_type d) noexcept { return n_ += d, *this; }
    const_iterator& operator-=(difference_type d) noexcept { return n_ -= d, *this; }
    friend const_iterator operator+(const_iterator i, difference_type d) noexcept { return i += d; }
    friend const_iterator operator+(difference_type d, const_iterator i) noexcept { return i += d; }
    friend const_iterator operator-(const_iterator i, difference_type d) noexcept { return i -= d; }
    friend difference_type operator-(const_iterator a, const_iterator b) noexcept {
      return difference_type(a.n_) - difference_type(b.n_);
    }
    friend bool operator==(const_iterator a, const_iterator b) noexcept { return a.n_ == b.n_; }
    friend auto operator<=>(const_iterator a, const_iterator b) noexcept { return a.n_ <=> b.n_; }

   private:
    const packed_values* v_ = nullptr;
    std::uint64_t n_ = 0;
  };
  using iterator = const_iterator;
  using value_type = std::uint32_t;
  const_iterator begin() const noexcept { return {this, 0}; }
  const_iterator end() const noexcept { return {this, size_}; }

  // Equal values, whatever the widths.
  friend bool operator==(const packed_values& a, const packed_values& b) noexcept;
  friend bool operator==(const packed_values& a, std::span<const std::uint32_t> b) noexcept;
  friend bool operator==(const packed_values& a, const std::vector<std::uint32_t>& b) noexcept {
    return a == std::span<const std::uint32_t>(b);
  }

 private:
  void* data_ = nullptr;  // malloc'd: realloc grows a large block without copying it
  std::uint64_t size_ = 0;
  unsigned width_ = 1;
};

}  // namespace nimber::games
