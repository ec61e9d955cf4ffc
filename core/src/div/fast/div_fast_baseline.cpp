// The baseline instruction set's name and, on x86-64 (SSE2), the run-time choice between the
// baseline and the AVX2+F16C compilations; every other target runs the baseline. The baseline
// kernels themselves are the proved ones (core/src/div/kernels), compiled for the target.
#include "div_fast_paths.hpp"

#if SONNX_DIV_X86_64_FAST_PATHS
#include <cpuid.h>
#endif

namespace sonnx::detail {
namespace {

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

const char* baseline_instruction_set() noexcept { return baseline_name; }

#if SONNX_DIV_X86_64_FAST_PATHS
// Here, not in the AVX2 file, so that the check itself runs on any x86-64 CPU. AVX2 through the
// compiler's run-time check, which includes the OS's saving of the YMM registers; F16C (CPUID leaf
// 1, ECX bit 29) by hand, since clang's check does not know that name.
// The "no" sides of the CPU-feature tests below run only on a CPU without F16C or AVX2; the
// baseline compilation they would select is checked on every CPU (the verification tables list
// it first, for the equivalence tests and sweeps).
bool avx2_fast_paths_supported() noexcept {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  const bool f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 29)) != 0;
  return f16c && __builtin_cpu_supports("avx2");
}

bool avx2_selected() noexcept {
  static const bool selected = avx2_fast_paths_supported();
  return selected;
}
#else
// No run-time selection: the baseline is the only compilation.
bool avx2_fast_paths_supported() noexcept { return false; }

bool avx2_selected() noexcept { return false; }
#endif

}  // namespace sonnx::detail
