// sonnx_io: owning tensors and the two tensor file formats of the sonnx-div tool (T1):
// ONNX TensorProto (.pb) and NumPy (.npy). Readers never trust a header: every size is checked
// against the bytes actually present before anything is allocated, and every failure is a status
// that names a requirement ID, never an exception or a crash.
#ifndef SONNX_IO_TENSOR_IO_HPP
#define SONNX_IO_TENSOR_IO_HPP

#include <sonnx/tensor.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sonnx::io {

// What went wrong, which decides the tool's exit status (docs/cli.md):
//   io      the file system refused (missing file, unreadable, unwritable)      -> exit 3
//   format  the bytes are not a valid tensor file of the claimed format (T1)    -> exit 3
//   profile the file is well formed but outside the SONNX profile (R2, R3, D8)  -> exit 1
enum class IoErrorKind : std::uint8_t { none, io, format, profile };

struct IoStatus {
  IoErrorKind kind = IoErrorKind::none;
  std::string requirement;  // violated requirement ID ("" when ok); T1 when no other applies
  std::string message;      // "<ID>: <what>", names the file when one is involved

  [[nodiscard]] bool ok() const noexcept { return kind == IoErrorKind::none; }
  static IoStatus failure(IoErrorKind kind, std::string requirement, const std::string& what);
};

// A type's ONNX name as the tools' messages write it (data_type_name), "unknown(<code>)" for a
// code outside the enumeration.
std::string data_type_text(DataType type);

// "[3, 4, 5]": a shape as the tools' messages write it.
std::string shape_to_string(std::span<const std::int64_t> shape);

// The element `flat` of a tensor of `shape` as a row-major multi-index (sonnx::multi_index).
std::vector<std::int64_t> multi_index_of(std::span<const std::int64_t> shape, std::size_t flat);

// A dense tensor that owns its elements: little-endian element bytes in row-major (C) order.
struct OwnedTensor {
  DataType type = DataType::undefined;
  std::vector<std::int64_t> shape;
  std::vector<unsigned char> bytes;

  [[nodiscard]] std::size_t element_count() const noexcept;  // 0 for a non-profile type
  [[nodiscard]] TensorView view() const noexcept;
  [[nodiscard]] MutableTensorView mutable_view() noexcept;
};

struct ReadResult {
  IoStatus status;
  OwnedTensor tensor;  // meaningful only when status.ok()
  [[nodiscard]] bool ok() const noexcept { return status.ok(); }
};

// Profile type names as ONNX spells them ("float16", "bfloat16", "float", "double", "int8", ...),
// plus "float32" and "float64"; nullopt for any other name.
std::optional<DataType> parse_type_name(std::string_view name) noexcept;

enum class TensorFormat : std::uint8_t { onnx_pb, npy };

// ".pb" -> onnx_pb, ".npy" -> npy (case-sensitive, as ONNX and NumPy write them); else nullopt.
std::optional<TensorFormat> format_from_path(const std::filesystem::path& path);
std::string_view format_name(TensorFormat format) noexcept;

// How a TensorProto carries its elements. raw_data is what onnx.numpy_helper.from_array writes;
// typed_fields is what onnx.helper.make_tensor(..., raw=False) writes: float_data (float32),
// double_data (float64), int64_data (int64), uint64_data (uint32, uint64) and int32_data for
// int32, int8, int16, uint8, uint16 and the bit patterns of float16 and bfloat16.
enum class ProtoEncoding : std::uint8_t { raw_data, typed_fields };

// Byte decoders; `origin` names the source in messages (usually the file name).
ReadResult decode_tensor_proto(std::span<const unsigned char> bytes, std::string_view origin);
ReadResult decode_npy(std::span<const unsigned char> bytes, std::string_view origin);

// Encoders. The tensor must have a profile type and a consistent byte count (checked: a status
// names D8/R3 otherwise). encode_npy writes format version 1.0 (2.0 when the header needs it).
IoStatus encode_tensor_proto(const OwnedTensor& tensor, std::string_view name,
                             ProtoEncoding encoding, std::string& out);
IoStatus encode_npy(const OwnedTensor& tensor, std::string& out);

// Largest file the tool reads (protobuf's own limit on a message is 2 GiB - 1).
inline constexpr std::uintmax_t max_file_bytes = 0x7FFFFFFF;

// Whole-file read (regular files only, at most max_file_bytes).
IoStatus read_file_bytes(const std::filesystem::path& path, std::vector<unsigned char>& out);
// Why no file can be written at `path`, known before anything is tried (so that a run of minutes or
// hours is refused at once, not at its end): `path` names a folder (its last component is empty,
// "." or ".."), is an existing folder or another file that is not a regular one (a FIFO, a device),
// or its folder is missing or not a folder (no folder is created for an output). Callers word it.
enum class OutputPathProblem : unsigned char {
  none,
  names_folder,
  existing_folder,
  not_regular_file,
  folder_missing,
  folder_not_folder
};
OutputPathProblem output_path_problem(const std::filesystem::path& path);

// T2: writes through a temporary file in the same directory, then renames it over `path`.
// On any failure the temporary is removed and `path` is untouched (absent if it was absent).
IoStatus write_file_atomic(const std::filesystem::path& path, std::span<const unsigned char> bytes);
// The same for text (a model, a JSON record): its bytes as they are.
IoStatus write_file_atomic(const std::filesystem::path& path, std::string_view text);

// Reads a tensor file, the format chosen by the extension.
ReadResult read_tensor_file(const std::filesystem::path& path);
// Writes a tensor file atomically (T2), the format chosen by the extension.
IoStatus write_tensor_file(const std::filesystem::path& path, const OwnedTensor& tensor,
                           std::string_view proto_name = "C",
                           ProtoEncoding encoding = ProtoEncoding::raw_data);

}  // namespace sonnx::io

#endif  // SONNX_IO_TENSOR_IO_HPP
