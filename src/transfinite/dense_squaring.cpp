// The squaring of a dense tower field as a precomputed sparse map (dense_field.hpp): x^2 =
// sum_u c_u^2 (y^u)^2, each (y^u)^2 found once as a product of monomials; applied a
// coefficient at a time, or a chunk of the lowest levels at a time by linear maps of words.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "pool/workers.hpp"
#include "transfinite/dense_field.hpp"

namespace nimber::transfinite {
namespace dense {
namespace {

// An element as its nonzero coefficients by index, the indices in increasing order.
using sparse = std::vector<std::pair<std::size_t, word>>;

class sparse_products {
 public:
  explicit sparse_products(const dense_field& F) : F_(F) {
    for (std::size_t j = 0; j < F.levels.size(); ++j) {
      const std::vector<word> a = F.alpha_at(j);
      sparse s;
      for (std::size_t index = 0; index < a.size(); ++index)
        if (a[index]) s.emplace_back(index, a[index]);
      alphas_.push_back(std::move(s));
    }
  }

  // The monomials a and b multiplied over the levels [0, i): the exponents of each level
  // added from the lowest up, and where one reaches n, y^n = alpha times what is below it.
  sparse monomial_product(std::size_t i, const std::pair<std::size_t, word>& a,
                          const std::pair<std::size_t, word>& b) const {
    sparse r{{0, F_.cmul(a.second, b.second)}};
    for (std::size_t j = 0; j < i; ++j) {
      const level& v = F_.levels[j];
      word d = (a.first / v.stride) % v.n + (b.first / v.stride) % v.n;
      if (d >= v.n) {
        d -= v.n;
        r = product(j, r, alphas_[j]);
      }
      for (auto& term : r) term.first += d * v.stride;
    }
    return r;
  }

  sparse product(std::size_t i, const sparse& a, const sparse& b) const {
    sparse r;
    for (const auto& s : a)
      for (const auto& t : b) {
        const sparse m = monomial_product(i, s, t);
        r.insert(r.end(), m.begin(), m.end());
      }
    std::sort(r.begin(), r.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    sparse merged;
    for (const auto& term : r) {
      if (!merged.empty() && merged.back().first == term.first) merged.back().second ^= term.second;
      else merged.push_back(term);
      if (merged.back().second == 0) merged.pop_back();
    }
    return merged;
  }

 private:
  const dense_field& F_;
  std::vector<sparse> alphas_;  // alpha of level j, in the levels below it
};

// Rows grouped by their count of terms, so that the loop over a row's terms has a fixed count,
// tile by tile of `tile` consecutive rows, so that a tile's groups read and write near one
// another (the map sends a block of the top level to one or two blocks): row v (of `rows`) is
// row rank[v] of group group_of[v], its terms in the order of k, term k of row row_of[k];
// size(group, terms) makes room for a group's terms, fill(group, at, k) stores term k at
// position at of its group.
template <class Group, class Size, class Fill>
std::vector<Group> group_rows(std::size_t rows, std::size_t tile, const std::vector<std::uint32_t>& row_of,
                              const Size& size, const Fill& fill) {
  std::vector<std::uint32_t> length(rows, 0), rank(rows), group_of(rows), filled(rows, 0);
  for (const std::uint32_t v : row_of) ++length[v];
  std::vector<Group> groups;
  for (std::size_t first = 0; first < rows; first += tile) {
    std::vector<std::uint32_t> of_length;  // group index + 1 by length, in this tile
    for (std::size_t v = first; v < std::min(rows, first + tile); ++v) {
      if (of_length.size() <= length[v]) of_length.resize(length[v] + 1, 0);
      if (!of_length[length[v]]) {
        groups.emplace_back().length = length[v];
        of_length[length[v]] = std::uint32_t(groups.size());
      }
      group_of[v] = of_length[length[v]] - 1;
      rank[v] = std::uint32_t(groups[group_of[v]].target.size());
      groups[group_of[v]].target.push_back(std::uint32_t(v));
    }
  }
  for (Group& g : groups) size(g, g.target.size() * g.length);
  for (std::size_t k = 0; k < row_of.size(); ++k) {
    const std::uint32_t v = row_of[k];
    fill(groups[group_of[v]], std::size_t(rank[v]) * length[v] + filled[v]++, k);
  }
  return groups;
}

// Rows a tile: 4 KB of output; the tile's sources are a few such blocks, so all stay in L1.
constexpr std::size_t tile_bytes = 4096;

// The chunk: the coefficients of the lowest levels that fit in `words` words together, the most of them.
std::size_t chunk_size(const dense_field& F, std::size_t words) {
  std::size_t c = 1;
  for (const level& v : F.levels) {
    if (v.stride * v.n * F.coef_bits > 64 * words) break;
    c = v.stride * v.n;
  }
  return c;
}

}  // namespace

squaring_map::squaring_map(const dense_field& F, std::size_t fixed_lengths, bool chunks, unsigned threads)
    : field_(&F), fixed_lengths_(fixed_lengths) {
  if (F.dim > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("squaring_map: over 2^32 coefficients");
  // The columns (y^u)^2 as (source u, target v, factor) terms.
  const sparse_products products(F);
  std::vector<std::uint32_t> source, target;
  std::vector<word> factor;
  for (std::size_t u = 0; u < F.dim; ++u)
    for (const auto& [v, f] : products.monomial_product(F.levels.size(), {u, 1}, {u, 1})) {
      source.push_back(std::uint32_t(u));
      target.push_back(std::uint32_t(v));
      factor.push_back(f);
    }
  const bool bytes = F.coef_bits <= 8 && F.dim <= (std::size_t(1) << 24);
  if (bytes && chunks && make_chunks(source, target, factor)) {
    split(threads, unit_weights());
    return;
  }
  const auto size = [bytes](group& g, std::size_t terms) {
    (bytes ? g.packed : g.source).resize(terms);
    if (!bytes) g.factor.resize(terms);
  };
  const auto fill = [&](group& g, std::size_t at, std::size_t k) {
    if (bytes) {
      g.packed[at] = source[k] | std::uint32_t(factor[k]) << 24;
    } else {
      g.source[at] = source[k];
      g.factor[at] = factor[k];
    }
  };
  groups_ = group_rows<group>(F.dim, tile_bytes / (bytes ? 1 : sizeof(word)), target, size, fill);
  if (bytes) {  // f c^2 for every factor f and coefficient c, by table
    const word values = word(1) << F.coef_bits;
    table_.resize(values * values);
    for (word f = 0; f < values; ++f)
      for (word c = 0; c < values; ++c) table_[f * values + c] = std::uint8_t(F.cmul(f, F.csquare(c)));
  }
  split(bytes ? threads : 1, unit_weights());  // the word form squares every coefficient first, on one thread
}

std::vector<std::size_t> squaring_map::unit_weights() const {
  std::vector<std::size_t> weights;
  for (const group& g : groups_) weights.push_back(g.target.size() * std::max<std::size_t>(g.length, 1));
  for (const chunk_tile& t : tiles_) weights.push_back(runs_[t.last_run - 1].end - runs_[t.first_run].begin);
  return weights;
}

void squaring_map::split(unsigned threads, const std::vector<std::size_t>& weights) {
  threads = std::max(threads, 1u);
  std::size_t terms = 0;
  for (const std::size_t w : weights) terms += w;
  parts_ = {0};
  std::size_t done = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    done += weights[i];
    if (done * threads >= terms * parts_.size() && parts_.size() < threads) parts_.push_back(i + 1);
  }
  if (parts_.back() != weights.size()) parts_.push_back(weights.size());
}

template <class Part>
void squaring_map::by_parts(const Part& part) const {
  if (parts_.size() <= 2) return part(std::size_t(0), parts_.back());
  detail::workers::for_ranges(parts_.size() - 1, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) part(parts_[i], parts_[i + 1]);
  });
}

// The chunked form of the map: the terms from source chunk U to target chunk V together make
// one linear map of a chunk, and the alpha fields have only a few distinct ones (2 to 4), each
// applied by the kernel's linear maps of a word or by a table a byte of its input.
bool squaring_map::make_chunks(const std::vector<std::uint32_t>& source, const std::vector<std::uint32_t>& target,
                               const std::vector<word>& factor) {
  // On the kernel, a pair of chunks of w words costs w^2 maps of a word, so chunks of two words
  // pay where they hold more than four times the coefficients of one (three coefficients of 4
  // bits in one word, 21 in two, where the second level has 7 digits).
  // The kernel is read once, so that both shapes are chosen for the same one.
  const auto& kernel = ::nimber::detail::kernels::active();
  const std::size_t one = chunk_size(*field_, 1), two = chunk_size(*field_, 2);
  const bool two_words = !kernel.wants_byte_tables && two > 4 * one;
  return (two_words && make_chunks(source, target, factor, kernel, two, 2)) ||
         make_chunks(source, target, factor, kernel, one, 1);
}

bool squaring_map::make_chunks(const std::vector<std::uint32_t>& source, const std::vector<std::uint32_t>& target,
                               const std::vector<word>& factor, const ::nimber::detail::kernels::ops& kernel,
                               std::size_t c, std::size_t words) {
  const dense_field& F = *field_;
  const std::size_t b = F.coef_bits;
  if (c < 2) return false;
  // Each term as (V, U, its place in the map: v mod c, u mod c, f), sorted by the pair.
  std::vector<std::array<std::uint32_t, 3>> terms(source.size());
  for (std::size_t k = 0; k < source.size(); ++k)
    terms[k] = {std::uint32_t(target[k] / c), std::uint32_t(source[k] / c),
                std::uint32_t((target[k] % c) << 16 | (source[k] % c) << 8 | factor[k])};
  std::sort(terms.begin(), terms.end());
  std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
  std::vector<std::uint32_t> pair_row, pair_term;
  for (std::size_t k = 0; k < terms.size();) {
    std::vector<std::uint32_t> map;
    const std::size_t first = k;
    for (; k < terms.size() && terms[k][0] == terms[first][0] && terms[k][1] == terms[first][1]; ++k)
      map.push_back(terms[k][2]);
    const std::uint32_t id = ids.emplace(std::move(map), std::uint32_t(ids.size())).first->second;
    if (id > 255) return false;
    pair_row.push_back(terms[first][0]);
    pair_term.push_back(terms[first][1] | id << 24);
  }
  chunk_ = c;
  chunk_words_ = words;
  chunk_bytes_ = (c * b + 7) / 8;
  // images[m][(u' b + j) words + w]: word w of map m of bit j of input coefficient u', the sum
  // of f (2^j)^2 at each target coefficient v' of a term (v', u', f); b divides 64, so no
  // coefficient straddles two words.
  std::vector<std::vector<word>> images(ids.size(), std::vector<word>(64 * words * words, 0));
  for (const auto& [map, m] : ids)
    for (const std::uint32_t term : map) {
      const std::size_t v = term >> 16, u = term >> 8 & 0xff;
      for (std::size_t j = 0; j < b; ++j)
        images[m][(u * b + j) * words + v * b / 64] ^= F.cmul(term & 0xff, F.csquare(word(1) << j)) << (v * b % 64);
    }
  if (!kernel.wants_byte_tables) {
    kernel_ = &kernel;
    make_kernel_runs(pair_row, pair_term, images);
    return true;
  }
  groups_ = group_rows<group>(
      F.dim / c, tile_bytes / sizeof(word), pair_row, [](group& g, std::size_t terms) { g.packed.resize(terms); },
      [&](group& g, std::size_t at, std::size_t k) { g.packed[at] = pair_term[k]; });
  // Map m of the byte x at byte i of its input: the sum of the images of x's bits.
  chunk_tables_.assign(ids.size() * chunk_bytes_ * 256, 0);
  for (std::size_t m = 0; m < images.size(); ++m) {
    word* table = chunk_tables_.data() + m * chunk_bytes_ * 256;
    for (std::size_t i = 0; i < chunk_bytes_; ++i)
      for (std::size_t x = 1; x < 256; ++x) {
        const std::size_t low = x & (x - 1);  // x without its lowest bit
        table[i * 256 + x] = table[i * 256 + low] ^ images[m][i * 8 + std::size_t(std::countr_zero(x))];
      }
  }
  return true;
}

// The chunk pairs as pairs of words, each with the part of its map from the source word to
// the target word (none where that part is zero); then tiles of `tile_bytes` of target words,
// in each the pairs by map and then by target, cut into runs of at most max_run (the square's
// scratch).
void squaring_map::make_kernel_runs(const std::vector<std::uint32_t>& pair_row,
                                    const std::vector<std::uint32_t>& pair_term,
                                    const std::vector<std::vector<word>>& images) {
  const std::size_t words = chunk_words_;
  constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> part_id(images.size() * words * words, none);  // map m, source a, target w
  for (std::size_t m = 0; m < images.size(); ++m)
    for (std::size_t a = 0; a < words; ++a)
      for (std::size_t w = 0; w < words; ++w) {
        std::uint64_t cols[64];
        for (std::size_t j = 0; j < 64; ++j) cols[j] = images[m][(a * 64 + j) * words + w];
        if (std::all_of(cols, cols + 64, [](std::uint64_t col) { return col == 0; })) continue;
        part_id[(m * words + a) * words + w] = std::uint32_t(chunk_maps_.size());
        ::nimber::detail::kernels::build_linear_map(chunk_maps_.emplace_back(), cols, false);
      }
  constexpr std::size_t tile = tile_bytes / sizeof(word);
  std::vector<std::array<std::uint32_t, 4>> pairs;  // tile, map, target, source
  for (std::size_t k = 0; k < pair_row.size(); ++k)
    for (std::size_t a = 0; a < words; ++a)
      for (std::size_t w = 0; w < words; ++w)
        if (const std::uint32_t id = part_id[((pair_term[k] >> 24) * words + a) * words + w]; id != none) {
          const std::size_t target = pair_row[k] * words + w, source = (pair_term[k] & 0xffffff) * words + a;
          pairs.push_back({std::uint32_t(target / tile), id, std::uint32_t(target), std::uint32_t(source)});
        }
  std::sort(pairs.begin(), pairs.end());
  const std::size_t chunks = field_->dim / chunk_ * words;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto [t, m, target, source] = pairs[k];
    if (tiles_.empty() || tiles_.back().first_target != t * tile) {
      if (!tiles_.empty()) tiles_.back().last_run = std::uint32_t(runs_.size());
      tiles_.push_back({std::uint32_t(t * tile), std::uint32_t(std::min(chunks, (t + 1) * tile)), 0, 0});
      tiles_.back().first_run = std::uint32_t(runs_.size());
    }
    const bool new_run = runs_.size() == tiles_.back().first_run || runs_.back().map != m ||
                         runs_.back().end - runs_.back().begin == max_run;
    if (new_run) runs_.push_back({m, std::uint32_t(k), std::uint32_t(k)});
    ++runs_.back().end;
    run_source_.push_back(source);
    run_target_.push_back(target);
  }
  if (!tiles_.empty()) tiles_.back().last_run = std::uint32_t(runs_.size());
}

void squaring_map::square_words(const std::vector<word>& x, std::vector<word>& square, std::vector<word>& out) const {
  const dense_field& F = *field_;
  for (std::size_t u = 0; u < x.size(); ++u) square[u] = F.csquare(x[u]);
  for (const group& g : groups_)
    for (std::size_t r = 0, k = 0; r < g.target.size(); ++r) {
      word sum = 0;
      for (std::size_t j = 0; j < g.length; ++j, ++k) sum ^= F.cmul(square[g.source[k]], g.factor[k]);
      out[g.target[r]] = sum;
    }
}

namespace {

// The rows of one group of a byte map: `fixed` is their length where the compiler is to know
// it (a loop of a varying count costs a mispredicted branch a row), 0 to take `length`.
template <std::size_t fixed>
void byte_rows(const std::vector<std::uint32_t>& target, const std::uint32_t* e, std::size_t length,
               const std::uint8_t* table, unsigned coef_bits, const std::uint8_t* in, std::uint8_t* out) {
  const std::size_t l = fixed ? fixed : length;
  for (std::size_t r = 0; r < target.size(); ++r, e += l) {
    std::uint8_t sum = 0;
    for (std::size_t j = 0; j < l; ++j) sum ^= table[(e[j] >> 24) << coef_bits | in[e[j] & 0xffffff]];
    out[target[r]] = sum;
  }
}

// The rows of one length through rows(fixed): a loop of a count the compiler knows for 1 to 8
// terms (a loop of a varying count costs a mispredicted branch a row), 0 for any other.
template <class Rows>
void by_fixed_length(std::size_t length, std::size_t fixed_lengths, const Rows& rows) {
  switch (length <= fixed_lengths ? length : 0) {
    case 1: rows(std::integral_constant<std::size_t, 1>{}); break;
    case 2: rows(std::integral_constant<std::size_t, 2>{}); break;
    case 3: rows(std::integral_constant<std::size_t, 3>{}); break;
    case 4: rows(std::integral_constant<std::size_t, 4>{}); break;
    case 5: rows(std::integral_constant<std::size_t, 5>{}); break;
    case 6: rows(std::integral_constant<std::size_t, 6>{}); break;
    case 7: rows(std::integral_constant<std::size_t, 7>{}); break;
    case 8: rows(std::integral_constant<std::size_t, 8>{}); break;
    default: rows(std::integral_constant<std::size_t, 0>{});
  }
}

// The rows of one group of the chunked map: each term's map applied to its source chunk a
// byte at a time.
template <std::size_t fixed>
void chunk_rows(const std::vector<std::uint32_t>& target, const std::uint32_t* e, std::size_t length,
                const word* tables, std::size_t bytes, const word* in, word* out) {
  const std::size_t l = fixed ? fixed : length;
  for (std::size_t r = 0; r < target.size(); ++r, e += l) {
    word sum = 0;
    for (std::size_t j = 0; j < l; ++j) {
      const word x = in[e[j] & 0xffffff];
      const word* t = tables + std::size_t(e[j] >> 24) * bytes * 256;
      for (std::size_t i = 0; i < bytes; ++i) sum ^= t[i * 256 + (x >> (8 * i) & 0xff)];
    }
    out[target[r]] = sum;
  }
}

}  // namespace

void squaring_map::square_bytes(const std::uint8_t* in, std::uint8_t* out, std::size_t first, std::size_t last) const {
  const unsigned b = field_->coef_bits;
  for (std::size_t i = first; i < last; ++i) {
    const group& g = groups_[i];
    by_fixed_length(g.length, fixed_lengths_, [&](auto fixed) {
      byte_rows<fixed()>(g.target, g.packed.data(), g.length, table_.data(), b, in, out);
    });
  }
}

void squaring_map::square_chunks(const word* in, word* out, std::size_t first, std::size_t last) const {
  for (std::size_t i = first; i < last; ++i) {
    const group& g = groups_[i];
    by_fixed_length(g.length, fixed_lengths_, [&](auto fixed) {
      chunk_rows<fixed()>(g.target, g.packed.data(), g.length, chunk_tables_.data(), chunk_bytes_, in, out);
    });
  }
}

// Each tile's targets cleared, then each run's sources gathered, mapped and added in. Every
// target chunk has a source (squaring is one-to-one), so every tile of targets has its runs.
void squaring_map::square_tiles(const word* in, word* out, std::size_t first, std::size_t last) const noexcept {
  alignas(64) word gathered[max_run], mapped[max_run];
  for (std::size_t i = first; i < last; ++i) {
    const chunk_tile& t = tiles_[i];
    std::fill(out + t.first_target, out + t.last_target, word(0));
    for (std::size_t r = t.first_run; r < t.last_run; ++r) {
      const chunk_run& run = runs_[r];
      const std::size_t n = run.end - run.begin;
      const std::uint32_t* source = run_source_.data() + run.begin;
      const std::uint32_t* target = run_target_.data() + run.begin;
      for (std::size_t k = 0; k < n; ++k) gathered[k] = in[source[k]];
      kernel_->apply(chunk_maps_[run.map], gathered, mapped, n, false);
      for (std::size_t k = 0; k < n; ++k) out[target[k]] ^= mapped[k];
    }
  }
}

std::vector<word> squaring_map::squared(std::vector<word> x, std::uint64_t times,
                                        const std::function<void()>& each) const {
  if (chunk_) {  // chunk k: words k w, ..., k w + w - 1 hold the coefficients k c, ..., k c + c - 1
    const unsigned b = field_->coef_bits;
    const auto at = [&](std::size_t u) { return u / chunk_ * chunk_words_ + u % chunk_ * b / 64; };
    std::vector<word> in(x.size() / chunk_ * chunk_words_, 0), out(in.size());
    for (std::size_t u = 0; u < x.size(); ++u) in[at(u)] |= x[u] << (u % chunk_ * b % 64);
    for (std::uint64_t i = 0; i < times; ++i, in.swap(out)) {
      if (each) each();
      by_parts([&](std::size_t first, std::size_t last) {
        if (kernel_) square_tiles(in.data(), out.data(), first, last);
        else square_chunks(in.data(), out.data(), first, last);
      });
    }
    for (std::size_t u = 0; u < x.size(); ++u) x[u] = in[at(u)] >> (u % chunk_ * b % 64) & ((word(1) << b) - 1);
    return x;
  }
  if (table_.empty()) {
    std::vector<word> square(x.size()), out(x.size());
    for (std::uint64_t i = 0; i < times; ++i, x.swap(out)) {
      if (each) each();
      square_words(x, square, out);
    }
    return x;
  }
  std::vector<std::uint8_t> in(x.begin(), x.end()), out(x.size());  // coefficients of at most 8 bits
  for (std::uint64_t i = 0; i < times; ++i, in.swap(out)) {
    if (each) each();
    by_parts([&](std::size_t first, std::size_t last) { square_bytes(in.data(), out.data(), first, last); });
  }
  std::copy(in.begin(), in.end(), x.begin());
  return x;
}

}  // namespace dense

std::optional<ordinal> dense_squarings_by_map(const ordinal& x, std::uint64_t j, const kappa_basis& t,
                                              std::size_t fixed_lengths, bool chunks, unsigned threads) {
  const std::optional<dense::dense_field> F = dense::field_of(x, t);
  if (!F) return std::nullopt;
  const dense::squaring_map map(*F, fixed_lengths, chunks, threads);
  return dense::to_ordinal(*F, map.squared(dense::to_dense(*F, x), j));
}

}  // namespace nimber::transfinite
