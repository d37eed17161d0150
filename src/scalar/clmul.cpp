// The hardware scalar product: change of basis to GF(2)[x]/(x^64 + x^4 + x^3 + x + 1), one
// PCLMULQDQ, reduction by two more, change of basis back (scalar_clmul.hpp explains why this
// is the nim product). Compiled with -mpclmul; called only when CPUID reports PCLMULQDQ
// (src/kernels/registry.cpp). Measured against the table towers in docs/benchmarks.md.
//
// Only intrinsics and functions with internal linkage run here, so no inline function of a
// shared header is ever emitted with this file's target flags.
#include <immintrin.h>

#include "scalar/clmul.hpp"
#include "scalar/clmul_path.hpp"

namespace nimber::detail {
namespace clmul {

constexpr basis_tables kBasisTables = make_basis_tables();  // external: declared extern first
constexpr frobenius_tables kFrobeniusTables = make_frobenius_tables(kBasisTables);
constexpr subfield_key kSubfieldKey = make_subfield_key(kBasisTables);  // this file only

}  // namespace clmul
namespace {

constexpr const clmul::basis_tables& kBasis = clmul::kBasisTables;

// phi(x) in the low half of an XMM register: the eight byte-table rows are loaded straight
// into vector registers (no general-to-vector move on the critical path).
[[gnu::always_inline]] inline __m128i to_poly(std::uint64_t x) noexcept {
  auto row = [](unsigned i, std::uint64_t v) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&kBasis.to_poly.table[i][v & 0xFF]));
  };
  return _mm_xor_si128(
      _mm_xor_si128(_mm_xor_si128(row(0, x), row(1, x >> 8)), _mm_xor_si128(row(2, x >> 16), row(3, x >> 24))),
      _mm_xor_si128(_mm_xor_si128(row(4, x >> 32), row(5, x >> 40)), _mm_xor_si128(row(6, x >> 48), row(7, x >> 56))));
}

[[gnu::always_inline]] inline std::uint64_t from_poly(std::uint64_t v) noexcept {
  const auto& t = kBasis.from_poly.table;
  return ((t[0][v & 0xFF] ^ t[1][v >> 8 & 0xFF]) ^ (t[2][v >> 16 & 0xFF] ^ t[3][v >> 24 & 0xFF])) ^
         ((t[4][v >> 32 & 0xFF] ^ t[5][v >> 40 & 0xFF]) ^ (t[6][v >> 48 & 0xFF] ^ t[7][v >> 56]));
}

// A 127-bit product lo + hi x^64 reduced mod p: hi x^64 = hi (x^4 + x^3 + x + 1) has at most
// 67 bits; its 3 bits above x^63 fold once more (7 bits, no further overflow). Low half out.
[[gnu::always_inline]] inline __m128i reduce(__m128i product) noexcept {
  const __m128i poly = _mm_cvtsi64_si128(std::int64_t(clmul::kPolyLow));
  const __m128i once = _mm_clmulepi64_si128(product, poly, 0x01);
  const __m128i twice = _mm_clmulepi64_si128(once, poly, 0x01);
  return _mm_xor_si128(_mm_xor_si128(product, once), twice);
}

[[gnu::always_inline]] inline std::uint64_t low(__m128i v) noexcept { return std::uint64_t(_mm_cvtsi128_si64(v)); }

[[gnu::always_inline]] inline __m128i mulmod(__m128i a, __m128i b) noexcept { return reduce(_mm_clmulepi64_si128(a, b, 0x00)); }

// The nim product a * b: phi^-1(phi(a) phi(b) mod p).
[[gnu::always_inline]] inline std::uint64_t product(std::uint64_t a, std::uint64_t b) noexcept {
  return from_poly(low(reduce(_mm_clmulepi64_si128(to_poly(a), to_poly(b), 0x00))));
}

// A byte-table linear map from the polynomial basis to itself, result in a vector register.
[[gnu::always_inline]] inline __m128i apply(const byte_linear_map<std::uint64_t>& map, std::uint64_t x) noexcept {
  const auto& t = map.table;
  auto row = [&t](unsigned i, std::uint64_t v) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&t[i][v & 0xFF]));
  };
  return _mm_xor_si128(
      _mm_xor_si128(_mm_xor_si128(row(0, x), row(1, x >> 8)), _mm_xor_si128(row(2, x >> 16), row(3, x >> 24))),
      _mm_xor_si128(_mm_xor_si128(row(4, x >> 32), row(5, x >> 40)), _mm_xor_si128(row(6, x >> 48), row(7, x >> 56))));
}

}  // namespace

std::uint64_t clmul_mul64(std::uint64_t a, std::uint64_t b) noexcept { return product(a, b); }

// The loop is here, not in the caller, so that product() inlines (clmul_mul64 is exported
// from position-independent code, so calls to it are not inlined).
void clmul_mul64_n(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = product(a[i], b[i]);
}

namespace {

// The key of M (in GF(2^16)) from the register holding it.
[[gnu::always_inline]] inline unsigned key_of(__m128i m) noexcept {
  const __m128i k = _mm_cvtsi64_si128(std::int64_t(clmul::kSubfieldKey.k));
  return unsigned(low(_mm_clmulepi64_si128(m, k, 0x00)) >> clmul::kSubfieldKey.shift) & 0xFFFF;
}

// The inverses in GF(2^16) by subfield key (scalar_clmul.hpp): table[key(phi(m))] = m^-1, m < 2^16
// (0 -> 0). Built at run time on first use (a compile-time table of 2^16 entries is past clang's
// default constexpr budget): the norm step over GF(2^8), x = x1 F + x0,
// x^-1 = (x1 F + (x0 + x1)) / norm(x), on the 8-bit tables of src/scalar/tables.cpp (plain arrays).
struct inverse_by_key {
  std::uint16_t inv[65536];
  inverse_by_key() noexcept {
    const auto& t = kTables;
    for (unsigned x = 0; x < 65536; ++x) {
      const unsigned x0 = x & 0xFF, x1 = x >> 8;
      const unsigned norm = t.mul8[x0][x0 ^ x1] ^ t.mul_half8[t.mul8[x1][x1]];
      const unsigned n = t.inv8[norm];
      const std::uint64_t v = kBasis.to_poly.table[0][x0] ^ kBasis.to_poly.table[1][x1];
      inv[key_of(_mm_cvtsi64_si128(std::int64_t(v)))] = std::uint16_t(t.mul8[x1][n] << 8 | t.mul8[x0 ^ x1][n]);
    }
  }
};
[[gnu::always_inline]] inline const std::uint16_t* inverse16() noexcept {
  static const inverse_by_key table;
  return table.inv;
}

// The same table holding phi(M^-2) (512 KiB, L2-resident): the quadratic needs M^-2 in the
// polynomial basis, and this takes two lookups and a register move off its critical path.
[[gnu::always_inline]] inline const std::uint64_t* inverse_squared16() noexcept {
  static const struct table {
    std::uint64_t v[65536];
    table() noexcept {
      const auto& f = clmul::kFrobeniusTables;
      const std::uint16_t* inv = inverse16();
      for (unsigned key = 0; key < 65536; ++key)
        v[key] = f.square16[0][inv[key] & 0xFF] ^ f.square16[1][inv[key] >> 8];
    }
  } t;
  return t.v;
}

// b^-1 = s t M^-1 (scalar_clmul.hpp): the four conjugate tables side by side, then N = b s and
// t = b^(2^16) b^(2^48) side by side, M = N t beside s t; the 16-bit inverse follows. 0 maps
// to 0 (M = 0, whose inverse entry is 0).
struct norm_chain {
  __m128i b, st, m;
};
[[gnu::always_inline]] inline norm_chain norms(std::uint64_t a) noexcept {
  const auto& f = clmul::kFrobeniusTables;
  const __m128i b = to_poly(a), s = to_poly(a ^ (a >> 32));
  const __m128i n = mulmod(b, s), t = mulmod(apply(f.pow16, a), apply(f.pow48, a));
  return {b, mulmod(s, t), mulmod(n, t)};
}

}  // namespace

std::uint64_t clmul_inverse64(std::uint64_t a) noexcept {
  const std::uint16_t* inv16 = inverse16();
  const norm_chain c = norms(a);
  const unsigned r = inv16[key_of(c.m)];  // M lies in GF(2^16)
  const auto& tp = kBasis.to_poly.table;
  const __m128i r_poly = _mm_cvtsi64_si128(std::int64_t(tp[0][r & 0xFF] ^ tp[1][r >> 8]));
  return from_poly(low(mulmod(c.st, r_poly)));
}

// x^2 + b x + c = 0 with x = b y, y^2 + y = c / b^2 = c (s t)^2 M^-2 (b != 0): the same chain,
// then the trace test and y from a byte-table linear map, all in the polynomial basis; one
// conversion back at the end.
bool clmul_quadratic64(std::uint64_t b, std::uint64_t c, const byte_linear_map<std::uint64_t>& solve_poly,
                       std::uint64_t& x) noexcept {
  const auto& f = clmul::kFrobeniusTables;
  const std::uint64_t* inv2 = inverse_squared16();
  const norm_chain n = norms(b);
  const __m128i r2 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&inv2[key_of(n.m)]));
  const __m128i c_st2 = mulmod(to_poly(c), reduce(_mm_clmulepi64_si128(n.st, n.st, 0x00)));
  const std::uint64_t a = low(mulmod(c_st2, r2));
  // No branch on the trace: it is a coin toss on random input, and a mispredicted branch costs
  // more than finishing the (then unused) root.
  x = from_poly(low(mulmod(n.b, apply(solve_poly, a))));
  return !__builtin_parityll(a & f.trace_mask);
}

// The tower step over F = 2^64 (arith.hpp) done in the polynomial basis: phi is linear, so the
// Karatsuba sums convert for free, and the product by F/2 = 2^63 is a clmul by the constant
// phi(2^63), applied to the unreduced 127-bit a1 b1 = l + h x^64 as l phi(2^63) + h phi(2^63 x^64)
// so that one reduction serves the whole low half. Four conversions in, two out.
u128 clmul_mul128(u128 a, u128 b) noexcept {
  const __m128i a0 = to_poly(std::uint64_t(a)), a1 = to_poly(std::uint64_t(a >> 64));
  const __m128i b0 = to_poly(std::uint64_t(b)), b1 = to_poly(std::uint64_t(b >> 64));
  const __m128i half = _mm_set_epi64x(std::int64_t(kBasis.half_times_x64), std::int64_t(kBasis.half));
  const __m128i p00 = _mm_clmulepi64_si128(a0, b0, 0x00);
  const __m128i p11 = _mm_clmulepi64_si128(a1, b1, 0x00);
  const __m128i pss = _mm_clmulepi64_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(b0, b1), 0x00);
  const __m128i p11_half =
      _mm_xor_si128(_mm_clmulepi64_si128(p11, half, 0x00), _mm_clmulepi64_si128(p11, half, 0x11));
  const std::uint64_t hi = from_poly(low(reduce(_mm_xor_si128(pss, p00))));
  const std::uint64_t lo = from_poly(low(reduce(_mm_xor_si128(p00, p11_half))));
  return (u128(hi) << 64) | lo;
}

void clmul_basis_map(const byte_linear_map<std::uint64_t>& map, byte_linear_map<std::uint64_t>& poly_map) noexcept {
  const auto& basis = clmul::kBasisTables;
  fill_linear(poly_map, [&](std::uint64_t bit) { return basis.to_poly(map(basis.from_poly(bit))); });
}

}  // namespace nimber::detail
