// The fast paths of the target's baseline instruction set, in portable C++: the proved integer
// route kernels, vectorized by the compiler where the target allows (div_fast_paths.inc);
// float16, bfloat16, int64 and uint64 keep their proved kernels (the blocked 64-bit kernels are
// slower than the scalar loop without AVX2). On x86-64 (SSE2) this file also holds the run-time
// choice between this table and the AVX2+F16C one; every other target runs this table.
#include <cstddef>
#include <cstdint>

#include "../kernels/div_domain.h"
#include "../kernels/div_kernels.h"
#include "../kernels/div_route_kernels.h"
#include "div_fast_paths.hpp"

#if SONNX_DIV_X86_64_FAST_PATHS
#include <cpuid.h>
#endif

namespace sonnx::detail {
namespace {
#include "div_fast_paths.inc"

// The target this compilation is for, as `sonnx-div kernels` and the platform evidence name it.
constexpr const char* baseline_name =
#if defined(__x86_64__)
    "x86-64 baseline";
#elif defined(__aarch64__)
    "AArch64 baseline";
#elif defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
    "Arm M-profile baseline";
#elif defined(__arm__)
    "Arm AArch32 baseline";
#elif defined(__riscv) && __riscv_xlen == 64
    "RISC-V 64 baseline";
#elif defined(__riscv)
    "RISC-V 32 baseline";
#elif defined(__s390x__)
    "s390x baseline";
#elif defined(__powerpc64__)
    "PowerPC 64 baseline";
#elif defined(__powerpc__)
    "PowerPC baseline";
#elif defined(__i386__)
    "x86 32-bit baseline";
#else
    "portable baseline";
#endif
}  // namespace

const DivFastPaths& baseline_fast_paths() noexcept {
  static constexpr DivFastPaths paths =
      portable_fast_paths(baseline_name, sonnx_div_f16, sonnx_div_bf16, sonnx_div_i64,
                          sonnx_div_u64, SONNX_KERNEL_SCALAR);
  return paths;
}

#if SONNX_DIV_X86_64_FAST_PATHS
// Here, not in the AVX2 file, so that the check itself runs on any x86-64 CPU. AVX2 through the
// compiler's run-time check, which includes the OS's saving of the YMM registers; F16C (CPUID leaf
// 1, ECX bit 29) by hand, since clang's check does not know that name.
// The "no" sides of the CPU-feature tests below run only on a CPU without F16C or AVX2; the
// baseline table they would select is checked on every CPU (runnable_fast_paths lists it first,
// for the equivalence tests and sweeps).
bool avx2_fast_paths_supported() noexcept {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  const bool f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 29)) != 0;
  return f16c && __builtin_cpu_supports("avx2");
}

const DivFastPaths& selected_fast_paths() noexcept {
  static const DivFastPaths& selected =
      avx2_fast_paths_supported() ? avx2_fast_paths() : baseline_fast_paths();
  return selected;
}
#else
// No run-time selection: the baseline table is the only one.
bool avx2_fast_paths_supported() noexcept { return false; }

const DivFastPaths& selected_fast_paths() noexcept { return baseline_fast_paths(); }
#endif

}  // namespace sonnx::detail
