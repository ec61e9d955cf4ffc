/* SONNX Div integer route kernels (requirement D9): the integer division of the 8/16-bit types
 * through binary32, of the 32-bit types through binary64, and of 64-bit operands below 2^53 in
 * magnitude through binary64, which compilers vectorize (integer division does not vectorize). Each route kernel has exactly the contract of the scalar kernel of
 * its type (div_kernels.h): same preconditions, same element relation (the Why3 predicate
 * Div_<type>.div_<type>, truncated quotient I1), proved by Frama-C/WP on div_route_kernels.c.
 *
 * The build compiles div_route_kernels.c once per instruction set (src/CMakeLists.txt); each
 * object renames the functions with a suffix by -D definitions, and the fast-path table of that
 * instruction set (src/div/fast) is compiled with the same definitions. Frama-C reads the names
 * below. */
#ifndef SONNX_DIV_ROUTE_KERNELS_H
#define SONNX_DIV_ROUTE_KERNELS_H

#include "div_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/*@ // WP's value of the C expressions (T)((float)a / (float)b) and (T)((double)a / (double)b)
    // before the conversion to T: the truncated real value of the IEEE quotient (round to nearest
    // even) of the converted operands. proofs/frama-c/div_element.driver binds them to the
    // functions Route_binary32.binary32_route / Route_binary64.binary64_route of the bridge
    // proofs/frama-c/div_element_bridge.mlw, whose lemmas d9_route_<type> (proved from the D9
    // lemmas of spec/why3/div_fastpath.mlw by the Why3 gate) state that, on the domain of each
    // type, the value is the truncated quotient.
    axiomatic SonnxDivRoutes {
      logic integer sonnx_div_binary32_route(integer a, integer b); // Route_binary32.binary32_route
      logic integer sonnx_div_binary64_route(integer a, integer b); // Route_binary64.binary64_route
      // the uint32 route's value, given the shifted operands k = u - 2^31 and j = v - 2^31:
      // ((double)k + 2^31.0) / ((double)j + 2^31.0), truncated (bridge lemma
      // d9_route_uint32_via_int32: the truncated quotient of u and v)
      logic integer sonnx_div_uint32_route(integer a, integer b); // Route_binary64.uint32_route
    }

    // The 64-bit operands for which the binary64 route is exact: |x| < 2^53 (every such integer
    // converts exactly, and a quotient's distance to the next integer, at least 1/|b|, exceeds
    // half its spacing; bridge lemmas d9_route_int64 / d9_route_uint64).
    predicate sonnx_div_below_2p53(integer x) = -0x1FFFFFFFFFFFFF <= x <= 0x1FFFFFFFFFFFFF;

    // The 64-bit operands that also convert through int32, which x86-64 before AVX-512 does in
    // vector registers: |x| < 2^31 (the quotient then fits int32 as well).
    predicate sonnx_div_below_2p31(integer x) = -0x7FFFFFFF <= x <= 0x7FFFFFFF;
*/

/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT8_MIN, sonnx_div_int8_spec) */
void sonnx_div_i8_via_binary32(const int8_t* a, const int8_t* b, int8_t* c, size_t n);
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT16_MIN, sonnx_div_int16_spec) */
void sonnx_div_i16_via_binary32(const int16_t* a, const int16_t* b, int16_t* c, size_t n);
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT32_MIN, sonnx_div_int32_spec) */
void sonnx_div_i32_via_binary64(const int32_t* a, const int32_t* b, int32_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint8_spec) */
void sonnx_div_u8_via_binary32(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint16_spec) */
void sonnx_div_u16_via_binary32(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint32_spec) */
void sonnx_div_u32_via_binary64(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n);

/* int64 and uint64, block by block: the route through int32 and binary64 on every block whose
   operands are all below 2^31 in magnitude, the binary64 route on every other block whose operands
   are all below 2^53 (each decided by a branch-free, vectorizable scan of the block), and C's
   integer division on the others. */
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT64_MIN, sonnx_div_int64_spec) */
void sonnx_div_i64_blocked(const int64_t* a, const int64_t* b, int64_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint64_spec) */
void sonnx_div_u64_blocked(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_ROUTE_KERNELS_H */
