// The Library Checker program built on the single header (nim_product.cpp), run on edge and
// random 64-bit pairs, its output checked line by line against the library's product: on the
// path the CPU chooses and with NIMBER_KERNEL=portable.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nimber/arith.hpp"
#include "unit/edge_values.hpp"

namespace {

struct temp_path {
  std::string path;
  temp_path() {
    char name[] = "/tmp/nimber_single_header_XXXXXX";
    const int fd = mkstemp(name);
    if (fd >= 0) close(fd);
    path = name;
  }
  ~temp_path() { std::remove(path.c_str()); }
};

// Every pair of edge values, then seeded random pairs.
std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs() {
  const std::vector<std::uint64_t> edges = nimber::test::edge_values<std::uint64_t>();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> p;
  for (const auto a : edges)
    for (const auto b : edges) p.emplace_back(a, b);
  const std::vector<std::uint64_t> random = nimber::test::test_values<std::uint64_t>(2 * 100000 + edges.size());
  for (std::size_t i = edges.size(); i + 1 < random.size(); i += 2) p.emplace_back(random[i], random[i + 1]);
  return p;
}

void check_run(const std::string& environment) {
  const auto p = pairs();
  temp_path in, out;
  {
    std::ofstream f(in.path);
    f << p.size() << "\n";
    for (const auto& [a, b] : p) f << a << " " << b << "\n";
  }
  const std::string command = environment + " " + NIMBER_NIM_PRODUCT + " < " + in.path + " > " + out.path;
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream f(out.path);
  std::string line;
  std::size_t i = 0;
  for (; std::getline(f, line); ++i) {
    ASSERT_LT(i, p.size()) << "more lines than pairs";
    ASSERT_EQ(line, std::to_string(nimber::mul(p[i].first, p[i].second)))
        << "line " << i + 1 << ": " << p[i].first << " * " << p[i].second;
  }
  EXPECT_EQ(i, p.size());
}

TEST(SingleHeader, NimProductMatchesLibrary) { check_run("env -u NIMBER_KERNEL"); }

TEST(SingleHeader, NimProductMatchesLibraryPortable) { check_run("env NIMBER_KERNEL=portable"); }

}  // namespace
