// The tower's second core (docs/big.md, "A second core"): run_pair hands one of two
// independent jobs (the halves of a large level) to one of the library's worker threads
// (src/pool/workers.hpp), which batch spans use too. A worker is free again as soon as its
// job ends, so a caller whose own half is still running hands the next piece it splits to it
// (a product reaches it again on its second and third half products, which balances the two
// cores); a caller that finds every worker busy computes alone, and a job that splits further
// on a worker just runs inline there. Internal to the library.
#pragma once

#include <atomic>

#include "pool/workers.hpp"
#include "big/arena.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

extern std::atomic<bool> g_helper_enabled;  // set_helper_thread

// Runs there(arena) on a worker thread if one is free, else on this thread after here(), and
// returns when both are done. Every arena of the tower is its thread's scratch(), so there()
// gets the arena of the thread it runs on (`ar` when that is the caller's).
template <class There, class Here>
void run_pair(bool parallel, const There& there, const Here& here, [[maybe_unused]] arena& ar) {
  const bool shared = parallel && g_helper_enabled.load(std::memory_order_relaxed);
  nimber::detail::workers::run_pair(shared, [&] { there(scratch()); }, here);
}

}  // namespace tower
}  // namespace nimber::big
