// Helpers shared by the renderers (render_*.cpp): internal to the report generator.
#pragma once

#include <array>
#include <iosfwd>
#include <optional>
#include <sonnx/trace/trace.hpp>
#include <string>
#include <vector>

namespace trace {

std::ostream& operator<<(std::ostream& o, Status s);
std::ostream& operator<<(std::ostream& o, Level l);
std::ostream& operator<<(std::ostream& o, Provenance p);
// The number of requirements of one status.
int status_count(const std::array<int, std::size(kStatuses)>& counts, Status s);
// Seconds with two decimals; "" when absent.
std::string fmt_time(std::optional<double> t);
// The sum of the goals' prover times; *any: some goal has one.
double total_time(const std::vector<const ProofGoal*>& goals, bool* any);
// The provers that proved some of the goals, in order of first appearance.
std::vector<std::string> provers_of(const std::vector<const ProofGoal*>& goals);
// Path of a source file relative to the source root when it lies inside it.
std::string rel_source(const Report& r, const std::string& file);
// The link to a source line, relative to the evidence dir or under --source-url.
std::string source_href(const Report& r, const std::string& file, int line);
// "ok", "failed" or "missing": the state of one verification method of a row.
std::string method_state(const Row& row, const std::string& m);
// What the proof levels mean (shown in the HTML and Markdown reports).
extern const char* const kProofLevels;
// "code", or "code (conditional)"; with the per-type levels when they differ.
std::string level_text(const Row& row);
// "partial (gaps)", "no evidence", ...
std::string status_label(Status s);

}  // namespace trace
