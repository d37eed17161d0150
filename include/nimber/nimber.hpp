// The whole public API of the nimber library.
#pragma once

// Arithmetic: raw words, value types, spans, any size.
#include "nimber/arith.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"
#include "nimber/field.hpp"
#include "nimber/kernel.hpp"

// Text: numbers and the batch format.
#include "nimber/parse.hpp"

// Field algorithms.
#include "nimber/log.hpp"
#include "nimber/matrix.hpp"
#include "nimber/poly.hpp"
#include "nimber/roots.hpp"
#include "nimber/sequences.hpp"

// Impartial games.
#include "nimber/coin_turning.hpp"
#include "nimber/game_graph.hpp"
#include "nimber/heap_games.hpp"

// The seed algorithms (slow references).
#include "nimber/reference.hpp"
