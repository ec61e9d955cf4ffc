/* Shape, element-count and buffer checks of the checked operators, in the C/C++ common subset so
 * that Frama-C/WP proves the very file g++ compiles (proofs/frama-c/README.md). Each function
 * decides one check and returns a verdict; the C++ façade (core/src/div/div.cpp) only turns a verdict
 * into a Status message. Each function's description and ACSL contract are on its definition in
 * sonnx_validation.c, beside its body. */
#ifndef SONNX_VALIDATION_H
#define SONNX_VALIDATION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The outcome of a check; SONNX_VALID is the only success. */
typedef enum {
  SONNX_VALID = 0,
  SONNX_NEGATIVE_DIMENSION = 1,   /* D8 */
  SONNX_SIZE_OVERFLOW = 2,        /* D8 */
  SONNX_NULL_DATA = 3,            /* D8 */
  SONNX_PARTIAL_OVERLAP = 4,      /* D6 */
  SONNX_ZERO_DIVISOR = 5,         /* C3 */
  SONNX_QUOTIENT_OVERFLOW = 6,    /* D3 */
  SONNX_NON_NUMERIC_TYPE = 7,     /* R3 */
  SONNX_TYPE_MISMATCH = 8,        /* C2 */
  SONNX_SPARSE_TENSOR = 9,        /* R2 */
  SONNX_BROADCAST_FORBIDDEN = 10, /* R4 */
  SONNX_SHAPE_MISMATCH = 11,      /* R1 */
  SONNX_OUTPUT_SHAPE_MISMATCH = 12 /* C1 */
} sonnx_verdict;

/* The element types of the profile, by their ONNX TensorProto.DataType codes (ONNX IR
   specification, onnx.proto, TensorProto.DataType); sonnx::DataType uses the same codes. */
#define SONNX_TYPE_FLOAT32 1
#define SONNX_TYPE_UINT8 2
#define SONNX_TYPE_INT8 3
#define SONNX_TYPE_UINT16 4
#define SONNX_TYPE_INT16 5
#define SONNX_TYPE_INT32 6
#define SONNX_TYPE_INT64 7
#define SONNX_TYPE_FLOAT16 10
#define SONNX_TYPE_FLOAT64 11
#define SONNX_TYPE_UINT32 12
#define SONNX_TYPE_UINT64 13
#define SONNX_TYPE_BFLOAT16 16

/* The element size in bytes of each type (sonnx_element_bytes); the C++ façade checks each
   against the size of its element type at compile time. */
#define SONNX_BYTES_FLOAT32 4
#define SONNX_BYTES_UINT8 1
#define SONNX_BYTES_INT8 1
#define SONNX_BYTES_UINT16 2
#define SONNX_BYTES_INT16 2
#define SONNX_BYTES_INT32 4
#define SONNX_BYTES_INT64 8
#define SONNX_BYTES_FLOAT16 2
#define SONNX_BYTES_FLOAT64 8
#define SONNX_BYTES_UINT32 4
#define SONNX_BYTES_UINT64 8
#define SONNX_BYTES_BFLOAT16 2

/* A tensor as the checks see it: element type, layout, shape, and the integer address of its data
   (a decision procedure receives the data itself as a typed pointer beside it). */
typedef struct {
  int32_t type;         /* ONNX TensorProto.DataType code (SONNX_TYPE_*) */
  int32_t sparse;       /* nonzero: a sparse tensor (R2) */
  const int64_t* shape; /* the rank dimensions */
  size_t rank;
  uintptr_t address;    /* the integer address of the data (D8 null data, D6 overlap) */
} sonnx_tensor;

/* Where the checks stopped: the tensor at fault (0 = A, 1 = B, 2 = C), the first negative axis
   (D8) or the first element outside the domain (C3, D3), and the element count of the tensors
   once their shapes passed (D4, D5). */
typedef struct {
  size_t tensor;
  size_t position;
  size_t count;
} sonnx_fault;

size_t sonnx_element_bytes(int32_t type);

sonnx_verdict sonnx_check_types(int32_t a, int32_t b, int32_t c, int32_t a_sparse,
                                int32_t b_sparse, int32_t c_sparse, size_t* which);

int32_t sonnx_same_shape(const int64_t* x, size_t x_rank, const int64_t* y, size_t y_rank);

int32_t sonnx_shapes_broadcastable(const int64_t* x, size_t x_rank, const int64_t* y,
                                   size_t y_rank);

sonnx_verdict sonnx_check_shapes(const int64_t* a, size_t a_rank, const int64_t* b,
                                 size_t b_rank, const int64_t* c, size_t c_rank);

sonnx_verdict sonnx_check_shape(const int64_t* shape, size_t rank, size_t element_bytes,
                                size_t* count, size_t* position);

sonnx_verdict sonnx_check_buffers(uintptr_t a, uintptr_t b, uintptr_t c, size_t count,
                                  size_t element_bytes, size_t* which);

sonnx_verdict sonnx_div_validate(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                 sonnx_fault* fault);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_VALIDATION_H */
