/* Function multiversioning of the C-subset loops that gain from wider vectors: g++ also compiles
 * each function marked SONNX_MULTIVERSION for AVX2 and for x86-64-v4 (AVX-512: 64-byte vectors,
 * comparisons into mask registers), and the loader picks the version the CPU runs. One source,
 * so WP's proof is about every version; Frama-C does not see the attribute (AS-CC-2). Marked:
 * the integer domain scans (div_domain_signed.c, div_domain_unsigned.c; baseline x86-64, SSE2,
 * has no 64-bit lane comparison, so there the int64/uint64 scans do not vectorize; the
 * disassembly of every version is checked for vector comparisons of the element width, CTest
 * codegen_domain_scans) and the binary32 and binary64 kernels (div_kernels.c; IEEE division
 * gives the same bits at every vector width, the rounding mode and the handling of subnormals
 * being those of the same MXCSR). The stack bound (stack_bound.py) counts a call with the
 * deepest version. clang (the fuzzing build) resolves such clones under other symbol names, so
 * it builds the baseline version only. */
#ifndef SONNX_MULTIVERSION_H
#define SONNX_MULTIVERSION_H

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__FRAMAC__)
#define SONNX_MULTIVERSION \
  __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define SONNX_MULTIVERSION
#endif

#endif
