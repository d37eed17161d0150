#include "common.hpp"

namespace nimber::cli {

void add_field_commands(CLI::App&, context&) {}

}  // namespace nimber::cli
