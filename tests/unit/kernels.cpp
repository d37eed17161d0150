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

}  // namespace
