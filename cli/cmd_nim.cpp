// nim H1 H2 ...: analyse a Nim position (Bouton's theorem). The player to move wins exactly
// when the nim-sum s of the heaps is nonzero; the winning moves reduce a heap h to h XOR s,
// which is possible exactly for the heaps where that is smaller than h (those with the top bit
// of s set), and leave a nim-sum of 0.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "common.hpp"

namespace nimber::cli {

void add_nim_command(CLI::App& app, context& ctx) {
  auto heaps = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "nim", "A Nim position: its nim-sum, who wins, and every winning move");
  sub->add_option("heaps", *heaps, "Heap sizes below 2^128: decimal, 0x hex or 0b binary");
  sub->footer(
      "Output: the nim-sum, whether the player to move wins, then one line per winning\n"
      "move: heap <index, from 1>: <size> -> <size after the move>.\n"
      "Examples:\n"
      "  nimber nim 3 5 7        # nim-sum 1; three winning moves: 3 -> 2, 5 -> 4, 7 -> 6\n"
      "  nimber nim 1 2 3        # nim-sum 0: the player to move loses");
  sub->callback([&ctx, heaps] {
    check_argument_count(*heaps, 1, std::size_t(-1), "nimber nim H1 [H2 ...]");
    std::vector<u128> h(heaps->size());
    u128 sum = 0;
    for (std::size_t i = 0; i < h.size(); ++i) sum ^= h[i] = parse_number_argument((*heaps)[i], i + 1);

    std::string& out = ctx.out;
    out = "nim-sum: " + to_string(sum) + "\n";
    if (sum == 0) {
      out += "the player to move loses: every move leaves a nonzero nim-sum\n";
      return;
    }
    out += "the player to move wins; winning moves:\n";
    for (std::size_t i = 0; i < h.size(); ++i)
      if ((h[i] ^ sum) < h[i])
        out += "heap " + std::to_string(i + 1) + ": " + to_string(h[i]) + " -> " +
               to_string(h[i] ^ sum) + "\n";
  });
}

}  // namespace nimber::cli
