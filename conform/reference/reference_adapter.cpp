// Reference adapter of the conformance campaign (protocol: docs/conformance.md): the checked
// library itself behind the adapter protocol, so that a campaign against it must find nothing.
// With --fault it becomes a deliberately wrong runtime that the campaign must catch:
//   floor             integer quotients floored instead of truncated (I1)
//   bf16-truncate     bfloat16 quotients computed in float32 and truncated, not rounded (F2)
//   flush-subnormals  subnormal float quotients flushed to a signed zero (F1, F2)
//   crash             abort() instead of reporting an integer domain error (C3, D3)
//   hang              sleep instead of reporting an integer domain error (C3, D3)
//   silent            write a zero where an integer domain error is due (C3, D3)
//   no-bfloat16       refuse bfloat16 models (UNSUPPORTED), like a runtime without the kernel
#include <unistd.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using sonnx::DataType;
namespace io = sonnx::io;

bool is_subnormal(DataType type, std::uint64_t bits) {
  switch (type) {
    case DataType::float16:
      return (bits & 0x7C00) == 0 && (bits & 0x3FF) != 0;
    case DataType::bfloat16:
      return (bits & 0x7F80) == 0 && (bits & 0x7F) != 0;
    case DataType::float32:
      return (bits & 0x7F800000) == 0 && (bits & 0x7FFFFF) != 0;
    case DataType::float64:
      return (bits & 0x7FF0000000000000) == 0 && (bits & 0xFFFFFFFFFFFFF) != 0;
    default:
      return false;
  }
}

float bf16_value(std::uint16_t bits) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

// Applies a value fault to a correct quotient c of a / b.
void apply_fault(const std::string& fault, const io::OwnedTensor& a, const io::OwnedTensor& b,
                 io::OwnedTensor& c) {
  const std::size_t size = sonnx::element_size(c.type);
  const std::size_t n = c.element_count();
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, c.bytes.data() + i * size, size);
    if (fault == "flush-subnormals" && is_subnormal(c.type, bits)) {
      bits &= std::uint64_t{1} << (8 * size - 1);  // keep the sign
    } else if (fault == "bf16-truncate" && c.type == DataType::bfloat16) {
      std::uint16_t x = 0;
      std::uint16_t y = 0;
      std::memcpy(&x, a.bytes.data() + i * 2, 2);
      std::memcpy(&y, b.bytes.data() + i * 2, 2);
      const float q = bf16_value(x) / bf16_value(y);
      bits = q != q ? 0x7FC0 : std::bit_cast<std::uint32_t>(q) >> 16;
    }
    std::memcpy(c.bytes.data() + i * size, &bits, size);
  }
}

std::string answer(const std::string& fault, const std::vector<std::string>& words) {
  const io::ReadResult a = io::read_tensor_file(words[2]);
  if (!a.ok()) return "ERROR " + a.status.message;
  const io::ReadResult b = io::read_tensor_file(words[3]);
  if (!b.ok()) return "ERROR " + b.status.message;
  if (fault == "no-bfloat16" && a.tensor.type == DataType::bfloat16) {
    return "UNSUPPORTED no bfloat16 Div kernel";
  }
  const io::Semantics semantics =
      fault == "floor" ? io::Semantics::openvino_pythondiv : io::Semantics::sonnx;
  io::DivideResult c = io::divide(a.tensor, b.tensor, semantics);
  if (!c.status.ok()) {
    if (fault == "crash") std::abort();
    if (fault == "hang") {
      for (;;) ::pause();
    }
    if (fault != "silent") return "ERROR " + std::string(c.status.message());
    c.c = a.tensor;
    std::fill(c.c.bytes.begin(), c.c.bytes.end(), 0);
  }
  apply_fault(fault, a.tensor, b.tensor, c.c);
  const io::IoStatus written = io::write_tensor_file(words[4], c.c, "z");
  return written.ok() ? "OK" : "ERROR " + written.message;
}

}  // namespace

int main(int argc, char** argv) {
  std::string fault;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--fault" && i + 1 < argc) {
      fault = argv[++i];
    } else {
      std::cerr << "usage: sonnx-reference-adapter [--fault floor|bf16-truncate|flush-subnormals|"
                   "crash|hang|silent|no-bfloat16]\n";
      return 2;
    }
  }
  std::cout << "READY " << (fault.empty() ? "sonnx-reference" : "sonnx-reference-fault-" + fault)
            << " 1" << std::endl;
  for (std::string line; std::getline(std::cin, line);) {
    std::vector<std::string> words;
    std::stringstream in(line);
    for (std::string word; std::getline(in, word, '\t');) words.push_back(word);
    if (!words.empty() && words[0] == "QUIT") break;
    if (words.size() != 5 || words[0] != "RUN") {
      std::cout << "ERROR adapter: bad request" << std::endl;
      continue;
    }
    std::cout << answer(fault, words) << std::endl;
  }
  return 0;
}
