// Pictures of results: the nim table as a grid of colours (PNG through libpng, SVG as text)
// and the plot of a Grundy sequence. Colours come from one perceptual colour map (viridis),
// scaled to the values a picture can hold. The drawing (picture.cpp) is a library of its own,
// so tests decode what it draws against the same colour map.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nimber/games/heap.hpp"
#include "output.hpp"

namespace nimber::cli {

struct rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const rgb&, const rgb&) = default;
};

// Viridis at t in [0, 1] (clamped): dark blue at 0 to yellow at 1, lightness increasing
// throughout, so that order reads in greyscale and to colour-blind readers.
rgb viridis(double t) noexcept;

// The colour of value v among `levels` values 0 .. levels - 1: viridis(v / (levels - 1)).
rgb value_colour(std::uint64_t v, std::uint64_t levels) noexcept;

// "#rrggbb".
std::string hex_colour(rgb c);

// The picture formats, or nullopt for text, csv, json and dot.
enum class picture_format : std::uint8_t { png, svg };
std::optional<picture_format> picture_format_of(output_format f) noexcept;

// The largest tables drawn: one pixel per entry in PNG, one element per entry in SVG (256^2
// elements are already a 4 MB file that browsers draw slowly).
inline constexpr std::size_t kMaxPngTable = 4096;
inline constexpr std::size_t kMaxSvgTable = 256;

// The n x n table `values` (row-major, row r holding r op c) as a picture: one pixel (PNG) or
// one square (SVG, with a title and a legend of the colour map) per entry, coloured by
// value_colour(value, levels).
std::string table_picture(picture_format f, std::size_t n, std::span<const std::uint16_t> values, std::uint64_t levels,
                          std::string_view title);

// The Grundy values G(0) .. G(n-1) against n: a point per term (coloured by value), the
// pre-period shaded and the period's boundaries marked when `period` is proved; in SVG with
// axes, labels and a line saying what is marked.
std::string sequence_plot(picture_format f, std::span<const std::uint32_t> values,
                          const std::optional<games::periodicity>& period, std::string_view title);

// ---- In the command only (picture_output.cpp): they report errors as input_error. ----------

// png and svg are pictures of `table`, dot the graph of `game grundy`; `command` is the command
// path ("table", "game grundy"). Any other pairing is input_error naming --format.
void check_format_for_command(output_format f, std::string_view command);

// The format a plot file's name asks for: .png or .svg ("-": SVG on stdout); otherwise
// input_error at `where`. Lets a command refuse a bad name before a long run.
picture_format plot_format(const std::string& path, std::string_view where = "--plot");

// sequence_plot written to `path`, its format from the extension (.png or .svg; otherwise
// input_error at `where`), through a temporary file renamed at the end (output_target), so a
// failure leaves no partial file. "-" writes the SVG to standard output.
void write_sequence_plot(const std::string& path, std::span<const std::uint32_t> values,
                         const std::optional<games::periodicity>& period, std::string_view title,
                         std::string_view where = "--plot");

// Throws input_error at `where` when standard output is a terminal: binary data is not
// written to one.
void check_binary_stdout(std::string_view where, std::string_view format);

}  // namespace nimber::cli
