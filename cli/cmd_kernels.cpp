// kernels, bench, and the global --kernel option: the batch kernels (nimber/kernel.hpp).
//   nimber kernels                     each kernel, whether this CPU supports it, the active one
//   nimber bench [--n N] [--kernel K]  times nimber::batch::mul on N seeded random pairs
//   nimber bench --bits N [--kernel K] times big_nim products of two seeded random N-bit nimbers
//   nimber --kernel K <command>        runs any command on kernel K
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"
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
  std::string n = "1048576";  // parsed in run_bench, so that a bad N is named as typed
  std::string kernel;
  bool big = false;  // --bits given: time big_nim products instead of the batch product
  std::string bits;  // parsed by parse_bench_bits, for a clear message on a bad N
};

// The largest --bits: two operands of 2^26 bits are 16 MiB, and one product takes most
// of a minute.
constexpr std::size_t max_bench_bits = std::size_t(1) << 26;

std::size_t parse_bench_bits(const std::string& token) {
  const auto r = parse_u64(token);
  if (!r || r.value == 0 || r.value > max_bench_bits)
    throw input_error("--bits", token, "a number of bits from 1 to 67108864 (2^26)");
  return std::size_t(r.value);
}

// The big_nim product of big_nim::random(N, 1) and big_nim::random(N, 2): one warm-up (it
// also grows the scratch arena), then products until 0.5 s have passed and at least 3 ran.
std::string run_big_bench(const bench_options& opt) {
  const std::size_t bits = parse_bench_bits(opt.bits);
  const big_nim a = big_nim::random(bits, 1), b = big_nim::random(bits, 2);
  const std::size_t field = std::max({a.field_bits(), b.field_bits(), std::size_t(64)});
  big_nim product = a * b;
  std::size_t count = 0;
  double total = 0;
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  while (count < 3 || (total < 0.5e9 && clock::now() - start < std::chrono::minutes(10))) {
    const auto t0 = clock::now();
    product = a * b;
    total += std::chrono::duration<double, std::nano>(clock::now() - t0).count();
    ++count;
  }
  // The low limb shows the product is the same on every kernel.
  char line[256];
  std::snprintf(line, sizeof line,
                "bits: %zu\nfield: GF(2^%zu)\nkernel: %s\nproducts: %zu\n"
                "low limb of the product: 0x%llx\nns per product: %.1f\n",
                bits, field, std::string(kernel::active()).c_str(), count,
                static_cast<unsigned long long>(product.is_zero() ? 0 : product.limbs()[0]),
                total / double(count));
  return line;
}

// The best of a few timed repetitions (the first also warms the caches and the thread pool).
std::string run_bench(const bench_options& opt) {
  if (!opt.kernel.empty()) force_kernel(opt.kernel, "--kernel");
  if (opt.big) return run_big_bench(opt);
  // Three vectors of n words: 2^28 pairs is 6 GiB, as far as a benchmark needs to go.
  constexpr std::size_t max_pairs = std::size_t(1) << 28;
  const auto n_r = parse_u64(opt.n);
  if (!n_r || n_r.value == 0 || n_r.value > max_pairs)
    throw input_error("--n", opt.n, "a number of pairs from 1 to 2^28");
  const std::size_t n = std::size_t(n_r.value);
  std::vector<std::uint64_t> a(n), b(n), out(n);
  std::mt19937_64 rng(42);
  for (std::size_t i = 0; i < n; ++i) a[i] = rng(), b[i] = rng();
  const int reps = n >= (std::size_t(1) << 22) ? 3 : 7;
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
                std::string(kernel::active()).c_str(), n, static_cast<unsigned long long>(check),
                best / double(n));
  return line;
}

}  // namespace

void add_kernel_commands(CLI::App& app, context& ctx) {
  // Global option: forced as soon as it is parsed, before any subcommand runs.
  app.add_option("--kernel", "Batch kernel to use: portable, pclmul, avx2 or avx512 (default: best for this CPU)")
      ->each([](const std::string& name) { force_kernel(name, "--kernel"); });

  CLI::App* kernels = app.add_subcommand("kernels", "List the batch kernels and which one is active");
  kernels->callback([&ctx] { ctx.out += list_kernels(); });

  auto opt = std::make_shared<bench_options>();
  CLI::App* bench = app.add_subcommand(
      "bench", "Time the batch product on N seeded random pairs, or (--bits) one big product");
  CLI::Option* n = bench->add_option("--n", opt->n, "Number of pairs (default 1048576)");
  CLI::Option* bits =
      bench->add_option("--bits", opt->bits,
                        "Instead, time the product of two seeded random nimbers of this many "
                        "bits (1 to 2^26)")
          ->excludes(n);
  bench->add_option("--kernel", opt->kernel, "Kernel to time (default: the active one)");
  bench->footer(
      "Prints the kernel and the nanoseconds per product, the figure on its last line.\n"
      "With --bits N: the product of big_nim::random(N, 1) and big_nim::random(N, 2), repeated\n"
      "for at least 0.5 s and 3 times; also prints the field GF(2^(2^k)) it is computed in.\n"
      "Examples:\n"
      "  nimber bench                    # 2^20 64-bit products in one batch\n"
      "  nimber bench --bits 65536       # one 2^16-bit product");
  bench->callback([&ctx, opt, bits] {
    opt->big = bits->count() > 0;
    ctx.out += run_bench(*opt);
  });
}

}  // namespace nimber::cli
