// Renderers: traceability.{json,html,md,csv}, the console gap list and docs/requirements.md.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "trace.hpp"

namespace trace {

namespace {

using ordered = nlohmann::ordered_json;

std::string fmt_time(std::optional<double> t) {
  if (!t) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", *t);
  return buf;
}

double total_time(const std::vector<const ProofGoal*>& goals, bool* any) {
  double s = 0;
  *any = false;
  for (const auto* g : goals)
    if (g->time_s) {
      s += *g->time_s;
      *any = true;
    }
  return s;
}

std::vector<std::string> provers_of(const std::vector<const ProofGoal*>& goals) {
  std::vector<std::string> out;
  for (const auto* g : goals)
    for (const auto& p : g->provers)
      if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

// Path of a source file relative to the source root when it lies inside it.
std::string rel_source(const Report& r, const std::string& file) {
  if (file.empty()) return file;
  const fs::path p(file);
  if (!p.is_absolute()) return p.generic_string();
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(r.options.source_root, ec);
  const fs::path rel = fs::relative(p, root, ec);
  if (ec || rel.empty() || *rel.begin() == "..") return p.generic_string();
  return rel.generic_string();
}

std::string source_href(const Report& r, const std::string& file, int line) {
  const std::string rel = rel_source(r, file);
  std::string base;
  if (!r.options.source_url.empty()) {
    base = r.options.source_url;
    if (base.back() != '/') base += '/';
  } else if (fs::path(rel).is_absolute()) {
    base = "file://";
  } else {
    std::error_code ec;
    const fs::path up = fs::relative(fs::weakly_canonical(r.options.source_root, ec),
                                     fs::weakly_canonical(r.options.evidence_dir, ec), ec);
    base = up.empty() ? "" : up.generic_string() + "/";
  }
  return base + rel + (line > 0 ? "#L" + std::to_string(line) : "");
}

std::string method_state(const Row& row, const std::string& m) {
  auto flagged = [&](std::initializer_list<const char*> codes) {
    return std::any_of(row.flags.begin(), row.flags.end(), [&](const Flag& f) {
      return std::any_of(codes.begin(), codes.end(), [&](const char* c) { return f.code == c; });
    });
  };
  if (m == "test") return flagged({"test-failed"}) ? "failed" : (row.tests.empty() ? "missing" : "ok");
  if (m == "why3") return flagged({"why3-unproved"}) ? "failed" : (row.why3.empty() ? "missing" : "ok");
  if (m == "wp") return flagged({"wp-unproved"}) ? "failed" : (row.wp.empty() ? "missing" : "ok");
  if (m == "exhaustive")
    return flagged({"exhaustive-mismatch"}) ? "failed"
           : flagged({"no-exhaustive", "exhaustive-incomplete"}) ? "missing"
                                                                  : "ok";
  return "missing";
}

ordered goals_json(const Report& r, const std::vector<const ProofGoal*>& goals) {
  ordered arr = ordered::array();
  for (const auto* g : goals) {
    ordered o;
    o["file"] = rel_source(r, g->file);
    o["line"] = g->line;
    o["scope"] = g->scope;
    o["goal"] = g->goal;
    o["provers"] = g->provers;
    o["time_s"] = g->time_s ? ordered(*g->time_s) : ordered(nullptr);
    o["status"] = g->status;
    o["proved"] = g->proved;
    o["note"] = g->note;
    if (g->accepted) o["accepted"] = *g->accepted;
    if (!g->verdicts.empty()) {
      ordered vs = ordered::array();
      for (const auto& v : g->verdicts)
        vs.push_back({{"prover", v.prover}, {"result", v.result}, {"time", v.time_s ? ordered(*v.time_s) : ordered(nullptr)}});
      o["verdicts"] = vs;
    }
    arr.push_back(o);
  }
  return arr;
}

// What the proof levels mean (shown in the HTML and Markdown reports).
const char* kProofLevels =
    "Proof level, strongest first, from the evidence that spec/requirements.json lists by name as "
    "deciding the requirement (decided_by): **code** = Frama-C/WP properties that state the "
    "requirement about the compiled C sources are proved (under the prover policy); **exhaustive** "
    "= a sweep of all 2^32 operand pairs of the compiled code passed; **spec** = Why3 goals prove "
    "it of the specification only, and tests alone verify the code; **test** = passed tests only. "
    "A requirement that holds differently per element type shows each type's level and takes the "
    "weakest; a level is **conditional** when its deciding properties rest on a property that is "
    "not proved (Frama-C's status valid under hypotheses, or a property excluded from WP by a "
    "register row). Evidence listed as supported_by must hold but decides nothing. The counts "
    "behind each level are in "
    "traceability.json (proof_level_counts).";

// "code", or "code (conditional)"; with the per-type levels when they differ.
std::string level_text(const Row& row) {
  std::string out = row.proof_level + (row.conditions.empty() ? "" : " (conditional)");
  bool differ = false;
  for (const auto& [t, l] : row.levels_by_type) differ = differ || l != row.proof_level;
  if (differ) {
    std::vector<std::string> parts;
    for (const auto& [t, l] : row.levels_by_type) parts.push_back(t + ": " + l);
    out += "; " + join(parts, ", ");
  }
  return out;
}

const char* kStatusOrder[] = {"verified", "partial", "stale", "failed", "missing"};

std::string status_label(const std::string& s) {
  if (s == "verified") return "verified";
  if (s == "partial") return "partial (gaps)";
  if (s == "stale") return "stale evidence";
  if (s == "failed") return "failed";
  return "no evidence";
}

}  // namespace

std::string html_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// Escapes for HTML and turns Markdown `code` spans into <code> (for cells read from Markdown).
std::string md_inline(const std::string& s) {
  std::string out;
  bool in_code = false;
  for (char c : s) {
    if (c == '`') {
      out += in_code ? "</code>" : "<code>";
      in_code = !in_code;
    } else {
      out += html_escape(std::string(1, c));
    }
  }
  if (in_code) out += "</code>";
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// ---------------------------------------------------------------------------------------------
std::string render_json(const Report& r) {
  ordered j;
  j["schema"] = "sonnx-traceability/1";
  j["generated"] = r.options.generated;
  j["commit"] = r.commit;
  j["catalogue"] = r.options.catalogue.generic_string();
  j["evidence_dir"] = r.options.evidence_dir.generic_string();
  j["provenance"] = {{"commit", r.commit.empty() ? ordered(nullptr) : ordered(r.commit)},
                     {"sources_sha256", r.own_sources_sha256},
                     {"sources", r.own_sources}};
  ordered sum;
  sum["requirements"] = r.rows.size();
  for (const auto& [k, v] : r.status_counts()) sum[k] = v;
  sum["gaps"] = r.gap_count();
  int tp = 0;
  int tf = 0;
  for (const auto& t : r.tests) (t.passed ? tp : tf)++;
  sum["tests"] = {{"total", r.tests.size()}, {"passed", tp}, {"failed", tf}};
  int vp = 0;
  for (const auto& t : r.verification_tests) vp += t.passed ? 1 : 0;
  sum["verification_tests"] = {{"total", r.verification_tests.size()}, {"passed", vp}};
  ordered levels = {{"code", 0}, {"exhaustive", 0}, {"spec", 0}, {"test", 0}, {"none", 0}};
  for (const auto& row : r.rows) levels[row.proof_level] = levels[row.proof_level].get<int>() + 1;
  sum["proof_levels"] = levels;
  auto count = [](const std::vector<ProofGoal>& g) {
    return ordered{{"proved", obligations_proved(g)}, {"total", obligations_total(g)}, {"goals", g.size()}};
  };
  sum["why3"] = count(r.why3);
  sum["wp"] = count(r.wp);
  sum["evidence"] = {{"catch2", r.have_catch}, {"why3", r.have_why3}, {"wp", r.have_wp},
                     {"exhaustive", !r.exhaustive.empty()}};
  j["summary"] = sum;

  ordered reqs = ordered::array();
  for (const auto& row : r.rows) {
    const Requirement& q = *row.req;
    ordered o;
    o["id"] = q.id;
    o["title"] = q.title;
    o["statement"] = q.statement;
    o["source"] = {{"doc", q.source.doc}, {"file", q.source.file}, {"section", q.source.section},
                   {"sonnx_tag", q.source.sonnx_tag}};
    o["verification"] = q.methods;
    o["status"] = row.status;
    o["proof_level"] = row.proof_level;
    o["conditional"] = !row.conditions.empty();
    o["conditions"] = row.conditions;
    {
      ordered by_type = ordered::object();
      for (const auto& [t, l] : row.levels_by_type) by_type[t] = l;
      o["proof_level_by_type"] = by_type;
    }
    o["proof_level_counts"] = {{"code", row.level_code},
                               {"exhaustive", row.level_exhaustive},
                               {"spec", row.level_spec},
                               {"tests", row.level_tests}};
    ordered cases = ordered::array();
    for (const auto* t : row.tests)
      cases.push_back({{"name", t->name}, {"executable", t->executable}, {"file", rel_source(r, t->file)},
                       {"line", t->line}, {"passed", t->passed}});
    o["tests"] = {{"total", row.tests.size()}, {"passed", row.tests_passed()}, {"failed", row.tests_failed()},
                  {"cases", cases}};
    const int why3_p = row.proved(row.why3);
    const int wp_p = row.proved(row.wp);
    o["proofs"] = {{"proved", why3_p + wp_p},
                   {"total", Row::total(row.why3) + Row::total(row.wp)},
                   {"why3", {{"proved", why3_p}, {"total", Row::total(row.why3)}, {"goals", goals_json(r, row.why3)}}},
                   {"wp", {{"proved", wp_p}, {"total", Row::total(row.wp)}, {"goals", goals_json(r, row.wp)}}}};
    ordered ex = ordered::array();
    for (const auto* x : row.exhaustive)
      ex.push_back({{"file", x->evidence}, {"format", x->format}, {"mode", x->mode},
                    {"pairs_checked", x->pairs_checked}, {"mismatches", x->mismatches},
                    {"symmetry_failures", x->symmetry_failures}, {"wall_s", x->wall_s ? ordered(*x->wall_s) : ordered(nullptr)}, {"complete", x->complete()},
                    {"ok", x->ok()}});
    o["exhaustive"] = ex;
    ordered links = ordered::array();
    for (const auto* l : row.links) links.push_back({{"kind", l->kind}, {"file", l->file}, {"line", l->line}});
    o["code_links"] = links;
    ordered flags = ordered::array();
    for (const auto& f : row.flags) flags.push_back({{"code", f.code}, {"message", f.message}, {"gap", f.gap}});
    o["flags"] = flags;
    reqs.push_back(o);
  }
  j["requirements"] = reqs;
  ordered issues = ordered::array();
  for (const auto& i : r.issues)
    issues.push_back({{"code", i.code}, {"message", i.message}, {"where", i.where}, {"gap", i.gap}});
  j["issues"] = issues;
  ordered files = ordered::array();
  for (const auto& f : r.files)
    files.push_back({{"path", f.path}, {"kind", f.kind}, {"present", f.present}, {"mtime", f.mtime},
                     {"stale", f.stale}, {"newer_source", f.newer_source}, {"provenance", f.provenance},
                     {"provenance_commit", f.provenance_commit}, {"sources", f.sources}});
  j["evidence_files"] = files;
  ordered vt = ordered::array();
  for (const auto& t : r.verification_tests)
    vt.push_back({{"name", t.name}, {"tags", t.tags}, {"executable", t.executable}, {"file", rel_source(r, t.file)},
                  {"line", t.line}, {"passed", t.passed}});
  j["verification_tests"] = vt;
  ordered secs = ordered::array();
  for (const auto& sec : r.sections) {
    ordered tables = ordered::array();
    for (const auto& t : sec.tables)
      tables.push_back({{"caption", t.caption}, {"header", t.header}, {"rows", t.rows}, {"omitted", t.omitted}});
    secs.push_back({{"id", sec.id}, {"title", sec.title}, {"files", sec.files}, {"run", sec.run},
                    {"verdict", sec.verdict}, {"attention", sec.bad}, {"tables", tables}});
  }
  j["sections"] = secs;
  ordered as = ordered::array();
  for (const auto& a : r.assumptions) as.push_back(a.cells);
  j["assumptions"] = as;
  j["assumption_rows_of_proofs"] = r.why3_assumptions;
  ordered tv = ordered::object();
  for (const auto& [k, v] : r.tool_versions) tv[k] = v;
  j["tool_versions"] = tv;
  return j.dump(2) + "\n";
}

// ---------------------------------------------------------------------------------------------
std::string render_csv(const Report& r) {
  std::ostringstream o;
  o << "id,title,status,verification,source_doc,source_file,source_section,sonnx_tag,tests_total,tests_passed,"
       "tests_failed,why3_proved,why3_total,wp_proved,wp_total,exhaustive,code_links,gaps,proof_level\n";
  for (const auto& row : r.rows) {
    const Requirement& q = *row.req;
    std::vector<std::string> ex;
    for (const auto* x : row.exhaustive)
      ex.push_back(x->format + ":" + (x->ok() ? "ok" : (x->failed() ? "mismatch" : "incomplete")));
    std::vector<std::string> gaps;
    for (const auto& f : row.flags)
      if (f.gap) gaps.push_back(f.code + ": " + f.message);
    o << csv_field(q.id) << ',' << csv_field(q.title) << ',' << row.status << ',' << csv_field(join(q.methods, " "))
      << ',' << csv_field(q.source.doc) << ',' << csv_field(q.source.file) << ',' << csv_field(q.source.section)
      << ',' << csv_field(q.source.sonnx_tag) << ',' << row.tests.size() << ',' << row.tests_passed() << ','
      << row.tests_failed() << ',' << row.proved(row.why3) << ',' << Row::total(row.why3) << ',' << row.proved(row.wp)
      << ',' << Row::total(row.wp) << ',' << csv_field(join(ex, " ")) << ',' << row.links.size() << ','
      << csv_field(join(gaps, " | ")) << ',' << csv_field(level_text(row)) << '\n';
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
  o << "requirements: " << r.rows.size() << " (verified " << c.at("verified") << ", partial " << c.at("partial")
    << ", stale " << c.at("stale") << ", failed " << c.at("failed") << ", no evidence " << c.at("missing")
    << "); gaps: " << r.gap_count() << "\n";
  return o.str();
}

// ---------------------------------------------------------------------------------------------
std::string render_markdown(const Report& r) {
  std::ostringstream o;
  const auto c = r.status_counts();
  o << "# SONNX Div traceability report\n\n";
  o << "Generated " << r.options.generated << (r.commit.empty() ? "" : " at commit `" + r.commit + "`")
    << " from `" << r.options.evidence_dir.generic_string() << "`.\n\n";
  o << "**" << r.rows.size() << " requirements:** " << c.at("verified") << " verified, " << c.at("partial")
    << " partial, " << c.at("stale") << " stale, " << c.at("failed") << " failed, " << c.at("missing")
    << " without evidence. **Gaps: " << r.gap_count() << ".**\n\n";
  o << "| ID | status | proof level | methods | tests (passed/failed) | Why3 goals proved/total | "
       "WP goals proved/total | exhaustive | gaps |\n";
  o << "|---|---|---|---|---|---|---|---|---|\n";
  auto cell = [](std::string s) {
    for (std::size_t k = 0; (k = s.find('|', k)) != std::string::npos; k += 2) s.replace(k, 1, "\\|");
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
    o << "\n## " << sec.title << " (" << sec.files << ")\n\n" << (sec.bad ? "**" : "") << sec.verdict
      << (sec.bad ? "**" : "") << "\n";
    for (const auto& t : sec.tables) {
      if (t.rows.empty()) continue;
      o << "\n" << t.caption << ":\n\n|";
      for (const auto& h : t.header) o << " " << cell(h) << " |";
      o << "\n|";
      for (std::size_t k = 0; k < t.header.size(); ++k) o << "---|";
      o << "\n";
      for (const auto& row : t.rows) {
        o << "|";
        for (const auto& v : row) o << " " << cell(v) << " |";
        o << "\n";
      }
      if (t.omitted != 0) o << "\n(" << t.omitted << " more rows in the evidence file)\n";
    }
  }
  o << "\n## Evidence files\n\n| file | kind | present | bound to sources | stale |\n|---|---|---|---|---|\n";
  for (const auto& f : r.files)
    o << "| " << f.path << " | " << f.kind << " | " << (f.present ? "yes" : "**no**") << " | " << f.provenance << " | "
      << (f.stale ? "**yes**: " + f.newer_source : "no") << " |\n";
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
std::string render_html(const Report& r) {
  std::ostringstream o;
  const auto c = r.status_counts();
  const int n = static_cast<int>(r.rows.size());
  int tp = 0;
  int tf = 0;
  for (const auto& t : r.tests) (t.passed ? tp : tf)++;
  const int why3_p = obligations_proved(r.why3);
  const int wp_p = obligations_proved(r.wp);
  const auto h = html_escape;

  o << R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>SONNX Div traceability report</title>
<style>
:root{--verified:#2e7d32;--partial:#e08a00;--stale:#7b1fa2;--failed:#c62828;--missing:#757575;--ok:#2e7d32;--bg:#f6f7f9;}
*{box-sizing:border-box}
body{font:13px/1.45 "DejaVu Sans",Arial,sans-serif;color:#1d2430;background:var(--bg);margin:0;padding:20px 24px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px;border-bottom:2px solid #d9dde3;padding-bottom:4px}
.meta{color:#55606e;font-size:12px} code{font:12px "DejaVu Sans Mono",monospace;background:#eceff3;padding:0 3px;border-radius:3px}
.cards{display:flex;gap:10px;margin:14px 0 10px;flex-wrap:wrap}
.card{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:8px 12px;min-width:130px}
.card b{display:block;font-size:20px} .card span{color:#55606e;font-size:11px;text-transform:uppercase;letter-spacing:.04em}
.bar{display:flex;height:26px;border-radius:5px;overflow:hidden;border:1px solid #c9ced6;background:#fff}
.bar div{color:#fff;font-weight:bold;font-size:12px;display:flex;align-items:center;justify-content:center;white-space:nowrap;overflow:hidden}
.legend{display:flex;gap:16px;margin:6px 0 0;font-size:12px;flex-wrap:wrap}
.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.s-verified{background:var(--verified)} .s-partial{background:var(--partial)} .s-stale{background:var(--stale)}
.s-failed{background:var(--failed)} .s-missing{background:var(--missing)}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d9dde3}
th,td{border-bottom:1px solid #e3e6ea;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
table.reqs{table-layout:fixed}
th{background:#eef1f5;font-size:12px;position:sticky;top:0}
tr.req td:first-child{border-left:6px solid var(--missing)}
tr.req.verified td:first-child{border-left-color:var(--verified)} tr.req.partial td:first-child{border-left-color:var(--partial)}
tr.req.stale td:first-child{border-left-color:var(--stale)} tr.req.failed td:first-child{border-left-color:var(--failed)}
tr.req.verified{background:#f3faf3} tr.req.failed{background:#fdf1f1} tr.req.stale{background:#f8f1fb}
.id{font-weight:bold;font-size:15px}
.badge{display:inline-block;color:#fff;border-radius:10px;padding:1px 8px;font-size:11px;font-weight:bold;margin-top:3px;white-space:nowrap}
.chip{display:inline-block;border-radius:3px;padding:0 5px;margin:1px 2px 1px 0;font-size:11px;border:1px solid;white-space:nowrap}
.chip.ok{color:var(--ok);border-color:var(--ok);background:#eaf5ea}
.chip.failed{color:#fff;border-color:var(--failed);background:var(--failed)}
.chip.missing{color:#6b6b6b;border-color:#b0b0b0;background:#f1f1f1;text-decoration:line-through}
.title{font-weight:bold} .stmt{color:#3b4452;font-size:12px;margin-top:2px} .src{color:#55606e;font-size:11px;margin-top:4px}
.num{font-weight:bold;white-space:nowrap} .num .bad{color:var(--failed)} .num .good{color:var(--ok)} .dim{color:#8a93a0}
details summary{cursor:pointer;color:#2a5db0;font-size:11px} details ul{margin:4px 0 0 16px;padding:0;font-size:11px}
ul.flags{margin:0;padding-left:14px;font-size:11.5px} ul.flags li.gap{color:#a31515} ul.flags li.warn{color:#8a6d00}
ul.issues li{margin:2px 0} ul.issues li.gap b{color:#a31515}
.level{display:inline-block;padding:1px 6px;border-radius:3px;color:#fff;font-weight:bold;font-size:11px}
.l-code{background:#1b5e20}.l-exhaustive{background:#2e7d32}.l-spec{background:#e08a00}
.l-test{background:#757575}.l-none{background:#c62828}
caption{padding:6px 0 2px}
a{color:#2a5db0;text-decoration:none} a:hover{text-decoration:underline}
.small{font-size:11px}
</style></head><body>
)";
  o << "<h1>SONNX Div &mdash; traceability report</h1>\n<div class=\"meta\">Generated " << h(r.options.generated);
  if (!r.commit.empty()) o << " &middot; commit <code>" << h(r.commit) << "</code>";
  o << " &middot; catalogue <code>" << h(r.options.catalogue.generic_string()) << "</code> &middot; evidence <code>"
    << h(r.options.evidence_dir.generic_string()) << "</code></div>\n";

  // Cards and the summary bar
  o << "<div class=\"cards\">";
  o << "<div class=\"card\"><span>requirements</span><b>" << c.at("verified") << " / " << n << "</b>verified</div>";
  o << "<div class=\"card\"><span>gaps</span><b style=\"color:" << (r.gap_count() ? "#c62828" : "#2e7d32") << "\">"
    << r.gap_count() << "</b>" << (r.gap_count() ? "report target fails" : "none") << "</div>";
  o << "<div class=\"card\"><span>Catch2 test cases</span><b>" << tp << " / " << r.tests.size() << "</b>"
    << (r.have_catch ? (tf ? std::to_string(tf) + " failed" : "passed") : "no results") << "</div>";
  o << "<div class=\"card\"><span>Why3 goals</span><b>" << why3_p << " / " << obligations_total(r.why3) << "</b>"
    << (r.have_why3 ? "obligations proved" : "no Why3 results") << "</div>";
  {
    const auto wp_props =
        std::count_if(r.wp.begin(), r.wp.end(), [](const ProofGoal& g) { return g.proved; });
    o << "<div class=\"card\"><span>WP properties</span><b>" << wp_props << " / " << r.wp.size()
      << "</b>"
      << (r.have_wp ? "proved (" + std::to_string(wp_p) + " of " +
                          std::to_string(obligations_total(r.wp)) + " goals)"
                    : std::string("no WP results"))
      << "</div>";
  }
  {
    std::string ex;
    for (const auto& x : r.exhaustive) ex += (ex.empty() ? "" : ", ") + x.format + (x.ok() ? " ok" : " not ok");
    o << "<div class=\"card\"><span>exhaustive sweeps</span><b>"
      << std::count_if(r.exhaustive.begin(), r.exhaustive.end(), [](const Exhaustive& x) { return x.ok(); }) << " / "
      << r.exhaustive.size() << "</b>" << (ex.empty() ? "no sweep results" : h(ex)) << "</div>";
  }
  o << "</div>\n<div class=\"bar\">";
  for (const char* s : kStatusOrder) {
    const int k = c.at(s);
    if (k == 0 || n == 0) continue;
    o << "<div class=\"s-" << s << "\" style=\"width:" << (100.0 * k / n) << "%\" title=\"" << status_label(s)
      << "\">" << k << " " << s << "</div>";
  }
  o << "</div>\n<div class=\"legend\">";
  for (const char* s : kStatusOrder)
    o << "<span><i class=\"s-" << s << "\"></i>" << status_label(s) << ": " << c.at(s) << "</span>";
  o << "</div>\n";

  // Requirement table
  o << "<h2>Requirements</h2>\n<table class=\"reqs\"><thead><tr><th style=\"width:78px\">ID</th>"
       "<th style=\"width:25%\">Requirement and source</th><th style=\"width:100px\">Proof level</th>"
       "<th style=\"width:96px\">Methods</th>"
       "<th style=\"width:92px\">Tests</th><th style=\"width:96px\">Why3</th><th style=\"width:96px\">WP</th>"
       "<th style=\"width:112px\">Exhaustive</th><th style=\"width:130px\">Code</th><th>Gaps and warnings</th>"
       "</tr></thead><tbody>\n";
  for (const auto& row : r.rows) {
    const Requirement& q = *row.req;
    o << "<tr class=\"req " << row.status << "\" id=\"req-" << h(q.id) << "\"><td><div class=\"id\">" << h(q.id)
      << "</div><span class=\"badge s-" << row.status << "\">" << row.status << "</span></td>";
    o << "<td><div class=\"title\">" << h(q.title) << "</div><div class=\"stmt\">" << h(q.statement)
      << "</div><div class=\"src\">Source: <b>" << h(q.source.doc) << "</b> <code>" << h(q.source.file) << "</code> &mdash; "
      << h(q.source.section);
    if (!q.source.sonnx_tag.empty()) o << " &middot; SONNX tag <code>" << h(q.source.sonnx_tag) << "</code>";
    o << "</div></td>";
    o << "<td><span class=\"level l-" << row.proof_level << "\">" << h(row.proof_level) << "</span><div class=\"small dim\">"
      << "WP " << row.level_code << ", sweeps " << row.level_exhaustive << ", Why3 " << row.level_spec << ", tests "
      << row.level_tests << "</div>";
    if (row.proof_level == "spec") o << "<div class=\"small bad\">proved about the specification only</div>";
    if (!row.conditions.empty())
      o << "<div class=\"small bad\">conditional: " << h(join(row.conditions, "; ")) << "</div>";
    for (const auto& [t, l] : row.levels_by_type)
      if (l != row.proof_level) {
        std::vector<std::string> parts;
        for (const auto& [t2, l2] : row.levels_by_type) parts.push_back(t2 + " " + l2);
        o << "<div class=\"small dim\">" << h(join(parts, ", ")) << "</div>";
        break;
      }
    o << "</td><td>";
    for (const auto& m : q.methods) o << "<span class=\"chip " << method_state(row, m) << "\">" << h(m) << "</span> ";
    o << "</td>";
    // tests
    o << "<td><div class=\"num\">";
    if (row.tests.empty()) {
      o << "<span class=\"dim\">none</span>";
    } else {
      o << "<span class=\"good\">" << row.tests_passed() << " passed</span>";
      if (row.tests_failed() != 0) o << "<br><span class=\"bad\">" << row.tests_failed() << " failed</span>";
    }
    o << "</div>";
    if (!row.tests.empty()) {
      o << "<details><summary>" << row.tests.size() << " test cases</summary><ul>";
      for (const auto* t : row.tests)
        o << "<li>" << (t->passed ? "&#10003; " : "<b style=\"color:#c62828\">&#10007;</b> ") << "<a href=\""
          << h(source_href(r, t->file, t->line)) << "\">" << h(t->name) << "</a></li>";
      o << "</ul></details>";
    }
    o << "</td>";
    // proofs
    auto proof_cell = [&](const std::vector<const ProofGoal*>& goals, bool have, bool needed) {
      o << "<td><div class=\"num\">";
      if (goals.empty()) {
        o << "<span class=\"dim\">" << (!needed ? "&ndash;" : (have ? "no goal" : "no results")) << "</span></div></td>";
        return;
      }
      const int p = row.proved(goals);
      const int n = Row::total(goals);
      o << "<span class=\"" << (p == n ? "good" : "bad") << "\">" << p << " / " << n
        << "</span></div><div class=\"small\">" << h(join(provers_of(goals), ", "));
      bool any = false;
      const double t = total_time(goals, &any);
      if (any) o << "<br>" << fmt_time(t) << " s";
      o << "</div><details><summary>goals</summary><ul>";
      for (const auto* g : goals) {
        o << "<li>" << (g->proved ? "&#10003; " : "<b style=\"color:#c62828\">&#10007;</b> ");
        const bool scoped = g->scope.empty() || g->goal.rfind(g->scope + "_", 0) == 0;
        const std::string label = (scoped ? "" : g->scope + ".") + g->goal;
        if (!g->file.empty()) o << "<a href=\"" << h(source_href(r, g->file, g->line)) << "\">" << h(label) << "</a>";
        else o << h(label);
        o << " <span class=\"dim\">" << h(g->status) << (g->note.empty() ? "" : ", " + h(g->note))
          << (g->time_s ? ", " + fmt_time(g->time_s) + " s" : "") << "</span></li>";
      }
      o << "</ul></details></td>";
    };
    proof_cell(row.why3, r.have_why3, q.needs("why3"));
    proof_cell(row.wp, r.have_wp, q.needs("wp"));
    // exhaustive
    o << "<td class=\"small\">";
    if (row.exhaustive.empty()) o << "<span class=\"dim\">" << (q.needs("exhaustive") ? "no results" : "&ndash;") << "</span>";
    for (const auto* x : row.exhaustive) {
      o << "<div><b style=\"color:" << (x->ok() ? "#2e7d32" : "#c62828") << "\">" << h(x->format) << "</b> "
        << x->pairs_checked << " pairs, " << x->mismatches << " mismatches";
      if (!x->mode.empty()) o << ", " << h(x->mode);
      if (x->wall_s) o << ", " << fmt_time(x->wall_s) << " s";
      o << "</div>";
    }
    o << "</td>";
    // code links
    o << "<td class=\"small\">";
    if (row.links.empty()) o << "<span class=\"dim\">none</span>";
    {
      // One line per (kind, file): "impl div_kernels.c: 6, 11, 20", each line number a link.
      std::vector<std::pair<std::string, std::vector<const CodeLink*>>> groups;
      for (const auto* l : row.links) {
        const std::string key = l->kind + " " + l->file;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
        if (it == groups.end()) groups.push_back({key, {l}});
        else it->second.push_back(l);
      }
      for (const auto& [key, ls] : groups) {
        o << "<div title=\"" << h(ls.front()->file) << "\">" << h(ls.front()->kind) << " "
          << h(fs::path(ls.front()->file).filename().string()) << ":";
        for (std::size_t k = 0; k < ls.size(); ++k)
          o << (k ? ", " : " ") << "<a href=\"" << h(source_href(r, ls[k]->file, ls[k]->line)) << "\">" << ls[k]->line
            << "</a>";
        o << "</div>";
      }
    }
    o << "</td>";
    // flags
    o << "<td>";
    if (row.flags.empty()) o << "<span class=\"dim\">none</span>";
    else {
      o << "<ul class=\"flags\">";
      for (const auto& f : row.flags)
        o << "<li class=\"" << (f.gap ? "gap" : "warn") << "\"><b>" << h(f.code) << "</b>: " << h(f.message) << "</li>";
      o << "</ul>";
    }
    o << "</td></tr>\n";
  }
  o << "</tbody></table>\n";
  o << "<p class=\"small\">" << md_inline(kProofLevels)
    << " Under each level: the number of proved WP properties, passed sweeps, proved Why3 goals "
       "and passed tests "
       "behind it.";
  {
    int vp = 0;
    for (const auto& t : r.verification_tests) vp += t.passed ? 1 : 0;
    o << " Tests of the verification means (tagged <code>[oracle]</code> or <code>[platform]</code>: the MPFR "
         "oracle, the reference implementations, the platform) count for no requirement: "
      << vp << " / " << r.verification_tests.size() << " passed.";
  }
  o << "</p>\n";

  // Sections read from optional evidence files
  for (const auto& sec : r.sections) {
    o << "<h2 id=\"" << h(sec.id) << "\">" << h(sec.title) << " <span class=\"small dim\">(" << h(sec.files)
      << ")</span></h2>\n<p><b style=\"color:" << (sec.bad ? "#c62828" : "#2e7d32") << "\">" << h(sec.verdict)
      << "</b></p>\n<p class=\"small\">" << h(sec.explanation) << "</p>\n";
    for (const auto& t : sec.tables) {
      if (t.rows.empty()) continue;
      o << "<table><caption class=\"small\" style=\"text-align:left\">" << h(t.caption) << "</caption><thead><tr>";
      for (const auto& k : t.header) o << "<th>" << h(k) << "</th>";
      o << "</tr></thead><tbody>";
      for (const auto& row : t.rows) {
        o << "<tr>";
        for (const auto& v : row) o << "<td class=\"small\">" << h(v) << "</td>";
        o << "</tr>";
      }
      o << "</tbody></table>\n";
      if (t.omitted != 0) o << "<p class=\"small\">" << t.omitted << " more rows in the evidence file.</p>\n";
    }
  }

  // Issues
  o << "<h2>Issues not tied to one requirement (" << r.issues.size() << ")</h2>\n";
  if (r.issues.empty()) o << "<p class=\"dim\">None: no orphan tags, no missing or stale evidence files.</p>\n";
  else {
    o << "<ul class=\"issues\">";
    for (const auto& i : r.issues)
      o << "<li class=\"" << (i.gap ? "gap" : "warn") << "\"><b>" << (i.gap ? "gap" : "warning") << " &middot; "
        << h(i.code) << "</b>: " << h(i.message) << (i.where.empty() ? "" : " <span class=\"dim\">[" + h(i.where) + "]</span>")
        << "</li>";
    o << "</ul>\n";
  }

  // Evidence files
  o << "<h2>Evidence files</h2>\n<p class=\"small\">Each evidence file records the commit and a SHA-256 of the "
       "sources it covers (scripts/evidence_provenance.py); the report recomputes the hash over the current sources, "
       "so a copied bundle and a fresh checkout get the same verdict.</p>\n<table><thead><tr><th>file</th><th>kind</th>"
       "<th>present</th><th>bound to sources</th><th>commit</th><th>stale</th></tr></thead><tbody>";
  for (const auto& f : r.files)
    o << "<tr><td>" << (f.present ? "<a href=\"" + h(f.path) + "\">" + h(f.path) + "</a>" : h(f.path)) << "</td><td>"
      << h(f.kind) << "</td><td>" << (f.present ? "yes" : "<b style=\"color:#c62828\">missing</b>") << "</td><td>"
      << (f.provenance == "none" ? "<b style=\"color:#c62828\">no provenance</b>" : h(f.provenance))
      << "<div class=\"small dim\">" << h(join(f.sources, " ")) << "</div></td><td><code>"
      << h(f.provenance_commit.substr(0, 12)) << "</code></td><td>"
      << (f.stale ? "<b style=\"color:#7b1fa2\">stale</b>: " + h(f.newer_source) : "no") << "</td></tr>";
  o << "</tbody></table>\n";

  // Assumptions
  o << "<h2>Assumptions register (spec/assumptions.json, " << r.assumptions.size()
    << " rows)</h2>\n";
  o << "<table><thead><tr><th>ID</th><th>kind</th><th>where</th><th>statement</th><th>justification</th><th>how it is "
       "checked</th></tr></thead><tbody>";
  for (const auto& a : r.assumptions) {
    o << "<tr>";
    for (std::size_t k = 0; k < 6; ++k)
      o << "<td class=\"small\">" << (k < a.cells.size() ? md_inline(a.cells[k]) : "") << "</td>";
    o << "</tr>";
  }
  o << "</tbody></table>\n";
  if (!r.why3_assumptions.empty()) {
    o << "<p class=\"small\">Rows that the axiom scans of why3.json and wp-report.json matched in "
         "the logical context of the proved goals (each must be a row above; the report flags any "
         "that is "
         "not):</p><ul class=\"small\">";
    for (const auto& a : r.why3_assumptions) o << "<li>" << md_inline(a) << "</li>";
    o << "</ul>";
  }

  // Coverage and benchmarks
  if (!r.coverage.empty()) {
    o << "<h2>Coverage</h2><table><tbody>";
    for (const auto& [k, v] : r.coverage)
      o << "<tr><td style=\"width:260px\">" << h(k) << "</td><td>"
        << (k == "detailed report" ? "<a href=\"" + h(v) + "\">" + h(v) + "</a>" : h(v)) << "</td></tr>";
    o << "</tbody></table>\n";
  }
  if (!r.bench_rows.empty()) {
    o << "<h2>Benchmarks (bench.json, a measurement, not a bound)</h2><table><thead><tr>";
    for (const auto& k : r.bench_header) o << "<th>" << h(k) << "</th>";
    o << "</tr></thead><tbody>";
    for (const auto& row : r.bench_rows) {
      o << "<tr>";
      for (const auto& v : row) o << "<td class=\"small\">" << h(v) << "</td>";
      o << "</tr>";
    }
    o << "</tbody></table>\n";
  }

  // Tool versions
  o << "<h2>Tool versions</h2>\n";
  if (r.tool_versions.empty()) o << "<p><b style=\"color:#c62828\">No tool-versions.json in the evidence dir.</b></p>";
  else {
    o << "<table><tbody>";
    for (const auto& [k, v] : r.tool_versions)
      o << "<tr><td style=\"width:160px\">" << h(k) << "</td><td><code>" << h(v) << "</code></td></tr>";
    o << "</tbody></table>\n";
  }
  o << "<p class=\"meta\">Statuses: <b>verified</b> = every verification method of the catalogue has passing, fresh "
       "evidence from this build; <b>partial</b> = some evidence missing; <b>stale</b> = an evidence file was produced "
       "from other sources than the current ones; <b>failed</b> = a test failed, a goal is not proved or a sweep found mismatches; "
       "<b>no evidence</b> = nothing at all. Schema and rules: docs/traceability.md.</p>\n";
  o << "</body></html>\n";
  return o.str();
}

// ---------------------------------------------------------------------------------------------
std::string render_requirements_md(const Catalogue& cat, const std::string& catalogue_rel) {
  std::ostringstream o;
  o << "# SONNX Div requirements\n\n";
  o << "<!-- Generated from " << catalogue_rel
    << " by `sonnx-trace render-requirements`; do not edit by hand. The CTest requirements_md_up_to_date checks it. "
       "-->\n\n";
  o << "The requirement catalogue of the SONNX `" << (cat.op.empty() ? "Div" : cat.op)
    << "` reference implementation, rendered from `" << catalogue_rel
    << "`. Every requirement is an OpenFastTrace specification item `req~<ID>~1`; code, tests and proofs cite it "
       "as described in `docs/CONVENTIONS.md`, and `docs/traceability.md` explains how the report and OpenFastTrace "
       "trace them.\n\n";
  o << "## Source documents\n\n| key | file | title |\n|---|---|---|\n";
  for (const auto& [key, ft] : cat.sources) o << "| " << key << " | `" << ft.first << "` | " << ft.second << " |\n";
  o << "\n## Verification methods\n\n| method | meaning |\n|---|---|\n";
  for (const auto& [k, v] : cat.method_descriptions) o << "| " << k << " | " << v << " |\n";

  struct Family {
    const char* prefix;
    const char* heading;
  };
  const Family families[] = {{"C", "Constraints of the SONNX specification (002)"},
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
      o << "\n### " << q.id << ": " << q.title << "\n`req~" << q.id << "~1`\n\n" << q.statement << "\n\n";
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
    if (std::find(done.begin(), done.end(), fam) == done.end()) emit(fam, "Other requirements (" + fam + ")");
  }
  return o.str();
}

}  // namespace trace
