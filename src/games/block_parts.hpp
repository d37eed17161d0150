// How grundy_terms::sparse_block splits a block of terms into parts, one a thread. A part's
// terms are marked, then speculated once the part before it is, so each part is sized for its
// marks to end as the part before it ends its speculation: the first part is shorter by its
// speculation, and a thread on a slower CPU gets fewer terms (the CPUs of a virtual machine need
// not run at one speed, nor the same one from minute to minute). The time a term takes to mark
// and to speculate is measured per part and smoothed over the blocks.
#pragma once

#include <array>
#include <cstdint>

namespace nimber::games::detail {

class block_parts {
 public:
  static constexpr unsigned max_parts = 16;

  // Splits `count` terms into `parts` parts, 1 <= parts <= min(count, max_parts): part q is
  // bounds[q] .. bounds[q + 1] - 1, none empty, bounds[0] = 0 and bounds[parts] = count. Equal
  // parts until every part has been measured.
  void split(std::uint64_t count, unsigned parts, std::uint64_t* bounds) const noexcept;

  // Part q of `terms` terms took `mark` to mark and `speculate` to speculate (any one unit of
  // time). One block moves the estimate an eighth of the way, and by at most a factor of two:
  // a thread the system set aside for a while must not starve its part for long.
  void record(unsigned q, std::uint64_t terms, double mark, double speculate) noexcept;

 private:
  std::array<double, max_parts> mark_{}, speculate_{};  // per term; 0 until measured
};

}  // namespace nimber::games::detail
