/* TensorProto headers for the C harness (sonnx_c_tensor.h). Protocol Buffers wire format: every
 * field is a varint key (field number << 3 | wire type) and a value; the reader keeps its own
 * position and seeks only to absolute offsets (the semihosting file interface of bare-metal
 * targets has no relative seek). */
#include "sonnx_c_tensor.h"

#include <string.h>

/* TensorProto field numbers (onnx.proto). */
enum {
  FIELD_DIMS = 1,
  FIELD_DATA_TYPE = 2,
  FIELD_FLOAT_DATA = 4,
  FIELD_INT32_DATA = 5,
  FIELD_STRING_DATA = 6,
  FIELD_INT64_DATA = 7,
  FIELD_NAME = 8,
  FIELD_RAW_DATA = 9,
  FIELD_DOUBLE_DATA = 10,
  FIELD_UINT64_DATA = 11,
  FIELD_EXTERNAL_DATA = 13,
  FIELD_DATA_LOCATION = 14
};

uint32_t sonnx_c_element_bytes(int32_t type) {
  switch (type) {
    case SONNX_C_INT8:
    case SONNX_C_UINT8:
      return 1U;
    case SONNX_C_FLOAT16:
    case SONNX_C_BFLOAT16:
    case SONNX_C_INT16:
    case SONNX_C_UINT16:
      return 2U;
    case SONNX_C_FLOAT32:
    case SONNX_C_INT32:
    case SONNX_C_UINT32:
      return 4U;
    case SONNX_C_FLOAT64:
    case SONNX_C_INT64:
    case SONNX_C_UINT64:
      return 8U;
    default:
      return 0U;
  }
}

const char* sonnx_c_type_name(int32_t type) {
  switch (type) {
    case SONNX_C_FLOAT16:
      return "float16";
    case SONNX_C_BFLOAT16:
      return "bfloat16";
    case SONNX_C_FLOAT32:
      return "float32";
    case SONNX_C_FLOAT64:
      return "float64";
    case SONNX_C_INT8:
      return "int8";
    case SONNX_C_INT16:
      return "int16";
    case SONNX_C_INT32:
      return "int32";
    case SONNX_C_INT64:
      return "int64";
    case SONNX_C_UINT8:
      return "uint8";
    case SONNX_C_UINT16:
      return "uint16";
    case SONNX_C_UINT32:
      return "uint32";
    case SONNX_C_UINT64:
      return "uint64";
    default:
      return "not a profile type";
  }
}

struct reader {
  FILE* f;
  uint64_t pos, size;
};

/* 1: a varint read; 0: the end of the file before its first byte; -1: truncated or longer than
 * 10 bytes. */
static int read_varint(struct reader* r, uint64_t* value) {
  uint64_t v = 0U;
  uint32_t shift = 0U;
  for (uint32_t i = 0U; i < 10U; ++i) {
    const int c = fgetc(r->f);
    if (c == EOF) return i == 0U ? 0 : -1;
    r->pos += 1U;
    v |= (uint64_t)((uint32_t)c & 0x7FU) << shift;
    if (((uint32_t)c & 0x80U) == 0U) {
      *value = v;
      return 1;
    }
    shift += 7U;
  }
  return -1;
}

static int seek_to(struct reader* r, uint64_t pos) {
  if (pos > r->size || pos > 0x7FFFFFFFU) return -1;
  r->pos = pos;
  return fseek(r->f, (long)pos, SEEK_SET);
}

static int is_typed_data(uint64_t field) {
  return field == FIELD_FLOAT_DATA || field == FIELD_INT32_DATA || field == FIELD_STRING_DATA ||
         field == FIELD_INT64_DATA || field == FIELD_DOUBLE_DATA || field == FIELD_UINT64_DATA;
}

static const char* add_dim(struct sonnx_c_tensor* t, uint64_t d) {
  if (t->rank == SONNX_C_MAX_RANK) return "more dims than the harness takes (8)";
  if (d > 0x7FFFFFFFFFFFFFFFU) return "a negative dim";
  t->dims[t->rank] = (int64_t)d;
  t->rank += 1U;
  return NULL;
}

/* A length-delimited field's payload [r->pos, end): packed dims are read, raw_data is recorded,
 * anything else is skipped. */
static const char* length_field(struct reader* r, struct sonnx_c_tensor* t, uint64_t field,
                                uint64_t end, int* has_raw) {
  if (field == FIELD_DIMS) {
    while (r->pos < end) {
      uint64_t d = 0U;
      if (read_varint(r, &d) != 1 || r->pos > end) return "malformed packed dims";
      const char* error = add_dim(t, d);
      if (error != NULL) return error;
    }
    return NULL;
  }
  if (field == FIELD_RAW_DATA) {
    *has_raw = 1;
    t->raw_offset = r->pos;
    t->raw_bytes = end - r->pos;
  } else if (is_typed_data(field) && end > r->pos) {
    return "elements in a typed field: only raw_data tensors are read";
  } else if (field == FIELD_EXTERNAL_DATA) {
    return "external data: only raw_data tensors are read";
  }
  return seek_to(r, end) == 0 ? NULL : "cannot seek in the file";
}

static const char* read_fields(struct reader* r, struct sonnx_c_tensor* t, int* has_raw) {
  /* Every iteration consumes at least one byte of a file of r->size bytes. */
  for (;;) {
    uint64_t key = 0U;
    const int k = read_varint(r, &key);
    if (k == 0) return NULL;
    if (k < 0) return "truncated or malformed field key";
    const uint64_t field = key >> 3U;
    uint64_t value = 0U;
    uint64_t end = 0U;
    switch (key & 7U) {
      case 0U:
        if (read_varint(r, &value) != 1) return "truncated or malformed varint";
        if (field == FIELD_DIMS) {
          const char* error = add_dim(t, value);
          if (error != NULL) return error;
        } else if (field == FIELD_DATA_TYPE) {
          t->type = value <= 0x7FFFFFFFU ? (int32_t)value : -1;
        } else if (field == FIELD_DATA_LOCATION && value != 0U) {
          return "external data: only raw_data tensors are read";
        } else if (is_typed_data(field)) {
          return "elements in a typed field: only raw_data tensors are read";
        }
        break;
      case 1U:
      case 5U:
        if (is_typed_data(field))
          return "elements in a typed field: only raw_data tensors are read";
        if (seek_to(r, r->pos + ((key & 7U) == 1U ? 8U : 4U)) != 0) return "truncated field";
        break;
      case 2U:
        if (read_varint(r, &value) != 1) return "truncated or malformed length";
        if (value > r->size - r->pos) return "truncated: a field runs past the end of the file";
        end = r->pos + value;
        {
          const char* error = length_field(r, t, field, end, has_raw);
          if (error != NULL) return error;
        }
        break;
      default:
        return "malformed protobuf: unknown wire type";
    }
  }
}

const char* sonnx_c_read_tensor_header(FILE* f, struct sonnx_c_tensor* t) {
  struct reader r = {f, 0U, 0U};
  memset(t, 0, sizeof *t);
  t->type = 0;
  if (fseek(f, 0L, SEEK_END) != 0) return "cannot seek in the file";
  const long size = ftell(f);
  if (size < 0L || fseek(f, 0L, SEEK_SET) != 0) return "cannot tell the file's size";
  r.size = (uint64_t)size;
  int has_raw = 0;
  const char* error = read_fields(&r, t, &has_raw);
  if (error != NULL) return error;
  const uint32_t bytes = sonnx_c_element_bytes(t->type);
  if (bytes == 0U) return "data_type is not a profile type";
  if (has_raw == 0) return "no raw_data field: only raw_data tensors are read";
  t->count = 1U;
  for (uint32_t i = 0U; i < t->rank; ++i) {
    const uint64_t d = (uint64_t)t->dims[i];
    if (d != 0U && t->count > 0xFFFFFFFFU / d) return "2^32 elements or more";
    t->count *= d;
  }
  if (t->raw_bytes != t->count * bytes) return "raw_data does not hold count * element bytes";
  return NULL;
}

static int write_varint(FILE* f, uint64_t v) {
  uint8_t bytes[10];
  uint32_t n = 0U;
  do {
    uint8_t byte = (uint8_t)(v & 0x7FU);
    v >>= 7U;
    if (v != 0U) byte = (uint8_t)(byte | 0x80U);
    bytes[n] = byte;
    n += 1U;
  } while (v != 0U && n < 10U);
  return fwrite(bytes, 1U, n, f) == n ? 0 : -1;
}

int sonnx_c_write_tensor_header(FILE* f, const struct sonnx_c_tensor* t) {
  int error = 0;
  for (uint32_t i = 0U; i < t->rank; ++i) {
    error |= write_varint(f, (uint64_t)FIELD_DIMS << 3U);
    error |= write_varint(f, (uint64_t)t->dims[i]);
  }
  error |= write_varint(f, (uint64_t)FIELD_DATA_TYPE << 3U);
  error |= write_varint(f, (uint64_t)t->type);
  error |= write_varint(f, ((uint64_t)FIELD_NAME << 3U) | 2U);
  error |= write_varint(f, 1U);
  error |= fputc('z', f) == EOF ? -1 : 0;
  error |= write_varint(f, ((uint64_t)FIELD_RAW_DATA << 3U) | 2U);
  error |= write_varint(f, t->raw_bytes);
  return error;
}
