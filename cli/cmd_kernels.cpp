// kernels, bench, and the global --kernel option: the batch kernels (nimber/kernel.hpp).
//   nimber kernels                     each kernel, whether this CPU supports it, the active one
//   nimber bench [--n N] [--kernel K]  times nimber::batch::mul on N seeded random pairs
//   nimber --kernel K <command>        runs any command on kernel K
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/batch.hpp"
#include "nimber/kernel.hpp"

namespace nimber::cli {

namespace {

// Forces kernel `name`; an unknown or unsupported one is bad input (exit 2).
void force_kernel(const std::string& name, const std::string& where) {
  const auto status = kernel::force(name);
  if (status == kernel::force_status::ok) return;
  std::string names;
  for (const auto& k : kernel::list()) names += (names.empty() ? "" : ", ") + std::string(k.name);
  throw input_error(where, name,
                    status == kernel::force_status::unknown
                        ? "a kernel name (" + names + ")"
                        : "a kernel this CPU supports (see 'nimber kernels')");
}

std::string list_kernels() {
  std::string out;
  for (const auto& k : kernel::list()) {
    out += std::string(k.name == kernel::active() ? "* " : "  ") + std::string(k.name);
    out.append(10 - k.name.size(), ' ');
    out += (k.supported ? "supported    " : "unsupported  ") + std::string(k.requires_) + "\n";
  }
  if (kernel::environment_status() != kernel::force_status::ok)
    out += "note: NIMBER_KERNEL ignored: " + std::string(kernel::to_string(kernel::environment_status())) + "\n";
  out += "active: " + std::string(kernel::active()) + "\n";
  return out;
}

struct bench_options {
  std::size_t n = std::size_t(1) << 20;
  std::string kernel;
};

// The best of a few timed repetitions (the first also warms the caches and the thread pool).
std::string run_bench(const bench_options& opt) {
  if (!opt.kernel.empty()) force_kernel(opt.kernel, "--kernel");
  if (opt.n == 0) throw input_error("--n", "0", "a positive number of pairs");
  std::vector<std::uint64_t> a(opt.n), b(opt.n), out(opt.n);
  std::mt19937_64 rng(42);
  for (std::size_t i = 0; i < opt.n; ++i) a[i] = rng(), b[i] = rng();
  const int reps = opt.n >= (std::size_t(1) << 22) ? 3 : 7;
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    batch::mul(a, b, out);
    const std::chrono::duration<double, std::nano> dt = std::chrono::steady_clock::now() - t0;
    best = std::min(best, dt.count());
  }
  std::uint64_t check = 0;  // keeps the products live, and shows they are the same on every kernel
  for (std::uint64_t x : out) check ^= x;
  char line[160];
  std::snprintf(line, sizeof line, "kernel: %s\npairs: %zu\nxor of products: %llu\nns per product: %.3f\n",
                std::string(kernel::active()).c_str(), opt.n, static_cast<unsigned long long>(check),
                best / double(opt.n));
  return line;
}

}  // namespace

void add_kernel_commands(CLI::App& app, context& ctx) {
  // Global option: forced as soon as it is parsed, before any subcommand runs.
  app.add_option("--kernel", "Batch kernel to use: portable, avx2 or avx512 (default: best for this CPU)")
      ->each([](const std::string& name) { force_kernel(name, "--kernel"); });

  CLI::App* kernels = app.add_subcommand("kernels", "List the batch kernels and which one is active");
  kernels->callback([&ctx] { ctx.out += list_kernels(); });

  auto opt = std::make_shared<bench_options>();
  CLI::App* bench = app.add_subcommand("bench", "Time the batch product on N seeded random pairs");
  bench->add_option("--n", opt->n, "Number of pairs (default 1048576)");
  bench->add_option("--kernel", opt->kernel, "Kernel to time (default: the active one)");
  bench->footer("Prints the kernel and the nanoseconds per product, the figure on its last line.");
  bench->callback([&ctx, opt] { ctx.out += run_bench(*opt); });
}

}  // namespace nimber::cli
