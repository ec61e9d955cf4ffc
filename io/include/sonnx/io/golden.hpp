// golden (T4): ONNX backend-layout conformance cases for one element type:
//   DIR/model.onnx                 one Div node z = Div(x, y), opset 14, x, y, z of shape [8]
//   DIR/test_data_set_N/input_0.pb x     (TensorProto, raw_data)
//   DIR/test_data_set_N/input_1.pb y
//   DIR/test_data_set_N/output_0.pb z    expected output, computed by a reference independent of
//                                  the library (the tool's: the MPFR oracle for the IEEE formats,
//                                  exact integer arithmetic for the integers), which the library
//                                  must match (a quiet NaN matches any quiet NaN, a signaling NaN
//                                  only itself; anything else bit for bit: SD-9)
//   DIR/cases.json                 what each element exercises, and the semantics used
// The edge cases never violate C3 or D3 (no zero integer divisor, no signed MIN / -1): those
// are errors, not outputs. With Semantics::openvino_pythondiv the expected outputs are floored
// integer quotients: the model's doc_string and cases.json say NON-PROFILE.
#ifndef SONNX_IO_GOLDEN_HPP
#define SONNX_IO_GOLDEN_HPP

#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sonnx::io {

// One element pair as bit patterns of the type (two's complement for integers, zero-extended).
struct GoldenCase {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  std::string note;
};

inline constexpr std::int64_t golden_set_length = 8;  // elements per test_data_set

// The edge cases of a type, in data-set order (before padding the last set with 1 / 1).
std::vector<GoldenCase> golden_cases(DataType type);

// model.onnx of the golden layout: one Div node, opset 14, inputs and output of the given type
// and shape [length].
std::string golden_model(DataType type, std::int64_t length, std::string_view doc_string);

// The same single-node Div model with any static shapes for x, y and z (golden_model uses [length]
// for all three; the conformance campaign also builds a broadcasting model that check-model must
// reject).
std::string div_model(DataType type, std::span<const std::int64_t> x_shape,
                      std::span<const std::int64_t> y_shape, std::span<const std::int64_t> z_shape,
                      std::string_view doc_string);

struct GoldenSummary {
  std::size_t cases = 0;      // edge cases (without padding)
  std::size_t data_sets = 0;  // test_data_set_N directories
};

// The expected element of a case: the bits of a / b in `type`, from a reference that shares no
// code with the library (sonnx_verify's golden_reference: the MPFR oracle, exact integers).
using GoldenReference = std::function<std::uint64_t(DataType, std::uint64_t a, std::uint64_t b)>;

// "0x" and the pattern in 2 * size hexadecimal digits, e.g. hex(0xf5, 1) == "0xf5".
std::string hex(std::uint64_t bits, std::size_t size);

// The NaN rule of every golden comparison (docs/spec-defects.md SD-9): true when `actual` matches
// `expected` (bit patterns of `type`): two quiet NaNs match whatever their signs and payloads, a
// signaling NaN matches only itself, anything else bit for bit.
bool golden_matches(DataType type, std::uint64_t expected, std::uint64_t actual) noexcept;

// Writes the layout into `dir`, which must not exist or be empty; built in a temporary sibling
// directory and renamed into place, so that on failure nothing is left behind. The expected
// outputs are the reference's; the library's quotients must match them (NaN rule above), else
// nothing is written and the error names the first differing case.
IoStatus write_golden(const std::filesystem::path& dir, DataType type, Semantics semantics,
                      GoldenSummary& summary, const GoldenReference& reference);

}  // namespace sonnx::io

#endif  // SONNX_IO_GOLDEN_HPP
