#include "common.hpp"

namespace nimber::cli {

void add_game_commands(CLI::App&, context&) {}

}  // namespace nimber::cli
