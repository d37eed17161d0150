// Internal interface between the batch front end (src/batch/batch.cpp), the kernel registry
// (src/kernels/registry.cpp), the big-nimber tower and GF(2)[x] products (src/big/) and the kernels
// (src/kernels/portable.cpp, src/kernels/x86/<isa>.cpp). Not installed.
//
// The registry holds one table of slots per kernel (`slots` below): every ISA-specific choice
// of the library, made together from one CPUID read and moved together by kernel::force and
// NIMBER_KERNEL.
//
// A kernel provides only two primitives; everything in nimber::batch is built on them:
//   mul   - the pairwise product out[i] = a[i] * b[i] on 64-bit nimbers;
//   apply - a GF(2)-linear map on 64-bit words, out[i] = M x[i] (or out[i] ^= M x[i]).
// It also carries the XOR row passes of the big-nimber trees (rows.hpp), so that they are built
// for the same instruction set and chosen and forced with it.
// Multiplication by a constant, squaring and square roots are all GF(2)-linear, so one
// matrix routine serves them all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "kernels/gf2x_leaf.hpp"
#include "nimber/arith.hpp"
#include "nimber/kernel.hpp"

namespace nimber::detail::kernels {

// A GF(2)-linear map on 64-bit words in the forms the kernels consume. `cols[j]` is the
// image of bit j. `gfni[r][s]` is the 8x8 block taking input byte s to output byte r, in the
// operand layout of gf2p8affineqb (Intel SDM, GF2P8AFFINEQB: result bit i of a byte is the
// parity of (matrix byte 7-i) AND (source byte)). `bytes` is the portable form: the XOR of
// one 256-entry table per input byte, filled only when the active kernel asks for it.
struct linear_map {
  std::uint64_t cols[64];
  std::uint64_t gfni[8][8];
  byte_linear_map<std::uint64_t> bytes;
  bool has_bytes;
};

// Fills every form from the column images (the byte tables only if `with_bytes`).
void build_linear_map(linear_map& m, const std::uint64_t (&cols)[64], bool with_bytes) noexcept;

// A GF(2)-linear map on 512-bit chunks (the conversions of the chunk field) in the gfni form
// only: gfni[r][s] takes input byte s to output byte r, laid out as in linear_map.
struct chunk_map {
  std::uint64_t gfni[64][64];
};

// Fills m from images[i], the image of input bit i (8 words each).
void build_chunk_map(chunk_map& m, const std::uint64_t (*images)[8]) noexcept;

using mul_fn = void (*)(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                        std::size_t n) noexcept;
using apply_fn = void (*)(const linear_map& m, const std::uint64_t* x, std::uint64_t* out,
                          std::size_t n, bool accumulate) noexcept;

// The row passes of the big-nimber trees (src/kernels/generic/rows.hpp), compiled with each kernel.
using split_fn = void (*)(const std::uint64_t* x0, const std::uint64_t* x1, std::size_t in_stride,
                          std::uint64_t* lo, std::uint64_t* mid, std::uint64_t* hi, std::size_t out_stride,
                          std::size_t rows, std::size_t n) noexcept;
using join_fn = void (*)(const std::uint64_t* ll, const std::uint64_t* mm, const std::uint64_t* hh,
                         std::size_t in_stride, std::uint64_t* lo, std::uint64_t* hi, std::size_t out_stride,
                         std::size_t rows, std::size_t n) noexcept;
using add_fn = void (*)(const std::uint64_t* a, const std::uint64_t* b, std::size_t in_stride, std::uint64_t* out,
                        std::size_t out_stride, std::size_t rows, std::size_t n) noexcept;

// The chunk field of the big product (src/big/chunks.cpp): 512-bit chunks as polynomials
// modulo mu(z) = z^512 + mu_lo(z), the minimal polynomial of h = 2^511. Built once at run
// time from nimber arithmetic; the kernels only read it.
struct chunk_constants {
  static constexpr std::size_t words = 8;
  std::uint64_t mu[words];       // mu_lo
  std::uint64_t barrett[words];  // floor(z^1024 / mu) - z^512
  std::uint64_t mu_z[words];     // z mu_lo mod mu = z^513 mod mu
};

// Products and squares of `count` chunks, and products by h = z (the twist of
// the tower above the chunks) or by h^2 when `squared`. out may alias an input.
using chunk_mul_fn = void (*)(const chunk_constants& k, const std::uint64_t* a, const std::uint64_t* b,
                              std::uint64_t* out, std::size_t count) noexcept;
using chunk_map_fn = void (*)(const chunk_constants& k, const std::uint64_t* x, std::uint64_t* out,
                              std::size_t count) noexcept;
using chunk_twist_fn = void (*)(const chunk_constants& k, const std::uint64_t* x, std::uint64_t* out,
                                std::size_t count, bool squared) noexcept;
// out[i] = M x[i] for `count` chunks, a block of `lanes` chunks at a time (out may alias x).
using chunk_apply_fn = void (*)(const chunk_map& m, const std::uint64_t* x, std::uint64_t* out,
                                std::size_t count) noexcept;
// The product by the half Fermat power of the field of m <= kHalfChunks chunks (m a power of
// two) on V vectors: chunk j of vector v at x + 8 (j es + v vs), each of x and out with its own
// layout; out = x F/2, or out += x F/2 with `accumulate`. out may be x when not accumulating
// (with the same layout).
struct chunk_layout {
  std::size_t es, vs;  // chunk and vector strides, in chunks
};
using chunk_half_fn = void (*)(const chunk_constants& k, const std::uint64_t* x, chunk_layout in, std::uint64_t* out,
                               chunk_layout to, std::size_t V, std::size_t m, bool accumulate) noexcept;
inline constexpr std::size_t kHalfChunks = 16;

// The last level of a product tree on `count` two-chunk nodes: out0 = a0 b0 + a1 b1 h,
// out1 = (a0 + a1)(b0 + b1) + a0 b0 (one Karatsuba step). out0 may alias a0, out1 a1.
using chunk_pairs_fn = void (*)(const chunk_constants& k, const std::uint64_t* a0, const std::uint64_t* a1,
                                const std::uint64_t* b0, const std::uint64_t* b1, std::uint64_t* out0,
                                std::uint64_t* out1, std::size_t count) noexcept;
// out[i] = M x[i] by 8-bit tables: rows[j][v] is the image of the value v in byte j (64 x 256
// rows of 8 words), so a map is 64 rows XORed together.
using chunk_tables_fn = void (*)(const std::uint64_t* rows, const std::uint64_t* x, std::uint64_t* out,
                                 std::size_t count) noexcept;

struct chunk_ops {
  chunk_mul_fn mul;
  chunk_pairs_fn pairs;
  chunk_map_fn square;  // for the inverse's norm (big squares fold theirs into conversions)
  chunk_twist_fn twist;
  chunk_half_fn half;
  chunk_tables_fn tables;  // conversions of a few chunks
  chunk_apply_fn apply;    // of many; nullptr without GFNI (then tables again)
};

struct ops {
  const char* name;
  bool wants_byte_tables;   // apply() reads linear_map::bytes rather than gfni
  mul_fn mul;
  apply_fn apply;
  split_fn split;
  join_fn join;
  add_fn add;
};

// One per translation unit; each is compiled with its own target flags (src/CMakeLists.txt).
// They are constant data: nothing in an ISA translation unit runs before kernels/registry.cpp
// (compiled for the baseline) has checked CPUID, so a CPU without the ISA never executes it.
extern const ops portable_ops;  // portable.cpp
#if NIMBER_DETAIL_X86_KERNELS
extern const ops pclmul_ops;  // x86/pclmul.cpp
extern const ops avx2_ops;    // x86/avx2.cpp
extern const ops avx512_ops;  // x86/avx512.cpp
// The chunk field of big products (generic/chunk_field.hpp), on carry-less multiplies only.
extern const chunk_ops pclmul_chunks;  // x86/pclmul.cpp
extern const chunk_ops avx2_chunks;    // x86/avx2.cpp
extern const chunk_ops avx512_chunks;  // x86/avx512.cpp
#endif

// Every ISA-specific choice that goes with one kernel. The batch kernel and the scalar path
// every kernel has. The others a kernel may lack: the slot is null, `lacks` names it, and
// what stands in is the one written next to the slot, chosen here and nowhere else
// (tests/unit/kernels.cpp checks that every null slot is named and no other).
// The verification scan of the sparse-space heap engine (src/games/grundy_terms.cpp), over
// the pairs (a0 + i, m - a0 - i), i < w, for a0 = a, a + w, ... while a0 + w <= last + 1: w,
// the step, is 64 pairs for one-byte values, 32 for two-byte and 16 for four-byte ones.
// `bits` (32 words: every nim-sum below 1024) holds the nim-sums still wanted. A lane whose nim-sum
// g[a0 + i] ^ g[m - a0 - i] has its bit set is a hit: ignored when its lower heap a0 + i is
// set in filter.skip, cleared from `bits` when a0 + i < filter.certain_below, and otherwise the
// scan stops there, returning a0 with the hit lanes as the bits of `lanes` (none of that
// step's bits cleared). Otherwise it returns the first a0 not scanned, with lanes 0: once
// every nim-sum the values can form (below 256 for bytes) is cleared, or a0 + w > last + 1.
// One function per width of the values (games/packed_values.hpp: 1, 2 or 4 bytes each).
struct heap_scan_filter {
  // Bits by position, read for positions below certain_below + 64 (null: no lane skipped).
  const std::uint64_t* skip = nullptr;
  std::uint64_t certain_below = ~std::uint64_t(0);
};
template <class T>
inline constexpr unsigned heap_scan_step = sizeof(T) == 1 ? 64 : sizeof(T) == 2 ? 32 : 16;
template <class T>
using heap_scan_of = std::uint64_t (*)(const T* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                       std::uint32_t* bits, const heap_scan_filter& filter,
                                       std::uint64_t& lanes) noexcept;
struct heap_scans {
  heap_scan_of<std::uint8_t> u8;
  heap_scan_of<std::uint16_t> u16;
  heap_scan_of<std::uint32_t> u32;
  heap_scan_of<std::uint8_t> of(const std::uint8_t*) const noexcept { return u8; }
  heap_scan_of<std::uint16_t> of(const std::uint16_t*) const noexcept { return u16; }
  heap_scan_of<std::uint32_t> of(const std::uint32_t*) const noexcept { return u32; }
};
using heap_scan_fn = const heap_scans*;
// The pair scan of the dense heap engine (src/games/grundy_dense.cpp), for `terms` <= 8 terms
// at once on a byte copy of the values: term t's pairs at offset j are lo[j] ^ hi[j - t] (hi is
// a reversed copy, so the partners ascend with j). Steps j from i by 64 while j + 64 <= end and
// returns the first j where some term's nim-sum among its 64 has its bit set in that term's
// table (tables + 32 t: 256 bits, the values the term has not reached), with those lanes in
// lanes[t] (0 for the terms with none); or the first j with j + 64 > end, every lanes[t] 0.
// Every value is below `below` (a power of two up to 256), so every nim-sum is.
using dense_scan_fn = std::uint64_t (*)(const std::uint8_t* lo, const std::uint8_t* hi, std::uint64_t i,
                                        std::uint64_t end, unsigned terms, const std::uint8_t* tables,
                                        std::uint32_t below, std::uint64_t* lanes) noexcept;
// The bit gather of the misère quotient check (src/games/misere_quotient_search.cpp): bit y of
// out (y < 64 words) is whether table[index[y]] & mask[y] is nonzero; table is 256 bytes, each
// mask[y] one bit or 0.
using bit_gather_fn = void (*)(const std::uint8_t* table, const std::uint8_t* index, const std::uint8_t* mask,
                               std::size_t words, std::uint64_t* out) noexcept;
// The rare pairs' marks of the sparse-space heap engine (src/games/grundy_terms_marks.cpp):
// slot g[bases[s] + t] ^ values[s] of row t (at rows + t * stride) marked for every source
// s < sources and term t < terms, the bytes of g read being g[bases[s] .. bases[s] + terms).
// A row keeps a slot x as byte x set to 1, or with `bits` as bit x % 8 of byte x / 8. Marks
// are only set; everything else in the rows stays as it was.
using heap_marks_fn = void (*)(const std::uint8_t* g, const std::uint64_t* bases, const std::uint8_t* values,
                               std::size_t sources, std::uint64_t terms, std::uint8_t* rows,
                               std::size_t stride, bool bits) noexcept;
#if NIMBER_DETAIL_X86_KERNELS
extern const heap_scans avx512_heap_scans;     // x86/heap_scan_avx512.cpp
extern const heap_marks_fn avx512_heap_marks;  // x86/heap_marks_avx512.cpp
extern const dense_scan_fn avx512_dense_scan;  // x86/dense_scan_avx512.cpp
extern const bit_gather_fn avx512_bit_gather;  // x86/bit_gather_avx512.cpp
#endif

struct slots {
  const ops* batch;    // nimber::batch, the big trees' row passes; never null
  // The big product's chunk field. Lacking it (no carry-less multiply), big products stay on
  // the limb tower (src/big/bases.hpp).
  const chunk_ops* chunks;
  scalar_path scalar;  // the scalar 64/128-bit product of arith.hpp (portable or clmul)
  // The GF(2)[x] leaf (include/nimber/gf2x.hpp). Lacking it: gf2x::detail::portable_leaf.
  const gf2x::detail::leaf* gf2x;
  // The heap engine's vector scan. Lacking it: the engine's scalar scan, pair by pair.
  heap_scan_fn heap_scan;
  // The dense heap engine's vector scan. Lacking it: the engine's scalar loop, pair by pair.
  dense_scan_fn dense_scan;
  // The misère quotient check's bit gather. Lacking it: the check's scalar loop, bit by bit.
  bit_gather_fn bit_gather;
  // The heap engine's rare-pair marks. Lacking it: the engine's byte stores, one a mark.
  heap_marks_fn heap_marks;
  std::string_view lacks;  // the names (kOptionalSlots) of the null slots, separated by spaces
};
// The slots a kernel may lack, by name.
inline constexpr std::string_view kOptionalSlots[] = {"chunks",     "gf2x",       "heap_scan",
                                                       "dense_scan", "bit_gather", "heap_marks"};

struct registered_kernel {
  kernel::info info;
  slots slot;
};

// Every kernel built into the library, in the order of kernel::list().
std::span<const registered_kernel> registered() noexcept;

// The slots of the kernel chosen by kernels/registry.cpp (CPUID, NIMBER_KERNEL, or kernel::force).
const slots& active_slots() noexcept;
// Its batch kernel.
const ops& active() noexcept;
// The chunk arithmetic for a big product on the chunk route (chosen while active_slots().chunks
// was set): the active kernel's, or the last chunk kernel's when one without has been forced since.
const chunk_ops& active_chunks() noexcept;
// Its GF(2)[x] leaf, or the portable one where it lacks that slot.
const gf2x::detail::leaf& active_gf2x() noexcept;

}  // namespace nimber::detail::kernels
