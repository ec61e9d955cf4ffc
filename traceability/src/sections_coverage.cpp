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

// The text with each {field} replaced by the count in that field of summary (0 when absent).
std::string counts(const ordered& summary, const std::string& text) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = text.find('{', at);
    const std::size_t close = open == std::string::npos ? open : text.find('}', open);
    if (close == std::string::npos) return out + text.substr(at);
    const std::string field = text.substr(open + 1, close - open - 1);
    out += text.substr(at, open - at) + sec::count_text(sec::number(summary, field.c_str()));
    at = close + 1;
  }
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

// A table of pick: the records of the file's array `key`, with the columns `columns`.
struct Picked {
  const char* caption;
  const char* key;
  std::vector<std::string> columns;
};

// The formal-coverage, coupling and Eva sections: their file's "summary" counts make the verdict
// (its {field}s), their arrays of records are tables, and the file has its own verdict (judge_ok).
void summarised(Section& s, Report& rep, const ordered& j, const std::string& verdict,
                const std::vector<Picked>& tables, const std::string& what) {
  s.verdict = counts(j["summary"], verdict);
  for (const auto& t : tables) s.tables.push_back(pick(t.caption, j[t.key], t.columns));
  judge_ok(s, rep, j, what);
}

}  // namespace

namespace sec {

void structural(Section& s, Report& rep, const ordered& j) {
  const auto& m = j["measured"];
  const auto& g = j["gaps"];
  s.verdict = "statements " + pair_text(m["statements"]) + ", decisions " +
              pair_text(m["decisions"]) + ", MC/DC conditions " + pair_text(m["conditions"]) +
              " measured over " + sec::count_text(sec::number(j["counted_tests"], "count")) +
              " requirement-tagged test cases; " + sec::count_text(sec::number(g, "total")) +
              " gaps, " + sec::count_text(sec::number(g, "resolved")) +
              " resolved by the register, " + sec::count_text(sec::number(g, "unresolved")) +
              " unresolved";
  Table run;
  run.caption = "What was counted";
  run.header = {"item", "value"};
  for (const char* k : {"counted_tests", "apart_tests"})
    run.rows.push_back({k, sec::cell(j[k]["what"]) + ": " +
                               sec::count_text(sec::number(j[k], "count")) + " (" +
                               sec::cell(j[k]["programs"]) + ")"});
  run.rows.push_back({"not run", sec::cell(j["not_run"])});
  for (const auto& e : j["executors"])
    run.rows.push_back({"CPU " + sec::cell(e["name"]),
                        (e["command"].empty() ? std::string("native") : sec::cell(e["command"])) +
                            "; features " + sec::cell(e["cpu_features"])});
  run.rows.push_back({"functions entered", pair_text(m["functions_entered"])});
  run.rows.push_back({"gaps resolved by kind", sec::cell(g["resolved_by_kind"])});
  if (j.contains("html"))
    run.rows.push_back({"source with counts and MC/DC", sec::cell(j["html"])});
  s.tables.push_back(run);
  s.tables.push_back(pick("Justification register rows and their checks", j["register"]["rows"],
                          {"id", "kind", "rests_on", "gaps", "ok", "check"}));
  s.tables.push_back(pick("Gaps (each resolved by the row named, or unresolved)", g["list"],
                          {"function", "variant", "file", "line", "gap", "at", "condition",
                           "missing", "row", "resolved"}));
  s.tables.push_back(pick("Per compiled function", j["functions"],
                          {"short", "variant", "file", "line", "count", "statements", "decisions",
                           "conditions", "gaps", "apart_count"}));
  if (sec::number(g, "unresolved") > 0 || (j.contains("reduced") && j["reduced"] == true))
    s.bad = true;
  judge_ok(s, rep, j, "structural coverage");
}

void formal(Section& s, Report& rep, const ordered& j) {
  s.tables.push_back(sec::fields("Source of the listing", j));
  summarised(s, rep, j,
             "{functions} functions: {proved_by_wp} in a WP pass, {registered} registered; "
             "{properties_proved}/{properties} properties proved; {smoke_goals} smoke goals, "
             "{unreachable_found} unreachable found",
             {{"Per function", "functions",
               {"function", "file", "pass", "register_row", "properties", "by_kind", "smoke_goals",
                "smoke_unreachable", "smoke_checked"}}},
             "formal-analysis coverage");
}

void coupling(Section& s, Report& rep, const ordered& j) {
  summarised(s, rep, j,
             "{requirements} requirements with their reached functions; {unreached} functions "
             "reached by no requirement's tests; {parameters} public parameters traced to the "
             "checks that read them",
             {{"Per requirement (control coupling)", "control",
               {"requirement", "tests", "functions", "files"}},
              {"Functions reached by no requirement's tests", "unreached",
               {"function", "variant", "file", "line", "resolved_by"}},
              {"Public parameters (data coupling)", "data",
               {"entry", "parameter", "field", "read_by"}}},
             "coupling");
}

void eva(Section& s, Report& rep, const ordered& j) {
  summarised(s, rep, j,
             "{entries} entry points, {functions} functions, {alarms} alarms, "
             "{alarms_shown_false} shown false (a register row and WP's proof of the same check)",
             {{"Per function: Eva beside WP", "functions",
               {"function", "statements", "alarms", "wp_rte_goals", "entries"}},
              {"Alarms", "alarms",
               {"function", "kind", "property", "file", "line", "row", "wp_evidence",
                "false_alarm_shown"}}},
             "Eva");
}

}  // namespace sec

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

}  // namespace trace
