// Checked SONNX Div: C = Div(A, B) element-wise, for the 12 numeric types of the profile.
#ifndef SONNX_DIV_HPP
#define SONNX_DIV_HPP

#include <sonnx/tensor.hpp>  // stops below C++20 with a clear error

#ifdef SONNX_CXX20_OR_LATER
namespace sonnx {

// Which kernels run once validation has passed.
enum class Kernels {
  // The run-time selected fast path of the element type where one exists (8/16/32-bit integers
  // on every target; float16, bfloat16 and 64-bit integers on x86-64 CPUs with AVX2 and F16C),
  // otherwise the proved kernel.
  // Requirement D9: every fast path returns the proved kernel's bits on every input
  // (docs/performance.md); the integer ones are WP-proved route kernels themselves.
  fastest,
  // Only the scalar kernels of core/src/div/kernels/div_kernels.c, proved by Frama-C/WP.
  proved,
};

// The choice of div(a, b, c): the environment variable SONNX_DIV_KERNELS read once, "fastest"
// or "proved"; unset means fastest, any other value means proved (the conservative reading).
Kernels default_kernels() noexcept;

// The instruction set of the fast paths this CPU runs: on x86-64 "AVX2+F16C" or "x86-64
// baseline"; on any other target its baseline, e.g. "AArch64 baseline", "Arm M-profile baseline"
// (docs/platforms.md).
const char* fast_path_instruction_set() noexcept;

// C = A / B element-wise. Each view's buffer holds elements of the C++ type its DataType names:
// float for float32, double for float64, std::int8_t ... std::uint64_t for the integer types, and
// std::uint16_t bit patterns for float16 and bfloat16 (IEEE binary16 and bfloat16; the quotient's
// pattern is written to C, correctly rounded, F2).
// Validates every constraint before writing anything, then runs the kernel of the element
// type. Checks, in this order (the first violation is reported):
//   R3  each of A, B, C has one of the 12 numeric profile types
//   C2  A, B and C have the same type (GR3: no implicit conversion)
//   R2  all three are dense (GR1)
//   D8  no negative dimension; element and byte counts representable
//   R4  A and B differ in shape but are broadcastable: rejected, broadcasting is forbidden
//   R1  A and B have different shapes
//   C1  C's shape differs from A's and B's
//   D8  null data with a non-zero element count
//   D6  C overlaps A or B without being exactly the same buffer (exact aliasing is in-place use)
//   C3  integer types: a zero divisor, at the first offending index
//   D3  signed integer types: MIN / -1, at the first offending index
// Floats have no value-domain error: x/0, 0/0, infinities and NaN are specified results (R5, D1,
// D2). Exact aliasing of C with A and/or B is supported. Never throws, never allocates.
// The checks and the kernel are one WP-proved decision procedure per element type; the caller
// guarantees what C++ cannot check (docs/assumptions.md AS-MEM-2, AS-MEM-4): each view's data holds
// the elements its shape counts, and no other thread writes A or B during the call.
Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c,
           Kernels kernels) noexcept;

// div(a, b, c, default_kernels()).
Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c) noexcept;

}  // namespace sonnx
#endif  // SONNX_CXX20_OR_LATER

#endif  // SONNX_DIV_HPP
