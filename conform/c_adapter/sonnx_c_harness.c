/* The C harness of the conformance campaign (docs/conformance.md, "Your C Div on your target"):
 * an adapter process around the user's Div kernels (sonnx_c_div.h), for the host, a Linux
 * target under qemu-user or a bare-metal target under semihosting.
 *
 *   sonnx-c-adapter                    requests on standard input, answers on standard output
 *   sonnx-c-adapter REQUESTS ANSWERS   both streams opened as files (bare metal: host files
 *                                      through semihosting, e.g. /dev/stdin and /dev/stdout of
 *                                      the emulator process)
 *
 * Protocol: "READY <name> <version> harness=... block=... arch=... compiler=... byte-order=...",
 * then per request line "RUN<TAB>model<TAB>input_0<TAB>input_1<TAB>output" one answer line: OK,
 * ERROR <why> or UNSUPPORTED <why>, or FAULT <why> when a kernel returns a status it may not (a
 * line outside the protocol: a crash finding); QUIT or the end of the requests ends it. The model is not
 * read: the harness runs Div, of the type its inputs hold. Operands are streamed through static
 * buffers of SONNX_C_BLOCK elements (no heap of its own), so a request of any size fits the
 * target's memory; diagnostics go to the standard error stream. C11 and C++. */
#include <stdio.h>
#include <string.h>

#include "sonnx_c_div.h"
#include "sonnx_c_tensor.h"

#ifndef SONNX_C_BLOCK
#define SONNX_C_BLOCK 1024
#endif
#if SONNX_C_BLOCK < 1 || SONNX_C_BLOCK > 65536
#error "SONNX_C_BLOCK must be from 1 to 65536 elements"
#endif

/* A request line: RUN and four paths. */
#ifndef SONNX_C_LINE_BYTES
#define SONNX_C_LINE_BYTES 4096
#endif
#define LINE_BYTES SONNX_C_LINE_BYTES
#define ANSWER_BYTES 600

#define SONNX_C_STR2(x) #x
#define SONNX_C_STR(x) SONNX_C_STR2(x)
#if defined(__clang__)
#define SONNX_C_COMPILER                                                                  \
  "clang-" SONNX_C_STR(__clang_major__) "." SONNX_C_STR(__clang_minor__) "." SONNX_C_STR( \
      __clang_patchlevel__)
#elif defined(__GNUC__)
#define SONNX_C_COMPILER \
  "gcc-" SONNX_C_STR(__GNUC__) "." SONNX_C_STR(__GNUC_MINOR__) "." SONNX_C_STR(__GNUC_PATCHLEVEL__)
#else
#define SONNX_C_COMPILER "unknown"
#endif
#if defined(__x86_64__)
#define SONNX_C_ARCH "x86-64"
#elif defined(__aarch64__)
#define SONNX_C_ARCH "aarch64"
#elif defined(__ARM_ARCH_7EM__)
#define SONNX_C_ARCH "armv7e-m"
#elif defined(__ARM_ARCH_7A__)
#define SONNX_C_ARCH "armv7-a"
#elif defined(__arm__)
#define SONNX_C_ARCH "arm"
#elif defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 64
#define SONNX_C_ARCH "riscv64"
#elif defined(__s390x__)
#define SONNX_C_ARCH "s390x"
#else
#define SONNX_C_ARCH "unknown"
#endif

/* One block of one operand, as the element type of the request. */
union block {
  uint8_t u8[SONNX_C_BLOCK];
  int8_t i8[SONNX_C_BLOCK];
  uint16_t u16[SONNX_C_BLOCK];
  int16_t i16[SONNX_C_BLOCK];
  uint32_t u32[SONNX_C_BLOCK];
  int32_t i32[SONNX_C_BLOCK];
  uint64_t u64[SONNX_C_BLOCK];
  int64_t i64[SONNX_C_BLOCK];
  float f32[SONNX_C_BLOCK];
  double f64[SONNX_C_BLOCK];
};
static union block block_a, block_b, block_c;
static uint8_t file_bytes[SONNX_C_BLOCK * 8]; /* one block of a file, little-endian */
static char line[LINE_BYTES];
static char answer[ANSWER_BYTES];

static const struct sonnx_c_div_kernels* kernels(void) { return &sonnx_c_div_user_kernels; }

static int is_big_endian(void) {
  const uint16_t one = 1U;
  uint8_t first = 0U;
  memcpy(&first, &one, 1U);
  return first == 0U;
}

/* The address of the union member of a type (all members start at the union's address; naming
 * the member keeps each access to one type). */
static void* member(union block* b, int32_t type) {
  switch (sonnx_c_element_bytes(type)) {
    case 1U:
      return b->u8;
    case 2U:
      return b->u16;
    case 4U:
      return type == SONNX_C_FLOAT32 ? (void*)b->f32 : (void*)b->u32;
    default:
      return type == SONNX_C_FLOAT64 ? (void*)b->f64 : (void*)b->u64;
  }
}

/* Whether the user supplied a kernel for the type. */
static int supplied(int32_t type) {
  const struct sonnx_c_div_kernels* k = kernels();
  switch (type) {
    case SONNX_C_FLOAT16:
      return k->float16 != NULL;
    case SONNX_C_BFLOAT16:
      return k->bfloat16 != NULL;
    case SONNX_C_FLOAT32:
      return k->float32 != NULL;
    case SONNX_C_FLOAT64:
      return k->float64 != NULL;
    case SONNX_C_INT8:
      return k->int8 != NULL;
    case SONNX_C_INT16:
      return k->int16 != NULL;
    case SONNX_C_INT32:
      return k->int32 != NULL;
    case SONNX_C_INT64:
      return k->int64 != NULL;
    case SONNX_C_UINT8:
      return k->uint8 != NULL;
    case SONNX_C_UINT16:
      return k->uint16 != NULL;
    case SONNX_C_UINT32:
      return k->uint32 != NULL;
    case SONNX_C_UINT64:
      return k->uint64 != NULL;
    default:
      return 0;
  }
}

static sonnx_c_status call_kernel(int32_t type, uint32_t n) {
  const struct sonnx_c_div_kernels* k = kernels();
  switch (type) {
    case SONNX_C_FLOAT16:
      return k->float16(block_a.u16, block_b.u16, block_c.u16, n);
    case SONNX_C_BFLOAT16:
      return k->bfloat16(block_a.u16, block_b.u16, block_c.u16, n);
    case SONNX_C_FLOAT32:
      return k->float32(block_a.f32, block_b.f32, block_c.f32, n);
    case SONNX_C_FLOAT64:
      return k->float64(block_a.f64, block_b.f64, block_c.f64, n);
    case SONNX_C_INT8:
      return k->int8(block_a.i8, block_b.i8, block_c.i8, n);
    case SONNX_C_INT16:
      return k->int16(block_a.i16, block_b.i16, block_c.i16, n);
    case SONNX_C_INT32:
      return k->int32(block_a.i32, block_b.i32, block_c.i32, n);
    case SONNX_C_INT64:
      return k->int64(block_a.i64, block_b.i64, block_c.i64, n);
    case SONNX_C_UINT8:
      return k->uint8(block_a.u8, block_b.u8, block_c.u8, n);
    case SONNX_C_UINT16:
      return k->uint16(block_a.u16, block_b.u16, block_c.u16, n);
    case SONNX_C_UINT32:
      return k->uint32(block_a.u32, block_b.u32, block_c.u32, n);
    default:
      return k->uint64(block_a.u64, block_b.u64, block_c.u64, n);
  }
}

/* Reverses the bytes of each element in file_bytes (big-endian targets: raw_data is
 * little-endian). */
static void swap_elements(uint32_t n, uint32_t size) {
  for (uint32_t i = 0U; i < n; ++i) {
    uint8_t* e = file_bytes + (size_t)i * size;
    for (uint32_t j = 0U; j < size / 2U; ++j) {
      const uint8_t t = e[j];
      e[j] = e[size - 1U - j];
      e[size - 1U - j] = t;
    }
  }
}

static int load(FILE* f, union block* b, int32_t type, uint32_t n, uint32_t size) {
  if (fread(file_bytes, size, n, f) != n) return -1;
  if (is_big_endian()) swap_elements(n, size);
  memcpy(member(b, type), file_bytes, (size_t)n * size);
  return 0;
}

static int store(FILE* f, union block* b, int32_t type, uint32_t n, uint32_t size) {
  memcpy(file_bytes, member(b, type), (size_t)n * size);
  if (is_big_endian()) swap_elements(n, size);
  return fwrite(file_bytes, size, n, f) == n ? 0 : -1;
}

/* Streams the elements of a and b through the kernel into c (positioned after its header). */
static void run_kernel(const struct sonnx_c_tensor* ta, FILE* a, FILE* b, FILE* c) {
  const uint32_t size = sonnx_c_element_bytes(ta->type);
  const char* type = sonnx_c_type_name(ta->type);
  for (uint64_t done = 0U; done < ta->count;) {
    const uint64_t left = ta->count - done;
    const uint32_t n = left < (uint64_t)SONNX_C_BLOCK ? (uint32_t)left : (uint32_t)SONNX_C_BLOCK;
    if (load(a, &block_a, ta->type, n, size) != 0 || load(b, &block_b, ta->type, n, size) != 0) {
      (void)snprintf(answer, sizeof answer, "ERROR an input file is truncated");
      return;
    }
    const sonnx_c_status status = call_kernel(ta->type, n);
    if (status == SONNX_C_DOMAIN_ERROR) {
      (void)snprintf(answer, sizeof answer,
                     "ERROR the %s kernel reported a domain error (a zero divisor, C3, or "
                     "MIN / -1, D3)",
                     type);
      return;
    }
    if (status != SONNX_C_OK) {
      /* A malfunction of the kernel, not an error the runtime raises: FAULT is no answer of the
       * protocol, so the campaign files it as a crash finding whatever the request (an ERROR
       * would pass for the error a domain case asks for). */
      (void)snprintf(answer, sizeof answer,
                     "FAULT the %s kernel returned status %ld, neither SONNX_C_OK nor "
                     "SONNX_C_DOMAIN_ERROR",
                     type, (long)status);
      return;
    }
    if (store(c, &block_c, ta->type, n, size) != 0) {
      (void)snprintf(answer, sizeof answer, "ERROR cannot write the output file");
      return;
    }
    done += n;
  }
  (void)snprintf(answer, sizeof answer, "OK");
}

static int same_shape(const struct sonnx_c_tensor* a, const struct sonnx_c_tensor* b) {
  if (a->rank != b->rank) return 0;
  for (uint32_t i = 0U; i < a->rank; ++i)
    if (a->dims[i] != b->dims[i]) return 0;
  return 1;
}

/* Checks the inputs' headers, then runs the kernel; the answer goes to `answer`. */
static void run_files(FILE* a, FILE* b, const char* output) {
  struct sonnx_c_tensor ta;
  struct sonnx_c_tensor tb;
  const char* error = sonnx_c_read_tensor_header(a, &ta);
  if (error != NULL) {
    (void)snprintf(answer, sizeof answer, "ERROR input_0: %s", error);
    return;
  }
  error = sonnx_c_read_tensor_header(b, &tb);
  if (error != NULL) {
    (void)snprintf(answer, sizeof answer, "ERROR input_1: %s", error);
    return;
  }
  if (ta.type != tb.type || !same_shape(&ta, &tb)) {
    (void)snprintf(answer, sizeof answer,
                   "ERROR the inputs differ in type or shape (%s, %s): no broadcasting (R4)",
                   sonnx_c_type_name(ta.type), sonnx_c_type_name(tb.type));
    return;
  }
  if (!supplied(ta.type)) {
    (void)snprintf(answer, sizeof answer, "UNSUPPORTED no %s kernel (its entry is NULL)",
                   sonnx_c_type_name(ta.type));
    return;
  }
  FILE* c = fopen(output, "wb");
  if (c == NULL) {
    (void)snprintf(answer, sizeof answer, "ERROR cannot create the output file");
    return;
  }
  if (fseek(a, (long)ta.raw_offset, SEEK_SET) != 0 ||
      fseek(b, (long)tb.raw_offset, SEEK_SET) != 0 || sonnx_c_write_tensor_header(c, &ta) != 0) {
    (void)snprintf(answer, sizeof answer, "ERROR cannot position the files");
  } else {
    run_kernel(&ta, a, b, c);
  }
  if (fclose(c) != 0 && answer[0] == 'O') {
    (void)snprintf(answer, sizeof answer, "ERROR cannot write the output file");
  }
  if (answer[0] != 'O') (void)remove(output);
}

/* One request line (without its newline): RUN and four TAB-separated paths. */
static void serve(char* request) {
  char* fields[5];
  uint32_t n = 0U;
  char* p = request;
  for (;;) {
    char* tab = strchr(p, '\t');
    if (n == 5U) {
      n = 6U; /* too many fields */
      break;
    }
    fields[n] = p;
    n += 1U;
    if (tab == NULL) break;
    *tab = '\0';
    p = tab + 1;
  }
  if (n != 5U || strcmp(fields[0], "RUN") != 0 || fields[1][0] == '\0' || fields[2][0] == '\0' ||
      fields[3][0] == '\0' || fields[4][0] == '\0') {
    (void)snprintf(answer, sizeof answer,
                   "ERROR bad request: expected RUN and four TAB-separated paths");
    return;
  }
  FILE* a = fopen(fields[2], "rb");
  FILE* b = fopen(fields[3], "rb");
  if (a == NULL || b == NULL) {
    (void)snprintf(answer, sizeof answer, "ERROR cannot open %s",
                   a == NULL ? "input_0" : "input_1");
  } else {
    run_files(a, b, fields[4]);
  }
  if (a != NULL) (void)fclose(a);
  if (b != NULL) (void)fclose(b);
}

/* Reads one line into `line` (newline and CR removed). 1: a line; 0: the end of the requests;
 * -1: a line longer than the buffer (read to its end and dropped). */
static int read_request(FILE* in) {
  if (fgets(line, LINE_BYTES, in) == NULL) return 0;
  size_t len = strlen(line);
  if (len > 0U && line[len - 1U] == '\n') {
    line[--len] = '\0';
    if (len > 0U && line[len - 1U] == '\r') line[--len] = '\0';
    return 1;
  }
  if (len + 1U < LINE_BYTES) return 1; /* the last line, without a newline */
  int c = 0;
  do {
    c = fgetc(in);
  } while (c != EOF && c != '\n');
  return -1;
}

static int one_word(const char* s) {
  if (s == NULL || s[0] == '\0') return 0;
  for (const char* p = s; *p != '\0'; ++p)
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') return 0;
  return 1;
}

int main(int argc, char** argv) {
  FILE* in = stdin;
  FILE* out = stdout;
  if (argc == 3) {
    in = fopen(argv[1], "rb");
    out = fopen(argv[2], "ab");
    if (in == NULL || out == NULL) {
      (void)fprintf(stderr, "sonnx-c-adapter: cannot open %s\n", in == NULL ? argv[1] : argv[2]);
      return 2;
    }
  } else if (argc != 1) {
    (void)fprintf(stderr, "usage: sonnx-c-adapter [REQUESTS ANSWERS]\n");
    return 2;
  }
  const struct sonnx_c_div_kernels* k = kernels();
  if (!one_word(k->name) || !one_word(k->version)) {
    (void)fprintf(stderr,
                  "sonnx-c-adapter: sonnx_c_div_user_kernels.name and .version must "
                  "each be one word without blanks\n");
    return 2;
  }
  if (k->init != NULL) k->init();
  (void)fprintf(out,
                "READY %s %s harness=sonnx-c-harness-1 block=%ld arch=%s compiler=%s "
                "byte-order=%s\n",
                k->name, k->version, (long)SONNX_C_BLOCK, SONNX_C_ARCH, SONNX_C_COMPILER,
                is_big_endian() ? "big-endian" : "little-endian");
  (void)fflush(out);
  for (;;) {
    const int got = read_request(in);
    if (got == 0) break;
    if (got < 0) {
      (void)snprintf(answer, sizeof answer, "ERROR bad request: longer than %ld bytes",
                     (long)LINE_BYTES);
    } else if (strcmp(line, "QUIT") == 0) {
      break;
    } else {
      serve(line);
    }
    if (fprintf(out, "%s\n", answer) < 0 || fflush(out) != 0) return 1;
  }
  return 0;
}
