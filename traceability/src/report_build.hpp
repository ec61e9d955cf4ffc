// The state build_report (report.cpp) shares with the readers of report_evidence.cpp: the report
// being built, its options, the evidence folder and the provenance record of each file read.
#ifndef SONNX_TRACE_REPORT_BUILD_HPP
#define SONNX_TRACE_REPORT_BUILD_HPP

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sonnx/trace/trace.hpp>
#include <string>
#include <vector>

namespace trace::build {

std::optional<std::string> read_text(const fs::path& p);
bool has_ext(const fs::path& p, std::initializer_list<const char*> exts);
bool starts_with(const std::string& s, const std::string& prefix);

struct SourceFile {
  std::string rel;  // relative to the source root
};

struct Builder {
  Report& rep;
  const Options& options;
  fs::path ev;  // the evidence folder
  std::error_code ec;
  // The "provenance" object recorded in each evidence file (path relative to the evidence dir).
  std::map<std::string, nlohmann::json> provenance;

  void issue(std::string code, std::string message, std::string where = "", bool gap = true);
  // Records an evidence file (present or not); Report::files is a deque, so the reference stays
  // valid while more are added.
  EvidenceFile& add_file(const fs::path& p, const std::string& kind);
  // The provenance object of a JSON evidence file (null when it has none or is unreadable).
  nlohmann::json read_provenance(const fs::path& p) const;
};

nlohmann::json provenance_of(const nlohmann::json& j);

void read_wp(Builder& b, const std::vector<SourceFile>& sources);
void read_why3(Builder& b);
void read_faults(Builder& b);
void read_sweeps(Builder& b);
void read_tools(Builder& b);

}  // namespace trace::build

#endif  // SONNX_TRACE_REPORT_BUILD_HPP
