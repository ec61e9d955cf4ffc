// Helpers for the sonnx_io and CLI tests: scratch directories, raw bytes, typed tensors.
#ifndef SONNX_TESTS_IO_TEST_SUPPORT_HPP
#define SONNX_TESTS_IO_TEST_SUPPORT_HPP

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sonnx/io/tensor_io.hpp>
#include <span>
#include <string>
#include <vector>

namespace sonnx::test {

// A fresh directory under the system temporary directory, removed with its contents at scope end.
class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<unsigned> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("sonnx-io-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  [[nodiscard]] std::filesystem::path operator/(const std::string& name) const {
    return path_ / name;
  }
  // Names of the entries of the directory (to check that no temporary file is left behind).
  [[nodiscard]] std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(path_)) {
      names.push_back(e.path().filename().string());
    }
    return names;
  }

 private:
  std::filesystem::path path_;
};

using Bytes = std::vector<unsigned char>;

inline Bytes bytes_of(const std::string& text) { return Bytes(text.begin(), text.end()); }

inline void write_bytes(const std::filesystem::path& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

inline Bytes read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Little-endian bytes of a list of values of one C++ type.
template <typename T>
Bytes le_bytes(const std::vector<T>& values) {
  Bytes out(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

template <typename T>
io::OwnedTensor tensor_of(DataType type, std::vector<std::int64_t> shape,
                          const std::vector<T>& values) {
  return io::OwnedTensor{type, std::move(shape), le_bytes(values)};
}

template <typename T>
std::vector<T> values_in(const io::OwnedTensor& tensor) {
  std::vector<T> out(tensor.bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), tensor.bytes.data(), tensor.bytes.size());
  return out;
}

// 2^31 bytes of reserved, read-only, never-touched address space: a span one byte above the
// 2 GiB - 1 protobuf limit that costs no memory (readers must refuse it on its size alone).
class HugeRegion {
 public:
  HugeRegion()
      : data_(
            ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) {}
  ~HugeRegion() {
    if (data_ != MAP_FAILED) ::munmap(data_, size);
  }
  HugeRegion(const HugeRegion&) = delete;
  HugeRegion& operator=(const HugeRegion&) = delete;
  [[nodiscard]] bool ok() const { return data_ != MAP_FAILED; }
  [[nodiscard]] std::span<const unsigned char> bytes() const {
    return {static_cast<const unsigned char*>(data_), size};
  }
  static constexpr std::size_t size = std::size_t{1} << 31;

 private:
  void* data_;
};

// A reader given a HugeRegion refuses it as a malformed file (T1) on its size alone; `read` maps
// the bytes to a result with a status (a tensor file's, a model's).
template <typename Read>
void check_huge_region_refused(Read read) {
  const HugeRegion region;
  REQUIRE(region.ok());
  const io::IoStatus status = read(region.bytes()).status;
  CHECK(status.requirement == "T1");
  CHECK(status.kind == io::IoErrorKind::format);
}

// Folder of ONNX's backend node tests, found at configure time ("" when absent).
inline std::filesystem::path onnx_node_data() { return SONNX_ONNX_NODE_DATA; }

// Folder of one ONNX backend node test; the test fails when the test data is not installed.
inline std::filesystem::path node_case(const std::string& name) {
  const std::filesystem::path root = onnx_node_data();
  if (root.empty() || !std::filesystem::exists(root / name / "model.onnx")) {
    FAIL("ONNX backend test data not found (" << root / name
                                              << "); install the Debian package libonnx-testdata");
  }
  return root / name;
}

// A tensor file that must read without error.
// Reads `path` back and requires the tensor `written` (type, shape and every byte).
inline void require_reads_back(const std::filesystem::path& path, const io::OwnedTensor& written) {
  const io::ReadResult r = io::read_tensor_file(path);
  INFO(r.status.message);
  REQUIRE(r.ok());
  CHECK(r.tensor.type == written.type);
  CHECK(r.tensor.shape == written.shape);
  CHECK(r.tensor.bytes == written.bytes);
}

inline io::OwnedTensor load_tensor(const std::filesystem::path& path) {
  const io::ReadResult r = io::read_tensor_file(path);
  INFO(r.status.message);
  REQUIRE(r.ok());
  return r.tensor;
}

// The twelve numeric element types of the SONNX profile (R3).
inline constexpr DataType profile_types[] = {
    DataType::float16, DataType::bfloat16, DataType::float32, DataType::float64,
    DataType::int8,    DataType::int16,    DataType::int32,   DataType::int64,
    DataType::uint8,   DataType::uint16,   DataType::uint32,  DataType::uint64};

}  // namespace sonnx::test

#endif  // SONNX_TESTS_IO_TEST_SUPPORT_HPP
