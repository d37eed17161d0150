// mul add div inv sqrt pow: one result line, computed with nimber::big_nim, so numbers of any
// size work. An operation on a and b works in the smallest field GF(2^(2^k)) holding both, and
// every such field is a subfield of the larger ones: small inputs give the small-field answer
// (mul 8 8 = 13 in every field that holds 8).
//
// An operand that is not a plain number is read as an ordinal below omega^(omega^omega) in
// Cantor normal form ("w", "w^(w^2*3 + w + 1)*5 + 4", docs/transfinite.md); then the whole
// command computes with ordinals and prints the result in the same notation (mul w w w: 2).
//
// Every operand is a number on the command line, "@FILE" (the one number in FILE) or "-" (the
// one number on standard input, at most one "-" per command), so that numbers too long for a
// command line can come from a file or a pipe.
#include <CLI/CLI.hpp>

#include <algorithm>
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

big_nim parse_operand(const operand_text& t, std::string_view text, std::string_view expected) {
  auto r = big_nim::parse(text);
  if (!r) throw input_error(t.where, t.text, expected);
  return std::move(r.value);
}

big_nim number(const args_t& args, std::size_t i) {
  const operand_text t = read_operand(args, i, any_number_expected);
  return parse_operand(t, t.text, any_number_expected);
}

// E may be negative (and of any size): x^-e = (1/x)^e.
big_nim power(const args_t& args) {
  const big_nim x = number(args, 0);
  const operand_text t = read_operand(args, 1, exponent_expected);
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

constexpr std::string_view ordinal_expected = "a number or an ordinal such as w^(w^2*3 + w + 1)*5 + 4";

// Ordinal notation has omega or an operator in it; anything else stays a number, so that a
// mistyped number ("12x") is reported as one. Only operands written on the command line
// decide (reading "-" here would use up standard input); "@FILE" and "-" operands are read
// as ordinals too once one of them is.
bool looks_ordinal(const std::string& token) {
  if (token == "-" || (token.size() > 1 && token[0] == '@')) return false;
  return token.find_first_of("w^(+*") != std::string::npos || token.find("\xCF\x89") != std::string::npos;
}

// Whether the operands (the first `count` of them) hold an ordinal in its notation.
bool any_ordinal(const args_t& args, std::size_t count) {
  for (std::size_t i = 0; i < std::min(count, args.size()); ++i)
    if (looks_ordinal(args[i])) return true;
  return false;
}

ordinal ordinal_operand(const args_t& args, std::size_t i) {
  const operand_text t = read_operand(args, i, ordinal_expected);
  try {
    return ordinal::parse(t.text);
  } catch (const ordinal_parse_error& e) {
    throw input_error(t.where + ": position " + std::to_string(e.position()), e.token(),
                      std::string(e.what()).substr(std::string(e.what()).find("expected ") + 9));
  }
}

// The commands whose rule is the same for finite nimbers and ordinals, on either: operand<V>
// reads argument i as the value type V.
template <class V>
V operand(const args_t& args, std::size_t i);
template <>
big_nim operand<big_nim>(const args_t& args, std::size_t i) { return number(args, i); }
template <>
ordinal operand<ordinal>(const args_t& args, std::size_t i) { return ordinal_operand(args, i); }

// "number" or "ordinal", as the messages name the operand.
template <class V>
constexpr const char* kind_name = std::is_same_v<V, ordinal> ? "ordinal" : "number";

template <class V>
V nonzero(const args_t& args, std::size_t i, const std::string& expected) {
  V x = operand<V>(args, i);
  if (x.is_zero()) throw input_error(argument_where(i + 1), args[i], expected);
  return x;
}

template <class V>
V mul_all(const args_t& args) {
  V r = operand<V>(args, 0);
  for (std::size_t i = 1; i < args.size(); ++i) r *= operand<V>(args, i);
  return r;
}

template <class V>
V add_all(const args_t& args) {
  V r;
  for (std::size_t i = 0; i < args.size(); ++i) r += operand<V>(args, i);
  return r;
}

template <class V>
V divide(const args_t& args) {
  const V a = operand<V>(args, 0);
  return a / nonzero<V>(args, 1, "a nonzero divisor (division by zero)");
}

template <class V>
V invert(const args_t& args) {
  return nonzero<V>(args, 0, std::string("a nonzero ") + kind_name<V> + " (0 has no inverse)").inverse();
}

template <class V>
V square_root(const args_t& args) { return operand<V>(args, 0).sqrt(); }

// The exponent of an ordinal power: a 64-bit integer, possibly negative.
ordinal ordinal_pow(const args_t& args) {
  const ordinal x = ordinal_operand(args, 0);
  const operand_text t = read_operand(args, 1, exponent_expected);
  const bool negative = t.text.starts_with('-');
  const auto e = big_nim::parse(std::string_view(t.text).substr(negative ? 1 : 0));
  constexpr std::string_view expected = "an exponent between -2^63 and 2^63 - 1 (the base is an ordinal)";
  if (!e || !e.value.fits_u64() || e.value.to_u64() > (std::uint64_t(1) << 63) - (negative ? 0 : 1))
    throw input_error(t.where, t.text, expected);
  const std::uint64_t magnitude = e.value.to_u64();
  if (negative && magnitude != 0 && x.is_zero())
    throw input_error(t.where, t.text, "a non-negative exponent, since the base is 0 (0 has no inverse)");
  if (!negative) return x.pow(std::int64_t(magnitude));
  return magnitude == 0 ? x.pow(0) : x.inverse().pow(std::int64_t(magnitude - 1)) * x.inverse();
}

struct arith_command {
  const char* name;
  const char* result;  // its name in CSV and JSON
  const char* description;
  const char* usage;
  std::size_t min_args, max_args;
  const char* examples;
  big_nim (*compute)(const args_t&);
  ordinal (*compute_ordinal)(const args_t&);
  std::size_t ordinal_operands;  // how many operands may be ordinals (pow: the base alone)
};

const arith_command kCommands[] = {
    {"mul", "product", "Nim product of two or more numbers", "nimber mul A B [C ...]", 2, unlimited,
     "  nimber mul 5 11               # 12\n"
     "  nimber mul 8 8                # 13\n"
     "  nimber mul 0x10 0x10 --hex    # 0x18\n"
     "  nimber mul 2 3 4              # 4 (2*3 = 1)\n"
     "  nimber mul @a.txt - < b.txt   # A from the file a.txt, B from standard input\n"
     "  nimber mul w w w              # 2 (omega is a cube root of 2)",
     mul_all<big_nim>, mul_all<ordinal>, unlimited},
    {"add", "sum", "Nim sum (XOR) of two or more numbers", "nimber add A B [C ...]", 2, unlimited,
     "  nimber add 3 5 7              # 1\n"
     "  nimber add 0b1100 0b1010      # 6",
     add_all<big_nim>, add_all<ordinal>, unlimited},
    {"div", "quotient", "Nim quotient A / B (B nonzero)", "nimber div A B", 2, 2,
     "  nimber div 12 11              # 5\n"
     "  nimber div 1 2                # 3",
     divide<big_nim>, divide<ordinal>, 2},
    {"inv", "inverse", "Nim inverse of A (A nonzero)", "nimber inv A", 1, 1,
     "  nimber inv 2                  # 3 (2*3 = 1)\n"
     "  nimber inv 0x8000000000000000 --hex\n"
     "  nimber inv w                  # w^2*3",
     invert<big_nim>, invert<ordinal>, 1},
    {"sqrt", "root", "Nim square root of A (every nimber has exactly one)", "nimber sqrt A", 1, 1,
     "  nimber sqrt 3                 # 2 (2*2 = 3)\n"
     "  nimber sqrt 13                # 8",
     square_root<big_nim>, square_root<ordinal>, 1},
    {"pow", "power", "A to the nim power E; a negative E goes through the inverse", "nimber pow A E", 2, 2,
     "  nimber pow 2 2                # 3\n"
     "  nimber pow 2 -1               # 3 (the inverse of 2)\n"
     "  nimber pow 7 0x100 --hex",
     power, ordinal_pow, 1},
};

constexpr const char* kOperandHelp =
    "Numbers may have any size: decimal, 0x hex or 0b binary, leading zeros allowed.\n"
    "An operand '@FILE' reads the number from FILE, and '-' from standard input (at most one\n"
    "'-'): one number, decimal, 0x hex or 0b binary, surrounding whitespace allowed.\n"
    "The result is the same in every nimber field GF(2^(2^k)) holding the operands.\n"
    "An operand may be an ordinal below w^(w^w) in Cantor normal form (w, w^w, w^(w^7) + 1,\n"
    "w^(w^2*3 + w + 1)*5 + w + 4, 2^64; 'ω' for w): the result is then an ordinal, written\n"
    "the same way ('+' is the nim sum, '*' the nim product).\n";

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
      if (!any_ordinal(*args, c.ordinal_operands)) {
        print(ctx, report().value(c.result, cell::big(c.compute(*args))));
        return;
      }
      try {
        print(ctx, report().value(c.result, cell::text(c.compute_ordinal(*args).to_string())));
      } catch (const alpha_unavailable& e) {
        throw input_error(e.what());
      }
    });
  }
}

}  // namespace nimber::cli
