#include "common.hpp"

namespace nimber::cli {

void add_batch_command(CLI::App&, context&) {}

}  // namespace nimber::cli
