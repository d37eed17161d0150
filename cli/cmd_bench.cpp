// bench: timings from the command line (docs/benchmarks.md).
//   nimber bench [--n N] [--kernel K]                 nimber::batch::mul on N seeded random pairs
//   nimber bench --bits N [--threads T] [--kernel K]  big_nim products of two seeded random N-bit
//                                                     nimbers on T threads (1, or 2 with the
//                                                     library's helper thread, the default)
#include <CLI/CLI.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
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

struct bench_options {
  std::string n = "1048576";  // parsed in run_bench, so that a bad N is named as typed
  bool big = false;  // --bits given: time big_nim products instead of the batch product
  std::string bits;  // parsed by parse_bench_bits, for a clear message on a bad N
  std::string threads = "2";
};

// The largest --bits: two operands of 2^26 bits are 16 MiB, and one product takes most
// of a minute.
constexpr std::size_t max_bench_bits = std::size_t(1) << 26;

// Restores the helper-thread setting when the timing ends, however it ends.
struct helper_setting {
  bool before = big::helper_thread_enabled();
  explicit helper_setting(bool enabled) { big::set_helper_thread(enabled); }
  ~helper_setting() { big::set_helper_thread(before); }
  helper_setting(const helper_setting&) = delete;
  helper_setting& operator=(const helper_setting&) = delete;
};

// The big_nim product of big_nim::random(N, 1) and big_nim::random(N, 2) on T threads (the
// caller's, plus the library's helper thread when T = 2): one warm-up (it also grows the
// scratch arena), then products until 0.5 s have passed and at least 3 ran.
report run_big_bench(const bench_options& opt) {
  const std::size_t bits = parse_bounded(opt.bits, "--bits", 1, max_bench_bits,
                                         "a number of bits from 1 to 67108864 (2^26)");
  const std::size_t threads = parse_bounded(opt.threads, "--threads", 1, 2,
                                            "1 or 2 (a big product uses at most one helper thread)");
  // Operands, product and the product's scratch: about 30 times the field's bytes, measured.
  const std::uint64_t field_bytes = std::bit_ceil(std::max<std::uint64_t>(bits, 64)) / 8;
  check_budget(saturating_size(field_bytes, 32), "a product of two " + std::to_string(bits) + "-bit nimbers");
  const helper_setting helper(threads == 2);
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
  report r;
  r.value("bits", cell::count(bits), "bits: {}");
  r.value("field", cell::text("GF(2^" + std::to_string(field) + ")"), "field: {}");
  r.value("kernel", cell::text(std::string(kernel::active())), "kernel: {}");
  r.value("threads", cell::count(threads), "threads: {}");
  r.value("products", cell::count(count), "products: {}");
  // The low limb shows the product is the same on every kernel.
  r.value("low_limb", cell::number(product.is_zero() ? 0 : product.limbs()[0]),
          "low limb of the product: {}");
  r.value("ns_per_product", cell::real(total / double(count), 1), "ns per product: {}");
  return r;
}

// The best of a few timed repetitions (the first also warms the caches and the thread pool).
report run_bench(const bench_options& opt) {
  if (opt.big) return run_big_bench(opt);
  // Three vectors of n words: 2^28 pairs is 6 GiB, as far as a benchmark needs to go.
  const std::size_t n = parse_bounded(opt.n, "--n", 1, std::size_t(1) << 28,
                                      "a number of pairs from 1 to 2^28");
  check_budget(saturating_size(n, 3 * sizeof(std::uint64_t)), "timing " + std::to_string(n) + " pairs");
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
  report r;
  r.value("kernel", cell::text(std::string(kernel::active())), "kernel: {}");
  r.value("pairs", cell::count(n), "pairs: {}");
  r.value("xor_of_products", cell::number(check), "xor of products: {}");
  r.value("ns_per_product", cell::real(best / double(n), 3), "ns per product: {}");
  return r;
}

}  // namespace

void add_bench_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<bench_options>();
  CLI::App* bench = app.add_subcommand(
      "bench", "Time the batch product on N seeded random pairs, or (--bits) one big product");
  CLI::Option* n = bench->add_option("--n", opt->n, "Number of pairs (default 1048576)");
  CLI::Option* bits =
      bench->add_option("--bits", opt->bits,
                        "Instead, time the product of two seeded random nimbers of this many "
                        "bits (1 to 2^26)")
          ->excludes(n);
  bench->add_option("--threads", opt->threads,
                    "With --bits: 1 (the calling thread alone) or 2 (with the library's helper "
                    "thread, the default)")
      ->needs(bits);
  bench->footer(
      "Prints the kernel and the nanoseconds per product, the figure on its last line.\n"
      "With --bits N: the product of big_nim::random(N, 1) and big_nim::random(N, 2), repeated\n"
      "for at least 0.5 s and 3 times; also prints the field GF(2^(2^k)) it is computed in and\n"
      "the number of threads. The global option --kernel K times kernel K.\n"
      "Examples:\n"
      "  nimber bench                          # 2^20 64-bit products in one batch\n"
      "  nimber bench --kernel portable        # the same on the portable kernel\n"
      "  nimber bench --bits 65536             # one 2^16-bit product, 2 threads\n"
      "  nimber bench --bits 1048576 --threads 1");
  bench->callback([&ctx, opt, bits] {
    opt->big = bits->count() > 0;
    print(ctx, run_bench(*opt));
  });
}

}  // namespace nimber::cli
