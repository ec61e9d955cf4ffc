// Report sections read from evidence files that other campaigns write: runtime conformance,
// coding standard and stack bounds, WP smoke tests and driver bindings; and the helpers of every
// section (sections_common.hpp). Their table, in the report's order: sections_table.cpp.
// The files' schemas grow; the sections render what they find as tables and judge only the few
// fields their verdict rests on. An absent file is shown as "not run", never as a pass.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "sections_common.hpp"
namespace trace {

namespace sec {

std::optional<ordered> read_json(const fs::path& p, std::string* error) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  try {
    return ordered::parse(in);
  } catch (const std::exception& e) {
    *error = e.what();
    return std::nullopt;
  }
}

std::string cell(const ordered& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_null()) return "";
  if (v.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v.get<double>());
    return buf;
  }
  if (v.is_array() &&
      std::all_of(v.begin(), v.end(), [](const ordered& x) { return x.is_primitive(); })) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + cell(x);
    return out;
  }
  return v.dump();
}

double number(const ordered& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0;
}

std::string count_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

// An array of objects as a table (columns: the union of their keys, in first-seen order).
Table records(const std::string& caption, const ordered& arr) {
  Table t;
  t.caption = caption;
  for (const auto& rec : arr)
    if (rec.is_object())
      for (const auto& [k, v] : rec.items())
        if (std::find(t.header.begin(), t.header.end(), k) == t.header.end()) t.header.push_back(k);
  for (const auto& rec : arr) {
    if (t.rows.size() == kMaxRows) {
      ++t.omitted;
      continue;
    }
    std::vector<std::string> row;
    if (rec.is_object())
      for (const auto& k : t.header) row.push_back(rec.contains(k) ? cell(rec[k]) : "");
    else
      row.push_back(cell(rec));
    t.rows.push_back(row);
  }
  if (t.header.empty()) t.header.push_back("value");
  return t;
}

// The scalar fields of an object (nested objects of scalars flattened as "outer.inner").
Table fields(const std::string& caption, const ordered& obj) {
  Table t;
  t.caption = caption;
  t.header = {"field", "value"};
  std::vector<std::pair<std::string, const ordered*>> todo;
  for (const auto& [k, v] : obj.items()) todo.push_back({k, &v});
  for (const auto& [k, v] : todo) {
    if (k == "provenance") continue;
    if (v->is_object()) {
      for (const auto& [k2, v2] : v->items())
        if (v2.is_primitive() || (v2.is_array() && cell(v2).find('{') == std::string::npos))
          t.rows.push_back({k + "." + k2, cell(v2)});
    } else if (v->is_primitive() || (v->is_array() && !v->empty() && (*v)[0].is_primitive())) {
      t.rows.push_back({k, cell(*v)});
    }
  }
  return t;
}

// Every array of objects in obj (and one level down) as a table.
void record_tables(Section& s, const ordered& obj, const std::string& prefix, int depth) {
  for (const auto& [k, v] : obj.items()) {
    if (k == "provenance") continue;
    if (v.is_array() && !v.empty() && v[0].is_object())
      s.tables.push_back(records(prefix + k, v));
    else if (v.is_object() && depth == 0)
      record_tables(s, v, prefix + k + ".", 1);
  }
}

// Marks the section failed and records why in the report (a gap, or a warning when !issue.gap).
void fail(Section& s, Report& rep, Issue issue) {
  s.bad = true;
  rep.issues.push_back(std::move(issue));
}

// Reads the section's file; when it is absent ("not run", a warning) or unreadable (a gap), says so
// in the section and returns nothing.
std::optional<ordered> open_section(Section& s, Report& rep) {
  std::string error;
  auto j = read_json(rep.options.evidence_dir / s.files, &error);
  if (j) return j;
  s.run = !error.empty();
  s.bad = true;
  if (error.empty()) {
    s.verdict = "not run: " + s.files + " is not in the evidence dir";
    rep.issues.push_back(Issue{"not-run", s.title + " not run: no " + s.files, s.files, false});
  } else {
    s.verdict = "unreadable: " + error;
    rep.issues.push_back(Issue{"unreadable", s.files + ": " + error, s.files, true});
  }
  return std::nullopt;
}

}  // namespace sec

namespace {

using sec::kMaxRows;
using sec::ordered;

// --- runtime conformance (conformance-onnxruntime.json) ------------------------------------------
// Rows: every object with a numeric "cases" field; its type and requirement come from its own
// fields, else from the keys above it (an ID-shaped key is the requirement).
void conformance_rows(const ordered& j, std::vector<std::string>& path, Table& t,
                      std::map<std::string, double>& sum) {
  static const char* kCounts[] = {"cases",   "mismatches", "errors",
                                  "crashes", "hangs",      "unsupported"};
  if (j.is_object() && j.contains("cases") && j["cases"].is_number()) {
    std::string type = j.contains("type") ? sec::cell(j["type"]) : "";
    std::string req = j.contains("requirement") ? sec::cell(j["requirement"]) : "";
    for (const auto& p : path) {
      if (is_id_shaped(p) && req.empty())
        req = p;
      else if (!is_id_shaped(p) && j.contains("type") == false)
        type = p;
    }
    std::vector<std::string> row{type, req};
    for (const char* k : kCounts) {
      row.push_back(j.contains(k) ? sec::cell(j[k]) : "");
      sum[k] += sec::number(j, k);
    }
    if (t.rows.size() < kMaxRows)
      t.rows.push_back(row);
    else
      ++t.omitted;
    return;
  }
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (k == "findings" || k == "provenance") continue;
      path.push_back(k);
      conformance_rows(v, path, t, sum);
      path.pop_back();
    }
  } else if (j.is_array()) {
    for (const auto& v : j) conformance_rows(v, path, t, sum);
  }
}

}  // namespace

namespace sec {

void conformance(Section& s, Report& rep, const ordered& j) {
  s.tables.push_back(sec::fields("Runtime and campaign", j));
  Table t;
  t.caption = "Per type and requirement";
  t.header = {"type",   "requirement", "cases", "mismatches",
              "errors", "crashes",     "hangs", "unsupported"};
  std::map<std::string, double> sum;
  std::vector<std::string> path;
  conformance_rows(j, path, t, sum);
  s.tables.push_back(t);
  std::map<std::string, std::uint64_t> kinds;
  std::size_t findings = 0;
  if (j.contains("findings") && j["findings"].is_array()) {
    findings = j["findings"].size();
    // The campaign lists a capped number of findings with reproducers and counts all of them.
    if (j.contains("findings_total") && j["findings_total"].is_number())
      findings = j["findings_total"].get<std::size_t>();
    const auto& counted = j.contains("findings_per_type_requirement_kind")
                              ? j["findings_per_type_requirement_kind"]
                              : ordered();
    if (counted.is_object() && !counted.empty()) {  // keys "type/requirement/kind"
      for (const auto& [key, n] : counted.items())
        kinds[key.substr(key.rfind('/') + 1)] += n.is_number() ? n.get<std::uint64_t>() : 0;
    } else {
      for (const auto& f : j["findings"])
        ++kinds[f.is_object() && f.contains("kind") ? sec::cell(f["kind"]) : "?"];
    }
    s.tables.push_back(sec::records("Findings", j["findings"]));
  }
  std::string by_kind;
  for (const auto& [k, n] : kinds)
    by_kind += (by_kind.empty() ? "" : ", ") + std::to_string(n) + " " + k;
  s.verdict = sec::count_text(sum["cases"]) + " cases: " + sec::count_text(sum["mismatches"]) +
              " mismatches, " + sec::count_text(sum["errors"]) + " errors, " +
              sec::count_text(sum["crashes"]) + " crashes, " + sec::count_text(sum["hangs"]) +
              " hangs, " + sec::count_text(sum["unsupported"]) + " unsupported; " +
              std::to_string(findings) + " findings" +
              (by_kind.empty() ? "" : " (" + by_kind + ")");
  s.bad = findings > 0 || sum["mismatches"] + sum["crashes"] + sum["hangs"] > 0;
  if (t.rows.empty()) {
    s.verdict = "no per-type counts in the file; " + s.verdict;
    s.bad = true;
  }
  sec::more_runtimes(s, rep);
}

// --- coding standard (coding-standard.json) and stack bounds (stack.json)
// -------------------------
void coding_standard(Section& s, Report& rep) {
  std::vector<std::string> verdicts;
  bool any = false;
  for (const std::string name : {"coding-standard.json", "stack.json"}) {
    std::string error;
    const auto j = sec::read_json(rep.options.evidence_dir / name, &error);
    if (!j) {
      verdicts.push_back(name + (error.empty() ? ": not run" : ": unreadable (" + error + ")"));
      sec::fail(s, rep,
                Issue{error.empty() ? "not-run" : "unreadable",
                      name + (error.empty() ? " is not in the evidence dir" : ": " + error), name,
                      !error.empty()});
      continue;
    }
    any = true;
    s.tables.push_back(sec::fields(name, *j));
    sec::record_tables(s, *j, name + ": ");
    if (name == "coding-standard.json") {
      const std::size_t findings =
          j->contains("findings") && (*j)["findings"].is_array() ? (*j)["findings"].size() : 0;
      // The register itself (data: spec/deviations.json), not a copy in the evidence.
      std::set<std::string> deviated;
      std::size_t deviations = 0;
      try {
        const Register reg = load_register(rep.options.source_root / "spec" / "deviations.json");
        deviations = reg.rows.size();
        for (const auto& row : reg.rows) deviated.insert(row.at(1));
      } catch (const std::exception& e) {
        sec::fail(s, rep, Issue{"coding-standard", e.what(), "spec/deviations.json", true});
      }
      std::string v =
          std::to_string(findings) + " findings, " + std::to_string(deviations) + " deviations";
      // A finding whose rule no deviation of the register names is open.
      if (findings > 0) {
        std::size_t open = 0;
        for (const auto& f : (*j)["findings"])
          if (f.is_object() && f.contains("rule") && deviated.count(sec::cell(f["rule"])) == 0)
            ++open;
        v += ", " + std::to_string(open) + " outside the deviation register";
        if (open > 0) {
          sec::fail(s, rep,
                    Issue{"coding-standard",
                          std::to_string(open) +
                              " coding-standard findings outside the deviation register",
                          name, true});
        }
      }
      for (const char* k : {"passed", "ok", "clean"})
        if (j->contains(k) && (*j)[k].is_boolean() && !(*j)[k].get<bool>()) {
          v += ", verdict: FAILED";
          sec::fail(
              s, rep,
              Issue{"coding-standard", "coding-standard.json reports a failed check", name, true});
        }
      verdicts.push_back(v);
    } else {
      std::string v = "stack bounds recorded";
      if (j->contains("acyclic") && (*j)["acyclic"].is_boolean()) {
        const bool acyclic = (*j)["acyclic"].get<bool>();
        v += acyclic ? ", call graph acyclic" : ", call graph NOT acyclic (recursion)";
        if (!acyclic) {
          sec::fail(s, rep,
                    Issue{"stack", "stack.json: the library's call graph has a cycle", name, true});
        }
      } else {
        v += ", acyclicity not recorded";
        s.bad = true;
      }
      // The bound covers the library only if the analysis compiled every object of its archive
      // and defines every function called but the few outside the library it may call
      // (stack_bound.py).
      for (const char* k : {"archive_objects_unread", "library_calls_unresolved"}) {
        if (!j->contains(k) || !(*j)[k].is_array()) {
          v += std::string(", ") + k + " not recorded";
          s.bad = true;
        } else if (!(*j)[k].empty()) {
          v += std::string(", ") + k + ": " + sec::cell((*j)[k]);
          sec::fail(s, rep,
                    Issue{"stack",
                          std::string("stack.json: the bound leaves library code out (") + k +
                              ")",
                          name, true});
        }
      }
      verdicts.push_back(v);
    }
  }
  s.run = any;
  for (const auto& v : verdicts) s.verdict += (s.verdict.empty() ? "" : "; ") + v;
}

// --- WP smoke tests (wp-smoke.json)
// ---------------------------------------------------------------
void wp_smoke(Section& s, Report& rep, const ordered& j) {
  double goals = 0;
  double unreachable = 0;
  std::size_t functions = 0;
  if (j.contains("functions") && j["functions"].is_array()) {
    for (const auto& f : j["functions"]) {
      ++functions;
      goals += sec::number(f, "smoke_goals");
      unreachable += sec::number(f, "unreachable_found");
    }
  }
  s.tables.push_back(sec::fields("Run", j));
  sec::record_tables(s, j, "");
  s.verdict = std::to_string(functions) + " functions, " + sec::count_text(goals) +
              " smoke goals, " + sec::count_text(unreachable) + " unreachable points found";
  if (functions == 0) {
    s.verdict = "no functions in the file";
    sec::fail(s, rep, Issue{"wp-smoke", "wp-smoke.json lists no functions", s.files, true});
  } else if (unreachable > 0) {
    sec::fail(s, rep,
              Issue{"wp-smoke",
                    sec::count_text(unreachable) +
                        " smoke goals proved: dead code or inconsistent contracts",
                    s.files, true});
  }
}

// --- WP driver bindings (wp-binding.json)
// ----------------------------------------------------------
void wp_binding(Section& s, Report& rep, const ordered& j) {
  if (j.contains("sanity") && j["sanity"].is_object()) {
    const auto& r = j["sanity"];
    Table t;
    t.caption = "Sanity lemmas (real driver)";
    t.header = {"lemma", "proved"};
    if (r.contains("goals") && r["goals"].is_object())
      for (const auto& [name, ok] : r["goals"].items())
        t.rows.push_back({name, ok.is_boolean() && ok.get<bool>() ? "yes" : "no"});
    s.tables.push_back(t);
    s.verdict = "sanity " + sec::count_text(sec::number(r, "proved")) + "/" +
                sec::count_text(sec::number(r, "total")) + " proved";
  }
  if (j.contains("faults") && j["faults"].is_array()) {
    Table t;
    t.caption = "Driver faults of the fault table (killed when every killer is proved)";
    t.header = {"fault", "killers", "killed"};
    std::size_t killed = 0;
    for (const auto& f : j["faults"]) {
      std::string killers;
      if (f.contains("killers") && f["killers"].is_object())
        for (const auto& [name, ok] : f["killers"].items())
          killers += (killers.empty() ? "" : ", ") + name +
                     (ok.is_boolean() && ok.get<bool>() ? " (proved)" : " (NOT proved)");
      const bool k = f.contains("killed") && f["killed"].is_boolean() && f["killed"].get<bool>();
      killed += k ? 1 : 0;
      t.rows.push_back(
          {f.contains("fault") && f["fault"].is_string() ? f["fault"].get<std::string>() : "?",
           killers, k ? "yes" : "no"});
    }
    s.tables.push_back(t);
    s.verdict += (s.verdict.empty() ? "" : "; ") + std::to_string(killed) + "/" +
                 std::to_string(t.rows.size()) + " driver faults killed";
  }
  if (!(j.contains("ok") && j["ok"].is_boolean() && j["ok"].get<bool>())) {
    sec::fail(s, rep,
              Issue{"wp-binding", "a WP driver-binding sanity lemma or mutant killer is not proved",
                    s.files, true});
  }
}

}  // namespace sec

}  // namespace trace
