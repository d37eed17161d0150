#include "output.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "batch_format.hpp"
#include "cell_text.hpp"
#include "common.hpp"
#include "nimber/big.hpp"
#include "nimber/text.hpp"

namespace nimber::cli {

cell cell::big(const big_nim& v) {
  cell c = make(kind::big);
  c.big_value = std::make_shared<const big_nim>(v);
  return c;
}

cell cell::real(double v, int decimals) {
  char digits[64];
  std::snprintf(digits, sizeof digits, "%.*f", decimals, v);
  cell c = make(kind::real);
  c.s = digits;
  return c;
}

struct report::entry {
  enum class kind : std::uint8_t { value, table, matrix, object, sentence };
  kind type = kind::value;
  std::string name, line;
  unsigned shown = in_all;
  cell value;                                      // value
  std::size_t rows = 0, cols = 0;                  // table, matrix
  std::vector<column> columns;                     // table
  table_layout layout = table_layout::lines;       // table
  std::function<cell(std::size_t, std::size_t)> at;  // matrix
  bool boxed = false;                              // matrix
  std::unique_ptr<report> object;                  // object
  bool present = true;                             // object
};

report::report() = default;
report::report(report&&) noexcept = default;
report& report::operator=(report&&) noexcept = default;
report::~report() = default;

report& report::value(std::string name, cell v, std::string line, unsigned shown) {
  entry& e = entries_.emplace_back();
  e.name = std::move(name);
  e.value = std::move(v);
  e.line = std::move(line);
  e.shown = shown;
  return *this;
}

report& report::table(std::string name, std::size_t rows, std::vector<column> columns,
                      std::string line, unsigned shown, table_layout layout) {
  entry& e = entries_.emplace_back();
  e.type = entry::kind::table;
  e.name = std::move(name);
  e.rows = rows;
  e.cols = columns.size();
  e.columns = std::move(columns);
  e.line = std::move(line);
  e.shown = shown;
  e.layout = layout;
  return *this;
}

report& report::matrix(std::string name, std::size_t rows, std::size_t cols,
                       std::function<cell(std::size_t, std::size_t)> at, bool boxed,
                       unsigned shown) {
  entry& e = entries_.emplace_back();
  e.type = entry::kind::matrix;
  e.name = std::move(name);
  e.rows = rows;
  e.cols = cols;
  e.at = std::move(at);
  e.boxed = boxed;
  e.shown = shown;
  return *this;
}

report& report::object(std::string name, std::string line, unsigned shown, bool present) {
  entry& e = entries_.emplace_back();
  e.type = entry::kind::object;
  e.name = std::move(name);
  e.line = std::move(line);
  e.shown = shown;
  e.present = present;
  e.object = std::make_unique<report>();
  return *e.object;
}

report& report::sentence(std::string text) {
  entry& e = entries_.emplace_back();
  e.type = entry::kind::sentence;
  e.line = std::move(text);
  e.shown = in_text;
  return *this;
}

namespace {

using entry = report::entry;

// The named values of an object, for its line template.
cell_lookup values_of(const std::vector<entry>& entries) {
  return [&entries](std::string_view name) -> const cell* {
    for (const entry& e : entries)
      if (e.type == entry::kind::value && e.name == name) return &e.value;
    return nullptr;
  };
}

}  // namespace

// ---- Rendering -------------------------------------------------------------------------------

// Renders one report into `out`, handing full pieces to the sink when there is one.
class renderer {
 public:
  renderer(const output_options& options, std::string& out,
           const std::function<void(std::string_view)>* sink)
      : hex_(options.hex), format_(options.format), out_(out), sink_(sink) {}

  void render(const report& r) {
    if (format_ == output_format::text) text(r.entries_);
    else if (format_ == output_format::csv) csv(r.entries_);
    else json_object(r.entries_), out_ += '\n';
    if (sink_ && !out_.empty()) (*sink_)(out_), out_.clear();
  }

 private:
  static constexpr std::size_t piece = std::size_t(1) << 18;

  void flush_if_full() {
    if (sink_ && out_.size() >= piece) (*sink_)(out_), out_.clear();
  }

  // ---- text

  void text(const std::vector<entry>& entries) {
    for (const entry& e : entries) {
      if (!(e.shown & in_text)) continue;
      switch (e.type) {
        case entry::kind::value:
          if (!e.line.empty())
            append_template(out_, e.line, [&e](std::string_view) { return &e.value; }, hex_);
          break;
        case entry::kind::sentence: out_ += e.line + '\n'; break;
        case entry::kind::table: text_table(e); break;
        case entry::kind::matrix: e.boxed ? text_boxed(e) : text_matrix(e); break;
        case entry::kind::object:
          if (!e.present) break;
          if (!e.line.empty()) append_template(out_, e.line, values_of(e.object->entries_), hex_);
          text(e.object->entries_);
          break;
      }
    }
  }

  // Millions of 64-bit numbers in decimal, a line each, a block at a time.
  void text_decimal_lines(std::span<const std::uint64_t> values) {
    constexpr std::size_t block = std::size_t(1) << 14;
    for (std::size_t i = 0; i < values.size(); i += block) {
      const auto part = values.subspan(i, std::min(block, values.size() - i));
      const std::size_t at = out_.size();
      out_.resize(at + part.size() * max_decimal_line);
      out_.resize(std::size_t(write_decimal_lines(part, out_.data() + at) - out_.data()));
      flush_if_full();
    }
  }

  void text_table(const entry& e) {
    const auto& cols = e.columns;
    if (cols.size() == 1 && !cols[0].at && e.line.empty() && !hex_ &&
        e.layout == table_layout::lines && (cols[0].shown & in_text))
      return text_decimal_lines(cols[0].numbers.first(e.rows));
    std::vector<cell> row(cols.size());
    const cell_lookup find = [&](std::string_view name) -> const cell* {
      for (std::size_t j = 0; j < cols.size(); ++j)
        if (cols[j].name == name) return &row[j];
      return nullptr;
    };
    const bool one_line = e.layout == table_layout::one_line;
    for (std::size_t i = 0; i < e.rows; ++i) {
      for (std::size_t j = 0; j < cols.size(); ++j) row[j] = cols[j].get(i);
      if (!e.line.empty()) {
        append_template(out_, e.line, find, hex_);
      } else {
        bool first = !one_line || i == 0;
        for (std::size_t j = 0; j < cols.size(); ++j) {
          if (!(cols[j].shown & in_text)) continue;
          if (!first) out_ += ' ';
          first = false;
          append_plain(out_, row[j], hex_, false);
        }
        if (!one_line) out_ += '\n';
      }
      flush_if_full();
    }
    if (e.layout == table_layout::one_line) out_ += '\n';
  }

  void text_matrix(const entry& e) {
    for (std::size_t i = 0; i < e.rows; ++i) {
      for (std::size_t j = 0; j < e.cols; ++j) {
        if (j) out_ += ' ';
        append_plain(out_, e.at(i, j), hex_, false);
      }
      out_ += '\n';
      flush_if_full();
    }
  }

  std::size_t plain_width(const cell& c) {
    scratch_.clear();
    append_plain(scratch_, c, hex_, false);
    return scratch_.size();
  }

  void append_right_aligned(const cell& c, std::size_t width) {
    scratch_.clear();
    append_plain(scratch_, c, hex_, false);
    out_.append(width - std::min(width, scratch_.size()), ' ');
    out_ += scratch_;
  }

  // The layout of Conway and Guy's tables: a box of + - |, a header row and a label column
  // of 0 .. N-1, every entry right-aligned to the widest one and separated by one space:
  //   +--+-----------+
  //   |  | 0  1 .. 15|
  //   +--+-----------+
  //   | 0| 0  1 .. 15|
  void text_boxed(const entry& e) {
    const std::size_t label_w = plain_width(cell::number(e.rows ? e.rows - 1 : 0));
    std::size_t cell_w = std::max(label_w, plain_width(cell::number(e.cols ? e.cols - 1 : 0)));
    for (std::size_t i = 0; i < e.rows; ++i)
      for (std::size_t j = 0; j < e.cols; ++j) cell_w = std::max(cell_w, plain_width(e.at(i, j)));
    std::string rule(1, '+');
    rule.append(label_w, '-');
    rule += '+';
    rule.append(e.cols * (cell_w + 1) - (e.cols ? 1 : 0), '-');
    rule += "+\n";
    const auto row = [&](const cell* label, auto&& at) {
      out_ += '|';
      if (label) append_right_aligned(*label, label_w);
      else out_.append(label_w, ' ');
      out_ += '|';
      for (std::size_t j = 0; j < e.cols; ++j) {
        if (j) out_ += ' ';
        append_right_aligned(at(j), cell_w);
      }
      out_ += "|\n";
      flush_if_full();
    };
    out_ += rule;
    row(nullptr, [](std::size_t j) { return cell::number(j); });
    out_ += rule;
    for (std::size_t i = 0; i < e.rows; ++i) {
      const cell label = cell::number(i);
      row(&label, [&](std::size_t j) { return e.at(i, j); });
    }
    out_ += rule;
  }

  // ---- csv

  // The first table or matrix CSV shows, looking into objects too.
  static const entry* csv_table(const std::vector<entry>& entries) {
    for (const entry& e : entries) {
      if (!(e.shown & in_csv)) continue;
      if (e.type == entry::kind::table || e.type == entry::kind::matrix) return &e;
      if (e.type == entry::kind::object)
        if (const entry* t = csv_table(e.object->entries_)) return t;
    }
    return nullptr;
  }

  // The values CSV shows, looking into objects too, in order.
  static void csv_values(const std::vector<entry>& entries, std::vector<const entry*>& values) {
    for (const entry& e : entries) {
      if (!(e.shown & in_csv)) continue;
      if (e.type == entry::kind::value) values.push_back(&e);
      if (e.type == entry::kind::object) csv_values(e.object->entries_, values);
    }
  }

  void csv(const std::vector<entry>& entries) {
    if (const entry* t = csv_table(entries))
      return t->type == entry::kind::table ? csv_table_rows(*t) : csv_matrix(*t);
    std::vector<const entry*> values;
    csv_values(entries, values);
    if (values.empty()) return;
    for (std::size_t i = 0; i < values.size(); ++i) out_ += (i ? "," : "") + values[i]->name;
    out_ += '\n';
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i) out_ += ',';
      append_csv(out_, values[i]->value, hex_);
    }
    out_ += '\n';
  }

  void csv_table_rows(const entry& e) {
    std::vector<std::size_t> shown;
    for (std::size_t j = 0; j < e.columns.size(); ++j)
      if (e.columns[j].shown & in_csv) shown.push_back(j);
    for (std::size_t k = 0; k < shown.size(); ++k)
      out_ += (k ? "," : "") + e.columns[shown[k]].name;
    out_ += '\n';
    for (std::size_t i = 0; i < e.rows; ++i) {
      for (std::size_t k = 0; k < shown.size(); ++k) {
        if (k) out_ += ',';
        append_csv(out_, e.columns[shown[k]].get(i), hex_);
      }
      out_ += '\n';
      flush_if_full();
    }
  }

  void csv_matrix(const entry& e) {
    for (std::size_t i = 0; i < e.rows; ++i) {
      for (std::size_t j = 0; j < e.cols; ++j) {
        if (j) out_ += ',';
        append_csv(out_, e.at(i, j), hex_);
      }
      out_ += '\n';
      flush_if_full();
    }
  }

  // ---- json

  void json_object(const std::vector<entry>& entries) {
    out_ += '{';
    bool first = true;
    for (const entry& e : entries) {
      if (!(e.shown & in_json) || e.type == entry::kind::sentence) continue;
      if (!first) out_ += ',';
      first = false;
      append_json_string(out_, e.name);
      out_ += ':';
      switch (e.type) {
        case entry::kind::value: append_json(out_, e.value, hex_); break;
        case entry::kind::table: json_table(e); break;
        case entry::kind::matrix: json_matrix(e); break;
        case entry::kind::object:
          if (e.present) json_object(e.object->entries_);
          else out_ += "null";
          break;
        case entry::kind::sentence: break;
      }
    }
    out_ += '}';
  }

  void json_table(const entry& e) {
    std::vector<std::size_t> shown;
    for (std::size_t j = 0; j < e.columns.size(); ++j)
      if (e.columns[j].shown & in_json) shown.push_back(j);
    const bool plain = shown.size() == 1;  // an array of values rather than of objects
    out_ += '[';
    for (std::size_t i = 0; i < e.rows; ++i) {
      if (i) out_ += ',';
      if (!plain) out_ += '{';
      for (std::size_t k = 0; k < shown.size(); ++k) {
        const column& c = e.columns[shown[k]];
        if (k) out_ += ',';
        if (!plain) append_json_string(out_, c.name), out_ += ':';
        append_json(out_, c.get(i), hex_);
      }
      if (!plain) out_ += '}';
      flush_if_full();
    }
    out_ += ']';
  }

  void json_matrix(const entry& e) {
    out_ += '[';
    for (std::size_t i = 0; i < e.rows; ++i) {
      out_ += i ? ",[" : "[";
      for (std::size_t j = 0; j < e.cols; ++j) {
        if (j) out_ += ',';
        append_json(out_, e.at(i, j), hex_);
      }
      out_ += ']';
      flush_if_full();
    }
    out_ += ']';
  }

  bool hex_;
  output_format format_;
  std::string& out_;
  const std::function<void(std::string_view)>* sink_;
  std::string scratch_;
};

void write_report(const report& r, const output_options& options, std::string& out) {
  renderer(options, out, nullptr).render(r);
}

void write_report(const report& r, const output_options& options,
                  const std::function<void(std::string_view)>& sink) {
  std::string buffer;
  renderer(options, buffer, &sink).render(r);
}

}  // namespace nimber::cli
