#include "common.hpp"

namespace nimber::cli {

void add_kernel_commands(CLI::App&, context&) {}

}  // namespace nimber::cli
