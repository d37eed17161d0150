// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Files the command writes: --output and --checkpoint targets (regular files, symlinks, devices, FIFOs, read-only files), temporary files on interruption, heap checkpoint options.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

}  // namespace
