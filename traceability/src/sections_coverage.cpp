// Report sections of the structural-coverage evidence (evidence/sonnx_evidence/coverage,
// docs/structural-coverage.md): statement, decision and MC/DC coverage by the requirement-tagged
// tests with the justification register, the formal-analysis coverage of the proved C (DO-333
// FM.6.7), coupling, and the Frama-C Eva analysis beside WP's RTE goals. Each judges the fields
// its verdict rests on ("ok", the counts) and renders the rest as tables.
#include <cstdio>
#include <sonnx/trace/trace.hpp>
#include <string>
#include <vector>

#include "sections_common.hpp"

namespace trace {
namespace {

using sec::ordered;

std::string pair_text(const ordered& p) {
  if (!p.is_array() || p.size() < 2 || !p[0].is_number() || !p[1].is_number()) return "?";
  const double c = p[0].get<double>(), t = p[1].get<double>();
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f/%.0f (%.2f %%)", c, t, t > 0 ? 100.0 * c / t : 100.0);
  return buf;
}

// A table of the records of arr, with the columns `keys` (a pair [covered, total] as "c/t (p %)").
Table pick(const std::string& caption, const ordered& arr, const std::vector<std::string>& keys) {
  Table t;
  t.caption = caption;
  t.header = keys;
  if (!arr.is_array()) return t;
  for (const auto& rec : arr) {
    if (t.rows.size() == sec::kMaxRows) {
      ++t.omitted;
      continue;
    }
    std::vector<std::string> row;
    for (const auto& k : keys) {
      if (!rec.is_object() || !rec.contains(k)) {
        row.push_back("");
        continue;
      }
      const auto& v = rec[k];
      row.push_back(v.is_array() && v.size() == 2 && v[0].is_number() ? pair_text(v)
                                                                       : sec::cell(v));
    }
    t.rows.push_back(row);
  }
  return t;
}

// The file's own verdict: "ok" true and no problems; otherwise a gap naming the first problems.
void judge_ok(Section& s, Report& rep, const ordered& j, const std::string& what) {
  const bool ok = j.contains("ok") && j["ok"].is_boolean() && j["ok"].get<bool>();
  if (ok) return;
  std::string first;
  if (j.contains("problems") && j["problems"].is_array())
    for (std::size_t i = 0; i < j["problems"].size() && i < 3; ++i)
      first += (first.empty() ? "" : "; ") + sec::cell(j["problems"][i]);
  sec::fail(s, rep, Issue{s.id, what + " failed its checks: " + first, s.files, true});
  s.verdict += " -- FAILED: " + first;
}

Section structural(Report& rep) {
  Section s = sec::section(
      "structural-coverage", "Structural coverage (statement, decision, MC/DC)",
      "structural-coverage.json",
      "Clang's source-based coverage with MC/DC of the library's own code (façade, fast paths, "
      "kernels, checks, domain scans, decision procedures, float formats), each compiled version "
      "apart (x86-64-v4, AVX2 and default clones; baseline and AVX2 objects), from the Catch2 "
      "test cases that carry a requirement tag, run one by one on each CPU listed. Every gap is "
      "resolved by a row of spec/coverage-justifications.json whose check holds (the WP goal it "
      "names is proved, the CPU feature it names is absent, the function has no object code, the "
      "decision is covered both ways). Tests without a requirement tag, the sweeps and the "
      "fuzzers are not counted. The gcov figures further down are an indication only.");
  const auto j = sec::open_section(s, rep);
  if (!j) return s;
  const auto& m = (*j)["measured"];
  const auto& g = (*j)["gaps"];
  s.verdict = "statements " + pair_text(m["statements"]) + ", decisions " +
              pair_text(m["decisions"]) + ", MC/DC conditions " + pair_text(m["conditions"]) +
              " measured over " + sec::count_text(sec::number((*j)["counted_tests"], "count")) +
              " requirement-tagged test cases; " + sec::count_text(sec::number(g, "total")) +
              " gaps, " + sec::count_text(sec::number(g, "resolved")) +
              " resolved by the register, " + sec::count_text(sec::number(g, "unresolved")) +
              " unresolved";
  Table run;
  run.caption = "What was counted";
  run.header = {"item", "value"};
  for (const char* k : {"counted_tests", "apart_tests"})
    run.rows.push_back({k, sec::cell((*j)[k]["what"]) + ": " +
                               sec::count_text(sec::number((*j)[k], "count")) + " (" +
                               sec::cell((*j)[k]["programs"]) + ")"});
  run.rows.push_back({"not run", sec::cell((*j)["not_run"])});
  for (const auto& e : (*j)["executors"])
    run.rows.push_back({"CPU " + sec::cell(e["name"]),
                        (e["command"].empty() ? std::string("native") : sec::cell(e["command"])) +
                            "; features " + sec::cell(e["cpu_features"])});
  run.rows.push_back({"functions entered", pair_text(m["functions_entered"])});
  run.rows.push_back({"gaps resolved by kind", sec::cell(g["resolved_by_kind"])});
  if (j->contains("html"))
    run.rows.push_back({"source with counts and MC/DC", sec::cell((*j)["html"])});
  s.tables.push_back(run);
  s.tables.push_back(pick("Justification register rows and their checks", (*j)["register"]["rows"],
                          {"id", "kind", "rests_on", "gaps", "ok", "check"}));
  s.tables.push_back(pick("Gaps (each resolved by the row named, or unresolved)", g["list"],
                          {"function", "variant", "file", "line", "gap", "at", "condition",
                           "missing", "row", "resolved"}));
  s.tables.push_back(pick("Per compiled function", (*j)["functions"],
                          {"short", "variant", "file", "line", "count", "statements", "decisions",
                           "conditions", "gaps", "apart_count"}));
  if (sec::number(g, "unresolved") > 0 || (j->contains("reduced") && (*j)["reduced"] == true))
    s.bad = true;
  judge_ok(s, rep, *j, "structural coverage");
  return s;
}

Section formal(Report& rep) {
  Section s = sec::section(
      "formal-coverage", "Formal-analysis coverage of the proved C (DO-333 FM.6.7)",
      "formal-coverage.json",
      "Every function defined in the proved C files, the WP pass that proves it or the register "
      "row that explains why none does, the properties proved per kind, and the smoke tests that "
      "showed its preconditions, loops, calls and branches reachable (no smoke goal proved).");
  const auto j = sec::open_section(s, rep);
  if (!j) return s;
  const auto& sum = (*j)["summary"];
  s.verdict = sec::count_text(sec::number(sum, "functions")) + " functions: " +
              sec::count_text(sec::number(sum, "proved_by_wp")) + " in a WP pass, " +
              sec::count_text(sec::number(sum, "registered")) + " registered; " +
              sec::count_text(sec::number(sum, "properties_proved")) + "/" +
              sec::count_text(sec::number(sum, "properties")) + " properties proved; " +
              sec::count_text(sec::number(sum, "smoke_goals")) + " smoke goals, " +
              sec::count_text(sec::number(sum, "unreachable_found")) + " unreachable found";
  s.tables.push_back(sec::fields("Source of the listing", *j));
  s.tables.push_back(pick("Per function", (*j)["functions"],
                          {"function", "file", "pass", "register_row", "properties",
                           "by_kind", "smoke_goals", "smoke_unreachable", "smoke_checked"}));
  judge_ok(s, rep, *j, "formal-analysis coverage");
  return s;
}

Section coupling(Report& rep) {
  Section s = sec::section(
      "coupling", "Coupling (control and data)", "coupling.json",
      "Control coupling: per requirement, the library functions its tests reach (from the "
      "structural-coverage profiles of those tests alone), and the functions no requirement's "
      "tests reach. Data coupling: each parameter of the public entry points "
      "(include/sonnx/*.hpp), the field of the C view the façade passes it in, and the checks "
      "that read that field (Frama-C's input analysis over the Eva harnesses).");
  const auto j = sec::open_section(s, rep);
  if (!j) return s;
  s.verdict = sec::count_text(sec::number((*j)["summary"], "requirements")) +
              " requirements with their reached functions; " +
              sec::count_text(sec::number((*j)["summary"], "unreached")) +
              " functions reached by no requirement's tests; " +
              sec::count_text(sec::number((*j)["summary"], "parameters")) +
              " public parameters traced to the checks that read them";
  s.tables.push_back(pick("Per requirement (control coupling)", (*j)["control"],
                          {"requirement", "tests", "functions", "files"}));
  s.tables.push_back(pick("Functions reached by no requirement's tests", (*j)["unreached"],
                          {"function", "variant", "file", "line", "resolved_by"}));
  s.tables.push_back(pick("Public parameters (data coupling)", (*j)["data"],
                          {"entry", "parameter", "field", "read_by"}));
  judge_ok(s, rep, *j, "coupling");
  return s;
}

Section eva(Report& rep) {
  Section s = sec::section(
      "eva", "Frama-C Eva (a second analysis of run-time errors)", "eva.json",
      "Abstract interpretation of the C-subset files from harnesses that give every input the "
      "range its precondition allows (proofs/eva/harness.c), beside WP's RTE goals per "
      "function. Each alarm Eva cannot exclude is in spec/eva-alarms.json with why it is false, "
      "and WP proves the same check: the RTE assertion of the same kind on the same statement, "
      "or for a float-to-integer conversion the range assertion before it.");
  const auto j = sec::open_section(s, rep);
  if (!j) return s;
  const auto& sum = (*j)["summary"];
  s.verdict = sec::count_text(sec::number(sum, "entries")) + " entry points, " +
              sec::count_text(sec::number(sum, "functions")) + " functions, " +
              sec::count_text(sec::number(sum, "alarms")) + " alarms, " +
              sec::count_text(sec::number(sum, "alarms_shown_false")) +
              " shown false (a register row and WP's proof of the same check)";
  s.tables.push_back(pick("Per function: Eva beside WP", (*j)["functions"],
                          {"function", "statements", "alarms", "wp_rte_goals", "entries"}));
  s.tables.push_back(pick("Alarms", (*j)["alarms"],
                          {"function", "kind", "property", "file", "line", "row", "wp_evidence",
                           "false_alarm_shown"}));
  judge_ok(s, rep, *j, "Eva");
  return s;
}

}  // namespace

void read_reached(Report& rep) {
  std::string error;
  const auto j = sec::read_json(rep.options.evidence_dir / "coupling.json", &error);
  if (!j) {
    if (!error.empty())
      rep.issues.push_back(Issue{"unreadable", "coupling.json: " + error, "coupling.json", true});
    return;
  }
  try {
    for (const auto& c : j->at("control"))
      for (const auto& f : c.at("reached"))
        rep.reached[c.at("requirement").get<std::string>()].push_back(
            ReachedFunction{f.at("function").get<std::string>(),
                            f.at("variant").get<std::string>(), f.at("file").get<std::string>(),
                            f.at("line").get<int>(), f.at("href").get<std::string>()});
  } catch (const std::exception& e) {
    rep.issues.push_back(Issue{"unreadable", std::string("coupling.json: ") + e.what(),
                               "coupling.json", true});
  }
}

namespace sec {
void coverage_sections(Report& rep) {
  rep.sections.push_back(structural(rep));
  rep.sections.push_back(formal(rep));
  rep.sections.push_back(coupling(rep));
  rep.sections.push_back(eva(rep));
}
}  // namespace sec

}  // namespace trace
