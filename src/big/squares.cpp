// Squares and square roots of elements of 512 bits or more on the chunk route: one routine for
// both directions (frobenius_chunks), on both cores from 2^16 bits. The recursion they run on
// the chunks is in src/big/squares.hpp.
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/chunks.hpp"
#include "big/half_power.hpp"
#include "big/helper_thread.hpp"
#include "big/squares.hpp"
#include "big/limb_tower.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden

// ---- On chunks: three two-core steps, in either direction --------------------------------------
namespace {

// Squares and square roots are linear, so the chunks' own squares ride on the conversion in
// and their roots on the conversion out (big/chunks.hpp), and the tree runs without leaves.
// From kTwoCoreChunks up, both cores take part in three steps, for a square:
//   1. each half converted and squared in the half field (independent), one per core;
//   2. the top level's x1^2 F/2 = h'(y0 + y1) F' + h'(h'(y1)) with (y1 F' + y0) = x1^2: the
//      two nested quarter maps on the helper, the other one here;
//   3. the high half converted back on the helper, the quarters added into the low half and
//      it converted back here.
// A root runs the same steps with the halves' tree on the other side of the top map: each half
// converted in step 1, and in step 3 its root taken in the half field before it is converted
// back. step_in and step_out are what differs; frobenius_chunks runs the steps.
constexpr std::size_t kTwoCoreChunks = 128;  // 2^16 bits

// Step 2: lo = h'(h'(y1)) and hi = h'(y0 + y1) for the h chunks y = y1 F' + y0 (q = h / 2).
void top_half_quarters(const u64* y, std::size_t h, u64* lo, u64* hi, arena& ar) {
  constexpr std::size_t W = chunks::kWords;
  const std::size_t q = h / 2;
  run_pair(
      true,
      [&](arena& har) {
        mul_half_run<chunk_base>(y + q * W, 1, lo, 1, 1, q, har);
        mul_half_run<chunk_base>(lo, 1, lo, 1, 1, q, har);
      },
      [&] {
        row_pass::add(y, y + q * W, 0, hi, 0, 1, q * W);
        mul_half_run<chunk_base>(hi, 1, hi, 1, 1, q, ar);
      },
      ar);
}

// Step 1 on k chunks: x into polynomial coordinates in p, and for a square the chunks' squares
// on the way (big/chunks.hpp) and the tree's square of the k chunks after.
template <frobenius Dir>
void step_in(const u64* x, u64* p, std::size_t k, arena& ar) {
  if constexpr (Dir == frobenius::square) {
    chunks::to_poly_squared(x, p, k);
    square_run<chunk_base, false>(p, p, 1, k, ar);
  } else {
    chunks::to_poly(x, p, k);
  }
}

// Step 3 on k chunks: for a root the tree's root of the k chunks first, then p back into
// nimber coordinates in out, for a root with the chunks' roots on the way.
template <frobenius Dir>
void step_out(u64* p, u64* out, std::size_t k, arena& ar) {
  if constexpr (Dir == frobenius::root) {
    sqrt_run<chunk_base, false>(p, p, 1, k, ar);
    chunks::from_poly_rooted(p, out, k);
  } else {
    chunks::from_poly(p, out, k);
  }
}

}  // namespace

// Steps 1 to 3, or all of them on this core below kTwoCoreChunks.
template <frobenius Dir>
void frobenius_chunks(const u64* x, u64* out, std::size_t n, arena& ar) {
  constexpr std::size_t W = chunks::kWords;
  const std::size_t m = n / W, h = m / 2, q = m / 4;
  frame f(ar);
  u64* p = ar.take(n);
  if (m < kTwoCoreChunks) {
    step_in<Dir>(x, p, m, ar);
    return step_out<Dir>(p, out, m, ar);
  }
  u64* p1 = p + h * W;
  run_pair(
      true, [&](arena& har) { step_in<Dir>(x + h * W, p1, h, har); }, [&] { step_in<Dir>(x, p, h, ar); }, ar);
  u64* lo = ar.take(q * W);
  u64* hi = ar.take(q * W);
  top_half_quarters(p1, h, lo, hi, ar);
  run_pair(
      true, [&](arena& har) { step_out<Dir>(p1, out + h * W, h, har); },
      [&] {
        xor_into(p, lo, q * W);
        xor_into(p + q * W, hi, q * W);
        step_out<Dir>(p, out, h, ar);
      },
      ar);
}

template void frobenius_chunks<frobenius::square>(const u64*, u64*, std::size_t, arena&);
template void frobenius_chunks<frobenius::root>(const u64*, u64*, std::size_t, arena&);

}  // namespace tower
}  // namespace nimber::big
