// The library's thread-safety claims, exercised from many threads at once and every answer
// compared with a reference computed on one thread: scalar and batch products (the scalar
// path and the kernel are decided by whichever thread comes first), kernel::force while other
// threads compute (batch.hpp, kernel.hpp: each call reads the kernel once, and every kernel
// gives the same answers), big products sharing the library's worker threads with many callers
// and set_helper_thread toggled under them (big.hpp), the tables built on first use (log.hpp,
// roots.hpp, the chunk field of big.hpp), and the heap engine's speculation and verification
// (heap.hpp). Run under ThreadSanitizer by `make tsan` (docs/testing.md); here too in the
// ordinary suites, where it checks the answers.
//
// Each test starts its threads before anything else in the process has computed, so that the
// first uses are concurrent (ctest runs every test in a process of its own).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "edge_values.hpp"
#include "nimber/algebra/log.hpp"
#include "nimber/algebra/matrix.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/arith.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"
#include "nimber/detail/fermat_tower.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/kernel.hpp"
#include "nimber/transfinite/alpha.hpp"
#include "nimber/transfinite/ordinal.hpp"

namespace {

using nimber::u128;
using words = std::vector<std::uint64_t>;

// More threads than this machine's cores, so that callers find the workers busy.
constexpr unsigned kThreads = 6;

// Runs body(t) on kThreads threads released together, and joins them.
void run_together(const std::function<void(unsigned)>& body) {
  std::barrier start(kThreads);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      body(t);
    });
  for (std::thread& th : threads) th.join();
}

// ---- Scalar products --------------------------------------------------------------------------

template <class U>
struct scalar_results {
  std::vector<U> mul, square, sqrt, inverse;
  bool operator==(const scalar_results&) const = default;
};

template <class U>
scalar_results<U> scalar_all(const std::vector<U>& x, bool reference) {
  namespace d = nimber::detail;
  constexpr unsigned N = nimber::bits_of<U>;
  scalar_results<U> r;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const U a = x[i], b = x[x.size() - 1 - i];
    r.mul.push_back(reference ? d::tower_mul<N>(a, b) : nimber::mul(a, b));
    r.square.push_back(reference ? d::tower_square<N>(a) : nimber::square(a));
    r.sqrt.push_back(reference ? d::tower_sqrt<N>(a) : nimber::sqrt(a));
    r.inverse.push_back(reference ? d::tower_inverse<N>(a) : nimber::inverse(a));
  }
  return r;
}

template <class U>
void check_scalar_from_threads(std::size_t n) {
  const std::vector<U> x = nimber::test::test_values<U>(n);
  std::vector<scalar_results<U>> got(kThreads);
  run_together([&](unsigned t) { got[t] = scalar_all(x, false); });
  const scalar_results<U> expect = scalar_all(x, true);
  for (unsigned t = 0; t < kThreads; ++t) EXPECT_TRUE(got[t] == expect) << "thread " << t;
}

TEST(Threads, ScalarProductsFromManyThreads) {
  // 64 and 128 bits first: their run-time path is decided by the first product.
  check_scalar_from_threads<std::uint64_t>(600);
  check_scalar_from_threads<u128>(300);
  check_scalar_from_threads<std::uint32_t>(300);
  check_scalar_from_threads<std::uint16_t>(300);
  check_scalar_from_threads<std::uint8_t>(256);
}

// ---- Batch products -------------------------------------------------------------------------

struct batch_case {
  words a, b;
  std::vector<u128> a128, b128;
};

batch_case make_batch_case(std::size_t n, std::uint64_t seed) {
  batch_case c{nimber::test::test_values<std::uint64_t>(n, seed), nimber::test::test_values<std::uint64_t>(n, seed + 1),
               nimber::test::test_values<u128>(n / 16, seed + 2), nimber::test::test_values<u128>(n / 16, seed + 3)};
  std::reverse(c.b.begin(), c.b.end());  // edge values against random ones
  return c;
}

struct batch_results {
  words mul, mul_c, axpy, square, sqrt, inverse, multiplier;
  std::vector<u128> mul128;
  bool operator==(const batch_results&) const = default;
};

// Every batch operation on c, by the library (each from this thread, sharing `m` with the
// others) or by the scalar tower (the reference).
batch_results batch_all(const batch_case& c, const nimber::batch::multiplier& m, bool reference) {
  namespace b = nimber::batch;
  namespace d = nimber::detail;
  const std::size_t n = c.a.size();
  const std::uint64_t k = m.value();
  batch_results r{words(n), words(n), c.b, words(n), words(n), words(n), c.b, std::vector<u128>(c.a128.size())};
  if (reference) {
    for (std::size_t i = 0; i < n; ++i) {
      r.mul[i] = d::tower_mul<64>(c.a[i], c.b[i]);
      r.mul_c[i] = d::tower_mul<64>(k, c.a[i]);
      r.axpy[i] ^= r.mul_c[i];
      r.square[i] = d::tower_square<64>(c.a[i]);
      r.sqrt[i] = d::tower_sqrt<64>(c.a[i]);
      r.inverse[i] = d::tower_inverse<64>(c.a[i]);
      r.multiplier[i] ^= r.mul_c[i];
    }
    for (std::size_t i = 0; i < c.a128.size(); ++i) r.mul128[i] = d::tower_mul<128>(c.a128[i], c.b128[i]);
    return r;
  }
  b::mul(c.a, c.b, r.mul);
  b::mul(k, c.a, r.mul_c);
  b::axpy(k, c.a, r.axpy);
  b::square(c.a, r.square);
  b::sqrt(c.a, r.sqrt);
  b::inverse(c.a, r.inverse);
  m.axpy(c.a, r.multiplier);
  b::mul(c.a128, c.b128, r.mul128);
  return r;
}

// Batches past parallel_threshold (split over the worker threads, which every caller then
// competes for) and short ones (on the caller's thread), from many threads at once.
TEST(Threads, BatchProductsFromManyThreads) {
  const std::size_t sizes[] = {nimber::batch::parallel_threshold + 129, 1000};
  for (const std::size_t n : sizes) {
    SCOPED_TRACE(n);
    const batch_case c = make_batch_case(n, 20261124);
    const nimber::batch::multiplier m(0x9e3779b97f4a7c15u);  // one matrix, shared by all threads
    std::vector<batch_results> got(kThreads);
    run_together([&](unsigned t) { got[t] = batch_all(c, m, false); });
    const batch_results expect = batch_all(c, m, true);
    for (unsigned t = 0; t < kThreads; ++t) EXPECT_TRUE(got[t] == expect) << "thread " << t;
  }
}

// ---- kernel::force while other threads compute ----------------------------------------------

std::vector<std::string> supported_kernels() {
  std::vector<std::string> names;
  for (const auto& k : nimber::kernel::list())
    if (k.supported) names.emplace_back(k.name);
  return names;
}

// One thread cycles through every kernel this CPU runs while the others run batches and scalar
// products, short and threaded; every answer must be the reference's whatever kernel served it.
TEST(Threads, ForcingAKernelWhileOthersCompute) {
  const std::string before(nimber::kernel::active());
  const std::vector<std::string> kernels = supported_kernels();
  const batch_case big = make_batch_case(nimber::batch::parallel_threshold + 65, 7);
  const batch_case small = make_batch_case(700, 8);
  const nimber::batch::multiplier m(0xfedcba9876543210u);
  const batch_results expect_big = batch_all(big, m, true), expect_small = batch_all(small, m, true);
  const scalar_results<std::uint64_t> expect64 = scalar_all(small.a, true);
  const scalar_results<u128> expect128 = scalar_all(small.a128, true);

  std::atomic<int> computing{int(kThreads) - 1};
  std::atomic<int> wrong{0};
  run_together([&](unsigned t) {
    if (t == 0) {  // the forcing thread, until the others are done
      for (std::size_t i = 0; computing.load() > 0; ++i)
        if (nimber::kernel::force(kernels[i % kernels.size()]) != nimber::kernel::force_status::ok) ++wrong;
      return;
    }
    for (int round = 0; round < 3; ++round) {
      if (!(batch_all(small, m, false) == expect_small)) ++wrong;
      if (!(scalar_all(small.a, false) == expect64)) ++wrong;
      if (!(scalar_all(small.a128, false) == expect128)) ++wrong;
      if (t == 1 && !(batch_all(big, m, false) == expect_big)) ++wrong;
    }
    --computing;
  });
  EXPECT_EQ(wrong.load(), 0);
  nimber::kernel::force(before);
}

// Big products while the kernel changes under them: the chunk route of 2^13 bits (which the
// kernels with carry-less multiplies carry) and 2^16 bits with the workers taking part.
TEST(Threads, BigProductsWhileForcingAKernel) {
  using nimber::big_nim;
  const std::string before(nimber::kernel::active());
  const std::vector<std::string> kernels = supported_kernels();
  const big_nim a = big_nim::random(1 << 13, 5), b = big_nim::random(1 << 13, 6);
  const big_nim c = big_nim::random(1 << 16, 7), d = big_nim::random(1 << 16, 8);
  std::vector<big_nim> small(kThreads), large(kThreads);
  std::atomic<int> computing{int(kThreads) - 1};
  run_together([&](unsigned t) {
    if (t == 0) {
      for (std::size_t i = 0; computing.load() > 0; ++i) nimber::kernel::force(kernels[i % kernels.size()]);
      return;
    }
    small[t] = a * b;
    large[t] = c * d;
    --computing;
  });
  nimber::kernel::force(before);
  const big_nim expect_small = a * b, expect_large = c * d;
  for (unsigned t = 1; t < kThreads; ++t) {
    EXPECT_EQ(small[t], expect_small) << "thread " << t;
    EXPECT_EQ(large[t], expect_large) << "thread " << t;
  }
}

// ---- Big products: the worker threads with many callers -------------------------------------

struct big_results {
  nimber::big_nim product, square, sqrt, inverse;
  bool operator==(const big_results&) const = default;
};

big_results big_all(const nimber::big_nim& a, const nimber::big_nim& b) {
  return {a * b, a.square(), b.sqrt(), a.inverse()};
}

// Products from 2^16 bits share their work with the workers; several callers at once find them
// busy or free at any point of the tower. 2^13 bits take the chunk route alone, whose tables
// the first callers build together. One thread meanwhile switches the helper on and off and
// moves the product's block and breadth sizes (big.hpp's tuning knobs).
TEST(Threads, BigProductsFromManyCallers) {
  using nimber::big_nim;
  for (const std::size_t bits : {std::size_t(1) << 16, std::size_t(1) << 13}) {
    SCOPED_TRACE(bits);
    const big_nim a = big_nim::random(bits, 1), b = big_nim::random(bits - 5, 2);
    std::vector<big_results> got(kThreads);
    std::atomic<int> computing{int(kThreads) - 1};
    run_together([&](unsigned t) {
      if (t == 0) {
        const std::size_t block = nimber::big::block_limbs(), breadth = nimber::big::breadth_limbs();
        for (unsigned i = 0; computing.load() > 0; ++i) {
          nimber::big::set_helper_thread(i % 2 == 1);
          nimber::big::set_block_limbs(i % 4 < 2 ? 64 : block);
          nimber::big::set_breadth_limbs(i % 8 < 4 ? 2048 : breadth);
          std::this_thread::yield();
        }
        nimber::big::set_helper_thread(true);
        nimber::big::set_block_limbs(block);
        nimber::big::set_breadth_limbs(breadth);
        return;
      }
      got[t] = big_all(a, b);
      --computing;
    });
    nimber::big::set_helper_thread(false);
    const big_results expect = big_all(a, b);
    nimber::big::set_helper_thread(true);
    for (unsigned t = 1; t < kThreads; ++t) EXPECT_TRUE(got[t] == expect) << "thread " << t;
    EXPECT_EQ(expect.product * b.inverse(), a);
  }
}

// Raw limb routines on caller-owned arrays with the helper on, from every thread at once.
TEST(Threads, RawBigRoutinesFromManyCallers) {
  const std::size_t n = 1024;  // limbs: 2^16 bits, the first size the workers take part in
  const nimber::big_nim a = nimber::big_nim::random(64 * n, 3), b = nimber::big_nim::random(64 * n, 4);
  const words la(a.limbs().begin(), a.limbs().end()), lb(b.limbs().begin(), b.limbs().end());
  ASSERT_EQ(la.size(), n);
  ASSERT_EQ(lb.size(), n);
  std::vector<words> mul(kThreads, words(n)), half(kThreads, words(n)), inv(kThreads, words(n));
  run_together([&](unsigned t) {
    nimber::big::mul(la.data(), lb.data(), mul[t].data(), n);
    nimber::big::mul_half(la.data(), half[t].data(), n);
    nimber::big::inverse(lb.data(), inv[t].data(), n);
  });
  nimber::big::set_helper_thread(false);
  words expect_mul(n), expect_half(n), expect_inv(n);
  nimber::big::mul(la.data(), lb.data(), expect_mul.data(), n);
  nimber::big::mul_half(la.data(), expect_half.data(), n);
  nimber::big::inverse(lb.data(), expect_inv.data(), n);
  nimber::big::set_helper_thread(true);
  for (unsigned t = 0; t < kThreads; ++t) {
    EXPECT_EQ(mul[t], expect_mul) << "thread " << t;
    EXPECT_EQ(half[t], expect_half) << "thread " << t;
    EXPECT_EQ(inv[t], expect_inv) << "thread " << t;
  }
}

// ---- Tables built on first use ----------------------------------------------------------------

// Logarithms (log.hpp: "built once per field on first use (thread-safe)"), Artin-Schreier
// roots and polynomial roots (roots.hpp), and matrices (on the batch kernels), first used by
// every thread at once; each answer checked by substitution.
template <class U>
void check_field_algorithms_from_threads() {
  const std::vector<U> x = nimber::test::test_values<U>(40, 99);
  std::atomic<int> wrong{0};
  run_together([&](unsigned t) {
    for (std::size_t i = t; i < x.size(); i += 2) {
      const U a = x[i] == 0 ? U(2) : x[i], b = x[x.size() - 1 - i];
      const std::optional<U> e = nimber::discrete_log(a, b);
      if (e && nimber::pow(a, *e) != b) ++wrong;
      if (nimber::pow(a, nimber::order(a)) != 1) ++wrong;
      const auto y = nimber::solve_artin_schreier(b);
      if (y && U(nimber::square(*y) ^ *y) != b) ++wrong;
      if (y.has_value() != (nimber::trace(b) == 0)) ++wrong;
      const std::vector<U> p{b, a, 1};  // x^2 + a x + b
      for (const U r : nimber::polynomial_roots<U>(p))
        if (U(nimber::mul(r, r) ^ nimber::mul(a, r) ^ b) != 0) ++wrong;
    }
    nimber::matrix<U> m(6, 6);
    for (std::size_t i = 0; i < 36; ++i) m.data()[i] = x[(i * 7 + t) % x.size()];
    if (const auto inv = nimber::inverse(m)) {
      if (!(m * *inv == nimber::matrix<U>::identity(6))) ++wrong;
    } else if (nimber::rank(m) == 6) {
      ++wrong;
    }
  });
  EXPECT_EQ(wrong.load(), 0);
}

TEST(Threads, FieldTablesBuiltOnFirstUseFromManyThreads) {
  check_field_algorithms_from_threads<std::uint64_t>();
  check_field_algorithms_from_threads<std::uint32_t>();
  check_field_algorithms_from_threads<std::uint16_t>();
}

// The heap engine's sparse method on several threads, where one thread speculates a block's
// terms while the others verify the ones already speculated: the values of one thread, on a
// store not packed (Officers: two bytes from its first value of 256) and on one parity-packed
// from the 35,000th term (its scans and their index of the exceptions).
TEST(Threads, HeapEngineVerifiesWhileItSpeculates) {
  namespace ng = nimber::games;
  for (const auto& [code, packed] : {std::pair{"grundy", false}, {"grundy", true}, {"0.14", true}, {"0.6", false}}) {
    const auto game = ng::heap_game::from_string(code);
    ng::sequence_options o;
    o.use_period = false;
    o.engine = ng::sequence_options::method::sparse;
    o.parity_from = packed ? 0 : ~std::uint64_t(0);  // unpacked: two bytes from 256 on
    if (packed) o.widen_at = 35000;
    o.threads = 1;
    const auto one = ng::grundy_sequence_of(game, 40000, o);
    for (const unsigned threads : {2u, 3u}) {
      o.threads = threads;
      const auto many = ng::grundy_sequence_of(game, 40000, o);
      ASSERT_EQ(many.values, one.values) << code << " on " << threads << " threads";
      EXPECT_EQ(many.values.parity_packed(), packed) << code;
    }
  }
}

// The second proof of an alpha_p squares on the workers, each a part of the rows of one
// squaring map: the table's certificates from two and three threads, in the fields of 220 and
// 5,060 bits of p = 89 and 47 (11 and 253 chunks of 20 bits).
TEST(Threads, SecondProofSquaresOnTheWorkers) {
  const auto& table = nimber::alpha_table();
  for (const std::uint64_t p : {89u, 47u})
    for (const unsigned threads : {2u, 3u}) {
      const nimber::alpha_entry& e = table[std::size_t(nimber::odd_prime_index(p))];
      const auto zeta = nimber::alpha_certificate_by_plain_power(e, table, {}, nullptr, threads);
      ASSERT_TRUE(zeta.has_value()) << "p = " << p;
      EXPECT_EQ(*zeta, e.certificate) << "p = " << p << " on " << threads << " threads";
    }
}

}  // namespace
