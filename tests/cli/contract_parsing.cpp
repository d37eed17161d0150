// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Parsing: nesting depth of ordinal expressions, options CLI11 rejects, environment variables, and each message naming the token, where it was and what was expected.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;

}  // namespace
