// The scratch memory of the tower (docs/big.md, "Scratch memory"): a per-thread stack arena
// and the frames that give back what a scope took. Internal to the library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

using u64 = std::uint64_t;

// A stack of blocks: take() bumps a pointer, frames give everything back on scope exit.
// Blocks are never freed or moved, so pointers stay valid and, once the arena has grown to
// the size a call needs, later calls allocate nothing.
class arena {
 public:
  struct mark_t {
    std::size_t block, used;
  };
  mark_t mark() const noexcept { return {cur_, blocks_.empty() ? 0 : blocks_[cur_].used}; }
  void release(mark_t m) noexcept {
    for (std::size_t i = m.block + 1; i < blocks_.size(); ++i) blocks_[i].used = 0;
    cur_ = m.block;
    if (!blocks_.empty()) blocks_[cur_].used = m.used;
  }
  u64* take(std::size_t n) {
    while (cur_ < blocks_.size() && blocks_[cur_].size - blocks_[cur_].used < n) {
      if (cur_ + 1 == blocks_.size()) break;
      ++cur_;
    }
    if (blocks_.empty() || blocks_[cur_].size - blocks_[cur_].used < n) {
      const std::size_t last = blocks_.empty() ? 0 : blocks_.back().size;
      const std::size_t size = std::max({n, 2 * last, std::size_t(1) << 15});
      blocks_.push_back({std::make_unique<u64[]>(size), size, 0});
      cur_ = blocks_.size() - 1;
    }
    u64* p = blocks_[cur_].data.get() + blocks_[cur_].used;
    blocks_[cur_].used += n;
    return p;
  }

 private:
  struct block {
    std::unique_ptr<u64[]> data;
    std::size_t size, used;
  };
  std::vector<block> blocks_;
  std::size_t cur_ = 0;
};

// The calling thread's arena (each worker thread has its own).
inline arena& scratch() {
  thread_local arena a;
  return a;
}

// Gives back, on scope exit, everything taken from the arena since it was made.
struct frame {
  arena& a;
  arena::mark_t m;
  explicit frame(arena& ar) : a(ar), m(ar.mark()) {}
  ~frame() { a.release(m); }
  frame(const frame&) = delete;
  frame& operator=(const frame&) = delete;
};

}  // namespace tower
}  // namespace nimber::big
