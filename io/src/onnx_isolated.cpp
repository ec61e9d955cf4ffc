// ONNX's shape inference and checker in a child process (check-model, T3, T6).
#include "onnx_isolated.hpp"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <sonnx/process/process.hpp>

namespace sonnx::io::model {
namespace {

// ONNX's per-operator inference functions are not robust against malformed nodes (a GRU node
// without its weight inputs dereferences a missing type), so inference and ONNX's checker run in
// a child process: a crash, an exception or a hang there costs their answers, never the check.
// The child writes up to two sections, each a tag byte, an 8-byte length and that many bytes:
// the inferred model ('M') or the inference error ('E'), then the checker's acceptance ('A') or
// rejection ('R', with ONNX's message). A section that never arrives is a failure.
constexpr unsigned inference_time_limit_s = 30;
constexpr unsigned body_build_time_limit_s = 10;

bool write_all(int out, const char* data, std::size_t size) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::write(out, data + done, size - done);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool write_section(int out, char tag, const std::string& message) {
  char header[9];
  header[0] = tag;
  std::uint64_t size = message.size();
  for (int k = 0; k < 8; ++k) {
    header[1 + k] = static_cast<char>(size & 0xFFU);
    size >>= 8U;
  }
  return write_all(out, header, sizeof header) && write_all(out, message.data(), message.size());
}

// In a child: a crash ends it by its signal, not through a handler the parent installed.
void die_by_crash_signals() {
  for (const int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
    std::signal(signal_number, SIG_DFL);
  }
}

// The child's work (sonnx::process::run_function runs it in a forked copy of the tool and kills it
// at the time limit): its exit status is 0 when every section was written.
int run_inference_child(const onnx::ModelProto* to_infer, const onnx::ModelProto* to_check,
                        int out) {
  die_by_crash_signals();
  bool written = true;
  if (to_infer != nullptr) {
    onnx::ModelProto inferred = *to_infer;
    std::string message;
    char tag = 'M';
    try {
      // check_type off, error_mode 0 (infer what can be inferred, skip the rest), no data
      // propagation: inference may only add facts, never reject a model the checker judges.
      onnx::ShapeInferenceOptions inference{false, 0, false};
      onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(), inference);
      message = inferred.SerializeAsString();
    } catch (const std::exception& e) {
      tag = 'E';
      message = e.what();
    }
    written = write_section(out, tag, message);
  }
  if (to_check != nullptr && written) {
    onnx::ModelProto model = *to_check;
    char tag = 'A';
    std::string message;
    try {
      // onnx.checker.check_model(model, full_check=True) of ONNX 1.12: the checker, then shape
      // inference with type checks (check_type) in strict mode (error_mode 1), no data
      // propagation.
      onnx::checker::check_model(model);
      onnx::ShapeInferenceOptions strict{true, 1, false};
      onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), strict);
    } catch (const std::exception& e) {
      tag = 'R';
      message = e.what();
    }
    written = write_section(out, tag, message);
  }
  return written ? 0 : 1;
}

// How a child that gave no complete answer ended ("" when it ended well).
std::string child_failure(const process::Result& run, unsigned limit_s) {
  if (run.timed_out) return "stopped after " + std::to_string(limit_s) + " s";
  if (run.status && run.status->kind == process::ExitStatus::Kind::signalled)
    return "crashed (signal " + std::to_string(run.status->number) + ")";
  if (!run.success()) return "failed without a result";
  return "";
}

// Reads one section at `offset` of the child's output; nullopt when it is incomplete.
std::optional<std::pair<char, std::string>> read_section(const std::string& received,
                                                         std::size_t& offset) {
  if (received.size() - offset < 9) return std::nullopt;
  std::uint64_t size = 0;
  for (int k = 7; k >= 0; --k) {
    size = (size << 8U) |
           static_cast<unsigned char>(received[offset + 1 + static_cast<std::size_t>(k)]);
  }
  if (size > received.size() - offset - 9) return std::nullopt;
  std::pair<char, std::string> section{received[offset], received.substr(offset + 9, size)};
  offset += 9 + size;
  return section;
}

}  // namespace

InferenceOutcome run_onnx_isolated(const onnx::ModelProto* to_infer,
                                   const onnx::ModelProto* to_check) {
  const bool infer = to_infer != nullptr;
  const bool check = to_check != nullptr;
  InferenceOutcome outcome;
  const process::Result run =
      process::run_function([&](int out) { return run_inference_child(to_infer, to_check, out); },
                            process::Seconds(inference_time_limit_s));
  if (!run.error.empty()) {
    outcome.note = "ONNX shape inference not run: " + run.error;
    if (check) outcome.check = OnnxCheck::failed;
    outcome.check_message = run.error;
    return outcome;
  }
  const std::string& received = run.out;
  const std::string failure = child_failure(run, inference_time_limit_s);
  std::size_t offset = 0;
  if (infer) {
    const auto section = read_section(received, offset);
    if (!section) {
      outcome.note = "ONNX shape inference " +
                     (failure.empty() ? "failed without a result" : failure) +
                     "; inferred facts not used";
    } else if (section->first == 'E') {
      outcome.note = "ONNX shape inference failed: " + section->second;
    } else {
      onnx::ModelProto inferred;
      if (section->second.size() <= static_cast<std::size_t>(INT32_MAX) &&
          inferred.ParseFromArray(section->second.data(),
                                  static_cast<int>(section->second.size()))) {
        outcome.model = std::move(inferred);
      } else {
        outcome.note = "ONNX shape inference returned an unreadable model; inferred facts not used";
      }
    }
  }
  if (check) {
    const auto section = read_section(received, offset);
    if (!section) {
      outcome.check = OnnxCheck::failed;
      outcome.check_message = failure.empty() ? "failed without a result" : failure;
    } else if (section->first == 'A') {
      outcome.check = OnnxCheck::accepted;
    } else {
      outcome.check = OnnxCheck::rejected;
      outcome.check_message = section->second;
    }
  }
  return outcome;
}

std::optional<onnx::FunctionProto> build_function_body_isolated(
    const onnx::OpSchema& schema, const onnx::NodeProto& node,
    const std::vector<onnx::TypeProto>& input_types, std::string& failure) {
  const process::Result run = process::run_function(
      [&](int out) {
        die_by_crash_signals();
        onnx::FunctionProto body;
        try {
          const onnx::FunctionBodyBuildContextImpl context(node, input_types);
          if (!schema.BuildContextDependentFunction(context, body)) {
            return write_section(out, 'E', "the builder refused") ? 0 : 1;
          }
        } catch (const std::exception& e) {
          return write_section(out, 'E', e.what()) ? 0 : 1;
        }
        return write_section(out, 'F', body.SerializeAsString()) ? 0 : 1;
      },
      process::Seconds(body_build_time_limit_s));
  if (!run.error.empty()) {
    failure = "not run: " + run.error;
    return std::nullopt;
  }
  std::size_t offset = 0;
  const auto section = read_section(run.out, offset);
  if (!section) {
    const std::string ended = child_failure(run, body_build_time_limit_s);
    failure = ended.empty() ? "failed without a result" : ended;
    return std::nullopt;
  }
  if (section->first != 'F') {
    failure = "failed: " + section->second;
    return std::nullopt;
  }
  onnx::FunctionProto body;
  if (section->second.size() > static_cast<std::size_t>(INT32_MAX) ||
      !body.ParseFromArray(section->second.data(), static_cast<int>(section->second.size()))) {
    failure = "returned an unreadable body";
    return std::nullopt;
  }
  return body;
}

}  // namespace sonnx::io::model
