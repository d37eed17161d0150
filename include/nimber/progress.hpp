// How long computations tell their caller how far they are.
#pragma once

#include <cstdint>
#include <functional>

namespace nimber {

// Called now and then by a long computation, on the calling thread, with (work done, total
// work) in the computation's own unit; an empty one is never called.
using progress_fn = std::function<void(std::uint64_t done, std::uint64_t total)>;

}  // namespace nimber
