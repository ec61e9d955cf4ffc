// Helpers of the report sections (sections.cpp, sections_policy.cpp, sections_runtimes.cpp):
// internal.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <sonnx/trace/trace.hpp>
#include <string>

namespace trace::sec {

using ordered = nlohmann::ordered_json;

constexpr std::size_t kMaxRows = 200;  // rows rendered per table; the JSON file keeps them all

// The JSON of an evidence file; nothing, with *error set when unreadable ("" when absent).
std::optional<ordered> read_json(const fs::path& p, std::string* error);
// A JSON value as a table cell.
std::string cell(const ordered& v);
// A number field of j (0 when absent).
double number(const ordered& j, const char* key);
// A count as text, without a fraction when it has none.
std::string count_text(double v);
// An array of objects as a table (columns: the keys of its records).
Table records(const std::string& caption, const ordered& arr);
// An object's scalar fields as a two-column table.
Table fields(const std::string& caption, const ordered& obj);
// Every array of objects in obj (and one level down) as a table.
void record_tables(Section& s, const ordered& obj, const std::string& prefix, int depth = 0);
Section section(std::string id, std::string title, std::string files, std::string explanation);
// Marks the section failed and records why in the report (a gap, or a warning when !issue.gap).
void fail(Section& s, Report& rep, Issue issue);
// Reads the section's file; when it is absent ("not run", a warning) or unreadable (a gap), says
// so in the section and returns nothing.
std::optional<ordered> open_section(Section& s, Report& rep);

// The sections of sections_policy.cpp.
Section prover_policy(Report& rep);
Section platforms(Report& rep);
// The runtime-conformance section's optional files (sections_runtimes.cpp): onnxruntime-web, the
// two runtimes compared, the C-function adapter's examples.
void more_runtimes(Section& s, Report& rep);
// sections_tools.cpp
Section tool_qualification(Report& rep);
// The structural-coverage, formal-analysis coverage, coupling and Eva sections
// (sections_coverage.cpp).
void coverage_sections(Report& rep);

}  // namespace trace::sec
