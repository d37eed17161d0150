#include "picture.hpp"

#include <png.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace nimber::cli {

namespace {

// Viridis (van der Walt and Smith, "A better default colormap for Matplotlib", SciPy 2015)
// sampled at t = 0, 0.1, ..., 1. Between samples the map is linear in sRGB; the samples'
// lightness rises steadily, so every segment and the whole map stay monotone in lightness.
constexpr std::array<rgb, 11> kViridis{{{68, 1, 84},
                                        {72, 36, 117},
                                        {65, 68, 135},
                                        {53, 95, 141},
                                        {42, 120, 142},
                                        {33, 145, 140},
                                        {34, 168, 132},
                                        {68, 191, 112},
                                        {122, 209, 81},
                                        {189, 223, 38},
                                        {253, 231, 37}}};

// XML text: the characters with a meaning in markup escaped.
std::string xml_escape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// A drawing of rectangles (and, in SVG, text) on a w x h canvas, white to start with: pixels
// for PNG, elements for SVG, so that one drawing routine serves both formats.
class canvas {
 public:
  canvas(picture_format f, int w, int h) : format_(f), w_(w), h_(h) {
    if (f == picture_format::png)
      pixels_.assign(std::size_t(w) * std::size_t(h), rgb{255, 255, 255});
    else
      svg_ = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
             std::to_string(w) + "\" height=\"" + std::to_string(h) + "\" viewBox=\"0 0 " + std::to_string(w) + " " +
             std::to_string(h) + "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"" + std::to_string(w) +
             "\" height=\"" + std::to_string(h) + "\" fill=\"#ffffff\"/>\n";
  }

  picture_format format() const { return format_; }

  void rect(long x, long y, long w, long h, rgb c) {
    if (format_ == picture_format::svg) {
      svg_ += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(w) +
              "\" height=\"" + std::to_string(h) + "\" fill=\"" + hex_colour(c) + "\"/>\n";
      return;
    }
    for (long r = std::max(0L, y); r < std::min<long>(h_, y + h); ++r)
      for (long q = std::max(0L, x); q < std::min<long>(w_, x + w); ++q) pixels_[std::size_t(r) * w_ + q] = c;
  }

  // SVG only: PNG pictures carry no text (no font is assumed to exist).
  void text(long x, long y, std::string_view s, std::string_view anchor = "start") {
    if (format_ == picture_format::svg)
      svg_ += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
              std::string(anchor) + "\">" + xml_escape(s) + "</text>\n";
  }
  void raw_svg(std::string_view s) {
    if (format_ == picture_format::svg) svg_ += s;
  }
  std::vector<rgb>& pixels() { return pixels_; }

  std::string finish() {
    if (format_ == picture_format::svg) return std::move(svg_) + "</svg>\n";
    return encode_png();
  }

 private:
  // libpng's simplified API (png_image): no setjmp error handling to get wrong.
  std::string encode_png() {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    image.width = png_uint_32(w_);
    image.height = png_uint_32(h_);
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = PNG_IMAGE_PNG_SIZE_MAX(image);
    std::string out(size, '\0');
    static_assert(sizeof(rgb) == 3, "rows of packed RGB triples");
    if (!png_image_write_to_memory(&image, out.data(), &size, 0, pixels_.data(), 0, nullptr))
      throw std::runtime_error(std::string("libpng: ") + image.message);
    out.resize(size);
    return out;
  }

  picture_format format_;
  int w_, h_;
  std::vector<rgb> pixels_;
  std::string svg_;
};

// The colour map as an SVG gradient (its stops are the samples, between which both are linear).
std::string viridis_gradient(std::string_view id) {
  std::string s = "<defs><linearGradient id=\"" + std::string(id) + "\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n";
  for (std::size_t i = 0; i < kViridis.size(); ++i)
    s += "<stop offset=\"" + std::to_string(i * 10) + "%\" stop-color=\"" + hex_colour(kViridis[i]) + "\"/>\n";
  return s + "</linearGradient></defs>\n";
}

// A vertical legend bar, 0 at the bottom and levels - 1 at the top.
void legend(canvas& c, long x, long y, long h, std::uint64_t levels) {
  c.raw_svg(viridis_gradient("viridis"));
  c.raw_svg("<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"16\" height=\"" +
            std::to_string(h) + "\" fill=\"url(#viridis)\"/>\n");
  c.text(x + 22, y + 10, std::to_string(levels - 1));
  c.text(x + 22, y + h, "0");
}

}  // namespace

rgb viridis(double t) noexcept {
  if (!(t > 0)) return kViridis.front();
  if (t >= 1) return kViridis.back();
  const double pos = t * double(kViridis.size() - 1);
  const std::size_t i = std::size_t(pos);
  const double f = pos - double(i);
  const auto mix = [f](std::uint8_t a, std::uint8_t b) { return std::uint8_t(std::lround(a + (b - a) * f)); };
  const rgb a = kViridis[i], b = kViridis[i + 1];
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

rgb value_colour(std::uint64_t v, std::uint64_t levels) noexcept {
  return levels <= 1 ? viridis(0) : viridis(double(v) / double(levels - 1));
}

std::string hex_colour(rgb c) {
  char s[8];
  std::snprintf(s, sizeof s, "#%02x%02x%02x", c.r, c.g, c.b);
  return s;
}

std::optional<picture_format> picture_format_of(output_format f) noexcept {
  if (f == output_format::png) return picture_format::png;
  if (f == output_format::svg) return picture_format::svg;
  return std::nullopt;
}

std::string table_picture(picture_format f, std::size_t n, std::span<const std::uint16_t> values, std::uint64_t levels,
                          std::string_view title) {
  if (f == picture_format::png) {  // one pixel per entry, nothing else
    canvas c(f, int(n), int(n));
    auto& px = c.pixels();
    for (std::size_t i = 0; i < n * n; ++i) px[i] = value_colour(values[i], levels);
    return c.finish();
  }
  // SVG: the cells in unit squares, scaled as a group so the file stays small and a reader
  // finds cell (row, column) at (x, y) = (column, row).
  const long s = std::max<long>(2, 512 / long(n)), grid = s * long(n), left = 40, top = 44;
  canvas c(f, int(left + grid + 90), int(top + grid + 24));
  c.text(left, 20, title);
  c.text(left, top - 6, "0");
  c.text(left + grid, top - 6, std::to_string(n - 1), "end");
  c.text(left - 6, top + 12, "0", "end");
  c.text(left - 6, top + grid, std::to_string(n - 1), "end");
  c.raw_svg("<g id=\"cells\" transform=\"translate(" + std::to_string(left) + "," + std::to_string(top) + ") scale(" +
            std::to_string(s) + ")\" shape-rendering=\"crispEdges\">\n");
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t col = 0; col < n; ++col)
      c.rect(long(col), long(r), 1, 1, value_colour(values[r * n + col], levels));
  c.raw_svg("</g>\n");
  legend(c, left + grid + 24, top, grid, levels);
  return c.finish();
}

namespace {

struct plot_frame {
  long left = 56, top = 36, width = 800, height = 320;
  std::uint64_t terms = 1, max_value = 1;
  long x(std::uint64_t n) const { return left + long(n * std::uint64_t(width) / terms); }
};

// The pre-period shaded grey, the first period shaded green-grey, and a line at every period
// boundary (up to 64 of them).
void mark_period(canvas& c, const plot_frame& f, const games::periodicity& p) {
  const auto shade = [&](std::uint64_t from, std::uint64_t to, rgb colour) {
    from = std::min(from, f.terms), to = std::min(to, f.terms);
    if (to > from) c.rect(f.x(from), f.top, std::max(1L, f.x(to) - f.x(from)), f.height, colour);
  };
  shade(0, p.preperiod, {224, 224, 224});
  shade(p.preperiod, p.preperiod + p.period, {220, 238, 232});
  for (std::uint64_t k = 0, n = p.preperiod; n < f.terms && k < 64 && p.period > 0; ++k, n += p.period)
    c.rect(f.x(n), f.top, 1, f.height, {136, 136, 136});
}

}  // namespace

std::string sequence_plot(picture_format format, std::span<const std::uint32_t> values,
                          const std::optional<games::periodicity>& period, std::string_view title) {
  plot_frame f;
  f.terms = std::max<std::uint64_t>(values.size(), 1);
  for (const std::uint32_t v : values) f.max_value = std::max<std::uint64_t>(f.max_value, v);
  canvas c(format, int(f.left + f.width + 16), int(f.top + f.height + 48));
  c.text(f.left, 20, title);
  if (period) mark_period(c, f, *period);
  c.rect(f.left - 1, f.top, 1, f.height + 1, {0, 0, 0});  // the axes
  c.rect(f.left - 1, f.top + f.height, f.width + 1, 1, {0, 0, 0});
  // A point per term, points that fall on the same spot drawn once.
  const long size = std::clamp<long>(f.width / long(f.terms), 2, 6);
  const long span_y = f.height - size;
  std::vector<bool> drawn(std::size_t(f.width + size) * std::size_t(f.height + 1));
  for (std::size_t n = 0; n < values.size(); ++n) {
    const long x = f.x(n) - f.left;
    const long y = span_y - long(std::uint64_t(values[n]) * std::uint64_t(span_y) / f.max_value);
    const std::size_t key = std::size_t(y) * std::size_t(f.width + size) + std::size_t(x);
    if (drawn[key]) continue;
    drawn[key] = true;
    c.rect(f.left + x, f.top + y, size, size, value_colour(values[n], f.max_value + 1));
  }
  const long below = f.top + f.height + 16;
  c.text(f.left, below, "0");
  c.text(f.left + f.width, below, std::to_string(f.terms - 1), "end");
  c.text(f.left + f.width / 2, below, "n", "middle");
  c.text(f.left - 6, f.top + 10, std::to_string(f.max_value), "end");
  c.text(f.left - 6, f.top + f.height, "0", "end");
  c.text(f.left - 6, f.top + f.height / 2, "G(n)", "end");
  c.text(f.left, below + 20,
         period ? "pre-period " + std::to_string(period->preperiod) + " (grey), period " +
                      std::to_string(period->period) + " (lines at its boundaries; first period shaded)"
                : "no period proved");
  return c.finish();
}

}  // namespace nimber::cli
