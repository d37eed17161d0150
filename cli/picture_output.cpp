// The command's side of pictures: which command may draw which format, and where a plot goes.
#include <unistd.h>

#include "common.hpp"
#include "picture.hpp"

namespace nimber::cli {

namespace {

std::string_view format_name(output_format f) {
  switch (f) {
    case output_format::text:
      return "text";
    case output_format::csv:
      return "csv";
    case output_format::json:
      return "json";
    case output_format::png:
      return "png";
    case output_format::svg:
      return "svg";
    case output_format::dot:
      return "dot";
  }
  return "?";
}

}  // namespace

void check_format_for_command(output_format f, std::string_view command) {
  const bool picture = picture_format_of(f).has_value();
  if (!picture && f != output_format::dot) return;
  if (picture ? command == "table" : command == "game grundy") return;
  throw input_error("--format", format_name(f),
                    "text, csv or json for 'nimber " + std::string(command) +
                        "' (png and svg draw 'table', dot draws 'game grundy')");
}

void check_binary_stdout(std::string_view where, std::string_view format) {
  if (isatty(STDOUT_FILENO) == 1)
    throw input_error(where, "-", "a file name: " + std::string(format) + " is binary and not written to a terminal");
}

picture_format plot_format(const std::string& path, std::string_view where) {
  if (path.ends_with(".png")) return picture_format::png;
  if (path.ends_with(".svg") || path == "-") return picture_format::svg;
  throw input_error(where, path, "a file name ending in .png or .svg");
}

void write_sequence_plot(const std::string& path, std::span<const std::uint32_t> values,
                         const std::optional<games::periodicity>& period, std::string_view title,
                         std::string_view where) {
  const picture_format f = plot_format(path, where);
  output_target out(path);
  out.write(sequence_plot(f, values, period, title));
  out.commit();
}

}  // namespace nimber::cli
