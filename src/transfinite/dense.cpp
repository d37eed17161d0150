// Dense arithmetic in one tower field (dense_field.hpp): the field of an element, the
// conversions to and from ordinals, powers, and the p-th power test of the alpha search.
#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "nimber/gf2x.hpp"
#include "transfinite/dense_field.hpp"

namespace nimber::transfinite {
namespace dense {
namespace {

// What x and the alphas below its kappas need: coefficient bits and, per prime index, digits.
bool collect(const ordinal& x, unsigned& bits, std::vector<unsigned>& len) {
  for (const term& a : x.terms()) {
    if (!a.coef.fits_u64()) return false;
    bits = std::max<unsigned>(bits, unsigned(a.coef.field_bits()));
    for (std::size_t k = 0; k < a.exponent.size(); ++k) {
      if (len.size() <= k) len.resize(k + 1, 0);
      len[k] = std::max(len[k], digit_count(a.exponent[k], odd_prime(k)));
    }
  }
  return true;
}

std::optional<dense_field> make_field(const ordinal& x, const kappa_basis& t, std::size_t max_dim) {
  dense_field f;
  std::vector<unsigned> len;
  if (!collect(x, f.coef_bits, len)) return std::nullopt;
  for (std::size_t k = len.size(); k-- > 0;) {
    if (!len[k]) continue;
    if (!t.has(k)) return std::nullopt;  // an alpha the basis lacks: the term path decides
    if (!collect(t.alpha(k), f.coef_bits, len)) return std::nullopt;
  }
  if (f.coef_bits > 64) return std::nullopt;
  for (std::size_t k = 0; k < len.size(); ++k) {
    if (!len[k]) continue;
    level v{k, odd_prime(k), 1, len[k], f.dim, {}};
    for (unsigned i = 0; i < v.l; ++i) v.n *= v.q;
    if (v.n > max_dim || f.dim > max_dim / v.n) return std::nullopt;
    f.dim *= v.n;
    f.levels.push_back(std::move(v));
  }
  return f;
}

monomial to_monomial(const dense_field& f, const term& a, std::size_t levels) {
  monomial m{std::vector<word>(levels, 0), a.coef.to_u64()};
  for (std::size_t i = 0; i < levels; ++i) {
    const level& v = f.levels[i];
    const word d = v.k < a.exponent.size() ? a.exponent[v.k] : 0;
    m.shift[i] = word(reverse_digits(d, v.l, v.q));
  }
  return m;
}

}  // namespace

std::vector<word> to_dense(const dense_field& f, const ordinal& x) {
  std::vector<word> r(f.dim, 0);
  for (const term& a : x.terms()) {
    const monomial m = to_monomial(f, a, f.levels.size());
    std::size_t index = 0;
    for (std::size_t i = 0; i < f.levels.size(); ++i) index += m.shift[i] * f.levels[i].stride;
    r[index] ^= m.coef;
  }
  return r;
}

ordinal to_ordinal(const dense_field& f, const std::vector<word>& x) {
  // Sized once: the terms, and each exponent for the highest prime index (the last level's).
  std::vector<term> terms;
  terms.reserve(std::size_t(std::count_if(x.begin(), x.begin() + std::ptrdiff_t(f.dim), [](word c) { return c != 0; })));
  const std::size_t exponent_size = f.levels.empty() ? 0 : f.levels.back().k + 1;
  for (std::size_t index = 0; index < f.dim; ++index) {
    if (!x[index]) continue;
    digits e(exponent_size, 0);
    for (const level& v : f.levels) e[v.k] = word(reverse_digits((index / v.stride) % v.n, v.l, v.q));
    trim(e);
    terms.push_back({std::move(e), big_nim(x[index])});
  }
  // The index order is not the exponents' (each level's digits are reversed): sorted here,
  // in place, the terms go into the ordinal as they are, where from_terms would otherwise
  // gather them in a map and copy every exponent (twice the ordinal's memory at its peak).
  std::sort(terms.begin(), terms.end(),
            [](const term& a, const term& b) { return compare_exponents(a.exponent, b.exponent) > 0; });
  return ordinal::from_terms(std::move(terms));
}

std::vector<word> pow_at(const dense_field& F, std::size_t i, const std::vector<word>& x, const digits& e) {
  std::vector<word> z(F.size(i), 0);
  z[0] = 1;
  for (std::size_t l = e.size(); l-- > 0;)
    for (int b = 63; b >= 0; --b) {
      z = F.square_at(i, z);
      if ((e[l] >> b) & 1) z = F.mul_at(i, z, x);
    }
  return z;
}

// x mod (2^k - 1), by adding the k-bit pieces of x.
digits mod_mersenne(digits x, word k) {
  const auto bit = [](const digits& v, word i) { return i / 64 < v.size() ? (v[i / 64] >> (i % 64)) & 1 : 0; };
  while (bit_length(x) > k) {
    const word n = bit_length(x);
    digits sum((k + 63) / 64 + 2, 0);  // the pieces' sum needs k + log2(pieces) bits
    for (word start = 0; start < n; start += k) {  // add the piece [start, start + k)
      word carry = 0;
      for (word i = 0; i < 64 * sum.size() && (i < k || carry); ++i) {
        const word s = bit(sum, i) + (i < k && start + i < n ? bit(x, start + i) : 0) + carry;
        sum[i / 64] = (sum[i / 64] & ~(word(1) << (i % 64))) | ((s & 1) << (i % 64));
        carry = s >> 1;
      }
    }
    trim(sum);
    x = std::move(sum);
  }
  if (bit_length(x) == k && std::all_of(x.begin(), x.end() - 1, [](word w) { return w == ~word(0); }) &&
      x.back() == (k % 64 ? (word(1) << (k % 64)) - 1 : ~word(0)))
    return {};  // 2^k - 1 itself
  return x;
}

std::optional<dense_field> field_of(const ordinal& x, const kappa_basis& t, std::size_t max_dim,
                                    std::size_t base_min_bits, std::size_t base_levels) {
  std::optional<dense_field> field = make_field(x, t, max_dim);
  if (!field) return std::nullopt;
  for (std::size_t i = 0; i < field->levels.size(); ++i)
    for (const term& a : t.alpha(field->levels[i].k).terms()) field->levels[i].alpha.push_back(to_monomial(*field, a, i));
  if (!field->levels.empty())
    for (const monomial& m : field->levels[0].alpha) field->lowest_alpha ^= m.coef;
  // Kronecker products on every level while the wide form (each level nearly doubles it)
  // fits in 2^33 bits: one GF(2)[x] product of it costs far less than Karatsuba over the
  // blocks of a level above.
  std::vector<word> sizes;
  for (const level& v : field->levels) sizes.push_back(v.n);
  field->kron = kronecker::make(field->coef_bits, sizes);
  if (field->kron)
    for (std::size_t i = 1; i <= field->kron->levels(); ++i)
      if (field->kron->wide_bits(i) <= (std::size_t(1) << 33)) field->kron_levels = i;
  if (field->dim * field->coef_bits >= base_min_bits) set_base(*field, base_min_bits, base_levels);
  return field;
}

void set_base(dense_field& F, std::size_t min_bits, std::size_t levels) {
  if (levels == 0)  // the most levels whose field has at most max_base_bits, one level left above
    while (levels + 2 <= F.levels.size() && F.size(levels + 1) * F.coef_bits <= max_base_bits) ++levels;
  if (levels == 0 || levels >= F.levels.size()) return;
  F.base = make_polynomial_base(F, levels);
  F.base_levels = levels;
  F.base_min_size = (min_bits + F.coef_bits - 1) / F.coef_bits;
}

}  // namespace dense

namespace {

using dense::dense_field;
using dense::word;

// x^e by a sliding window of w bits (the odd powers x, x^3, ..., x^(2^w - 1) first): about
// bits/(w + 1) products instead of bits/2.
std::vector<word> pow(const dense_field& F, const std::vector<word>& x, const digits& e,
                      const progress_fn& progress = {}) {
  const std::size_t bits = bit_length(e);
  const auto bit = [&e](std::size_t i) { return unsigned(e[i / 64] >> (i % 64) & 1); };
  // The window of the fewest products, 2^(w-1) odd powers and about bits/(w + 1) steps, with
  // at most 256 MiB of odd powers.
  const auto products = [bits](unsigned v) { return (std::size_t(1) << (v - 1)) + bits / (v + 1); };
  unsigned w = 1;
  while (w < 7 && products(w + 1) < products(w) &&
         (std::size_t(1) << w) * F.dim * sizeof(word) <= (std::size_t(256) << 20))
    ++w;
  std::vector<std::vector<word>> odd{x};  // odd[i] = x^(2 i + 1)
  if (w > 1) {
    const std::vector<word> x2 = F.square(x);
    while (odd.size() < (std::size_t(1) << (w - 1))) odd.push_back(F.mul(odd.back(), x2));
  }
  std::vector<word> z(F.dim, 0), spare;
  z[0] = 1;
  const auto square = [&] {
    F.square_into(z, spare);
    z.swap(spare);
  };
  bool one = true;  // z is still 1: squaring it is skipped
  for (std::size_t i = bits; i-- > 0;) {
    if (progress) progress(bits - 1 - i, bits);
    if (!bit(i)) {
      if (!one) square();
      continue;
    }
    // The window: bits i down to j, j as low as w allows with bit j set.
    std::size_t j = i + 1 > w ? i + 1 - w : 0;
    while (!bit(j)) ++j;
    word value = 0;
    for (std::size_t k = i + 1; k-- > j;) {
      value = value << 1 | bit(k);
      if (!one) square();
    }
    if (one) {
      z = odd[value / 2];
    } else {
      F.mul_into(z, odd[value / 2], spare);
      z.swap(spare);
    }
    one = false;
    i = j;
  }
  return z;
}

}  // namespace

namespace {

// u^(2^g - 1) by the Itoh-Tsujii chain (Itoh and Tsujii, "A fast algorithm for computing
// multiplicative inverses in GF(2^m) using normal bases"): z_k = u^(2^k - 1), z_(2k) =
// z_k^(2^k) z_k and z_(k+1) = z_k^2 u; about log2 g products, the rest squarings.
std::vector<word> all_ones_power(const dense_field& F, const std::vector<word>& u, word g) {
  int top = 63;
  while (!((g >> top) & 1)) --top;
  std::vector<word> z = u, s, spare;  // s and spare: kept buffers (square_into)
  word k = 1;
  for (int b = top - 1; b >= 0; --b) {
    s = z;
    for (word i = 0; i < k; ++i) {
      F.square_into(s, spare);
      s.swap(spare);
    }
    F.mul_into(s, z, spare);
    z.swap(spare);
    k *= 2;
    if ((g >> b) & 1) {
      F.square_into(z, s);
      F.mul_into(s, u, z);
      ++k;
    }
  }
  return z;
}

// y^((2^f - 1)/p) for y in GF(2^f), p | 2^f - 1 with f the order of 2 modulo p. With g = f/r,
// r the least prime of f, 2^f - 1 = (2^g - 1) S, S = sum_(i<r) 2^(g i), and p divides S
// (not 2^g - 1, as g < f): the power is (y^(S/p))^(2^g - 1), a sliding window over the f - g
// bits of S/p and an Itoh-Tsujii chain of about log2 g products, instead of a window over all
// f bits of the exponent.
std::vector<word> divisor_chain_power(const dense_field& F, const std::vector<word>& y, word f, word p,
                                      const progress_fn& progress) {
  word r = 2;
  while (f % r != 0) ++r;
  const word g = f / r;
  digits exponent((f + 63) / 64, 0);
  for (word i = 0; i < r; ++i) exponent[g * i / 64] |= word(1) << (g * i % 64);
  if (g == 1) exponent = all_ones(f);
  if (div_small(exponent, p) != 0) throw std::logic_error("alpha: p does not divide 2^f - 1");
  trim(exponent);
  const std::vector<word> u = pow(F, y, exponent, progress);
  return g == 1 ? u : all_ones_power(F, u, g);
}

// Where squaring_product is: z = z_k at the start of the stage of bit `bit` of n, w = z^(2^d)
// after the stage's first d squarings. Stage 0 squares s k times, stage 1 (for a set bit) s
// times. k is the bits of n above `bit`, doubled in stage 1.
struct product_state {
  int bit = -1;
  unsigned stage = 0;
  word done = 0;
  std::vector<word> z, w;
};

word stage_k(word n, const product_state& st) { return (n >> (st.bit + 1)) << st.stage; }
word stage_length(word n, word s, const product_state& st) { return st.stage == 0 ? s * stage_k(n, st) : s; }

// A product_state as words: a tag, bit, stage, done, dim, coef_bits and a 64-bit FNV-1a hash of
// y (the state of another y is refused), then z and w, coef_bits bits a coefficient.
constexpr std::uint32_t product_state_tag = 0x31505153;  // "SQP1"
constexpr std::size_t product_state_header = 9;

std::uint64_t fnv1a(const std::vector<word>& y) {
  std::uint64_t h = 14695981039346656037ull;
  for (const word c : y)
    for (int i = 0; i < 64; i += 8) h = (h ^ ((c >> i) & 0xff)) * 1099511628211ull;
  return h;
}

void append_packed(std::vector<std::uint32_t>& out, const std::vector<word>& x, unsigned b) {
  const std::size_t first = out.size();
  out.resize(first + (x.size() * b + 31) / 32, 0);
  for (std::size_t u = 0; u < x.size(); ++u)
    for (unsigned i = 0; i < b; ++i)
      out[first + (u * b + i) / 32] |= std::uint32_t((x[u] >> i) & 1) << ((u * b + i) % 32);
}

std::vector<word> read_packed(std::span<const std::uint32_t> in, std::size_t dim, unsigned b) {
  std::vector<word> x(dim, 0);
  for (std::size_t u = 0; u < dim; ++u)
    for (unsigned i = 0; i < b; ++i) x[u] |= word((in[(u * b + i) / 32] >> ((u * b + i) % 32)) & 1) << i;
  return x;
}

std::vector<std::uint32_t> save_product_state(const dense_field& F, const std::vector<word>& y,
                                              const product_state& st) {
  const std::uint64_t hash = fnv1a(y);
  std::vector<std::uint32_t> words{product_state_tag,         std::uint32_t(st.bit),      st.stage,
                                   std::uint32_t(st.done),    std::uint32_t(st.done >> 32), std::uint32_t(F.dim),
                                   std::uint32_t(F.coef_bits), std::uint32_t(hash),        std::uint32_t(hash >> 32)};
  append_packed(words, st.z, F.coef_bits);
  append_packed(words, st.w, F.coef_bits);
  return words;
}

// The state saved by save_product_state for the same F, y, n and s; std::invalid_argument if
// the words are not one.
product_state load_product_state(const dense_field& F, const std::vector<word>& y, word n, word s, int top,
                                 std::span<const std::uint32_t> words) {
  const std::size_t packed = (F.dim * F.coef_bits + 31) / 32;
  const auto fail = [](const char* what) {
    throw std::invalid_argument(std::string("squaring state: ") + what);
  };
  if (words.size() != product_state_header + 2 * packed || words[0] != product_state_tag) fail("not one of this field");
  if (words[5] != F.dim || words[6] != F.coef_bits) fail("of another field");
  if ((word(words[8]) << 32 | words[7]) != fnv1a(y)) fail("of another element");
  product_state st;
  st.bit = int(words[1]);
  st.stage = words[2];
  st.done = word(words[4]) << 32 | words[3];
  if (words[1] >= std::uint32_t(top) || st.stage > 1 || (st.stage == 1 && !((n >> st.bit) & 1)) ||
      st.done > stage_length(n, s, st))
    fail("past the end of the product");
  st.z = read_packed(words.subspan(product_state_header, packed), F.dim, F.coef_bits);
  st.w = read_packed(words.subspan(product_state_header + packed), F.dim, F.coef_bits);
  return st;
}

// prod_{i<n} y^(2^(s i)) by squarings and products alone, no Frobenius map: the binary method
// on n, z_k = prod_{i<k} y^(2^(s i)) giving z_(2k) = z_k^(2^(s k)) z_k and z_(k+1) = z_k^(2^s) y;
// about 2 log2 n products and s n squarings, these by the sparse squaring map (a pass over
// about three terms a coefficient, where square_acc recurses through the levels). `progress`
// sees the squarings done, after `done`; `hooks` (may be null) save the state after every
// hooks->piece squarings of a stage and at its end, and resume from hooks->known.
std::vector<word> squaring_product(const dense_field& F, const std::vector<word>& y, word n, word s,
                                   std::uint64_t done, std::uint64_t total, const progress_fn& progress,
                                   unsigned threads, const resume_hooks* hooks) {
  const dense::squaring_map square(F, 8, true, threads);
  int top = 63;
  while (!((n >> top) & 1)) --top;
  product_state st{top - 1, 0, 0, y, y};
  if (hooks && !hooks->known.empty()) st = load_product_state(F, y, n, s, top, hooks->known);
  done += s * (stage_k(n, st) - 1) + st.done;
  const auto run_stage = [&] {
    const word length = stage_length(n, s, st);
    const word piece = hooks && hooks->save ? std::max<word>(hooks->piece, 1) : length;
    while (st.done < length) {
      const word times = std::min(piece, length - st.done);
      st.w = square.squared(std::move(st.w), times, [&] {
        if (progress) progress(done, total);
        ++done;
      });
      st.done += times;
      if (hooks && hooks->save) hooks->save([&] { return save_product_state(F, y, st); });
    }
  };
  for (; st.bit >= 0; --st.bit, st.stage = 0, st.done = 0, st.w = st.z) {
    if (st.stage == 0) {
      run_stage();
      st.z = F.mul(st.w, st.z);
      if (!((n >> st.bit) & 1)) continue;
      st = {st.bit, 1, 0, st.z, st.z};
    }
    run_stage();
    st.z = F.mul(st.w, y);
  }
  return st.z;
}

// The ordinal of a result, built once the calling thread's product buffers are freed: on
// the largest fields the ordinal (hundreds of bytes a term) and the buffers (the FFT's
// transforms, kept between products) would otherwise make the run's peak together.
ordinal result_of(const dense_field& F, const std::vector<word>& x) {
  gf2x::release_scratch();
  return dense::to_ordinal(F, x);
}

}  // namespace

std::optional<ordinal> dense_pow_periodic(const ordinal& x, const digits& c, std::uint64_t n, std::uint64_t s,
                                          const kappa_basis& t, std::size_t max_dim, const progress_fn& progress,
                                          unsigned threads, const resume_hooks* hooks) {
  if (n == 0) throw std::invalid_argument("dense_pow_periodic: no period");
  const std::uint64_t bits = bit_length(c);
  if (bits > s) throw std::invalid_argument("dense_pow_periodic: c is not below 2^s");
  const std::optional<dense_field> F = dense::field_of(x, t, max_dim);
  if (!F) return std::nullopt;
  const std::uint64_t total = bits + s * (n - 1);
  const progress_fn window = [&](std::uint64_t done, std::uint64_t) {
    if (progress) progress(done, total);
  };
  // A resumed run counts from its state's squarings, not from the window's start.
  const bool resumed = hooks && !hooks->known.empty();
  const std::vector<word> y = pow(*F, dense::to_dense(*F, x), c, resumed ? progress_fn() : window);
  return result_of(*F, squaring_product(*F, y, n, s, bits, total, progress, threads, hooks));
}

std::optional<ordinal> dense_power_test(const ordinal& x, std::uint64_t e, std::uint64_t f, std::uint64_t p,
                                        const kappa_basis& t, const progress_fn& progress, power_method method,
                                        std::size_t base_min_bits) {
  const std::optional<dense_field> F = dense::field_of(x, t, alpha_dense_limit, base_min_bits);
  if (!F || F->dim * F->coef_bits != e) return std::nullopt;  // not the field of the candidate
  const std::vector<word> norm = dense::frobenius_product(*F, dense::to_dense(*F, x), e / f, f);
  if (method == power_method::divisor_chain) return result_of(*F, divisor_chain_power(*F, norm, f, p, progress));
  digits exponent = all_ones(f);
  div_small(exponent, p);
  return result_of(*F, pow(*F, norm, exponent, progress));
}

std::optional<ordinal> dense_pow(const ordinal& x, const digits& e, const kappa_basis& t, std::size_t max_dim,
                                  const progress_fn& progress) {
  const std::optional<dense_field> F = dense::field_of(x, t, max_dim);
  if (!F) return std::nullopt;
  return result_of(*F, pow(*F, dense::to_dense(*F, x), e, progress));
}

std::optional<ordinal> dense_product(const ordinal& x, const ordinal& y, const kappa_basis& t,
                                     std::size_t base_levels) {
  std::optional<dense_field> F = dense::field_of(x, t);
  if (!F) return std::nullopt;
  if (base_levels > 0) {
    dense::set_base(*F, 0, base_levels);
    if (!F->base) return std::nullopt;
  }
  return dense::to_ordinal(*F, F->mul(dense::to_dense(*F, x), dense::to_dense(*F, y)));
}

}  // namespace nimber::transfinite
