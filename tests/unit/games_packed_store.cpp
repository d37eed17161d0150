// The file-backed store of packed_values: runs into a file against runs in memory (seeded
// random octal codes, stopped and resumed, the width switched during the run), stores that
// are not fit to be taken up refused, and the periodicity proof on long periods read in place.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "nimber/games/error.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/packed_values.hpp"

namespace {

namespace ng = nimber::games;

// A fresh directory with a store path in it, removed with what it holds.
struct store_dir {
  std::string dir, path;
  store_dir() {
    char name[] = "/tmp/nimber_test_store_XXXXXX";
    if (!::mkdtemp(name)) std::abort();
    dir = name;
    path = dir + "/values.store";
  }
  ~store_dir() {
    std::remove(path.c_str());
    std::remove((path + ".new").c_str());
    ::rmdir(dir.c_str());
  }
};

ng::sequence_options plain(unsigned threads = 1) {
  ng::sequence_options o;
  o.threads = threads;
  return o;
}

// The run of `game` to `terms` in a store at `path`, stopped after the report at or past each
// of `stops` (committed there), and taken up again from the file each time.
ng::grundy_sequence stopped_and_resumed(const ng::heap_game& game, std::uint64_t terms, const std::string& path,
                                        std::vector<std::uint64_t> stops, ng::sequence_options o) {
  ng::packed_values store = ng::packed_values::create_file(path, game.name());
  for (;;) {
    const std::uint64_t stop = stops.empty() ? terms : stops.front();
    o.checkpoint = [stop](ng::packed_values& v, std::uint64_t done) {
      v.commit(done);
      return done < stop;
    };
    ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, std::move(store), o);
    s.values.commit(s.computed);
    if (!s.stopped) return s;
    EXPECT_FALSE(stops.empty());
    stops.erase(stops.begin());
    { const ng::packed_values closing = std::move(s.values); }  // unlocks the file
    store = ng::packed_values::open_file(path, game.name());
    EXPECT_EQ(store.size(), s.computed);
  }
}

// Seeded random octal codes with a split digit: the values in a file-backed store are those
// of the store in memory, read back from the file too.
TEST(PackedStore, FileBackedRunsMatchMemoryOnRandomCodes) {
  std::mt19937_64 rng(4099);
  for (int trial = 0; trial < 12; ++trial) {
    std::string code = "0.";
    const int digits = 1 + int(rng() % 4);
    for (int k = 0; k < digits; ++k) code += char('0' + rng() % 8);
    code[2 + rng() % digits] |= 4;
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 20000 + rng() % 20000;
    const auto memory = ng::grundy_sequence_of(game, terms, plain(2));
    store_dir d;
    {
      ng::grundy_sequence s = ng::grundy_sequence_of(game, terms, ng::packed_values::create_file(d.path, code), plain(2));
      ASSERT_TRUE(s.values.file_backed());
      ASSERT_EQ(s.values, memory.values) << code;
      EXPECT_EQ(s.period, memory.period) << code;
      s.values.commit(s.computed);
    }
    const ng::packed_values back = ng::packed_values::open_file(d.path, code);
    ASSERT_EQ(back.size(), memory.computed) << code;
    for (std::uint64_t i = 0; i < back.size(); ++i) ASSERT_EQ(back[i], memory.values[i]) << code << " at " << i;
  }
}

// Stopped at chosen terms and resumed from the file, on the sparse engine (Grundy's game and
// Officers), the dense one (0.106) and a periodic code: the values of one uninterrupted run.
TEST(PackedStore, StoppedAndResumedFromTheFile) {
  for (const char* code : {"grundy", "0.6", "0.106", "0.07"}) {
    const auto game = ng::heap_game::from_string(code);
    const std::uint64_t terms = 200000;
    const auto memory = ng::grundy_sequence_of(game, terms, plain(2));
    store_dir d;
    const auto s = stopped_and_resumed(game, terms, d.path, {70000, 140000}, plain(2));
    ASSERT_EQ(s.values, memory.values) << code;
    EXPECT_EQ(s.period, memory.period) << code;
  }
}

// The width switched during a file-backed run at a chosen term (to parity packing once the
// sparse engine has named its mask, else to two bytes), and on its own (Officers' values pass
// 255 near term 10,000 and pack it, Nim's pass 255 with no mask and widen it), with stops
// before and after: the values of the run in memory, and the layout kept in the file.
TEST(PackedStore, WidthSwitchedDuringFileBackedRun) {
  struct run {
    const char* code;
    std::uint64_t terms, widen_at;
    std::vector<std::uint64_t> stops;
    bool packed;
    unsigned width;
  };
  for (const run& r : {run{"grundy", 200000, 100000, {65536, 131072}, true, 1},
                       run{"0.6", 150000, 70000, {8192, 65536}, false, 2},  // packed, then two bytes
                       run{"4.07", 150000, 1000, {70000}, false, 2},
                       run{"subtraction:1+1", 1000, 0, {512}, false, 2}}) {
    const auto game = ng::heap_game::from_string(r.code);
    ng::sequence_options o = plain(3);
    o.use_period = false;
    o.widen_at = r.widen_at;
    o.parity_from = 0;
    ng::sequence_options reference = plain(1);
    reference.use_period = false;
    const auto memory = ng::grundy_sequence_of(game, r.terms, reference);
    store_dir d;
    auto s = stopped_and_resumed(game, r.terms, d.path, r.stops, o);
    ASSERT_EQ(s.values, memory.values) << r.code;
    EXPECT_EQ(s.values.parity_packed(), r.packed) << r.code;
    EXPECT_EQ(s.values.width(), r.width) << r.code;
    EXPECT_EQ(s.values.committed(), r.terms) << r.code;
    { const ng::packed_values closing = std::move(s.values); }
    const ng::packed_values back = ng::packed_values::open_file(d.path, r.code);
    EXPECT_EQ(back.parity_packed(), r.packed) << r.code;
    ASSERT_EQ(back, memory.values) << r.code;
  }
}

// A store whose resident part is held to a few pages (trim at every report and long pass)
// reads and resumes the same values.
TEST(PackedStore, TrimmedStoreKeepsEveryValue) {
  const auto game = ng::heap_game::grundys_game();
  const auto memory = ng::grundy_sequence_of(game, 400000, plain(2));
  store_dir d;
  ng::packed_values store = ng::packed_values::create_file(d.path, "grundy");
  store.set_resident_limit(16384);
  const auto s = ng::grundy_sequence_of(game, 400000, std::move(store), plain(2));
  ASSERT_EQ(s.values, memory.values);
  EXPECT_EQ(ng::power_of_two_stats(s.values), ng::power_of_two_stats(memory.values));
}

std::string error_of(const std::string& path, const std::string& tag) {
  try {
    ng::packed_values::open_file(path, tag);
  } catch (const ng::store_error& e) {
    EXPECT_FALSE(e.system()) << e.what();
    return e.expected();
  }
  return "(taken)";
}

void write_bytes(const std::string& path, std::uint64_t at, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::pwrite(fd, bytes.data(), bytes.size(), off_t(at)), ssize_t(bytes.size()));
  ::close(fd);
}

// Stores that must not be taken up: each refused with what it should have been.
TEST(PackedStore, UnfitStoresAreRefused) {
  store_dir d;
  const auto game = ng::heap_game::grundys_game();
  const auto make = [&] {
    std::remove(d.path.c_str());
    auto s = ng::grundy_sequence_of(game, 100000, ng::packed_values::create_file(d.path, "grundy"), plain(1));
    s.values.commit(s.computed);
  };
  make();
  EXPECT_EQ(error_of(d.path, "0.6"), "a store of 0.6 (it holds the values of grundy)");
  {
    const ng::packed_values held = ng::packed_values::open_file(d.path, "grundy");
    EXPECT_EQ(error_of(d.path, "grundy"), "a store no other run is using (another run holds it)");
    try {
      ng::packed_values::create_file(d.path, "grundy");
      ADD_FAILURE() << "an existing file taken for a new store";
    } catch (const ng::store_error& e) {
      EXPECT_EQ(e.expected(), "a file that does not exist yet");
    }
  }
  // Truncated: shorter than the values the header records.
  ASSERT_EQ(::truncate(d.path.c_str(), 4096 + 50000), 0);
  EXPECT_NE(error_of(d.path, "grundy").find("a whole store of"), std::string::npos);
  // A value changed: the values' checksum fails.
  make();
  write_bytes(d.path, 4096 + 1234, std::string(1, '\x7f'));
  EXPECT_EQ(error_of(d.path, "grundy"), "an intact store (its values fail their checksum)");
  // One header slot damaged: the other, an earlier record of the same values, holds. Both
  // damaged: refused.
  make();
  write_bytes(d.path, 30, "xx");
  EXPECT_LE(ng::packed_values::open_file(d.path, "grundy").size(), 100000u);
  write_bytes(d.path, 2048 + 30, "xx");
  EXPECT_EQ(error_of(d.path, "grundy"), "an intact store (its header fails its checksum)");
  // Not a store at all, and an empty file.
  std::ofstream(d.path) << "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0\n";
  EXPECT_EQ(error_of(d.path, "grundy"), "a store written by nimber heap --store (this file is not one)");
  std::ofstream(d.path).close();
  EXPECT_EQ(error_of(d.path, "grundy"), "a store written by nimber heap --store (this file is not one)");
  std::remove(d.path.c_str());
  EXPECT_EQ(error_of(d.path, "grundy"), "a store (there is no such file)");
}

// Values committed and then changed below the committed count: the header first records the
// shorter prefix, so the file never claims a value it does not hold.
TEST(PackedStore, ChangedValueBelowTheCommitIsRecordedAgain) {
  store_dir d;
  {
    ng::packed_values v = ng::packed_values::create_file(d.path, "t");
    v.resize(5000);
    for (std::uint64_t i = 0; i < 5000; ++i) v.set(i, std::uint32_t(i % 200));
    v.commit(5000);
    v.set(1000, 7);
    EXPECT_EQ(v.committed(), 1000u);
    v.commit(5000);
  }
  const ng::packed_values back = ng::packed_values::open_file(d.path, "t");
  ASSERT_EQ(back.size(), 5000u);
  EXPECT_EQ(back[1000], 7u);
  EXPECT_EQ(back[999], 999u % 200);
}

// A synthetic eventually periodic sequence, random values of one byte: preperiod 10^6 and
// period 10^5 in a packed store (in memory and file-backed with little memory), proved by the
// theorem for an octal game with t = 2 (0.07) from 2 n0 + 2 p + t + 1000 terms, read in place.
TEST(PackedStore, LongPeriodProvedOnThePackedStore) {
  const std::uint64_t n0 = 1000000, p = 100000, count = 2 * n0 + 2 * p + 2 + 1000;
  std::mt19937_64 rng(77);
  std::vector<std::uint32_t> v(count);
  for (std::uint64_t i = 0; i < n0 + p; ++i) v[i] = std::uint32_t(rng() % 256);
  if (v[n0 - 1] == v[n0 - 1 + p]) v[n0 - 1] ^= 1;
  for (std::uint64_t i = n0 + p; i < count; ++i) v[i] = v[i - p];
  const auto game = ng::heap_game::from_string("0.07");
  const ng::periodicity expected{n0, p};
  const ng::packed_values memory(v);
  EXPECT_EQ(ng::prove_period(game, memory), expected);
  EXPECT_EQ(ng::prove_period(game, v), expected);
  store_dir d;
  ng::packed_values file = ng::packed_values::create_file(d.path, "synthetic");
  file.set_resident_limit(1 << 20);
  file.resize(count);
  for (std::uint64_t i = 0; i < count; ++i) file.set(i, v[i]);
  EXPECT_EQ(ng::prove_period(game, file), expected);
  // One value short of the proof's need: no period.
  std::vector<std::uint32_t> shorter(v.begin(), v.begin() + std::ptrdiff_t(2 * n0 + 2 * p + 1));
  EXPECT_NE(ng::prove_period(game, ng::packed_values(shorter)), expected);
}

}  // namespace
