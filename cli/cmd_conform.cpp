// sonnx-div conform --report FILE -- ADAPTER...: the conformance campaign (docs/conformance.md),
// which the conform library runs (sonnx/conform/campaign.hpp). This file parses and checks the
// arguments, lets SIGINT/SIGTERM stop the campaign, prints progress and the verdict.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <nlohmann/json.hpp>
#include <optional>
#include <sonnx/conform/adapter.hpp>
#include <sonnx/conform/campaign.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

constexpr int exit_malfunction = 3;  // the campaign itself failed (adapter start, protocol, I/O)
constexpr int max_timeout_seconds = 86400;

struct Options {
  conform::Options campaign;
  std::string report;
  std::string types = "all";
  std::string work_dir;
  std::int64_t chunk = std::int64_t{1} << 24;
  // Read as wider or as text, so that a negative or too large value is refused, not wrapped.
  std::int64_t max_reproducers = static_cast<std::int64_t>(campaign.max_reproducers);
  std::string seed = std::to_string(campaign.seed);
  std::string target_info;
  bool json = false;
};

// --target-info FILE: a JSON object (what ran where), copied into the report as "target". A FIFO
// or a device is refused at once (reading it waited for a writer for ever).
bool read_target_info(const std::string& path, nlohmann::json& target, std::string& error) {
  std::vector<unsigned char> bytes;
  const io::IoStatus read = io::read_file_bytes(path, bytes);
  if (!read.ok()) {
    error = "--target-info: " + read.message;
    return false;
  }
  try {
    target = nlohmann::json::parse(bytes);
  } catch (const std::exception& e) {
    error = "--target-info: " + path + " is not JSON: " + e.what();
    return false;
  }
  if (!target.is_object()) {
    error = "--target-info: " + path + " does not hold a JSON object";
    return false;
  }
  return true;
}

// A signal stops the campaign at its next request: the adapter is killed, the work directory
// removed and no report written (exit 3).
extern "C" void on_interrupt(int) { conform::request_stop(); }

void progress(const std::string& line, bool final) {
  static const bool tty = ::isatty(2) != 0;
  if (tty) {
    std::cerr << '\r' << line << "\033[K" << (final ? "\n" : "") << std::flush;
  } else if (final) {
    std::cerr << line << '\n';
  }
}

// A decimal number from 0 to 2^64 - 1, digits only.
std::optional<std::uint64_t> parse_seed(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) return std::nullopt;
  return value;
}

// The types of --types, in order; nothing when a name is no profile type or is named twice (bad
// then says which and why).
std::vector<DataType> parse_types(const std::string& text, std::string& bad) {
  static const char* all[] = {"float16", "bfloat16", "float32", "float64", "int8",   "int16",
                              "int32",   "int64",    "uint8",   "uint16",  "uint32", "uint64"};
  std::vector<DataType> types;
  std::vector<std::string> names;
  if (text == "all") {
    names.assign(std::begin(all), std::end(all));
  } else {
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) names.push_back(name);
  }
  for (const auto& name : names) {
    const auto type = io::parse_type_name(name);
    if (!type) {
      bad = "'" + name + "' is not a profile type";
      return {};
    }
    if (std::find(types.begin(), types.end(), *type) != types.end()) {
      bad = "'" + name + "' is named twice";
      return {};
    }
    types.push_back(*type);
  }
  return types;
}

int conform(const CLI::App& sub, Options& o) {
  // CLI11 leaves the "--" that separates the adapter command among the extras.
  std::vector<std::string> extras = sub.remaining();
  std::erase(extras, std::string("--"));
  if (!extras.empty())
    return usage_error(o.json, "unexpected argument(s): " + extras.front() + " (see --help)");
  conform::Options& c = o.campaign;
  if (c.adapter.empty()) return usage_error(o.json, "conform needs an adapter command after --");
  if (o.report.empty()) return usage_error(o.json, "conform needs --report FILE");
  std::string bad;
  c.types = parse_types(o.types, bad);
  if (c.types.empty()) return usage_error(o.json, "--types: " + bad);
  if (o.chunk < 65536 || o.chunk > (std::int64_t{1} << 26) || (o.chunk & (o.chunk - 1)) != 0) {
    return usage_error(o.json, "--chunk must be a power of two from 65536 to 67108864");
  }
  // A day bounds every wait (the deadline arithmetic too): NaN, infinity and 1e300 were taken
  // and then nothing timed out.
  if (!(std::isfinite(c.timeout) && c.timeout > 0 && c.timeout <= max_timeout_seconds)) {
    return usage_error(o.json, "--timeout must be a number of seconds above 0 and at most " +
                                   std::to_string(max_timeout_seconds) + " (a day)");
  }
  // -1, the default of the next two, stands for "not given": a value given must not be negative.
  if (c.random_pairs < 0 && sub.count("--random-pairs") > 0)
    return usage_error(o.json, "--random-pairs must not be negative");
  if (c.sample_16bit < 0 && sub.count("--sample-16bit") > 0)
    return usage_error(o.json, "--sample-16bit must not be negative");
  if (o.max_reproducers < 0) return usage_error(o.json, "--max-reproducers must not be negative");
  if (const auto seed = parse_seed(o.seed)) {
    c.seed = *seed;
  } else {
    return usage_error(o.json, "--seed must be a decimal number from 0 to 18446744073709551615, "
                               "not '" + o.seed + "'");
  }
  std::string error;
  if (!o.target_info.empty() && !read_target_info(o.target_info, c.target, error))
    return usage_error(o.json, error);
  c.chunk = static_cast<std::size_t>(o.chunk);
  c.max_reproducers = static_cast<std::size_t>(o.max_reproducers);
  c.report = o.report;
  c.work_dir = o.work_dir;

  struct sigaction stop {};
  stop.sa_handler = on_interrupt;  // no SA_RESTART: a wait for the adapter returns at once
  ::sigaction(SIGINT, &stop, nullptr);
  ::sigaction(SIGTERM, &stop, nullptr);
  const conform::Outcome outcome = conform::run_campaign(c, progress);
  if (outcome.verdict == conform::Outcome::Verdict::malfunction)
    return report_error(o.json, exit_malfunction, "", outcome.message);
  const bool conforms = outcome.verdict == conform::Outcome::Verdict::conforms;
  if (o.json) {
    std::cout << json_text({{"status", "ok"},
                            {"exit_code", conforms ? 0 : 1},
                            {"conforms", conforms},
                            {"findings", outcome.findings},
                            {"report", outcome.report.string()}})
              << '\n';
  } else {
    std::cout << "conform: " << outcome.message << '\n';
  }
  return conforms ? exit_ok : exit_violation;
}

void add_conform_command(CLI::App& app, int& exit_code) {
  add_guarded_command<Options>(
      app, exit_code, "conform",
      "Conformance campaign: run single-node Div models through an ONNX runtime behind an adapter "
      "process (protocol: docs/conformance.md) and compare every output bit for bit with the "
      "checked library. Example: sonnx-div conform --report out.json -- node adapter.js\n"
      "Exit codes: 0 the runtime conforms (no finding), 1 findings, 2 usage, 3 campaign "
      "malfunction (adapter cannot start, I/O).",
      "machine-readable summary on stdout", "T4",
      [](CLI::App& sub, Options& options) {
        conform::Options& c = options.campaign;
        sub.add_option("--report", options.report,
                       "results JSON; reproducers go to <report stem>-reproducers/ beside it");
        sub.add_option("--types", options.types, "comma-separated element types, or all (default)");
        sub.add_flag("--short", c.short_campaign,
                     "edge, domain and 1024 random cases per 32/64-bit type; no 16-bit sweeps");
        sub.add_option("--random-pairs", c.random_pairs,
                       "seeded random pairs per 32/64-bit type (default 4194304, short 1024)");
        sub.add_option("--sample-16bit", c.sample_16bit,
                       "float16 and bfloat16: this many seeded random pairs per type instead of "
                       "all 2^32 (for a runtime under emulation)");
        sub.add_option("--seed", options.seed, "seed of the random pairs");
        sub.add_option("--chunk", options.chunk,
                       "elements per request in sweeps (power of two, default 2^24)");
        sub.add_option("--timeout", c.timeout,
                       "seconds per request (plus 1 s per million elements) before it is a hang");
        sub.add_option(
            "--max-reproducers", options.max_reproducers,
            "listed findings with a reproducer per type, requirement and kind (all are counted)");
        sub.add_option(
            "--work-dir", options.work_dir,
            "where request files go (default: a temporary directory in /dev/shm, else in TMPDIR)");
        sub.add_option("--target-info", options.target_info,
                       "JSON object saying what ran where (target, compiler, flags, emulator), "
                       "copied into the report as \"target\"");
        sub.add_option("adapter", c.adapter, "adapter command and its arguments (after --)");
      },
      conform);
}

const CommandRegistration conform_registration{"conform", add_conform_command};

}  // namespace
}  // namespace sonnx::cli
