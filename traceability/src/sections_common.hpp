// Helpers of the report sections (sections.cpp, sections_policy.cpp, sections_runtimes.cpp,
// sections_tools.cpp, sections_coverage.cpp; their table: sections_table.cpp): internal.
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
// Marks the section failed and records why in the report (a gap, or a warning when !issue.gap).
void fail(Section& s, Report& rep, Issue issue);
// Reads the section's file; when it is absent ("not run", a warning) or unreadable (a gap), says
// so in the section and returns nothing.
std::optional<ordered> open_section(Section& s, Report& rep);

// The sections, each judging its evidence into s, which holds its row of the table of sections
// (sections_table.cpp): id, title, files, explanation. Those of one file get its JSON j (read by
// open_section); the others read their files themselves.
// sections.cpp
void wp_smoke(Section& s, Report& rep, const ordered& j);
void wp_binding(Section& s, Report& rep, const ordered& j);
void coding_standard(Section& s, Report& rep);
void conformance(Section& s, Report& rep, const ordered& j);
// sections_policy.cpp
void prover_policy(Section& s, Report& rep);
void platforms(Section& s, Report& rep, const ordered& j);
// The runtime-conformance section's optional files (sections_runtimes.cpp): onnxruntime-web, the
// two runtimes compared, the C-function adapter's examples.
void more_runtimes(Section& s, Report& rep);
// sections_tools.cpp
void tool_qualification(Section& s, Report& rep);
// The structural-coverage, formal-analysis coverage, coupling and Eva sections
// (sections_coverage.cpp).
void structural(Section& s, Report& rep, const ordered& j);
void formal(Section& s, Report& rep, const ordered& j);
void coupling(Section& s, Report& rep, const ordered& j);
void eva(Section& s, Report& rep, const ordered& j);

}  // namespace trace::sec
