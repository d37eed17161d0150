// A set of small values and its mex (the least value not in it), for the Grundy recursions of
// the misère layer.
#pragma once

#include <cstdint>
#include <vector>

namespace nimber::games {

class mex_set {
 public:
  void add(std::uint32_t v) {
    if (v >= seen_.size()) seen_.resize(v + 1, false);
    seen_[v] = true;
  }
  std::uint32_t mex() const {
    std::uint32_t v = 0;
    while (v < seen_.size() && seen_[v]) ++v;
    return v;
  }

 private:
  std::vector<bool> seen_;
};

}  // namespace nimber::games
