// The check of a received evidence folder without re-proving anything (`sonnx-div
// verify-evidence DIR [--sources CHECKOUT] [--installed]`, cli/cmd_verify_evidence.cpp): the
// manifest (every file present and unaltered, no other file), the recorded verdicts accepted, the
// counts of each file consistent with its records, the tool versions the files record consistent
// with one another; with the checkout the evidence was produced from, every file valid under its
// schema, bound to the checkout's sources, every verdict recomputed under the prover policy by its
// one implementation (sonnx_evidence.policy), and the traceability report rebuilt from the folder
// by the report's own readers with the counts the folder's traceability.json records; with
// --installed, the tools installed here those recorded. It prints what it checked and what it
// could not check.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace trace::verify {
namespace fs = std::filesystem;

struct Options {
  fs::path dir;                     // the evidence folder
  std::optional<fs::path> sources;  // the checkout the evidence was produced from
  bool installed = false;           // compare the tools installed here with those recorded
  fs::path package;  // the evidence package (default: <sources>/evidence/sonnx_evidence)
};

// One line of the outcome: what was checked (ok), found wrong (failed), or not checked and why.
struct Line {
  enum class Kind { ok, failed, not_checked } kind;
  std::string check;  // manifest, schemas, sources, tools, verdicts, counts, report
  std::string text;
};

struct Outcome {
  std::vector<Line> lines;
  bool ok() const;
  int count(Line::Kind k) const;
};

// Runs every check it can; never throws for a problem of the folder (each is a failed line).
Outcome verify_bundle(const Options& options);

// The lines as printed, one per line ("checked:", "FAILED:", "not checked:") and a summary.
std::string render(const Outcome& outcome);

// SHA-256 (FIPS 180-4) as 64 lower-case hexadecimal digits (sha256.cpp).
std::string sha256_hex(const std::string& data);
std::optional<std::string> sha256_file(const fs::path& path);

}  // namespace trace::verify
