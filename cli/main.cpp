#include <CLI/CLI.hpp>

#include "nimber/nimber.hpp"

int main(int argc, char** argv) {
  CLI::App app{"nimber: nimber arithmetic and impartial games"};
  app.require_subcommand(1);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
