#include <CLI/CLI.hpp>

#include <cstdio>

#include "common.hpp"

int main(int argc, char** argv) {
  using namespace nimber::cli;
  CLI::App app{"nimber: nimber arithmetic and impartial games"};
  app.require_subcommand(1);
  context ctx;
  add_arith_commands(app, ctx);
  add_table_command(app, ctx);
  add_batch_command(app, ctx);
  add_nim_command(app, ctx);
  add_kernel_commands(app, ctx);
  add_field_commands(app, ctx);
  add_game_commands(app, ctx);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  } catch (const input_error& e) {
    std::fprintf(stderr, "nimber: error: %s\n", e.what());
    return 2;
  }
  std::fwrite(ctx.out.data(), 1, ctx.out.size(), stdout);
  return ctx.status;
}
