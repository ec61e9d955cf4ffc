// The expected outputs of the golden conformance cases (T4, sonnx-div golden), computed without the
// library: the MPFR oracle for the IEEE formats (docs/oracle.md), exact integer arithmetic for the
// integers (truncation toward zero, I1; floored for the non-profile openvino-pythondiv semantics,
// T5). Operands and result are bit patterns of the type (two's complement, zero-extended).
#ifndef SONNX_VERIFY_GOLDEN_REFERENCE_HPP
#define SONNX_VERIFY_GOLDEN_REFERENCE_HPP

#include <sonnx/tensor.hpp>

#include <cstdint>

namespace sonnx::verify {

// Preconditions for the integers: b != 0, and not signed MIN / -1 (the golden cases never are).
std::uint64_t golden_reference(DataType type, bool floored, std::uint64_t a, std::uint64_t b);

}  // namespace sonnx::verify

#endif  // SONNX_VERIFY_GOLDEN_REFERENCE_HPP
