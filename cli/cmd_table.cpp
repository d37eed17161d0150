// table N: the N x N nim multiplication or addition table, either labelled and boxed as in
// "J be Nimble, J be Quick" (Conway and Guy, Table 10.2), or as bare CSV.
#include <CLI/CLI.hpp>

#include <algorithm>
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
  std::string format = "text";
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

std::string csv(const std::vector<std::uint16_t>& t, std::size_t n) {
  std::string s;
  s.reserve(t.size() * 6);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      s += std::to_string(t[r * n + c]);
      s += c + 1 < n ? ',' : '\n';
    }
  return s;
}

void append_right_aligned(std::string& s, std::size_t value, std::size_t width) {
  const std::string digits = std::to_string(value);
  s.append(width - digits.size(), ' ');
  s += digits;
}

// The J layout: a box of + - |, a header row and a label column of 0..N-1, every entry
// right-aligned to the widest one and separated by one space:
//   +--+-----------+
//   |  | 0  1 .. 15|
//   +--+-----------+
//   | 0| 0  1 .. 15|
//   ...
std::string boxed(const std::vector<std::uint16_t>& t, std::size_t n) {
  const std::size_t max_value = *std::max_element(t.begin(), t.end());
  const std::size_t label_w = std::to_string(n - 1).size();
  const std::size_t cell_w = std::max(label_w, std::to_string(max_value).size());
  const std::string rule =
      "+" + std::string(label_w, '-') + "+" + std::string(n * (cell_w + 1) - 1, '-') + "+\n";
  auto row = [&](std::string& s, const std::string& label, auto&& cell) {
    s += '|';
    s.append(label_w - label.size(), ' ');
    s += label;
    s += '|';
    for (std::size_t c = 0; c < n; ++c) {
      if (c) s += ' ';
      append_right_aligned(s, cell(c), cell_w);
    }
    s += "|\n";
  };
  std::string s;
  s.reserve((n + 4) * rule.size());
  s += rule;
  row(s, "", [](std::size_t c) { return c; });
  s += rule;
  for (std::size_t r = 0; r < n; ++r)
    row(s, std::to_string(r), [&](std::size_t c) { return std::size_t(t[r * n + c]); });
  s += rule;
  return s;
}

}  // namespace

void add_table_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<table_options>();
  CLI::App* sub = app.add_subcommand("table", "The N x N nim multiplication or addition table");
  sub->add_option("N", opt->size, "Table size, 1 to " + std::to_string(kMaxTableSize))
      ->required();
  sub->add_option("--op", opt->op, "Operation: mul (default) or add")
      ->check(CLI::IsMember({"mul", "add"}));
  sub->add_option("--format", opt->format,
                  "text (default): labelled and boxed; csv: N lines of N values, no labels")
      ->check(CLI::IsMember({"text", "csv"}));
  sub->footer(
      "Examples:\n"
      "  nimber table 16                     # Conway and Guy, Table 10.2 (products)\n"
      "  nimber table 16 --op add            # the nim-sum table\n"
      "  nimber table 256 --format csv       # all products in GF(2^8), as CSV");
  sub->callback([&ctx, opt] {
    const u128 n = parse_number_argument(opt->size, 1);
    if (n < 1 || n > kMaxTableSize)
      throw input_error(argument_where(1), opt->size,
                        "a table size from 1 to " + std::to_string(kMaxTableSize));
    const auto size = std::size_t(n);
    const auto t = compute_table(size, opt->op == "add");
    ctx.out = opt->format == "csv" ? csv(t, size) : boxed(t, size);
  });
}

}  // namespace nimber::cli
