// table N: the N x N nim multiplication or addition table: in text labelled and boxed as in
// "J be Nimble, J be Quick" (Conway and Guy, Table 10.2), in CSV bare rows of values, in JSON
// an array of rows, in PNG and SVG a picture (picture.hpp).
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/arith.hpp"
#include "picture.hpp"

namespace nimber::cli {

namespace {

// 4096^2 entries (~100 MB of text) is already more than anyone reads; N < 2^16 also keeps
// every entry in the 16-bit field. Pictures: kMaxPngTable and kMaxSvgTable (picture.hpp).
constexpr std::uint64_t kMaxTableSize = 4096;

struct table_options {
  std::string size;
  std::string op = "mul";
};

std::vector<std::uint16_t> compute_table(std::size_t n, bool add_op) {
  std::vector<std::uint16_t> t(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      const auto a = std::uint16_t(r), b = std::uint16_t(c);
      t[r * n + c] = add_op ? add(a, b) : mul(a, b);
    }
  return t;
}

// The field the table lies in: GF(2^(2^k)), the smallest holding 0 .. n - 1; its size is the
// number of colours a picture is scaled to.
unsigned field_bits(std::size_t n) {
  unsigned bits = 1;
  while ((std::uint64_t(1) << bits) < n) bits *= 2;
  return bits;
}

// png needs --output (binary data is not written to a terminal; '--output -' sends it to a pipe).
void check_png_destination(const context& ctx) {
  if (ctx.output_file.empty())
    throw input_error("--format png: expected --output FILE (PNG is binary; '--output -' writes it to a pipe)");
  if (ctx.output_file == "-") check_binary_stdout("--output", "PNG");
}

// The table and its rendering, which is held whole until the run succeeds: each entry's
// digits ("0x", quotes and a separator included), in a string that may double as it grows.
void check_table_memory(std::size_t n) {
  const std::size_t digits = std::to_string((std::uint64_t(1) << field_bits(n)) - 1).size();
  check_budget(saturating_size(std::uint64_t(n) * n, 2 + 2 * (digits + 4)),
               "a table of " + std::to_string(n) + " x " + std::to_string(n));
}

void table_command(const table_options& opt, context& ctx) {
  const auto picture = picture_format_of(ctx.output.format);
  const std::uint64_t max = !picture ? kMaxTableSize
                            : *picture == picture_format::png ? kMaxPngTable
                                                              : kMaxSvgTable;
  const std::string expected =
      "a table size from 1 to " + std::to_string(max) +
      (picture == picture_format::svg ? " for --format svg (png: up to " + std::to_string(kMaxPngTable) + ")" : "");
  const std::size_t n = parse_bounded(opt.size, argument_where(1), 1, max, expected);
  if (picture == picture_format::png) check_png_destination(ctx);
  check_table_memory(n);
  const bool add_op = opt.op == "add";
  const auto t = compute_table(n, add_op);
  if (picture) {
    const unsigned bits = field_bits(n);
    const std::string title = std::string(add_op ? "nim sums x + y" : "nim products x * y") +
                              ", x (row) and y (column) below " + std::to_string(n) + ", in GF(2^" +
                              std::to_string(bits) + ")";
    ctx.out += table_picture(*picture, n, t, std::uint64_t(1) << bits, title);
    return;
  }
  const auto entry = [&t, n](std::size_t r, std::size_t c) { return cell::number(t[r * n + c]); };
  print(ctx, report().matrix("table", n, n, entry, /*boxed=*/true));
}

}  // namespace

void add_table_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<table_options>();
  CLI::App* sub = app.add_subcommand("table", "The N x N nim multiplication or addition table");
  sub->add_option("N", opt->size, "Table size, 1 to " + std::to_string(kMaxTableSize))
      ->required();
  sub->add_option("--op", opt->op, "Operation: mul (default) or add")
      ->check(CLI::IsMember({"mul", "add"}));
  sub->footer(
      "Text: labelled and boxed; --format csv: N lines of N values, no labels; --format json:\n"
      "an array of N rows. --format png (N up to 4096, needs --output): one pixel per entry;\n"
      "--format svg (N up to 256): one square per entry, with a legend. Colours: viridis,\n"
      "from dark blue (0) to yellow (the field's largest value).\n"
      "Examples:\n"
      "  nimber table 16                     # Conway and Guy, Table 10.2 (products)\n"
      "  nimber table 16 --op add            # the nim-sum table\n"
      "  nimber table 256 --format csv       # all products in GF(2^8), as CSV\n"
      "  nimber table 256 --format png --output products.png");
  sub->callback([&ctx, opt] { table_command(*opt, ctx); });
}

}  // namespace nimber::cli
