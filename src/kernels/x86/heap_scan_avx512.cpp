// The avx512 kernel's heap scan slot (kernels/kernel.hpp, heap_scan_fn): the verification
// scan of the sparse-space heap engine (src/games/grundy_terms.cpp) against a table of the
// nim-sums still wanted, sixty-four pairs of heaps at a time for one-byte values, thirty-two
// for two-byte ones and sixteen for four-byte ones. Compiled with the avx512 kernel's flags.
#include "kernels/x86/avx512_intrinsics.hpp"

#include <algorithm>
#include <bit>

#include "kernels/kernel.hpp"

namespace nimber::detail::kernels {

namespace {

// Sixteen lanes of 32 bits from 16 four-byte values.
inline __m512i widen_lanes(const std::uint32_t* p) noexcept { return _mm512_loadu_si512(p); }

// The bits of positions a .. a + 63 in `skip`, position a + i as bit i.
inline std::uint64_t skipped_lanes(const std::uint64_t* skip, std::uint64_t a) noexcept {
  if (skip == nullptr) return 0;
  const std::uint64_t word = a >> 6, shift = a & 63;
  std::uint64_t w = skip[word] >> shift;
  if (shift != 0) w |= skip[word + 1] << (64 - shift);
  return w;
}

// Which of the hit lanes the scan may clear itself, given the filter: 0 when the lanes of
// positions a .. a + width - 1 that hit must go back to the caller (some lies past
// certain_below), else the hits less the skipped ones. `hits` has no bit at or past width.
inline std::uint64_t certain_hits(std::uint64_t hits, std::uint64_t a, unsigned width,
                                  const heap_scan_filter& filter, bool& stop) noexcept {
  const std::uint64_t certain = filter.certain_below;
  stop = false;
  if (a >= certain) {
    stop = true;
    return hits;
  }
  hits &= ~skipped_lanes(filter.skip, a);  // positions below certain + 64
  const std::uint64_t past = a + width > certain ? hits >> (certain - a) : 0;
  if (past != 0) stop = true;
  return hits;
}

// Sixteen pairs are one xor of two vector loads (the second reversed) and a lookup in the
// table held in two registers (the word by permutex2var, the bit by a variable shift), with
// no branch per pair. A hit (rare: each wanted value is found once) clears its bits in the
// registers.
template <class T>
std::uint64_t heap_pair_scan_avx512(const T* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                    std::uint32_t* bits, const heap_scan_filter& filter,
                                    std::uint64_t& lanes) noexcept {
  __m512i table_lo = _mm512_loadu_si512(bits), table_hi = _mm512_loadu_si512(bits + 16);
  const __m512i reverse = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i low5 = _mm512_set1_epi32(31), one = _mm512_set1_epi32(1);
  lanes = 0;
  for (; a + 16 <= last + 1; a += 16) {
    const __m512i lo = widen_lanes(g + a);  // G(a + i) in lane i
    const __m512i hi = _mm512_permutexvar_epi32(reverse, widen_lanes(g + (m - a - 15)));
    const __m512i x = _mm512_xor_si512(lo, hi);  // lane i: G(a + i) ^ G(m - a - i)
    const __m512i word = _mm512_permutex2var_epi32(table_lo, _mm512_srli_epi32(x, 5), table_hi);
    const __m512i bit = _mm512_srlv_epi32(word, _mm512_and_si512(x, low5));
    std::uint64_t hits = _mm512_test_epi32_mask(bit, one);
    if (hits == 0) [[likely]] continue;
    bool stop = false;
    hits = certain_hits(hits, a, 16, filter, stop);
    if (stop) {
      lanes = hits;
      break;
    }
    alignas(64) std::uint32_t sums[16];
    _mm512_store_si512(sums, x);
    for (; hits != 0; hits &= hits - 1) {
      const std::uint32_t v = sums[std::countr_zero(hits)];  // below 1024
      const __m512i clear = _mm512_maskz_set1_epi32(__mmask16(1u << ((v >> 5) & 15)), 1u << (v & 31));
      if (v < 512) table_lo = _mm512_andnot_si512(clear, table_lo);
      else table_hi = _mm512_andnot_si512(clear, table_hi);
    }
    const __m512i left = _mm512_or_si512(table_lo, table_hi);
    if (_mm512_test_epi32_mask(left, left) == 0) {
      a += 16;
      break;
    }
  }
  _mm512_storeu_si512(bits, table_lo);
  _mm512_storeu_si512(bits + 16, table_hi);
  return a;
}

// Hits come in about three steps of ten, at random (each wanted value is found once), so a
// branch on them mispredicts often and a hit's lanes wait for the nim-sums to come back from
// memory. Where no hit can go back to the caller (below filter.certain_below), the scans go in
// rounds of flush_pairs pairs without a branch on their hits: each step compresses its hit
// nim-sums into a buffer (VPCOMPRESSB/W), and the round's are cleared from the table together
// after the next round's steps: those steps then look up a table that does not wait for the
// clearing (it would make each round wait for the one before, its hits through memory and
// back). A value found twice, in a round or in two, is cleared twice, which changes nothing.
constexpr unsigned flush_pairs = 256;

// Clears from the table (bit x & 7 of byte x >> 3; bytes 64 .. 127, nim-sums from 512 on, in
// `high`) the `count` two-byte nim-sums v[0 ..], their bits ORed in two accumulators so that
// the ORs do not wait for each other.
inline void clear_table_bits(const std::uint16_t* v, unsigned count, __m512i& low, __m512i& high) noexcept {
  const auto bit = [](std::uint32_t x, bool upper) {
    const __mmask64 at = __mmask64(x >= 512 ? upper : !upper) << ((x >> 3) & 63);
    return _mm512_maskz_set1_epi8(at, char(1 << (x & 7)));
  };
  __m512i c0 = _mm512_setzero_si512(), c1 = c0, h = c0;
  unsigned i = 0;
  for (; i + 2 <= count; i += 2) {
    c0 = _mm512_or_si512(c0, bit(v[i], false));
    c1 = _mm512_or_si512(c1, bit(v[i + 1], false));
    h = _mm512_or_si512(h, _mm512_or_si512(bit(v[i], true), bit(v[i + 1], true)));
  }
  if (i < count) {
    c0 = _mm512_or_si512(c0, bit(v[i], false));
    h = _mm512_or_si512(h, bit(v[i], true));
  }
  low = _mm512_andnot_si512(_mm512_or_si512(c0, c1), low);
  high = _mm512_andnot_si512(h, high);
}

// The 256-bit set {x} for every byte x: a round finds about ten nim-sums on average, and one
// load and OR each from this 8 KiB table costs a fraction of building the bit in registers.
struct byte_bit_sets {
  alignas(32) std::uint8_t set[256][32] = {};
  constexpr byte_bit_sets() noexcept {
    for (unsigned x = 0; x < 256; ++x) set[x][x >> 3] = std::uint8_t(1u << (x & 7));
  }
};
constexpr byte_bit_sets byte_bits;

// Clears the `count` one-byte nim-sums v[0 ..] from both copies of the table (the byte scan's
// 32 bytes, twice), their sets ORed in two accumulators so that the ORs do not wait for each
// other.
inline void clear_byte_bits(const std::uint8_t* v, unsigned count, __m512i& table) noexcept {
  const auto bit_set = [](std::uint8_t x) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(byte_bits.set[x]));
  };
  __m256i c0 = _mm256_setzero_si256(), c1 = c0;
  unsigned i = 0;
  for (; i + 2 <= count; i += 2) {
    c0 = _mm256_or_si256(c0, bit_set(v[i]));
    c1 = _mm256_or_si256(c1, bit_set(v[i + 1]));
  }
  if (i < count) c0 = _mm256_or_si256(c0, bit_set(v[i]));
  table = _mm512_andnot_si512(_mm512_broadcast_i64x4(_mm256_or_si256(c0, c1)), table);
}

inline void compress_into(std::uint8_t* out, std::uint64_t hits, __m512i x) noexcept {
  _mm512_storeu_si512(out, _mm512_maskz_compress_epi8(hits, x));
}
inline void compress_into(std::uint16_t* out, std::uint64_t hits, __m512i x) noexcept {
  _mm512_storeu_si512(out, _mm512_maskz_compress_epi16(__mmask32(hits), x));
}

// The steps from a in rounds of flush_pairs pairs while a whole round lies below `end` (where no hit
// goes back to the caller): step(a0, x) gives a step's hit lanes and its nim-sums x, clear(v,
// count) clears nim-sums from the table, emptied() says whether it is empty. Returns whether it
// emptied, with a past the last step taken.
template <class T, class Step, class Clear, class Emptied>
bool scan_in_rounds(std::uint64_t& a, std::uint64_t end, const heap_scan_filter& filter, const Step& step,
                    const Clear& clear, const Emptied& emptied) noexcept {
  constexpr unsigned w = heap_scan_step<T>, steps = flush_pairs / w;
  alignas(64) T found[2][flush_pairs + w];
  unsigned round = 0, pending = 0;  // the hits of the round before, in found[(round + 1) % 2]
  while (end >= flush_pairs && a <= end - flush_pairs) {
    T* const into = found[round % 2];
    unsigned count = 0;
    for (unsigned s = 0; s < steps; ++s, a += w) {
      __m512i x;
      const std::uint64_t hits = step(a, x) & ~skipped_lanes(filter.skip, a);
      compress_into(into + count, hits, x);
      count += unsigned(std::popcount(hits));
    }
    clear(found[(round + 1) % 2], pending);
    if (emptied()) return true;  // this round's hits are values already cleared
    pending = count;
    ++round;
  }
  clear(found[(round + 1) % 2], pending);
  return emptied();
}

// Then the steps one at a time, each going back to the caller where certain_hits says so.
// Returns where the scan ended, with the lanes handed back (0 when none).
template <class T, class Step, class Clear, class Emptied>
std::uint64_t scan_by_steps(std::uint64_t a, std::uint64_t last, const heap_scan_filter& filter, const Step& step,
                            const Clear& clear, const Emptied& emptied, std::uint64_t& lanes) noexcept {
  constexpr unsigned w = heap_scan_step<T>;
  for (; a + w <= last + 1; a += w) {
    __m512i x;
    std::uint64_t hits = step(a, x);
    if (hits == 0) [[likely]] continue;
    bool stop = false;
    hits = certain_hits(hits, a, w, filter, stop);
    if (stop) {
      lanes = hits;
      return a;
    }
    alignas(64) T found[w];
    compress_into(found, hits, x);
    clear(found, unsigned(std::popcount(hits)));
    if (emptied()) return a + w;
  }
  return a;
}

// One-byte values, sixty-four pairs a step: the nim-sums are bytes, so the table's first 256
// bits, as 32 bytes, serve a byte lookup (VPERMB on the nim-sum's top five bits, then a test
// against its bit in the byte) with no widening. VPERMB reads six bits of each index, so two
// copies of the 32 bytes make the sixth bit (a neighbouring byte's, after a 16-bit shift)
// harmless, and a register of 1 << (i % 8) in byte i turns the nim-sum itself into its bit:
// neither index needs a mask.
std::uint64_t heap_pair_scan_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                   std::uint32_t* bits, const heap_scan_filter& filter,
                                   std::uint64_t& lanes) noexcept {
  // Bytes 0 .. 31 are bits 0 .. 255, and so are bytes 32 .. 63.
  __m512i table = _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits)));
  const __m512i reverse = _mm512_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                          21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
                                          39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56,
                                          57, 58, 59, 60, 61, 62, 63);
  const __m512i bit_of = _mm512_set1_epi64(std::int64_t(0x8040201008040201));
  // The hit lanes of the step at a0, its nim-sums in x.
  const auto step = [&](std::uint64_t a0, __m512i& x) {
    const __m512i lo = _mm512_loadu_si512(g + a0);  // G(a0 + i) in byte i
    const __m512i hi = _mm512_permutexvar_epi8(reverse, _mm512_loadu_si512(g + (m - a0 - 63)));
    x = _mm512_xor_si512(lo, hi);  // byte i: G(a0 + i) ^ G(m - a0 - i)
    const __m512i byte = _mm512_permutexvar_epi8(_mm512_srli_epi16(x, 3), table);
    const __m512i bit = _mm512_permutexvar_epi8(x, bit_of);
    return std::uint64_t(_mm512_test_epi8_mask(byte, bit));
  };
  const auto emptied = [&] { return _mm512_mask_test_epi8_mask(0xffffffffu, table, table) == 0; };
  lanes = 0;
  const auto clear = [&](const std::uint8_t* v, unsigned count) { clear_byte_bits(v, count, table); };
  const bool done =
      scan_in_rounds<std::uint8_t>(a, std::min(last + 1, filter.certain_below), filter, step, clear, emptied);
  if (!done) a = scan_by_steps<std::uint8_t>(a, last, filter, step, clear, emptied, lanes);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits), _mm512_castsi512_si256(table));
  return a;
}

// Two-byte values, thirty-two pairs a step: the table's 1024 bits as 128 bytes in two
// registers, looked up by VPERMT2B on the low byte of each word (the nim-sum's top seven bits),
// then a word test against its bit (a shuffle of 1 << (x & 7) into the low byte, the high byte
// 0), so that no lane is widened.
std::uint64_t heap_pair_scan_words(const std::uint16_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                   std::uint32_t* bits, const heap_scan_filter& filter,
                                   std::uint64_t& lanes) noexcept {
  __m512i table_lo = _mm512_loadu_si512(bits), table_hi = _mm512_loadu_si512(bits + 16);
  // Word i of the reversed register is word 31 - i: bytes 62 - 2i and 63 - 2i.
  alignas(64) std::uint8_t reverse_words[64];
  for (unsigned i = 0; i < 32; ++i) {
    reverse_words[2 * i] = static_cast<std::uint8_t>(62 - 2 * i);
    reverse_words[2 * i + 1] = static_cast<std::uint8_t>(63 - 2 * i);
  }
  const __m512i reverse = _mm512_load_si512(reverse_words);
  const __m512i bit_of = _mm512_broadcast_i32x4(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128));
  // Index bytes with the top bit set give 0: the high byte of each word's bit.
  const __m512i low3 = _mm512_set1_epi16(0x7), high_zero = _mm512_set1_epi16(-0x8000);
  // The hit lanes of the step at a0, its nim-sums in x.
  const auto step = [&](std::uint64_t a0, __m512i& x) {
    const __m512i lo = _mm512_loadu_si512(g + a0);  // G(a0 + i) in word i
    const __m512i hi = _mm512_permutexvar_epi8(reverse, _mm512_loadu_si512(g + (m - a0 - 31)));
    x = _mm512_xor_si512(lo, hi);  // word i: G(a0 + i) ^ G(m - a0 - i), below 1024
    const __m512i byte = _mm512_permutex2var_epi8(table_lo, _mm512_srli_epi16(x, 3), table_hi);
    const __m512i bit =
        _mm512_shuffle_epi8(bit_of, _mm512_or_si512(_mm512_and_si512(x, low3), high_zero));  // high byte 0
    return std::uint64_t(_mm512_test_epi16_mask(byte, bit));
  };
  const auto emptied = [&] {
    const __m512i left = _mm512_or_si512(table_lo, table_hi);
    return _mm512_test_epi8_mask(left, left) == 0;
  };
  lanes = 0;
  const auto clear = [&](const std::uint16_t* v, unsigned count) { clear_table_bits(v, count, table_lo, table_hi); };
  const bool done =
      scan_in_rounds<std::uint16_t>(a, std::min(last + 1, filter.certain_below), filter, step, clear, emptied);
  if (!done) a = scan_by_steps<std::uint16_t>(a, last, filter, step, clear, emptied, lanes);
  _mm512_storeu_si512(bits, table_lo);
  _mm512_storeu_si512(bits + 16, table_hi);
  return a;
}

}  // namespace

extern const heap_scans avx512_heap_scans = {&heap_pair_scan_bytes, &heap_pair_scan_words,
                                             &heap_pair_scan_avx512<std::uint32_t>};

}  // namespace nimber::detail::kernels
