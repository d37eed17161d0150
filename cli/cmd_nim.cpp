#include "common.hpp"

namespace nimber::cli {

void add_nim_command(CLI::App&, context&) {}

}  // namespace nimber::cli
