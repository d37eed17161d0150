// The inverse of the tower, by the norm into the half field (arith.hpp, tower_inverse).
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "big/arena.hpp"
#include "big/bases.hpp"
#include "big/chunks.hpp"
#include "big/half_power.hpp"
#include "big/squares.hpp"
#include "big/limb_tower.hpp"
#include "nimber/big.hpp"

namespace nimber::big {
namespace [[gnu::visibility("hidden")]] tower {  // src/big/limb_tower.hpp says why hidden
namespace {

// The inverse of one base element: a limb directly; a chunk by way of its nimber limbs.
void base_inverse(limb_base, const u64* x, u64* y, arena&) { y[0] = nimber::inverse(x[0]); }
void base_inverse(chunk_base, const u64* x, u64* y, arena& ar) {
  frame f(ar);
  u64* t = ar.take(chunks::kWords);
  chunks::from_poly(x, t, 1);
  inverse_rec<limb_base>(t, t, chunks::kWords, ar);
  chunks::to_poly(t, y, 1);
}

}  // namespace

// Inverse by the norm (arith.hpp, tower_inverse): with s = x0 + x1,
// N = x0 s + x1^2 * F/2 lies in the half field and x^-1 = (x1 F + s) / N.
// Cost about 1.5 full products: three half products per level, halving each time.
template <class Base>
void inverse_rec(const u64* x, u64* y, std::size_t n, arena& ar) {
  constexpr std::size_t W = Base::W;
  if (n == 1) return base_inverse(Base{}, x, y, ar);
  const std::size_t h = n / 2, hw = h * W;
  frame f(ar);
  u64* s = ar.take(hw);
  u64* norm = ar.take(hw);
  u64* t = ar.take(hw);
  row_pass::add(x, x + hw, 0, s, 0, 1, hw);
  mul_rec<Base>(x, s, norm, h, ar);
  square_run<Base>(x + hw, t, 1, h, ar);
  mul_half_run<Base>(t, t, 1, h, 1, ar);
  xor_into(norm, t, hw);
  inverse_rec<Base>(norm, t, h, ar);  // t = 1 / N
  u64* hi = ar.take(hw);
  mul_rec<Base>(x + hw, t, hi, h, ar);
  mul_rec<Base>(s, t, y, h, ar);  // s is a copy, so y may alias x
  std::copy_n(hi, hw, y + hw);
}

template void inverse_rec<limb_base>(const u64*, u64*, std::size_t, arena&);
template void inverse_rec<chunk_base>(const u64*, u64*, std::size_t, arena&);

}  // namespace tower
}  // namespace nimber::big
