// onnxruntime's Div as a peer of the checked API in the benchmark (docs/performance.md): kernel to
// kernel, onnxruntime's time being what its own profiler reports for the nodes of a run (the Node
// binding's tensor copies are outside it), one thread each, the same operands, in interleaved
// rounds. A measurement, never a verdict: nothing here fails on a ratio.
#ifndef SONNX_BENCH_ONNXRUNTIME_PEER_HPP
#define SONNX_BENCH_ONNXRUNTIME_PEER_HPP

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <sonnx/tensor.hpp>
#include <string>
#include <vector>

namespace sonnx::bench {

// One type at one size: the operands and output buffer the checked API works on.
struct PeerCase {
  std::string name;  // "float16", ...
  DataType type = DataType::undefined;
  std::int64_t n = 0;
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  std::function<void()> bound;  // one pass of the streaming bound over the same number of bytes
};

struct PeerResult {
  // measured; unsupported (onnxruntime refuses the model); error; not installed
  std::string status;
  std::string detail;        // the operators of a run ("Cast+Cast+Div+Cast"), or why not
  double checked_s = 0;      // the checked API, seconds per call (best round's mean)
  double onnxruntime_s = 0;  // onnxruntime's kernels, seconds per run (best round's mean)
  double bound_s = 0;        // the streaming bound, seconds per pass (best round's mean)
};

class OnnxruntimePeer {
 public:
  // command: node and conform/onnxruntime/profile_div.js; installed: whether the runtime is there.
  OnnxruntimePeer(std::vector<std::string> command, bool installed);
  ~OnnxruntimePeer();
  OnnxruntimePeer(const OnnxruntimePeer&) = delete;
  OnnxruntimePeer& operator=(const OnnxruntimePeer&) = delete;

  // "onnxruntime <version>", or why there is none.
  [[nodiscard]] const std::string& runtime() const { return runtime_; }
  // `rounds` rounds, each timing the checked API, the streaming bound and onnxruntime's kernels on
  // the same operands: the three figures of a round are taken moments apart.
  PeerResult measure(const PeerCase& c, int rounds);

 private:
  struct State;
  std::unique_ptr<State> state_;
  std::string runtime_;
};

}  // namespace sonnx::bench

#endif  // SONNX_BENCH_ONNXRUNTIME_PEER_HPP
