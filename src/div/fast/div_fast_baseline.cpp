// The fast paths for the x86-64 baseline (SSE2): the proved integer route kernels, vectorized by
// the compiler for SSE2 (div_fast_paths.inc); float16, bfloat16, int64 and uint64 keep their
// proved kernels (the blocked 64-bit kernels are slower than the scalar loop without AVX2).
#include <cpuid.h>

#include <cstddef>
#include <cstdint>

#include "../kernels/div_domain.h"
#include "../kernels/div_kernels.h"
#include "../kernels/div_route_kernels.h"
#include "div_fast_paths.hpp"

namespace sonnx::detail {
namespace {
#include "div_fast_paths.inc"
}  // namespace

const DivFastPaths& baseline_fast_paths() noexcept {
  static constexpr DivFastPaths paths =
      portable_fast_paths("x86-64 baseline", sonnx_div_f16, sonnx_div_bf16, sonnx_div_i64,
                          sonnx_div_u64, SONNX_KERNEL_SCALAR);
  return paths;
}

double baseline_multiply_subtract_probe(double x, double y, double z) noexcept {
  return multiply_subtract(x, y, z);
}

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

}  // namespace sonnx::detail
