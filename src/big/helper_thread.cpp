// The switch that keeps every big operation on the calling thread
// (nimber::big::set_helper_thread).
#include "big/helper_thread.hpp"

#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

std::atomic<bool> g_helper_enabled{true};

}  // namespace tower

bool helper_thread_enabled() noexcept { return tower::g_helper_enabled.load(std::memory_order_relaxed); }
void set_helper_thread(bool enabled) noexcept { tower::g_helper_enabled.store(enabled, std::memory_order_relaxed); }

}  // namespace nimber::big
