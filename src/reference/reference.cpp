#include "nimber/reference.hpp"

#include <array>
#include <stdexcept>

namespace nimber::ref {

std::vector<std::uint32_t> mex_product_table(std::size_t n) {
  std::vector<std::uint32_t> t(n * n, 0);
  std::vector<std::uint8_t> seen;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      // The excluded values number at most a*b, so the mex is at most a*b.
      seen.assign(a * b + 1, 0);
      for (std::size_t a2 = 0; a2 < a; ++a2)
        for (std::size_t b2 = 0; b2 < b; ++b2) {
          const std::uint32_t v = t[a2 * n + b] ^ t[a * n + b2] ^ t[a2 * n + b2];
          if (v < seen.size()) seen[v] = 1;
        }
      std::uint32_t m = 0;
      while (m < seen.size() && seen[m]) ++m;
      t[a * n + b] = m;
    }
  }
  return t;
}

std::vector<std::uint32_t> mex_sum_table(std::size_t n) {
  std::vector<std::uint32_t> t(n * n, 0);
  std::vector<std::uint8_t> seen;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      seen.assign(a + b + 1, 0);
      for (std::size_t a2 = 0; a2 < a; ++a2)
        if (t[a2 * n + b] < seen.size()) seen[t[a2 * n + b]] = 1;
      for (std::size_t b2 = 0; b2 < b; ++b2)
        if (t[a * n + b2] < seen.size()) seen[t[a * n + b2]] = 1;
      std::uint32_t m = 0;
      while (m < seen.size() && seen[m]) ++m;
      t[a * n + b] = m;
    }
  }
  return t;
}

namespace {

struct pow2_memo {
  std::array<std::array<u128, 128>, 128> value{};
  std::array<std::array<std::uint8_t, 128>, 128> state{};  // 0 new, 1 computing, 2 done
};

pow2_memo& memo() {
  static pow2_memo m;
  return m;
}

int top_bit(unsigned x) { return 31 - __builtin_clz(x); }

}  // namespace

u128 fermat_mul_pow2(unsigned x, unsigned y) {
  if (x >= 128 || y >= 128) throw std::out_of_range("fermat_mul_pow2: exponent >= 128");
  const unsigned common = x & y;
  // Distinct Fermat factors: the nim product is the ordinary product.
  if (common == 0) return u128(1) << (x | y);
  auto& m = memo();
  if (m.state[x][y] == 2) return m.value[x][y];
  if (m.state[x][y] == 1) throw std::logic_error("fermat_mul_pow2: cyclic recursion");
  m.state[x][y] = 1;
  // 2^x = F * 2^(x - f) with F = 2^f, f = 2^t the highest shared Fermat exponent; so the
  // product is F * F * (2^(x-f) * 2^(y-f)) = (F + F/2) * Q.
  const unsigned f = 1u << top_bit(common);
  const u128 q = fermat_mul_pow2(x ^ f, y ^ f);
  u128 r = 0;
  for (unsigned k = 0; k < 128; ++k) {
    if (!((q >> k) & 1)) continue;
    r ^= fermat_mul_pow2(f, k) ^ fermat_mul_pow2(f - 1, k);
  }
  m.value[x][y] = r;
  m.state[x][y] = 2;
  return r;
}

u128 fermat_mul(u128 a, u128 b) {
  u128 r = 0;
  for (unsigned i = 0; i < 128; ++i) {
    if (!((a >> i) & 1)) continue;
    for (unsigned j = 0; j < 128; ++j)
      if ((b >> j) & 1) r ^= fermat_mul_pow2(i, j);
  }
  return r;
}

namespace {

struct bit_table {
  std::uint64_t t[64][64];
  bit_table() {
    for (unsigned i = 0; i < 64; ++i)
      for (unsigned j = 0; j < 64; ++j) t[i][j] = std::uint64_t(fermat_mul_pow2(i, j));
  }
};

}  // namespace

std::uint64_t bit_table_mul(std::uint64_t a, std::uint64_t b) {
  static const bit_table table;
  std::uint64_t r = 0;
  for (; a != 0; a &= a - 1) {
    const auto& row = table.t[__builtin_ctzll(a)];
    for (std::uint64_t c = b; c != 0; c &= c - 1) r ^= row[__builtin_ctzll(c)];
  }
  return r;
}

namespace {

// Discrete log/exp tables of GF(2^16) to a generator found by search; log[0] points into a
// zero-filled tail of exp so that products with 0 need no branch.
struct log_tables {
  static constexpr std::uint32_t kOrder = 65535;
  static constexpr std::uint32_t kZeroLog = 2 * kOrder;
  std::vector<std::uint32_t> log;
  std::vector<std::uint16_t> exp;

  log_tables() : log(65536), exp(4 * kOrder + 2, 0) {
    auto mul = [](std::uint16_t a, std::uint16_t b) { return detail::tower_mul<16>(a, b); };
    for (std::uint16_t g = 2;; ++g) {
      std::uint16_t x = 1;
      std::uint32_t period = 0;
      do { x = mul(x, g), ++period; } while (x != 1);
      if (period != kOrder) continue;
      x = 1;
      for (std::uint32_t i = 0; i < kOrder; ++i) {
        exp[i] = exp[i + kOrder] = x;
        log[x] = i;
        x = mul(x, g);
      }
      break;
    }
    log[0] = kZeroLog;  // kZeroLog + anything <= 4 * kOrder lands in the zero tail
  }
};

const log_tables& logs() {
  static const log_tables t;
  return t;
}

}  // namespace

std::uint16_t log_mul16(std::uint16_t a, std::uint16_t b) noexcept {
  const auto& t = logs();
  return t.exp[t.log[a] + t.log[b]];
}

namespace {

std::uint32_t log_mul32(std::uint32_t a, std::uint32_t b, const log_tables& t) noexcept {
  auto m16 = [&t](std::uint32_t x, std::uint32_t y) -> std::uint32_t {
    return t.exp[t.log[x] + t.log[y]];
  };
  const std::uint32_t a0 = a & 0xFFFF, a1 = a >> 16, b0 = b & 0xFFFF, b1 = b >> 16;
  const std::uint32_t lo = m16(a0, b0);
  const std::uint32_t hi = m16(a0 ^ a1, b0 ^ b1) ^ lo;
  return (hi << 16) | (lo ^ m16(m16(a1, b1), 0x8000));
}

}  // namespace

std::uint64_t log_tower_mul(std::uint64_t a, std::uint64_t b) noexcept {
  const auto& t = logs();
  const std::uint32_t a0 = std::uint32_t(a), a1 = std::uint32_t(a >> 32);
  const std::uint32_t b0 = std::uint32_t(b), b1 = std::uint32_t(b >> 32);
  const std::uint32_t lo = log_mul32(a0, b0, t);
  const std::uint32_t hi = log_mul32(a0 ^ a1, b0 ^ b1, t) ^ lo;
  return (std::uint64_t(hi) << 32) | (lo ^ log_mul32(log_mul32(a1, b1, t), 0x80000000u, t));
}

}  // namespace nimber::ref
