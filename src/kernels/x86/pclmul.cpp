// The pclmul kernel, for CPUs with PCLMULQDQ but not the SIMD kernels' GFNI (Intel before Ice
// Lake, AMD before Zen 4): the portable kernel's loops with the products on the scalar clmul
// path (a change of basis and one carry-less multiply, src/scalar/clmul.cpp), about 2.6 times
// the byte tower's throughput, and the chunk field of big products on 128-bit PCLMULQDQ
// (kernels/generic/clmul128.hpp). Built with -mpclmul; the registry selects it only where
// CPUID reports PCLMULQDQ.
#if !defined(__PCLMUL__)
#error "src/kernels/x86/pclmul.cpp must be compiled with -mpclmul"
#endif

#include "kernels/generic/byte_tables.hpp"
#include "kernels/generic/clmul128.hpp"
#include "kernels/generic/rows.hpp"
#include "scalar/clmul_path.hpp"

namespace nimber::detail::kernels {
namespace {

struct pclmul {};  // the generic templates' instantiation tag (internal linkage)

}  // namespace

const ops pclmul_ops = {"pclmul",
                        true,
                        &clmul_mul64_n,
                        &byte_table_maps<pclmul>::apply,
                        &row_passes<pclmul>::split,
                        &row_passes<pclmul>::join,
                        &row_passes<pclmul>::add};

const chunk_ops pclmul_chunks = chunk_ops_of<clmul128>;

}  // namespace nimber::detail::kernels
