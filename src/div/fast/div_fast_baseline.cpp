// The fast paths for the x86-64 baseline (SSE2): the portable loops of div_fast_paths.inc,
// vectorized by the compiler; float16, bfloat16 and uint32 keep their proved kernels.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "../kernels/div_kernels.h"
#include "div_fast_paths.hpp"

namespace sonnx::detail {
namespace {
#include "div_fast_paths.inc"
}  // namespace

const DivFastPaths& baseline_fast_paths() noexcept {
  static constexpr DivFastPaths paths =
      portable_fast_paths("x86-64 baseline", sonnx_div_f16, sonnx_div_bf16, sonnx_div_u32);
  return paths;
}

double baseline_multiply_subtract_probe(double x, double y, double z) noexcept {
  return multiply_subtract(x, y, z);
}

// Here, not in the AVX2 file, so that the check itself runs on any x86-64 CPU.
bool avx2_fast_paths_supported() noexcept {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
}

const DivFastPaths& selected_fast_paths() noexcept {
  static const DivFastPaths& selected =
      avx2_fast_paths_supported() ? avx2_fast_paths() : baseline_fast_paths();
  return selected;
}

}  // namespace sonnx::detail
