// log order solve triples seq: the field algorithms of include/nimber/algebra/log.hpp,
// roots.hpp and sequences.hpp. Each command computes in the smallest field of 8, 16, 32, 64 or
// 128 bits holding its inputs: logarithms and orders are the same in every field that holds
// the numbers, and `solve` looks for roots in that field (or a larger one, --bits).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "field_common.hpp"
#include "nimber/algebra/log.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/algebra/sequences.hpp"

namespace nimber::cli {

namespace {

using args_t = std::vector<std::string>;

struct field_options {
  args_t args;
  unsigned bits = 8;  // solve --bits
};

// A list of n numbers: one per line in text, a column `name` in CSV, an array `key` in JSON.
void print_numbers(context& ctx, const std::string& key, const std::string& name,
                   std::size_t n, std::function<cell(std::size_t)> at) {
  print(ctx, report().table(key, n, {{name, std::move(at)}}));
}

void discrete_log_command(const field_options& opt, context& ctx) {
  const args_t& args = opt.args;
  check_argument_count(args, 2, 2, "nimber log A B");
  const u128 a = parse_number_argument(args[0], 1), b = parse_number_argument(args[1], 2);
  if (a == 0) throw input_error(argument_where(1), args[0], "a nonzero base (0 has no logarithm)");
  const auto x = with_field(subfield_bits(std::max(a, b)), [&]<class U>() -> std::optional<u128> {
    const auto r = discrete_log(U(a), U(b));
    return r ? std::optional<u128>(*r) : std::nullopt;
  });
  if (x) print(ctx, report().value("log", cell::number(*x)));
  else ctx.status = 1;
}

void order_command(const field_options& opt, context& ctx) {
  check_argument_count(opt.args, 1, 1, "nimber order A");
  const u128 a = parse_number_argument(opt.args[0], 1);
  if (a == 0)
    throw input_error(argument_where(1), opt.args[0], "a nonzero number (0 has no order)");
  const u128 e = with_field(subfield_bits(a), [&]<class U>() { return u128(order(U(a))); });
  print(ctx, report().value("order", cell::number(e)));
}

void solve_command(const field_options& opt, context& ctx) {
  const args_t& args = opt.args;
  check_argument_count(args, 1, unlimited, "nimber solve C_n ... C_1 C_0");
  std::vector<u128> coeffs(args.size());  // lowest degree first
  for (std::size_t i = 0; i < args.size(); ++i)
    coeffs[args.size() - 1 - i] = parse_number_argument(args[i], i + 1);
  const u128 largest = *std::max_element(coeffs.begin(), coeffs.end());
  if (largest == 0)
    throw input_error(argument_where(1), args[0],
                      "a nonzero polynomial (every number is a root of 0)");
  const unsigned bits = std::max(opt.bits, subfield_bits(largest));
  std::size_t degree = coeffs.size() - 1;
  while (coeffs[degree] == 0) --degree;
  check_budget(polynomial_roots_memory_bytes(degree, bits),
               "finding the roots of a polynomial of degree " + std::to_string(degree) + " in GF(2^" +
                   std::to_string(bits) + ")");
  const auto roots = with_field(bits, [&]<class U>() {
    std::vector<U> c(coeffs.begin(), coeffs.end());
    const std::vector<U> r = polynomial_roots(std::span<const U>(c));
    return std::vector<u128>(r.begin(), r.end());
  });
  if (roots.empty()) ctx.status = 1;  // no root: a result, with nothing to print
  const auto at = [&roots](std::size_t i) { return cell::number(roots[i]); };
  if (!roots.empty()) print_numbers(ctx, "roots", "root", roots.size(), at);
}

constexpr std::uint64_t kMaxTerm = 1000000000000000000ULL;  // 10^18
constexpr std::uint64_t kMaxLines = 10000000;                // per command

void triples_command(const field_options& opt, context& ctx) {
  const args_t& args = opt.args;
  check_argument_count(args, 1, 2, "nimber triples N [M]");
  const std::uint64_t first =
      parse_bounded(args[0], argument_where(1), 1, kMaxTerm, "a term number from 1 to 10^18");
  const std::uint64_t last =
      args.size() == 2
          ? parse_bounded(args[1], argument_where(2), first, kMaxTerm, "a last term from N to 10^18")
          : first;
  if (last - first >= kMaxLines)
    throw input_error(argument_where(2), args[1], "a range of at most 10^7 terms");
  print_numbers(ctx, "terms", "term", last - first + 1,
                [first](std::size_t i) { return cell::number(perfect_triples_term(first + i)); });
}

void seq_command(const field_options& opt, context& ctx) {
  const args_t& args = opt.args;
  check_argument_count(args, 2, 2, "nimber seq squares|inverses N");
  const bool squares = args[0] == "squares";
  if (!squares && args[0] != "inverses")
    throw input_error(argument_where(1), args[0], "'squares' or 'inverses'");
  // squares N: of 0..N, never empty; inverses N: of 1..N, so N = 0 would ask for nothing.
  const std::uint64_t n = squares
      ? parse_bounded(args[1], argument_where(2), 0, kMaxLines, "a number from 0 to 10^7")
      : parse_bounded(args[1], argument_where(2), 1, kMaxLines, "a count from 1 to 10^7 (the inverses of 1..N)");
  // x^2 and 1/x are the same in every field holding x; 0 has no inverse and is skipped.
  const auto at = [squares](std::size_t i) {
    return cell::number(squares ? square(std::uint64_t(i)) : inverse(std::uint64_t(i) + 1));
  };
  print_numbers(ctx, args[0], squares ? "square" : "inverse", squares ? n + 1 : n, at);
}

struct field_command {
  const char* name;
  const char* description;
  const char* footer;
  void (*run)(const field_options&, context&);
};

const field_command kCommands[] = {
    {"log", "Discrete logarithm: the least x >= 0 with A^x = B",
     "Usage: nimber log A B\nPrints nothing and exits 1 when B is not a power of A.\n"
     "Examples:\n  nimber log 2 3                 # 2 (2*2 = 3)\n"
     "  nimber log 0x10 0x1234         # no answer: exit status 1",
     discrete_log_command},
    {"order", "Multiplicative order of A (the least e >= 1 with A^e = 1)",
     "Usage: nimber order A\nExamples:\n  nimber order 2                 # 3\n"
     "  nimber order 0x100000006       # 18446744073709551615 (primitive)",
     order_command},
    {"solve", "Distinct roots of C_n x^n + ... + C_1 x + C_0, one per line",
     "Usage: nimber solve C_n ... C_1 C_0 [--bits B]\n"
     "Roots are sought in the smallest field of 8, 16, 32, 64 or 128 bits holding every\n"
     "coefficient (or of B bits when larger). Prints nothing and exits 1 when there is none.\n"
     "Examples:\n  nimber solve 1 1 1              # x^2 + x + 1: 2 and 3\n"
     "  nimber solve 1 0 0 2            # x^3 = 2: no root in GF(2^8), exit status 1",
     solve_command},
    {"triples", "Terms N..M of the Perfect Triples sequence (Codeforces 1338C)",
     "Usage: nimber triples N [M]   (1 <= N <= M <= 10^18, at most 10^7 terms)\n"
     "Examples:\n  nimber triples 9                # 15\n"
     "  nimber triples 1 6              # 1 2 3 4 8 12",
     triples_command},
    {"seq", "Nim squares of 0..N or nim inverses of 1..N, one per line",
     "Usage: nimber seq squares|inverses N   (N <= 10^7; inverses: N >= 1)\n"
     "Examples:\n  nimber seq squares 3            # 0 1 3 2\n"
     "  nimber seq inverses 3 --format json   # {\"inverses\":[1,3,2]}",
     seq_command},
};

}  // namespace

void add_field_commands(CLI::App& app, context& ctx) {
  for (const field_command& c : kCommands) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    auto opt = std::make_shared<field_options>();
    sub->add_option("arguments", opt->args, "Numbers: decimal, 0x hex or 0b binary")
        ->allow_extra_args();
    if (std::string(c.name) == "solve")
      sub->add_option("--bits", opt->bits, "Search the field of at least this many bits")
          ->check(CLI::IsMember({8u, 16u, 32u, 64u, 128u}));
    sub->footer(c.footer);
    sub->callback([&ctx, &c, opt] { c.run(*opt, ctx); });
  }
}

}  // namespace nimber::cli
