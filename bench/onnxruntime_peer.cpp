// onnxruntime's Div as a peer of the checked API (onnxruntime_peer.hpp). The profiler process
// (conform/onnxruntime/profile_div.js) speaks the conformance adapter's line protocol, so the
// campaign's adapter class runs it.
#include "onnxruntime_peer.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <limits>
#include <sonnx/conform/adapter.hpp>
#include <sonnx/div.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <span>
#include <sstream>

namespace sonnx::bench {

namespace fs = std::filesystem;

struct OnnxruntimePeer::State {
  fs::path dir;  // the model and operand files of the current case
  std::unique_ptr<conform::Adapter> profiler;
};

namespace {

constexpr double profiler_timeout_s = 600;

bool write_bytes(const fs::path& path, const void* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
  return static_cast<bool>(out);
}

// A result without figures: why onnxruntime has none for this case.
PeerResult no_figures(std::string status, std::string detail) {
  PeerResult result;
  result.status = std::move(status);
  result.detail = std::move(detail);
  return result;
}

}  // namespace

OnnxruntimePeer::OnnxruntimePeer(std::vector<std::string> command, bool installed)
    : state_(std::make_unique<State>()) {
  if (command.empty() || !installed) {
    runtime_ = "onnxruntime is not installed (scripts/setup.sh installs it)";
    return;
  }
  std::error_code ec;
  std::string pattern = (fs::temp_directory_path(ec) / "sonnx-bench-ort-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    runtime_ = "cannot create a folder for onnxruntime's inputs";
    return;
  }
  state_->dir = pattern;
  state_->profiler =
      std::make_unique<conform::Adapter>(std::move(command), state_->dir / "profiler.log");
  std::string error;
  if (!state_->profiler->start(60, error)) {
    runtime_ = "onnxruntime's profiler did not start: " + error;
    state_->profiler.reset();
    return;
  }
  runtime_ = state_->profiler->name + " " + state_->profiler->version;
}

OnnxruntimePeer::~OnnxruntimePeer() {
  state_->profiler.reset();  // QUIT, then a kill if it does not end
  std::error_code ec;
  if (!state_->dir.empty()) fs::remove_all(state_->dir, ec);
}

PeerResult OnnxruntimePeer::measure(const PeerCase& c, int rounds) {
  PeerResult result;
  conform::Adapter* profiler = state_->profiler.get();
  if (profiler == nullptr) return no_figures("not installed", runtime_);
  std::string error;
  if (!profiler->running() && !profiler->start(60, error)) return no_figures("error", error);
  const fs::path model = state_->dir / "model.onnx";
  const fs::path a = state_->dir / "a.bin";
  const fs::path b = state_->dir / "b.bin";
  const std::string bytes = io::golden_model(c.type, c.n, "sonnx-div benchmark: onnxruntime's Div");
  const std::size_t size = static_cast<std::size_t>(c.n) * element_size(c.type);
  if (!io::write_file_atomic(
           model, std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()))
           .ok() ||
      !write_bytes(a, c.a, size) || !write_bytes(b, c.b, size)) {
    return no_figures("error", "cannot write the model or the operands to " + state_->dir.string());
  }
  // Each round times `calls` calls of the checked API, `calls` passes of the streaming bound and
  // `calls` profiled runs of onnxruntime;
  // a round's figure is the mean per call, the result the best round (interference from other
  // jobs only ever adds time). onnxruntime's profiler reports whole microseconds: the mean over
  // many runs resolves the 10^5-element runs (tens of microseconds) better than one run would.
  const int calls = c.n <= 100000 ? 20 : 3;
  const std::int64_t shape[] = {c.n};
  result.checked_s = result.onnxruntime_s = result.bound_s =
      std::numeric_limits<double>::infinity();
  const auto seconds_since = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  for (int r = 0; r < rounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) {
      const Status status = div({c.type, shape, c.a}, {c.type, shape, c.b}, {c.type, shape, c.c});
      if (!status.ok()) return no_figures("error", std::string(status.message()));
    }
    result.checked_s = std::min(result.checked_s, seconds_since(t0) / calls);
    if (c.bound) {
      t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < calls; ++i) c.bound();
      result.bound_s = std::min(result.bound_s, seconds_since(t0) / calls);
    }
    const conform::Reply reply =
        profiler->request("ROUND\t" + model.string() + "\t" + c.name + "\t" + a.string() + "\t" +
                              b.string() + "\t" + std::to_string(calls),
                          profiler_timeout_s);
    if (reply.kind == conform::Reply::Kind::unsupported)
      return no_figures("unsupported", reply.text);
    if (reply.kind != conform::Reply::Kind::ok) return no_figures("error", reply.text);
    std::istringstream words(reply.text);
    double seconds = 0;
    if (!(words >> seconds >> result.detail) || !(seconds > 0)) {
      return no_figures("error", "unreadable answer: OK " + reply.text);
    }
    result.onnxruntime_s = std::min(result.onnxruntime_s, seconds);
  }
  result.status = "measured";
  return result;
}

}  // namespace sonnx::bench
