// The single header on its own (compiled against single_include/nimber.hpp alone): every
// operation of every width against the pure tower it carries (detail::tower_*, the reference
// the library's fast paths are tested against), on the path the CPU and NIMBER_KERNEL choose
// and on the portable path forced by use_portable_path; then which path ran.
// Usage: single_header_api auto|portable   (the path expected: auto = pclmul where the CPU
// has PCLMULQDQ). Exit status 0 when everything agrees.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "nimber.hpp"

namespace {

int failures = 0;

void check(bool ok, const char* what, unsigned bits, unsigned long long x) {
  if (ok) return;
  if (++failures <= 10) std::fprintf(stderr, "mismatch: %s, %u bits, operand low word %#llx\n", what, bits, x);
}

// 0, 1, all-ones, every 2^k and its neighbours, then seeded random words (splitmix64).
template <class U>
std::vector<U> operands() {
  std::vector<U> v{0, 1, U(~U(0))};
  for (unsigned k = 0; k < sizeof(U) * 8; ++k) {
    const U p = U(U(1) << k);
    v.insert(v.end(), {p, U(p - 1), U(p + 1), U(~p)});
  }
  std::uint64_t s = 20261124;
  const auto next = [&s] {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  };
  while (v.size() < 600) v.push_back(sizeof(U) == 16 ? U((nimber::u128(next()) << 64) | next()) : U(next()));
  return v;
}

template <class U>
void check_width() {
  namespace d = nimber::detail;
  constexpr unsigned N = nimber::bits_of<U>;
  const std::vector<U> v = operands<U>();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const U x = v[i], y = v[(i * 7 + 3) % v.size()];
    const auto low = static_cast<unsigned long long>(x);
    check(nimber::mul(x, y) == d::tower_mul<N>(x, y), "mul", N, low);
    check(nimber::square(x) == d::tower_square<N>(x), "square", N, low);
    check(nimber::sqrt(x) == d::tower_sqrt<N>(x), "sqrt", N, low);
    check(nimber::inverse(x) == d::tower_inverse<N>(x), "inverse", N, low);
    check(nimber::pow(x, 5u) == d::tower_mul<N>(d::tower_square<N>(d::tower_square<N>(x)), x), "pow", N, low);
    if (x != 0) {
      const nimber::nim<U> n(x);
      check((n * n.inverse()).value() == 1 && (n / n).value() == 1, "nim<U> inverse", N, low);
      check(n.pow(-1) == n.inverse(), "nim<U> pow(-1)", N, low);
    }
  }
  bool threw = false;
  try {
    (void)nimber::nim<U>(0).inverse();
  } catch (const nimber::division_by_zero&) {
    threw = true;
  }
  check(threw, "inverse of 0 throws", N, 0);
}

void check_all() {
  for (unsigned a = 0; a < 256; ++a)  // GF(2^8) whole
    for (unsigned b = 0; b < 256; ++b)
      check(nimber::mul(std::uint8_t(a), std::uint8_t(b)) ==
                nimber::detail::tower_mul<8>(std::uint8_t(a), std::uint8_t(b)),
            "mul", 8, a);
  check_width<std::uint8_t>();
  check_width<std::uint16_t>();
  check_width<std::uint32_t>();
  check_width<std::uint64_t>();
  check_width<nimber::u128>();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "auto") != 0 && std::strcmp(argv[1], "portable") != 0)) {
    std::fprintf(stderr, "usage: single_header_api auto|portable\n");
    return 2;
  }
  check_all();
  const char* ran = nimber::scalar_path_name();
  bool pclmul = false;
#if defined(__x86_64__)
  __builtin_cpu_init();
  pclmul = __builtin_cpu_supports("pclmul");
#endif
  const char* expected = std::strcmp(argv[1], "portable") == 0 || !pclmul ? "portable" : "pclmul";
  if (std::strcmp(ran, expected) != 0) {
    std::fprintf(stderr, "path: %s ran, %s expected\n", ran, expected);
    ++failures;
  }
  nimber::use_portable_path(true);
  check(std::strcmp(nimber::scalar_path_name(), "portable") == 0, "use_portable_path(true)", 0, 0);
  check_all();
  nimber::use_portable_path(false);
  check(std::strcmp(nimber::scalar_path_name(), expected) == 0, "use_portable_path(false)", 0, 0);
  std::printf("single header: %s path, then portable: %s\n", ran, failures ? "FAILED" : "all agree");
  return failures ? 1 : 0;
}
