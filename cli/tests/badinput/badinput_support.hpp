// Helpers of the bad-input catalogue: a scratch folder, files written byte by byte (a .npy writer
// and TensorProto messages built with protobuf, independent of the tool's own encoders), and a
// runner for the real `sonnx-div` executable that captures exit code, stdout and stderr.
#ifndef SONNX_TESTS_BADINPUT_SUPPORT_HPP
#define SONNX_TESTS_BADINPUT_SUPPORT_HPP

#include <catch2/catch.hpp>

#include <onnx/onnx_pb.h>

#include "tool_run.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

namespace sonnx::badinput {

namespace fs = std::filesystem;
using Bytes = std::string;  // file contents

class Scratch {
 public:
  Scratch() {
    static std::atomic<unsigned> counter{0};
    path_ = fs::temp_directory_path() /
            ("sonnx-badinput-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_ / "work");
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  // Inputs and outputs live in work/.
  [[nodiscard]] fs::path operator/(const std::string& name) const { return path_ / "work" / name; }
  [[nodiscard]] std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path_ / "work")) {
      names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  fs::path path_;
};

inline void write_file(const fs::path& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline Bytes read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

template <typename T>
Bytes le(const std::vector<T>& values) {
  Bytes out(values.size() * sizeof(T), '\0');
  if (!values.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// A .npy file, format version 1.0, as numpy.save writes it: magic, version, header length, the
// header dict padded with spaces to a multiple of 64 bytes and ended by '\n', then the data.
inline Bytes npy(const std::string& descr, const std::string& shape, const Bytes& data,
                 const std::string& fortran = "False") {
  std::string dict =
      "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict += std::string((64 - unpadded % 64) % 64, ' ') + "\n";
  Bytes out = std::string("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(dict.size() & 0xFF);
  out += static_cast<char>(dict.size() >> 8);
  return out + dict + data;
}

inline Bytes serialize(const google::protobuf::MessageLite& message) {
  std::string s;
  REQUIRE(message.SerializeToString(&s));
  return s;
}

// A dense TensorProto with raw_data (what onnx.numpy_helper.from_array writes).
inline onnx::TensorProto proto(int data_type, const std::vector<std::int64_t>& dims,
                               const Bytes& raw) {
  onnx::TensorProto p;
  p.set_name("t");
  p.set_data_type(data_type);
  for (const auto d : dims) p.add_dims(d);
  p.set_raw_data(raw);
  return p;
}

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the real tool with the given arguments (no shell), stdout/stderr captured.
inline CliResult run_cli(const Scratch&, const std::vector<std::string>& args) {
  const test::ToolRun r = test::run_tool(SONNX_DIV_EXE, args);
  return {r.code, r.out, r.err};
}

// Exit codes of docs/cli.md: 1 profile/validation violation, 2 usage, 3 I/O or malformed file.
inline constexpr int exit_violation = 1;
inline constexpr int exit_usage = 2;
inline constexpr int exit_io = 3;

// `sonnx-div run A B -o C` on files of the scratch folder.
inline CliResult run_files(const Scratch& s, const std::string& a, const std::string& b,
                           const std::string& c) {
  return run_cli(s, {"run", (s / a).string(), (s / b).string(), "-o", (s / c).string()});
}

// `sonnx-div run a.npy b.npy -o c.npy`, which must succeed; the bytes of c.npy.
inline Bytes run_npy_files_ok(const Scratch& s) {
  const CliResult r = run_files(s, "a.npy", "b.npy", "c.npy");
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return read_file(s / "c.npy");
}

// `sonnx-div run A B -o C` must fail with the exit code and the requirement ID, write no output
// (no C, no temporary file left in the folder) and leave the inputs byte for byte unchanged.
inline CliResult expect_run_rejected(const Scratch& s, const std::string& a, const std::string& b,
                                     const std::string& c, int exit_code, const std::string& id) {
  std::map<std::string, Bytes> before;
  for (const auto& name : s.entries()) {
    if (fs::is_regular_file(s / name)) before[name] = read_file(s / name);
  }
  const std::vector<std::string> names_before = s.entries();
  const CliResult r = run_files(s, a, b, c);
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == exit_code);
  CHECK_THAT(r.err, Catch::Contains("error: " + id + ": "));
  CHECK_FALSE(fs::exists(s / c));
  CHECK(s.entries() == names_before);
  for (const auto& [name, bytes] : before) {
    CHECK(read_file(s / name) == bytes);
  }
  return r;
}

}  // namespace sonnx::badinput

#endif  // SONNX_TESTS_BADINPUT_SUPPORT_HPP
