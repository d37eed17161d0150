// The changes of basis of the additive FFT (fft.hpp): monomial <-> novel polynomial
// basis X_j = prod over the bits i of j of s_i, with the Cantor subspace polynomials s_i.
//
// Two routes give the same map. By levels: divide by s_(m-1), then each half by s_(m-2), and
// so on; s_i has 2^popcount(i) terms, so level i moves each word of the upper halves
// 2^popcount(i) - 1 times, which grows like m^1.58 per word. By Taylor expansion (Gao and
// Mateer, "Additive fast Fourier transforms over finite fields"; Chen, Cheng, Kuo, Li and
// Yang, "Multiplication of polynomials over the binary field", on basis conversion): with
// 2^k < m the largest power of two below m and t = 2^(2^k), y = s_(2^k)(x) = x^t + x has two
// terms and s_(2^k + j)(x) = s_j(y). Expanding f = sum_i f_i(x) y^i with deg f_i < t (m - 2^k
// levels of two-term divisions, each moving half the words once), converting every f_i with
// the levels below 2^k and every column (the coefficients of one X_a across the f_i, a
// polynomial in y) with the levels 2^k .. m-1 gives the coefficient of X_(a + t b) at a + t b,
// the layout of the levels route. Both halves of the split are again changes of basis, the
// columns' on elements of t words each, so the route recurses on (levels, element width).
#include <algorithm>

#include "gf2x/fft.hpp"

namespace nimber::gf2x::detail {
namespace {

using u64 = std::uint64_t;

// Taylor expansion from 2^kTaylorWordLevels words on in the words (elements of one word),
// from 2^kTaylorWideLevels elements on across the columns (elements of t words): below these
// the divisions by s_i run in cache and their fewer passes win (measured, docs/big.md).
constexpr unsigned kTaylorWordLevels = 12;
constexpr unsigned kTaylorWideLevels = 4;
// The words of a strip of columns (elements of several rows) converted together.
constexpr std::size_t kStripWords = std::size_t(1) << 16;

// A division of a block of 2 h elements by a polynomial x^h + lower terms, each at least
// `run` below x^h, as move(lo, len): the elements lo .. lo + len - 1 of the quotient (the
// high half) subtracted at every lower term. Runs of `run` go top down, each final before it
// moves; undone (the product back) bottom up.
template <bool Undo, class Move>
[[gnu::always_inline]] inline void in_runs(std::size_t h, std::size_t run, const Move& move) noexcept {
  if (!Undo) {
    for (std::size_t top = 2 * h; top > h;) {
      const std::size_t len = std::min(run, top - h);
      move(top - len, len);
      top -= len;
    }
  } else {
    for (std::size_t lo = h; lo < 2 * h;) {
      const std::size_t len = std::min(run, 2 * h - lo);
      move(lo, len);
      lo += len;
    }
  }
}

// The block x of 2^(i+1) words divided by s_i (quotient in the high half, remainder in the
// low), or (undo) the remainder plus the quotient times s_i. s_i = x^(2^i) + sum of x^(2^k)
// over the proper subsets k of the bits of i; the word at d goes to d - 2^i + 2^k, at least
// `run` = 2^i - 2^(largest such k) below, so runs of that many words move together.
template <bool Undo>
[[gnu::always_inline]] inline void divide_by_s(u64* x, unsigned i, std::size_t w = 1) noexcept {
  const std::size_t h = w << i;
  if (i == 0) {
    // s_0 = x: the quotient of c0 + c1 x is c1, the remainder c0: nothing moves.
    return;
  }
  const unsigned largest = (i - 1) & i;  // the largest proper subset of the bits of i
  const std::size_t run = h - (w << largest);
  const auto move = [&](std::size_t lo, std::size_t len) {
    for (unsigned sub = (i - 1) & i;; sub = (sub - 1) & i) {
      u64* dst = x + lo - h + (w << sub);
      const u64* src = x + lo;
      for (std::size_t j = 0; j < len; ++j) dst[j] ^= src[j];
      if (sub == 0) break;
    }
  };
  in_runs<Undo>(h, run, move);
}

// The levels below kSmallLevels on every block of 2^kSmallLevels words of x (`words` of
// them), level by level, each level's division with constant sizes (unrolled).
constexpr unsigned kSmallLevels = 6;

template <bool Undo, unsigned I>
void small_level(u64* x, std::size_t words) noexcept {
  for (std::size_t b = 0; b < words; b += std::size_t(2) << I) divide_by_s<Undo>(x + b, I);
}

template <bool Undo>
void small_levels(u64* x, std::size_t words) noexcept {
  if (!Undo) {
    small_level<false, 5>(x, words), small_level<false, 4>(x, words), small_level<false, 3>(x, words);
    small_level<false, 2>(x, words), small_level<false, 1>(x, words);
  } else {
    small_level<true, 1>(x, words), small_level<true, 2>(x, words), small_level<true, 3>(x, words);
    small_level<true, 4>(x, words), small_level<true, 5>(x, words);
  }
}
static_assert(kSmallLevels == 6, "small_levels lists the levels 1 .. 5 (level 0 moves nothing)");

// By levels on 2^m words: division by s_(m-1), then the halves, depth first (in cache).
template <bool Undo>
void word_levels(u64* x, unsigned m) noexcept {
  if (m == kSmallLevels) return small_levels<Undo>(x, std::size_t(1) << m);
  if (m < kSmallLevels) {
    for (unsigned l = 0; l < m; ++l) {
      const unsigned i = Undo ? l : m - 1 - l;
      for (std::size_t b = 0; b < (std::size_t(1) << m); b += std::size_t(2) << i) divide_by_s<Undo>(x + b, i);
    }
    return;
  }
  if (!Undo) divide_by_s<false>(x, m - 1);
  word_levels<Undo>(x, m - 1);
  word_levels<Undo>(x + (std::size_t(1) << (m - 1)), m - 1);
  if (Undo) divide_by_s<true>(x, m - 1);
}

// The elements beyond the words: element e of a block at x + e pitch, w words of it used (a
// strip of wider elements). x[e - gap] += x[e] for the `len` elements from `lo` on.
struct elements {
  std::size_t w, pitch;
  void move(u64* x, std::size_t lo, std::size_t gap, std::size_t len) const noexcept {
    // Local copies: the stores below are to u64, which could alias the size_t members.
    const std::size_t width = w, step = pitch, all = len * width;
    u64* dst = x + (lo - gap) * step;
    const u64* src = x + lo * step;
    if (width == step) {
      for (std::size_t j = 0; j < all; ++j) dst[j] ^= src[j];
      return;
    }
    for (std::size_t e = 0; e < len; ++e, dst += step, src += step)
      for (std::size_t j = 0; j < width; ++j) dst[j] ^= src[j];
  }
};

// Division by (or, undone, multiplication back by) a polynomial x^h + sum of x^(h - gap_j)
// (each gap_j >= `run`) of the block x of 2 h elements: the elements above h move down by
// every gap, in runs of `run` elements, top down (each run final before it moves).
template <bool Undo, class Gaps>
void divide_by(const elements& el, u64* x, std::size_t h, std::size_t run, const Gaps& gaps) noexcept {
  const auto move = [&](std::size_t lo, std::size_t len) { gaps([&](std::size_t gap) { el.move(x, lo, gap, len); }); };
  in_runs<Undo>(h, run, move);
}

// By levels on 2^m elements: s_i = x^(2^i) + the x^(2^k) over the proper subsets k of i
// (level 0, s_0 = x, moves nothing).
template <bool Undo>
void wide_levels(const elements& el, u64* x, unsigned m) noexcept {
  if (m <= 1) return;
  const unsigned i = m - 1;
  const std::size_t h = std::size_t(1) << i, run = h - (std::size_t(1) << ((i - 1) & i));
  const auto gaps = [&](const auto& f) {
    for (unsigned sub = (i - 1) & i;; sub = (sub - 1) & i) {
      f(h - (std::size_t(1) << sub));
      if (sub == 0) break;
    }
  };
  if (!Undo) divide_by<false>(el, x, h, run, gaps);
  wide_levels<Undo>(el, x, m - 1);
  wide_levels<Undo>(el, x + h * el.pitch, m - 1);
  if (Undo) divide_by<true>(el, x, h, run, gaps);
}

// The Taylor expansion at y = x^t + x of the 2^m elements of x, in place: f = r + q y^D =
// r + q (x^(tD) + x^D) with tD = half the block, then r and q, depth first. The coefficient
// f_i (degree < t) ends in the elements i t .. i t + t - 1.
template <bool Undo>
void taylor(const elements& el, u64* x, unsigned m, unsigned k) noexcept {
  if (m <= k) return;
  const std::size_t h = std::size_t(1) << (m - 1), gap = h - (h >> k);
  const auto gaps = [&](const auto& f) { f(gap); };
  if (!Undo) divide_by<false>(el, x, h, gap, gaps);
  taylor<Undo>(el, x, m - 1, k);
  taylor<Undo>(el, x + h * el.pitch, m - 1, k);
  if (Undo) divide_by<true>(el, x, h, gap, gaps);
}

template <bool Undo>
void convert(const elements& el, u64* x, unsigned m) noexcept;

// The columns of the 2^m rows of t = 2^k elements: column a, the elements a + t b, is a
// polynomial in y converted on its own. Contiguous rows give strips of adjacent columns, cut
// so that a strip's 2^m pieces stay in cache through all the column's levels.
template <bool Undo>
void columns(const elements& el, u64* x, unsigned m, unsigned k) noexcept {
  const std::size_t t = std::size_t(1) << k, pitch = t * el.pitch;
  if (el.w != el.pitch) {
    for (std::size_t a = 0; a < t; ++a) convert<Undo>({el.w, pitch}, x + a * el.pitch, m);
    return;
  }
  const std::size_t strip = std::clamp(kStripWords >> m, el.w, pitch);
  for (std::size_t a = 0; a < pitch; a += strip) convert<Undo>({strip, pitch}, x + a, m);
}

// Monomial <-> novel on 2^m elements.
template <bool Undo>
void convert(const elements& el, u64* x, unsigned m) noexcept {
  if (el.pitch == 1 && m < kTaylorWordLevels) return word_levels<Undo>(x, m);
  if (el.pitch != 1 && m < kTaylorWideLevels) return wide_levels<Undo>(el, x, m);
  unsigned k = 1;  // the 2^k of the header: the largest power of two below m
  while (2 * k < m) k *= 2;
  const std::size_t row = el.pitch << k, rows = std::size_t(1) << (m - k);
  if (!Undo) {
    taylor<false>(el, x, m, k);
    for (std::size_t r = 0; r < rows; ++r) convert<false>(el, x + r * row, k);
    columns<false>(el, x, m - k, k);
  } else {
    columns<true>(el, x, m - k, k);
    for (std::size_t r = 0; r < rows; ++r) convert<true>(el, x + r * row, k);
    taylor<true>(el, x, m, k);
  }
}

// The levels at and above the degree bound of a polynomial with `used` words are trivial (it
// is its own remainder, the quotient zero): the conversion runs on the smallest such block.
unsigned levels_used(unsigned m, std::size_t used) noexcept {
  while (m > 0 && used <= (std::size_t(1) << (m - 1))) --m;
  return m;
}

}  // namespace

void to_novel(u64* x, unsigned m, std::size_t used) noexcept { convert<false>({1, 1}, x, levels_used(m, used)); }

void from_novel(u64* x, unsigned m) noexcept { convert<true>({1, 1}, x, m); }

void to_novel_by_levels(u64* x, unsigned m, std::size_t used) noexcept { word_levels<false>(x, levels_used(m, used)); }

void from_novel_by_levels(u64* x, unsigned m) noexcept { word_levels<true>(x, m); }

}  // namespace nimber::gf2x::detail
