// The batch front end: splits large batches across the worker threads, turns every linear operation
// (multiply by a constant, square, sqrt, the x * 2^63 of the 128-bit tower) into a matrix
// for the active kernel's apply(), and builds the 128-bit product and the inverse from the
// kernel's 64-bit primitives. Compiled for the baseline target.
#include "nimber/batch.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include "pool/workers.hpp"
#include "kernels/kernel.hpp"

namespace nimber::batch {
namespace {

namespace k = detail::kernels;

// Calls f(begin, end) over [0, n): on the worker threads (src/pool/workers.hpp), in parts of
// whole 64-value blocks (a block of every kernel), for n >= parallel_threshold, else directly.
template <class F>
void for_ranges(std::size_t n, const F& f) noexcept {
  if (n < parallel_threshold) return f(std::size_t(0), n);
  detail::workers::for_ranges(n, 64, f);
}

// ---- Linear maps --------------------------------------------------------------------------

template <class F>
k::linear_map make_map(F image_of_bit) noexcept {
  std::uint64_t cols[64];
  for (int j = 0; j < 64; ++j) cols[j] = image_of_bit(std::uint64_t(1) << j);
  k::linear_map m;
  k::build_linear_map(m, cols, true);
  return m;
}

// x -> x^(2^e): the Frobenius map iterated (squaring is GF(2)-linear in characteristic 2).
k::linear_map frobenius(int e) noexcept {
  return make_map([e](std::uint64_t x) {
    for (int i = 0; i < e; ++i) x = nimber::square(x);
    return x;
  });
}

// The fixed maps, built once (about 17 KiB each).
struct fixed_maps {
  k::linear_map square = frobenius(1);
  k::linear_map sqrt = make_map([](std::uint64_t x) { return nimber::sqrt(x); });
  k::linear_map half = make_map([](std::uint64_t x) { return detail::tower_mul_half<64>(x); });
  k::linear_map frob3 = frobenius(3), frob7 = frobenius(7), frob15 = frobenius(15),
                frob31 = frobenius(31);
};
const fixed_maps& maps() noexcept {
  static const fixed_maps m;
  return m;
}

// The matrix of x -> c x; the byte tables only where a kernel will read them.
void build_product_map(std::uint64_t c, k::linear_map& m, bool with_bytes) noexcept {
  std::uint64_t cols[64];
  for (int j = 0; j < 64; ++j) cols[j] = nimber::mul(c, std::uint64_t(1) << j);
  k::build_linear_map(m, cols, with_bytes);
}

// The kernel is read once by the caller: a map built for it (with or without the byte tables
// that only the portable kernel reads) must be applied by it, even if another thread forces a
// different kernel in between.
void apply_map(const k::ops& kernel, const k::linear_map& m, const std::uint64_t* x, std::uint64_t* out,
               std::size_t n, bool accumulate) noexcept {
  for_ranges(n, [&](std::size_t b, std::size_t e) { kernel.apply(m, x + b, out + b, e - b, accumulate); });
}

// A map built in every form, which any kernel can apply.
void apply_map(const k::linear_map& m, const std::uint64_t* x, std::uint64_t* out, std::size_t n,
               bool accumulate) noexcept {
  apply_map(k::active(), m, x, out, n, accumulate);
}

// The one policy for a span times a constant (batch::mul, batch::axpy, and through them the
// polynomials and matrices): below kBroadcastMin values scalar products; below kMatrixMin
// the constant broadcast into a buffer and multiplied pairwise on the kernel; from there the
// constant's 64 x 64 bit matrix (64 scalar products and the tables, a few microseconds),
// applied by the kernel. The pairwise route measured 5x faster than the matrix at 100 values
// and still faster at 1024 (bench/bench_field.cpp, the polynomial rows).
constexpr std::size_t kBroadcastMin = 32, kMatrixMin = 1024, kBroadcastChunk = 256;

void mul_const(std::uint64_t c, const std::uint64_t* x, std::uint64_t* out, std::size_t n,
               bool accumulate) noexcept {
  if (n < kBroadcastMin) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t p = nimber::mul(c, x[i]);
      out[i] = accumulate ? out[i] ^ p : p;
    }
  } else if (n < kMatrixMin) {
    const k::ops& kernel = k::active();
    std::uint64_t buf[kBroadcastChunk];
    for (std::size_t off = 0; off < n; off += kBroadcastChunk) {
      const std::size_t len = std::min(kBroadcastChunk, n - off);
      std::fill_n(buf, len, c);
      kernel.mul(buf, x + off, buf, len);  // out may be x: written only after the product
      for (std::size_t i = 0; i < len; ++i) out[off + i] = accumulate ? out[off + i] ^ buf[i] : buf[i];
    }
  } else {
    const k::ops& kernel = k::active();
    k::linear_map m;
    build_product_map(c, m, kernel.wants_byte_tables);
    apply_map(kernel, m, x, out, n, accumulate);
  }
}

// Values per stack chunk in the composite operations below (3 to 6 arrays of them).
constexpr std::size_t kChunk = 512;

// The 128-bit product by the tower step over F = 2^64 (arith.hpp): three 64-bit batch
// products and one batch x * 2^63, on chunks of kChunk.
void mul128(const k::ops& kernel, const u128* a, const u128* b, u128* out, std::size_t n) noexcept {
  std::uint64_t a0[kChunk], a1[kChunk], as[kChunk], b0[kChunk], b1[kChunk], bs[kChunk];
  for (std::size_t base = 0; base < n; base += kChunk) {
    const std::size_t m = n - base < kChunk ? n - base : kChunk;
    for (std::size_t i = 0; i < m; ++i) {
      a0[i] = std::uint64_t(a[base + i]), a1[i] = std::uint64_t(a[base + i] >> 64);
      b0[i] = std::uint64_t(b[base + i]), b1[i] = std::uint64_t(b[base + i] >> 64);
      as[i] = a0[i] ^ a1[i], bs[i] = b0[i] ^ b1[i];
    }
    kernel.mul(a0, b0, a0, m);  // lo = a0 b0
    kernel.mul(a1, b1, a1, m);  // hh = a1 b1
    kernel.mul(as, bs, as, m);  // (a0 + a1)(b0 + b1)
    for (std::size_t i = 0; i < m; ++i) as[i] ^= a0[i];           // hi = mid + lo
    kernel.apply(maps().half, a1, a0, m, true);                   // lo += hh * 2^63
    for (std::size_t i = 0; i < m; ++i) out[base + i] = (u128(as[i]) << 64) | a0[i];
  }
}

// x^-1 = x^(2^64 - 2) = (x^(2^63 - 1))^2 by Itoh and Tsujii (Inform. and Comput. 78, 1988):
// with y_k = x^(2^k - 1), y_2k = y_k^(2^k) y_k and y_(k+1) = y_k^2 x, where the powers
// 2^k are linear maps. The chain 1, 2, 3, 6, 7, 14, 15, 30, 31, 62, 63 costs ten products
// and eleven linear maps per value, all batch operations. 0 maps to 0.
void inverse_chunked(const k::ops& kernel, const std::uint64_t* x, std::uint64_t* out, std::size_t n) noexcept {
  const fixed_maps& f = maps();
  const k::linear_map* doubling[] = {nullptr, &f.square, &f.frob3, &f.frob7, &f.frob15, &f.frob31};
  std::uint64_t xs[kChunk], y[kChunk], t[kChunk];
  for (std::size_t base = 0; base < n; base += kChunk) {
    const std::size_t m = n - base < kChunk ? n - base : kChunk;
    for (std::size_t i = 0; i < m; ++i) xs[i] = y[i] = x[base + i];
    // y = y_1 = x. Step j takes y_k with k = 2^j - 1 to y_(2k+1) = y_(2^(j+1) - 1).
    for (int j = 1; j <= 5; ++j) {
      kernel.apply(*doubling[j], y, t, m, false);  // y^(2^k)
      kernel.mul(t, y, y, m);                       // y_2k
      kernel.apply(f.square, y, t, m, false);
      kernel.mul(t, xs, y, m);                      // y_(2k+1)
    }
    kernel.apply(f.square, y, out + base, m, false);
  }
}

}  // namespace

void mul(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
         std::span<std::uint64_t> out) noexcept {
  const k::ops& kernel = k::active();
  for_ranges(out.size(), [&](std::size_t i, std::size_t e) { kernel.mul(a.data() + i, b.data() + i, out.data() + i, e - i); });
}

void mul(std::span<const u128> a, std::span<const u128> b, std::span<u128> out) noexcept {
  const k::ops& kernel = k::active();
  for_ranges(out.size(), [&](std::size_t i, std::size_t e) { mul128(kernel, a.data() + i, b.data() + i, out.data() + i, e - i); });
}

void mul(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  mul_const(c, x.data(), out.data(), out.size(), false);
}

void axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y) noexcept {
  mul_const(c, x.data(), y.data(), y.size(), true);
}

multiplier::multiplier(std::uint64_t c) : c_(c) {
  auto m = std::make_shared<k::linear_map>();
  build_product_map(c, *m, true);  // every form: the kernel may change before it is used
  map_ = std::move(m);
}

void multiplier::mul(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) const noexcept {
  apply_map(*map_, x.data(), out.data(), out.size(), false);
}

void multiplier::axpy(std::span<const std::uint64_t> x, std::span<std::uint64_t> y) const noexcept {
  apply_map(*map_, x.data(), y.data(), y.size(), true);
}

void square(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  apply_map(maps().square, x.data(), out.data(), out.size(), false);
}

void sqrt(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  apply_map(maps().sqrt, x.data(), out.data(), out.size(), false);
}

void inverse(std::span<const std::uint64_t> x, std::span<std::uint64_t> out) noexcept {
  const k::ops& kernel = k::active();
  if (kernel.wants_byte_tables) {  // portable: the scalar table tower beats 21 batch passes
    for_ranges(out.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) out[i] = nimber::inverse(x[i]);
    });
    return;
  }
  for_ranges(out.size(), [&](std::size_t b, std::size_t e) { inverse_chunked(kernel, x.data() + b, out.data() + b, e - b); });
}

}  // namespace nimber::batch
