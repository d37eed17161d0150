// The text forms of one output cell (output.hpp), shared by the renderer's formats: plain
// text, a CSV field, JSON, and the line templates that name cells as "{name|SEP|EMPTY}".
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "output.hpp"

namespace nimber::cli {

// The cell a line template names, or null for a name that has none.
using cell_lookup = std::function<const cell*(std::string_view name)>;

// The cell as text (csv: as a CSV field, before any quoting): lists joined by `sep`, an
// empty one written as `empty`.
void append_plain(std::string& out, const cell& c, bool hex, bool csv, std::string_view sep = " ",
                  std::string_view empty = "");
// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
void append_csv(std::string& out, const cell& c, bool hex);
void append_json_string(std::string& out, std::string_view s);
void append_json(std::string& out, const cell& c, bool hex);
// The line with each "{name|SEP|EMPTY}" replaced by its cell ("{{" and "}}" for braces), and
// a line break; std::logic_error for a name `find` does not know or an unclosed brace.
void append_template(std::string& out, std::string_view line, const cell_lookup& find, bool hex);

}  // namespace nimber::cli
