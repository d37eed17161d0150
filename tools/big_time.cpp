// Times one big-nimber operation against the library it is linked with: the driver behind the
// before/after steps in docs/big.md. Built as build/tools/nimber_big_time (NIMBER_BUILD_TOOLS);
// build one copy per commit (worktree) and interleave them:
//   ./nimber_big_time BITS REPS mul|square|sqrt [BLOCK_LIMBS|0] [one-core]
// Prints the best and mean wall time of REPS calls and the process CPU time per call; with
// "one-core", without the helper thread.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <vector>

#include "nimber/big.hpp"

static double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

int main(int argc, char** argv) {
  const std::size_t bits = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 0;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 0;
  const char* op = argc > 3 ? argv[3] : "";
  const bool known = !std::strcmp(op, "mul") || !std::strcmp(op, "square") || !std::strcmp(op, "sqrt");
  const std::size_t block = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 0;  // 0: the default
  const bool one_core = argc > 5 && !std::strcmp(argv[5], "one-core");
  if (bits < 64 || (bits & (bits - 1)) != 0 || reps < 1 || !known || argc > 6 || (argc == 6 && !one_core)) {
    std::fprintf(stderr,
                 "usage: big_time BITS REPS mul|square|sqrt [BLOCK_LIMBS|0] [one-core]  (BITS a power of two >= 64)\n");
    return 2;
  }
  if (block > 0) nimber::big::set_block_limbs(block);
  if (one_core) nimber::big::set_helper_thread(false);
  const std::size_t n = bits / 64;
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> a(n), b(n), out(n);
  for (auto& v : a) v = rng();
  for (auto& v : b) v = rng();
  double best = 1e300;
  const double cpu0 = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (op[0] == 'm') nimber::big::mul(a.data(), b.data(), out.data(), n);
    else if (op[1] == 'q') nimber::big::square(a.data(), out.data(), n);
    else nimber::big::sqrt(a.data(), out.data(), n);
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    if (us < best) best = us;
  }
  const double total = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s %zu bits: best wall %.3f us, mean wall %.3f us, cpu/op %.3f us\n", op, bits, best, total / reps,
              (cpu_seconds() - cpu0) * 1e6 / reps);
}
