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

// A JSON array of record(item) for each item, in the items' order.
template <typename Items, typename Record>
ordered array_of(const Items& items, Record record) {
  ordered arr = ordered::array();
  for (const auto& item : items) arr.push_back(record(item));
  return arr;
}

ordered goals_json(const Report& r, const std::vector<const ProofGoal*>& goals) {
  return array_of(goals, [&](const ProofGoal* g) {
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
    if (!g->verdicts.empty())
      o["verdicts"] = array_of(g->verdicts, [](const Verdict& v) {
        return ordered{{"prover", v.prover},
                       {"result", v.result},
                       {"time", v.time_s ? ordered(*v.time_s) : ordered(nullptr)}};
      });
    return o;
  });
}

ordered table_json(const Table& t) {
  return {{"caption", t.caption}, {"header", t.header}, {"rows", t.rows}, {"omitted", t.omitted}};
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
    ordered cases = array_of(row.tests, [&](const TestCase* t) {
      return ordered{{"name", t->name},
                     {"executable", t->executable},
                     {"file", rel_source(r, t->file)},
                     {"line", t->line},
                     {"passed", t->passed}};
    });
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
    o["exhaustive"] = array_of(row.exhaustive, [](const Exhaustive* x) {
      return ordered{{"file", x->evidence},
                     {"format", x->format},
                     {"mode", x->mode},
                     {"pairs_checked", x->pairs_checked},
                     {"mismatches", x->mismatches},
                     {"symmetry_failures", x->symmetry_failures},
                     {"wall_s", x->wall_s ? ordered(*x->wall_s) : ordered(nullptr)},
                     {"complete", x->complete()},
                     {"ok", x->ok()}};
    });
    o["code_links"] = array_of(row.links, [](const CodeLink* l) {
      return ordered{{"kind", l->kind}, {"file", l->file}, {"line", l->line}};
    });
    o["code_reached"] = ordered::array();
    if (row.reached != nullptr)
      o["code_reached"] = array_of(*row.reached, [](const ReachedFunction& f) {
        return ordered{{"function", f.function},
                       {"variant", f.variant},
                       {"file", f.file},
                       {"line", f.line},
                       {"href", f.href}};
      });
    o["flags"] = array_of(row.flags, [](const Flag& f) {
      return ordered{{"code", f.code}, {"message", f.message}, {"gap", f.gap}};
    });
    reqs.push_back(o);
  }
  j["requirements"] = reqs;
  j["issues"] = array_of(r.issues, [](const Issue& i) {
    return ordered{{"code", i.code}, {"message", i.message}, {"where", i.where}, {"gap", i.gap}};
  });
  j["evidence_files"] = array_of(r.files, [](const EvidenceFile& f) {
    return ordered{{"path", f.path},
                   {"kind", f.kind},
                   {"present", f.present},
                   {"mtime", f.mtime},
                   {"stale", f.stale},
                   {"newer_source", f.newer_source},
                   {"provenance", to_string(f.provenance)},
                   {"provenance_commit", f.provenance_commit},
                   {"sources", f.sources}};
  });
  j["verification_tests"] = array_of(r.verification_tests, [&](const TestCase& t) {
    return ordered{{"name", t.name},
                   {"tags", t.tags},
                   {"executable", t.executable},
                   {"file", rel_source(r, t.file)},
                   {"line", t.line},
                   {"passed", t.passed}};
  });
  j["sections"] = array_of(r.sections, [](const Section& sec) {
    return ordered{{"id", sec.id},
                   {"title", sec.title},
                   {"files", sec.files},
                   {"run", sec.run},
                   {"verdict", sec.verdict},
                   {"attention", sec.bad},
                   {"tables", array_of(sec.tables, table_json)}};
  });
  j["assumptions"] = array_of(r.assumptions, [](const Assumption& a) { return ordered(a.cells); });
  j["assumption_rows_of_proofs"] = r.why3_assumptions;
  ordered tv = ordered::object();
  for (const auto& [k, v] : r.tool_versions) tv[k] = v;
  j["tool_versions"] = tv;
  return j.dump(2) + "\n";
}

}  // namespace trace
