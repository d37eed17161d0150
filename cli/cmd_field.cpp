// log order solve triples seq: the field algorithms of include/nimber/log.hpp, roots.hpp
// and sequences.hpp. Each command computes in the smallest field of 8, 16, 32, 64 or 128
// bits holding its inputs: logarithms and orders are the same in every field that holds the
// numbers, and `solve` looks for roots in that field (or a larger one, --bits).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/log.hpp"
#include "nimber/roots.hpp"
#include "nimber/sequences.hpp"

namespace nimber::cli {

namespace {

using args_t = std::vector<std::string>;

// Calls f.template operator()<U>() for the word type of the field of `bits` bits (>= 8).
template <class F>
auto with_field(unsigned bits, F&& f) {
  if (bits <= 8) return f.template operator()<std::uint8_t>();
  if (bits <= 16) return f.template operator()<std::uint16_t>();
  if (bits <= 32) return f.template operator()<std::uint32_t>();
  if (bits <= 64) return f.template operator()<std::uint64_t>();
  return f.template operator()<u128>();
}

std::string line(u128 v, bool hex) { return to_string(v, hex) + "\n"; }

void discrete_log_command(const args_t& args, bool hex, context& ctx) {
  check_argument_count(args, 2, 2, "nimber log A B");
  const u128 a = parse_number_argument(args[0], 1), b = parse_number_argument(args[1], 2);
  if (a == 0) throw input_error(argument_where(1), args[0], "a nonzero base (0 has no logarithm)");
  const auto x = with_field(subfield_bits(std::max(a, b)), [&]<class U>() -> std::optional<u128> {
    const auto r = discrete_log(U(a), U(b));
    return r ? std::optional<u128>(*r) : std::nullopt;
  });
  if (x) ctx.out = line(*x, hex);
  else ctx.status = 1;
}

void order_command(const args_t& args, bool hex, context& ctx) {
  check_argument_count(args, 1, 1, "nimber order A");
  const u128 a = parse_number_argument(args[0], 1);
  if (a == 0) throw input_error(argument_where(1), args[0], "a nonzero number (0 has no order)");
  ctx.out = line(with_field(subfield_bits(a), [&]<class U>() { return u128(order(U(a))); }), hex);
}

void solve_command(const args_t& args, unsigned bits, bool hex, context& ctx) {
  check_argument_count(args, 1, std::size_t(-1), "nimber solve C_n ... C_1 C_0");
  std::vector<u128> coeffs(args.size());  // lowest degree first
  u128 largest = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    coeffs[args.size() - 1 - i] = parse_number_argument(args[i], i + 1);
    largest = std::max(largest, coeffs[args.size() - 1 - i]);
  }
  if (largest == 0)
    throw input_error(argument_where(1), args[0],
                      "a nonzero polynomial (every number is a root of 0)");
  const unsigned field = std::max(bits, subfield_bits(largest));
  const auto roots = with_field(field, [&]<class U>() {
    std::vector<U> c(coeffs.begin(), coeffs.end());
    const std::vector<U> r = polynomial_roots(std::span<const U>(c));
    return std::vector<u128>(r.begin(), r.end());
  });
  for (const u128 r : roots) ctx.out += line(r, hex);
  if (roots.empty()) ctx.status = 1;
}

constexpr std::uint64_t kMaxTerm = 1000000000000000000ULL;  // 10^18
constexpr std::uint64_t kMaxLines = 10000000;                // per command

std::uint64_t bounded_argument(const args_t& args, std::size_t i, std::uint64_t low,
                               std::uint64_t high, const std::string& expected) {
  const auto r = parse_u128(args[i]);
  if (!r || r.value < low || r.value > high) throw input_error(argument_where(i + 1), args[i], expected);
  return std::uint64_t(r.value);
}

void triples_command(const args_t& args, bool hex, context& ctx) {
  check_argument_count(args, 1, 2, "nimber triples N [M]");
  const std::string term = "a term number from 1 to 10^18";
  const std::uint64_t first = bounded_argument(args, 0, 1, kMaxTerm, term);
  const std::uint64_t last = args.size() == 2 ? bounded_argument(args, 1, first, kMaxTerm,
                                                                 "a last term from N to 10^18")
                                              : first;
  if (last - first >= kMaxLines)
    throw input_error(argument_where(2), args[1], "a range of at most 10^7 terms");
  for (std::uint64_t n = first;; ++n) {
    ctx.out += line(perfect_triples_term(n), hex);
    if (n == last) break;
  }
}

void seq_command(const args_t& args, bool hex, context& ctx) {
  check_argument_count(args, 2, 2, "nimber seq squares|inverses N");
  const bool squares = args[0] == "squares";
  if (!squares && args[0] != "inverses")
    throw input_error(argument_where(1), args[0], "'squares' or 'inverses'");
  const std::uint64_t n = bounded_argument(args, 1, 0, kMaxLines, "a number from 0 to 10^7");
  // x^2 and 1/x are the same in every field holding x; 0 has no inverse and is skipped.
  for (std::uint64_t x = squares ? 0 : 1; x <= n; ++x)
    ctx.out += line(squares ? square(x) : inverse(x), hex);
}

struct field_command {
  const char* name;
  const char* description;
  const char* footer;
};

}  // namespace

void add_field_commands(CLI::App& app, context& ctx) {
  const field_command commands[] = {
      {"log", "Discrete logarithm: the least x >= 0 with A^x = B",
       "Usage: nimber log A B\nPrints nothing and exits 1 when B is not a power of A.\n"
       "Examples:\n  nimber log 2 3                 # 2 (2*2 = 3)\n"
       "  nimber log 0x10 0x1234         # no answer: exit status 1"},
      {"order", "Multiplicative order of A (the least e >= 1 with A^e = 1)",
       "Usage: nimber order A\nExamples:\n  nimber order 2                 # 3\n"
       "  nimber order 0x100000006       # 18446744073709551615 (primitive)"},
      {"solve", "Distinct roots of C_n x^n + ... + C_1 x + C_0, one per line",
       "Usage: nimber solve C_n ... C_1 C_0 [--bits B]\n"
       "Roots are sought in the smallest field of 8, 16, 32, 64 or 128 bits holding every\n"
       "coefficient (or of B bits when larger). Prints nothing and exits 1 when there is none.\n"
       "Examples:\n  nimber solve 1 1 1              # x^2 + x + 1: 2 and 3\n"
       "  nimber solve 1 0 0 2            # x^3 = 2: no root in GF(2^8), exit status 1"},
      {"triples", "Terms N..M of the Perfect Triples sequence (Codeforces 1338C)",
       "Usage: nimber triples N [M]   (1 <= N <= M <= 10^18, at most 10^7 terms)\n"
       "Examples:\n  nimber triples 9                # 15\n  nimber triples 1 6              # 1 2 3 4 8 12"},
      {"seq", "Nim squares of 0..N or nim inverses of 1..N, one per line",
       "Usage: nimber seq squares|inverses N   (N <= 10^7)\n"
       "Examples:\n  nimber seq squares 3            # 0 1 3 2\n  nimber seq inverses 3           # 1 3 2"},
  };
  for (const field_command& c : commands) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    auto args = std::make_shared<args_t>();
    auto hex = std::make_shared<bool>(false);
    auto bits = std::make_shared<unsigned>(8);
    sub->add_option("arguments", *args, "Numbers: decimal, 0x hex or 0b binary")->allow_extra_args();
    sub->add_flag("--hex", *hex, "Print results in hex (0x...)");
    if (std::string(c.name) == "solve")
      sub->add_option("--bits", *bits, "Search the field of at least this many bits")
          ->check(CLI::IsMember({8u, 16u, 32u, 64u, 128u}));
    sub->footer(c.footer);
    const std::string name = c.name;
    sub->callback([&ctx, name, args, hex, bits] {
      if (name == "log") discrete_log_command(*args, *hex, ctx);
      else if (name == "order") order_command(*args, *hex, ctx);
      else if (name == "solve") solve_command(*args, *bits, *hex, ctx);
      else if (name == "triples") triples_command(*args, *hex, ctx);
      else seq_command(*args, *hex, ctx);
    });
  }
}

}  // namespace nimber::cli
