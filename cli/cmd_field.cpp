// log order solve triples seq matrix: the field algorithms of include/nimber/algebra/log.hpp,
// roots.hpp, sequences.hpp and matrix.hpp. Each command computes in the smallest field of 8, 16, 32, 64 or 128
// bits holding its inputs: logarithms and orders are the same in every field that holds the
// numbers, and `solve` looks for roots in that field (or a larger one, --bits).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "nimber/algebra/log.hpp"
#include "nimber/algebra/matrix.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/algebra/sequences.hpp"

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

// ---- nimber matrix -------------------------------------------------------------------

// A matrix as read: its rows, and the input line of each (blank lines are skipped).
struct text_matrix {
  std::vector<std::vector<u128>> rows;
  std::vector<std::size_t> lines;
  std::vector<std::string> first_tokens;  // of each row, for messages
  std::size_t last_line = 0;              // lines in the input
  std::size_t cols() const { return rows.empty() ? 0 : rows[0].size(); }
};

std::string line_where(std::size_t n) { return "line " + std::to_string(n); }

// One row per line, entries separated by spaces or tabs; every row as long as the first.
text_matrix parse_matrix(std::string_view text) {
  text_matrix m;
  constexpr std::string_view blanks = " \t\r\v\f";
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view rest = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const std::string where = line_where(++m.last_line);
    std::vector<u128> row;
    std::string first;
    for (std::size_t start; (start = rest.find_first_not_of(blanks)) != std::string_view::npos;) {
      rest.remove_prefix(start);
      const std::string_view token = rest.substr(0, rest.find_first_of(blanks));
      rest.remove_prefix(token.size());
      if (!m.rows.empty() && row.size() == m.cols())
        throw input_error(where, token, "end of line (line " + std::to_string(m.lines[0]) + " has " +
                                            std::to_string(m.cols()) + " entries)");
      const auto r = parse_u128(token);
      if (!r) throw input_error(where, token, r.ec == parse_errc::too_large ? "a number below 2^128" : number_expected);
      if (row.empty()) first = token;
      row.push_back(r.value);
    }
    if (row.empty()) continue;
    if (!m.rows.empty() && row.size() < m.cols())
      throw input_error::at_end(where, std::to_string(m.cols()) + " entries like line " +
                                           std::to_string(m.lines[0]) + " (this row has " +
                                           std::to_string(row.size()) + ")",
                                "end of line");
    m.rows.push_back(std::move(row));
    m.lines.push_back(m.last_line);
    m.first_tokens.push_back(std::move(first));
  }
  if (m.rows.empty())
    throw input_error::at_end(line_where(m.last_line + 1),
                              "a matrix: one row per line, entries separated by spaces");
  return m;
}

// det and inverse need as many rows as columns; the first row too many, or the end of the
// input where one is missing, is named.
void require_square(const text_matrix& m, const std::string& op) {
  const std::string why = " (" + op + " needs a square matrix)";
  if (m.rows.size() > m.cols())
    throw input_error(line_where(m.lines[m.cols()]), m.first_tokens[m.cols()],
                      "end of input after " + std::to_string(m.cols()) + " rows" + why);
  if (m.rows.size() < m.cols())
    throw input_error::at_end(line_where(m.last_line + 1),
                              "row " + std::to_string(m.rows.size() + 1) + " of " +
                                  std::to_string(m.cols()) + why);
}

template <class U>
matrix<U> to_matrix(const text_matrix& m, std::size_t rows, std::size_t cols) {
  matrix<U> a(rows, cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) a(i, j) = U(m.rows[i][j]);
  return a;
}

template <class U>
std::string format_row(std::span<const U> row, bool hex) {
  std::string s;
  for (std::size_t j = 0; j < row.size(); ++j) s += (j ? " " : "") + to_string(row[j], hex);
  return s + "\n";
}

// A singular matrix for `inverse`: names the first row that is a combination of the rows
// above it (the ranks of the leading rows grow by one per row until then).
template <class U>
input_error singular_error(const matrix<U>& a, const text_matrix& m, std::size_t r) {
  std::size_t low = 0, high = a.rows() - 1;  // the answer lies in [low, high]
  while (low < high) {
    const std::size_t mid = (low + high) / 2;
    matrix<U> lead(mid + 1, a.cols());
    std::copy_n(a.data().begin(), lead.data().size(), lead.data().begin());
    if (rank(std::move(lead)) <= mid) high = mid;
    else low = mid + 1;
  }
  return input_error(line_where(m.lines[low]) +
                     ": this row is a combination of the rows above it, so the matrix is "
                     "singular (rank " + std::to_string(r) + " of " + std::to_string(a.rows()) +
                     ") and has no inverse");
}

void matrix_command(const args_t& args, bool hex, context& ctx) {
  check_argument_count(args, 1, 2, "nimber matrix rank|det|inverse|solve [FILE|-]");
  const std::string& op = args[0];
  if (op != "rank" && op != "det" && op != "inverse" && op != "solve")
    throw input_error(argument_where(1), op, "'rank', 'det', 'inverse' or 'solve'");
  const text_matrix m = parse_matrix(read_file_or_stdin(args.size() == 2 ? args[1] : "-", argument_where(2),
                                                                   args.size() == 2 ? args[1] : "-",
                                                                   "a readable file ('-' for stdin)"));
  if (op == "det" || op == "inverse") require_square(m, op);
  if (op == "solve" && m.cols() < 2)
    throw input_error::at_end(line_where(m.lines[0]),
                              "at least 2 entries: solve reads the augmented matrix [A | b]",
                              "end of line");
  u128 largest = 0;
  for (const auto& row : m.rows) largest = std::max(largest, *std::max_element(row.begin(), row.end()));
  with_field(subfield_bits(largest), [&]<class U>() {
    const std::size_t n = op == "solve" ? m.cols() - 1 : m.cols();
    matrix<U> a = to_matrix<U>(m, m.rows.size(), n);
    if (op == "rank") {
      ctx.out = std::to_string(rank(std::move(a))) + "\n";
    } else if (op == "det") {
      ctx.out = line(determinant(std::move(a)), hex);
    } else if (op == "inverse") {
      const auto inv = inverse(a);
      if (!inv) throw singular_error(a, m, rank(a));
      for (std::size_t i = 0; i < inv->rows(); ++i) ctx.out += format_row(inv->row(i), hex);
    } else {
      std::vector<U> b(m.rows.size());
      for (std::size_t i = 0; i < b.size(); ++i) b[i] = U(m.rows[i][n]);
      const auto s = solve(std::move(a), std::span<const U>(b));
      if (!s) {
        ctx.status = 1;  // no solution: a result, like "no root"; stdout stays empty
        return;
      }
      ctx.out = format_row(std::span<const U>(s->particular), hex);
      for (std::size_t k = 0; k < s->null_space.rows(); ++k)
        ctx.out += format_row(s->null_space.row(k), hex);
    }
  });
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
      {"matrix", "Rank, determinant, inverse of a matrix, or all solutions of A x = b",
       "Usage: nimber matrix rank|det|inverse|solve [FILE|-]   (default: - for stdin)\n"
       "Input: one row per line, entries separated by spaces (decimal, 0x hex or 0b binary).\n"
       "For solve, the input is the augmented matrix [A | b]: the last column is b.\n"
       "Computes in the smallest field of 8, 16, 32, 64 or 128 bits holding every entry.\n"
       "inverse: the rows of A^-1; a singular matrix is an error (exit status 2).\n"
       "solve: first line, one solution x; each further line, a basis vector of the solutions\n"
       "of A x = 0 (every solution is x plus a combination of them). Prints nothing and exits 1\n"
       "when there is no solution.\n"
       "Examples:\n  printf '1 2\\n3 4\\n' | nimber matrix det      # 5 (1*4 + 2*3 = 4 + 1)\n"
       "  printf '2 0 1\\n0 1 1\\n' | nimber matrix solve   # 3 1 (2x = 1, y = 1)\n"
       "  nimber matrix inverse m.txt --hex"},
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
      else if (name == "matrix") matrix_command(*args, *hex, ctx);
      else seq_command(*args, *hex, ctx);
    });
  }
}

}  // namespace nimber::cli
