// The text renderings: traceability.csv and .md, the console gap list, docs/requirements.md.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "render_common.hpp"

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
std::string render_markdown(const Report& r) {
  std::ostringstream o;
  const auto c = r.status_counts();
  o << "# SONNX Div traceability report\n\n";
  o << "Generated " << r.options.generated
    << (r.commit.empty() ? "" : " at commit `" + r.commit + "`") << " from `"
    << r.options.evidence_dir.generic_string() << "`.\n\n";
  o << "**" << r.rows.size() << " requirements:** " << status_count(c, Status::verified)
    << " verified, " << status_count(c, Status::partial) << " partial, "
    << status_count(c, Status::stale) << " stale, " << status_count(c, Status::failed)
    << " failed, " << status_count(c, Status::missing)
    << " without evidence. **Gaps: " << r.gap_count() << ".**\n\n";
  o << "| ID | status | proof level | methods | tests (passed/failed) | Why3 goals proved/total | "
       "WP goals proved/total | exhaustive | gaps |\n";
  o << "|---|---|---|---|---|---|---|---|---|\n";
  auto cell = [](std::string s) {
    for (std::size_t k = 0; (k = s.find('|', k)) != std::string::npos; k += 2)
      s.replace(k, 1, "\\|");
    return s;
  };
  for (const auto& row : r.rows) {
    std::vector<std::string> ex;
    for (const auto* x : row.exhaustive)
      ex.push_back(x->format + (x->ok() ? " ok" : (x->failed() ? " MISMATCH" : " incomplete")));
    std::vector<std::string> gaps;
    for (const auto& f : row.flags)
      if (f.gap) gaps.push_back(f.code + ": " + f.message);
    o << "| " << row.req->id << " | " << row.status << " | " << level_text(row) << " | "
      << join(row.req->methods, ", ") << " | " << row.tests_passed() << "/" << row.tests_failed()
      << " | " << row.proved(row.why3) << "/" << Row::total(row.why3) << " | " << row.proved(row.wp)
      << "/" << Row::total(row.wp) << " | " << cell(join(ex, ", ")) << " | "
      << cell(join(gaps, "; ")) << " |\n";
  }
  if (!r.issues.empty()) {
    o << "\n## Issues not tied to one requirement\n\n";
    for (const auto& i : r.issues)
      o << "- " << (i.gap ? "**gap** " : "warning ") << "`" << i.code << "`: " << i.message
        << (i.where.empty() ? "" : " (" + i.where + ")") << "\n";
  }
  o << "\n" << kProofLevels << "\n";
  for (const auto& sec : r.sections) {
    o << "\n## " << sec.title << " (" << sec.files << ")\n\n"
      << (sec.bad ? "**" : "") << sec.verdict << (sec.bad ? "**" : "") << "\n";
    for (const auto& t : sec.tables) {
      if (t.rows.empty()) continue;
      o << "\n" << t.caption << ":\n\n";
      markdown_table(o, t.header, t.rows, cell);
      if (t.omitted != 0) o << "\n(" << t.omitted << " more rows in the evidence file)\n";
    }
  }
  o << "\n## Evidence files\n\n| file | kind | present | bound to sources | stale "
       "|\n|---|---|---|---|---|\n";
  for (const auto& f : r.files)
    o << "| " << f.path << " | " << f.kind << " | " << (f.present ? "yes" : "**no**") << " | "
      << f.provenance << " | " << (f.stale ? "**yes**: " + f.newer_source : "no") << " |\n";
  o << "\n## Assumptions register\n\n"
    << r.assumptions.size() << " rows in `spec/assumptions.json` (listed in traceability.html); "
    << r.why3_assumptions.size() << " rows matched by the proofs' axiom scans.\n";
  if (!r.tool_versions.empty()) {
    o << "\n## Tool versions\n\n| tool | version |\n|---|---|\n";
    for (const auto& [k, v] : r.tool_versions) o << "| " << k << " | " << cell(v) << " |\n";
  }
  return o.str();
}

// ---------------------------------------------------------------------------------------------
std::string render_requirements_md(const Catalogue& cat, const std::string& catalogue_rel) {
  std::ostringstream o;
  o << "# SONNX Div requirements\n\n";
  o << "<!-- Generated from " << catalogue_rel
    << " by `sonnx-trace render-requirements`; do not edit by hand. The CTest "
       "requirements_md_up_to_date checks it. "
       "-->\n\n";
  o << "The requirement catalogue of the SONNX `" << (cat.op.empty() ? "Div" : cat.op)
    << "` reference implementation, rendered from `" << catalogue_rel
    << "`. Every requirement is an OpenFastTrace specification item `req~<ID>~1`; code, tests and "
       "proofs cite it "
       "as described in `docs/CONVENTIONS.md`, and `docs/traceability.md` explains how the report "
       "and OpenFastTrace "
       "trace them.\n\n";
  o << "## Source documents\n\n| key | file | title |\n|---|---|---|\n";
  for (const auto& [key, ft] : cat.sources)
    o << "| " << key << " | `" << ft.first << "` | " << ft.second << " |\n";
  o << "\n## Verification methods\n\n| method | meaning |\n|---|---|\n";
  for (const auto& [k, v] : cat.method_descriptions) o << "| " << k << " | " << v << " |\n";

  struct Family {
    const char* prefix;
    const char* heading;
  };
  const Family families[] = {
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
  std::vector<std::string> done;
  auto emit = [&](const std::string& fam, const std::string& heading) {
    bool any = false;
    for (const auto& q : cat.requirements) {
      if (family_of(q.id) != fam) continue;
      if (!any) o << "\n## " << heading << "\n";
      any = true;
      o << "\n### " << q.id << ": " << q.title << "\n`req~" << q.id << "~1`\n\n"
        << q.statement << "\n\n";
      o << "Source: " << q.source.doc;
      if (!q.source.file.empty()) o << " (`" << q.source.file << "`)";
      o << ", " << q.source.section;
      if (!q.source.sonnx_tag.empty()) o << "; SONNX tag `" << q.source.sonnx_tag << "`";
      o << ".\n\nVerification: " << join(q.methods, ", ") << ".\n\n";
      // OFT coverage: implementation tags always; unit-test tags when tests verify it.
      o << "Needs: impl" << (q.needs("test") ? ", utest" : "") << "\n";
    }
    done.push_back(fam);
  };
  for (const auto& f : families) emit(f.prefix, f.heading);
  for (const auto& q : cat.requirements) {
    const std::string fam = family_of(q.id);
    if (std::find(done.begin(), done.end(), fam) == done.end())
      emit(fam, "Other requirements (" + fam + ")");
  }
  return o.str();
}

}  // namespace trace
