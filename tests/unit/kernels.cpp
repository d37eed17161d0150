// The kernel registry's table of slots (src/kernels/kernel.hpp): every registered kernel fills
// every slot or names the ones it lacks, and forcing a kernel moves all of its slots at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/kernel.hpp"
#include "nimber/kernel.hpp"

namespace {

namespace k = nimber::detail::kernels;

// The words of a space-separated list.
std::vector<std::string_view> words(std::string_view list) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const std::size_t end = list.find(' ');
    if (end != 0) out.push_back(list.substr(0, end));
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return out;
}

bool slot_is_null(const k::slots& s, std::string_view name) {
  if (name == "chunks") return s.chunks == nullptr;
  if (name == "gf2x") return s.gf2x == nullptr;
  if (name == "heap_scan") return s.heap_scan == nullptr;
  if (name == "dense_scan") return s.dense_scan == nullptr;
  if (name == "bit_gather") return s.bit_gather == nullptr;
  if (name == "heap_marks") return s.heap_marks == nullptr;
  ADD_FAILURE() << "no optional slot named " << name;
  return false;
}

TEST(KernelSlots, EveryKernelFillsEverySlotOrNamesTheOnesItLacks) {
  const auto registered = k::registered();
  const auto listed = nimber::kernel::list();
  ASSERT_EQ(registered.size(), listed.size());
  for (std::size_t i = 0; i < registered.size(); ++i) {
    const k::registered_kernel& r = registered[i];
    SCOPED_TRACE(std::string(r.info.name));
    EXPECT_EQ(r.info.name, listed[i].name);
    ASSERT_NE(r.slot.batch, nullptr);
    EXPECT_EQ(r.info.name, std::string_view(r.slot.batch->name));
    EXPECT_NE(r.slot.scalar, nimber::detail::scalar_path::undecided);
    const std::vector<std::string_view> lacks = words(r.slot.lacks);
    for (std::string_view name : lacks)
      EXPECT_NE(std::find(std::begin(k::kOptionalSlots), std::end(k::kOptionalSlots), name),
                std::end(k::kOptionalSlots))
          << "lacks names an unknown slot: " << name;
    for (std::string_view name : k::kOptionalSlots) {
      const bool named = std::find(lacks.begin(), lacks.end(), name) != lacks.end();
      EXPECT_EQ(slot_is_null(r.slot, name), named) << "slot " << name;
    }
  }
}

TEST(KernelSlots, ForcingAKernelMovesEverySlot) {
  const std::string before(nimber::kernel::active());
  for (const k::registered_kernel& r : k::registered()) {
    if (!r.info.supported) continue;
    SCOPED_TRACE(std::string(r.info.name));
    ASSERT_EQ(nimber::kernel::force(r.info.name), nimber::kernel::force_status::ok);
    const k::slots& now = k::active_slots();
    EXPECT_EQ(&now, &r.slot);
    EXPECT_EQ(&k::active(), r.slot.batch);
    EXPECT_EQ(nimber::detail::decide_scalar_path(), r.slot.scalar);
    EXPECT_EQ(nimber::detail::active_scalar_path.load(), r.slot.scalar);
    if (r.slot.gf2x != nullptr) {
      EXPECT_EQ(&k::active_gf2x(), r.slot.gf2x);
    } else {
      EXPECT_EQ(std::string_view(k::active_gf2x().name), "portable");
    }
    if (r.slot.chunks != nullptr) {
      EXPECT_EQ(&k::active_chunks(), r.slot.chunks);
    }
  }
  ASSERT_EQ(nimber::kernel::force(before), nimber::kernel::force_status::ok);
}

// Every supported kernel's bit gather against the bit read one at a time, on seeded random
// tables, indices and masks (a single bit or 0, as the misère quotient check gives them).
TEST(KernelSlots, BitGatherReadsEachBitOfTheTable) {
  std::mt19937_64 random(42);
  for (const k::registered_kernel& r : k::registered()) {
    if (!r.info.supported || r.slot.bit_gather == nullptr) continue;
    SCOPED_TRACE(std::string(r.info.name));
    for (const std::size_t words : {1u, 2u, 7u, 32u}) {
      std::vector<std::uint8_t> table(256), index(64 * words), mask(64 * words);
      for (auto& b : table) b = static_cast<std::uint8_t>(random());
      for (std::size_t y = 0; y < index.size(); ++y) {
        index[y] = static_cast<std::uint8_t>(random());
        mask[y] = random() % 9 == 0 ? 0 : static_cast<std::uint8_t>(1u << (random() % 8));
      }
      std::vector<std::uint64_t> out(words, 0);
      r.slot.bit_gather(table.data(), index.data(), mask.data(), words, out.data());
      for (std::size_t y = 0; y < index.size(); ++y)
        ASSERT_EQ((out[y / 64] >> (y % 64) & 1) != 0, (table[index[y]] & mask[y]) != 0) << "bit " << y;
    }
  }
}

// Every supported kernel's heap marks against the byte stores, or the bit sets, they stand for,
// on seeded random values and rows already partly marked (which must keep every mark they had),
// for term counts around the kernel's sixteen lanes, the first source's bytes the last of the
// values.
TEST(KernelSlots, HeapMarksSetTheSlotOfEachPair) {
  std::mt19937_64 random(7);
  for (const k::registered_kernel& r : k::registered()) {
    if (!r.info.supported || r.slot.heap_marks == nullptr) continue;
    SCOPED_TRACE(std::string(r.info.name));
    for (const std::uint64_t terms : {1u, 7u, 15u, 16u, 17u, 33u, 128u}) {
      for (const std::size_t sources : {0u, 1u, 3u, 40u, 300u}) {
        for (const bool bits : {false, true}) {
          SCOPED_TRACE(testing::Message() << terms << " terms, " << sources << " sources, bits " << bits);
          std::vector<std::uint8_t> g(1000 + terms);
          for (auto& b : g) b = random() % 5 == 0 ? std::uint8_t(255 * (random() & 1)) : std::uint8_t(random());
          std::vector<std::uint64_t> bases(sources);
          std::vector<std::uint8_t> values(sources);
          for (std::size_t s = 0; s < sources; ++s) {
            bases[s] = s == 0 ? g.size() - terms : random() % (g.size() - terms + 1);
            values[s] = s == 1 ? 0 : s == 2 ? 255 : std::uint8_t(random());
          }
          // Rows of bits: 256 slots in 32 bytes, the row's other bytes to be left as they are.
          const std::size_t stride = bits ? 32 + 16 * (terms % 3) : 320 + 64 * (terms % 5);
          std::vector<std::uint8_t> rows(terms * stride);
          for (auto& b : rows) b = bits ? std::uint8_t(random() & random()) : random() % 7 == 0;
          std::vector<std::uint8_t> expected = rows;
          for (std::size_t s = 0; s < sources; ++s)
            for (std::uint64_t t = 0; t < terms; ++t) {
              const unsigned x = g[bases[s] + t] ^ values[s];
              if (bits)
                expected[t * stride + x / 8] |= std::uint8_t(1u << (x % 8));
              else
                expected[t * stride + x] = 1;
            }
          r.slot.heap_marks(g.data(), bases.data(), values.data(), sources, terms, rows.data(), stride, bits);
          ASSERT_EQ(rows, expected);
        }
      }
    }
    // Rows as short as the engine's for small values (stride 2 * 4 + 64): every value and
    // nim-sum below 4, so only a row's first bytes are marked.
    const std::uint64_t terms = 37;
    const std::size_t stride = 72, sources = 25;
    std::vector<std::uint8_t> g(200), values(sources), rows(terms * stride, 0);
    std::vector<std::uint64_t> bases(sources);
    for (auto& b : g) b = std::uint8_t(random() % 4);
    for (std::size_t s = 0; s < sources; ++s) {
      bases[s] = random() % (g.size() - terms + 1);
      values[s] = std::uint8_t(random() % 4);
    }
    std::vector<std::uint8_t> expected = rows;
    for (std::size_t s = 0; s < sources; ++s)
      for (std::uint64_t t = 0; t < terms; ++t) expected[t * stride + (g[bases[s] + t] ^ values[s])] = 1;
    r.slot.heap_marks(g.data(), bases.data(), values.data(), sources, terms, rows.data(), stride, false);
    ASSERT_EQ(rows, expected);
  }
}

// The heap scan's contract (src/kernels/kernel.hpp), step by step: the table left, the lanes
// handed back and where the scan stopped. Once the table is empty a scan may have gone on for
// a few more steps (nothing changes there), so its stop is then only bounded.
struct scan_result {
  std::uint64_t a, lanes;
  std::vector<std::uint32_t> table;
};

// Whether no nim-sum of two values of type T is left in the table (below 256 for bytes, 1024
// otherwise).
template <class T>
bool no_reachable_bit(const std::vector<std::uint32_t>& table) {
  const std::ptrdiff_t reach_words = sizeof(T) == 1 ? 8 : 32;
  return std::all_of(table.begin(), table.begin() + reach_words, [](std::uint32_t x) { return x == 0; });
}

template <class T>
scan_result heap_scan_by_contract(const std::vector<T>& g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                  std::vector<std::uint32_t> table, const k::heap_scan_filter& filter) {
  const unsigned w = k::heap_scan_step<T>;
  const auto wanted = [&](std::uint32_t x) { return (table[x >> 5] >> (x & 31) & 1) != 0; };
  const auto skipped = [&](std::uint64_t q) {
    return filter.skip != nullptr && (filter.skip[q >> 6] >> (q & 63) & 1) != 0;
  };
  for (; a + w <= last + 1; a += w) {
    std::uint64_t hits = 0;
    for (unsigned i = 0; i < w; ++i)
      if (wanted(std::uint32_t(g[a + i] ^ g[m - a - i]))) hits |= std::uint64_t(1) << i;
    if (hits == 0) continue;
    if (a >= filter.certain_below) return {a, hits, table};
    for (unsigned i = 0; i < w; ++i)
      if (skipped(a + i)) hits &= ~(std::uint64_t(1) << i);
    bool past = false;
    for (unsigned i = 0; i < w; ++i) past |= (hits >> i & 1) != 0 && a + i >= filter.certain_below;
    if (past) return {a, hits, table};
    for (unsigned i = 0; i < w; ++i) {
      const std::uint32_t x = std::uint32_t(g[a + i] ^ g[m - a - i]);
      if (hits >> i & 1) table[x >> 5] &= ~(std::uint32_t(1) << (x & 31));
    }
    if (no_reachable_bit<T>(table)) return {a + w, 0, table};
  }
  return {a, 0, table};
}

template <class T>
void check_heap_scan(k::heap_scan_of<T> scan, std::mt19937_64& random) {
  const unsigned w = k::heap_scan_step<T>;
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE(round);
    const std::uint64_t m = 2 * w + random() % 6000, last = m / 2, a = 1 + random() % 3;
    // Values from a range narrow or wide, and a table of few or many wanted nim-sums, so that
    // some scans empty their table early and others run to their end.
    const std::uint32_t range = sizeof(T) == 1 ? 256u >> (random() % 3) : 1024u >> (random() % 4);
    std::vector<T> g(m + 1);
    for (T& v : g) v = static_cast<T>(random() % range);
    std::vector<std::uint32_t> table(32, 0);
    const unsigned wanted = 1 + unsigned(random() % 24);
    for (unsigned i = 0; i < wanted; ++i) {
      const std::uint32_t x = std::uint32_t(random() % range);
      table[x >> 5] |= std::uint32_t(1) << (x & 31);
    }
    std::vector<std::uint64_t> skip(m / 64 + 3, 0);
    for (auto& word : skip) word = random() & random() & random();
    k::heap_scan_filter filter;
    if (random() % 2 != 0) filter.skip = skip.data();
    if (random() % 2 != 0) filter.certain_below = random() % (last + 1);
    const scan_result expected = heap_scan_by_contract(g, m, a, last, table, filter);
    std::vector<std::uint32_t> bits = table;
    std::uint64_t lanes = 7;
    const std::uint64_t stop = scan(g.data(), m, a, last, bits.data(), filter, lanes);
    EXPECT_EQ(bits, expected.table);
    EXPECT_EQ(lanes, expected.lanes);
    if (lanes != 0 || stop == expected.a) continue;
    // An emptied table: the scan may stop a few steps later, on a step boundary.
    EXPECT_TRUE(no_reachable_bit<T>(bits));
    EXPECT_GT(stop, expected.a);
    EXPECT_LE(stop, last + 1);
    EXPECT_EQ((stop - a) % w, 0u);
  }
}

// Every supported kernel's heap scan, at each width, against its contract on seeded random
// values, tables and filters.
TEST(KernelSlots, HeapScanFollowsItsContract) {
  std::mt19937_64 random(7);
  for (const k::registered_kernel& r : k::registered()) {
    if (!r.info.supported || r.slot.heap_scan == nullptr) continue;
    SCOPED_TRACE(std::string(r.info.name));
    check_heap_scan(r.slot.heap_scan->u8, random);
    check_heap_scan(r.slot.heap_scan->u16, random);
    check_heap_scan(r.slot.heap_scan->u32, random);
  }
}

}  // namespace
