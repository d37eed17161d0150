// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Resources: --max-memory honoured before allocating, GMP's allocation failures, and the progress of long runs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

}  // namespace
