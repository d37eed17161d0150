// matrix rank|det|inverse|solve [FILE|-]: the matrix algorithms of
// include/nimber/algebra/matrix.hpp, in the smallest field of 8, 16, 32, 64 or 128 bits
// holding every entry.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "field_common.hpp"
#include "nimber/algebra/matrix.hpp"
#include "nimber/algebra/roots.hpp"

namespace nimber::cli {

namespace {

using args_t = std::vector<std::string>;

// A matrix as read: its rows, and the input line of each (blank lines are skipped).
struct text_matrix {
  std::vector<std::vector<u128>> rows;
  std::vector<std::size_t> lines;
  std::vector<std::string> first_tokens;  // of each row, for messages
  std::size_t last_line = 0;              // lines in the input
  std::size_t cols() const { return rows.empty() ? 0 : rows[0].size(); }
};

std::string line_where(std::size_t n) { return "line " + std::to_string(n); }

// The shape the text claims, counted without parsing: its non-blank lines, and the entries of
// the first of them. A ragged matrix is refused by the parse that follows.
std::pair<std::uint64_t, std::uint64_t> claimed_shape(std::string_view text) {
  constexpr std::string_view blanks = " \t\r\v\f";
  std::uint64_t rows = 0, cols = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (line.find_first_not_of(blanks) == std::string_view::npos) continue;
    if (rows++ > 0) continue;
    for (std::size_t start; (start = line.find_first_not_of(blanks)) != std::string_view::npos; ++cols)
      line.remove_prefix(std::min(line.find_first_of(blanks, start), line.size()));
  }
  return {rows, cols};
}

std::string shape_text(std::uint64_t rows, std::uint64_t cols) {
  return "a " + std::to_string(rows) + " x " + std::to_string(cols) + " matrix";
}

// Before parsing: the parsed rows (16 bytes an entry, a vector a row) beside the text.
void check_parse_memory(std::string_view text) {
  const auto [rows, cols] = claimed_shape(text);
  check_budget(saturating_size(rows, saturating_size(cols, 16, 64), text.size()), shape_text(rows, cols));
}

// Before computing in a field of sizeof(U) bytes: the parsed rows, the algorithm's copies (the
// inverse: the input, its copy, the identity, the augmented matrix and the result) and the
// printed result, held whole until the run succeeds.
template <class U>
void check_op_memory(const std::string& op, const text_matrix& m) {
  const std::uint64_t entries = saturating_size(m.rows.size(), m.cols());
  const std::uint64_t copies = op == "inverse" ? 6 : 2;
  const std::uint64_t printed = op == "inverse" || op == "solve" ? 2 * (3 * sizeof(U) + 4) : 0;
  check_budget(saturating_size(entries, 16 + copies * sizeof(U) + printed, m.rows.size() * 64),
               "nimber matrix " + op + " of " + shape_text(m.rows.size(), m.cols()));
}

// One row per line, entries separated by spaces or tabs; every row as long as the first.
text_matrix parse_matrix(std::string_view text) {
  check_parse_memory(text);
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

// The rows of a matrix of field elements as a matrix of number cells.
template <class U>
auto cells_of(const matrix<U>& m) {
  return [&m](std::size_t i, std::size_t j) { return cell::number(m(i, j)); };
}

// solve: in text and CSV, the solution x on the first row and a basis of the solutions of
// A x = 0 below it; in JSON, {"solution":[...],"null_space":[[...],...]}.
template <class U>
void print_solutions(context& ctx, const std::vector<U>& x, const matrix<U>& null_space) {
  const auto all = [&](std::size_t i, std::size_t j) {
    return cell::number(i == 0 ? x[j] : null_space(i - 1, j));
  };
  report r;
  r.matrix("solutions", 1 + null_space.rows(), x.size(), all, false, in_text | in_csv);
  r.value("solution", cell::numbers(x), "", in_json);
  r.matrix("null_space", null_space.rows(), null_space.cols(), cells_of(null_space), false,
           in_json);
  print(ctx, r);
}

template <class U>
void run_matrix_op(const std::string& op, const text_matrix& m, context& ctx) {
  const std::size_t n = op == "solve" ? m.cols() - 1 : m.cols();
  check_op_memory<U>(op, m);
  matrix<U> a = to_matrix<U>(m, m.rows.size(), n);
  progress_meter meter(ctx.progress, "nimber matrix " + op, "row operations");
  const progress_fn progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
  if (op == "rank") return print(ctx, report().value("rank", cell::count(rank(std::move(a), progress))));
  if (op == "det")
    return print(ctx, report().value("determinant", cell::number(determinant(std::move(a), progress))));
  if (op == "inverse") {
    const auto inv = inverse(a, progress);
    if (!inv) throw singular_error(a, m, rank(a));
    return print(ctx, report().matrix("inverse", inv->rows(), inv->cols(), cells_of(*inv)));
  }
  std::vector<U> b(m.rows.size());
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = U(m.rows[i][n]);
  const auto s = solve(std::move(a), std::span<const U>(b), progress);
  if (!s) ctx.status = 1;  // no solution: a result, like "no root"; stdout stays empty
  else print_solutions(ctx, s->particular, s->null_space);
}

void matrix_command(const args_t& args, context& ctx) {
  check_argument_count(args, 1, 2, "nimber matrix rank|det|inverse|solve [FILE|-]");
  const std::string& op = args[0];
  if (op != "rank" && op != "det" && op != "inverse" && op != "solve")
    throw input_error(argument_where(1), op, "'rank', 'det', 'inverse' or 'solve'");
  const std::string file = args.size() == 2 ? args[1] : "-";
  const text_matrix m = parse_matrix(
      read_file_or_stdin(file, argument_where(2), file, "a readable file ('-' for stdin)"));
  if (op == "det" || op == "inverse") require_square(m, op);
  if (op == "solve" && m.cols() < 2)
    throw input_error::at_end(line_where(m.lines[0]),
                              "at least 2 entries: solve reads the augmented matrix [A | b]",
                              "end of line");
  u128 largest = 0;
  for (const auto& row : m.rows) largest = std::max(largest, *std::max_element(row.begin(), row.end()));
  with_field(subfield_bits(largest), [&]<class U>() { run_matrix_op<U>(op, m, ctx); });
}

}  // namespace

void add_matrix_command(CLI::App& app, context& ctx) {
  CLI::App* sub = app.add_subcommand(
      "matrix", "Rank, determinant, inverse of a matrix, or all solutions of A x = b");
  auto args = std::make_shared<args_t>();
  sub->add_option("arguments", *args, "rank|det|inverse|solve, then FILE or - (stdin)")
      ->allow_extra_args();
  sub->footer(
      "Usage: nimber matrix rank|det|inverse|solve [FILE|-]   (default: - for stdin)\n"
      "Input: one row per line, entries separated by spaces (decimal, 0x hex or 0b binary).\n"
      "For solve, the input is the augmented matrix [A | b]: the last column is b.\n"
      "Computes in the smallest field of 8, 16, 32, 64 or 128 bits holding every entry.\n"
      "inverse: the rows of A^-1; a singular matrix is an error (exit status 2).\n"
      "solve: first line, one solution x; each further line, a basis vector of the solutions\n"
      "of A x = 0 (every solution is x plus a combination of them). Prints nothing and exits 1\n"
      "when there is no solution. JSON: {\"solution\":[...],\"null_space\":[[...],...]}.\n"
      "Examples:\n  printf '1 2\\n3 4\\n' | nimber matrix det      # 5 (1*4 + 2*3 = 4 + 1)\n"
      "  printf '2 0 1\\n0 1 1\\n' | nimber matrix solve   # 3 1 (2x = 1, y = 1)\n"
      "  nimber matrix inverse m.txt --hex");
  sub->callback([&ctx, args] { matrix_command(*args, ctx); });
}

}  // namespace nimber::cli
