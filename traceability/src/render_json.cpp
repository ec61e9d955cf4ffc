// traceability.json: the report as data.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "render_common.hpp"

namespace trace {

namespace {

using ordered = nlohmann::ordered_json;

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
        vs.push_back({{"prover", v.prover},
                      {"result", v.result},
                      {"time", v.time_s ? ordered(*v.time_s) : ordered(nullptr)}});
      o["verdicts"] = vs;
    }
    arr.push_back(o);
  }
  return arr;
}

}  // namespace

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
  // In the order of the names (the summary's order since its first schema).
  for (const Status s :
       {Status::failed, Status::missing, Status::partial, Status::stale, Status::verified})
    sum[to_string(s)] = status_count(r.status_counts(), s);
  sum["gaps"] = r.gap_count();
  int tp = 0;
  int tf = 0;
  for (const auto& t : r.tests) (t.passed ? tp : tf)++;
  sum["tests"] = {{"total", r.tests.size()}, {"passed", tp}, {"failed", tf}};
  int vp = 0;
  for (const auto& t : r.verification_tests) vp += t.passed ? 1 : 0;
  sum["verification_tests"] = {{"total", r.verification_tests.size()}, {"passed", vp}};
  ordered levels = {{"code", 0}, {"exhaustive", 0}, {"spec", 0}, {"test", 0}, {"none", 0}};
  for (const auto& row : r.rows)
    levels[to_string(row.proof_level)] = levels[to_string(row.proof_level)].get<int>() + 1;
  sum["proof_levels"] = levels;
  auto count = [](const std::vector<ProofGoal>& g) {
    return ordered{
        {"proved", obligations_proved(g)}, {"total", obligations_total(g)}, {"goals", g.size()}};
  };
  sum["why3"] = count(r.why3);
  sum["wp"] = count(r.wp);
  sum["evidence"] = {{"catch2", r.have_catch},
                     {"why3", r.have_why3},
                     {"wp", r.have_wp},
                     {"exhaustive", !r.exhaustive.empty()}};
  j["summary"] = sum;

  ordered reqs = ordered::array();
  for (const auto& row : r.rows) {
    const Requirement& q = *row.req;
    ordered o;
    o["id"] = q.id;
    o["title"] = q.title;
    o["statement"] = q.statement;
    o["source"] = {{"doc", q.source.doc},
                   {"file", q.source.file},
                   {"section", q.source.section},
                   {"sonnx_tag", q.source.sonnx_tag}};
    o["verification"] = q.methods;
    o["status"] = to_string(row.status);
    o["proof_level"] = to_string(row.proof_level);
    o["conditional"] = !row.conditions.empty();
    o["conditions"] = row.conditions;
    {
      ordered by_type = ordered::object();
      for (const auto& [t, l] : row.levels_by_type) by_type[t] = to_string(l);
      o["proof_level_by_type"] = by_type;
    }
    o["proof_level_counts"] = {{"code", row.level_code},
                               {"exhaustive", row.level_exhaustive},
                               {"spec", row.level_spec},
                               {"tests", row.level_tests}};
    ordered cases = ordered::array();
    for (const auto* t : row.tests)
      cases.push_back({{"name", t->name},
                       {"executable", t->executable},
                       {"file", rel_source(r, t->file)},
                       {"line", t->line},
                       {"passed", t->passed}});
    o["tests"] = {{"total", row.tests.size()},
                  {"passed", row.tests_passed()},
                  {"failed", row.tests_failed()},
                  {"cases", cases}};
    const int why3_p = row.proved(row.why3);
    const int wp_p = row.proved(row.wp);
    o["proofs"] = {
        {"proved", why3_p + wp_p},
        {"total", Row::total(row.why3) + Row::total(row.wp)},
        {"why3",
         {{"proved", why3_p}, {"total", Row::total(row.why3)}, {"goals", goals_json(r, row.why3)}}},
        {"wp",
         {{"proved", wp_p}, {"total", Row::total(row.wp)}, {"goals", goals_json(r, row.wp)}}}};
    // The goals that decide the requirement, Why3's then WP's, one line each (their prover
    // verdicts are under "proofs").
    ordered goal_list = ordered::array();
    for (const auto& [tool, goals] : {std::pair{"why3", &row.why3}, std::pair{"wp", &row.wp}})
      for (const auto* g : *goals)
        goal_list.push_back({{"tool", tool},
                             {"file", rel_source(r, g->file)},
                             {"line", g->line},
                             {"goal", g->goal},
                             {"proved", g->proved}});
    o["goals"] = goal_list;
    ordered ex = ordered::array();
    for (const auto* x : row.exhaustive)
      ex.push_back({{"file", x->evidence},
                    {"format", x->format},
                    {"mode", x->mode},
                    {"pairs_checked", x->pairs_checked},
                    {"mismatches", x->mismatches},
                    {"symmetry_failures", x->symmetry_failures},
                    {"wall_s", x->wall_s ? ordered(*x->wall_s) : ordered(nullptr)},
                    {"complete", x->complete()},
                    {"ok", x->ok()}});
    o["exhaustive"] = ex;
    ordered links = ordered::array();
    for (const auto* l : row.links)
      links.push_back({{"kind", l->kind}, {"file", l->file}, {"line", l->line}});
    o["code_links"] = links;
    ordered reached = ordered::array();
    if (row.reached != nullptr)
      for (const auto& f : *row.reached)
        reached.push_back({{"function", f.function},
                           {"variant", f.variant},
                           {"file", f.file},
                           {"line", f.line},
                           {"href", f.href}});
    o["code_reached"] = reached;
    ordered flags = ordered::array();
    for (const auto& f : row.flags)
      flags.push_back({{"code", f.code}, {"message", f.message}, {"gap", f.gap}});
    o["flags"] = flags;
    reqs.push_back(o);
  }
  j["requirements"] = reqs;
  ordered issues = ordered::array();
  for (const auto& i : r.issues)
    issues.push_back(
        {{"code", i.code}, {"message", i.message}, {"where", i.where}, {"gap", i.gap}});
  j["issues"] = issues;
  ordered files = ordered::array();
  for (const auto& f : r.files)
    files.push_back({{"path", f.path},
                     {"kind", f.kind},
                     {"present", f.present},
                     {"mtime", f.mtime},
                     {"stale", f.stale},
                     {"newer_source", f.newer_source},
                     {"provenance", to_string(f.provenance)},
                     {"provenance_commit", f.provenance_commit},
                     {"sources", f.sources}});
  j["evidence_files"] = files;
  ordered vt = ordered::array();
  for (const auto& t : r.verification_tests)
    vt.push_back({{"name", t.name},
                  {"tags", t.tags},
                  {"executable", t.executable},
                  {"file", rel_source(r, t.file)},
                  {"line", t.line},
                  {"passed", t.passed}});
  j["verification_tests"] = vt;
  ordered secs = ordered::array();
  for (const auto& sec : r.sections) {
    ordered tables = ordered::array();
    for (const auto& t : sec.tables)
      tables.push_back(
          {{"caption", t.caption}, {"header", t.header}, {"rows", t.rows}, {"omitted", t.omitted}});
    secs.push_back({{"id", sec.id},
                    {"title", sec.title},
                    {"files", sec.files},
                    {"run", sec.run},
                    {"verdict", sec.verdict},
                    {"attention", sec.bad},
                    {"tables", tables}});
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

}  // namespace trace
