#include "common.hpp"

namespace nimber::cli {

void add_table_command(CLI::App&, context&) {}

}  // namespace nimber::cli
