// The one output writer of the nimber command. A command describes its result as a `report`
// (single values, tables of named columns, matrices, nested objects, sentences for people)
// and hands it to write_report, which renders it with the same rules for every command:
//
//   text  for people: each value, table row and matrix row on a line of its own, laid out by
//         the command's line template ("heap {heap}: {from} -> {to}"); sentences too
//   csv   the report's table (a header of column names, then one line per row) or matrix (no
//         header); a report with neither: a header of its values' names and one line of them
//   json  one object keyed by the entries' names; a table is an array of objects, or of plain
//         values when JSON shows one of its columns; a matrix an array of arrays
//
// --hex writes every number cell as 0x... (a string in JSON, whose numbers have no hex form).
// Counts (positions, indices, ranks, how many) are not numbers in this sense: they stay
// decimal, so that "heap 2" or "position 7" reads the same either way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimber/arith.hpp"

namespace nimber {
class big_nim;
}

namespace nimber::cli {

// png and svg (pictures of `table`) and dot (the graph of `game grundy`) are drawn by those
// commands themselves (picture.hpp); the report writer renders text, csv and json.
enum class output_format : std::uint8_t { text, csv, json, png, svg, dot };

struct output_options {
  output_format format = output_format::text;
  bool hex = false;
};

// The formats an entry or a column appears in, a bit set. A line template may still name an
// entry or column that text does not show on its own line.
enum shown_in : unsigned { in_none = 0, in_text = 1, in_csv = 2, in_json = 4, in_all = 7 };

// One value of a result.
struct cell {
  enum class kind : std::uint8_t { null, number, count, big, real, text, flag, list, infinite };
  kind type = kind::null;
  u128 n = 0;                             // number, count; flag: 0 or 1
  std::string s;                          // text; real: its digits
  std::vector<cell> items;                // list; infinite: its set K
  std::shared_ptr<const big_nim> big_value;

  static cell number(u128 v) { return make(kind::number, v); }
  static cell count(std::uint64_t v) { return make(kind::count, v); }
  static cell big(const big_nim& v);
  static cell real(double v, int decimals);
  static cell flag(bool v) { return make(kind::flag, v ? 1 : 0); }
  static cell text(std::string v) {
    cell c = make(kind::text);
    c.s = std::move(v);
    return c;
  }
  static cell list(std::vector<cell> v) {
    cell c = make(kind::list);
    c.items = std::move(v);
    return c;
  }
  // A generalised Sprague-Grundy value inf{K}: "inf{0,2}" in text, "inf{0 2}" in a CSV
  // field, {"inf":[0,2]} in JSON.
  static cell infinite(std::vector<cell> k) {
    cell c = list(std::move(k));
    c.type = kind::infinite;
    return c;
  }

  template <class Range>
  static cell numbers(const Range& values) {
    std::vector<cell> v;
    for (const auto x : values) v.push_back(number(x));
    return list(std::move(v));
  }
  template <class Range>
  static cell counts(const Range& values) {
    std::vector<cell> v;
    for (const auto x : values) v.push_back(count(x));
    return list(std::move(v));
  }

 private:
  static cell make(kind k, u128 n = 0) {
    cell c;
    c.type = k;
    c.n = n;
    return c;
  }
};

// A column of a table: its name (the CSV header, the JSON key), and its cell in each row.
struct column {
  column(std::string name, std::function<cell(std::size_t row)> at, unsigned shown = in_all)
      : name(std::move(name)), at(std::move(at)), shown(shown) {}

  std::string name;
  std::function<cell(std::size_t row)> at;
  unsigned shown = in_all;
  std::span<const std::uint64_t> numbers{};  // when `at` is empty: the cells are these numbers

  cell get(std::size_t row) const { return at ? at(row) : cell::number(numbers[row]); }
};

// A column of numbers already in memory; the writer prints long ones in decimal text without
// a call per cell (`nimber batch`: millions of products).
inline column number_column(std::string name, std::span<const std::uint64_t> values,
                            unsigned shown = in_all) {
  column c(std::move(name), {}, shown);
  c.numbers = values;
  return c;
}

// How text lays out a table: a line per row, or every cell of the table on one line.
enum class table_layout : std::uint8_t { lines, one_line };

class report {
 public:
  report();
  report(report&&) noexcept;
  report& operator=(report&&) noexcept;
  ~report();

  // A single value. In text, the line template `line` with "{}" standing for the value.
  report& value(std::string name, cell v, std::string line = "{}", unsigned shown = in_all);

  // Rows of named columns. In text, a line per row: the template `line`, naming columns as
  // "{name}", or else the cells separated by spaces.
  report& table(std::string name, std::size_t rows, std::vector<column> columns,
                std::string line = "", unsigned shown = in_all,
                table_layout layout = table_layout::lines);

  // Rows of unnamed cells: in text a line per row, cells separated by spaces, or (boxed) the
  // labelled and boxed layout of "J be Nimble, J be Quick", rows and columns labelled 0, 1, ...
  report& matrix(std::string name, std::size_t rows, std::size_t cols,
                 std::function<cell(std::size_t row, std::size_t col)> at, bool boxed = false,
                 unsigned shown = in_all);

  // A nested object, returned to be filled. In text, the line template `line` naming its
  // values, then its tables, objects and sentences. An object that is not `present` is null
  // in JSON and absent from text; CSV shows its values, which are then null cells.
  report& object(std::string name, std::string line = "", unsigned shown = in_all,
                 bool present = true);

  // A sentence for people: text only.
  report& sentence(std::string text);

  struct entry;

 private:
  friend class renderer;
  std::vector<entry> entries_;
};

// Renders r into out, appended.
void write_report(const report& r, const output_options& options, std::string& out);

// Renders r a piece at a time (a few hundred KB), each handed to sink once it is full, so that
// a long output never sits in memory whole.
void write_report(const report& r, const output_options& options,
                  const std::function<void(std::string_view)>& sink);

// Line templates: "{name}" is the cell called name, "{}" the value itself; a list is written
// with its items separated by spaces unless the template says "{name|SEP}", and an empty list
// as nothing, or as EMPTY with "{name|SEP|EMPTY}". "{{" and "}}" are literal braces.

}  // namespace nimber::cli
