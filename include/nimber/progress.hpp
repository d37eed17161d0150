// How long computations tell their caller how far they are.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace nimber {

// Called now and then by a long computation, on the calling thread, with (work done, total
// work) in the computation's own unit; an empty one is never called.
using progress_fn = std::function<void(std::uint64_t done, std::uint64_t total)>;

// A long computation that can be saved and resumed: `save`, when set, is called on the calling
// thread after every `piece` steps with the state made on request (words); given back as
// `known`, a state makes the same computation go on from there and end as an uninterrupted run
// would. The caller keeps the words (a file, with a checksum) and decides when to save.
struct resume_hooks {
  using state_fn = std::function<std::vector<std::uint32_t>()>;
  std::function<void(const state_fn& state)> save;
  std::vector<std::uint32_t> known;
  std::uint64_t piece = 256;
};

}  // namespace nimber
