#include "common.hpp"

namespace nimber::cli {

void add_arith_commands(CLI::App&, context&) {}

}  // namespace nimber::cli
