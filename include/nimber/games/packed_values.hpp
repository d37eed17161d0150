// Grundy values stored at the width they need: one byte each while every value is below 256,
// two while below 65536, four beyond. A value that outgrows the width widens the whole store
// in place (the buffer grows, the values move up from the top), so a long run keeps the
// narrowest width its values allow without starting again.
//
// Parity packing (J. P. Grossman, "Searching for periodicity in Officers", Games of No Chance
// 5) keeps values below 512 in one byte. With a sparse-space mask m, a value v is rare when
// popcount(v & m) is even and common when odd; the positions of rare values are few and are
// listed apart (the exceptions), so one bit of v in m (the lowest, below bit 9) follows from
// the others and the position, and is not stored. The sparse engine names its mask
// (prefer_parity); a value from 256 to 511 then packs the store this way instead of widening
// it to two bytes.
//
// File-backed (create_file, open_file): the same layout in a memory-mapped file, so that a
// run can hold more values than memory; the pages the reads have left behind are dropped
// from memory (trim) and the page cache keeps them. The file is also the run's checkpoint:
// commit(n) syncs the first n values and then records them in the file's header, so that the
// file always describes values that are on disk. A change of width or packing writes the new
// layout to a second file renamed over the first, so a crash leaves one or the other whole.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nimber::games {

class packed_values {
 public:
  packed_values() noexcept;
  // `count` zeros, one byte each.
  explicit packed_values(std::uint64_t count);
  explicit packed_values(std::span<const std::uint32_t> values);
  // A copy is held in memory, whatever the store copied.
  packed_values(const packed_values& other);
  packed_values(packed_values&& other) noexcept;
  packed_values& operator=(packed_values other) noexcept;
  ~packed_values();

  // ---- File-backed stores (Linux; elsewhere these throw store_error) ---------------------------
  // A new empty store in the file `path`, which must not exist yet, for values named by `tag`
  // (the game's code: a store is only taken up again for the same tag). The file stays locked
  // (flock) while the store lives. Throws store_error.
  static packed_values create_file(const std::string& path, std::string_view tag);
  // The store a create_file made, holding the values its last commit recorded (size() of them),
  // each checked against the checksum the header keeps. A file that is not such a store, holds
  // another tag, is shorter than its header says, fails its checksums or is in use by another
  // run is refused: store_error, nothing read. A stray `path.new` (a rewrite cut short) is
  // removed.
  static packed_values open_file(const std::string& path, std::string_view tag);
  bool file_backed() const noexcept { return file_ != nullptr; }
  // Syncs the first `count` values (count <= size()) to the file, then records them in its
  // header, synced too: once it returns, a crash loses none of them. Values from `count` on are
  // not part of the record. Throws store_error when a write fails. No effect in memory.
  void commit(std::uint64_t count);
  // The values the file's header records (0 for a store in memory).
  std::uint64_t committed() const noexcept;
  // The most bytes of the file the store keeps mapped in memory (trim); unbounded by default.
  void set_resident_limit(std::uint64_t bytes) noexcept;
  // Reads go on near value `at`: when the store's pages held in memory pass three quarters of
  // the resident limit, all are dropped but those of the first quarter of the limit, up to half
  // of it just below `at` and a sixteenth above (the page cache keeps the data, dirty or not).
  // Long passes over the values call it now and then. No effect in memory.
  void trim(std::uint64_t at) const noexcept;

  std::uint64_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  // Bytes per value: 1, 2 or 4 (1 with parity packing).
  unsigned width() const noexcept { return width_; }
  // The bytes held for the values: size() * width(), the exceptions apart.
  std::uint64_t bytes() const noexcept { return size_ * width_; }

  std::uint32_t operator[](std::uint64_t n) const noexcept {
    switch (width_) {
      case 1: return parity_mask_ == 0 ? static_cast<const std::uint8_t*>(data_)[n] : parity_reader(*this)[n];
      case 2: return static_cast<const std::uint16_t*>(data_)[n];
      default: return static_cast<const std::uint32_t*>(data_)[n];
    }
  }
  // Stores v at n < size(), widening the store first when v does not fit it.
  void set(std::uint64_t n, std::uint32_t v);
  // The values below this fit the store as it is.
  std::uint64_t limit() const noexcept {
    return parity_mask_ != 0 ? 512 : std::uint64_t(1) << (8 * width_);
  }
  // Keeps the first `count` values (new ones are 0, or unspecified until set with parity
  // packing) at the same width.
  void resize(std::uint64_t count);
  // To `bytes` per value (2 or 4; no narrower than now), every value kept, in place.
  void widen(unsigned bytes);
  // One step wider: from one byte to parity packing when a mask is preferred, else to the
  // next width.
  void widen_step();
  std::vector<std::uint32_t> to_vector() const { return to_vector(size_); }
  // The first `count` values (count <= size()).
  std::vector<std::uint32_t> to_vector(std::uint64_t count) const;

  // The sparse-space mask to pack by when a value outgrows a byte (0: none; a mask with no
  // bit below bit 9 counts as none). A store packed by another mask is packed again by this
  // one, or widened to two bytes when it is none.
  void prefer_parity(std::uint32_t mask);
  bool parity_packed() const noexcept { return parity_mask_ != 0; }
  std::uint32_t parity_mask() const noexcept { return parity_mask_; }
  // Parity packing only: the positions of rare values, ascending; the stored bytes; the value
  // of a byte at a common position, and at a rare one.
  std::span<const std::uint64_t> exceptions() const noexcept { return exceptions_; }
  const std::uint8_t* packed_bytes() const noexcept { return static_cast<const std::uint8_t*>(data_); }
  const std::uint16_t* common_values() const noexcept { return expand_.data(); }
  std::uint32_t rare_value(std::uint8_t b) const noexcept { return expand_[b] ^ dropped_; }
  // The byte a value below 512 is stored as, at a position of either kind. Linear: the byte of
  // a nim-sum is the nim-sum of the bytes.
  std::uint8_t pack(std::uint32_t v) const noexcept {
    return std::uint8_t((v & (dropped_ - 1)) | ((v >> 1) & ~(dropped_ - 1)));
  }

  // Reads a parity-packed store by position, a sequential pass in constant time a value.
  class parity_reader {
   public:
    explicit parity_reader(const packed_values& v) noexcept : v_(&v) {}
    std::uint32_t operator[](std::uint64_t n) const noexcept;

   private:
    const packed_values* v_;
    mutable std::size_t next_ = 0;  // the first exception at or past the last position read
  };

  // f(p), p the values as an array of the current width (const std::uint8_t*, std::uint16_t*
  // or std::uint32_t*): for loops that read many values, one switch rather than one a value.
  // Not for a parity-packed store (see read).
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (width_) {
      case 1: return f(static_cast<const std::uint8_t*>(data_));
      case 2: return f(static_cast<const std::uint16_t*>(data_));
      default: return f(static_cast<const std::uint32_t*>(data_));
    }
  }
  // f(values), values indexed by position: an array of the width, or a parity_reader.
  template <class F>
  decltype(auto) read(F&& f) const {
    if (parity_mask_ != 0) return f(parity_reader(*this));
    return visit(f);
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
  void pack_by(std::uint32_t mask);
  void unpack_to_two_bytes();

  void reserve(std::uint64_t bytes);
  void release() noexcept;
  void set_parity_tables(std::uint32_t mask) noexcept;
  // A rewrite into a new layout of `bytes`: the buffer to write it to (in memory the store's
  // own, grown; file-backed a new file), then finish_rewrite once the fields say the new
  // layout. drop_done lets the pages of the values lo .. hi-1, rewritten from `old_width`
  // bytes a value to `new_width` in `target`, leave memory (file-backed).
  void* begin_rewrite(std::uint64_t bytes);
  void finish_rewrite(void* target);
  void drop_done(const void* target, unsigned old_width, unsigned new_width, std::uint64_t lo,
                 std::uint64_t hi) const noexcept;
  void reserve_file(std::uint64_t bytes);
  void release_file() noexcept;
  // Lowers the committed count to `count` (a value below it is about to change).
  void uncommit(std::uint64_t count);

  struct file_state;
  friend struct file_state;

  void* data_ = nullptr;
  std::uint64_t capacity_ = 0;  // bytes
  std::uint64_t size_ = 0;
  unsigned width_ = 1;
  std::uint32_t preferred_ = 0;    // the mask prefer_parity named, when usable
  std::uint32_t parity_mask_ = 0;  // the mask packed by (0: no parity packing)
  std::uint32_t dropped_ = 0;      // the bit of it not stored
  std::vector<std::uint64_t> exceptions_;
  std::array<std::uint16_t, 256> expand_{};  // byte -> the common value it stands for
  std::unique_ptr<file_state> file_;         // the file of a file-backed store
};

}  // namespace nimber::games
