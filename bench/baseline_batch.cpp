// The end-to-end baseline for `nimber batch` (tools/bench_batch_e2e.sh): what a competent
// competitive programmer submits to Library Checker "Nim Product (F_2^64)". fread the whole of
// stdin into one buffer, a plain digit loop, the log-table tower product per pair
// (nimber::ref::log_tower_mul: Karatsuba down to 16 bits, 2^16 log/exp tables), a char-buffer
// writer that reverses the digits, one fwrite. No input checking: it trusts the input, as such
// submissions do.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "nimber/reference.hpp"

namespace {

std::vector<char> read_stdin() {
  std::vector<char> buf(std::size_t(1) << 20);
  std::size_t size = 0;
  for (;;) {
    if (size == buf.size()) buf.resize(2 * buf.size());
    const std::size_t got = std::fread(buf.data() + size, 1, buf.size() - size, stdin);
    if (got == 0) break;
    size += got;
  }
  buf.resize(size);
  buf.push_back('\0');  // a sentinel: the digit loop stops at it
  return buf;
}

std::uint64_t read_u64(const char*& p) {
  while (*p && (*p < '0' || *p > '9')) ++p;
  std::uint64_t x = 0;
  while (*p >= '0' && *p <= '9') x = x * 10 + std::uint64_t(*p++ - '0');
  return x;
}

char* write_u64(char* out, std::uint64_t v) {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = char('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *out++ = tmp[--n];
  *out++ = '\n';
  return out;
}

}  // namespace

int main() {
  const std::vector<char> in = read_stdin();
  const char* p = in.data();
  const std::uint64_t t = read_u64(p);
  std::vector<char> out(std::size_t(t) * 21 + 1);
  char* o = out.data();
  for (std::uint64_t i = 0; i < t; ++i) {
    const std::uint64_t a = read_u64(p);
    const std::uint64_t b = read_u64(p);
    o = write_u64(o, nimber::ref::log_tower_mul(a, b));
  }
  std::fwrite(out.data(), 1, std::size_t(o - out.data()), stdout);
  return 0;
}
