// The kernels of each instruction set, for the verification means (internal header): the fast-path
// equivalence checks and sweeps (verify/), the unit tests, the platform test and the benchmarks
// compare every kernel an instruction set runs with the proved one. The library itself does not
// use these tables: its façade calls each function by name (div.cpp, div_fast_paths.hpp).
//
// Each table is written with designated initializers, one named field per kernel, so that a field
// left out or given in another order does not compile.
#ifndef SONNX_DIV_KERNEL_TABLES_HPP
#define SONNX_DIV_KERNEL_TABLES_HPP

#include <cstddef>
#include <cstdint>

#include "../kernels/div_avx2.h"
#include "../kernels/div_kernels.h"
#include "../kernels/div_route_kernels.h"
#include "div_fast_paths.hpp"

namespace sonnx::detail {

template <typename T>
using DivKernel = void (*)(const T*, const T*, T*, std::size_t);

// The kernel each type runs on one instruction set. Integer kernels require the domain (no C3 or D3
// violation): the domain scans are not in the tables, as they are the same on every instruction
// set (the proved scans of div_domain.h, which the checked procedures run; the compiler's
// multiversioning picks their vector width). All kernels allow exact aliasing of c with a and/or
// b, like the proved ones.
struct KernelTable {
  const char* instruction_set;
  DivKernel<std::uint16_t> float16;
  DivKernel<std::uint16_t> bfloat16;
  DivKernel<std::int8_t> int8;
  DivKernel<std::int16_t> int16;
  DivKernel<std::int32_t> int32;
  DivKernel<std::uint8_t> uint8;
  DivKernel<std::uint16_t> uint16;
  DivKernel<std::uint32_t> uint32;
  DivKernel<std::int64_t> int64;
  DivKernel<std::uint64_t> uint64;
};

// The baseline: the proved kernels for float16, bfloat16, int64 and uint64 (the blocked kernels
// are slower than the scalar loop without AVX2), the proved route kernels for the other integers.
inline const KernelTable& baseline_kernel_table() noexcept {
  static constexpr KernelTable table{.instruction_set = "",
                                     .float16 = sonnx_div_f16,
                                     .bfloat16 = sonnx_div_bf16,
                                     .int8 = sonnx_div_i8_via_binary32,
                                     .int16 = sonnx_div_i16_via_binary32,
                                     .int32 = sonnx_div_i32_via_binary64,
                                     .uint8 = sonnx_div_u8_via_binary32,
                                     .uint16 = sonnx_div_u16_via_binary32,
                                     .uint32 = sonnx_div_u32_via_binary64,
                                     .int64 = sonnx_div_i64,
                                     .uint64 = sonnx_div_u64};
  static const KernelTable named = [] {
    KernelTable t = table;
    t.instruction_set = baseline_instruction_set();
    return t;
  }();
  return named;
}

#if SONNX_DIV_X86_64_FAST_PATHS
// AVX2 + F16C: the intrinsic float16/bfloat16 kernels, the route and blocked kernels compiled for
// AVX2. Call only when avx2_fast_paths_supported().
inline const KernelTable& avx2_kernel_table() noexcept {
  static constexpr KernelTable table{.instruction_set = kAvx2InstructionSet,
                                     .float16 = div_float16_avx2,
                                     .bfloat16 = div_bfloat16_avx2,
                                     .int8 = sonnx_div_i8_via_binary32_avx2,
                                     .int16 = sonnx_div_i16_via_binary32_avx2,
                                     .int32 = sonnx_div_i32_via_binary64_avx2,
                                     .uint8 = sonnx_div_u8_via_binary32_avx2,
                                     .uint16 = sonnx_div_u16_via_binary32_avx2,
                                     .uint32 = sonnx_div_u32_via_binary64_avx2,
                                     .int64 = sonnx_div_i64_blocked_avx2,
                                     .uint64 = sonnx_div_u64_blocked_avx2};
  return table;
}
#endif

// The table of the instruction set the façade runs on this CPU.
inline const KernelTable& selected_kernel_table() noexcept {
#if SONNX_DIV_X86_64_FAST_PATHS
  if (avx2_selected()) return avx2_kernel_table();
#endif
  return baseline_kernel_table();
}

}  // namespace sonnx::detail

#endif  // SONNX_DIV_KERNEL_TABLES_HPP
