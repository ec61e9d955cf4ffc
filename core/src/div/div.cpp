#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sonnx/div.hpp>
#include <type_traits>

#include "../common/kernels/sonnx_validation.h"
#include "../common/validation.hpp"
#include "fast/div_fast_paths.hpp"
#include "kernels/div_avx2.h"
#include "kernels/div_checked.h"
#include "kernels/div_kernels.h"

namespace sonnx {
namespace {

using detail::Failure;
using detail::ShapeText;

// The constants the C-subset files and this façade share, tied by the compiler: the type codes the
// proved checks decide on, and the element sizes sonnx_element_bytes returns for them.
template <DataType type, typename T, std::int32_t code, std::size_t bytes>
constexpr bool shared_type() {
  static_assert(static_cast<std::int32_t>(type) == code, "DataType value and SONNX_TYPE_* code");
  static_assert(sizeof(T) == bytes, "element size and SONNX_BYTES_*");
  return true;
}
static_assert(
    shared_type<DataType::float16, std::uint16_t, SONNX_TYPE_FLOAT16, SONNX_BYTES_FLOAT16>());
static_assert(
    shared_type<DataType::bfloat16, std::uint16_t, SONNX_TYPE_BFLOAT16, SONNX_BYTES_BFLOAT16>());
static_assert(shared_type<DataType::float32, float, SONNX_TYPE_FLOAT32, SONNX_BYTES_FLOAT32>());
static_assert(shared_type<DataType::float64, double, SONNX_TYPE_FLOAT64, SONNX_BYTES_FLOAT64>());
static_assert(shared_type<DataType::int8, std::int8_t, SONNX_TYPE_INT8, SONNX_BYTES_INT8>());
static_assert(shared_type<DataType::int16, std::int16_t, SONNX_TYPE_INT16, SONNX_BYTES_INT16>());
static_assert(shared_type<DataType::int32, std::int32_t, SONNX_TYPE_INT32, SONNX_BYTES_INT32>());
static_assert(shared_type<DataType::int64, std::int64_t, SONNX_TYPE_INT64, SONNX_BYTES_INT64>());
static_assert(shared_type<DataType::uint8, std::uint8_t, SONNX_TYPE_UINT8, SONNX_BYTES_UINT8>());
static_assert(
    shared_type<DataType::uint16, std::uint16_t, SONNX_TYPE_UINT16, SONNX_BYTES_UINT16>());
static_assert(
    shared_type<DataType::uint32, std::uint32_t, SONNX_TYPE_UINT32, SONNX_BYTES_UINT32>());
static_assert(
    shared_type<DataType::uint64, std::uint64_t, SONNX_TYPE_UINT64, SONNX_BYTES_UINT64>());
// The C structures cross the language boundary as they are: standard layout with fixed-width
// members, one layout for C and C++. The verdict enumeration has the size the target's ABI gives
// it, the same for a toolchain's C and C++ compilers (one byte with the short enumerations of the
// Arm EABI for bare metal, an int elsewhere).
static_assert(std::is_standard_layout_v<sonnx_tensor> && std::is_standard_layout_v<sonnx_fault>);

// A view as the proved checks see it.
template <typename View>
sonnx_tensor tensor_of(const View& view) noexcept {
  return {static_cast<std::int32_t>(view.type), view.layout == Layout::dense ? 0 : 1,
          view.shape.data(), view.shape.size(), detail::address_of(view.data)};
}

// The Status of a verdict of the proved decision procedure; only the words are the façade's.
// [impl->req~R3~1] [impl->req~GR2~1] [impl->req~C2~1] [impl->req~GR3~1] [impl->req~R2~1]
// [impl->req~GR1~1] [impl->req~D8~1] [impl->req~R4~1] [impl->req~R1~1] [impl->req~C1~1]
// [impl->req~D6~1] [impl->req~C3~1] [impl->req~D3~1]
Status status_of(sonnx_verdict verdict, const sonnx_fault& fault, const TensorView& a,
                 const TensorView& b, const MutableTensorView& c) noexcept {
  const DataType types[] = {a.type, b.type, c.type};
  const std::span<const std::int64_t> shapes[] = {a.shape, b.shape, c.shape};
  const char* const names[] = {"A", "B", "C"};
  const std::size_t k = fault.tensor < 3 ? fault.tensor : 0;
  switch (verdict) {
    case SONNX_VALID:
      return {};
    case SONNX_NON_NUMERIC_TYPE:
      return Failure(ErrorCode::non_numeric_type, "R3")
             << "tensor " << names[k] << " has element type " << types[k]
             << ", which is not one of the 12 numeric types of the SONNX profile";
    case SONNX_TYPE_MISMATCH:
      return Failure(ErrorCode::type_mismatch, "C2")
             << "A, B and C must have the same element type (no implicit conversion, GR3); got "
             << a.type << ", " << b.type << ", " << c.type;
    case SONNX_SPARSE_TENSOR:
      return Failure(ErrorCode::sparse_tensor, "R2")
             << "tensor " << names[k]
             << " is sparse; the SONNX profile accepts dense tensors only (GR1)";
    case SONNX_NEGATIVE_DIMENSION:
      return Failure(ErrorCode::invalid_shape, "D8")
             << "tensor " << names[k] << " has a negative dimension at axis " << fault.position
             << " in shape " << ShapeText{shapes[k]};
    case SONNX_SIZE_OVERFLOW:
      return Failure(ErrorCode::size_overflow, "D8")
             << "tensor " << names[k] << " of shape " << ShapeText{shapes[k]}
             << " has more bytes than the address space can hold";
    case SONNX_BROADCAST_FORBIDDEN:
      return Failure(ErrorCode::broadcast_forbidden, "R4")
             << "shapes " << ShapeText{a.shape} << " and " << ShapeText{b.shape}
             << " are broadcastable, but broadcasting is forbidden by R4: A and B must have the "
                "same shape";
    case SONNX_SHAPE_MISMATCH:
      return Failure(ErrorCode::shape_mismatch, "R1")
             << "A has shape " << ShapeText{a.shape} << " but B has shape " << ShapeText{b.shape}
             << "; they must be equal (R1, C1)";
    case SONNX_OUTPUT_SHAPE_MISMATCH:
      return Failure(ErrorCode::shape_mismatch, "C1")
             << "C has shape " << ShapeText{c.shape} << " but A and B have shape "
             << ShapeText{a.shape} << "; A, B and C must have the same shape";
    case SONNX_NULL_DATA:
      return Failure(ErrorCode::null_data, "D8")
             << "tensor " << names[k] << " has " << fault.count * element_size(a.type)
             << " bytes of elements but no data";
    case SONNX_PARTIAL_OVERLAP:
      return Failure(ErrorCode::partial_overlap, "D6")
             << "C partially overlaps " << names[k]
             << "; C may only be exactly the same buffer (in-place) or disjoint";
    case SONNX_ZERO_DIVISOR:
      return Failure(ErrorCode::zero_divisor, "C3") << "integer division by zero (B[i] = 0) at "
                                                    << detail::ElementText{a.shape, fault.position};
    case SONNX_QUOTIENT_OVERFLOW:
      break;
  }
  const std::size_t bits = 8 * element_size(a.type);
  const std::int64_t min = bits == 8    ? std::numeric_limits<std::int8_t>::min()
                           : bits == 16 ? std::numeric_limits<std::int16_t>::min()
                           : bits == 32 ? std::numeric_limits<std::int32_t>::min()
                                        : std::numeric_limits<std::int64_t>::min();
  return Failure(ErrorCode::quotient_overflow, "D3")
         << "quotient " << min << " / -1 is not representable in " << bits << "-bit signed at "
         << detail::ElementText{a.shape, fault.position};
}

// The views' data as the element type T.
template <typename T>
const T* data_of(const TensorView& view) noexcept {
  return static_cast<const T*>(view.data);
}
template <typename T>
T* data_of(const MutableTensorView& view) noexcept {
  return static_cast<T*>(view.data);
}

// One call of the façade as the decision procedures take it: the views as the checks see them,
// the views themselves (for their data) and the fault record.
struct Call {
  sonnx_tensor a, b, c;
  const TensorView* va;
  const TensorView* vb;
  const MutableTensorView* vc;
  sonnx_fault* fault;
};

// The decision procedure `procedure` on the call's data as elements of T.
template <auto procedure, typename T>
sonnx_verdict run(const Call& call, std::int32_t kernel) noexcept {
  const TensorView& a = *call.va;
  const TensorView& b = *call.vb;
  const MutableTensorView& c = *call.vc;
  return procedure(call.a, call.b, call.c, data_of<T>(a), data_of<T>(b), data_of<T>(c), kernel,
                   call.fault);
}

// The decision procedure of the integer type T: the AVX2 compilation's (avx2_compilation) when
// this CPU runs it, the baseline's otherwise. Both are template arguments, so that each call is
// a direct call by name (the call graph, the stack bound); on a target without the AVX2
// compilation (if constexpr) the AVX2 name is never called, nor needs a definition.
template <auto baseline, auto avx2_compilation, typename T>
sonnx_verdict checked(bool avx2, const Call& call, std::int32_t kernel) noexcept {
  if constexpr (SONNX_DIV_X86_64_FAST_PATHS != 0) {
    if (avx2) return run<avx2_compilation, T>(call, kernel);
  }
  return run<baseline, T>(call, kernel);
}

// float16 or bfloat16: with AVX2, the proved checks only, then the intrinsic fast path on the
// count they computed; otherwise the proved procedure with the scalar kernel.
template <auto procedure, auto fast_path>
sonnx_verdict half(bool avx2, const Call& call) noexcept {
  if constexpr (SONNX_DIV_X86_64_FAST_PATHS != 0) {
    if (avx2) {
      const sonnx_verdict verdict = run<procedure, std::uint16_t>(call, SONNX_KERNEL_NONE);
      if (verdict == SONNX_VALID) {
        fast_path(static_cast<const std::uint16_t*>(call.va->data),
                  static_cast<const std::uint16_t*>(call.vb->data),
                  data_of<std::uint16_t>(*call.vc), call.fault->count);
      }
      return verdict;
    }
  }
  return run<procedure, std::uint16_t>(call, SONNX_KERNEL_SCALAR);
}

}  // namespace

Kernels default_kernels() noexcept {
  static const Kernels kernels = [] {
    const char* value = std::getenv("SONNX_DIV_KERNELS");
    if (value == nullptr || std::strcmp(value, "fastest") == 0) return Kernels::fastest;
    return Kernels::proved;
  }();
  return kernels;
}

const char* fast_path_instruction_set() noexcept {
  return detail::avx2_selected() ? detail::kAvx2InstructionSet : detail::baseline_instruction_set();
}

Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c) noexcept {
  return div(a, b, c, default_kernels());
}

// The proved decision procedure of the type of A (core/src/div/kernels/div_checked.h) runs the
// checks in their documented order and then the kernel, or writes nothing to C (D7, proved). The
// façade picks the procedure by A's type (another type's procedure answers C2, proved) and, for
// the integer types, by the instruction set this CPU runs (the AVX2 compilation's procedure calls
// the AVX2 route kernels), each called by its name; it words the verdict. The float16 and
// bfloat16 fast paths are intrinsics, run here after the proved checks passed.
// [impl->req~D7~1] [impl->req~D9~1]
Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c,
           Kernels kernels) noexcept {
  const bool fastest = kernels == Kernels::fastest;
  const bool avx2 = fastest && detail::avx2_selected();
  const std::int32_t route = fastest ? SONNX_KERNEL_ROUTE : SONNX_KERNEL_SCALAR;
  // The 64-bit types take their blocked route kernels with AVX2 only: on the baseline they are
  // slower than the scalar loop (docs/performance.md).
  const std::int32_t wide = avx2 ? SONNX_KERNEL_ROUTE : SONNX_KERNEL_SCALAR;
  sonnx_fault fault{};
  const Call call{tensor_of(a), tensor_of(b), tensor_of(c), &a, &b, &c, &fault};
  sonnx_verdict verdict = SONNX_VALID;
  switch (a.type) {
    case DataType::float16:
      verdict = half<sonnx_div_checked_f16, detail::div_float16_avx2>(avx2, call);
      break;
    case DataType::bfloat16:
      verdict = half<sonnx_div_checked_bf16, detail::div_bfloat16_avx2>(avx2, call);
      break;
    case DataType::float32:
      verdict = run<sonnx_div_checked_f32, float>(call, SONNX_KERNEL_SCALAR);
      break;
    case DataType::float64:
      verdict = run<sonnx_div_checked_f64, double>(call, SONNX_KERNEL_SCALAR);
      break;
    case DataType::int8:
      verdict =
          checked<sonnx_div_checked_i8, sonnx_div_checked_i8_avx2, std::int8_t>(avx2, call, route);
      break;
    case DataType::int16:
      verdict = checked<sonnx_div_checked_i16, sonnx_div_checked_i16_avx2, std::int16_t>(avx2, call,
                                                                                         route);
      break;
    case DataType::int32:
      verdict = checked<sonnx_div_checked_i32, sonnx_div_checked_i32_avx2, std::int32_t>(avx2, call,
                                                                                         route);
      break;
    case DataType::int64:
      verdict = checked<sonnx_div_checked_i64, sonnx_div_checked_i64_avx2, std::int64_t>(avx2, call,
                                                                                         wide);
      break;
    case DataType::uint8:
      verdict =
          checked<sonnx_div_checked_u8, sonnx_div_checked_u8_avx2, std::uint8_t>(avx2, call, route);
      break;
    case DataType::uint16:
      verdict = checked<sonnx_div_checked_u16, sonnx_div_checked_u16_avx2, std::uint16_t>(
          avx2, call, route);
      break;
    case DataType::uint32:
      verdict = checked<sonnx_div_checked_u32, sonnx_div_checked_u32_avx2, std::uint32_t>(
          avx2, call, route);
      break;
    case DataType::uint64:
      verdict = checked<sonnx_div_checked_u64, sonnx_div_checked_u64_avx2, std::uint64_t>(
          avx2, call, wide);
      break;
    default:  // not one of the 12 types: the proved checks answer R3
      verdict = sonnx_div_validate(call.a, call.b, call.c, &fault);
      if (verdict == SONNX_VALID) {  // a numeric type missing above: never divide unchecked
        verdict = SONNX_NON_NUMERIC_TYPE;
      }
      break;
  }
  return status_of(verdict, fault, a, b, c);
}

}  // namespace sonnx
