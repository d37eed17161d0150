// The output writer of the command (cli/output.hpp), in-process: one report rendered as text,
// CSV and JSON, with and without --hex.
#include "output.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nimber/big.hpp"

namespace {

using namespace nimber::cli;

std::string render(const report& r, output_format format, bool hex = false) {
  std::string out;
  write_report(r, output_options{format, hex}, out);
  return out;
}

// A small report with a value, a table and a nested object, as the game commands build.
report sample(const std::vector<std::uint64_t>& to) {
  report r;
  r.value("total", cell::number(26), "total: {}");
  r.value("count", cell::count(26), "", in_json);
  r.table("moves", to.size(),
          {{"index", [](std::size_t i) { return cell::count(i + 1); }},
           {"to", [&to](std::size_t i) { return cell::number(to[i]); }}},
          "move {index}: -> {to}");
  report& o = r.object("detail", "detail {list| + |none}", in_text | in_json);
  o.value("list", cell::numbers(std::vector<std::uint64_t>{10, 11}), "", in_json);
  return r;
}

TEST(CliOutput, SameReportInEveryFormat) {
  const std::vector<std::uint64_t> to{15, 3};
  const report r = sample(to);
  EXPECT_EQ(render(r, output_format::text), "total: 26\nmove 1: -> 15\nmove 2: -> 3\ndetail 10 + 11\n");
  EXPECT_EQ(render(r, output_format::csv), "index,to\n1,15\n2,3\n");
  EXPECT_EQ(render(r, output_format::json),
            "{\"total\":26,\"count\":26,\"moves\":[{\"index\":1,\"to\":15},{\"index\":2,\"to\":3}],"
            "\"detail\":{\"list\":[10,11]}}\n");
}

TEST(CliOutput, HexAppliesToNumbersNotCounts) {
  const std::vector<std::uint64_t> to{15, 3};
  const report r = sample(to);
  EXPECT_EQ(render(r, output_format::text, true),
            "total: 0x1a\nmove 1: -> 0xf\nmove 2: -> 0x3\ndetail 0xa + 0xb\n");
  EXPECT_EQ(render(r, output_format::csv, true), "index,to\n1,0xf\n2,0x3\n");
  // JSON numbers have no hex form: hex numbers are strings there.
  EXPECT_EQ(render(r, output_format::json, true),
            "{\"total\":\"0x1a\",\"count\":26,\"moves\":[{\"index\":1,\"to\":\"0xf\"},"
            "{\"index\":2,\"to\":\"0x3\"}],\"detail\":{\"list\":[\"0xa\",\"0xb\"]}}\n");
}

TEST(CliOutput, ValuesWithoutATableAreOneCsvRow) {
  report r;
  r.value("value", cell::number(11));
  report& m = r.object("move", "turn {turn|, }", in_all, false);
  m.value("turn", cell(), "", in_csv | in_json);
  EXPECT_EQ(render(r, output_format::csv), "value,turn\n11,\n");
  EXPECT_EQ(render(r, output_format::json), "{\"value\":11,\"move\":null}\n");
  EXPECT_EQ(render(r, output_format::text), "11\n");
}

TEST(CliOutput, OneColumnTablesAreJsonArrays) {
  const std::vector<std::uint64_t> values{1, 12, 13};
  report r;
  r.table("products", values.size(), {number_column("product", values)});
  EXPECT_EQ(render(r, output_format::text), "1\n12\n13\n");
  EXPECT_EQ(render(r, output_format::text, true), "0x1\n0xc\n0xd\n");
  EXPECT_EQ(render(r, output_format::csv), "product\n1\n12\n13\n");
  EXPECT_EQ(render(r, output_format::json), "{\"products\":[1,12,13]}\n");
}

TEST(CliOutput, MatricesAndBoxes) {
  const auto at = [](std::size_t i, std::size_t j) { return cell::number(i * 10 + j); };
  report r;
  r.matrix("m", 2, 2, at);
  EXPECT_EQ(render(r, output_format::text), "0 1\n10 11\n");
  EXPECT_EQ(render(r, output_format::csv), "0,1\n10,11\n");
  EXPECT_EQ(render(r, output_format::json), "{\"m\":[[0,1],[10,11]]}\n");
  report boxed;
  boxed.matrix("m", 2, 2, at, true);
  EXPECT_EQ(render(boxed, output_format::text),
            "+-+-----+\n"
            "| | 0  1|\n"
            "+-+-----+\n"
            "|0| 0  1|\n"
            "|1|10 11|\n"
            "+-+-----+\n");
}

TEST(CliOutput, TextCellsAreQuotedAndEscaped) {
  report r;
  r.value("name", cell::text("a, \"b\"\n"));
  r.value("inf", cell::infinite({cell::number(0), cell::number(2)}));
  r.value("big", cell::big(nimber::big_nim::power_of_two(128)));
  EXPECT_EQ(render(r, output_format::csv),
            "name,inf,big\n\"a, \"\"b\"\"\n\",inf{0 2},340282366920938463463374607431768211456\n");
  EXPECT_EQ(render(r, output_format::json),
            "{\"name\":\"a, \\\"b\\\"\\u000a\",\"inf\":{\"inf\":[0,2]},"
            "\"big\":340282366920938463463374607431768211456}\n");
  EXPECT_EQ(render(r, output_format::text, true),
            "a, \"b\"\n\ninf{0x0,0x2}\n0x100000000000000000000000000000000\n");
}

TEST(CliOutput, LongOutputsComeInPieces) {
  std::vector<std::uint64_t> values(200000);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = i * 0x9e3779b97f4a7c15;
  report r;
  r.table("v", values.size(), {number_column("v", values)});
  std::string whole, pieces;
  std::size_t count = 0;
  write_report(r, output_options{}, whole);
  write_report(r, output_options{}, [&](std::string_view piece) {
    pieces += piece;
    ++count;
  });
  EXPECT_EQ(pieces, whole);
  EXPECT_GT(count, 1u);
  EXPECT_EQ(whole.substr(0, 23), "0\n11400714819323198485\n");
}

}  // namespace
