// The yardsticks of the big products (docs/benchmarks.md, "Yardsticks"): in one process and
// one run, at n = 2^lo .. 2^hi bits, the time of a product of two n-bit operands by
//   - the big-nimber product (nimber::big::mul), on 1 thread and on 2 (the helper thread);
//   - the GF(2)[x] product of nimber/gf2x.hpp, on 1 thread;
//   - gf2x_mul from each gf2x shared library named on the command line, on 1 thread (gf2x
//     runs on the calling thread), loaded with dlopen so that two builds of gf2x can sit side
//     by side and the tool builds without any.
// Rounds interleave the rows; each cell is the best of the rounds (a shared machine's slow
// phases only ever add time). Two tables: wall time, and the CPU time of the calling thread,
// which other processes on a busy machine do not inflate (for the 1-thread rows it is the
// whole cost; for the 2-thread row it leaves out the helper's share, so that row shows wall
// time only). `make yardsticks` builds gf2x for this CPU and runs this.
//
//   nimber_yardstick [--lo K] [--hi K] [--rounds R] [--gf2x LABEL=PATH]...
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "nimber/big.hpp"
#include "nimber/gf2x.hpp"
#include "nimber/kernel.hpp"

namespace {

using u64 = std::uint64_t;
// int gf2x_mul(unsigned long *c, const unsigned long *a, unsigned long an,
//              const unsigned long *b, unsigned long bn)  (gf2x.h)
using gf2x_mul_fn = int (*)(unsigned long*, const unsigned long*, unsigned long, const unsigned long*, unsigned long);

struct row {
  std::string label;
  int threads;
  std::function<void(const u64*, const u64*, u64*, std::size_t)> run;  // a, b, out (2n), n limbs
};

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct timing {
  double wall, cpu;  // seconds per call
};

timing time_calls(const row& r, const std::vector<u64>& a, const std::vector<u64>& b, std::vector<u64>& out) {
  const std::size_t n = a.size();
  int calls = 0;
  const auto start = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_seconds();
  double elapsed = 0;
  do {
    r.run(a.data(), b.data(), out.data(), n);
    ++calls;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < 0.05);
  return {elapsed / calls, (thread_cpu_seconds() - cpu0) / calls};
}

void print_header(const std::vector<row>& rows, bool cpu) {
  std::printf("| n bits |");
  for (const row& r : rows)
    if (!cpu || r.threads == 1) std::printf(" %s, %d thread%s |", r.label.c_str(), r.threads, r.threads > 1 ? "s" : "");
  std::printf("\n|---|");
  for (const row& r : rows)
    if (!cpu || r.threads == 1) std::printf("---:|");
  std::printf("\n");
}

int usage() {
  std::fprintf(stderr, "usage: nimber_yardstick [--lo K] [--hi K] [--rounds R] [--gf2x LABEL=PATH]...  (10 <= K <= 28)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int lo = 10, hi = 24, rounds = 3;
  std::vector<row> rows;
  rows.push_back({"nimber product", 1, [](const u64* a, const u64* b, u64* out, std::size_t n) {
                    nimber::big::set_helper_thread(false);
                    nimber::big::mul(a, b, out, n);
                  }});
  rows.push_back({"nimber product", 2, [](const u64* a, const u64* b, u64* out, std::size_t n) {
                    nimber::big::set_helper_thread(true);
                    nimber::big::mul(a, b, out, n);
                  }});
  rows.push_back({"nimber GF(2)[x] product", 1,
                  [](const u64* a, const u64* b, u64* out, std::size_t n) { nimber::gf2x::mul(a, n, b, n, out); }});
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    const std::string value = argv[++i];
    if (arg == "--lo") lo = std::atoi(value.c_str());
    else if (arg == "--hi") hi = std::atoi(value.c_str());
    else if (arg == "--rounds") rounds = std::atoi(value.c_str());
    else if (arg == "--gf2x") {
      const std::size_t eq = value.find('=');
      if (eq == std::string::npos) return usage();
      void* lib = dlopen(value.substr(eq + 1).c_str(), RTLD_NOW | RTLD_LOCAL);
      const auto fn = lib ? reinterpret_cast<gf2x_mul_fn>(dlsym(lib, "gf2x_mul")) : nullptr;
      if (fn == nullptr) {
        std::fprintf(stderr, "nimber_yardstick: cannot load gf2x_mul from %s\n", value.substr(eq + 1).c_str());
        return 1;
      }
      rows.push_back({value.substr(0, eq), 1, [fn](const u64* a, const u64* b, u64* out, std::size_t n) {
                        fn(reinterpret_cast<unsigned long*>(out), reinterpret_cast<const unsigned long*>(a), n,
                           reinterpret_cast<const unsigned long*>(b), n);
                      }});
    } else {
      return usage();
    }
  }
  if (lo < 10 || hi > 28 || lo > hi || rounds < 1) return usage();

  std::printf("kernel %s, GF(2)[x] leaf %s; best of %d interleaved rounds, ms per product of two n-bit operands\n",
              std::string(nimber::kernel::active()).c_str(), std::string(nimber::gf2x::path()).c_str(), rounds);
  std::mt19937_64 rng(1);
  std::vector<std::string> wall_lines, cpu_lines;
  for (int k = lo; k <= hi; k += 2) {
    const std::size_t n = (std::size_t(1) << k) / 64;
    std::vector<u64> a(n), b(n), out(2 * n);
    for (u64& v : a) v = rng();
    for (u64& v : b) v = rng();
    std::vector<timing> best(rows.size(), timing{1e300, 1e300});
    for (int round = 0; round < rounds; ++round)
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const timing t = time_calls(rows[i], a, b, out);
        best[i].wall = std::min(best[i].wall, t.wall);
        best[i].cpu = std::min(best[i].cpu, t.cpu);
      }
    std::string wall = "| 2^" + std::to_string(k) + " |", cpu = wall;
    char cell[64];
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::snprintf(cell, sizeof cell, " %.4g |", best[i].wall * 1e3);
      wall += cell;
      if (rows[i].threads != 1) continue;
      std::snprintf(cell, sizeof cell, " %.4g |", best[i].cpu * 1e3);
      cpu += cell;
    }
    wall_lines.push_back(wall), cpu_lines.push_back(cpu);
    std::fprintf(stderr, "%s\n", wall.c_str());  // progress
  }
  std::printf("\nWall time:\n\n");
  print_header(rows, false);
  for (const std::string& l : wall_lines) std::printf("%s\n", l.c_str());
  std::printf("\nCPU time of the calling thread (1-thread rows):\n\n");
  print_header(rows, true);
  for (const std::string& l : cpu_lines) std::printf("%s\n", l.c_str());
  nimber::big::set_helper_thread(true);
}
