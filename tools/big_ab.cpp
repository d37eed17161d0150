// Same-process A/B timing of two builds of libnimber: the driver behind the step-by-step
// figures in docs/big.md. Two shared builds are dlopen'ed with RTLD_LOCAL (so their symbols
// do not mix) and their calls alternate, so that both see the same machine noise; the
// median of the per-round time ratios is what to read on a noisy VM.
// Each build is one self-contained shared object (the static layers linked whole, so the two
// builds share no library name):
//   cmake -S . -B /tmp/a -DNIMBER_BUILD_TESTS=OFF -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_CLI=OFF
//   cmake --build /tmp/a && g++ -shared -o /tmp/a.so -Wl,--whole-archive /tmp/a/src/big/libnimber_big.a
//     /tmp/a/src/libnimber_core.a -Wl,--no-whole-archive -lgmp -lpthread
//   (and /tmp/b.so the same from the other commit, e.g. in a git worktree)
//   ./nimber_big_ab /tmp/a.so /tmp/b.so mul|square|sqrt|inverse BITS ROUNDS [one-core]
// The results of the two builds are compared as well. Each build has its own helper thread,
// which spins for a while after its calls: on a machine with two cores it competes with the
// other build's two threads, so changes that are not about the second core read better with
// "one-core" (nimber::big::set_helper_thread(false) in both).
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using u64 = std::uint64_t;
using binary_fn = void (*)(const u64*, const u64*, u64*, std::size_t);
using unary_fn = void (*)(const u64*, u64*, std::size_t);

// The mangled names of nimber::big::mul, square, sqrt and inverse (include/nimber/big.hpp).
const char* symbol(const char* op) {
  if (!std::strcmp(op, "mul")) return "_ZN6nimber3big3mulEPKmS2_Pmm";
  if (!std::strcmp(op, "square")) return "_ZN6nimber3big6squareEPKmPmm";
  if (!std::strcmp(op, "sqrt")) return "_ZN6nimber3big4sqrtEPKmPmm";
  if (!std::strcmp(op, "inverse")) return "_ZN6nimber3big7inverseEPKmPmm";
  return nullptr;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const bool one_core = argc == 7 && !std::strcmp(argv[6], "one-core");
  if ((argc != 6 && !one_core) || !symbol(argv[3])) {
    std::fprintf(stderr, "usage: big_ab LIB_A LIB_B mul|square|sqrt|inverse BITS ROUNDS [one-core]\n");
    return 2;
  }
  void* fn[2];
  for (int i = 0; i < 2; ++i) {
    void* lib = dlopen(argv[1 + i], RTLD_NOW | RTLD_LOCAL);
    fn[i] = lib ? dlsym(lib, symbol(argv[3])) : nullptr;
    void* helper = lib && one_core ? dlsym(lib, "_ZN6nimber3big17set_helper_threadEb") : nullptr;
    if (!fn[i] || (one_core && !helper)) {
      std::fprintf(stderr, "big_ab: %s: %s\n", argv[1 + i], dlerror());
      return 2;
    }
    if (helper) reinterpret_cast<void (*)(bool)>(helper)(false);
  }
  const bool binary = !std::strcmp(argv[3], "mul");
  const std::size_t bits = std::strtoull(argv[4], nullptr, 10), n = bits / 64;
  const int rounds = std::atoi(argv[5]);
  if (bits < 64 || (bits & (bits - 1)) != 0 || rounds < 1) {
    std::fprintf(stderr, "big_ab: BITS must be a power of two >= 64 and ROUNDS >= 1\n");
    return 2;
  }
  std::mt19937_64 rng(1);
  std::vector<u64> a(n), b(n), out[2] = {std::vector<u64>(n), std::vector<u64>(n)};
  for (u64& v : a) v = rng();
  for (u64& v : b) v = rng();
  const auto call = [&](int side) {
    if (binary) reinterpret_cast<binary_fn>(fn[side])(a.data(), b.data(), out[side].data(), n);
    else reinterpret_cast<unary_fn>(fn[side])(a.data(), out[side].data(), n);
  };
  call(0);
  call(1);
  if (out[0] != out[1]) std::printf("the two builds disagree\n");
  const int inner = bits >= (1u << 20) ? 1 : bits >= (1u << 17) ? 4 : bits >= (1u << 14) ? 40 : 2000;
  std::vector<double> t[2], ratio;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < 2; ++k) {
      const int side = k ^ (r & 1);  // alternate which build goes first
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < inner; ++i) call(side);
      t[side].push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
                        inner);
    }
    ratio.push_back(t[1].back() / t[0].back());
  }
  std::printf("%s %zu bits: A min %.2f median %.2f us | B min %.2f median %.2f us | B/A median ratio %.3f\n",
              argv[3], bits, *std::min_element(t[0].begin(), t[0].end()), median(t[0]),
              *std::min_element(t[1].begin(), t[1].end()), median(t[1]), median(ratio));
}
