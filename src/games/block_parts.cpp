#include "games/block_parts.hpp"

#include <algorithm>
#include <cmath>

namespace nimber::games::detail {

void block_parts::split(std::uint64_t count, unsigned parts, std::uint64_t* bounds) const noexcept {
  // Lengths relative to the first part's: part q's marks take length[q] * mark_[q] and should
  // end when part q - 1's speculation does, `ends` after the block starts. Equal lengths until
  // every part is measured.
  std::array<double, max_parts> length;
  length.fill(1);
  double total = parts;
  if (std::all_of(mark_.begin(), mark_.begin() + parts, [](double m) { return m > 0; })) {
    double ends = mark_[0] + speculate_[0];
    total = 1;
    for (unsigned q = 1; q < parts; ++q) {
      length[q] = ends / mark_[q];
      ends += length[q] * speculate_[q];
      total += length[q];
    }
  }
  double before = 0;
  bounds[0] = 0;
  for (unsigned q = 1; q < parts; ++q) {
    before += length[q - 1];
    const auto at = std::uint64_t(std::llround(double(count) * before / total));
    // No part empty: at least one term before this bound and one for each part after it.
    bounds[q] = std::clamp<std::uint64_t>(at, bounds[q - 1] + 1, count - (parts - q));
  }
  bounds[parts] = count;
}

void block_parts::record(unsigned q, std::uint64_t terms, double mark, double speculate) noexcept {
  if (terms == 0 || q >= max_parts) return;
  const double m = mark / double(terms), s = speculate / double(terms);
  if (!(m > 0) || !(s > 0)) return;  // a clock too coarse to tell
  if (mark_[q] == 0) {
    mark_[q] = m;
    speculate_[q] = s;
    return;
  }
  const auto toward = [](double& estimate, double sample) {
    estimate += (std::clamp(sample, estimate / 2, estimate * 2) - estimate) / 8;
  };
  toward(mark_[q], m);
  toward(speculate_[q], s);
}

}  // namespace nimber::games::detail
