// A program built against nimber from outside the project: the scalar value types (core) and a
// big product printed in decimal (big, which brings GMP through the package's dependencies).
#include <nimber/nimber.hpp>

#include <cstdio>

int main() {
  const nimber::nim64 five(5), eleven(11);
  const nimber::big_nim f = nimber::big_nim::parse("0x10000000000000000").value;  // 2^64
  std::printf("%llu %s\n", static_cast<unsigned long long>((five * eleven).value()), (f * f).to_string(10).c_str());
}
