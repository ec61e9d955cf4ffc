// Report sections read from evidence files that other campaigns write: runtime conformance,
// coding standard and stack bounds, WP smoke tests; and the prover-policy figures of the proofs.
// The files' schemas grow; the sections render what they find as tables and judge only the few
// fields their verdict rests on. An absent file is shown as "not run", never as a pass.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "trace.hpp"

namespace trace {

namespace {

using ordered = nlohmann::ordered_json;

constexpr std::size_t kMaxRows = 200;  // rows rendered per table; the JSON file keeps them all

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
  if (v.is_array() && std::all_of(v.begin(), v.end(), [](const ordered& x) { return x.is_primitive(); })) {
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
void record_tables(Section& s, const ordered& obj, const std::string& prefix, int depth = 0) {
  for (const auto& [k, v] : obj.items()) {
    if (k == "provenance") continue;
    if (v.is_array() && !v.empty() && v[0].is_object()) s.tables.push_back(records(prefix + k, v));
    else if (v.is_object() && depth == 0) record_tables(s, v, prefix + k + ".", 1);
  }
}

Section section(std::string id, std::string title, std::string files, std::string explanation) {
  Section s;
  s.id = std::move(id);
  s.title = std::move(title);
  s.files = std::move(files);
  s.run = true;
  s.explanation = std::move(explanation);
  return s;
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

// --- runtime conformance (conformance-onnxruntime.json) ------------------------------------------
// Rows: every object with a numeric "cases" field; its type and requirement come from its own
// fields, else from the keys above it (an ID-shaped key is the requirement).
void conformance_rows(const ordered& j, std::vector<std::string>& path, Table& t, std::map<std::string, double>& sum) {
  static const char* kCounts[] = {"cases", "mismatches", "errors", "crashes", "hangs", "unsupported"};
  if (j.is_object() && j.contains("cases") && j["cases"].is_number()) {
    std::string type = j.contains("type") ? cell(j["type"]) : "";
    std::string req = j.contains("requirement") ? cell(j["requirement"]) : "";
    for (const auto& p : path) {
      if (is_id_shaped(p) && req.empty()) req = p;
      else if (!is_id_shaped(p) && j.contains("type") == false) type = p;
    }
    std::vector<std::string> row{type, req};
    for (const char* k : kCounts) {
      row.push_back(j.contains(k) ? cell(j[k]) : "");
      sum[k] += number(j, k);
    }
    if (t.rows.size() < kMaxRows) t.rows.push_back(row);
    else ++t.omitted;
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

Section conformance(Report& rep) {
  Section s = section("conformance", "Runtime conformance", "conformance-onnxruntime.json",
            "A deployed ONNX runtime against the verified reference, bit for bit, per type and requirement; "
            "each finding has a minimal reproducer (model and input files) beside the evidence file. The "
            "findings are properties of the runtime, reported as they are: they are not gaps of this project.");
  const auto j = open_section(s, rep);
  if (!j) return s;
  s.tables.push_back(fields("Runtime and campaign", *j));
  Table t;
  t.caption = "Per type and requirement";
  t.header = {"type", "requirement", "cases", "mismatches", "errors", "crashes", "hangs", "unsupported"};
  std::map<std::string, double> sum;
  std::vector<std::string> path;
  conformance_rows(*j, path, t, sum);
  s.tables.push_back(t);
  std::map<std::string, std::uint64_t> kinds;
  std::size_t findings = 0;
  if (j->contains("findings") && (*j)["findings"].is_array()) {
    findings = (*j)["findings"].size();
    // The campaign lists a capped number of findings with reproducers and counts all of them.
    if (j->contains("findings_total") && (*j)["findings_total"].is_number())
      findings = (*j)["findings_total"].get<std::size_t>();
    const auto& counted = j->contains("findings_per_type_requirement_kind")
                              ? (*j)["findings_per_type_requirement_kind"] : ordered();
    if (counted.is_object() && !counted.empty()) {  // keys "type/requirement/kind"
      for (const auto& [key, n] : counted.items())
        kinds[key.substr(key.rfind('/') + 1)] += n.is_number() ? n.get<std::uint64_t>() : 0;
    } else {
      for (const auto& f : (*j)["findings"]) ++kinds[f.is_object() && f.contains("kind") ? cell(f["kind"]) : "?"];
    }
    s.tables.push_back(records("Findings", (*j)["findings"]));
  }
  std::string by_kind;
  for (const auto& [k, n] : kinds) by_kind += (by_kind.empty() ? "" : ", ") + std::to_string(n) + " " + k;
  s.verdict = count_text(sum["cases"]) + " cases: " + count_text(sum["mismatches"]) + " mismatches, " +
              count_text(sum["errors"]) + " errors, " + count_text(sum["crashes"]) + " crashes, " +
              count_text(sum["hangs"]) + " hangs, " + count_text(sum["unsupported"]) + " unsupported; " +
              std::to_string(findings) + " findings" + (by_kind.empty() ? "" : " (" + by_kind + ")");
  s.bad = findings > 0 || sum["mismatches"] + sum["crashes"] + sum["hangs"] > 0;
  if (t.rows.empty()) {
    s.verdict = "no per-type counts in the file; " + s.verdict;
    s.bad = true;
  }
  return s;
}

// --- coding standard (coding-standard.json) and stack bounds (stack.json) -------------------------
Section coding_standard(Report& rep) {
  Section s = section("coding-standard", "Coding standard", "coding-standard.json, stack.json",
            "The restricted-C++ rules of the library, the checks run (tool, version, files), their findings, the "
            "deviations of the register, and the worst-case stack bound per public API function from the "
            "call graph (which must be acyclic: no recursion).");
  std::vector<std::string> verdicts;
  bool any = false;
  for (const std::string name : {"coding-standard.json", "stack.json"}) {
    std::string error;
    const auto j = read_json(rep.options.evidence_dir / name, &error);
    if (!j) {
      verdicts.push_back(name + (error.empty() ? ": not run" : ": unreadable (" + error + ")"));
      fail(s, rep, Issue{error.empty() ? "not-run" : "unreadable",
                         name + (error.empty() ? " is not in the evidence dir" : ": " + error), name,
                         !error.empty()});
      continue;
    }
    any = true;
    s.tables.push_back(fields(name, *j));
    record_tables(s, *j, name + ": ");
    if (name == "coding-standard.json") {
      const std::size_t findings = j->contains("findings") && (*j)["findings"].is_array() ? (*j)["findings"].size() : 0;
      // The register itself (data: spec/deviations.json), not a copy in the evidence.
      std::set<std::string> deviated;
      std::size_t deviations = 0;
      try {
        const Register reg = load_register(rep.options.source_root / "spec" / "deviations.json");
        deviations = reg.rows.size();
        for (const auto& row : reg.rows) deviated.insert(row.at(1));
      } catch (const std::exception& e) {
        fail(s, rep, Issue{"coding-standard", e.what(), "spec/deviations.json", true});
      }
      std::string v = std::to_string(findings) + " findings, " + std::to_string(deviations) + " deviations";
      // A finding whose rule no deviation of the register names is open.
      if (findings > 0) {
        std::size_t open = 0;
        for (const auto& f : (*j)["findings"])
          if (f.is_object() && f.contains("rule") && deviated.count(cell(f["rule"])) == 0) ++open;
        v += ", " + std::to_string(open) + " outside the deviation register";
        if (open > 0) {
          fail(s, rep, Issue{"coding-standard",
                             std::to_string(open) + " coding-standard findings outside the deviation register",
                             name, true});
        }
      }
      for (const char* k : {"passed", "ok", "clean"})
        if (j->contains(k) && (*j)[k].is_boolean() && !(*j)[k].get<bool>()) {
          v += ", verdict: FAILED";
          fail(s, rep, Issue{"coding-standard", "coding-standard.json reports a failed check", name, true});
        }
      verdicts.push_back(v);
    } else {
      std::string v = "stack bounds recorded";
      if (j->contains("acyclic") && (*j)["acyclic"].is_boolean()) {
        const bool acyclic = (*j)["acyclic"].get<bool>();
        v += acyclic ? ", call graph acyclic" : ", call graph NOT acyclic (recursion)";
        if (!acyclic) {
          fail(s, rep, Issue{"stack", "stack.json: the library's call graph has a cycle", name, true});
        }
      } else {
        v += ", acyclicity not recorded";
        s.bad = true;
      }
      verdicts.push_back(v);
    }
  }
  s.run = any;
  for (const auto& v : verdicts) s.verdict += (s.verdict.empty() ? "" : "; ") + v;
  return s;
}

// --- WP smoke tests (wp-smoke.json) ---------------------------------------------------------------
Section wp_smoke(Report& rep) {
  Section s = section("wp-smoke", "WP smoke tests", "wp-smoke.json",
            "Frama-C/WP's smoke tests (-wp-smoke-tests) try to prove that each function's preconditions, loops "
            "and branches are unreachable; a proved smoke goal means an inconsistent contract or dead code, which "
            "would make the function's other proofs vacuous.");
  const auto j = open_section(s, rep);
  if (!j) return s;
  double goals = 0;
  double unreachable = 0;
  std::size_t functions = 0;
  if (j->contains("functions") && (*j)["functions"].is_array()) {
    for (const auto& f : (*j)["functions"]) {
      ++functions;
      goals += number(f, "smoke_goals");
      unreachable += number(f, "unreachable_found");
    }
  }
  s.tables.push_back(fields("Run", *j));
  record_tables(s, *j, "");
  s.verdict = std::to_string(functions) + " functions, " + count_text(goals) + " smoke goals, " +
              count_text(unreachable) + " unreachable points found";
  if (functions == 0) {
    s.verdict = "no functions in the file";
    fail(s, rep, Issue{"wp-smoke", "wp-smoke.json lists no functions", s.files, true});
  } else if (unreachable > 0) {
    fail(s, rep, Issue{"wp-smoke",
                       count_text(unreachable) + " smoke goals proved: dead code or inconsistent contracts",
                       s.files, true});
  }
  return s;
}

// --- WP driver bindings (wp-binding.json) ----------------------------------------------------------
Section wp_binding(Report& rep) {
  Section s = section("wp-binding", "WP driver bindings", "wp-binding.json",
            "Sanity lemmas through the ACSL symbols of the kernel contracts: for each tested binding a case "
            "that must hold and one that must be refuted, both proved with the real driver; and, for each driver "
            "fault of the fault table (for example a and b swapped), the negations of holding cases proved "
            "against the faulty driver, which shows by proof that the fault is detected.");
  const auto j = open_section(s, rep);
  if (!j) return s;
  if (j->contains("sanity") && (*j)["sanity"].is_object()) {
    const auto& r = (*j)["sanity"];
    Table t;
    t.caption = "Sanity lemmas (real driver)";
    t.header = {"lemma", "proved"};
    if (r.contains("goals") && r["goals"].is_object())
      for (const auto& [name, ok] : r["goals"].items()) t.rows.push_back({name, ok.is_boolean() && ok.get<bool>() ? "yes" : "no"});
    s.tables.push_back(t);
    s.verdict = "sanity " + count_text(number(r, "proved")) + "/" + count_text(number(r, "total")) + " proved";
  }
  if (j->contains("faults") && (*j)["faults"].is_array()) {
    Table t;
    t.caption = "Driver faults of the fault table (killed when every killer is proved)";
    t.header = {"fault", "killers", "killed"};
    std::size_t killed = 0;
    for (const auto& f : (*j)["faults"]) {
      std::string killers;
      if (f.contains("killers") && f["killers"].is_object())
        for (const auto& [name, ok] : f["killers"].items())
          killers += (killers.empty() ? "" : ", ") + name + (ok.is_boolean() && ok.get<bool>() ? " (proved)" : " (NOT proved)");
      const bool k = f.contains("killed") && f["killed"].is_boolean() && f["killed"].get<bool>();
      killed += k ? 1 : 0;
      t.rows.push_back({f.contains("fault") && f["fault"].is_string() ? f["fault"].get<std::string>() : "?", killers, k ? "yes" : "no"});
    }
    s.tables.push_back(t);
    s.verdict += (s.verdict.empty() ? "" : "; ") + std::to_string(killed) + "/" + std::to_string(t.rows.size()) +
                 " driver faults killed";
  }
  if (!(j->contains("ok") && (*j)["ok"].is_boolean() && (*j)["ok"].get<bool>())) {
    fail(s, rep, Issue{"wp-binding", "a WP driver-binding sanity lemma or mutant killer is not proved",
                       s.files, true});
  }
  return s;
}

// --- prover policy (verdicts and accepted fields of why3.json and wp-report.json) -----------------
// The policy is data (spec/prover-policy.json), the one statement every proof check reads: the
// report checks each goal's verdicts against it again.
struct Policy {
  std::string rule;
  // name -> family, trusted alone on floating-point goals
  std::map<std::string, std::pair<std::string, bool>> provers;
  std::map<std::string, std::string> names;                     // Why3/WP labels -> policy names
  std::set<std::string> not_provers;
  bool loaded = false;
  // the policy's name of a prover label ("" for a script or the task printer)
  std::string name(const std::string& label) const {
    if (not_provers.count(label) != 0U) return "";
    const auto it = names.find(label);
    return it == names.end() ? label : it->second;
  }
  std::string family(const std::string& n) const {
    const auto it = provers.find(n);
    return it == provers.end() ? "unknown:" + n : it->second.first;
  }
  bool trusted(const std::string& n) const {
    const auto it = provers.find(n);
    return it != provers.end() && it->second.second;
  }
};

Policy load_policy(const fs::path& path, std::string* error) {
  Policy p;
  const auto j = read_json(path, error);
  if (!j) return p;
  p.rule = j->value("rule", std::string());
  if (j->contains("provers") && (*j)["provers"].is_object())
    for (const auto& [n, e] : (*j)["provers"].items())
      p.provers[n] = {e.value("family", std::string()),
                      e.value("trusted_alone_on_floating_point", false)};
  if (j->contains("wp_prover_names") && (*j)["wp_prover_names"].is_object())
    for (const auto& [k, v] : (*j)["wp_prover_names"].items())
      if (v.is_string()) p.names[k] = v.get<std::string>();
  if (j->contains("not_provers") && (*j)["not_provers"].contains("names"))
    for (const auto& n : (*j)["not_provers"]["names"])
      if (n.is_string()) p.not_provers.insert(n.get<std::string>());
  p.loaded = !p.provers.empty();
  return p;
}

Section prover_policy(Report& rep) {
  std::string error;
  const Policy policy =
      load_policy(rep.options.source_root / "spec" / "prover-policy.json", &error);
  Section s = section(
      "prover-policy", "Prover policy", "why3.json, wp-report.json, spec/prover-policy.json",
      "A goal counts as proved only when the prover policy (spec/prover-policy.json) accepts it "
      "(field accepted): " +
          (policy.rule.empty() ? std::string("the policy file is missing") : policy.rule) +
          " Why3 counts goals, WP counts properties (a property holds one or more goals). Valid "
          "verdicts per prover, and the goals and properties that only one prover proved.");
  if (!policy.loaded)
    fail(s, rep,
         Issue{"prover-policy", "spec/prover-policy.json unreadable: " + error,
               "spec/prover-policy.json", true});
  s.run = rep.have_why3 || rep.have_wp;
  Table goals_table;
  goals_table.caption = "Goals (Why3) and properties (WP)";
  goals_table.header = {"system",
                        "counted",
                        "number",
                        "with per-prover verdicts",
                        "accepted",
                        "valid but not accepted",
                        "proved by a single prover",
                        "floating-point",
                        "floating-point, valid only by provers of "
                        "one family not trusted alone"};
  std::map<std::string, std::map<std::string, int>> per_prover;  // prover -> system -> valid count
  std::vector<std::string> verdict;
  for (const auto& [name, goals] : {std::pair<std::string, const std::vector<ProofGoal>*>{"Why3", &rep.why3},
                                    std::pair<std::string, const std::vector<ProofGoal>*>{"WP", &rep.wp}}) {
    const std::string unit = name == "WP" ? "properties" : "goals";
    int with = 0, accepted = 0, rejected = 0, single = 0, fp = 0, fp_untrusted = 0;
    for (const auto& g : *goals) {
      int valid = 0;
      std::set<std::string> families;
      bool trusted = false;
      for (const auto& v : g.verdicts)
        if (v.result == "valid") {
          ++valid;
          ++per_prover[v.prover][name];
          const std::string n = policy.name(v.prover);
          if (n.empty()) continue;
          families.insert(policy.family(n));
          trusted = trusted || policy.trusted(n);
        }
      with += g.verdicts.empty() ? 0 : 1;
      accepted += g.accepted == true ? 1 : 0;
      rejected += g.accepted == false ? 1 : 0;
      single += valid == 1 ? 1 : 0;
      fp += g.fp ? 1 : 0;
      // the clear violation: a floating-point goal proved by one family, none trusted alone
      if (policy.loaded && g.fp && families.size() == 1 && !trusted) {
        ++fp_untrusted;
        if (g.proved)
          rep.issues.push_back(
              Issue{"prover-policy",
                    name + " " + unit.substr(0, unit.size() - 1) + " " + g.scope + "." + g.goal +
                        " is floating-point, valid only by " + *families.begin() +
                        " provers that are not trusted alone, and counted as proved",
                    g.evidence, true});
      }
    }
    goals_table.rows.push_back({name, unit, std::to_string(goals->size()), std::to_string(with),
                                std::to_string(accepted), std::to_string(rejected),
                                std::to_string(single), std::to_string(fp),
                                std::to_string(fp_untrusted)});
    if (goals->empty()) verdict.push_back(name + ": no results");
    else if (with == 0)
      verdict.push_back(name + ": no per-prover verdicts recorded (only the first prover that proved each goal is named)");
    else
      verdict.push_back(name + ": " + std::to_string(accepted) + " of " +
                        std::to_string(goals->size()) + " " + unit + " accepted, " +
                        std::to_string(single) + " proved by a single prover");
    if (goals->empty() || with == 0 || rejected > 0 || fp_untrusted > 0) s.bad = true;
  }
  s.tables.push_back(goals_table);
  Table provers;
  provers.caption = "Valid verdicts per prover";
  provers.header = {"prover", "Why3 goals", "WP properties"};
  for (const auto& [p, m] : per_prover)
    provers.rows.push_back({p, std::to_string(m.count("Why3") ? m.at("Why3") : 0),
                            std::to_string(m.count("WP") ? m.at("WP") : 0)});
  s.tables.push_back(provers);
  // The policy objects as the proof scripts summarise them.
  for (const char* name : {"why3.json", "wp-report.json"}) {
    std::string error;
    const auto j = read_json(rep.options.evidence_dir / name, &error);
    if (j && j->contains("policy") && (*j)["policy"].is_object()) s.tables.push_back(fields(std::string(name) + " policy", (*j)["policy"]));
  }
  for (const auto& v : verdict) s.verdict += (s.verdict.empty() ? "" : "; ") + v;
  return s;
}

// --- platforms (platforms.json) -------------------------------------------------------------------
// The library on other processors (docs/platforms.md): per target the toolchain, the emulator and
// the results; per type and test group the cases, mismatches and kernels; the NaN bits each target
// produced and the differences between targets (reported, not judged: SD-9); platform facts that
// break an assumption (subnormals flushed) are named in the verdict.
Section platforms(Report& rep) {
  Section s = section("platforms", "Platforms", "platforms.json",
            "The library built for other processors with their toolchain files and run there "
            "(docs/platforms.md). QEMU runs its own model of each processor's floating point: a result "
            "under emulation is evidence about the compiled code, not the silicon; the bare-metal image is "
            "meant to be rerun on the real chip (AS-PLAT-5). NaN bits differ between targets and are "
            "reported, not compared (docs/spec-defects.md SD-9).");
  const auto j = open_section(s, rep);
  if (!j) return s;
  Table targets, groups, nans, facts;
  targets.caption = "Targets";
  targets.header = {"target", "kind", "compiler", "emulator", "cases", "mismatches", "quiet-NaN violations",
                    "error cases failed", "other tests", "stack measured / bound (bytes)", "passed"};
  groups.caption = "Per type and test group (all paths: checked API in both kernel modes, kernels called directly)";
  groups.header = {"target", "type", "group", "cases", "mismatches", "kernels that ran"};
  nans.caption = "NaN results (0/0 bits; NaN operands: payload kept / replaced)";
  nans.header = {"type", "target", "0/0 proved", "0/0 fastest", "payload kept", "payload replaced"};
  facts.caption = "Platform facts";
  facts.header = {"target", "fast-path instruction set", "big endian", "pointer bytes", "FLT_EVAL_METHOD",
                  "subnormals kept"};
  std::vector<std::string> failed, flushing;
  for (const auto& t : (*j)["targets"]) {
    const std::string name = cell(t["target"]);
    const ordered& test = t["platform_test"];
    const ordered totals = test.contains("totals") ? test["totals"] : ordered::object();
    std::string other;
    if (t.contains("tests"))
      for (const auto& [program, c] : t["tests"].items())
        other += (other.empty() ? "" : "; ") + program + " " + count_text(number(c, "run")) + " run, " +
                 count_text(number(c, "failed")) + " failed";
    if (t.contains("sweeps"))
      for (const auto& w : t["sweeps"])
        other += (other.empty() ? "" : "; ") + cell(w["format"]) + " sweep (" + cell(w.value("mode", ordered("?"))) +
                 ") " + count_text(number(w, "pairs_checked")) + " pairs, " + count_text(number(w, "mismatches")) +
                 " mismatches";
    std::string stack;
    if (t.contains("stack"))
      for (const auto& f : t["stack"]["functions"])
        stack += (stack.empty() ? "" : "; ") + cell(f["measured_max_bytes"]) + " / " + cell(f["bound_bytes"]);
    const bool passed = t.value("passed", false);
    if (!passed) failed.push_back(name);
    targets.rows.push_back({name, cell(t["kind"]), cell(t["toolchain"]["compiler"]),
                            t["emulator"].is_object() ? cell(t["emulator"]["version"]) : "none (native)",
                            count_text(number(totals, "cases")), count_text(number(totals, "mismatches")),
                            count_text(number(totals, "quiet_nan_violations")),
                            count_text(number(totals, "error_case_failures")), other, stack,
                            passed ? "yes" : "NO"});
    if (test.contains("results"))
      for (const auto& [type, per_group] : test["results"].items())
        for (const auto& [group, g] : per_group.items()) {
          std::set<std::string> kernels;
          for (const auto& r : g["runs"]) kernels.insert(cell(r["kernel"]));
          std::string list;
          for (const auto& k : kernels) list += (list.empty() ? "" : ", ") + (k.empty() ? "(seed: default, proved)" : k);
          groups.rows.push_back({name, type, group, count_text(number(g, "cases")), count_text(number(g, "mismatches")), list});
        }
    if (test.contains("facts")) {
      const ordered& f = test["facts"];
      std::string kept;
      for (const auto& [fmt, ok] : f["subnormals_kept"].items()) {
        kept += (kept.empty() ? "" : ", ") + fmt + (ok.get<bool>() ? "" : " FLUSHED");
        if (!ok.get<bool>()) flushing.push_back(name + " " + fmt);
      }
      facts.rows.push_back({name, cell(f["fast_path_instruction_set"]), cell(f["big_endian"]),
                            cell(f["pointer_bytes"]), cell(f["flt_eval_method"]), kept});
    }
  }
  if (j->contains("nan_results_by_type"))
    for (const auto& [type, per_target] : (*j)["nan_results_by_type"].items())
      for (const auto& [target, r] : per_target.items())
        nans.rows.push_back({type, target, cell(r["zero_by_zero"]["proved"]), cell(r["zero_by_zero"]["fastest"]),
                             cell(r["nan_operand_payload_kept"]), cell(r["nan_operand_payload_replaced"])});
  s.tables.push_back(targets);
  s.tables.push_back(facts);
  s.tables.push_back(groups);
  s.tables.push_back(nans);
  if (j->contains("differences_between_targets"))
    s.tables.push_back(records("Differences between targets (reported, not filtered)",
                               (*j)["differences_between_targets"]));
  std::string failing, flushed;
  for (const auto& n : failed) failing += (failing.empty() ? "" : ", ") + n;
  for (const auto& n : flushing) flushed += (flushed.empty() ? "" : ", ") + n;
  s.verdict = std::to_string(targets.rows.size()) + " targets: " +
              (failed.empty() ? "every one passed" : "FAILED on " + failing) +
              (flushing.empty() ? "; subnormals kept on every target (AS-PLAT-6)"
                                : "; AS-PLAT-6 broken (subnormals flushed) on " + flushed);
  if (!failed.empty() || !flushing.empty() || targets.rows.empty()) fail(s, rep, Issue{"platforms", "Platforms: " + s.verdict, s.files, true});
  return s;
}

}  // namespace

void add_sections(Report& rep) {
  rep.sections.push_back(prover_policy(rep));
  rep.sections.push_back(wp_smoke(rep));
  rep.sections.push_back(wp_binding(rep));
  rep.sections.push_back(coding_standard(rep));
  rep.sections.push_back(conformance(rep));
  rep.sections.push_back(platforms(rep));
}

}  // namespace trace
