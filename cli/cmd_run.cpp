// sonnx-div run A B -o C: divide two tensor files, write the quotient atomically (T1, T2, T5).
#include <memory>
#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <string>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

struct RunOptions {
  std::string a;
  std::string b;
  std::string output;
  std::string semantics = "sonnx";
  std::string name = "C";
  std::string encoding = "raw";
  bool json = false;
};

int run(const CLI::App& sub, const RunOptions& o) {
  int code = exit_ok;
  if (reject_extras(sub, o.json, code)) return code;
  if (o.a.empty() || o.b.empty()) return usage_error(o.json, "run needs two input files A and B");
  if (o.output.empty()) return usage_error(o.json, "run needs an output file: -o C");
  const auto semantics = parse_semantics_option(o.json, o.semantics, code);
  if (!semantics) return code;
  if (o.encoding != "raw" && o.encoding != "typed") {
    return usage_error(o.json, "--pb-encoding must be raw or typed");
  }
  const auto fa = io::format_from_path(o.a);
  const auto fb = io::format_from_path(o.b);
  const auto fc = io::format_from_path(o.output);
  if (!fa || !fb || !fc) {
    return usage_error(o.json, "file names must end in .pb (ONNX TensorProto) or .npy (NumPy)");
  }
  if (*fa != *fc || *fb != *fc) {
    return usage_error(o.json, "A, B and C must use the same format (all .pb or all .npy)");
  }
  // A .npy file has no tensor name and one encoding: options that would be ignored are refused.
  for (const char* pb_only : {"--name", "--pb-encoding"}) {
    if (*fc == io::TensorFormat::npy && sub.count(pb_only) != 0) {
      return usage_error(o.json, std::string(pb_only) + " applies to .pb output only, and C (" +
                                     o.output + ") is .npy");
    }
  }
  const bool profile = io::is_profile(*semantics);
  const std::string label =
      profile ? "" : "NON-PROFILE openvino-pythondiv semantics (integer quotients floored): ";
  if (!profile && !o.json) {
    std::cerr << "sonnx-div: warning: --semantics openvino-pythondiv is outside the SONNX profile "
                 "(T5): integer quotients are floored, not truncated\n";
  }

  const io::ReadResult a = io::read_tensor_file(o.a);
  if (!a.ok()) return report_io_error(o.json, a.status);
  const io::ReadResult b = io::read_tensor_file(o.b);
  if (!b.ok()) return report_io_error(o.json, b.status);

  const io::DivideResult c = io::divide(a.tensor, b.tensor, *semantics);
  if (!c.status.ok()) {
    nlohmann::json extra = nlohmann::json::object();
    if (c.status.flat_index) {
      extra["flat_index"] = *c.status.flat_index;
      extra["multi_index"] = c.multi_index;
    }
    extra["semantics"] = o.semantics;
    return report_error(o.json, exit_violation, std::string(c.status.requirement),
                        label + std::string(c.status.message()), extra);
  }
  const io::IoStatus written = io::write_tensor_file(
      o.output, c.c, o.name,
      o.encoding == "typed" ? io::ProtoEncoding::typed_fields : io::ProtoEncoding::raw_data);
  if (!written.ok()) {
    return report_io_error(o.json, written);
  }
  if (o.json) {
    nlohmann::json out = ok_report(exit_ok);
    out["output"] = o.output;
    out["format"] = std::string(io::format_name(*fc));
    out["type"] = data_type_name(c.c.type);
    out["shape"] = c.c.shape;
    out["elements"] = c.c.element_count();
    out["semantics"] = o.semantics;
    out["profile"] = profile;
    if (!profile) out["label"] = "NON-PROFILE: openvino-pythondiv, integer quotients floored";
    std::cout << json_text(out) << '\n';
  } else {
    std::cout << label << "wrote " << o.output << ": " << data_type_name(c.c.type) << ' '
              << io::shape_to_string(c.c.shape) << " = A / B (semantics " << o.semantics
              << (profile ? ", SONNX profile" : ", NON-PROFILE") << ")\n";
  }
  return exit_ok;
}

void add_run_command(CLI::App& app, int& exit_code) {
  add_guarded_command<RunOptions>(
      app, exit_code, "run",
      "Divide two tensor files element-wise: C = A / B (ONNX TensorProto .pb or NumPy .npy, "
      "chosen by extension; C in the same format, written atomically).\n"
      "Exit codes: 0 ok, 1 profile/validation violation (the message names the requirement ID), "
      "2 usage, 3 file I/O or malformed file (T1, T2).",
      "machine-readable result on stdout", "T1",
      [](CLI::App& sub, RunOptions& options) {
        sub.add_option("A", options.a, "dividend tensor file (.pb or .npy)");
        sub.add_option("B", options.b, "divisor tensor file (.pb or .npy)");
        sub.add_option("-o,--output", options.output, "output tensor file C (same format)");
        add_semantics_option(sub, options.semantics);
        sub.add_option("--name", options.name,
                       "TensorProto name of C in a .pb output (default C; refused for .npy)");
        sub.add_option("--pb-encoding", options.encoding,
                       "raw (raw_data, default) or typed (float_data/int32_data/...) for .pb "
                       "output (refused for .npy)");
      },
      run);
}

const CommandRegistration run_registration{"run", add_run_command};

}  // namespace
}  // namespace sonnx::cli
