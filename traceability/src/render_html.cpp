// traceability.html: the report model as a Mustache view, rendered with the page's template
// (templates/report.html.mustache, embedded at build time as kReportHtmlTemplate). The template
// holds the markup, words and colours; this file decides only what each row shows.
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "mustache_view.hpp"
#include "render_common.hpp"
#include "report_html.hpp"

namespace trace {
namespace {

using namespace view;  // NOLINT: the view helpers are this file's vocabulary

mu::data key_values(const std::vector<std::pair<std::string, std::string>>& kv) {
  mu::list out;
  for (const auto& [k, v] : kv)
    out.push_back(mu::object{{"key", k}, {"value", v}, {"is_link", k == "detailed report"}});
  return ends_marked(std::move(out));
}

mu::data proof_cell(const Report& r, const Row& row, const std::vector<const ProofGoal*>& goals,
                    bool have, bool needed) {
  mu::data cell = mu::object{{"has_goals", !goals.empty()}, {"have", have}, {"needed", needed}};
  if (goals.empty()) return cell;
  const int p = row.proved(goals);
  const int n = Row::total(goals);
  bool any = false;
  const double t = total_time(goals, &any);
  cell.set("proved", num(p));
  cell.set("total", num(n));
  cell.set("all_proved", p == n);
  cell.set("provers", join(provers_of(goals), ", "));
  cell.set("has_time", any);
  cell.set("time", fmt_time(t));
  mu::list items;
  for (const auto* g : goals) {
    const bool scoped = g->scope.empty() || g->goal.rfind(g->scope + "_", 0) == 0;
    items.push_back(
        mu::object{{"goal_proved", g->proved},
                   {"label", (scoped ? "" : g->scope + ".") + g->goal},
                   {"href", g->file.empty() ? mu::data(false) : source_href(r, g->file, g->line)},
                   {"status", g->status},
                   {"note", text_if_any(g->note)},
                   {"goal_time", g->time_s ? mu::data(fmt_time(g->time_s)) : mu::data(false)}});
  }
  cell.set("goals", items);
  return cell;
}

// One line per (kind, file): "impl div_kernels.c: 6, 11, 20", each line number a link.
mu::data code_links(const Report& r, const Row& row) {
  std::vector<std::pair<std::string, std::vector<const CodeLink*>>> groups;
  for (const auto* l : row.links) {
    const std::string key = l->kind + " " + l->file;
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end())
      groups.push_back({key, {l}});
    else
      it->second.push_back(l);
  }
  mu::list out;
  for (const auto& [key, ls] : groups) {
    mu::list lines;
    for (const auto* l : ls)
      lines.push_back(
          mu::object{{"href", source_href(r, l->file, l->line)}, {"line", num(l->line)}});
    out.push_back(mu::object{{"file", ls.front()->file},
                             {"kind", ls.front()->kind},
                             {"name", fs::path(ls.front()->file).filename().string()},
                             {"lines", ends_marked(std::move(lines))}});
  }
  return out;
}

mu::data requirement_row(const Report& r, const Row& row) {
  const Requirement& q = *row.req;
  mu::data v = mu::object{{"status", to_string(row.status)},
                          {"id", q.id},
                          {"title", q.title},
                          {"statement", q.statement},
                          {"doc", q.source.doc},
                          {"file", q.source.file},
                          {"section", q.source.section},
                          {"has_tag", !q.source.sonnx_tag.empty()},
                          {"tag", q.source.sonnx_tag}};
  v.set("level", to_string(row.proof_level));
  v.set("level_code", num(row.level_code));
  v.set("level_exhaustive", num(row.level_exhaustive));
  v.set("level_spec", num(row.level_spec));
  v.set("level_tests", num(row.level_tests));
  v.set("spec_only", row.proof_level == Level::spec);
  v.set("has_conditions", !row.conditions.empty());
  v.set("conditions", join(row.conditions, "; "));
  // The levels per element type, when they are not all the requirement's level.
  std::vector<std::string> parts;
  for (const auto& [t, l] : row.levels_by_type) parts.push_back(t + " " + to_string(l));
  v.set("has_type_levels",
        std::any_of(row.levels_by_type.begin(), row.levels_by_type.end(),
                    [&](const auto& tl) { return tl.second != row.proof_level; }));
  v.set("type_levels", join(parts, ", "));
  mu::list methods;
  for (const auto& m : q.methods)
    methods.push_back(mu::object{{"state", method_state(row, m)}, {"name", m}});
  v.set("methods", methods);

  v.set("has_tests", !row.tests.empty());
  v.set("tests_passed", num(row.tests_passed()));
  v.set("tests_failed", count_if_any(row.tests_failed()));
  v.set("test_count", num(row.tests.size()));
  mu::list tests;
  for (const auto* t : row.tests)
    tests.push_back(mu::object{
        {"passed", t->passed}, {"href", source_href(r, t->file, t->line)}, {"name", t->name}});
  v.set("tests", tests);

  v.set("proofs", mu::list{proof_cell(r, row, row.why3, r.have_why3, q.needs("why3")),
                           proof_cell(r, row, row.wp, r.have_wp, q.needs("wp"))});

  v.set("sweeps_needed", q.needs("exhaustive"));
  mu::list sweeps;
  for (const auto* x : row.exhaustive)
    sweeps.push_back(mu::object{{"ok", x->ok()},
                                {"format", x->format},
                                {"pairs", num(x->pairs_checked)},
                                {"mismatches", num(x->mismatches)},
                                {"mode", text_if_any(x->mode)},
                                {"wall", x->wall_s ? mu::data(fmt_time(x->wall_s)) : false}});
  v.set("sweeps", sweeps);
  v.set("links", code_links(r, row));
  mu::list reached;
  if (row.reached != nullptr)
    for (const auto& f : *row.reached)
      reached.push_back(mu::object{{"href", f.href},
                                   {"function", f.function},
                                   {"variant", f.variant.empty() ? "" : " [" + f.variant + "]"}});
  v.set("has_reached", !reached.empty());
  v.set("reached_count", num(reached.size()));
  v.set("reached", reached);
  mu::list flags;
  for (const auto& f : row.flags)
    flags.push_back(mu::object{{"gap", f.gap}, {"code", f.code}, {"message", f.message}});
  v.set("flags", ends_marked(std::move(flags)));
  return v;
}

mu::data summary(const Report& r, mu::data v) {
  const auto c = r.status_counts();
  const int n = static_cast<int>(r.rows.size());
  int tp = 0;
  int tf = 0;
  for (const auto& t : r.tests) (t.passed ? tp : tf)++;
  v.set("verified", num(status_count(c, Status::verified)));
  v.set("requirements", num(n));
  v.set("has_gaps", r.gap_count() != 0);
  v.set("gaps", num(r.gap_count()));
  v.set("have_catch", r.have_catch);
  v.set("catch_passed", num(tp));
  v.set("catch_tests", num(r.tests.size()));
  v.set("catch_failed", count_if_any(tf));
  v.set("have_why3", r.have_why3);
  v.set("why3_proved", num(obligations_proved(r.why3)));
  v.set("why3_total", num(obligations_total(r.why3)));
  v.set("have_wp", r.have_wp);
  v.set("wp_properties_proved",
        num(std::count_if(r.wp.begin(), r.wp.end(), [](const ProofGoal& g) { return g.proved; })));
  v.set("wp_properties", num(r.wp.size()));
  v.set("wp_proved", num(obligations_proved(r.wp)));
  v.set("wp_total", num(obligations_total(r.wp)));
  mu::list sweeps;
  for (const auto& x : r.exhaustive)
    sweeps.push_back(mu::object{{"format", x.format}, {"ok", x.ok()}});
  v.set("sweeps_ok", num(std::count_if(r.exhaustive.begin(), r.exhaustive.end(),
                                       [](const Exhaustive& x) { return x.ok(); })));
  v.set("sweep_count", num(r.exhaustive.size()));
  v.set("sweep_list", ends_marked(std::move(sweeps)));
  mu::list bar;
  mu::list legend;
  for (const Status s : kStatuses) {
    const int k = status_count(c, s);
    mu::data item =
        mu::object{{"status", to_string(s)}, {"label", status_label(s)}, {"count", num(k)}};
    legend.push_back(item);
    if (k == 0 || n == 0) continue;
    std::ostringstream width;
    width << (100.0 * k / n);
    item.set("width", width.str());
    bar.push_back(item);
  }
  v.set("bar", bar);
  v.set("legend", legend);
  return v;
}

mu::data evidence_files(const Report& r) {
  mu::list out;
  for (const auto& f : r.files)
    out.push_back(mu::object{{"path", f.path},
                             {"kind", f.kind},
                             {"present", f.present},
                             {"bound", f.provenance != Provenance::none},
                             {"provenance", to_string(f.provenance)},
                             {"sources", join(f.sources, " ")},
                             {"file_commit", f.provenance_commit.substr(0, 12)},
                             {"stale", f.stale},
                             {"newer_source", f.newer_source}});
  return out;
}

// The registers' cells are inline Markdown, rendered here ({{{ }}} in the template).
mu::data registers(const Report& r, mu::data v) {
  mu::list rows;
  for (const auto& a : r.assumptions) {
    std::vector<std::string> cells;
    for (std::size_t k = 0; k < 6; ++k)
      cells.push_back(k < a.cells.size() ? md_inline(a.cells[k]) : "");
    rows.push_back(mu::object{{"cells", strings(cells)}});
  }
  v.set("assumption_count", num(r.assumptions.size()));
  v.set("assumptions", rows);
  mu::list matched;
  for (const auto& a : r.why3_assumptions) matched.push_back(mu::object{{"text", md_inline(a)}});
  v.set("matched_assumptions", ends_marked(std::move(matched)));
  return v;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
std::string render_html(const Report& r) {
  mu::data v = mu::object{{"generated", r.options.generated},
                          {"has_commit", !r.commit.empty()},
                          {"commit", r.commit},
                          {"catalogue", r.options.catalogue.generic_string()},
                          {"evidence", r.options.evidence_dir.generic_string()}};
  v = summary(r, std::move(v));
  mu::list rows;
  for (const auto& row : r.rows) rows.push_back(requirement_row(r, row));
  v.set("rows", rows);
  v.set("proof_levels", md_inline(kProofLevels));
  int vp = 0;
  for (const auto& t : r.verification_tests) vp += t.passed ? 1 : 0;
  v.set("verification_passed", num(vp));
  v.set("verification_tests", num(r.verification_tests.size()));
  mu::list tags;
  for (const auto& t : kNonRequirementTags)
    tags.push_back(mu::object{{"tag", t.tag}, {"checks", t.checks}});
  v.set("non_requirement_tags", ends_marked(std::move(tags)));
  v.set("sections", sections(r));
  mu::list issues;
  for (const auto& i : r.issues)
    issues.push_back(mu::object{
        {"gap", i.gap}, {"code", i.code}, {"message", i.message}, {"where", text_if_any(i.where)}});
  v.set("issue_count", num(r.issues.size()));
  v.set("issues", ends_marked(std::move(issues)));
  v.set("files", evidence_files(r));
  v = registers(r, std::move(v));
  v.set("coverage", key_values(r.coverage));
  v.set("has_bench", !r.bench_rows.empty());
  v.set("bench_header", strings(r.bench_header));
  v.set("bench_rows", table_rows(r.bench_rows));
  v.set("tools", key_values(r.tool_versions));

  return view::render(kReportHtmlTemplate, v, html_escape, "traceability.html");
}

}  // namespace trace
