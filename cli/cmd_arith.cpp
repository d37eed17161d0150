// mul add div inv sqrt pow: one result line, computed with nimber::big_nim, so numbers of any
// size work. An operation on a and b works in the smallest field GF(2^(2^k)) holding both, and
// every such field is a subfield of the larger ones: small inputs give the small-field answer
// (mul 8 8 = 13 in every field that holds 8).
//
// An operand that is not a plain number is read as an ordinal below omega^(omega^omega) in
// Cantor normal form ("w", "w^(w^2*3 + w + 1)*5 + 4", docs/transfinite.md); then the whole
// command computes with ordinals and prints the result in the same notation (mul w w w: 2).
//
// Every operand is written on the command line, or is "@FILE" (the one operand in FILE) or "-"
// (the one operand on standard input, at most one "-" per command), so that numbers too long for
// a command line can come from a file or a pipe; either way it may be a number or an ordinal.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common.hpp"
#include "nimber/big.hpp"
#include "nimber/transfinite/ordinal.hpp"

namespace nimber::cli {

namespace {

using args_t = std::vector<std::string>;

constexpr std::string_view any_number_expected = "a number (decimal, 0x hex or 0b binary)";
constexpr std::string_view exponent_expected =
    "an exponent: an optional '-' and a number (decimal, 0x hex or 0b binary)";

// The text of operand i and where an error in it is reported: the argument itself, or the
// contents of "@FILE" / "-" with the surrounding whitespace removed.
struct operand_text {
  std::string where;
  std::string text;
};

operand_text read_operand(const args_t& args, std::size_t i, std::string_view expected) {
  const std::string& token = args[i];
  const std::string where = argument_where(i + 1);
  const bool from_stdin = token == "-";
  if (!from_stdin && !(token.size() > 1 && token[0] == '@')) return {where, token};

  operand_text r;
  if (from_stdin) {
    r.where = where + ": standard input";
    r.text = read_file_or_stdin("-", where, token, "a readable standard input");
  } else {
    const std::string path = token.substr(1);
    r.text = read_file_or_stdin(path, where, token, "'@' and a readable file");
    r.where = where + ": file '" + printable_token(path) + "'";
  }
  constexpr std::string_view space = " \t\n\v\f\r";
  const std::size_t first = r.text.find_first_not_of(space);
  if (first == std::string::npos)
    throw input_error::at_end(r.where, expected,
                              from_stdin ? "empty input" : "empty file");
  r.text.erase(r.text.find_last_not_of(space) + 1);
  r.text.erase(0, first);
  return r;
}

// Every operand's text, read once before the command decides between numbers and ordinals,
// so that "@FILE" and "-" take exactly what an operand on the command line takes.
struct operands {
  const args_t& args;  // as given: messages about a whole operand name "@FILE" or "-"
  std::vector<operand_text> texts;
};

operands read_operands(const args_t& args, std::size_t exponent_at) {
  operands ops{args, {}};
  for (std::size_t i = 0; i < args.size(); ++i)
    ops.texts.push_back(read_operand(args, i, i == exponent_at ? exponent_expected : any_number_expected));
  return ops;
}

// About the bits of a number written as `text`, from its length alone (a decimal digit 3.33
// bits, a hex digit 4, a binary one 1), so that an operation too large for the budget is
// refused before any operand is parsed.
std::uint64_t written_bits(std::string_view text) {
  if (text.starts_with('-')) text.remove_prefix(1);
  if (text.starts_with("0x") || text.starts_with("0X")) return 4 * (text.size() - 2);
  if (text.starts_with("0b") || text.starts_with("0B")) return text.size() - 2;
  return text.size() * 10 / 3 + 1;
}

// The work of an operation on numbers in the field of the largest operand: operands, result
// and a product's scratch (about 30 times the field's bytes, as `bench --bits` measures),
// and the decimal text of the result.
void check_arith_memory(const operands& ops, std::string_view command) {
  std::uint64_t bits = 64;
  for (const operand_text& t : ops.texts) bits = std::max(bits, written_bits(t.text));
  if (bits > (std::uint64_t(1) << 62)) bits = std::uint64_t(1) << 62;
  const std::uint64_t field = std::bit_ceil(bits);
  check_budget(saturating_size(field / 8, 34),
               "nimber " + std::string(command) + " on operands of up to " + std::to_string(bits) + " bits");
}

big_nim parse_operand(const operand_text& t, std::string_view text, std::string_view expected) {
  auto r = big_nim::parse(text);
  if (!r) throw input_error(t.where, t.text, expected);
  return std::move(r.value);
}

big_nim number(const operands& ops, std::size_t i) {
  return parse_operand(ops.texts[i], ops.texts[i].text, any_number_expected);
}

// E may be negative (and of any size): x^-e = (1/x)^e.
big_nim power(const operands& ops) {
  const big_nim x = number(ops, 0);
  const operand_text& t = ops.texts[1];
  const bool negative = t.text.starts_with('-');
  const big_nim e =
      parse_operand(t, std::string_view(t.text).substr(negative ? 1 : 0), exponent_expected);
  if (!negative || e.is_zero()) return x.pow(e);
  if (x.is_zero())
    throw input_error(t.where, t.text,
                      "a non-negative exponent, since the base is 0 (0 has no inverse)");
  return x.inverse().pow(e);
}

// Standard input holds one number, so at most one operand may be "-".
void check_single_stdin(const args_t& args) {
  const auto first = std::find(args.begin(), args.end(), "-");
  if (first == args.end()) return;
  const auto second = std::find(first + 1, args.end(), "-");
  if (second != args.end())
    throw input_error(argument_where(std::size_t(second - args.begin()) + 1), "-",
                      "at most one '-' (standard input holds one number; use @FILE)");
}

// ---- Ordinals ---------------------------------------------------------------------------

// Ordinal notation has omega or an operator in it; anything else stays a number, so that a
// mistyped number ("12x") is reported as one.
bool looks_ordinal(const std::string& text) {
  return text.find_first_of("w^(+*") != std::string::npos || text.find("\xCF\x89") != std::string::npos;
}

// Whether the operands (the first `count` of them) hold an ordinal in its notation.
bool any_ordinal(const operands& ops, std::size_t count) {
  for (std::size_t i = 0; i < std::min(count, ops.texts.size()); ++i)
    if (looks_ordinal(ops.texts[i].text)) return true;
  return false;
}

ordinal ordinal_operand(const operands& ops, std::size_t i) {
  const operand_text& t = ops.texts[i];
  try {
    return ordinal::from_string(t.text);
  } catch (const ordinal_parse_error& e) {
    const std::string what = e.what();
    throw input_error(t.where + ": position " + std::to_string(e.position()), e.token(),
                      what.substr(what.find("expected ") + 9));
  }
}

// The commands whose rule is the same for finite nimbers and ordinals, on either: operand<V>
// reads argument i as the value type V.
template <class V>
V operand(const operands& ops, std::size_t i);
template <>
big_nim operand<big_nim>(const operands& ops, std::size_t i) { return number(ops, i); }
template <>
ordinal operand<ordinal>(const operands& ops, std::size_t i) { return ordinal_operand(ops, i); }

// compute(), a step that brings in operand i: an ordinal step may need an alpha_p that the
// library cannot compute, reported as an error in that operand.
template <class F>
auto step(const operands& ops, std::size_t i, F&& compute) {
  try {
    return compute();
  } catch (const alpha_unavailable& e) {
    throw input_error(ops.texts[i].where, ops.texts[i].text,
                      std::string("an ordinal whose arithmetic needs only alphas within reach: ") + e.what());
  }
}

// "number" or "ordinal", as the messages name the operand.
template <class V>
constexpr const char* kind_name = std::is_same_v<V, ordinal> ? "ordinal" : "number";

template <class V>
V nonzero(const operands& ops, std::size_t i, const std::string& expected) {
  V x = operand<V>(ops, i);
  if (x.is_zero()) throw input_error(argument_where(i + 1), ops.args[i], expected);
  return x;
}

template <class V>
V mul_all(const operands& ops) {
  V r = operand<V>(ops, 0);
  for (std::size_t i = 1; i < ops.texts.size(); ++i) {
    const V x = operand<V>(ops, i);
    r = step(ops, i, [&] { return r * x; });
  }
  return r;
}

template <class V>
V add_all(const operands& ops) {
  V r;
  for (std::size_t i = 0; i < ops.texts.size(); ++i) r += operand<V>(ops, i);
  return r;
}

template <class V>
V divide(const operands& ops) {
  const V a = operand<V>(ops, 0);
  const V b = nonzero<V>(ops, 1, "a nonzero divisor (division by zero)");
  return step(ops, 1, [&] { return a / b; });
}

template <class V>
V invert(const operands& ops) {
  const V x = nonzero<V>(ops, 0, std::string("a nonzero ") + kind_name<V> + " (0 has no inverse)");
  return step(ops, 0, [&] { return x.inverse(); });
}

template <class V>
V square_root(const operands& ops) {
  const V x = operand<V>(ops, 0);
  return step(ops, 0, [&] { return x.sqrt(); });
}

// The exponent of an ordinal power: a 64-bit integer, possibly negative.
ordinal ordinal_pow(const operands& ops) {
  const ordinal x = ordinal_operand(ops, 0);
  const operand_text& t = ops.texts[1];
  const bool negative = t.text.starts_with('-');
  const auto e = big_nim::parse(std::string_view(t.text).substr(negative ? 1 : 0));
  constexpr std::string_view expected = "an exponent between -2^63 and 2^63 - 1 (the base is an ordinal)";
  if (!e || !e.value.fits_u64() || e.value.to_u64() > (std::uint64_t(1) << 63) - (negative ? 0 : 1))
    throw input_error(t.where, t.text, expected);
  const std::uint64_t magnitude = e.value.to_u64();
  if (negative && magnitude != 0 && x.is_zero())
    throw input_error(t.where, t.text, "a non-negative exponent, since the base is 0 (0 has no inverse)");
  return step(ops, 0, [&] {
    if (!negative) return x.pow(std::int64_t(magnitude));
    return magnitude == 0 ? x.pow(0) : x.inverse().pow(std::int64_t(magnitude - 1)) * x.inverse();
  });
}

struct arith_command {
  const char* name;
  const char* result;  // its name in CSV and JSON
  const char* description;
  const char* usage;
  std::size_t min_args, max_args;
  const char* examples;
  big_nim (*compute)(const operands&);
  ordinal (*compute_ordinal)(const operands&);
  std::size_t ordinal_operands;  // how many operands may be ordinals (pow: the base alone)
  std::size_t exponent_at;       // the operand that is an integer exponent (pow), or unlimited
};

const arith_command kCommands[] = {
    {"mul", "product", "Nim product of two or more numbers", "nimber mul A B [C ...]", 2, unlimited,
     "  nimber mul 5 11               # 12\n"
     "  nimber mul 8 8                # 13\n"
     "  nimber mul 0x10 0x10 --hex    # 0x18\n"
     "  nimber mul 2 3 4              # 4 (2*3 = 1)\n"
     "  nimber mul @a.txt - < b.txt   # A from the file a.txt, B from standard input\n"
     "  nimber mul w w w              # 2 (omega is a cube root of 2)",
     mul_all<big_nim>, mul_all<ordinal>, unlimited, unlimited},
    {"add", "sum", "Nim sum (XOR) of two or more numbers", "nimber add A B [C ...]", 2, unlimited,
     "  nimber add 3 5 7              # 1\n"
     "  nimber add 0b1100 0b1010      # 6",
     add_all<big_nim>, add_all<ordinal>, unlimited, unlimited},
    {"div", "quotient", "Nim quotient A / B (B nonzero)", "nimber div A B", 2, 2,
     "  nimber div 12 11              # 5\n"
     "  nimber div 1 2                # 3",
     divide<big_nim>, divide<ordinal>, 2, unlimited},
    {"inv", "inverse", "Nim inverse of A (A nonzero)", "nimber inv A", 1, 1,
     "  nimber inv 2                  # 3 (2*3 = 1)\n"
     "  nimber inv 0x8000000000000000 --hex\n"
     "  nimber inv w                  # w^2*3",
     invert<big_nim>, invert<ordinal>, 1, unlimited},
    {"sqrt", "root", "Nim square root of A (every nimber has exactly one)", "nimber sqrt A", 1, 1,
     "  nimber sqrt 3                 # 2 (2*2 = 3)\n"
     "  nimber sqrt 13                # 8",
     square_root<big_nim>, square_root<ordinal>, 1, unlimited},
    {"pow", "power", "A to the nim power E; a negative E goes through the inverse", "nimber pow A E", 2, 2,
     "  nimber pow 2 2                # 3\n"
     "  nimber pow 2 -1               # 3 (the inverse of 2)\n"
     "  nimber pow 7 0x100 --hex",
     power, ordinal_pow, 1, 1},
};

constexpr const char* kOperandHelp =
    "Numbers may have any size: decimal, 0x hex or 0b binary, leading zeros allowed.\n"
    "An operand '@FILE' reads the operand from FILE, and '-' from standard input (at most one\n"
    "'-'): one operand as on the command line, surrounding whitespace allowed.\n"
    "The result is the same in every nimber field GF(2^(2^k)) holding the operands.\n"
    "An operand may be an ordinal below w^(w^w) in Cantor normal form (w, w^w, w^(w^7) + 1,\n"
    "w^(w^2*3 + w + 1)*5 + w + 4, 2^64; 'ω' for w): the result is then an ordinal, written\n"
    "the same way ('+' is the nim sum, '*' the nim product; a finite one is a number, with\n"
    "--hex). An exponent is itself in Cantor normal form: decreasing terms, each a number or\n"
    "w^X with an optional coefficient '*N' (w^(2*3) is refused: 2*3 would be a nim product).\n"
    "Nesting is limited to 1000 parentheses and exponents.\n";

}  // namespace

void add_arith_commands(CLI::App& app, context& ctx) {
  for (const arith_command& c : kCommands) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    // Owned by the callback, which CLI11 keeps alive as long as the app.
    auto args = std::make_shared<args_t>();
    sub->add_option("numbers", *args,
                    "Numbers of any size (decimal, 0x hex or 0b binary), @FILE, or - for stdin")
        ->allow_extra_args();
    sub->footer(std::string("Usage: ") + c.usage + "\n" + kOperandHelp + "Examples:\n" +
                c.examples);
    sub->callback([&ctx, &c, args] {
      check_argument_count(*args, c.min_args, c.max_args, c.usage);
      check_single_stdin(*args);
      const operands ops = read_operands(*args, c.exponent_at);
      const elapsed_meter meter(ctx.progress, std::string("nimber ") + c.name);
      if (!any_ordinal(ops, c.ordinal_operands)) {
        check_arith_memory(ops, c.name);
        print(ctx, report().value(c.result, cell::big(c.compute(ops))));
        return;
      }
      // A finite result is a number like any other (--hex, JSON numbers): 2^64, mul w w w.
      const ordinal r = c.compute_ordinal(ops);
      print(ctx, report().value(c.result, r.is_finite() ? cell::big(r.finite_part()) : cell::text(r.to_string())));
    });
  }
}

}  // namespace nimber::cli
