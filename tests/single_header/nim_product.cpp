// A complete solution of Library Checker's "Nim Product" (nim_product_64): T lines "a b"
// with a, b < 2^64; print a * b, one per line. Compiled against single_include/nimber.hpp
// alone, as a judge compiles one file: no include path to include/, no library.
#include <cstdint>
#include <cstdio>
#include <string>

#include "nimber.hpp"

namespace {

// The whole of stdin, read once (the inputs run to 10^6 lines).
std::string read_all() {
  std::string in;
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;) in.append(buffer, n);
  return in;
}

std::uint64_t next_number(const std::string& in, std::size_t& at) {
  while (at < in.size() && (in[at] < '0' || in[at] > '9')) ++at;
  std::uint64_t v = 0;
  while (at < in.size() && in[at] >= '0' && in[at] <= '9') v = v * 10 + std::uint64_t(in[at++] - '0');
  return v;
}

}  // namespace

int main() {
  const std::string in = read_all();
  std::size_t at = 0;
  const std::uint64_t t = next_number(in, at);
  std::string out;
  out.reserve(std::size_t(t) * 21);
  char digits[24];
  for (std::uint64_t i = 0; i < t; ++i) {
    const std::uint64_t a = next_number(in, at), b = next_number(in, at);
    const int n = std::snprintf(digits, sizeof digits, "%llu\n", static_cast<unsigned long long>(nimber::mul(a, b)));
    out.append(digits, std::size_t(n));
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
