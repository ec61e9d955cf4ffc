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
#include "kernels/div_domain.h"
#include "kernels/div_kernels.h"

namespace sonnx {
namespace {

using detail::Failure;
using detail::ShapeText;

// The proved sonnx_check_types decides R3, C2 and R2, in this order, and names the tensor at
// fault; the façade words the verdict.
// [impl->req~R3~1] [impl->req~GR2~1] [impl->req~C2~1] [impl->req~GR3~1] [impl->req~R2~1]
// [impl->req~GR1~1]
Status check_types_and_layout(const TensorView& a, const TensorView& b,
                              const MutableTensorView& c) {
  const DataType types[] = {a.type, b.type, c.type};
  const char* const names[] = {"A", "B", "C"};
  const auto code = [](DataType type) { return static_cast<std::int32_t>(type); };
  const auto sparse = [](Layout layout) { return layout == Layout::dense ? 0 : 1; };
  std::size_t which = 0;
  const sonnx_verdict verdict =
      sonnx_check_types(code(a.type), code(b.type), code(c.type), sparse(a.layout),
                        sparse(b.layout), sparse(c.layout), &which);
  if (verdict == SONNX_NON_NUMERIC_TYPE) {
    return Failure(ErrorCode::non_numeric_type, "R3")
           << "tensor " << names[which] << " has element type " << types[which]
           << ", which is not one of the 12 numeric types of the SONNX profile";
  }
  if (verdict == SONNX_TYPE_MISMATCH) {
    return Failure(ErrorCode::type_mismatch, "C2")
           << "A, B and C must have the same element type (no implicit conversion, GR3); got "
           << a.type << ", " << b.type << ", " << c.type;
  }
  if (verdict != SONNX_VALID) {
    return Failure(ErrorCode::sparse_tensor, "R2")
           << "tensor " << names[which]
           << " is sparse; the SONNX profile accepts dense tensors only (GR1)";
  }
  return {};
}

// Per tensor, the proved sonnx_check_shape decides D8 (negative dimension, count overflow) and
// counts the elements (D4, D5); then the proved sonnx_check_shapes decides R4, R1 and C1. The
// façade only words the verdicts.
// [impl->req~D8~1] [impl->req~R4~1] [impl->req~R1~1] [impl->req~C1~1]
Status check_shapes(const TensorView& a, const TensorView& b, const MutableTensorView& c,
                    std::size_t element_bytes, std::size_t& count) {
  const std::span<const std::int64_t> shapes[] = {a.shape, b.shape, c.shape};
  const char* const names[] = {"A", "B", "C"};
  std::size_t counts[3] = {0, 0, 0};
  for (std::size_t k = 0; k < 3; ++k) {
    std::size_t axis = 0;
    const sonnx_verdict verdict = sonnx_check_shape(shapes[k].data(), shapes[k].size(),
                                                    element_bytes, &counts[k], &axis);
    if (verdict == SONNX_NEGATIVE_DIMENSION) {
      return Failure(ErrorCode::invalid_shape, "D8")
             << "tensor " << names[k] << " has a negative dimension at axis " << axis
             << " in shape " << ShapeText{shapes[k]};
    }
    if (verdict != SONNX_VALID) {
      return Failure(ErrorCode::size_overflow, "D8")
             << "tensor " << names[k] << " of shape " << ShapeText{shapes[k]}
             << " has more bytes than the address space can hold";
    }
  }
  const sonnx_verdict verdict =
      sonnx_check_shapes(a.shape.data(), a.shape.size(), b.shape.data(), b.shape.size(),
                         c.shape.data(), c.shape.size());
  if (verdict == SONNX_BROADCAST_FORBIDDEN) {
    return Failure(ErrorCode::broadcast_forbidden, "R4")
           << "shapes " << ShapeText{a.shape} << " and " << ShapeText{b.shape}
           << " are broadcastable, but broadcasting is forbidden by R4: A and B must have the "
              "same shape";
  }
  if (verdict == SONNX_SHAPE_MISMATCH) {
    return Failure(ErrorCode::shape_mismatch, "R1")
           << "A has shape " << ShapeText{a.shape} << " but B has shape " << ShapeText{b.shape}
           << "; they must be equal (R1, C1)";
  }
  if (verdict != SONNX_VALID) {
    return Failure(ErrorCode::shape_mismatch, "C1")
           << "C has shape " << ShapeText{c.shape} << " but A and B have shape "
           << ShapeText{a.shape} << "; A, B and C must have the same shape";
  }
  count = counts[0];
  return {};
}

// The proved sonnx_check_buffers decides, on the integer addresses of the data pointers.
// [impl->req~D8~1] [impl->req~D6~1]
Status check_buffers(const TensorView& a, const TensorView& b, const MutableTensorView& c,
                     std::size_t bytes) {
  const char* const names[] = {"A", "B", "C"};
  std::size_t which = 0;
  const sonnx_verdict verdict =
      sonnx_check_buffers(detail::address_of(a.data), detail::address_of(b.data),
                          detail::address_of(c.data), bytes, &which);
  if (verdict == SONNX_NULL_DATA) {
    return Failure(ErrorCode::null_data, "D8")
           << "tensor " << names[which] << " has " << bytes << " bytes of elements but no data";
  }
  if (verdict != SONNX_VALID) {
    return Failure(ErrorCode::partial_overlap, "D6")
           << "C partially overlaps " << names[which]
           << "; C may only be exactly the same buffer (in-place) or disjoint";
  }
  return {};
}

// C3 for every integer type, D3 for signed ones: the proved domain check of the type
// (div_domain_checks.c) decides and names the first offending index; the façade words the verdict.
// [impl->req~C3~1] [impl->req~D3~1]
template <typename T>
using DomainCheck = sonnx_verdict (*)(const T*, const T*, std::size_t, std::size_t*);

template <typename T>
Status run_integer(detail::DivKernel<T> kernel, DomainCheck<T> check, const TensorView& a,
                   const TensorView& b, const MutableTensorView& c, std::size_t n) {
  const auto* pa = static_cast<const T*>(a.data);
  const auto* pb = static_cast<const T*>(b.data);
  std::size_t index = 0;
  const sonnx_verdict verdict = check(pa, pb, n, &index);
  if (verdict == SONNX_ZERO_DIVISOR) {
    return Failure(ErrorCode::zero_divisor, "C3")
           << "integer division by zero (B[i] = 0) at " << detail::ElementText{a.shape, index};
  }
  if (verdict != SONNX_VALID) {
    return Failure(ErrorCode::quotient_overflow, "D3")
           << "quotient " << std::numeric_limits<T>::min() << " / -1 is not representable in "
           << sizeof(T) * 8 << "-bit signed at " << detail::ElementText{a.shape, index};
  }
  kernel(pa, pb, static_cast<T*>(c.data), n);
  return {};
}

template <typename T>
Status run_float(detail::DivKernel<T> kernel, const TensorView& a, const TensorView& b,
                 const MutableTensorView& c, std::size_t n) {
  kernel(static_cast<const T*>(a.data), static_cast<const T*>(b.data), static_cast<T*>(c.data), n);
  return {};
}

// The proved kernel of each type, or its fast path (D9) when asked for and one exists. The domain
// scans are validation, not kernels: the fastest correct one runs in both modes.
Status dispatch(const TensorView& a, const TensorView& b, const MutableTensorView& c, std::size_t n,
                Kernels kernels) {
  const detail::DivFastPaths& fast = detail::selected_fast_paths();
  const bool use_fast = kernels == Kernels::fastest;
  const auto pick = [use_fast](auto proved, auto fast_path) {
    return use_fast ? fast_path : proved;
  };
  switch (a.type) {
    case DataType::float16:
      return run_float(pick(sonnx_div_f16, fast.float16), a, b, c, n);
    case DataType::bfloat16:
      return run_float(pick(sonnx_div_bf16, fast.bfloat16), a, b, c, n);
    case DataType::float32:
      return run_float(sonnx_div_f32, a, b, c, n);
    case DataType::float64:
      return run_float(sonnx_div_f64, a, b, c, n);
    case DataType::int8:
      return run_integer(pick(sonnx_div_i8, fast.int8), sonnx_div_domain_i8, a, b, c, n);
    case DataType::int16:
      return run_integer(pick(sonnx_div_i16, fast.int16), sonnx_div_domain_i16, a, b, c, n);
    case DataType::int32:
      return run_integer(pick(sonnx_div_i32, fast.int32), sonnx_div_domain_i32, a, b, c, n);
    case DataType::int64:
      return run_integer(pick(sonnx_div_i64, fast.int64), sonnx_div_domain_i64, a, b, c, n);
    case DataType::uint8:
      return run_integer(pick(sonnx_div_u8, fast.uint8), sonnx_div_domain_u8, a, b, c, n);
    case DataType::uint16:
      return run_integer(pick(sonnx_div_u16, fast.uint16), sonnx_div_domain_u16, a, b, c, n);
    case DataType::uint32:
      return run_integer(pick(sonnx_div_u32, fast.uint32), sonnx_div_domain_u32, a, b, c, n);
    case DataType::uint64:
      return run_integer(pick(sonnx_div_u64, fast.uint64), sonnx_div_domain_u64, a, b, c, n);
    default:  // unreachable: the proved R3 check lets only the 12 types cased above through
      break;
  }
  // Kept so that a future DataType cannot fall through silently; no test reaches it.
  return Failure(ErrorCode::non_numeric_type, "R3") << "unsupported";
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
  return detail::selected_fast_paths().instruction_set;
}

Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c) noexcept {
  return div(a, b, c, default_kernels());
}

// [impl->req~D7~1]: every check precedes the only write to C, which is the kernel call.
Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c,
           Kernels kernels) noexcept {
  if (Status status = check_types_and_layout(a, b, c); !status.ok()) return status;
  const std::size_t element_bytes = element_size(a.type);
  std::size_t count = 0;
  if (Status status = check_shapes(a, b, c, element_bytes, count); !status.ok()) return status;
  if (Status status = check_buffers(a, b, c, count * element_bytes); !status.ok()) return status;
  return dispatch(a, b, c, count, kernels);
}

}  // namespace sonnx
