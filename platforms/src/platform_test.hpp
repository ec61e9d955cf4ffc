// The parts of platform_test (platform_test.cpp) that its sources share: the element types, the
// one call of the checked API (with the stack painting of bare-metal targets), the result tallies
// and NaN records, the kernels by name, the static buffers and the error-case records. Shared
// state is held in inline variables: one object each in the program.
#ifndef SONNX_PLATFORM_TEST_HPP
#define SONNX_PLATFORM_TEST_HPP

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

#include "div/fast/div_kernel_tables.hpp"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_kernels.h"
#include "div/kernels/div_route_kernels.h"

namespace sonnx::platform {

using sonnx::DataType;
using sonnx::Kernels;
using sonnx::MutableTensorView;
using sonnx::Status;
using sonnx::TensorView;
using sonnx::detail::KernelTable;
using sonnx::detail::DivKernel;

struct VectorSet {
  DataType type;
  const char* group;
  const void* triples;  // count rows of (A, B, expected) in the type's unsigned bit width
  std::size_t count;
};

enum class Fault { none, quotient, signaling_nan, error_write };
inline Fault planted = Fault::none;

// ---------------------------------------------------------------------------------------------
// Stack painting (bare metal): the stack region is [__heap_end, __stack) in picolibc's linker
// script; everything below the stack pointer is free when the checked API is called.
#ifdef SONNX_PLATFORM_PAINT_STACK
extern "C" char __heap_end[];  // NOLINT(bugprone-reserved-identifier): linker script symbol
inline constexpr std::uint32_t paint = 0x5A5AA5A5u;

inline std::uintptr_t stack_pointer() {
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
inline StackRecord stack_div4{
    "sonnx::div(const TensorView&, const TensorView&, const MutableTensorView&, "
    "Kernels)"};
inline StackRecord stack_div3{
    "sonnx::div(const TensorView&, const TensorView&, const MutableTensorView&)"};

// One call of the checked API; on bare metal the stack below this frame is painted first and the
// deepest word the call wrote is found afterwards.
inline __attribute__((noinline)) Status call_api(const TensorView& a, const TensorView& b,
                                                 const MutableTensorView& c,
                                                 const Kernels* kernels) {
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

inline constexpr TypeInfo float16_info{
    DataType::float16, "float16", 2, true, 0x8000, 0x7C00, 0x0200};
inline constexpr TypeInfo bfloat16_info{
    DataType::bfloat16, "bfloat16", 2, true, 0x8000, 0x7F80, 0x0040};
inline constexpr TypeInfo float32_info{DataType::float32, "float32",  4,         true,
                                       0x80000000,        0x7F800000, 0x00400000};
inline constexpr TypeInfo float64_info{
    DataType::float64,  "float64",         8, true, 0x8000000000000000,
    0x7FF0000000000000, 0x0008000000000000};
inline constexpr TypeInfo int_info(DataType type, const char* name, std::size_t bytes) {
  return {type, name, bytes, false, 0, 0, 0};
}

// The unsigned type of T's width: how T's elements are stored in the vectors.
template <typename T>
using Bits = std::conditional_t<
    sizeof(T) == 1, std::uint8_t,
    std::conditional_t<sizeof(T) == 2, std::uint16_t,
                       std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

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
inline constexpr std::size_t max_examples = 16;
struct Example {
  std::size_t tally;
  std::uint64_t a, b, got, expected;
};
inline Example examples[max_examples];
inline std::size_t example_count = 0;

struct Tally {
  const TypeInfo* type = nullptr;
  const char* group = "";
  const char* path = "";
  const char* kernel = "";
  const char* note = "";  // the seed example's name
  std::size_t cases = 0;
  std::size_t mismatches = 0;
};

inline constexpr std::size_t max_tallies = 320;
inline Tally tallies[max_tallies];
inline std::size_t tally_count = 0;
inline std::size_t quiet_nan_violations = 0;

inline Tally& new_tally(const TypeInfo& type, const char* group, const char* path,
                        const char* kernel) {
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
inline constexpr std::size_t max_nan_patterns = 24;
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
inline NanRecord nan_records[4] = {{&float16_info, {}, 0, 0, 0, 0, 0, 0, 0},
                                   {&bfloat16_info, {}, 0, 0, 0, 0, 0, 0, 0},
                                   {&float32_info, {}, 0, 0, 0, 0, 0, 0, 0},
                                   {&float64_info, {}, 0, 0, 0, 0, 0, 0, 0}};

inline NanRecord* nan_record(const TypeInfo& type) {
  for (NanRecord& r : nan_records) {
    if (r.type->type == type.type) return &r;
  }
  return nullptr;
}

inline void note_nan(const TypeInfo& type, std::uint64_t a, std::uint64_t b, std::uint64_t got) {
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

inline void compare(Tally& t, std::uint64_t a, std::uint64_t b, std::uint64_t got,
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
inline std::uint64_t plant(const TypeInfo& type, std::size_t index, std::uint64_t got) {
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
template <typename T>
NamedKernel(const char*, DivKernel<T>) -> NamedKernel<T>;

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
inline std::size_t runnable_tables(const KernelTable* (&out)[2]) {
  std::size_t n = 0;
  out[n++] = &sonnx::detail::baseline_kernel_table();
#if SONNX_DIV_X86_64_FAST_PATHS
  if (sonnx::detail::avx2_fast_paths_supported()) out[n++] = &sonnx::detail::avx2_kernel_table();
#endif
  return n;
}

template <typename T>
KernelList<T> kernels_of(NamedKernel<T> proved, NamedKernel<T> route,
                         DivKernel<T> KernelTable::*member) {
  KernelList<T> k;
  k.add(proved.name, proved.kernel);
  if (route.kernel != nullptr) k.add(route.name, route.kernel);
  const KernelTable* tables[2] = {};
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
inline constexpr std::size_t chunk = 256;
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
inline Buffer buffer_a, buffer_b, buffer_c;

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

inline const TypeInfo int8_info = int_info(DataType::int8, "int8", 1);
inline const TypeInfo int16_info = int_info(DataType::int16, "int16", 2);
inline const TypeInfo int32_info = int_info(DataType::int32, "int32", 4);
inline const TypeInfo int64_info = int_info(DataType::int64, "int64", 8);
inline const TypeInfo uint8_info = int_info(DataType::uint8, "uint8", 1);
inline const TypeInfo uint16_info = int_info(DataType::uint16, "uint16", 2);
inline const TypeInfo uint32_info = int_info(DataType::uint32, "uint32", 4);
inline const TypeInfo uint64_info = int_info(DataType::uint64, "uint64", 8);

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
inline constexpr std::size_t max_error_cases = 128;
inline ErrorCase error_cases[max_error_cases];
inline std::size_t error_count = 0;
inline constexpr unsigned char sentinel = 0x5A;

inline void record_error_case(const char* name, const TypeInfo* type, const char* mode,
                              bool passed) {
  if (error_count < max_error_cases) error_cases[error_count++] = {name, type, mode, passed};
}

// The runs (platform_vectors_run.cpp, platform_seeds.cpp, platform_errors.cpp).
void run_vectors();
void run_seeds();
void run_errors();
// The seed and the sample size the host's vectors were made with (platform_vectors.inc).
unsigned long long vectors_seed_used();
unsigned long long vectors_sample_used();

}  // namespace sonnx::platform

#endif  // SONNX_PLATFORM_TEST_HPP
