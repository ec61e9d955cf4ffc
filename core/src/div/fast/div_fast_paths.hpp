// Run-time selected fast paths of the Div kernels (internal header, docs/performance.md).
//
// The scalar proved kernels (core/src/div/kernels, Frama-C/WP) stay the reference. A fast path
// computes the same bits faster where the scalar loop cannot vectorize:
//   float16   F16C widening, one binary32 division, F16C rounding to nearest even (AVX2+F16C only)
//   bfloat16  widening by a shift, one binary32 division, branch-free rounding (AVX2 only)
//   8/16-bit  exact conversion to binary32, one division, truncation toward zero
//   32-bit    exact conversion to binary64, one division, truncation toward zero
//   64-bit    block by block: through int32 and binary64 where every operand of the block is
//             below 2^31 in magnitude, through binary64 where every operand is below 2^53, C's
//             integer division elsewhere (AVX2 only: slower than the scalar loop on the baseline)
// The integer routes are the route kernels of core/src/div/kernels/div_route_kernels.c and
// div_blocked_kernels.c, proved by WP with the scalar kernels' contracts, called by the proved
// decision procedures (div_checked.h) and compiled once per instruction set (the AVX2 names carry
// the suffix _avx2, div_avx2.h); float16 and bfloat16 are intrinsics (div_fast_avx2.cpp).
// float32 and float64 have no fast path: their proved kernels already run at the memory bound.
// Requirement D9: every fast path is equal to the proved kernel on every input of its domain (by
// WP for the integer routes, exhaustively for float16/bfloat16).
//
// The façade (div.cpp) calls each function by its name, for the instruction set this CPU runs:
// no table of function pointers, so that the call graph (the stack bound, a reader) is the real
// one. The tests, sweeps, platform test and benchmarks reach every kernel of an instruction set
// through the verification tables of div_kernel_tables.hpp.
//
// Per target: only x86-64 has the AVX2+F16C compilation and its run-time selection (CPUID); every
// other target runs the baseline: the proved kernels for float16, bfloat16, int64 and uint64 and
// the proved integer route kernels compiled for that target's baseline instruction set
// (docs/platforms.md).
#ifndef SONNX_DIV_FAST_PATHS_HPP
#define SONNX_DIV_FAST_PATHS_HPP

// 1 where the x86-64 fast paths (div_fast_avx2.cpp, the AVX2 route objects) and their CPUID
// selection are compiled in; core/src/CMakeLists.txt adds those objects under the same condition,
// which it reads from the compiler (the predefined macro), not from the host.
#if defined(__x86_64__)
#define SONNX_DIV_X86_64_FAST_PATHS 1
#else
#define SONNX_DIV_X86_64_FAST_PATHS 0
#endif

#include <cstddef>
#include <cstdint>

namespace sonnx::detail {

// The instruction set of the baseline compilation, as `sonnx-div kernels` and the platform
// evidence name it (e.g. "x86-64 baseline", "AArch64 baseline").
const char* baseline_instruction_set() noexcept;
// The name of the AVX2 compilation.
inline constexpr const char* kAvx2InstructionSet = "AVX2+F16C";

// Whether this CPU runs the AVX2+F16C compilation: CPUID on x86-64, false on every other target.
bool avx2_fast_paths_supported() noexcept;
// The same, asked once (the selection of the process).
bool avx2_selected() noexcept;

// The float16 and bfloat16 fast paths (AVX2 + F16C intrinsics, div_fast_avx2.cpp): the proved
// kernels' bits on every input (D9, exhaustive sweeps). Call only when avx2_selected(). Defined on
// x86-64 only: elsewhere they are named only where `if constexpr (SONNX_DIV_X86_64_FAST_PATHS)`
// discards the call.
void div_float16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                      std::size_t n) noexcept;
void div_bfloat16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                       std::size_t n) noexcept;

}  // namespace sonnx::detail

#endif  // SONNX_DIV_FAST_PATHS_HPP
