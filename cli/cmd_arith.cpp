// mul add div inv sqrt pow: one result line, computed in the 128-bit nimber field. The
// fields of 8, 16, 32 and 64 bits are subfields of it, so small inputs give the small-field
// answer (mul 8 8 = 13 in every field that holds 8).
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/arith.hpp"

namespace nimber::cli {

namespace {

using args_t = std::vector<std::string>;

u128 number(const args_t& args, std::size_t i) { return parse_number_argument(args[i], i + 1); }

u128 nonzero(const args_t& args, std::size_t i, const char* expected) {
  const u128 x = number(args, i);
  if (x == 0) throw input_error(argument_where(i + 1), args[i], expected);
  return x;
}

u128 mul_all(const args_t& args) {
  u128 r = number(args, 0);
  for (std::size_t i = 1; i < args.size(); ++i) r = mul(r, number(args, i));
  return r;
}

u128 add_all(const args_t& args) {
  u128 r = 0;
  for (std::size_t i = 0; i < args.size(); ++i) r ^= number(args, i);
  return r;
}

u128 divide(const args_t& args) {
  const u128 a = number(args, 0);
  return div(a, nonzero(args, 1, "a nonzero divisor (division by zero)"));
}

u128 invert(const args_t& args) {
  return inverse(nonzero(args, 0, "a nonzero number (0 has no inverse)"));
}

u128 square_root(const args_t& args) { return sqrt(number(args, 0)); }

// E may be negative: x^-e = (1/x)^e.
u128 power(const args_t& args) {
  const u128 x = number(args, 0);
  const std::string& token = args[1];
  const bool negative = token.starts_with('-');
  const auto e = parse_u128(std::string_view(token).substr(negative ? 1 : 0));
  if (!e)
    throw input_error(argument_where(2), token,
                      "an exponent: an optional '-' and a number below 2^128 (decimal, 0x hex "
                      "or 0b binary)");
  if (!negative || e.value == 0) return pow(x, e.value);
  if (x == 0)
    throw input_error(argument_where(2), token,
                      "a non-negative exponent, since the base is 0 (0 has no inverse)");
  return pow(inverse(x), e.value);
}

struct arith_command {
  const char* name;
  const char* description;
  const char* usage;
  std::size_t min_args, max_args;
  const char* examples;
  u128 (*compute)(const args_t&);
};

constexpr std::size_t unlimited = std::size_t(-1);

const arith_command kCommands[] = {
    {"mul", "Nim product of two or more numbers", "nimber mul A B [C ...]", 2, unlimited,
     "  nimber mul 5 11               # 12\n"
     "  nimber mul 8 8                # 13\n"
     "  nimber mul 0x10 0x10 --hex    # 0x18\n"
     "  nimber mul 2 3 4              # 4 (2*3 = 1)",
     mul_all},
    {"add", "Nim sum (XOR) of two or more numbers", "nimber add A B [C ...]", 2, unlimited,
     "  nimber add 3 5 7              # 1\n"
     "  nimber add 0b1100 0b1010      # 6",
     add_all},
    {"div", "Nim quotient A / B (B nonzero)", "nimber div A B", 2, 2,
     "  nimber div 12 11              # 5\n"
     "  nimber div 1 2                # 3",
     divide},
    {"inv", "Nim inverse of A (A nonzero)", "nimber inv A", 1, 1,
     "  nimber inv 2                  # 3 (2*3 = 1)\n"
     "  nimber inv 0x8000000000000000 --hex",
     invert},
    {"sqrt", "Nim square root of A (every nimber has exactly one)", "nimber sqrt A", 1, 1,
     "  nimber sqrt 3                 # 2 (2*2 = 3)\n"
     "  nimber sqrt 13                # 8",
     square_root},
    {"pow", "A to the nim power E; a negative E goes through the inverse", "nimber pow A E", 2, 2,
     "  nimber pow 2 2                # 3\n"
     "  nimber pow 2 -1               # 3 (the inverse of 2)\n"
     "  nimber pow 7 0x100 --hex",
     power},
};

}  // namespace

void add_arith_commands(CLI::App& app, context& ctx) {
  for (const arith_command& c : kCommands) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    // Owned by the callback, which CLI11 keeps alive as long as the app.
    auto args = std::make_shared<args_t>();
    auto hex = std::make_shared<bool>(false);
    sub->add_option("numbers", *args,
                    "Numbers below 2^128: decimal, 0x hex or 0b binary")
        ->allow_extra_args();
    sub->add_flag("--hex", *hex, "Print the result in hex (0x...)");
    sub->footer(std::string("Usage: ") + c.usage +
                "\nNumbers are computed in the 128-bit nimber field.\nExamples:\n" + c.examples);
    sub->callback([&ctx, &c, args, hex] {
      check_argument_count(*args, c.min_args, c.max_args, c.usage);
      ctx.out = to_string(c.compute(*args), *hex) + "\n";
    });
  }
}

}  // namespace nimber::cli
