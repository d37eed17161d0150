// The chunk field (big/chunks.hpp): its constants and the conversions.
// Compiled for the baseline target; the products, squares and square roots are per ISA
// (src/kernels/generic/chunk_field.hpp).
#include "big/chunks.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace nimber::big::chunks {
namespace {

using u64 = std::uint64_t;
constexpr std::size_t W = kWords, kBits = 64 * W;
using chunk = std::array<u64, W>;

bool bit(const u64* x, std::size_t i) noexcept { return x[i / 64] >> (i % 64) & 1; }

// A GF(2)-linear map on chunks as 8-bit tables (kernel.hpp, chunk_tables_fn): rows[j][v] is
// the image of the value v in byte j, each an earlier row plus one bit's image.
class byte_tables {
 public:
  explicit byte_tables(const std::vector<chunk>& images) : rows_(new u64[kBytes * 256 * W]) {
    for (std::size_t j = 0; j < kBytes; ++j) {
      std::memset(row(j, 0), 0, W * sizeof(u64));
      for (unsigned v = 1; v < 256; ++v) {  // v = (v without its low bit) + low bit
        const u64* rest = row(j, v & (v - 1));
        const chunk& image = images[8 * j + std::size_t(std::countr_zero(v))];
        for (std::size_t w = 0; w < W; ++w) row(j, v)[w] = rest[w] ^ image[w];
      }
    }
  }

  const u64* rows() const noexcept { return rows_.get(); }

  // For building the constants, before any kernel is involved.
  void apply(const u64* x, u64* out) const noexcept {
    u64 acc[W] = {};
    for (std::size_t j = 0; j < kBytes; ++j) {
      const u64* r = row(j, unsigned(x[j / 8] >> (8 * (j % 8)) & 0xFF));
      for (std::size_t w = 0; w < W; ++w) acc[w] ^= r[w];
    }
    std::memcpy(out, acc, sizeof acc);
  }

 private:
  static constexpr std::size_t kBytes = kBits / 8;
  u64* row(std::size_t j, unsigned v) const noexcept { return rows_.get() + (j * 256 + v) * W; }
  std::unique_ptr<u64[]> rows_;
};

// ---- Polynomials over GF(2), only for building the constants -----------------------------

// z x mod mu for x of degree < 512, mu = z^512 + mu_lo: a shift, and mu_lo for the bit that
// leaves the top.
chunk times_z(const chunk& x, const u64* mu_lo) noexcept {
  const u64 carry = u64(0) - (x[W - 1] >> 63);
  chunk r;
  for (std::size_t w = 0; w < W; ++w) r[w] = (x[w] << 1 | (w ? x[w - 1] >> 63 : 0)) ^ (mu_lo[w] & carry);
  return r;
}

// A conversion: tables for a few chunks and for kernels without GFNI, the kernel's byte-plane
// form for many chunks.
struct conversion {
  explicit conversion(const std::vector<chunk>& images) : tables(images) {
    detail::kernels::build_chunk_map(gfni, reinterpret_cast<const u64(*)[W]>(images.data()));
  }
  byte_tables tables;
  detail::kernels::chunk_map gfni{};
};

struct field {
  detail::kernels::chunk_constants k;
  conversion to_poly, from_poly, to_poly_squared, from_poly_rooted;
};

[[noreturn]] void broken(const char*) noexcept { std::abort(); }  // internal invariant, not input

// Everything follows from the powers of h = 2^511 in the nimber field GF(2^512):
//   from_poly has columns h^0 .. h^511 (a polynomial c(z) is the nimber c(h));
//   to_poly is its inverse, by Gauss-Jordan elimination on the rows (h^k | z^k): when row i
//   holds the nimber 2^i alone, its polynomial half is to_poly(2^i);
//   mu_lo = to_poly(h^512), so that z^512 + mu_lo is the minimal polynomial of h.
field build() {
  std::vector<chunk> power(kBits + 1);
  power[0] = chunk{1};
  for (std::size_t k = 1; k <= kBits; ++k) limb_mul_half(power[k - 1].data(), power[k].data(), W);

  std::vector<std::array<u64, 2 * W>> rows(kBits);
  for (std::size_t k = 0; k < kBits; ++k) {
    rows[k].fill(0);
    std::copy(power[k].begin(), power[k].end(), rows[k].begin());
    rows[k][W + k / 64] = u64(1) << (k % 64);
  }
  for (std::size_t m = 0; m < kBits; ++m) {
    std::size_t r = m;
    while (r < kBits && !bit(rows[r].data(), m)) ++r;
    if (r == kBits) broken("the powers of 2^511 are not a basis");
    std::swap(rows[r], rows[m]);
    for (std::size_t i = 0; i < kBits; ++i)
      if (i != m && bit(rows[i].data(), m))
        for (std::size_t w = 0; w < 2 * W; ++w) rows[i][w] ^= rows[m][w];
  }
  std::vector<chunk> to_images(kBits), from_images(power.begin(), power.begin() + kBits);
  for (std::size_t i = 0; i < kBits; ++i) std::copy_n(rows[i].begin() + W, W, to_images[i].begin());
  conversion to(to_images), from(from_images);
  detail::kernels::chunk_constants k{};
  to.tables.apply(power[kBits].data(), k.mu);

  // Barrett's constant: floor(z^1024 / mu) = z^512 + barrett, by long division.
  std::array<u64, 2 * W + 1> rem{};
  rem[2 * W] = 1;
  chunk quotient{};
  for (std::size_t d = 2 * kBits; d >= kBits; --d) {
    if (!bit(rem.data(), d)) continue;
    const std::size_t s = d - kBits;
    if (s < kBits) quotient[s / 64] |= u64(1) << (s % 64);
    rem[d / 64] ^= u64(1) << (d % 64);
    for (std::size_t w = 0; w < W; ++w) {
      rem[w + s / 64] ^= k.mu[w] << (s % 64);
      if (s % 64 != 0) rem[w + s / 64 + 1] ^= k.mu[w] >> (64 - s % 64);
    }
  }
  std::copy(quotient.begin(), quotient.end(), k.barrett);

  // z mu_lo, reduced: the image of the bit shifted out of the top by a product by z^2.
  const chunk mu_z = times_z(std::to_array(k.mu), k.mu);
  std::copy(mu_z.begin(), mu_z.end(), k.mu_z);

  // The Frobenius (squaring) mod mu, a linear map with columns z^(2i) mod mu, as tables.
  std::vector<chunk> frobenius(kBits);
  chunk z_power{1};  // z^j mod mu
  for (std::size_t j = 0; j < 2 * kBits; ++j, z_power = times_z(z_power, k.mu))
    if (j % 2 == 0) frobenius[j / 2] = z_power;
  const byte_tables square(frobenius);

  // sqrt(z) = z^(2^511): squaring 511 times is the Frobenius to the power 511.
  chunk root{u64(2)};
  for (std::size_t i = 1; i < kBits; ++i) square.apply(root.data(), root.data());

  // The folded maps: to_poly(2^i) squared, and sqrt(z^i) back in nimber coordinates, where
  // sqrt(z^2j) = z^j and sqrt(z^(2j+1)) = sqrt(z) z^j.
  std::vector<chunk> squared_images(kBits), rooted_images(kBits);
  for (std::size_t i = 0; i < kBits; ++i) square.apply(to_images[i].data(), squared_images[i].data());
  chunk odd = root;  // sqrt(z) z^j mod mu
  for (std::size_t j = 0; j < kBits / 2; ++j, odd = times_z(odd, k.mu)) {
    rooted_images[2 * j] = from_images[j];
    from.tables.apply(odd.data(), rooted_images[2 * j + 1].data());
  }
  return {k, std::move(to), std::move(from), conversion(squared_images), conversion(rooted_images)};
}

const field& the_field() {
  static const field f = build();
  return f;
}

}  // namespace

const detail::kernels::chunk_constants& constants() noexcept { return the_field().k; }

namespace {

// From this many chunks on, a kernel with byte planes converts faster than the tables (one
// block of 32 or 64 chunks costs about as much as 20 to 30 table conversions here).
constexpr std::size_t kPlanesFrom = 32;

// The chunk route runs only on kernels with chunk arithmetic, so `ops` is there.
void convert(const conversion& c, const u64* x, u64* out, std::size_t count) noexcept {
  const auto& ops = detail::kernels::active_chunks();
  if (count >= kPlanesFrom && ops.apply != nullptr) return ops.apply(c.gfni, x, out, count);
  ops.tables(c.tables.rows(), x, out, count);
}

}  // namespace

void to_poly(const u64* x, u64* out, std::size_t count) noexcept { convert(the_field().to_poly, x, out, count); }
void from_poly(const u64* x, u64* out, std::size_t count) noexcept { convert(the_field().from_poly, x, out, count); }
void to_poly_squared(const u64* x, u64* out, std::size_t count) noexcept {
  convert(the_field().to_poly_squared, x, out, count);
}
void from_poly_rooted(const u64* x, u64* out, std::size_t count) noexcept {
  convert(the_field().from_poly_rooted, x, out, count);
}

}  // namespace nimber::big::chunks
