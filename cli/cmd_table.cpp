// table N: the N x N nim multiplication or addition table: in text labelled and boxed as in
// "J be Nimble, J be Quick" (Conway and Guy, Table 10.2), in CSV bare rows of values, in JSON
// an array of rows.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/arith.hpp"

namespace nimber::cli {

namespace {

// 4096^2 entries (~100 MB of text) is already more than anyone reads; N < 2^16 also keeps
// every entry in the 16-bit field.
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

void table_command(const table_options& opt, context& ctx) {
  const std::size_t n = parse_bounded(opt.size, argument_where(1), 1, kMaxTableSize,
                                      "a table size from 1 to " + std::to_string(kMaxTableSize));
  const auto t = compute_table(n, opt.op == "add");
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
      "an array of N rows.\n"
      "Examples:\n"
      "  nimber table 16                     # Conway and Guy, Table 10.2 (products)\n"
      "  nimber table 16 --op add            # the nim-sum table\n"
      "  nimber table 256 --format csv       # all products in GF(2^8), as CSV");
  sub->callback([&ctx, opt] { table_command(*opt, ctx); });
}

}  // namespace nimber::cli
