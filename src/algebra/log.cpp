// Discrete logarithms by Pohlig-Hellman down the nimber tower.
//
// Let K = GF(2^N), N = 2M, q = 2^M, F = 2^M (the Fermat power), and x = x1 F + x0 with x0,
// x1 in the half field L = GF(q). The conjugate of x over L is x^q = x1 F + (x0 + x1), so
//   norm(x)  = x^(q+1) = x0 (x0 + x1) + x1^2 (F/2)   lies in L, and
//   unit(x)  = x^(q-1) = conj(x) / x                 has norm 1 (the group U of order q+1).
// With g a generator of K and x = g^e: norm(x) = norm(g)^e and norm(g) generates L*, so the
// half-field logarithm of norm(x) is e mod (q-1); unit(x) = unit(g)^e gives e mod (q+1).
// q - 1 and q + 1 are coprime, and their primes together are those of 2^N - 1, so the
// recursion produces e modulo every prime of the group order. The generators of the smaller
// fields are the norms of one generator of GF(2^128), so that the levels agree.
//
// Inside U every element u satisfies u^-1 = u^q = conj(u), so its relative trace
// T(u) = u + u^-1 is simply its high half x1, and T(uc) + T(uc^-1) = T(u) T(c). A
// baby-step giant-step on traces (the Lucas-sequence view, as in LUC/XTR) therefore needs
// one half-width product by a constant per giant step and keys of half width, and each
// baby step j stands for both g^j and g^-j, so the table covers twice its size.
#include "nimber/algebra/log.hpp"

#include "nimber/algebra/roots.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>
#include <memory>
#include <stdexcept>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace nimber {
namespace {

using detail::word_t;

// The primes of 2^128 - 1 in the order the tower meets them: 2^(2^i) + 1 for i = 0..4, then
// 2^32 + 1 = 641 * 6700417, then 2^64 + 1 = 274177 * 67280421310721.
constexpr std::uint64_t kPrimes[9] = {3, 5, 17, 257, 65537, 641, 6700417, 274177,
                                      67280421310721ULL};

template <unsigned N>
constexpr unsigned kPrimeCount = N == 8 ? 3 : N == 16 ? 4 : N == 32 ? 5 : N == 64 ? 7 : 9;

template <unsigned N>
constexpr u128 group_order() {
  return N == 128 ? ~u128(0) : (u128(1) << N) - 1;
}

// ---- Arithmetic modulo a prime below 2^47 (products fit in 128 bits). ----------------------

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t p) {
  return std::uint64_t(u128(a) * b % p);
}

std::uint64_t inv_mod(std::uint64_t a, std::uint64_t p) {  // p prime, a % p != 0
  std::uint64_t r = 1, e = p - 2;
  for (a %= p; e != 0; e >>= 1, a = mul_mod(a, a, p))
    if (e & 1) r = mul_mod(r, a, p);
  return r;
}

// ---- One tower level: K = GF(2^N) over L = GF(2^(N/2)). -------------------------------------

template <unsigned N>
word_t<N / 2> norm_half(word_t<N> x) noexcept {
  constexpr unsigned M = N / 2;
  using H = word_t<M>;
  const H x0 = H(x), x1 = H(x >> M);
  return H(mul(x0, H(x0 ^ x1)) ^ detail::fast_mul_half<M>(square(x1)));
}

template <unsigned N>
word_t<N> unit_part(word_t<N> x) noexcept {  // x^(q-1) = conj(x) / x; x != 0
  using W = word_t<N>;
  return mul(W(x ^ (x >> (N / 2))), inverse(x));
}

struct generator_chain {
  u128 g128;
  std::uint64_t g64;
  std::uint32_t g32;
  std::uint16_t g16;
  std::uint8_t g8;
};

const generator_chain& generators() {
  static const generator_chain chain = [] {
    generator_chain c{};
    c.g128 = smallest_primitive<u128>();
    c.g64 = norm_half<128>(c.g128);
    c.g32 = norm_half<64>(c.g64);
    c.g16 = norm_half<32>(c.g32);
    c.g8 = norm_half<16>(c.g16);
    return c;
  }();
  return chain;
}

template <unsigned N>
word_t<N> generator() {
  if constexpr (N == 128) return generators().g128;
  else if constexpr (N == 64) return generators().g64;
  else if constexpr (N == 32) return generators().g32;
  else if constexpr (N == 16) return generators().g16;
  else return generators().g8;
}

// The base of the recursion: every logarithm in GF(2^16) from one 128 KiB table.
const std::vector<std::uint16_t>& log16_table() {
  static const std::vector<std::uint16_t> table = [] {
    std::vector<std::uint16_t> log(65536, 0);
    const std::uint16_t g = generator<16>();
    std::uint16_t x = 1;
    for (std::uint32_t e = 0; e < 65535; ++e, x = mul(x, g)) log[x] = std::uint16_t(e);
    return log;
  }();
  return table;
}

// Multiplication by a constant of L as a byte-table linear map (the product is GF(2)-linear
// in the other factor): 8 lookups for 64 bits instead of a tower product.
template <class H>
std::unique_ptr<detail::byte_linear_map<H>> times(H c) {
  auto map = std::make_unique<detail::byte_linear_map<H>>();
  for (std::size_t i = 0; i < sizeof(H); ++i) {
    H image[8];
    for (unsigned k = 0; k < 8; ++k) image[k] = mul(H(H(1) << (8 * i + k)), c);
    map->table[i][0] = 0;
    for (unsigned v = 1; v < 256; ++v)
      map->table[i][v] = H(map->table[i][v & (v - 1)] ^ image[std::countr_zero(v)]);
  }
  return map;
}

// A zeroed array of 32-bit slots. Large ones are 2 MiB aligned and offered to the kernel as
// huge pages: the giant steps probe the table at random, and with 4 KiB pages nearly every
// probe of a 32 MiB table also misses the TLB (measured 2x slower on the query).
class slot_array {
 public:
  explicit slot_array(std::size_t count) {
    constexpr std::size_t kHuge = std::size_t(1) << 21;
    const std::size_t align = count * sizeof(std::uint32_t) >= kHuge ? kHuge : 64;
    const std::size_t bytes = (count * sizeof(std::uint32_t) + align - 1) / align * align;
    void* p = std::aligned_alloc(align, bytes);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // advisory: ignored where unsupported
#endif
    std::memset(p, 0, bytes);
    data_.reset(static_cast<std::uint32_t*>(p));
  }
  std::uint32_t& operator[](std::size_t i) noexcept { return data_.get()[i]; }
  std::uint32_t operator[](std::size_t i) const noexcept { return data_.get()[i]; }
  const std::uint32_t* data() const noexcept { return data_.get(); }

 private:
  struct free_deleter {
    void operator()(std::uint32_t* p) const noexcept { std::free(p); }
  };
  std::unique_ptr<std::uint32_t, free_deleter> data_;
};

std::uint64_t mix(std::uint64_t z) noexcept {  // the splitmix64 finaliser
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// gamma^x for a fixed gamma and x below 2^(8 * rows), as a product of one table entry per
// byte of x (the verification of a baby-step match costs a few products, not a ladder).
template <class W>
class fixed_base_power {
 public:
  fixed_base_power(W gamma, std::uint64_t bound) {
    for (W base = gamma; bound != 0; bound >>= 8) {
      auto& row = rows_.emplace_back();
      row[0] = 1;
      for (unsigned d = 1; d < 256; ++d) row[d] = mul(row[d - 1], base);
      base = mul(row[255], base);
    }
  }
  W operator()(std::uint64_t x) const noexcept {
    W r = 1;
    for (std::size_t i = 0; i < rows_.size(); ++i, x >>= 8) r = mul(r, rows_[i][x & 255]);
    return r;
  }

 private:
  std::vector<std::array<W, 256>> rows_;
};

// Baby-step giant-step for the logarithm to base gamma, an element of prime order p in the
// norm-1 group U of GF(2^(2M)), working on traces (see the top of the file). The baby
// table is open addressing over 32-bit slots, each holding the baby index j + 1 (0 marks an
// empty slot) under as many bits of the key's hash as are left: small enough to stay in
// cache, at the price of rare false matches. Every match is confirmed by gamma^x = h, which
// also tells gamma^j from gamma^-j.
template <unsigned M>
class trace_bsgs {
  using W = word_t<2 * M>;
  using H = word_t<M>;

 public:
  // 2^log2_baby - 1 baby steps (at most (p - 1) / 2), in a table of twice that many slots.
  trace_bsgs(W gamma, std::uint64_t p, unsigned log2_baby)
      : p_(p),
        baby_(std::min<std::uint64_t>((std::uint64_t(1) << log2_baby) - 1, (p - 1) / 2)),
        stride_(2 * baby_ + 1),
        power_(gamma, p) {
    index_bits_ = unsigned(std::bit_width(baby_ + 1));
    const unsigned slot_bits = unsigned(std::bit_width(baby_)) + 1;  // load factor <= 1/2
    slots_ = slot_array(std::size_t(1) << slot_bits);
    shift_ = 64 - slot_bits;
    mask_ = (std::uint64_t(1) << slot_bits) - 1;
    // T(gamma^0) = T(1) = 0, T(gamma^(j+1)) = T(gamma^j) T(gamma) + T(gamma^(j-1)).
    const H t1 = trace(gamma);
    const auto times_t1 = times(t1);
    H prev = 0, cur = t1;
    insert(prev, 0);
    for (std::uint64_t j = 1; j <= baby_; ++j) {
      insert(cur, j);
      const H next = H((*times_t1)(cur) ^ prev);
      prev = cur;
      cur = next;
    }
    step_ = pow(inverse(gamma), stride_);
    times_step_ = times(trace(step_));
  }

  // The x in [0, p) with gamma^x = h. Precondition: h is a power of gamma.
  std::uint64_t log(W h) const {
    constexpr unsigned kBlock = 16;  // keys hashed and prefetched ahead of their probes
    H prev = trace(h), cur = trace(mul(h, step_));
    const std::uint64_t giants = p_ / stride_ + 2;
    for (std::uint64_t i0 = 0; i0 < giants; i0 += kBlock) {
      std::uint64_t hashes[kBlock];
      for (unsigned b = 0; b < kBlock; ++b) {
        hashes[b] = mix(std::uint64_t(prev));
        __builtin_prefetch(slots_.data() + (hashes[b] >> shift_));
        const H next = H((*times_step_)(cur) ^ prev);
        prev = cur;
        cur = next;
      }
      for (unsigned b = 0; b < kBlock; ++b)
        if (const std::uint64_t x = probe(hashes[b], i0 + b, h); x != p_) return x;
    }
    throw std::logic_error("nimber::discrete_log: element outside the subgroup");
  }

 private:
  static H trace(W u) noexcept { return H(u >> M); }

  std::uint32_t tag(std::uint64_t hash) const noexcept {
    return std::uint32_t(hash) >> index_bits_ << index_bits_;
  }

  void insert(H key, std::uint64_t j) {
    const std::uint64_t h = mix(std::uint64_t(key));
    std::uint64_t i = h >> shift_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = tag(h) | std::uint32_t(j + 1);
  }

  // The logarithm if giant step i matches a baby step, else p.
  std::uint64_t probe(std::uint64_t hash, std::uint64_t i, W h) const {
    const std::uint32_t want = tag(hash), index_mask = (std::uint32_t(1) << index_bits_) - 1;
    for (std::uint64_t s = hash >> shift_; slots_[s] != 0; s = (s + 1) & mask_) {
      if ((slots_[s] & ~index_mask) != want) continue;
      const std::uint64_t j = (slots_[s] & index_mask) - 1, base = (i * stride_) % p_;
      for (const std::uint64_t x : {(base + j) % p_, (base + p_ - j) % p_})
        if (power_(x) == h) return x;
    }
    return p_;
  }

  std::uint64_t p_, baby_, stride_;
  fixed_base_power<W> power_;
  unsigned index_bits_ = 0, shift_ = 0;
  std::uint64_t mask_ = 0;
  slot_array slots_{1};
  W step_ = 0;
  std::unique_ptr<detail::byte_linear_map<H>> times_step_;
};

// The primes of q + 1 at one level, each with its projection and its table.
template <unsigned N>
class unit_logs {
  using W = word_t<N>;

 public:
  struct prime_spec {
    unsigned index;      // into kPrimes
    unsigned log2_baby;  // 2^log2_baby - 1 baby steps, in a table of 2^(log2_baby + 1) slots
  };

  explicit unit_logs(std::initializer_list<prime_spec> specs) {
    const W unit_generator = unit_part<N>(generator<N>());
    const u128 q_plus_1 = (u128(1) << (N / 2)) + 1;
    for (const prime_spec& s : specs) {
      const u128 cofactor = q_plus_1 / kPrimes[s.index];
      parts_.push_back(part{s.index, cofactor,
                            trace_bsgs<N / 2>(pow(unit_generator, cofactor), kPrimes[s.index],
                                              s.log2_baby)});
    }
  }

  void solve(W u, std::uint64_t* residues) const {
    for (const part& p : parts_)
      residues[p.index] = p.bsgs.log(p.cofactor == 1 ? u : pow(u, p.cofactor));
  }

 private:
  struct part {
    unsigned index;
    u128 cofactor;
    trace_bsgs<N / 2> bsgs;
  };
  std::vector<part> parts_;
};

// Table sizes: giant steps per search are about p / 2^(log2_baby + 1) at most, half that on
// average, and a 128-bit query runs two searches (for a and for b). Up to 64 bits the tables
// take under 1 MiB together; the largest prime of 2^128 - 1 gets 16 Mi baby steps in a
// 128 MiB table (built once, about 1.3 s here), hence at most 2 Mi giant steps per search.
// Each giant step is one random probe of that table, about 10 ns of memory throughput at best
// on this machine (measured), so the table size sets the query time: 4 Mi baby steps
// (32 MiB, 0.3 s set-up) gave 290 ms a query, 8 Mi (64 MiB, 0.5 s) 135 ms, 16 Mi 80 ms.
// Interleaving the two searches and deeper prefetching gained nothing measurable.
template <unsigned N>
const unit_logs<N>& units() {
  if constexpr (N == 32) {
    static const unit_logs<32> u({{4, 12}});
    return u;
  } else if constexpr (N == 64) {
    static const unit_logs<64> u({{5, 5}, {6, 16}});
    return u;
  } else {
    static const unit_logs<128> u({{7, 12}, {8, 24}});
    return u;
  }
}

// residues[i] = log_g(x) mod kPrimes[i] for the primes of 2^N - 1; g = generator<N>(); x != 0.
template <unsigned N>
void log_residues(word_t<N> x, std::uint64_t* residues) {
  if constexpr (N <= 16) {
    // GF(2^8)* is the subgroup of the 257th powers of GF(2^16)*, generated by norm(g16).
    const std::uint32_t e = N == 16 ? log16_table()[x] : log16_table()[x] / 257u;
    for (unsigned i = 0; i < kPrimeCount<N>; ++i) residues[i] = e % kPrimes[i];
  } else {
    log_residues<N / 2>(norm_half<N>(x), residues);
    units<N>().solve(unit_part<N>(x), residues);
  }
}

// Chinese remaindering over distinct primes below 2^47 by Garner's mixed radix: every
// intermediate stays below the product of the primes so far (at most 2^128 - 1).
struct crt_accumulator {
  u128 value = 0, modulus = 1;
  void add(std::uint64_t residue, std::uint64_t p) {
    const std::uint64_t have = std::uint64_t(value % p);
    const std::uint64_t t =
        mul_mod((residue + p - have) % p, inv_mod(std::uint64_t(modulus % p), p), p);
    value += modulus * t;
    modulus *= p;
  }
};

}  // namespace

template <nim_word U>
std::optional<U> discrete_log(U a, U b) {
  constexpr unsigned N = bits_of<U>;
  if (a == 0) throw std::domain_error("nimber::discrete_log: the base is 0");
  if (b == 0) return std::nullopt;
  std::uint64_t la[9], lb[9];
  log_residues<N>(a, la);
  log_residues<N>(b, lb);
  // x la = lb modulo each prime; where p divides la, x is free mod p (smallest: leave it out
  // of the CRT, so that x < the product of the other primes).
  crt_accumulator x;
  for (unsigned i = 0; i < kPrimeCount<N>; ++i) {
    const std::uint64_t p = kPrimes[i];
    if (la[i] == 0) {
      if (lb[i] != 0) return std::nullopt;
      continue;
    }
    x.add(mul_mod(lb[i], inv_mod(la[i], p), p), p);
  }
  return U(x.value);
}

template <nim_word U>
power_roots<U> nth_roots(U a, u128 n) {
  constexpr unsigned N = bits_of<U>;
  if (n == 0) throw std::domain_error("nimber::nth_roots: exponent 0");
  power_roots<U> r;
  if (a == 0) {
    r.count = 1;  // x^n = 0 only for x = 0
    return r;
  }
  // With x = g^y and a = g^e: n y = e modulo each prime p of the group order. Where p
  // divides n there is a solution only if p divides e, and then y is free modulo p; the
  // free primes multiply to the number of roots d, and g^((2^N - 1) / d) steps through them.
  std::uint64_t e[9];
  log_residues<N>(a, e);
  crt_accumulator y;
  u128 count = 1;
  for (unsigned i = 0; i < kPrimeCount<N>; ++i) {
    const std::uint64_t p = kPrimes[i], n_mod_p = std::uint64_t(n % p);
    if (n_mod_p == 0) {
      if (e[i] != 0) return r;
      count *= p;
      continue;
    }
    y.add(mul_mod(e[i], inv_mod(n_mod_p, p), p), p);
  }
  // y is fixed modulo the constrained primes; any lift works, as unity covers the free ones.
  const U g = generator<N>();
  r.first = pow(g, y.value);
  r.unity = pow(g, group_order<N>() / count);
  r.count = U(count);
  return r;
}

template <nim_word U>
U order(U a) {
  if (a == 0) throw std::domain_error("nimber::order: 0 has no multiplicative order");
  // The group order n is squarefree, so p divides ord(a) exactly when a^(n/p) != 1.
  constexpr u128 n = group_order<bits_of<U>>();
  u128 result = 1;
  for (const std::uint64_t p : group_order_primes<U>())
    if (pow(a, n / p) != 1) result *= p;
  return U(result);
}

template <nim_word U>
bool is_primitive(U a) noexcept {
  if (a == 0) return false;
  constexpr u128 n = group_order<bits_of<U>>();
  for (const std::uint64_t p : group_order_primes<U>())
    if (pow(a, n / p) == 1) return false;
  return true;
}

template <nim_word U>
U smallest_primitive() noexcept {
  // Every a < 2^(n/2) lies in the half field, whose group is a proper subgroup.
  static const U g = [] {
    U a = U(U(1) << (bits_of<U> / 2));
    while (!is_primitive(a)) ++a;
    return a;
  }();
  return g;
}

template <nim_word U>
std::span<const std::uint64_t> group_order_primes() noexcept {
  return {kPrimes, kPrimeCount<bits_of<U>>};
}

template <nim_word U>
void prepare_log_tables() {
  std::uint64_t r[9];
  log_residues<bits_of<U>>(U(1), r);
}

#define NIMBER_LOG_INSTANTIATE(U)                               \
  template std::optional<U> discrete_log<U>(U, U);              \
  template U order<U>(U);                                       \
  template bool is_primitive<U>(U) noexcept;                    \
  template U smallest_primitive<U>() noexcept;                  \
  template std::span<const std::uint64_t> group_order_primes<U>() noexcept; \
  template void prepare_log_tables<U>();                         \
  template power_roots<U> nth_roots<U>(U, u128);
NIMBER_LOG_INSTANTIATE(std::uint8_t)
NIMBER_LOG_INSTANTIATE(std::uint16_t)
NIMBER_LOG_INSTANTIATE(std::uint32_t)
NIMBER_LOG_INSTANTIATE(std::uint64_t)
NIMBER_LOG_INSTANTIATE(u128)
#undef NIMBER_LOG_INSTANTIATE

}  // namespace nimber
