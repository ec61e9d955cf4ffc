/* C/C++ common subset: compiled as C++ by the library build, parsed as C by Frama-C. */
#include "div_domain.h"

/* Elements per block of the domain scan: a multiple of every vector width, below 2^8 so that
   the per-block count fits an 8-bit lane. */
#define SONNX_DOMAIN_BLOCK 128U

#define SONNX_BLOCK_END sonnx_domain_block_end
#define SONNX_BLOCK_END_ELEMENTS SONNX_DOMAIN_BLOCK
#include "div_block_end.inc"

/* g++ also compiles each scan for AVX2 and the loader picks the version the CPU runs (function
   multiversioning): one source, so WP's proof is about both. Baseline x86-64 has no 64-bit lane
   comparison, so without it the int64/uint64 scans do not vectorize. clang (the fuzzing build)
   resolves such clones under other symbol names, so it builds the baseline version only. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__FRAMAC__)
#define SONNX_DOMAIN_MULTIVERSION __attribute__((target_clones("avx2", "default")))
#else
#define SONNX_DOMAIN_MULTIVERSION
#endif

/* Each violation test combines its comparisons with bitwise operators on their 0/1 values, not
   with && and ||: no branch, so g++ vectorizes the per-block count. */
#define SONNX_DOMAIN_SIGNED_VIOLATION(x, y, min) (((y) == 0) | (((x) == (min)) & ((y) == -1)))
#define SONNX_DOMAIN_SIGNED_VERDICT(x, y) \
  (((y) == 0) ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW)
#define SONNX_DOMAIN_UNSIGNED_VIOLATION(x, y) ((y) == 0U)
#define SONNX_DOMAIN_UNSIGNED_VERDICT(x, y) SONNX_ZERO_DIVISOR

#define SONNX_DOMAIN_ELEM int8_t
#define SONNX_DOMAIN_LANE uint8_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_i8
#define SONNX_DOMAIN_CHECK sonnx_div_domain_i8
#define SONNX_DOMAIN_VIOLATION(x, y) SONNX_DOMAIN_SIGNED_VIOLATION(x, y, INT8_MIN)
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_SIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_in_domain_i8
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM int16_t
#define SONNX_DOMAIN_LANE uint16_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_i16
#define SONNX_DOMAIN_CHECK sonnx_div_domain_i16
#define SONNX_DOMAIN_VIOLATION(x, y) SONNX_DOMAIN_SIGNED_VIOLATION(x, y, INT16_MIN)
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_SIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_in_domain_i16
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM int32_t
#define SONNX_DOMAIN_LANE uint32_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_i32
#define SONNX_DOMAIN_CHECK sonnx_div_domain_i32
#define SONNX_DOMAIN_VIOLATION(x, y) SONNX_DOMAIN_SIGNED_VIOLATION(x, y, INT32_MIN)
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_SIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_in_domain_i32
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM int64_t
#define SONNX_DOMAIN_LANE uint64_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_i64
#define SONNX_DOMAIN_CHECK sonnx_div_domain_i64
#define SONNX_DOMAIN_VIOLATION(x, y) SONNX_DOMAIN_SIGNED_VIOLATION(x, y, INT64_MIN)
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_SIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_in_domain_i64
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM uint8_t
#define SONNX_DOMAIN_LANE uint8_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_u8
#define SONNX_DOMAIN_CHECK sonnx_div_domain_u8
#define SONNX_DOMAIN_VIOLATION SONNX_DOMAIN_UNSIGNED_VIOLATION
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_UNSIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_unsigned_domain
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM uint16_t
#define SONNX_DOMAIN_LANE uint16_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_u16
#define SONNX_DOMAIN_CHECK sonnx_div_domain_u16
#define SONNX_DOMAIN_VIOLATION SONNX_DOMAIN_UNSIGNED_VIOLATION
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_UNSIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_unsigned_domain
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM uint32_t
#define SONNX_DOMAIN_LANE uint32_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_u32
#define SONNX_DOMAIN_CHECK sonnx_div_domain_u32
#define SONNX_DOMAIN_VIOLATION SONNX_DOMAIN_UNSIGNED_VIOLATION
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_UNSIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_unsigned_domain
#include "div_domain_scan.inc"

#define SONNX_DOMAIN_ELEM uint64_t
#define SONNX_DOMAIN_LANE uint64_t
#define SONNX_DOMAIN_SCAN sonnx_div_domain_scan_u64
#define SONNX_DOMAIN_CHECK sonnx_div_domain_u64
#define SONNX_DOMAIN_VIOLATION SONNX_DOMAIN_UNSIGNED_VIOLATION
#define SONNX_DOMAIN_VERDICT SONNX_DOMAIN_UNSIGNED_VERDICT
#define SONNX_DOMAIN_OK sonnx_div_unsigned_domain
#include "div_domain_scan.inc"
