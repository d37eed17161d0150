// The GF(2)[x] product (include/nimber/gf2x.hpp): Karatsuba over the leaves of
// kernels/gf2x_leaf.hpp, the leaf the kernel registry holds for the active kernel.
//
// Karatsuba on n limbs, h = ceil(n/2), a = a0 + a1 X, b = b0 + b1 X with X = x^(64h):
//   a b = a0 b0 + ((a0 + a1)(b0 + b1) + a0 b0 + a1 b1) X + a1 b1 X^2,
// three products of at most h limbs. The scratch of one level is 4h limbs; the levels below
// use what follows, 8n limbs in all.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <cstring>
#include <string_view>
#include <vector>

#include "gf2x/fft.hpp"
#include "kernels/kernel.hpp"
#include "nimber/gf2x.hpp"

namespace nimber::gf2x {
namespace {

using u64 = std::uint64_t;
using detail::leaf;

const leaf& active_leaf() noexcept { return nimber::detail::kernels::active_gf2x(); }

std::atomic<std::size_t> g_fft_limbs{0};  // set_fft_limbs; 0: the leaf's own crossover

std::size_t fft_crossover(const leaf& lf) noexcept {
  if (lf.fft == nullptr) return std::numeric_limits<std::size_t>::max();
  const std::size_t forced = g_fft_limbs.load(std::memory_order_relaxed);
  return forced != 0 ? forced : lf.fft_limbs;
}

// Whether the FFT is cheaper for na x nb limbs (na >= nb): always from a forced crossover
// on, else by the leaf's cost model from its crossover on.
bool use_fft(const leaf& lf, std::size_t na, std::size_t nb) noexcept {
  if (nb < fft_crossover(lf)) return false;
  if (g_fft_limbs.load(std::memory_order_relaxed) != 0) return true;
  const double fft = lf.fft_cost * detail::fft_product_cost(na, nb);
  const double karatsuba = double(na) / double(nb) * std::pow(double(nb), std::log2(3.0));
  return fft < karatsuba;
}

void xor_into(u64* dst, const u64* src, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) dst[i] ^= src[i];
}

// out[0 .. 2n) = a b, both n limbs; scratch holds 8n limbs.
void karatsuba(const leaf& lf, const u64* a, const u64* b, std::size_t n, u64* out, u64* scratch) noexcept {
  if (n < lf.karatsuba_limbs) {
    lf.mul(a, b, n, out);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  u64* as = scratch;          // a0 + a1, h limbs
  u64* bs = scratch + h;      // b0 + b1, h limbs
  u64* mid = scratch + 2 * h; // their product, 2h limbs
  u64* below = scratch + 4 * h;
  std::memcpy(as, a, h * sizeof(u64));
  std::memcpy(bs, b, h * sizeof(u64));
  xor_into(as, a + h, l);
  xor_into(bs, b + h, l);
  karatsuba(lf, as, bs, h, mid, below);
  karatsuba(lf, a, b, h, out, below);                   // a0 b0 in out[0 .. 2h)
  karatsuba(lf, a + h, b + h, l, out + 2 * h, below);   // a1 b1 in out[2h .. 2n)
  xor_into(mid, out, 2 * h);
  xor_into(mid, out + 2 * h, 2 * l);
  xor_into(out + h, mid, 2 * h);
}

thread_local std::vector<u64> scratch_buffer;  // Karatsuba's, kept until release_scratch()

std::vector<u64>& thread_scratch(std::size_t n) {
  if (scratch_buffer.size() < n) scratch_buffer.resize(n);
  return scratch_buffer;
}

}  // namespace

std::size_t karatsuba_limbs() noexcept { return active_leaf().karatsuba_limbs; }

std::string_view path() noexcept { return active_leaf().name; }

std::size_t fft_limbs() noexcept { return fft_crossover(active_leaf()); }

void set_fft_limbs(std::size_t n) noexcept { g_fft_limbs.store(n, std::memory_order_relaxed); }

void release_scratch() noexcept {
  std::vector<u64>().swap(scratch_buffer);
  detail::release_fft_buffers();
}

void mul(const u64* a, std::size_t na, const u64* b, std::size_t nb, u64* out) {
  if (na < nb) std::swap(a, b), std::swap(na, nb);
  if (nb == 0) {
    std::fill(out, out + na, u64(0));
    return;
  }
  const leaf& lf = active_leaf();
  if (use_fft(lf, na, nb)) {
    detail::fft_mul(*lf.fft, a, na, b, nb, out);
    return;
  }
  if (na == nb) {
    u64* scratch = thread_scratch(8 * nb + 8).data();
    karatsuba(lf, a, b, nb, out, scratch);
    return;
  }
  // Pieces of nb limbs of the longer operand, each a balanced product added in place; the
  // last, shorter piece recurses (with the roles swapped).
  std::vector<u64> piece(2 * nb);
  std::fill(out, out + na + nb, u64(0));
  std::size_t at = 0;
  for (; at + nb <= na; at += nb) {
    u64* scratch = thread_scratch(8 * nb + 8).data();
    karatsuba(lf, a + at, b, nb, piece.data(), scratch);
    xor_into(out + at, piece.data(), 2 * nb);
  }
  if (at < na) {
    const std::size_t rest = na - at;
    piece.resize(rest + nb);
    mul(b, nb, a + at, rest, piece.data());
    xor_into(out + at, piece.data(), rest + nb);
  }
}

void square(const u64* a, std::size_t n, u64* out) noexcept { active_leaf().square(a, n, out); }

std::vector<u64> mul(std::span<const u64> a, std::span<const u64> b) {
  std::vector<u64> out(a.size() + b.size());
  mul(a.data(), a.size(), b.data(), b.size(), out.data());
  return out;
}

std::vector<u64> square(std::span<const u64> a) {
  std::vector<u64> out(2 * a.size());
  square(a.data(), a.size(), out.data());
  return out;
}

}  // namespace nimber::gf2x
