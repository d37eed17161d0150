// The limb kernels behind big_nim: nimber::big::mul, square, sqrt, mul_half and inverse, each
// on the limb tower or on the chunk route. src/big/limb_tower.hpp describes the layout and lists the
// files of the tower.
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/chunks.hpp"
#include "big/half_power.hpp"
#include "big/helper_thread.hpp"
#include "big/squares.hpp"
#include "big/limb_tower.hpp"
#include "kernels/kernel.hpp"
#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden
namespace {

// ---- Routes --------------------------------------------------------------------------------
// Fields of 512 bits or more take the chunk route when the active kernel has carry-less
// multiplies: each 512-bit chunk converted to polynomial coordinates, the tree above the
// chunks run on them, the result converted back (big/chunks.hpp). Otherwise the limb tree.
bool chunk_route(std::size_t n) noexcept {
  return n >= chunks::kWords && detail::kernels::active_slots().chunks != nullptr;
}

// m chunks converted by conv, shared with a worker thread from 128 chunks (2^16 bits) in
// whole blocks of 64 (the conversion kernels work in blocks of up to 64 chunks).
constexpr std::size_t kConvertBlock = 64;

void convert_shared(void (*conv)(const u64*, u64*, std::size_t) noexcept, const u64* x, u64* y, std::size_t m,
                    arena& ar) {
  const std::size_t first = (m / 2 + kConvertBlock - 1) / kConvertBlock * kConvertBlock;
  if (m < 2 * kConvertBlock || first >= m) return conv(x, y, m);
  constexpr std::size_t W = chunks::kWords;
  run_pair(
      true, [&](arena&) { conv(x, y, first); }, [&] { conv(x + first * W, y + first * W, m - first); }, ar);
}

// Runs op(x, y, m chunks) on polynomial copies of the `inputs` operands of n limbs each, and
// writes the first result back in nimber coordinates: `out` may alias any input.
template <std::size_t Inputs, class Op>
void on_chunks(const u64* const (&in)[Inputs], u64* out, std::size_t n, arena& ar, Op op) {
  frame f(ar);
  const std::size_t m = n / chunks::kWords;
  u64* poly[Inputs];
  for (std::size_t i = 0; i < Inputs; ++i) {
    poly[i] = ar.take(n);
    convert_shared(chunks::to_poly, in[i], poly[i], m, ar);
  }
  op(static_cast<u64* const*>(poly), m);
  convert_shared(chunks::from_poly, poly[0], out, m, ar);
}

}  // namespace
}  // namespace tower

using tower::arena;
using tower::chunk_base;
using tower::chunk_route;
using tower::frobenius;
using tower::frobenius_chunks;
using tower::inverse_rec;
using tower::limb_base;
using tower::mul_half_run;
using tower::mul_rec;
using tower::on_chunks;
using tower::scratch;
using tower::sqrt_run;
using tower::square_run;
using tower::u64;

void mul(const u64* a, const u64* b, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return mul_rec<limb_base>(a, b, out, n, ar);
  const u64* const in[2] = {a, b};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { mul_rec<chunk_base>(p[0], p[1], p[0], m, ar); });
}

void square(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return square_run<limb_base>(x, out, 1, n, ar);
  frobenius_chunks<frobenius::square>(x, out, n, ar);
}

void sqrt(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return sqrt_run<limb_base>(x, out, 1, n, ar);
  frobenius_chunks<frobenius::root>(x, out, n, ar);
}

void mul_half(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return mul_half_run<limb_base>(x, out, 1, n, 1, ar);
  const u64* const in[1] = {x};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { mul_half_run<chunk_base>(p[0], p[0], 1, m, 1, ar); });
}

void inverse(const u64* x, u64* out, std::size_t n) {
  arena& ar = scratch();
  if (!chunk_route(n)) return inverse_rec<limb_base>(x, out, n, ar);
  const u64* const in[1] = {x};
  on_chunks(in, out, n, ar, [&](u64* const* p, std::size_t m) { inverse_rec<chunk_base>(p[0], p[0], m, ar); });
}

void limb_mul_half(const u64* x, u64* out, std::size_t n) { mul_half_run<limb_base>(x, out, 1, n, 1, scratch()); }

}  // namespace nimber::big
