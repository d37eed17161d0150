#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "common.hpp"
#include "nimber/field.hpp"

namespace {

// Every failure is one line on stderr, so scripts can rely on `2>&1 | head -1`.
int fail(std::string message, int status) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  std::fprintf(stderr, "nimber: error: %s\n", message.c_str());
  return status;
}

}  // namespace

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
  // Set after the subcommands are added: CLI11 copies the parent's footer into each new one.
  app.footer(
      "Numbers are decimal, 0x hex or 0b binary. Bad input: one line on stderr, exit status 2.\n"
      "Run 'nimber <command> --help' for a command's options and examples.\n"
      "Examples:\n"
      "  nimber mul 5 11                 # 12\n"
      "  nimber table 16                 # the 16 x 16 nim multiplication table\n"
      "  nimber nim 3 5 7                # who wins, and how\n"
      "  printf '1\\n8 8\\n' | nimber batch  # 13");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help: printed on stdout, status 0
  } catch (const CLI::ParseError& e) {
    // CLI11's own errors (unknown option, missing subcommand, bad --op value, ...): one line
    // like ours, status 2, instead of CLI11's multi-line report.
    return fail(e.what(), 2);
  } catch (const input_error& e) {
    return fail(e.what(), 2);
  } catch (const nimber::division_by_zero&) {
    return fail("division by zero", 2);
  } catch (const std::exception& e) {
    return fail(e.what(), 1);  // not the input's fault (e.g. out of memory)
  }
  if (std::fwrite(ctx.out.data(), 1, ctx.out.size(), stdout) != ctx.out.size() ||
      std::fflush(stdout) != 0)
    return fail(std::string("cannot write output: ") + std::strerror(errno), 1);
  return ctx.status;
}
