// The whole public API of the nimber library.
#pragma once

#include "nimber/arith.hpp"
#include "nimber/batch.hpp"
#include "nimber/field.hpp"
#include "nimber/reference.hpp"
