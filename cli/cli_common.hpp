// Shared by the run, check-model and golden sub-commands: exit codes and output helpers.
#ifndef SONNX_CLI_CLI_COMMON_HPP
#define SONNX_CLI_CLI_COMMON_HPP

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <vector>

namespace sonnx::cli {

// Exit codes of run, check-model and golden (docs/cli.md).
inline constexpr int exit_ok = 0;         // success; check-model: every Div node inside
inline constexpr int exit_violation = 1;  // profile/validation violation (R*, C*, D*, GR*, T3)
inline constexpr int exit_usage = 2;      // bad arguments
inline constexpr int exit_io = 3;      // file cannot be read/written or is malformed (T1, T2, T4)
inline constexpr int exit_no_div = 4;  // check-model: no Div node in the model (T3)

// Exit code of a failed status (profile: 1; io, format: 3). Callers pass failures only.
inline int exit_code_of(const io::IoStatus& status) {
  return status.kind == io::IoErrorKind::profile ? exit_violation : exit_io;
}

// JSON text for stdout. File names are bytes on Linux and need not be UTF-8: invalid bytes are
// written as U+FFFD instead of making nlohmann::json throw (which turned a successful run into
// "internal error", exit 3).
inline std::string json_text(const nlohmann::json& value) {
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Prints an error: a JSON object on stdout with --json, a line on stderr otherwise.
inline int report_error(bool json, int code, const std::string& requirement,
                        const std::string& message,
                        nlohmann::json extra = nlohmann::json::object()) {
  if (json) {
    nlohmann::json out = std::move(extra);
    out["status"] = "error";
    out["exit_code"] = code;
    out["requirement"] = requirement;
    out["message"] = message;
    std::cout << json_text(out) << '\n';
  } else {
    std::cerr << "sonnx-div: error: " << message << '\n';
  }
  return code;
}

// The error of a failed file operation: its exit code, requirement and message.
inline int report_io_error(bool json, const io::IoStatus& status) {
  return report_error(json, exit_code_of(status), status.requirement, status.message);
}

// The start of a successful machine-readable result.
inline nlohmann::json ok_report(int code) { return {{"status", "ok"}, {"exit_code", code}}; }

inline int usage_error(bool json, const std::string& message) {
  return report_error(json, exit_usage, "", "usage: " + message);
}

// --semantics (run, golden), declared once: the profile's Div, or OpenVINO's floored one (T5).
inline void add_semantics_option(CLI::App& sub, std::string& semantics) {
  sub.add_option("--semantics", semantics,
                 "sonnx (default, the profile) or openvino-pythondiv (NON-PROFILE: floored "
                 "integer quotients, as OpenVINO Divide-1 m_pythondiv=true)");
}

// The value of --semantics (run, golden); nothing after a usage error, its exit code in exit_code.
inline std::optional<io::Semantics> parse_semantics_option(bool json, const std::string& text,
                                                           int& exit_code) {
  const auto semantics = io::parse_semantics(text);
  if (!semantics)
    exit_code =
        usage_error(json, "--semantics must be sonnx or openvino-pythondiv, not '" + text + "'");
  return semantics;
}

// Unparsed words left by CLI11 (sub-commands allow extras so that they report usage errors with
// exit code 2 themselves).
inline bool reject_extras(const CLI::App& sub, bool json, int& exit_code) {
  const std::vector<std::string> extra = sub.remaining();
  if (extra.empty()) return false;
  std::string text;
  for (const auto& word : extra) text += (text.empty() ? "" : " ") + word;
  exit_code = usage_error(json, "unexpected argument(s): " + text + " (see --help)");
  return true;
}

// Runs a sub-command body; an exception escaping it (only std::bad_alloc or a library error is
// left once the bodies report every file and usage error themselves) becomes an error report with
// exit code 3 instead of terminating the process.
template <typename Body>
int run_guarded(bool json, const char* requirement, Body body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return report_error(json, exit_io, requirement, std::string("internal error: ") + e.what());
  }
}

// Adds a sub-command whose options are one Options object with a `json` member: declare(sub,
// options) adds its options, then --json; the callback runs the command's function body(sub,
// options) under run_guarded, which names `requirement` for an unexpected failure. Unparsed words
// are kept, so that the body reports them as usage errors itself (reject_extras).
template <typename Options, typename Declare, typename Body>
void add_guarded_command(CLI::App& app, int& exit_code, const char* name, const char* help,
                         const char* json_help, const char* requirement, Declare declare,
                         Body body) {
  auto options = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(name, help);
  declare(*sub, *options);
  sub->add_flag("--json", options->json, json_help);
  sub->allow_extras();
  sub->callback([sub, options, &exit_code, requirement, body] {
    exit_code = run_guarded(options->json, requirement, [&] { return body(*sub, *options); });
  });
}

}  // namespace sonnx::cli

#endif  // SONNX_CLI_CLI_COMMON_HPP
