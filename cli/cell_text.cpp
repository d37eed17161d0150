// The text forms of output cells: plain, CSV, JSON, and line templates (cell_text.hpp).
#include "cell_text.hpp"

#include <algorithm>
#include <stdexcept>

#include "common.hpp"
#include "nimber/big.hpp"
#include "nimber/text.hpp"

namespace nimber::cli {

namespace {

void append_number(std::string& out, u128 v, bool hex) { out += to_string(v, hex); }

// One "{name|SEP|EMPTY}" placeholder, without its braces.
void append_placeholder(std::string& out, std::string_view spec, const cell_lookup& find, bool hex) {
  const std::size_t bar = std::min(spec.find('|'), spec.size());
  const std::string_view name = spec.substr(0, bar);
  std::string_view sep = " ", empty;
  if (bar < spec.size()) {
    sep = spec.substr(bar + 1);
    const std::size_t bar2 = std::min(sep.find('|'), sep.size());
    if (bar2 < sep.size()) empty = sep.substr(bar2 + 1);
    sep = sep.substr(0, bar2);
  }
  const cell* c = find(name);
  if (!c) throw std::logic_error("output template names no cell '" + std::string(name) + "'");
  append_plain(out, *c, hex, false, sep, empty);
}

}  // namespace

void append_plain(std::string& out, const cell& c, bool hex, bool csv, std::string_view sep, std::string_view empty) {
  switch (c.type) {
    case cell::kind::null: return;
    case cell::kind::number: return append_number(out, c.n, hex);
    case cell::kind::count: return append_number(out, c.n, false);
    case cell::kind::big: out += c.big_value->to_string(hex ? 16 : 10); return;
    case cell::kind::real:
    case cell::kind::text: out += c.s; return;
    case cell::kind::flag: out += c.n ? "true" : "false"; return;
    case cell::kind::list:
    case cell::kind::infinite: break;
  }
  const bool inf = c.type == cell::kind::infinite;
  if (inf) out += "inf{", sep = csv ? " " : ",";
  else if (c.items.empty()) out += empty;
  for (std::size_t i = 0; i < c.items.size(); ++i) {
    if (i) out += sep;
    append_plain(out, c.items[i], hex, csv);
  }
  if (inf) out += '}';
}

void append_csv(std::string& out, const cell& c, bool hex) {
  const std::size_t start = out.size();
  append_plain(out, c, hex, true);
  if (out.find_first_of(",\"\r\n", start) == std::string::npos) return;
  std::string field = "\"";
  for (std::size_t i = start; i < out.size(); ++i) field += out[i] == '"' ? "\"\"" : std::string(1, out[i]);
  out.resize(start);
  out += field + '"';
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') out += {'\\', ch};
    else if (c < 0x20) out += {'\\', 'u', '0', '0', hex_digit_char(c >> 4), hex_digit_char(c)};
    else out += ch;
  }
  out += '"';
}

void append_json(std::string& out, const cell& c, bool hex) {
  switch (c.type) {
    case cell::kind::null: out += "null"; return;
    case cell::kind::number:
    case cell::kind::big:
      if (!hex) return append_plain(out, c, false, false);
      out += '"';
      append_plain(out, c, true, false);
      out += '"';
      return;
    case cell::kind::count:
    case cell::kind::real:
    case cell::kind::flag: return append_plain(out, c, hex, false);
    case cell::kind::text: return append_json_string(out, c.s);
    case cell::kind::list:
    case cell::kind::infinite: break;
  }
  out += c.type == cell::kind::infinite ? "{\"inf\":[" : "[";
  for (std::size_t i = 0; i < c.items.size(); ++i) {
    if (i) out += ',';
    append_json(out, c.items[i], hex);
  }
  out += c.type == cell::kind::infinite ? "]}" : "]";
}

void append_template(std::string& out, std::string_view line, const cell_lookup& find, bool hex) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if ((c == '{' || c == '}') && i + 1 < line.size() && line[i + 1] == c) {
      out += c;
      ++i;
    } else if (c == '{') {
      const std::size_t close = line.find('}', i);
      if (close == std::string_view::npos) throw std::logic_error("output template: no '}'");
      append_placeholder(out, line.substr(i + 1, close - i - 1), find, hex);
      i = close;
    } else {
      out += c;
    }
  }
  out += '\n';
}

}  // namespace nimber::cli
