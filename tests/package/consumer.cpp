#include <nimber/nimber.hpp>

#include <cstdio>

int main() {
  const nimber::nim64 five(5), eleven(11);
  std::printf("%llu\n", static_cast<unsigned long long>((five * eleven).value()));
}
