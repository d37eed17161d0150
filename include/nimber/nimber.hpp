// The whole public API of the nimber library.
#pragma once

// Arithmetic: raw words, value types, spans, any size.
#include "nimber/arith.hpp"
#include "nimber/batch.hpp"
#include "nimber/big.hpp"
#include "nimber/field.hpp"
#include "nimber/kernel.hpp"

// Text: numbers and the batch format.
#include "nimber/text.hpp"

// Field algorithms.
#include "nimber/algebra/log.hpp"
#include "nimber/algebra/matrix.hpp"
#include "nimber/algebra/poly.hpp"
#include "nimber/algebra/roots.hpp"
#include "nimber/algebra/sequences.hpp"

// Impartial games.
#include "nimber/games/coin_turning.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"

// Transfinite nimbers: the ordinals below w^(w^w), the algebraic closure of GF(2).
#include "nimber/transfinite/alpha.hpp"
#include "nimber/transfinite/ordinal.hpp"

// The published algorithms (slow references).
#include "nimber/reference.hpp"
