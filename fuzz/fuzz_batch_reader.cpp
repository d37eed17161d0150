// read_batch on arbitrary bytes: never crashes; an error points at a real token on the line it
// names; an accepted input, written out canonically, reads back to the same pairs.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "batch_format.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

void check_error(std::string_view input, const nimber::cli::batch_error& e) {
  check(e.line >= 1 && e.line <= std::size_t(std::count(input.begin(), input.end(), '\n')) + 1);
  check(!nimber::cli::expected_text(e).empty());
  if (e.at_end_of_input()) {
    check(e.token.empty());
    return;
  }
  // The token lies inside the input, is whitespace-delimited, and starts on line e.line.
  check(!e.token.empty() && e.token.data() >= input.data() &&
        e.token.data() + e.token.size() <= input.data() + input.size());
  const std::size_t at = std::size_t(e.token.data() - input.data());
  check(std::none_of(e.token.begin(), e.token.end(), is_space));
  check(at == 0 || is_space(input[at - 1]));
  check(at + e.token.size() == input.size() || is_space(input[at + e.token.size()]));
  check(std::size_t(std::count(input.begin(), input.begin() + at, '\n')) + 1 == e.line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::uint64_t> a, b;
  const nimber::cli::batch_error e = nimber::cli::read_batch(input, a, b);
  if (e) {
    check_error(input, e);
    return 0;
  }
  check(a.size() == e.count && b.size() == e.count);

  // Canonical form: T on the first line, then "A B" per line, via the fast writer.
  std::vector<std::uint64_t> values;
  values.push_back(e.count);
  for (std::size_t i = 0; i < a.size(); ++i) values.insert(values.end(), {a[i], b[i]});
  std::string text(values.size() * nimber::cli::max_decimal_line, '\0');
  text.resize(std::size_t(nimber::cli::write_decimal_lines(values, text.data()) - text.data()));

  std::vector<std::uint64_t> a2, b2;
  check(!nimber::cli::read_batch(text, a2, b2));
  check(a2 == a && b2 == b);
  return 0;
}
