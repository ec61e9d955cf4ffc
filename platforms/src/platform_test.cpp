// platform_test: the checked Div library on one target, self-contained: no MPFR, protobuf, ONNX,
// file system or heap; the C library's printf for output (on bare metal through semihosting).
//
// What it runs, per element type (docs/platforms.md):
//   seed      the worked examples of the source documents, values from the seeds;
//   golden    the edge cases of `sonnx-div golden`, and sampled  seeded random pairs, both with
//             expected results computed on the host (make_platform_vectors: MPFR oracle for
//             floats, truncating division on magnitudes for integers), each through
//               - the checked API with the proved kernels and with the fastest kernels,
//               - the checked API in place (C is A), golden cases only,
//               - every kernel of the type called directly: the proved kernel, the route and
//                 blocked kernels, and every kernel of the fast-path tables this CPU runs;
//   errors    every error of the checked API (R3, C2, R2, D8, R4, R1, C1, D6, and C3/D3 for each
//             integer type in both kernel modes, with the first offending index), C unchanged,
//             and the tables' domain scans.
// Comparison rule (docs/spec-defects.md, SD-9): a float result matches when the expected result
// is a NaN and the result is a quiet NaN of any sign and payload, or when every bit is equal; an
// integer result when every bit is equal. NaN results are not filtered: every NaN pattern each type
// produced is reported with its count and first operand pair.
// On bare metal (SONNX_PLATFORM_PAINT_STACK) every call of the checked API runs on a painted stack
// and the deepest use is reported per API function, to hold against the bound computed for the
// target (scripts/coding-standard/stack_bound.py).
//
// Output: one JSON record between the lines "SONNX-PLATFORM-BEGIN" and "SONNX-PLATFORM-END".
// Exit status 0 when every case matches and every error case holds, 1 otherwise.
// Planted faults (argument --plant-fault=quotient|signaling-nan|error-write) corrupt results after
// the library returns, to show that the comparisons catch each kind of defect.
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sonnx/div.hpp>
#include <sonnx/result_comparison.hpp>
#include <span>
#include <string_view>
#include <type_traits>

#include "div/fast/div_fast_paths.hpp"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_kernels.h"
#include "div/kernels/div_route_kernels.h"

namespace {

using sonnx::DataType;
using sonnx::Kernels;
using sonnx::MutableTensorView;
using sonnx::Status;
using sonnx::TensorView;
using sonnx::detail::DivFastPaths;
using sonnx::detail::DivKernel;

struct VectorSet {
  DataType type;
  const char* group;
  const void* triples;  // count rows of (A, B, expected) in the type's unsigned bit width
  std::size_t count;
};

#include "platform_vectors.inc"

enum class Fault { none, quotient, signaling_nan, error_write };
Fault planted = Fault::none;

// ---------------------------------------------------------------------------------------------
// Stack painting (bare metal): the stack region is [__heap_end, __stack) in picolibc's linker
// script; everything below the stack pointer is free when the checked API is called.
#ifdef SONNX_PLATFORM_PAINT_STACK
extern "C" char __heap_end[];  // NOLINT(bugprone-reserved-identifier): linker script symbol
constexpr std::uint32_t paint = 0x5A5AA5A5u;

std::uintptr_t stack_pointer() {
  std::uintptr_t sp = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  return sp;
}
#endif

struct StackRecord {
  const char* function;
  std::size_t max_bytes = 0;
  std::size_t calls = 0;
};
StackRecord stack_div4{
    "sonnx::div(const TensorView&, const TensorView&, const MutableTensorView&, "
    "Kernels)"};
StackRecord stack_div3{
    "sonnx::div(const TensorView&, const TensorView&, const MutableTensorView&)"};

// One call of the checked API; on bare metal the stack below this frame is painted first and the
// deepest word the call wrote is found afterwards.
__attribute__((noinline)) Status call_api(const TensorView& a, const TensorView& b,
                                          const MutableTensorView& c, const Kernels* kernels) {
#ifdef SONNX_PLATFORM_PAINT_STACK
  const std::uintptr_t sp = stack_pointer();
  const std::uintptr_t bottom =
      (reinterpret_cast<std::uintptr_t>(__heap_end) + 3u) & ~std::uintptr_t{3};
  const std::uintptr_t top = (sp - 16u) & ~std::uintptr_t{3};  // leave the words next to sp alone
  for (std::uintptr_t p = bottom; p < top; p += 4)
    *reinterpret_cast<volatile std::uint32_t*>(p) = paint;
  const Status status = kernels != nullptr ? sonnx::div(a, b, c, *kernels) : sonnx::div(a, b, c);
  std::uintptr_t lowest = bottom;
  while (lowest < top && *reinterpret_cast<volatile std::uint32_t*>(lowest) == paint) lowest += 4;
  StackRecord& record = kernels != nullptr ? stack_div4 : stack_div3;
  const std::size_t used = lowest < top ? sp - lowest : 0;
  if (used > record.max_bytes) record.max_bytes = used;
  ++record.calls;
  return status;
#else
  StackRecord& record = kernels != nullptr ? stack_div4 : stack_div3;
  ++record.calls;
  return kernels != nullptr ? sonnx::div(a, b, c, *kernels) : sonnx::div(a, b, c);
#endif
}

// ---------------------------------------------------------------------------------------------
// Element types.
struct TypeInfo {
  DataType type;
  const char* name;
  std::size_t bytes;
  bool is_float;
  std::uint64_t sign_bit;
  std::uint64_t infinity;  // floats: the pattern of +inf; the quiet bit is the top fraction bit
  std::uint64_t quiet_bit;

  [[nodiscard]] bool is_nan(std::uint64_t bits) const {
    return sonnx::float_layout(type).is_nan(bits);
  }
  [[nodiscard]] bool is_quiet_nan(std::uint64_t bits) const {
    return sonnx::float_layout(type).is_quiet_nan(bits);
  }
  // The comparison rule (SD-9).
  [[nodiscard]] bool matches(std::uint64_t got, std::uint64_t expected) const {
    return sonnx::same_result(sonnx::float_layout(type), expected, got);
  }
};

constexpr TypeInfo float16_info{DataType::float16, "float16", 2, true, 0x8000, 0x7C00, 0x0200};
constexpr TypeInfo bfloat16_info{DataType::bfloat16, "bfloat16", 2, true, 0x8000, 0x7F80, 0x0040};
constexpr TypeInfo float32_info{DataType::float32, "float32",  4,         true,
                                0x80000000,        0x7F800000, 0x00400000};
constexpr TypeInfo float64_info{DataType::float64,  "float64",         8, true, 0x8000000000000000,
                                0x7FF0000000000000, 0x0008000000000000};
constexpr TypeInfo int_info(DataType type, const char* name, std::size_t bytes) {
  return {type, name, bytes, false, 0, 0, 0};
}

template <std::size_t bytes>
struct UnsignedOf;
template <>
struct UnsignedOf<1> {
  using type = std::uint8_t;
};
template <>
struct UnsignedOf<2> {
  using type = std::uint16_t;
};
template <>
struct UnsignedOf<4> {
  using type = std::uint32_t;
};
template <>
struct UnsignedOf<8> {
  using type = std::uint64_t;
};
template <typename T>
using Bits = typename UnsignedOf<sizeof(T)>::type;

template <typename T>
T from_bits(std::uint64_t bits) {
  const auto narrow = static_cast<Bits<T>>(bits);
  T value;
  std::memcpy(&value, &narrow, sizeof value);
  return value;
}

template <typename T>
std::uint64_t to_bits(T value) {
  Bits<T> bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

// ---------------------------------------------------------------------------------------------
// Results.
// The first mismatches of the whole run, each with its group (a shared pool keeps the RAM small).
constexpr std::size_t max_examples = 16;
struct Example {
  std::size_t tally;
  std::uint64_t a, b, got, expected;
};
Example examples[max_examples];
std::size_t example_count = 0;

struct Tally {
  const TypeInfo* type = nullptr;
  const char* group = "";
  const char* path = "";
  const char* kernel = "";
  const char* note = "";  // the seed example's name
  std::size_t cases = 0;
  std::size_t mismatches = 0;
};

constexpr std::size_t max_tallies = 320;
Tally tallies[max_tallies];
std::size_t tally_count = 0;
std::size_t quiet_nan_violations = 0;

Tally& new_tally(const TypeInfo& type, const char* group, const char* path, const char* kernel) {
  static Tally overflow;
  if (tally_count == max_tallies) {
    std::printf("platform_test: more than %u result groups\n", static_cast<unsigned>(max_tallies));
    return overflow;
  }
  Tally& t = tallies[tally_count++];
  t.type = &type;
  t.group = group;
  t.path = path;
  t.kernel = kernel;
  return t;
}

// Every NaN pattern a float type produced: count and first operand pair.
struct NanPattern {
  std::uint64_t bits, count, a, b;
};
constexpr std::size_t max_nan_patterns = 24;
struct NanRecord {
  const TypeInfo* type;
  NanPattern patterns[max_nan_patterns];
  std::size_t distinct;
  std::uint64_t beyond;  // results with a pattern past the first max_nan_patterns
  std::uint64_t zero_by_zero_proved;
  std::uint64_t zero_by_zero_fastest;
  // NaN results of an invalid operation (0/0, inf/inf: no NaN operand), and of a NaN operand:
  // the operand's payload kept (the operand quieted), or another NaN.
  std::uint64_t invalid_operation;
  std::uint64_t operand_payload_kept;
  std::uint64_t operand_payload_replaced;
};
NanRecord nan_records[4] = {{&float16_info, {}, 0, 0, 0, 0, 0, 0, 0},
                            {&bfloat16_info, {}, 0, 0, 0, 0, 0, 0, 0},
                            {&float32_info, {}, 0, 0, 0, 0, 0, 0, 0},
                            {&float64_info, {}, 0, 0, 0, 0, 0, 0, 0}};

NanRecord* nan_record(const TypeInfo& type) {
  for (NanRecord& r : nan_records) {
    if (r.type->type == type.type) return &r;
  }
  return nullptr;
}

void note_nan(const TypeInfo& type, std::uint64_t a, std::uint64_t b, std::uint64_t got) {
  NanRecord* r = nan_record(type);
  if (r == nullptr || !type.is_nan(got)) return;
  if (!type.is_quiet_nan(got)) ++quiet_nan_violations;
  if (!type.is_nan(a) && !type.is_nan(b)) {
    ++r->invalid_operation;
  } else if ((type.is_nan(a) && got == (a | type.quiet_bit)) ||
             (type.is_nan(b) && got == (b | type.quiet_bit))) {
    ++r->operand_payload_kept;
  } else {
    ++r->operand_payload_replaced;
  }
  for (std::size_t k = 0; k < r->distinct; ++k) {
    if (r->patterns[k].bits == got) {
      ++r->patterns[k].count;
      return;
    }
  }
  if (r->distinct == max_nan_patterns) {
    ++r->beyond;
    return;
  }
  r->patterns[r->distinct++] = {got, 1, a, b};
}

void compare(Tally& t, std::uint64_t a, std::uint64_t b, std::uint64_t got,
             std::uint64_t expected) {
  ++t.cases;
  note_nan(*t.type, a, b, got);
  if (t.type->matches(got, expected)) return;
  if (example_count < max_examples) {
    examples[example_count++] = {static_cast<std::size_t>(&t - tallies), a, b, got, expected};
  }
  ++t.mismatches;
}

// The planted faults act on the result bits, after the library has returned.
std::uint64_t plant(const TypeInfo& type, std::size_t index, std::uint64_t got) {
  if (planted == Fault::quotient && index == 0) return got ^ 1u;
  if (planted == Fault::signaling_nan && type.is_nan(got)) {
    const std::uint64_t cleared = got & ~type.quiet_bit;
    return type.is_nan(cleared) ? cleared : cleared | 1u;
  }
  return got;
}

// ---------------------------------------------------------------------------------------------
// Kernels by name.
template <typename T>
struct NamedKernel {
  const char* name;
  DivKernel<T> kernel;
};

// The kernels of one type: the proved one first, then the route or blocked kernel, then any other
// kernel of a fast-path table this CPU runs.
template <typename T>
struct KernelList {
  NamedKernel<T> list[6] = {};
  std::size_t count = 0;

  void add(const char* name, DivKernel<T> kernel) {
    for (std::size_t i = 0; i < count; ++i) {
      if (list[i].kernel == kernel) return;
    }
    if (count < 6) list[count++] = {name, kernel};
  }
  [[nodiscard]] const char* name_of(DivKernel<T> kernel) const {
    for (std::size_t i = 0; i < count; ++i) {
      if (list[i].kernel == kernel) return list[i].name;
    }
    return "unlisted kernel";
  }
};

// The tables this CPU runs (on x86-64: the baseline, and AVX2+F16C where the CPU has both).
std::size_t runnable_tables(const DivFastPaths* (&out)[2]) {
  std::size_t n = 0;
  out[n++] = &sonnx::detail::baseline_fast_paths();
#if SONNX_DIV_X86_64_FAST_PATHS
  if (sonnx::detail::avx2_fast_paths_supported()) out[n++] = &sonnx::detail::avx2_fast_paths();
#endif
  return n;
}

template <typename T>
KernelList<T> kernels_of(NamedKernel<T> proved, NamedKernel<T> route,
                         DivKernel<T> DivFastPaths::*member) {
  KernelList<T> k;
  k.add(proved.name, proved.kernel);
  if (route.kernel != nullptr) k.add(route.name, route.kernel);
  const DivFastPaths* tables[2] = {};
  const std::size_t count = member != nullptr ? runnable_tables(tables) : 0;
  for (std::size_t i = 0; i < count; ++i) {
    // The AVX2+F16C float16/bfloat16 kernels are intrinsics without a C name: named by the table.
    k.add(i == 0 ? "baseline table kernel" : "AVX2+F16C table kernel", tables[i]->*member);
  }
  return k;
}

// ---------------------------------------------------------------------------------------------
// Chunks of vectors through one path: at most `chunk` elements per call, in static buffers (a
// microcontroller's RAM holds them: 3 x 2 KiB).
constexpr std::size_t chunk = 256;
union Buffer {
  std::uint8_t u8[chunk];
  std::int8_t i8[chunk];
  std::uint16_t u16[chunk];
  std::int16_t i16[chunk];
  std::uint32_t u32[chunk];
  std::int32_t i32[chunk];
  std::uint64_t u64[chunk];
  std::int64_t i64[chunk];
  float f32[chunk];
  double f64[chunk];
};
Buffer buffer_a, buffer_b, buffer_c;

template <typename T>
T* slots(Buffer& buffer) {
  if constexpr (std::is_same_v<T, std::uint8_t>) return buffer.u8;
  if constexpr (std::is_same_v<T, std::int8_t>) return buffer.i8;
  if constexpr (std::is_same_v<T, std::uint16_t>) return buffer.u16;
  if constexpr (std::is_same_v<T, std::int16_t>) return buffer.i16;
  if constexpr (std::is_same_v<T, std::uint32_t>) return buffer.u32;
  if constexpr (std::is_same_v<T, std::int32_t>) return buffer.i32;
  if constexpr (std::is_same_v<T, std::uint64_t>) return buffer.u64;
  if constexpr (std::is_same_v<T, std::int64_t>) return buffer.i64;
  if constexpr (std::is_same_v<T, float>) return buffer.f32;
  if constexpr (std::is_same_v<T, double>) return buffer.f64;
}

enum class Path { api_proved, api_fastest, api_in_place, kernel };

template <typename T>
void run_path(const TypeInfo& type, const VectorSet& set, Path path, const char* label,
              NamedKernel<T> kernel) {
  Tally& t = new_tally(type, set.group, label, kernel.name);
  const auto* rows = static_cast<const Bits<T>(*)[3]>(set.triples);
  for (std::size_t start = 0; start < set.count; start += chunk) {
    const std::size_t n = set.count - start < chunk ? set.count - start : chunk;
    T* a = slots<T>(buffer_a);
    T* b = slots<T>(buffer_b);
    T* c = path == Path::api_in_place ? a : slots<T>(buffer_c);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = from_bits<T>(rows[start + i][0]);
      b[i] = from_bits<T>(rows[start + i][1]);
    }
    if (path == Path::kernel) {
      kernel.kernel(a, b, c, n);
    } else {
      const std::int64_t shape[1] = {static_cast<std::int64_t>(n)};
      const Kernels mode = path == Path::api_proved ? Kernels::proved : Kernels::fastest;
      const Status status =
          call_api({type.type, shape, a}, {type.type, shape, b}, {type.type, shape, c}, &mode);
      if (!status.ok()) {  // every vector is inside the domain: an error fails the whole chunk
        t.cases += n;
        t.mismatches += n;
        continue;
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t got = plant(type, i, to_bits(c[i]));
      compare(t, rows[start + i][0], rows[start + i][1], got, rows[start + i][2]);
    }
  }
}

template <typename T>
void run_type(const TypeInfo& type, const KernelList<T>& kernels, DivKernel<T> fastest) {
  for (const VectorSet& set : vector_sets) {
    if (set.type != type.type) continue;
    run_path<T>(type, set, Path::api_proved, "checked API, proved kernels", kernels.list[0]);
    const NamedKernel<T> selected{kernels.name_of(fastest), fastest};
    run_path<T>(type, set, Path::api_fastest, "checked API, fastest kernels", selected);
    if (std::strcmp(set.group, "golden") == 0) {
      run_path<T>(type, set, Path::api_in_place, "checked API in place (C is A), fastest kernels",
                  selected);
    }
    for (std::size_t k = 0; k < kernels.count; ++k) {
      run_path<T>(type, set, Path::kernel, "kernel called directly", kernels.list[k]);
    }
  }
}

const TypeInfo int8_info = int_info(DataType::int8, "int8", 1);
const TypeInfo int16_info = int_info(DataType::int16, "int16", 2);
const TypeInfo int32_info = int_info(DataType::int32, "int32", 4);
const TypeInfo int64_info = int_info(DataType::int64, "int64", 8);
const TypeInfo uint8_info = int_info(DataType::uint8, "uint8", 1);
const TypeInfo uint16_info = int_info(DataType::uint16, "uint16", 2);
const TypeInfo uint32_info = int_info(DataType::uint32, "uint32", 4);
const TypeInfo uint64_info = int_info(DataType::uint64, "uint64", 8);

void run_vectors() {
  const DivFastPaths& fast = sonnx::detail::selected_fast_paths();
  using D = DivFastPaths;
  using u16 = std::uint16_t;
  run_type<u16>(float16_info, kernels_of<u16>({"sonnx_div_f16", sonnx_div_f16}, {}, &D::float16),
                fast.float16);
  run_type<u16>(bfloat16_info,
                kernels_of<u16>({"sonnx_div_bf16", sonnx_div_bf16}, {}, &D::bfloat16),
                fast.bfloat16);
  run_type<float>(float32_info, kernels_of<float>({"sonnx_div_f32", sonnx_div_f32}, {}, nullptr),
                  sonnx_div_f32);
  run_type<double>(float64_info, kernels_of<double>({"sonnx_div_f64", sonnx_div_f64}, {}, nullptr),
                   sonnx_div_f64);
  run_type<std::int8_t>(
      int8_info,
      kernels_of<std::int8_t>({"sonnx_div_i8", sonnx_div_i8},
                              {"sonnx_div_i8_via_binary32", sonnx_div_i8_via_binary32}, &D::int8),
      fast.int8);
  run_type<std::int16_t>(int16_info,
                         kernels_of<std::int16_t>(
                             {"sonnx_div_i16", sonnx_div_i16},
                             {"sonnx_div_i16_via_binary32", sonnx_div_i16_via_binary32}, &D::int16),
                         fast.int16);
  run_type<std::int32_t>(int32_info,
                         kernels_of<std::int32_t>(
                             {"sonnx_div_i32", sonnx_div_i32},
                             {"sonnx_div_i32_via_binary64", sonnx_div_i32_via_binary64}, &D::int32),
                         fast.int32);
  run_type<std::int64_t>(
      int64_info,
      kernels_of<std::int64_t>({"sonnx_div_i64", sonnx_div_i64},
                               {"sonnx_div_i64_blocked", sonnx_div_i64_blocked}, &D::int64),
      fast.int64);
  run_type<std::uint8_t>(
      uint8_info,
      kernels_of<std::uint8_t>({"sonnx_div_u8", sonnx_div_u8},
                               {"sonnx_div_u8_via_binary32", sonnx_div_u8_via_binary32}, &D::uint8),
      fast.uint8);
  run_type<std::uint16_t>(
      uint16_info,
      kernels_of<std::uint16_t>({"sonnx_div_u16", sonnx_div_u16},
                                {"sonnx_div_u16_via_binary32", sonnx_div_u16_via_binary32},
                                &D::uint16),
      fast.uint16);
  run_type<std::uint32_t>(
      uint32_info,
      kernels_of<std::uint32_t>({"sonnx_div_u32", sonnx_div_u32},
                                {"sonnx_div_u32_via_binary64", sonnx_div_u32_via_binary64},
                                &D::uint32),
      fast.uint32);
  run_type<std::uint64_t>(
      uint64_info,
      kernels_of<std::uint64_t>({"sonnx_div_u64", sonnx_div_u64},
                                {"sonnx_div_u64_blocked", sonnx_div_u64_blocked}, &D::uint64),
      fast.uint64);
}

// ---------------------------------------------------------------------------------------------
// Seed examples: the worked examples of the source documents (seeds 000, 002, 004), with their
// values; float bit patterns are the correctly rounded quotients (exact rational arithmetic), a
// NaN expected result written as the canonical quiet NaN (any quiet NaN matches).
struct Seed {
  const char* name;
  std::int64_t shape[2];
  std::size_t rank;
  std::size_t n;
  std::uint64_t a[6], b[6], c[6];
};

struct IntSeed {
  const char* name;
  bool signed_only;
  std::int64_t shape[2];
  std::size_t rank;
  std::size_t n;
  long long a[6], b[6], c[6];
};

const IntSeed int_seeds[] = {
    {"seed 002 int example 1: [6,5,-35] / [3,3,3] = [2,1,-11]",
     true,
     {3, 0},
     1,
     3,
     {6, 5, -35},
     {3, 3, 3},
     {2, 1, -11}},
    {"seed 002 int example 2: 3x2 quotients, fraction discarded",
     false,
     {3, 2},
     2,
     6,
     {10, 10, 21, 1, 30, 9},
     {3, 2, 4, 1, 5, 4},
     {3, 5, 5, 1, 6, 2}},
    {"seed 004 example 1: [6,9,35] / [3,3,5] = [2,3,7]",
     false,
     {3, 0},
     1,
     3,
     {6, 9, 35},
     {3, 3, 5},
     {2, 3, 7}},
    {"seed 004 example 2: 3x2 tensors",
     false,
     {3, 2},
     2,
     6,
     {3, 4, 16, 0, 25, 24},
     {3, 2, 4, 1, 5, 4},
     {1, 2, 4, 0, 5, 6}},
    {"seed 002 int: truncation toward zero, -35/3 = -11 (not -12)",
     true,
     {5, 0},
     1,
     5,
     {-35, -3, 3, 35, -35},
     {3, 2, -2, -3, -3},
     {-11, -1, -1, -11, 11}},
};

struct FloatSeed {
  DataType type;
  Seed seed;
};

const FloatSeed float_seeds[] = {
    // Seed 004 example 2: 3/3, 4/2, 16/4, 0/1, 25/5, 24/4, exact in every format.
    {DataType::float16,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4200, 0x4400, 0x4C00, 0, 0x4E40, 0x4E00},
      {0x4200, 0x4000, 0x4400, 0x3C00, 0x4500, 0x4400},
      {0x3C00, 0x4000, 0x4400, 0, 0x4500, 0x4600}}},
    {DataType::bfloat16,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4040, 0x4080, 0x4180, 0, 0x41C8, 0x41C0},
      {0x4040, 0x4000, 0x4080, 0x3F80, 0x40A0, 0x4080},
      {0x3F80, 0x4000, 0x4080, 0, 0x40A0, 0x40C0}}},
    {DataType::float32,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x40400000, 0x40800000, 0x41800000, 0, 0x41C80000, 0x41C00000},
      {0x40400000, 0x40000000, 0x40800000, 0x3F800000, 0x40A00000, 0x40800000},
      {0x3F800000, 0x40000000, 0x40800000, 0, 0x40A00000, 0x40C00000}}},
    {DataType::float64,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4008000000000000, 0x4010000000000000, 0x4030000000000000, 0, 0x4039000000000000,
       0x4038000000000000},
      {0x4008000000000000, 0x4000000000000000, 0x4010000000000000, 0x3FF0000000000000,
       0x4014000000000000, 0x4010000000000000},
      {0x3FF0000000000000, 0x4000000000000000, 0x4010000000000000, 0, 0x4014000000000000,
       0x4018000000000000}}},
    // Seed 002 float example 1: A = [3, 4.5, 16, 1, 25.5, 24.25], B = [3, 2, 4, 0, 5, 4].
    {DataType::float16,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4200, 0x4480, 0x4C00, 0x3C00, 0x4E60, 0x4E10},
      {0x4200, 0x4000, 0x4400, 0, 0x4500, 0x4400},
      {0x3C00, 0x4080, 0x4400, 0x7C00, 0x451A, 0x4610}}},
    {DataType::bfloat16,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4040, 0x4090, 0x4180, 0x3F80, 0x41CC, 0x41C2},
      {0x4040, 0x4000, 0x4080, 0, 0x40A0, 0x4080},
      {0x3F80, 0x4010, 0x4080, 0x7F80, 0x40A3, 0x40C2}}},
    {DataType::float32,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x40400000, 0x40900000, 0x41800000, 0x3F800000, 0x41CC0000, 0x41C20000},
      {0x40400000, 0x40000000, 0x40800000, 0, 0x40A00000, 0x40800000},
      {0x3F800000, 0x40100000, 0x40800000, 0x7F800000, 0x40A33333, 0x40C20000}}},
    {DataType::float64,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4008000000000000, 0x4012000000000000, 0x4030000000000000, 0x3FF0000000000000,
       0x4039800000000000, 0x4038400000000000},
      {0x4008000000000000, 0x4000000000000000, 0x4010000000000000, 0, 0x4014000000000000,
       0x4010000000000000},
      {0x3FF0000000000000, 0x4002000000000000, 0x4010000000000000, 0x7FF0000000000000,
       0x4014666666666666, 0x4018400000000000}}},
    // Seed 002 float example 2: A = [3.25, 0, 24.25], B = [3, 0, 4]: C = [3.25/3, NaN, 6.0625].
    {DataType::float16,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x4280, 0, 0x4E10},
      {0x4200, 0, 0x4400},
      {0x3C55, 0x7E00, 0x4610}}},
    {DataType::bfloat16,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x4050, 0, 0x41C2},
      {0x4040, 0, 0x4080},
      {0x3F8B, 0x7FC0, 0x40C2}}},
    {DataType::float32,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x40500000, 0, 0x41C20000},
      {0x40400000, 0, 0x40800000},
      {0x3F8AAAAB, 0x7FC00000, 0x40C20000}}},
    {DataType::float64,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x400A000000000000, 0, 0x4038400000000000},
      {0x4008000000000000, 0, 0x4010000000000000},
      {0x3FF1555555555555, 0x7FF8000000000000, 0x4018400000000000}}},
    {DataType::float32,
     {"seed 000 test_div_example: [3,4] / [1,2] = [3,2]",
      {2, 0},
      1,
      2,
      {0x40400000, 0x40800000},
      {0x3F800000, 0x40000000},
      {0x40400000, 0x40000000}}},
    {DataType::float64,
     {"seed 004 numpy note: [6,9,35] / [3,3,0] = [2,3,inf]",
      {1, 3},
      2,
      3,
      {0x4018000000000000, 0x4022000000000000, 0x4041800000000000},
      {0x4008000000000000, 0x4008000000000000, 0},
      {0x4000000000000000, 0x4008000000000000, 0x7FF0000000000000}}},
};

template <typename T>
void run_seed(const TypeInfo& type, const Seed& seed) {
  T* a = slots<T>(buffer_a);
  T* b = slots<T>(buffer_b);
  T* c = slots<T>(buffer_c);
  const std::span<const std::int64_t> shape(seed.shape, seed.rank);
  const Kernels proved = Kernels::proved;
  for (const Kernels* mode : {static_cast<const Kernels*>(nullptr), &proved}) {
    Tally& t = new_tally(type, "seed",
                         mode == nullptr ? "checked API, default kernels (SONNX_DIV_KERNELS)"
                                         : "checked API, proved kernels",
                         "");
    t.note = seed.name;
    for (std::size_t i = 0; i < seed.n; ++i) {
      a[i] = from_bits<T>(seed.a[i]);
      b[i] = from_bits<T>(seed.b[i]);
    }
    const Status status =
        call_api({type.type, shape, a}, {type.type, shape, b}, {type.type, shape, c}, mode);
    for (std::size_t i = 0; i < seed.n; ++i) {
      const std::uint64_t got = status.ok() ? plant(type, i, to_bits(c[i])) : ~seed.c[i];
      compare(t, seed.a[i], seed.b[i], got, seed.c[i]);
    }
  }
}

template <typename T>
void run_int_seeds(const TypeInfo& type) {
  for (const IntSeed& s : int_seeds) {
    if (s.signed_only && !std::is_signed_v<T>) continue;
    Seed seed{s.name, {s.shape[0], s.shape[1]}, s.rank, s.n, {}, {}, {}};
    for (std::size_t i = 0; i < s.n; ++i) {
      seed.a[i] = to_bits(static_cast<T>(s.a[i]));
      seed.b[i] = to_bits(static_cast<T>(s.b[i]));
      seed.c[i] = to_bits(static_cast<T>(s.c[i]));
    }
    run_seed<T>(type, seed);
  }
}

void run_seeds() {
  for (const FloatSeed& s : float_seeds) {
    switch (s.type) {
      case DataType::float16:
        run_seed<std::uint16_t>(float16_info, s.seed);
        break;
      case DataType::bfloat16:
        run_seed<std::uint16_t>(bfloat16_info, s.seed);
        break;
      case DataType::float32:
        run_seed<float>(float32_info, s.seed);
        break;
      default:
        run_seed<double>(float64_info, s.seed);
        break;
    }
  }
  run_int_seeds<std::int8_t>(int8_info);
  run_int_seeds<std::int16_t>(int16_info);
  run_int_seeds<std::int32_t>(int32_info);
  run_int_seeds<std::int64_t>(int64_info);
  run_int_seeds<std::uint8_t>(uint8_info);
  run_int_seeds<std::uint16_t>(uint16_info);
  run_int_seeds<std::uint32_t>(uint32_info);
  run_int_seeds<std::uint64_t>(uint64_info);
}

// ---------------------------------------------------------------------------------------------
// Error cases: every constraint of the checked API violated once (C3/D3 for every integer type, in
// both kernel modes): the error code, the requirement ID (also at the start of the message), the
// first offending flat index where there is one, and C unchanged (D7).
struct ErrorCase {
  const char* name;
  const TypeInfo* type;  // nullptr: a type-independent case
  const char* mode;
  bool passed;
};
constexpr std::size_t max_error_cases = 128;
ErrorCase error_cases[max_error_cases];
std::size_t error_count = 0;
constexpr unsigned char sentinel = 0x5A;

void record_error_case(const char* name, const TypeInfo* type, const char* mode, bool passed) {
  if (error_count < max_error_cases) error_cases[error_count++] = {name, type, mode, passed};
}

// Fills C with the sentinel before a call that must fail.
void fill_sentinel(Buffer& c) { std::memset(&c, sentinel, sizeof c); }

bool unchanged(Buffer& c) {
  if (planted == Fault::error_write) c.u8[0] = 0;
  for (const std::uint8_t byte : c.u8) {
    if (byte != sentinel) return false;
  }
  return true;
}

bool is_error(const Status& status, sonnx::ErrorCode code, const char* requirement) {
  const std::string_view id(requirement);
  return status.code == code && status.requirement == id &&
         status.message().substr(0, id.size()) == id;
}

void expect(const char* name, const Status& status, sonnx::ErrorCode code,
            const char* requirement) {
  record_error_case(
      name, nullptr, "default",
      is_error(status, code, requirement) && !status.flat_index.has_value() && unchanged(buffer_c));
}

void run_shape_and_buffer_errors() {
  using sonnx::ErrorCode;
  using sonnx::Layout;
  const std::int64_t s23[] = {2, 3};
  const std::int64_t s13[] = {1, 3};
  const std::int64_t s32[] = {3, 2};
  const std::int64_t negative[] = {2, -1};
  const std::int64_t huge[] = {std::int64_t{1} << 40, std::int64_t{1} << 40};
  float* a = buffer_a.f32;
  float* b = buffer_b.f32;
  float* c = buffer_c.f32;
  for (std::size_t i = 0; i < 6; ++i) {
    a[i] = 1.0F;
    b[i] = 2.0F;
  }
  const auto F = DataType::float32;
  const auto call = [&](TensorView x, TensorView y, MutableTensorView z) {
    fill_sentinel(buffer_c);
    return call_api(x, y, z, nullptr);
  };
  expect("R3: element type string",
         call({DataType::string, s23, a}, {DataType::string, s23, b}, {DataType::string, s23, c}),
         ErrorCode::non_numeric_type, "R3");
  expect("C2: float32 / float32 into float64",
         call({F, s23, a}, {F, s23, b}, {DataType::float64, s23, c}), ErrorCode::type_mismatch,
         "C2");
  expect("R2: sparse B", call({F, s23, a}, {F, s23, b, Layout::sparse}, {F, s23, c}),
         ErrorCode::sparse_tensor, "R2");
  expect("D8: negative dimension", call({F, negative, a}, {F, negative, b}, {F, negative, c}),
         ErrorCode::invalid_shape, "D8");
  expect("D8: element count beyond the address space",
         call({F, huge, a}, {F, huge, b}, {F, huge, c}), ErrorCode::size_overflow, "D8");
  // Where size_t is 32 bits wide, [2^32 + 1] must not wrap to one element (it did before the
  // check compared each dimension with the limit ahead of its conversion to size_t). Elsewhere the
  // shape is representable and the case does not apply (the buffers are 6 elements long).
  if constexpr (sizeof(std::size_t) < sizeof(std::int64_t)) {
    const std::int64_t wraps[] = {(std::int64_t{1} << 32) + 1};
    expect("D8: dimension 2^32 + 1 beyond a 32-bit size_t",
           call({F, wraps, a}, {F, wraps, b}, {F, wraps, c}), ErrorCode::size_overflow, "D8");
  }
  expect("R4: broadcastable [2,3] and [1,3]", call({F, s23, a}, {F, s13, b}, {F, s23, c}),
         ErrorCode::broadcast_forbidden, "R4");
  expect("R1: [2,3] and [3,2]", call({F, s23, a}, {F, s32, b}, {F, s23, c}),
         ErrorCode::shape_mismatch, "R1");
  expect("C1: C of shape [3,2]", call({F, s23, a}, {F, s23, b}, {F, s32, c}),
         ErrorCode::shape_mismatch, "C1");
  expect("D8: null data", call({F, s23, nullptr}, {F, s23, b}, {F, s23, c}), ErrorCode::null_data,
         "D8");
  // C starts one element into A: a partial overlap (exact aliasing would be allowed).
  fill_sentinel(buffer_a);
  const Status overlap =
      call_api({F, s23, buffer_a.f32}, {F, s23, b}, {F, s23, buffer_a.f32 + 1}, nullptr);
  record_error_case("D6: C partially overlaps A", nullptr, "default",
                    is_error(overlap, ErrorCode::partial_overlap, "D6") && unchanged(buffer_a));
}

// C3 (a zero divisor at index 2 of 4) and, for signed types, D3 (MIN / -1 at index 1 of 3), in both
// kernel modes; then the domain scan of every table this CPU runs, on the same vectors and on a
// vector inside the domain.
template <typename T, sonnx::detail::DomainScan<T> DivFastPaths::*Scan>
void run_domain_errors(const TypeInfo& type) {
  using sonnx::ErrorCode;
  T* a = slots<T>(buffer_a);
  T* b = slots<T>(buffer_b);
  const T c3_a[4] = {7, 7, 7, 7};
  const T c3_b[4] = {1, 2, 0, 3};
  const T d3_a[3] = {4, std::numeric_limits<T>::min(), 5};
  const T d3_b[3] = {2, static_cast<T>(-1), 1};
  const std::int64_t four[] = {4};
  const std::int64_t three[] = {3};
  for (const Kernels mode : {Kernels::proved, Kernels::fastest}) {
    const char* mode_name = mode == Kernels::proved ? "proved" : "fastest";
    std::memcpy(a, c3_a, sizeof c3_a);
    std::memcpy(b, c3_b, sizeof c3_b);
    fill_sentinel(buffer_c);
    const Status c3 = call_api({type.type, four, a}, {type.type, four, b},
                               {type.type, four, slots<T>(buffer_c)}, &mode);
    record_error_case(
        "C3: zero divisor at flat index 2", &type, mode_name,
        is_error(c3, ErrorCode::zero_divisor, "C3") && c3.flat_index == 2u && unchanged(buffer_c));
    if constexpr (std::is_signed_v<T>) {
      std::memcpy(a, d3_a, sizeof d3_a);
      std::memcpy(b, d3_b, sizeof d3_b);
      fill_sentinel(buffer_c);
      const Status d3 = call_api({type.type, three, a}, {type.type, three, b},
                                 {type.type, three, slots<T>(buffer_c)}, &mode);
      record_error_case("D3: MIN / -1 at flat index 1", &type, mode_name,
                        is_error(d3, ErrorCode::quotient_overflow, "D3") && d3.flat_index == 1u &&
                            unchanged(buffer_c));
    }
  }
  const DivFastPaths* tables[2] = {};
  const std::size_t count = runnable_tables(tables);
  const T inside_b[4] = {1, 2, 5, 3};
  for (std::size_t i = 0; i < count; ++i) {
    const char* table = tables[i]->instruction_set;
    bool found = (tables[i]->*Scan)(c3_a, c3_b, 4);
    bool clean = !(tables[i]->*Scan)(c3_a, inside_b, 4);
    if constexpr (std::is_signed_v<T>) found = found && (tables[i]->*Scan)(d3_a, d3_b, 3);
    record_error_case("fast-path table domain scan: C3/D3 found, none inside the domain", &type,
                      table, found && clean);
  }
}

void run_errors() {
  using D = DivFastPaths;
  run_shape_and_buffer_errors();
  run_domain_errors<std::int8_t, &D::int8_domain_violated>(int8_info);
  run_domain_errors<std::int16_t, &D::int16_domain_violated>(int16_info);
  run_domain_errors<std::int32_t, &D::int32_domain_violated>(int32_info);
  run_domain_errors<std::int64_t, &D::int64_domain_violated>(int64_info);
  run_domain_errors<std::uint8_t, &D::uint8_domain_violated>(uint8_info);
  run_domain_errors<std::uint16_t, &D::uint16_domain_violated>(uint16_info);
  run_domain_errors<std::uint32_t, &D::uint32_domain_violated>(uint32_info);
  run_domain_errors<std::uint64_t, &D::uint64_domain_violated>(uint64_info);
}

// ---------------------------------------------------------------------------------------------
// Platform facts the assumptions rest on (AS-PLAT-1, -6), observed on this target through the
// checked API (proved kernels): subnormal operands and results kept (no FTZ/DAZ), and 0/0.
struct SubnormalProbe {
  const TypeInfo* type;
  std::uint64_t a, b, expected;  // min subnormal / 1 (DAZ gives 0), min normal / 2 (FTZ gives 0)
};
const SubnormalProbe subnormal_probes[] = {
    {&float16_info, 0x0001, 0x3C00, 0x0001},
    {&float16_info, 0x0400, 0x4000, 0x0200},
    {&bfloat16_info, 0x0001, 0x3F80, 0x0001},
    {&bfloat16_info, 0x0080, 0x4000, 0x0040},
    {&float32_info, 0x00000001, 0x3F800000, 0x00000001},
    {&float32_info, 0x00800000, 0x40000000, 0x00400000},
    {&float64_info, 0x0000000000000001, 0x3FF0000000000000, 0x0000000000000001},
    {&float64_info, 0x0010000000000000, 0x4000000000000000, 0x0008000000000000},
};

template <typename T>
std::uint64_t divide_one(const TypeInfo& type, std::uint64_t a_bits, std::uint64_t b_bits,
                         Kernels mode) {
  const std::int64_t shape[] = {1};
  const T a = from_bits<T>(a_bits);
  const T b = from_bits<T>(b_bits);
  T c = from_bits<T>(0);
  const Status status =
      call_api({type.type, shape, &a}, {type.type, shape, &b}, {type.type, shape, &c}, &mode);
  return status.ok() ? to_bits(c) : ~std::uint64_t{0};
}

std::uint64_t divide_one(const TypeInfo& type, std::uint64_t a, std::uint64_t b, Kernels mode) {
  switch (type.type) {
    case DataType::float32:
      return divide_one<float>(type, a, b, mode);
    case DataType::float64:
      return divide_one<double>(type, a, b, mode);
    default:
      return divide_one<std::uint16_t>(type, a, b, mode);
  }
}

bool subnormals_kept(const TypeInfo& type) {
  bool kept = true;
  for (const SubnormalProbe& p : subnormal_probes) {
    if (p.type == &type) kept = kept && divide_one(type, p.a, p.b, Kernels::proved) == p.expected;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// The JSON record.
void print_hex(std::uint64_t bits, std::size_t bytes) {
  std::printf("\"0x%0*llX\"", static_cast<int>(2 * bytes), static_cast<unsigned long long>(bits));
}

const char* target_name() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#elif defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
  return "arm-m";
#elif defined(__arm__)
  return "arm";
#elif defined(__riscv)
  return "riscv";
#elif defined(__s390x__)
  return "s390x";
#else
  return "other";
#endif
}

bool big_endian() {
  const std::uint16_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return first == 0;
}

void print_tallies(std::size_t& cases, std::size_t& mismatches) {
  std::printf("  \"groups\": [\n");
  for (std::size_t i = 0; i < tally_count; ++i) {
    const Tally& t = tallies[i];
    cases += t.cases;
    mismatches += t.mismatches;
    std::printf(
        "    {\"type\": \"%s\", \"group\": \"%s\", \"path\": \"%s\", \"kernel\": \"%s\", "
        "\"note\": \"%s\", \"cases\": %lu, \"mismatches\": %lu, \"examples\": [",
        t.type->name, t.group, t.path, t.kernel, t.note, static_cast<unsigned long>(t.cases),
        static_cast<unsigned long>(t.mismatches));
    const char* separator = "";
    for (std::size_t k = 0; k < example_count; ++k) {
      const Example& e = examples[k];
      if (e.tally != i) continue;
      std::printf("%s{\"a\": ", separator);
      print_hex(e.a, t.type->bytes);
      std::printf(", \"b\": ");
      print_hex(e.b, t.type->bytes);
      std::printf(", \"got\": ");
      print_hex(e.got, t.type->bytes);
      std::printf(", \"expected\": ");
      print_hex(e.expected, t.type->bytes);
      std::printf("}");
      separator = ", ";
    }
    std::printf("]}%s\n", i + 1 < tally_count ? "," : "");
  }
  std::printf("  ],\n");
}

void print_nan_records() {
  std::printf("  \"nan_results\": {\n");
  for (std::size_t r = 0; r < 4; ++r) {
    const NanRecord& n = nan_records[r];
    const std::size_t bytes = n.type->bytes;
    std::printf("    \"%s\": {\"zero_by_zero\": {\"proved\": ", n.type->name);
    print_hex(n.zero_by_zero_proved, bytes);
    std::printf(", \"fastest\": ");
    print_hex(n.zero_by_zero_fastest, bytes);
    std::printf(
        "}, \"invalid_operation\": %llu, \"nan_operand_payload_kept\": %llu, "
        "\"nan_operand_payload_replaced\": %llu, \"patterns_beyond_list\": %llu, "
        "\"patterns\": [",
        static_cast<unsigned long long>(n.invalid_operation),
        static_cast<unsigned long long>(n.operand_payload_kept),
        static_cast<unsigned long long>(n.operand_payload_replaced),
        static_cast<unsigned long long>(n.beyond));
    for (std::size_t k = 0; k < n.distinct; ++k) {
      const NanPattern& p = n.patterns[k];
      std::printf("%s{\"bits\": ", k == 0 ? "" : ", ");
      print_hex(p.bits, bytes);
      std::printf(", \"quiet\": %s, \"count\": %llu, \"first_a\": ",
                  n.type->is_quiet_nan(p.bits) ? "true" : "false",
                  static_cast<unsigned long long>(p.count));
      print_hex(p.a, bytes);
      std::printf(", \"first_b\": ");
      print_hex(p.b, bytes);
      std::printf("}");
    }
    std::printf("]}%s\n", r + 1 < 4 ? "," : "");
  }
  std::printf("  },\n");
}

std::size_t print_errors() {
  std::size_t failures = 0;
  std::printf("  \"error_cases\": [\n");
  for (std::size_t i = 0; i < error_count; ++i) {
    const ErrorCase& e = error_cases[i];
    failures += e.passed ? 0 : 1;
    std::printf("    {\"case\": \"%s\", \"type\": \"%s\", \"mode\": \"%s\", \"passed\": %s}%s\n",
                e.name, e.type != nullptr ? e.type->name : "float32", e.mode,
                e.passed ? "true" : "false", i + 1 < error_count ? "," : "");
  }
  std::printf("  ],\n");
  return failures;
}

void print_stack() {
  std::printf("  \"stack\": {\"measured\": %s, \"method\": \"%s\", \"functions\": [",
#ifdef SONNX_PLATFORM_PAINT_STACK
              "true",
              "stack below the caller painted before each call, deepest overwritten word after it"
#else
              "false", "not measured on this target (bare-metal image only)"
#endif
  );
  const StackRecord* records[] = {&stack_div4, &stack_div3};
  for (std::size_t i = 0; i < 2; ++i) {
    std::printf("%s{\"function\": \"%s\", \"calls\": %lu, \"max_bytes\": %lu}", i == 0 ? "" : ", ",
                records[i]->function, static_cast<unsigned long>(records[i]->calls),
                static_cast<unsigned long>(records[i]->max_bytes));
  }
  std::printf("]},\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Options start with "--"; other arguments are ignored (picolibc's semihosting start-up passes
  // the image's name as an argument).
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg.substr(0, 2) != "--") continue;
    if (arg == "--plant-fault=quotient") {
      planted = Fault::quotient;
    } else if (arg == "--plant-fault=signaling-nan") {
      planted = Fault::signaling_nan;
    } else if (arg == "--plant-fault=error-write") {
      planted = Fault::error_write;
    } else {
      std::printf(
          "platform_test: unknown argument %s\nusage: platform_test "
          "[--plant-fault=quotient|signaling-nan|error-write]\n",
          argv[i]);
      return 2;
    }
  }
  // The one-time reading of SONNX_DIV_KERNELS happens here, outside the stack measurements.
  const Kernels default_mode = sonnx::default_kernels();
  run_vectors();
  run_seeds();
  run_errors();
  for (NanRecord& n : nan_records) {
    n.zero_by_zero_proved = divide_one(*n.type, 0, 0, Kernels::proved);
    n.zero_by_zero_fastest = divide_one(*n.type, 0, 0, Kernels::fastest);
  }

  std::printf("SONNX-PLATFORM-BEGIN\n{\n");
  std::printf("  \"architecture\": \"%s\",\n  \"compiler\": \"%s %s\",\n", target_name(),
#ifdef __clang__
              "clang",
#else
              "gcc",
#endif
              __VERSION__);
  std::printf("  \"fast_path_instruction_set\": \"%s\",\n  \"default_kernels\": \"%s\",\n",
              sonnx::fast_path_instruction_set(),
              default_mode == Kernels::fastest ? "fastest" : "proved");
  std::printf("  \"big_endian\": %s,\n  \"pointer_bytes\": %u,\n  \"flt_eval_method\": %d,\n",
              big_endian() ? "true" : "false", static_cast<unsigned>(sizeof(void*)),
              static_cast<int>(FLT_EVAL_METHOD));
  std::printf("  \"iec559\": {\"float\": %s, \"double\": %s},\n",
              std::numeric_limits<float>::is_iec559 ? "true" : "false",
              std::numeric_limits<double>::is_iec559 ? "true" : "false");
  std::printf("  \"subnormals_kept\": {");
  for (std::size_t r = 0; r < 4; ++r) {
    std::printf("%s\"%s\": %s", r == 0 ? "" : ", ", nan_records[r].type->name,
                subnormals_kept(*nan_records[r].type) ? "true" : "false");
  }
  std::printf("},\n  \"vectors\": {\"seed\": %llu, \"sampled_per_type\": %llu},\n", vectors_seed,
              vectors_sample);
  std::size_t cases = 0;
  std::size_t mismatches = 0;
  print_tallies(cases, mismatches);
  print_nan_records();
  const std::size_t error_failures = print_errors();
  print_stack();
  const bool passed = mismatches == 0 && quiet_nan_violations == 0 && error_failures == 0;
  std::printf(
      "  \"totals\": {\"cases\": %lu, \"mismatches\": %lu, \"quiet_nan_violations\": %lu, "
      "\"error_cases\": %lu, \"error_case_failures\": %lu},\n",
      static_cast<unsigned long>(cases), static_cast<unsigned long>(mismatches),
      static_cast<unsigned long>(quiet_nan_violations), static_cast<unsigned long>(error_count),
      static_cast<unsigned long>(error_failures));
  std::printf("  \"passed\": %s\n}\nSONNX-PLATFORM-END\n", passed ? "true" : "false");
  return passed ? 0 : 1;
}
