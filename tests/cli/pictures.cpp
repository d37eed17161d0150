// Pictures: what `table --format png|svg`, the Grundy sequence plot and `game grundy --format
// dot` write, decoded again (libpng for PNG, the markup for SVG and DOT) and checked against
// the library's values, every pixel and every cell.
#include <gtest/gtest.h>
#include <png.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "nimber/arith.hpp"
#include "nimber/games/game_file.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/loopy.hpp"
#include "picture.hpp"
#include "runner.hpp"

namespace {

using namespace cli_test;
using nimber::cli::hex_colour;
using nimber::cli::picture_format;
using nimber::cli::rgb;
using nimber::cli::value_colour;
using nimber::cli::viridis;
namespace ng = nimber::games;

struct image {
  unsigned width = 0, height = 0;
  std::vector<rgb> pixels;
  rgb at(unsigned x, unsigned y) const { return pixels[std::size_t(y) * width + x]; }
};

// A PNG decoded by libpng into 8-bit RGB; width 0 when it is not a PNG libpng reads.
image decode_png(const std::string& bytes) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  image img;
  if (!png_image_begin_read_from_memory(&png, bytes.data(), bytes.size())) return img;
  png.format = PNG_FORMAT_RGB;
  img.pixels.resize(PNG_IMAGE_SIZE(png) / 3);
  if (!png_image_finish_read(&png, nullptr, img.pixels.data(), 0, nullptr)) return {};
  img.width = png.width;
  img.height = png.height;
  return img;
}

// A fresh empty directory under /tmp, removed with its contents at the end.
struct temp_dir {
  std::string path;
  temp_dir() {
    char name[] = "/tmp/nimber_test_pictures_XXXXXX";
    path = mkdtemp(name);
  }
  ~temp_dir() { std::filesystem::remove_all(path); }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(path)) names.push_back(e.path().filename());
    return names;
  }
};

std::uint16_t table_entry(bool add, unsigned r, unsigned c) {
  return add ? nimber::add(std::uint16_t(r), std::uint16_t(c)) : nimber::mul(std::uint16_t(r), std::uint16_t(c));
}

TEST(Pictures, ViridisEndsAndLightness) {
  EXPECT_EQ(viridis(0), (rgb{68, 1, 84}));
  EXPECT_EQ(viridis(0.5), (rgb{33, 145, 140}));
  EXPECT_EQ(viridis(1), (rgb{253, 231, 37}));
  EXPECT_EQ(viridis(-3), viridis(0));
  EXPECT_EQ(viridis(7), viridis(1));
  // Perceptual order: lightness (BT.709 luma, x1000) never falls as t grows.
  long last = -1;
  for (int i = 0; i <= 1000; ++i) {
    const rgb c = viridis(i / 1000.0);
    const long luma = 2126L * c.r + 7152L * c.g + 722L * c.b;
    EXPECT_GE(luma, last - 10000) << i;  // within the rounding of one 8-bit step
    last = std::max(last, luma);
  }
  EXPECT_EQ(value_colour(0, 256), viridis(0));
  EXPECT_EQ(value_colour(255, 256), viridis(1));
  EXPECT_EQ(hex_colour({68, 1, 84}), "#440154");
}

// Every pixel of the PNG is the colour of its entry, scaled to the field GF(2^4) or GF(2^8).
TEST(Pictures, TablePngEveryPixel) {
  for (const unsigned n : {16u, 256u})
    for (const bool add : {false, true}) {
      temp_dir dir;
      const std::string file = dir.path + "/table.png";
      std::vector<std::string> args{"table", std::to_string(n), "--format", "png", "--output", file};
      if (add) args.insert(args.end(), {"--op", "add"});
      const result r = run(args);
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(dir.files(), std::vector<std::string>{"table.png"});  // no temporary left
      const image img = decode_png(read_file(file));
      ASSERT_EQ(img.width, n);
      ASSERT_EQ(img.height, n);
      for (unsigned y = 0; y < n; ++y)
        for (unsigned x = 0; x < n; ++x)
          ASSERT_EQ(img.at(x, y), value_colour(table_entry(add, y, x), n)) << n << " " << add << " " << y << "," << x;
    }
}

// The largest PNG: 4096 x 4096 in GF(2^16), sampled. The sum table: its regular pattern
// compresses quickly (the product table is 23 MB of PNG).
TEST(Pictures, TablePngLargest) {
  temp_dir dir;
  const std::string file = dir.path + "/t.png";
  const result r = run({"table", "4096", "--op", "add", "--format", "png", "--output", file});
  ASSERT_EQ(r.status, 0) << r.err;
  const image img = decode_png(read_file(file));
  ASSERT_EQ(img.width, 4096u);
  ASSERT_EQ(img.height, 4096u);
  for (unsigned i = 0; i < 4096; ++i) {
    const unsigned x = (i * 2654435761u) % 4096, y = (i * 40503u + 7) % 4096;
    ASSERT_EQ(img.at(x, y), value_colour(table_entry(true, y, x), 65536)) << y << "," << x;
  }
}

// `--output -` sends the PNG down a pipe (the runner's stdout is a file, not a terminal).
TEST(Pictures, TablePngToPipe) {
  const result r = run({"table", "4", "--format", "png", "--output", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const image img = decode_png(r.out);
  ASSERT_EQ(img.width, 4u);
  EXPECT_EQ(img.at(3, 2), value_colour(nimber::mul(std::uint8_t(2), std::uint8_t(3)), 4));
}

// The SVG's cells, read back: one unit square per entry at (column, row) in the cell group.
TEST(Pictures, TableSvgCells) {
  for (const unsigned n : {16u, 256u})
    for (const bool add : {false, true}) {
      std::vector<std::string> args{"table", std::to_string(n), "--format", "svg"};
      if (add) args.insert(args.end(), {"--op", "add"});
      const result r = run(args);
      ASSERT_EQ(r.status, 0) << r.err;
      const std::string& svg = r.out;
      ASSERT_EQ(svg.rfind("<?xml", 0), 0u);
      ASSERT_TRUE(svg.ends_with("</svg>\n"));
      const std::size_t begin = svg.find("<g id=\"cells\""), end = svg.find("</g>", begin);
      ASSERT_NE(begin, std::string::npos);
      ASSERT_NE(end, std::string::npos);
      const std::regex cell(R"re(<rect x="(\d+)" y="(\d+)" width="1" height="1" fill="(#[0-9a-f]{6})"/>)re");
      std::set<std::pair<unsigned, unsigned>> seen;
      const std::string cells = svg.substr(begin, end - begin);
      for (std::sregex_iterator it(cells.begin(), cells.end(), cell), stop; it != stop; ++it) {
        const unsigned x = std::stoul((*it)[1]), y = std::stoul((*it)[2]);
        ASSERT_LT(x, n);
        ASSERT_LT(y, n);
        ASSERT_TRUE(seen.insert({x, y}).second) << x << "," << y;
        ASSERT_EQ((*it)[3].str(), hex_colour(value_colour(table_entry(add, y, x), n))) << y << "," << x;
      }
      EXPECT_EQ(seen.size(), std::size_t(n) * n);
      // The legend: the colour map as a gradient, labelled from 0 to the field's largest value.
      EXPECT_NE(svg.find("<linearGradient id=\"viridis\""), std::string::npos);
      EXPECT_NE(svg.find("fill=\"url(#viridis)\""), std::string::npos);
      EXPECT_NE(svg.find(">" + std::to_string(n - 1) + "</text>"), std::string::npos);
    }
}

TEST(Pictures, TableSvgToFile) {
  temp_dir dir;
  const std::string file = dir.path + "/t.svg";
  const result r = run({"table", "8", "--format", "svg", "--output", file});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(file), run({"table", "8", "--format", "svg"}).out);
}

TEST(Pictures, Errors) {
  expect_error({"table", "0", "--format", "png", "--output", "x.png"},
               "argument 1: '0': expected a table size from 1 to 4096");
  expect_error({"table", "4097", "--format", "png", "--output", "x.png"},
               "argument 1: '4097': expected a table size from 1 to 4096");
  expect_error({"table", "257", "--format", "svg"},
               "argument 1: '257': expected a table size from 1 to 256 for --format svg (png: up to 4096)");
  expect_error({"table", "16", "--format", "png"},
               "--format png: expected --output FILE (PNG is binary; '--output -' writes it to a pipe)");
  const std::string draws = "' (png and svg draw 'table', dot draws 'game grundy')";
  expect_error({"nim", "3", "5", "--format", "png"},
               "--format: 'png': expected text, csv or json for 'nimber nim" + draws);
  expect_error({"--format", "svg", "heap", "0.07", "--terms", "5"},
               "--format: 'svg': expected text, csv or json for 'nimber heap" + draws);
  expect_error({"game", "grundy", "-", "--format", "png"},
               "--format: 'png': expected text, csv or json for 'nimber game grundy" + draws, "1 0\n");
  expect_error({"table", "4", "--format", "dot"},
               "--format: 'dot': expected text, csv or json for 'nimber table" + draws);
  expect_error({"game", "outcome", "-", "--format", "dot"},
               "--format: 'dot': expected text, csv or json for 'nimber game outcome" + draws, "1 0\n");
  expect_error({"game", "grundy", "-", "--sum", "0", "--format", "dot"},
               "--sum: '0': expected no sum with --format dot, which draws the whole graph", "1 0\n");
}

// A failed run leaves no file, and an existing file as it was; nothing on stdout.
TEST(Pictures, FailureLeavesNoFile) {
  temp_dir dir;
  const auto fails = [](const std::vector<std::string>& args) {
    const result r = run(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  };
  fails({"table", "16", "--format", "png", "--output", dir.path + "/no/such/dir/t.png"});
  fails({"table", "16", "--format", "png", "--output", dir.path});  // a directory
  fails({"table", "5000", "--format", "png", "--output", dir.path + "/t.png"});
  EXPECT_TRUE(dir.files().empty());
  const std::string kept = dir.path + "/kept.png";
  std::ofstream(kept) << "old";
  fails({"table", "0", "--format", "png", "--output", kept});
  fails({"table", "16", "--format", "svg", "--hex", "--output", kept, "--op", "sub"});
  EXPECT_EQ(read_file(kept), "old");
  EXPECT_EQ(dir.files(), std::vector<std::string>{"kept.png"});
}

// ---- The Grundy sequence plot (drawn in-process) --------------------------------------------

// The plot's point for G(n) lies in pixel column x(n) = 56 + n * 800 / terms of the PNG, in
// the colour of its value (scaled to the largest value); the pre-period and period are
// marked in the SVG when proved.
TEST(Pictures, SequencePlot) {
  const ng::heap_game dawson = ng::heap_game::from_string("0.07");
  const ng::grundy_sequence s = ng::grundy_sequence_of(dawson, 200);
  ASSERT_TRUE(s.period.has_value());
  const std::uint32_t largest = *std::max_element(s.values.begin(), s.values.end());
  const image img = decode_png(nimber::cli::sequence_plot(picture_format::png, s.values.to_vector(), s.period, "0.07"));
  ASSERT_EQ(img.width, 56u + 800 + 16);
  ASSERT_EQ(img.height, 36u + 320 + 48);
  for (std::size_t n = 0; n < s.values.size(); ++n) {
    const unsigned x = unsigned(56 + n * 800 / s.values.size()) + 1;
    bool found = false;
    for (unsigned y = 36; y < 36 + 320 && !found; ++y) found = img.at(x, y) == value_colour(s.values[n], largest + 1);
    EXPECT_TRUE(found) << "G(" << n << ") = " << s.values[n];
  }
  const std::string svg = nimber::cli::sequence_plot(picture_format::svg, s.values.to_vector(), s.period, "0.07");
  EXPECT_NE(svg.find("pre-period " + std::to_string(s.period->preperiod) + " (grey), period " +
                     std::to_string(s.period->period)),
            std::string::npos);
  EXPECT_NE(svg.find("fill=\"#e0e0e0\""), std::string::npos);  // the pre-period's shade
  const std::string none = nimber::cli::sequence_plot(picture_format::svg, s.values.to_vector(), std::nullopt, "0.07");
  EXPECT_NE(none.find("no period proved"), std::string::npos);
  EXPECT_EQ(none.find("fill=\"#e0e0e0\""), std::string::npos);
  // Points of 4 x 4 pixels, one per term (800 / 200 = 4 columns each).
  const std::regex point(R"re(<rect x="(\d+)" y="\d+" width="4" height="4" fill="(#[0-9a-f]{6})"/>)re");
  std::map<unsigned, std::string> fill_at;
  for (std::sregex_iterator it(svg.begin(), svg.end(), point), stop; it != stop; ++it)
    fill_at[std::stoul((*it)[1])] = (*it)[2];
  ASSERT_EQ(fill_at.size(), s.values.size());
  for (std::size_t n = 0; n < s.values.size(); ++n)
    EXPECT_EQ(fill_at[unsigned(56 + n * 4)], hex_colour(value_colour(s.values[n], largest + 1))) << n;
}

// ---- game grundy --format dot ------------------------------------------------------------

constexpr const char* kGame =
    "# a chain into a terminal position, a cycle with an exit, and one without\n"
    "9 10\n1 0\n2 0\n2 1\n3 2\n4 5\n5 4\n5 0\n6 4\n7 8\n8 7\n";

TEST(Pictures, GameDot) {
  const result r = run({"game", "grundy", "-", "--format", "dot"}, kGame);
  ASSERT_EQ(r.status, 0) << r.err;
  const ng::game_graph g = ng::read_game_graph(kGame);
  const ng::generalized_sg gamma = ng::generalized_grundy(g);
  std::uint32_t largest = 0;
  for (std::size_t u = 0; u < g.size(); ++u)
    if (gamma.is_finite(ng::position(u))) largest = std::max(largest, gamma.value[u]);

  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "digraph game {");
  const std::regex node(
      R"re(  (\d+) \[label="(\d+)\\n([^ ]+) \((win|lose|draw)\)", fillcolor="(#[0-9a-f]{6})", )re"
      R"re(fontcolor="#(?:ffffff|000000)"(, shape=doublecircle)?\];)re");
  const std::regex edge(R"re(  (\d+) -> (\d+);)re");
  std::set<std::size_t> nodes;
  std::multiset<std::pair<std::size_t, std::size_t>> edges, expected_edges;
  bool closed = false;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (line == "}")
      closed = true;
    else if (std::regex_match(line, m, node)) {
      const std::size_t u = std::stoul(m[1]);
      const auto p = ng::position(u);
      EXPECT_EQ(m[2].str(), std::to_string(u));
      std::string value = gamma.is_finite(p) ? std::to_string(gamma.value[u]) : "inf{";
      if (!gamma.is_finite(p)) {
        for (const auto k : gamma.k(p)) value += (value.back() == '{' ? "" : ",") + std::to_string(k);
        value += "}";
      }
      EXPECT_EQ(m[3].str(), value) << line;
      EXPECT_EQ(m[4].str(), ng::to_string(gamma.outcome_of(p))) << line;
      EXPECT_EQ(m[5].str(), gamma.is_finite(p) ? hex_colour(value_colour(gamma.value[u], largest + 1)) : "#bebebe");
      EXPECT_EQ(m[6].matched, gamma.outcome_of(p) == ng::outcome::lose) << line;
      EXPECT_TRUE(nodes.insert(u).second) << line;
    } else if (std::regex_match(line, m, edge)) {
      edges.insert({std::stoul(m[1]), std::stoul(m[2])});
    } else {
      EXPECT_TRUE(line.starts_with("  //") || line.starts_with("  node [")) << line;
    }
  }
  EXPECT_TRUE(closed);
  EXPECT_EQ(nodes.size(), g.size());
  for (std::size_t u = 0; u < g.size(); ++u)
    for (const auto v : g.options(ng::position(u))) expected_edges.insert({u, v});
  EXPECT_EQ(edges, expected_edges);
  // Values worked by hand: 4 <-> 5 with the exit 5 -> 0 is finite, 7 <-> 8 a draw.
  EXPECT_NE(r.out.find("label=\"3\\n0 (lose)\""), std::string::npos);
  EXPECT_NE(r.out.find("label=\"5\\n1 (win)\""), std::string::npos);
  EXPECT_NE(r.out.find("label=\"7\\ninf{} (draw)\", fillcolor=\"#bebebe\""), std::string::npos);
  EXPECT_NE(r.out.find("label=\"2\\n2 (win)\""), std::string::npos);
  EXPECT_NE(r.out.find("label=\"0\\n0 (lose)\", fillcolor=\"#440154\""), std::string::npos);
}

// Graphviz renders it (when installed: the DOT text is checked above either way).
TEST(Pictures, GameDotRendersWithGraphviz) {
  if (std::system("command -v dot > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "Graphviz 'dot' is not installed (Debian package graphviz): rendering not checked";
  const result r = run({"game", "grundy", "-", "--format", "dot"}, kGame);
  ASSERT_EQ(r.status, 0) << r.err;
  temp_file dot_file, svg_file;
  std::ofstream(dot_file.path) << r.out;
  ASSERT_EQ(std::system(("dot -Tsvg " + dot_file.path + " -o " + svg_file.path).c_str()), 0);
  const std::string svg = read_file(svg_file.path);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  std::size_t count = 0;
  for (std::size_t at = 0; (at = svg.find("class=\"node\"", at)) != std::string::npos; ++at) ++count;
  EXPECT_EQ(count, 9u);
}

}  // namespace
