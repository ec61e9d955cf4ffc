// The conformance campaign (docs/conformance.md): single-node Div models run through an ONNX
// runtime behind an adapter process, every output element compared bit for bit with the checked
// library (two quiet NaNs match, a signaling NaN only itself: SD-9). A crash, a signal or a
// timeout of the runtime is a finding; the adapter is restarted and the campaign goes on. The
// result is a report (JSON) and a reproducer directory beside it.
#ifndef SONNX_CONFORM_CAMPAIGN_HPP
#define SONNX_CONFORM_CAMPAIGN_HPP

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <sonnx/tensor.hpp>
#include <string>
#include <vector>

namespace sonnx::conform {

struct Options {
  std::vector<std::string> adapter;  // the adapter command and its arguments
  std::filesystem::path report;    // results JSON; reproducers go to <stem>-reproducers/ beside it
  std::vector<DataType> types;     // in campaign order
  std::filesystem::path work_dir;  // request files; empty: a temporary directory
  bool short_campaign = false;     // no 16-bit sweeps, 1024 random pairs by default
  std::int64_t random_pairs = -1;  // per 32/64-bit type; -1: 2^22 (full) or 1024 (short)
  // float16 and bfloat16: this many seeded random pairs per type instead of all 2^32 (an emulated
  // target cannot run the sweep); -1: the sweep (full) or none (short).
  std::int64_t sample_16bit = -1;
  std::uint64_t seed = 20240611;
  std::size_t chunk = std::size_t{1} << 24;  // elements per sweep request: a power of two >= 2^16
  double timeout = 60;                       // seconds per request, plus 1 s per 10^6 elements
  std::size_t max_reproducers = 5;           // listed findings per type, requirement and kind
  nlohmann::json target;  // what ran where (target, compiler, flags, emulator): the report's
                          // "target" when it is an object
};

struct Outcome {
  enum class Verdict : std::uint8_t {
    conforms,    // no finding at all
    findings,    // the report lists what the runtime got wrong
    malfunction  // the campaign itself failed (adapter start, protocol, I/O): no report
  };
  Verdict verdict = Verdict::malfunction;
  std::string message;  // malfunction: what failed (and where the adapter's log was kept)
  std::uint64_t findings = 0;
  std::string runtime;           // "<name> <version>" as the adapter announced it
  std::filesystem::path report;  // absolute
};

// A progress line; `final` lines are kept, the others may be overwritten by the next.
using Progress = std::function<void(const std::string& line, bool final)>;

// Runs the campaign. On a malfunction the adapter's standard error, when it wrote any, is kept as
// <report stem>-adapter.log beside the report (the work directory is removed) and the message
// names that file. request_stop() (adapter.hpp) ends the campaign as a malfunction.
Outcome run_campaign(const Options& options, const Progress& progress);

// The adapter log kept beside a report on a malfunction.
std::filesystem::path kept_adapter_log(const std::filesystem::path& report);

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_CAMPAIGN_HPP
