#include <gtest/gtest.h>
#include "nimber/nimber.hpp"
TEST(Arith, SeedFacts) { EXPECT_EQ(nimber::mul<std::uint8_t>(5, 11), 12); }
