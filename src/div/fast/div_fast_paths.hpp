// Run-time selected fast paths of the Div kernels (internal header, docs/performance.md).
//
// The scalar proved kernels (src/div/kernels, Frama-C/WP) stay the reference. A fast path computes
// the same bits faster where the scalar loop cannot vectorize:
//   float16   F16C widening, one binary32 division, F16C rounding to nearest even (AVX2+F16C only)
//   bfloat16  widening by a shift, one binary32 division, branch-free rounding (AVX2 only)
//   8/16-bit  exact conversion to binary32, one division, truncation toward zero
//   32-bit    exact conversion to binary64, one division, truncation toward zero
//   64-bit    block by block: through int32 and binary64 where every operand of the block is
//             below 2^31 in magnitude, through binary64 where every operand is below 2^53, C's
//             integer division elsewhere (AVX2 only: slower than the scalar loop on the baseline)
// The integer routes are the route kernels of src/div/kernels/div_route_kernels.c, proved by WP
// with the scalar kernels' contracts and compiled once per instruction set; float16 and bfloat16
// are intrinsics (div_fast_avx2.cpp). float32 and float64 have no fast path: their proved kernels
// already run at the memory bound.
// Requirement D9: every fast path is equal to the proved kernel on every input of its domain (by
// WP for the integer routes, exhaustively for float16/bfloat16).
//
// Per target: only x86-64 has the AVX2+F16C table and its run-time selection (CPUID); every other
// target runs the baseline table, which is portable C++: the proved kernels for float16,
// bfloat16, int64 and uint64 and the proved integer route kernels compiled for that target's
// baseline instruction set (docs/platforms.md).
#ifndef SONNX_DIV_FAST_PATHS_HPP
#define SONNX_DIV_FAST_PATHS_HPP

// 1 where the x86-64 fast paths (div_fast_avx2.cpp, the AVX2 route objects) and their CPUID
// selection are compiled in; src/CMakeLists.txt adds those objects under the same condition, which
// it reads from the compiler (the predefined macro), not from the host.
#if defined(__x86_64__)
#define SONNX_DIV_X86_64_FAST_PATHS 1
#else
#define SONNX_DIV_X86_64_FAST_PATHS 0
#endif

#include <cstddef>
#include <cstdint>

#include "../kernels/div_checked.h"

namespace sonnx::detail {

template <typename T>
using DivKernel = void (*)(const T*, const T*, T*, std::size_t);

// True when some element violates C3 (zero divisor) or, for signed types, D3 (MIN / -1); every
// table answers with the proved scan of src/div/kernels/div_domain.c.
template <typename T>
using DomainScan = bool (*)(const T*, const T*, std::size_t);

// The proved decision procedure of an integer type (src/div/kernels/div_checked.h): the checks,
// then the kernel chosen by its int32_t argument (SONNX_KERNEL_SCALAR or SONNX_KERNEL_ROUTE).
template <typename T>
using CheckedDiv = sonnx_verdict (*)(sonnx_tensor, sonnx_tensor, sonnx_tensor, const T*, const T*,
                                     T*, std::int32_t, sonnx_fault*);

// The kernels and domain scans of one instruction set. Integer kernels require the domain (no
// C3 or D3 violation); all kernels allow exact aliasing of c with a and/or b, like the proved ones.
struct DivFastPaths {
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
  DomainScan<std::int8_t> int8_domain_violated;
  DomainScan<std::int16_t> int16_domain_violated;
  DomainScan<std::int32_t> int32_domain_violated;
  DomainScan<std::int64_t> int64_domain_violated;
  DomainScan<std::uint8_t> uint8_domain_violated;
  DomainScan<std::uint16_t> uint16_domain_violated;
  DomainScan<std::uint32_t> uint32_domain_violated;
  DomainScan<std::uint64_t> uint64_domain_violated;
  // The checked API's decision procedures of the integer types, compiled for this instruction
  // set like the route kernels they call, and the kernel the 64-bit types run by default
  // (SONNX_KERNEL_ROUTE, the blocked kernel, with AVX2; the scalar kernel without).
  CheckedDiv<std::int8_t> checked_int8;
  CheckedDiv<std::int16_t> checked_int16;
  CheckedDiv<std::int32_t> checked_int32;
  CheckedDiv<std::int64_t> checked_int64;
  CheckedDiv<std::uint8_t> checked_uint8;
  CheckedDiv<std::uint16_t> checked_uint16;
  CheckedDiv<std::uint32_t> checked_uint32;
  CheckedDiv<std::uint64_t> checked_uint64;
  std::int32_t wide_integer_kernel;
};

// The baseline of the target the library is compiled for (on x86-64: SSE2; its instruction_set
// names the target, e.g. "x86-64 baseline", "AArch64 baseline"): float16, bfloat16, int64 and
// uint64 use the proved kernels, the other integer types the proved route kernels.
const DivFastPaths& baseline_fast_paths() noexcept;

#if SONNX_DIV_X86_64_FAST_PATHS
// AVX2 + F16C; call only when avx2_fast_paths_supported().
const DivFastPaths& avx2_fast_paths() noexcept;
#endif
// Whether this CPU runs the AVX2+F16C table: CPUID on x86-64, false on every other target.
bool avx2_fast_paths_supported() noexcept;

// The best table this CPU supports, chosen once (on targets other than x86-64: the baseline).
const DivFastPaths& selected_fast_paths() noexcept;

}  // namespace sonnx::detail

#endif  // SONNX_DIV_FAST_PATHS_HPP
