/* The definition domain of the integer Div kernels (C3: no zero divisor; D3, signed types: not
 * MIN / -1), decided element by element in the C/C++ common subset so that Frama-C/WP proves the
 * very file g++ compiles. One scan per integer type (div_domain.c): the first index outside the
 * domain, or n. One check per integer type (div_domain_checks.c): the verdict the checked API
 * reports, whose SONNX_VALID is exactly the C3 and D3 preconditions of the kernels, and the index
 * in *index. The contracts are on the definitions, beside the bodies. */
#ifndef SONNX_DIV_DOMAIN_H
#define SONNX_DIV_DOMAIN_H

#include <stddef.h>
#include <stdint.h>

#include "../../common/kernels/sonnx_validation.h"

#ifdef __cplusplus
extern "C" {
#endif

size_t sonnx_div_domain_scan_i8(const int8_t* a, const int8_t* b, size_t n);
size_t sonnx_div_domain_scan_i16(const int16_t* a, const int16_t* b, size_t n);
size_t sonnx_div_domain_scan_i32(const int32_t* a, const int32_t* b, size_t n);
size_t sonnx_div_domain_scan_i64(const int64_t* a, const int64_t* b, size_t n);
size_t sonnx_div_domain_scan_u8(const uint8_t* a, const uint8_t* b, size_t n);
size_t sonnx_div_domain_scan_u16(const uint16_t* a, const uint16_t* b, size_t n);
size_t sonnx_div_domain_scan_u32(const uint32_t* a, const uint32_t* b, size_t n);
size_t sonnx_div_domain_scan_u64(const uint64_t* a, const uint64_t* b, size_t n);

sonnx_verdict sonnx_div_domain_i8(const int8_t* a, const int8_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_i16(const int16_t* a, const int16_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_i32(const int32_t* a, const int32_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_i64(const int64_t* a, const int64_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_u8(const uint8_t* a, const uint8_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_u16(const uint16_t* a, const uint16_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_u32(const uint32_t* a, const uint32_t* b, size_t n, size_t* index);
sonnx_verdict sonnx_div_domain_u64(const uint64_t* a, const uint64_t* b, size_t n, size_t* index);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_DOMAIN_H */
