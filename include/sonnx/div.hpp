// Checked SONNX Div: C = Div(A, B) element-wise, for the 12 numeric types of the profile.
#ifndef SONNX_DIV_HPP
#define SONNX_DIV_HPP

#include <sonnx/tensor.hpp>

namespace sonnx {

// Validates every constraint before writing anything, then runs the verified kernel of the element
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
// Floats have no value-domain error: x/0, 0/0, infinities and NaN are specified results (R5, D1, D2).
// Exact aliasing of C with A and/or B is supported. Never throws except std::bad_alloc while
// building an error message.
Status div(const TensorView& a, const TensorView& b, const MutableTensorView& c);

}  // namespace sonnx

#endif  // SONNX_DIV_HPP
