// <immintrin.h> for the translation units built with the avx512 kernel's flags. GCC 12 warns
// inside its own AVX-512 intrinsics (vpermb, the 64-bit shifts and unpacks) about their
// _mm512_undefined pass-through operand (GCC bug 105593); the operand is never read. The
// warnings fire where the intrinsics are inlined, so they are off for the rest of the file.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
