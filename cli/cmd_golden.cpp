// sonnx-div golden --type T --out DIR: ONNX backend-layout conformance cases (T4, T5).
#include <memory>
#include <sonnx/io/golden.hpp>
#include <sonnx_verify/golden_reference.hpp>
#include <string>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

struct GoldenOptions {
  std::string type;
  std::string out;
  std::string semantics = "sonnx";
  bool json = false;
};

int golden(const CLI::App& sub, const GoldenOptions& o) {
  int code = exit_ok;
  if (reject_extras(sub, o.json, code)) return code;
  const auto type = io::parse_type_name(o.type);
  if (!type) {
    return usage_error(o.json,
                       "--type must be one of float16 bfloat16 float32 float64 int8 int16 "
                       "int32 int64 uint8 uint16 uint32 uint64 (got '" +
                           o.type + "')");
  }
  if (o.out.empty()) return usage_error(o.json, "golden needs --out DIR");
  const auto semantics = parse_semantics_option(o.json, o.semantics, code);
  if (!semantics) return code;
  const bool profile = io::is_profile(*semantics);
  if (!profile && !o.json) {
    std::cerr
        << "sonnx-div: warning: --semantics openvino-pythondiv is outside the SONNX profile "
           "(T5): the expected outputs floor integer quotients and are NOT ONNX Div results\n";
  }
  io::GoldenSummary summary;
  // The expected outputs come from the MPFR oracle and exact integer arithmetic, not the library.
  const io::IoStatus status = io::write_golden(o.out, *type, *semantics, summary,
                                               [&](DataType t, std::uint64_t a, std::uint64_t b) {
                                                 return verify::golden_reference(t, !profile, a, b);
                                               });
  if (!status.ok()) {
    return report_io_error(o.json, status);
  }
  if (o.json) {
    nlohmann::json out = ok_report(exit_ok);
    out["out"] = o.out;
    out["type"] = data_type_name(*type);
    out["semantics"] = o.semantics;
    out["profile"] = profile;
    out["cases"] = summary.cases;
    out["data_sets"] = summary.data_sets;
    out["elements_per_set"] = io::golden_set_length;
    std::cout << json_text(out) << '\n';
  } else {
    std::cout << (profile ? "" : "NON-PROFILE (openvino-pythondiv): ") << "wrote " << o.out << ": "
              << summary.cases << " " << data_type_name(*type) << " cases in " << summary.data_sets
              << " test_data_set(s) of " << io::golden_set_length << " elements, semantics "
              << o.semantics << '\n';
  }
  return exit_ok;
}

void add_golden_command(CLI::App& app, int& exit_code) {
  add_guarded_command<GoldenOptions>(
      app, exit_code, "golden",
      "Write ONNX backend-layout conformance cases for one element type: DIR/model.onnx (one Div "
      "node, opset 14), DIR/test_data_set_N/{input_0,input_1,output_0}.pb and DIR/cases.json. "
      "Expected outputs come from the MPFR oracle (floats) and exact integer arithmetic, and the "
      "checked library must match them (a quiet NaN matches any quiet NaN, a signaling NaN only "
      "itself, every other result bit for bit). "
      "DIR must not exist or be empty.\n"
      "Exit codes: 0 ok, 1 validation violation, 2 usage, 3 file I/O (T4).",
      "machine-readable summary on stdout", "T4",
      [](CLI::App& sub, GoldenOptions& options) {
        sub.add_option("--type", options.type, "element type (float16, bfloat16, float32, ...)");
        sub.add_option("--out", options.out, "output directory");
        add_semantics_option(sub, options.semantics);
      },
      golden);
}

const CommandRegistration golden_registration{"golden", add_golden_command};

}  // namespace
}  // namespace sonnx::cli
