/* The C-function adapter of the sonnx-div conformance campaign (docs/conformance.md, "Your C
 * Div on your target"): the one header a user's Div kernels are written against.
 *
 * You supply one object, sonnx_c_div_user_kernels, that names your runtime and gives one kernel
 * per element type you support (NULL: the type is unsupported, and the campaign counts it so).
 * The harness (sonnx_c_harness.c) speaks the campaign's adapter protocol, reads the operands,
 * calls your kernels in blocks of at most SONNX_C_BLOCK elements and writes the quotients.
 *
 * A kernel computes c[i] = a[i] / b[i] for 0 <= i < n, as the SONNX profile defines Div for its
 * element type, and returns SONNX_C_OK. a, b and c do not overlap; 1 <= n <= SONNX_C_BLOCK.
 * float16 and bfloat16 elements are their 16-bit patterns (IEEE 754 binary16; the upper half of
 * a binary32). When an integer pair has no quotient in the profile (a zero divisor, C3, or the
 * signed MIN / -1, D3) the kernel returns SONNX_C_DOMAIN_ERROR instead: the harness answers the
 * request with an error, which is what the profile asks of a runtime. What c holds then does not
 * matter. Any other return value is a malfunction of the kernel: the harness answers FAULT, which
 * the campaign files as a crash finding, whatever the request (a domain case included).
 *
 * C11 and C++ (the header declares C linkage). */
#ifndef SONNX_C_DIV_H
#define SONNX_C_DIV_H

#include <stddef.h> /* NULL: a type you do not supply */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t sonnx_c_status;
#define SONNX_C_OK ((sonnx_c_status)0)
#define SONNX_C_DOMAIN_ERROR ((sonnx_c_status)1)

typedef sonnx_c_status (*sonnx_c_div_float16)(const uint16_t* a, const uint16_t* b, uint16_t* c,
                                              uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_bfloat16)(const uint16_t* a, const uint16_t* b, uint16_t* c,
                                               uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_float32)(const float* a, const float* b, float* c, uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_float64)(const double* a, const double* b, double* c,
                                              uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_int8)(const int8_t* a, const int8_t* b, int8_t* c, uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_int16)(const int16_t* a, const int16_t* b, int16_t* c,
                                            uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_int32)(const int32_t* a, const int32_t* b, int32_t* c,
                                            uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_int64)(const int64_t* a, const int64_t* b, int64_t* c,
                                            uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_uint8)(const uint8_t* a, const uint8_t* b, uint8_t* c,
                                            uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_uint16)(const uint16_t* a, const uint16_t* b, uint16_t* c,
                                             uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_uint32)(const uint32_t* a, const uint32_t* b, uint32_t* c,
                                             uint32_t n);
typedef sonnx_c_status (*sonnx_c_div_uint64)(const uint64_t* a, const uint64_t* b, uint64_t* c,
                                             uint32_t n);

struct sonnx_c_div_kernels {
  const char* name;    /* one word (no blank): the runtime's name in the report */
  const char* version; /* one word: its version */
  /* NULL, or your start-up code that the kernels rely on (for example the FPU's modes), run once
   * before the first request, as your system runs it before your inference code. */
  void (*init)(void);
  sonnx_c_div_float16 float16;
  sonnx_c_div_bfloat16 bfloat16;
  sonnx_c_div_float32 float32;
  sonnx_c_div_float64 float64;
  sonnx_c_div_int8 int8;
  sonnx_c_div_int16 int16;
  sonnx_c_div_int32 int32;
  sonnx_c_div_int64 int64;
  sonnx_c_div_uint8 uint8;
  sonnx_c_div_uint16 uint16;
  sonnx_c_div_uint32 uint32;
  sonnx_c_div_uint64 uint64;
};

/* Defined by you (one translation unit of your sources). */
extern const struct sonnx_c_div_kernels sonnx_c_div_user_kernels;

#ifdef __cplusplus
}
#endif

#endif /* SONNX_C_DIV_H */
