// The chunk-field arithmetic of the pclmul kernel (src/kernels/chunks.hpp on 128-bit
// PCLMULQDQ). Built with -mpclmul (CMakeLists.txt); the rest of the pclmul kernel is in
// kernel_portable.cpp. dispatch.cpp selects it only where CPUID reports PCLMULQDQ.
#include "kernels/clmul128.hpp"

namespace nimber::detail::kernels {

const chunk_ops pclmul_chunk_ops = chunk_ops_of<clmul128>;

}  // namespace nimber::detail::kernels
