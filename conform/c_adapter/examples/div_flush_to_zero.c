/* Wrong example: the correct kernels (div_correct_kernels.c) run with the FPU's flush-to-zero mode
 * on, as start-up code for speed sets it (GCC's -ffast-math links such code on x86-64 and
 * AArch64; many embedded start-up files set it on Arm cores). The mode replaces subnormal results
 * (and, as it is set here, subnormal operands) by zero: float32 2^-126 / 2 = 2^-127 (0x00400000)
 * becomes +0 (F1). Where it applies is the target's: x86-64 (MXCSR FTZ and DAZ: binary32 and
 * binary64), AArch64 (FPCR.FZ: binary32 and binary64), 32-bit Arm with a VFP (FPSCR.FZ; on the
 * Cortex-M4F only binary32: its binary64 is the compiler's software floating point, which ignores
 * the mode). RISC-V and s390x have no such mode: there this start-up code sets nothing and the
 * campaign finds nothing. float16 goes through binary32 normals and is not affected; bfloat16
 * subnormals are binary32 subnormals and are. */
#include "div_examples.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

static void flush_to_zero_on(void) {
#if defined(__x86_64__) || defined(__i386__)
  _mm_setcsr(_mm_getcsr() | 0x8040U); /* FTZ (bit 15) and DAZ (bit 6) */
#elif defined(__aarch64__)
  uint64_t fpcr = 0U;
  __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
  fpcr |= (uint64_t)1U << 24U; /* FZ */
  __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#elif defined(__arm__) && defined(__ARM_FP)
  uint32_t fpscr = 0U;
  __asm__ volatile("vmrs %0, fpscr" : "=r"(fpscr));
  fpscr |= (uint32_t)1U << 24U; /* FZ */
  __asm__ volatile("vmsr fpscr, %0" : : "r"(fpscr));
#endif
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-flush-to-zero",
    .version = "1",
    .init = flush_to_zero_on,
    EXAMPLE_CORRECT_KERNELS,
};
