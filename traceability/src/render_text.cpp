// The text renderings: traceability.csv and .md, the console gap list, docs/requirements.md and
// the registers' pages.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "mustache_view.hpp"
#include "register_md.hpp"
#include "render_common.hpp"
#include "report_md.hpp"
#include "requirements_md.hpp"

namespace trace {

// ---------------------------------------------------------------------------------------------
std::string render_csv(const Report& r) {
  std::ostringstream o;
  o << "id,title,status,verification,source_doc,source_file,source_section,sonnx_tag,tests_total,"
       "tests_passed,"
       "tests_failed,why3_proved,why3_total,wp_proved,wp_total,exhaustive,code_links,gaps,proof_"
       "level\n";
  for (const auto& row : r.rows) {
    const Requirement& q = *row.req;
    std::vector<std::string> ex;
    for (const auto* x : row.exhaustive)
      ex.push_back(x->format + ":" + (x->ok() ? "ok" : (x->failed() ? "mismatch" : "incomplete")));
    std::vector<std::string> gaps;
    for (const auto& f : row.flags)
      if (f.gap) gaps.push_back(f.code + ": " + f.message);
    o << csv_field(q.id) << ',' << csv_field(q.title) << ',' << row.status << ','
      << csv_field(join(q.methods, " ")) << ',' << csv_field(q.source.doc) << ','
      << csv_field(q.source.file) << ',' << csv_field(q.source.section) << ','
      << csv_field(q.source.sonnx_tag) << ',' << row.tests.size() << ',' << row.tests_passed()
      << ',' << row.tests_failed() << ',' << row.proved(row.why3) << ',' << Row::total(row.why3)
      << ',' << row.proved(row.wp) << ',' << Row::total(row.wp) << ',' << csv_field(join(ex, " "))
      << ',' << row.links.size() << ',' << csv_field(join(gaps, " | ")) << ','
      << csv_field(level_text(row)) << '\n';
  }
  return o.str();
}

// ---------------------------------------------------------------------------------------------
std::string render_gap_list(const Report& r) {
  std::ostringstream o;
  for (const auto& row : r.rows)
    for (const auto& f : row.flags)
      o << (f.gap ? "GAP  " : "warn ") << row.req->id << " " << f.code << ": " << f.message << "\n";
  for (const auto& i : r.issues)
    o << (i.gap ? "GAP  " : "warn ") << "-- " << i.code << ": " << i.message
      << (i.where.empty() ? "" : " [" + i.where + "]") << "\n";
  const auto c = r.status_counts();
  o << "requirements: " << r.rows.size() << " (verified " << status_count(c, Status::verified)
    << ", partial " << status_count(c, Status::partial) << ", stale "
    << status_count(c, Status::stale) << ", failed " << status_count(c, Status::failed)
    << ", no evidence " << status_count(c, Status::missing) << "); gaps: " << r.gap_count() << "\n";
  return o.str();
}

// ---------------------------------------------------------------------------------------------
namespace {

using namespace view;  // NOLINT: the view helpers are this file's vocabulary

// A Markdown table cell: a "|" in the text would end the cell.
std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}
// A register's cell, also kept on one line: a newline would end the table row.
std::string md_line_cell(const std::string& s) {
  std::string out = md_cell(s);
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

mu::data markdown_row(const Row& row) {
  std::vector<std::string> ex;
  for (const auto* x : row.exhaustive)
    ex.push_back(x->format + (x->ok() ? " ok" : (x->failed() ? " MISMATCH" : " incomplete")));
  std::vector<std::string> gaps;
  for (const auto& f : row.flags)
    if (f.gap) gaps.push_back(f.code + ": " + f.message);
  return mu::object{{"id", row.req->id},
                    {"status", to_string(row.status)},
                    {"level", level_text(row)},
                    {"methods", join(row.req->methods, ", ")},
                    {"tests_passed", num(row.tests_passed())},
                    {"tests_failed", num(row.tests_failed())},
                    {"why3_proved", num(row.proved(row.why3))},
                    {"why3_total", num(Row::total(row.why3))},
                    {"wp_proved", num(row.proved(row.wp))},
                    {"wp_total", num(Row::total(row.wp))},
                    {"exhaustive", join(ex, ", ")},
                    {"gaps", join(gaps, "; ")}};
}

}  // namespace

// traceability.md: the report model as a Mustache view, rendered with templates/report.md.mustache
// (embedded at build time as kReportMdTemplate).
std::string render_markdown(const Report& r) {
  const auto c = r.status_counts();
  mu::data v = mu::object{{"generated", r.options.generated},
                          {"has_commit", !r.commit.empty()},
                          {"commit", r.commit},
                          {"evidence", r.options.evidence_dir.generic_string()},
                          {"n_requirements", num(r.rows.size())},
                          {"n_verified", num(status_count(c, Status::verified))},
                          {"n_partial", num(status_count(c, Status::partial))},
                          {"n_stale", num(status_count(c, Status::stale))},
                          {"n_failed", num(status_count(c, Status::failed))},
                          {"n_missing", num(status_count(c, Status::missing))},
                          {"n_gaps", num(r.gap_count())},
                          {"proof_levels", std::string(kProofLevels)}};
  mu::list rows;
  for (const auto& row : r.rows) rows.push_back(markdown_row(row));
  v.set("rows", rows);
  mu::list issues;
  for (const auto& i : r.issues)
    issues.push_back(mu::object{
        {"gap", i.gap}, {"code", i.code}, {"message", i.message}, {"where", text_if_any(i.where)}});
  v.set("has_issues", !r.issues.empty());
  v.set("issues", ends_marked(std::move(issues)));
  v.set("sections", sections(r));
  mu::list files;
  for (const auto& f : r.files)
    files.push_back(mu::object{{"path", f.path},
                               {"kind", f.kind},
                               {"present", f.present},
                               {"provenance", std::string(to_string(f.provenance))},
                               {"stale", f.stale},
                               {"newer_source", f.newer_source}});
  v.set("files", files);
  v.set("assumption_count", num(r.assumptions.size()));
  v.set("matched_count", num(r.why3_assumptions.size()));
  mu::list tools;
  for (const auto& [k, val] : r.tool_versions)
    tools.push_back(mu::object{{"key", k}, {"value", val}});
  v.set("has_tools", !r.tool_versions.empty());
  v.set("tools", tools);
  return view::render(kReportMdTemplate, v, md_cell, "traceability.md");
}

// ---------------------------------------------------------------------------------------------
// docs/requirements.md: the catalogue as a Mustache view, rendered with
// templates/requirements.md.mustache; the requirements grouped by family (the letters of the ID),
// the known families first in their order, then the others in order of first appearance.
std::string render_requirements_md(const Catalogue& cat, const std::string& catalogue_rel) {
  static constexpr std::pair<const char*, const char*> kFamilies[] = {
      {"C", "Constraints of the SONNX specification (002)"},
      {"R", "Restrictions of the SONNX restriction draft (004)"},
      {"GR", "SONNX general restrictions"},
      {"F", "Floating-point semantics"},
      {"I", "Integer semantics"},
      {"D", "Derived requirements (resolutions of seed defects and open points)"},
      {"T", "Tool requirements"}};
  auto family_of = [](const std::string& id) {
    std::size_t i = 0;
    while (i < id.size() && id[i] >= 'A' && id[i] <= 'Z') ++i;
    return id.substr(0, i);
  };
  std::vector<std::pair<std::string, std::string>> order(std::begin(kFamilies),
                                                         std::end(kFamilies));
  for (const auto& q : cat.requirements) {
    const std::string fam = family_of(q.id);
    if (std::none_of(order.begin(), order.end(), [&](const auto& f) { return f.first == fam; }))
      order.emplace_back(fam, "Other requirements (" + fam + ")");
  }
  // "Needs" (OpenFastTrace coverage): impl tags always; utest tags when tests verify it.
  mu::list families;
  for (const auto& [fam, heading] : order) {
    mu::list reqs;
    for (const auto& q : cat.requirements)
      if (family_of(q.id) == fam)
        reqs.push_back(mu::object{{"id", q.id},
                                  {"title", q.title},
                                  {"statement", q.statement},
                                  {"doc", q.source.doc},
                                  {"file", text_if_any(q.source.file)},
                                  {"section", q.source.section},
                                  {"sonnx_tag", text_if_any(q.source.sonnx_tag)},
                                  {"verification", join(q.methods, ", ")},
                                  {"utest", q.needs("test")}});
    if (!reqs.empty()) families.push_back(mu::object{{"heading", heading}, {"requirements", reqs}});
  }
  mu::list sources;
  for (const auto& [key, ft] : cat.sources)
    sources.push_back(mu::object{{"key", key}, {"file", ft.first}, {"title", ft.second}});
  mu::list methods;
  for (const auto& [k, meaning] : cat.method_descriptions)
    methods.push_back(mu::object{{"method", k}, {"meaning", meaning}});
  const mu::data v = mu::object{{"catalogue", catalogue_rel},
                                {"op", cat.op.empty() ? std::string("Div") : cat.op},
                                {"sources", sources},
                                {"methods", methods},
                                {"families", families}};
  return view::render(kRequirementsMdTemplate, v, md_cell, "requirements.md");
}

// A register's page (docs/assumptions.md, docs/deviations.md), rendered with
// templates/register.md.mustache; a newline in a cell becomes a space.
std::string render_register_md(const Register& reg, const std::string& register_rel) {
  std::vector<std::string> header;
  for (const auto& c : reg.columns) header.push_back(c.second);
  const mu::data v = mu::object{{"title", reg.title},
                                {"register", register_rel},
                                {"preamble", strings(reg.preamble)},
                                {"header", strings(header)},
                                {"rows", table_rows(reg.rows)}};
  return view::render(kRegisterMdTemplate, v, md_line_cell, "register page");
}

}  // namespace trace
