// The campaign's results (docs/conformance.md, "Results"): per type and requirement the cases and
// what went wrong with them, every finding counted, and the first few per type, requirement and
// kind listed with a reproducer directory (model.onnx, input_0.pb, input_1.pb and, for value
// findings, expected_output_0.pb).
#ifndef SONNX_CONFORM_REPORT_HPP
#define SONNX_CONFORM_REPORT_HPP

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sonnx/conform/cases.hpp>
#include <sonnx/requirement_id.hpp>
#include <string>

namespace sonnx::conform {

struct Counts {
  std::uint64_t cases = 0, mismatches = 0, errors = 0, crashes = 0, hangs = 0, unsupported = 0;
};

// One finding about element `index` of a batch (or about the whole batch).
struct Finding {
  RequirementId requirement = RequirementId::I1;
  std::string kind;  // mismatch, error-expected-not-raised, unexpected-error, crash, hang, ...
  std::size_t index = 0;
  std::string expected;  // bit pattern or "error (C3)" ...
  std::string actual;    // bit pattern, the runtime's message, or how the process ended
  std::string detail;    // "" or a remark
  const io::OwnedTensor* expected_output = nullptr;  // the reference's quotients, when known
  bool whole_batch = false;  // the reproducer holds the whole request, not one element
};

class Tally {
 public:
  // Reproducers go to reproducer_dir; the report names them relative to report_dir, as they will
  // be once reproducer_dir is moved to named_dir (empty: reproducer_dir stays where it is).
  Tally(std::size_t max_reproducers, std::filesystem::path reproducer_dir,
        std::filesystem::path report_dir, std::filesystem::path named_dir = {});

  // Adds 1 to `field` of each element's (type, requirement) row.
  void count(const Batch& batch, std::uint64_t Counts::*field);
  // Adds `n` cases (all unsupported) to a row.
  void count_unsupported(DataType type, RequirementId requirement, std::uint64_t n);
  // Adds 1 to `field` of one row.
  void count_one(DataType type, RequirementId requirement, std::uint64_t Counts::*field);
  // Counts a finding; the first max_reproducers per type, requirement and kind are listed, each
  // with a reproducer directory.
  void add_finding(const Batch& batch, const Finding& finding);

  [[nodiscard]] std::uint64_t findings_total() const;
  // "results" (rows of types with cases, in the order of filed_requirements),
  // "findings_total", "findings_per_type_requirement_kind", "findings_listed", "findings".
  [[nodiscard]] nlohmann::json to_json() const;

 private:
  std::size_t max_reproducers_;
  std::filesystem::path reproducer_dir_, report_dir_, named_dir_;
  std::map<DataType, std::array<Counts, requirement_id_count>> counts_;
  std::map<std::string, std::uint64_t> finding_counts_;  // "type/requirement/kind" -> findings
  nlohmann::json findings_ = nlohmann::json::array();
};

// Writes a reproducer into dir (created): the whole batch, or its element `index` alone, with the
// matching part of expected_output when given. False when a file cannot be written.
bool write_reproducer(const std::filesystem::path& dir, const Batch& batch, std::size_t index,
                      bool whole_batch, const io::OwnedTensor* expected_output,
                      const std::string& doc_string);

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_REPORT_HPP
