/* TensorProto files of the conformance campaign, read and written by the C harness without a heap
 * (sonnx_c_tensor.c): the header fields are parsed, the elements (raw_data, little-endian) stay in
 * the file and are streamed in blocks. C11 and C++. */
#ifndef SONNX_C_TENSOR_H
#define SONNX_C_TENSOR_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ONNX TensorProto.DataType codes of the profile's twelve element types. */
enum {
  SONNX_C_FLOAT32 = 1,
  SONNX_C_UINT8 = 2,
  SONNX_C_INT8 = 3,
  SONNX_C_UINT16 = 4,
  SONNX_C_INT16 = 5,
  SONNX_C_INT32 = 6,
  SONNX_C_INT64 = 7,
  SONNX_C_FLOAT16 = 10,
  SONNX_C_FLOAT64 = 11,
  SONNX_C_UINT32 = 12,
  SONNX_C_UINT64 = 13,
  SONNX_C_BFLOAT16 = 16
};

#define SONNX_C_MAX_RANK 8

struct sonnx_c_tensor {
  int32_t type;  /* data_type */
  uint32_t rank; /* dims given */
  int64_t dims[SONNX_C_MAX_RANK];
  uint64_t count;                 /* elements: the product of the dims */
  uint64_t raw_offset, raw_bytes; /* where raw_data's payload is in the file */
};

/* Bytes per element of a profile type, 0 for any other code. */
uint32_t sonnx_c_element_bytes(int32_t type);
/* The type's name ("float16" ...), or "not a profile type". */
const char* sonnx_c_type_name(int32_t type);

/* Reads the header fields of the TensorProto in f (opened "rb") and checks them: a profile type,
 * at most SONNX_C_MAX_RANK non-negative dims, fewer than 2^32 elements, and a raw_data field of
 * exactly count * element bytes inside the file. Returns NULL, or what is wrong. */
const char* sonnx_c_read_tensor_header(FILE* f, struct sonnx_c_tensor* t);

/* Writes the header of a raw_data TensorProto named "z" with t's type and dims; the raw_bytes of
 * payload must follow. Returns 0 on success. */
int sonnx_c_write_tensor_header(FILE* f, const struct sonnx_c_tensor* t);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_C_TENSOR_H */
