// The prover-policy section (the figures of the proofs under proofs/prover-policy.json) and the
// platforms section (the library on other targets, platforms.json).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>
#include <sonnx/process/process.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "sections_common.hpp"

namespace trace::sec {

namespace {

// ----------------- The policy is data (proofs/prover-policy.json), evaluated by its one
// implementation (evidence/sonnx_evidence/policy.py): the report shows the rule's text, counts the
// recorded verdicts, and has every recorded acceptance recomputed by `python3 -m
// sonnx_evidence.policy recheck` (a goal the evidence counts as accepted that the policy does not
// accept is a gap). No rule of its own.
std::string policy_rule(const fs::path& path, std::string* error) {
  const auto j = sec::read_json(path, error);
  return j && j->contains("rule") && (*j)["rule"].is_string() ? (*j)["rule"].get<std::string>()
                                                               : std::string();
}

// The goals of one evidence file whose recorded acceptance the policy does not give them, as the
// policy's implementation prints them ("DISAGREES FILE GOAL: ..."); nullopt when it cannot run.
std::optional<std::vector<std::string>> recheck(const Report& rep, const std::string& name,
                                                std::string* error) {
  const fs::path file = rep.options.evidence_dir / name;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::vector<std::string>{};
  const fs::path package = evidence_package(rep.options);
  const auto r = sonnx::process::run(
      {"env", "PYTHONPATH=" + package.parent_path().string(), "python3", "-m",
       package.filename().string() + ".policy", "recheck", "--policy",
       (rep.options.source_root / "proofs" / "prover-policy.json").string(), file.string()},
      sonnx::process::Seconds(600));
  if (!r.success() && !(r.status && !r.timed_out && r.status->code() == 1)) {
    *error = "sonnx_evidence.policy recheck " + name + ": " + r.err + r.error;
    return std::nullopt;
  }
  std::vector<std::string> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("DISAGREES ", 0) == 0) out.push_back(line.substr(10));
  return out;
}

}  // namespace

void prover_policy(Section& s, Report& rep) {
  std::string error;
  const std::string rule =
      policy_rule(rep.options.source_root / "proofs" / "prover-policy.json", &error);
  const std::size_t at = s.explanation.find("{rule}");
  if (at != std::string::npos)
    s.explanation.replace(at, 6, rule.empty() ? std::string("the policy file is missing") : rule);
  if (rule.empty())
    sec::fail(s, rep,
              Issue{"prover-policy", "proofs/prover-policy.json unreadable: " + error,
                    "proofs/prover-policy.json", true});
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
                        "recorded acceptance the policy does not give"};
  std::map<std::string, std::map<std::string, int>> per_prover;  // prover -> system -> valid count
  std::vector<std::string> verdict;
  for (const auto& [name, goals, file] :
       {std::tuple<std::string, const std::vector<ProofGoal>*, std::string>{"Why3", &rep.why3,
                                                                            "why3.json"},
        std::tuple<std::string, const std::vector<ProofGoal>*, std::string>{"WP", &rep.wp,
                                                                            "wp-report.json"}}) {
    const std::string unit = name == "WP" ? "properties" : "goals";
    int with = 0, accepted = 0, rejected = 0, single = 0, fp = 0;
    for (const auto& g : *goals) {
      int valid = 0;
      for (const auto& v : g.verdicts)
        if (v.result == "valid") {
          ++valid;
          ++per_prover[v.prover][name];
        }
      with += g.verdicts.empty() ? 0 : 1;
      accepted += g.accepted == true ? 1 : 0;
      rejected += g.accepted == false ? 1 : 0;
      single += valid == 1 ? 1 : 0;
      fp += g.fp ? 1 : 0;
    }
    std::string recheck_error;
    const auto disagree = goals->empty() ? std::optional<std::vector<std::string>>{
                                               std::vector<std::string>{}}
                                         : recheck(rep, file, &recheck_error);
    if (!disagree)
      sec::fail(s, rep, Issue{"prover-policy", recheck_error, file, true});
    else
      for (const auto& d : *disagree)
        rep.issues.push_back(Issue{"prover-policy",
                                   name + " " + d + ": counted as the evidence records it, which "
                                   "the prover policy does not give",
                                   file, true});
    goals_table.rows.push_back(
        {name, unit, std::to_string(goals->size()), std::to_string(with),
         std::to_string(accepted), std::to_string(rejected), std::to_string(single),
         std::to_string(fp), disagree ? std::to_string(disagree->size()) : "not checked"});
    if (goals->empty())
      verdict.push_back(name + ": no results");
    else if (with == 0)
      verdict.push_back(name +
                        ": no per-prover verdicts recorded (only the first prover that proved each "
                        "goal is named)");
    else
      verdict.push_back(name + ": " + std::to_string(accepted) + " of " +
                        std::to_string(goals->size()) + " " + unit + " accepted, " +
                        std::to_string(single) + " proved by a single prover");
    if (goals->empty() || with == 0 || rejected > 0 || !disagree || !disagree->empty())
      s.bad = true;
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
    std::string read_error;
    const auto j = sec::read_json(rep.options.evidence_dir / name, &read_error);
    if (j && j->contains("policy") && (*j)["policy"].is_object())
      s.tables.push_back(sec::fields(std::string(name) + " policy", (*j)["policy"]));
  }
  for (const auto& v : verdict) s.verdict += (s.verdict.empty() ? "" : "; ") + v;
}

// --- platforms (platforms.json)
// ------------------------------------------------------------------- The library on other
// processors (docs/platforms.md): per target the toolchain, the emulator and the results; per type
// and test group the cases, mismatches and kernels; the NaN bits each target produced and the
// differences between targets (reported, not judged: SD-9); platform facts that break an assumption
// (subnormals flushed) are named in the verdict.
void platforms(Section& s, Report& rep, const ordered& j) {
  Table targets, groups, nans, facts;
  targets.caption = "Targets";
  targets.header = {"target",
                    "kind",
                    "compiler",
                    "emulator",
                    "cases",
                    "mismatches",
                    "quiet-NaN violations",
                    "error cases failed",
                    "other tests",
                    "stack measured / bound (bytes)",
                    "passed"};
  groups.caption =
      "Per type and test group (all paths: checked API in both kernel modes, kernels called "
      "directly)";
  groups.header = {"target", "type", "group", "cases", "mismatches", "kernels that ran"};
  nans.caption = "NaN results (0/0 bits; NaN operands: payload kept / replaced)";
  nans.header = {"type", "target", "0/0 proved", "0/0 fastest", "payload kept", "payload replaced"};
  facts.caption = "Platform facts";
  facts.header = {"target",        "fast-path instruction set", "big endian",
                  "pointer bytes", "FLT_EVAL_METHOD",           "subnormals kept"};
  std::vector<std::string> failed, flushing;
  for (const auto& t : j["targets"]) {
    const std::string name = sec::cell(t["target"]);
    const ordered& test = t["platform_test"];
    const ordered totals = test.contains("totals") ? test["totals"] : ordered::object();
    std::string other;
    if (t.contains("tests"))
      for (const auto& [program, c] : t["tests"].items())
        other += (other.empty() ? "" : "; ") + program + " " +
                 sec::count_text(sec::number(c, "run")) + " run, " +
                 sec::count_text(sec::number(c, "failed")) + " failed";
    if (t.contains("sweeps"))
      for (const auto& w : t["sweeps"])
        other += (other.empty() ? "" : "; ") + sec::cell(w["format"]) + " sweep (" +
                 sec::cell(w.value("mode", ordered("?"))) + ") " +
                 sec::count_text(sec::number(w, "pairs_checked")) + " pairs, " +
                 sec::count_text(sec::number(w, "mismatches")) + " mismatches";
    std::string stack;
    if (t.contains("stack"))
      for (const auto& f : t["stack"]["functions"])
        stack += (stack.empty() ? "" : "; ") + sec::cell(f["measured_max_bytes"]) + " / " +
                 sec::cell(f["bound_bytes"]);
    const bool passed = t.value("passed", false);
    if (!passed) failed.push_back(name);
    targets.rows.push_back(
        {name, sec::cell(t["kind"]), sec::cell(t["toolchain"]["compiler"]),
         t["emulator"].is_object() ? sec::cell(t["emulator"]["version"]) : "none (native)",
         sec::count_text(sec::number(totals, "cases")),
         sec::count_text(sec::number(totals, "mismatches")),
         sec::count_text(sec::number(totals, "quiet_nan_violations")),
         sec::count_text(sec::number(totals, "error_case_failures")), other, stack,
         passed ? "yes" : "NO"});
    if (test.contains("results"))
      for (const auto& [type, per_group] : test["results"].items())
        for (const auto& [group, g] : per_group.items()) {
          std::set<std::string> kernels;
          for (const auto& r : g["runs"]) kernels.insert(sec::cell(r["kernel"]));
          std::string list;
          for (const auto& k : kernels)
            list += (list.empty() ? "" : ", ") + (k.empty() ? "(seed: default, proved)" : k);
          groups.rows.push_back({name, type, group, sec::count_text(sec::number(g, "cases")),
                                 sec::count_text(sec::number(g, "mismatches")), list});
        }
    if (test.contains("facts")) {
      const ordered& f = test["facts"];
      std::string kept;
      for (const auto& [fmt, ok] : f["subnormals_kept"].items()) {
        kept += (kept.empty() ? "" : ", ") + fmt + (ok.get<bool>() ? "" : " FLUSHED");
        if (!ok.get<bool>()) flushing.push_back(name + " " + fmt);
      }
      facts.rows.push_back({name, sec::cell(f["fast_path_instruction_set"]),
                            sec::cell(f["big_endian"]), sec::cell(f["pointer_bytes"]),
                            sec::cell(f["flt_eval_method"]), kept});
    }
  }
  if (j.contains("nan_results_by_type"))
    for (const auto& [type, per_target] : j["nan_results_by_type"].items())
      for (const auto& [target, r] : per_target.items())
        nans.rows.push_back({type, target, sec::cell(r["zero_by_zero"]["proved"]),
                             sec::cell(r["zero_by_zero"]["fastest"]),
                             sec::cell(r["nan_operand_payload_kept"]),
                             sec::cell(r["nan_operand_payload_replaced"])});
  s.tables.push_back(targets);
  s.tables.push_back(facts);
  s.tables.push_back(groups);
  s.tables.push_back(nans);
  if (j.contains("differences_between_targets"))
    s.tables.push_back(sec::records("Differences between targets (reported, not filtered)",
                                    j["differences_between_targets"]));
  std::string failing, flushed;
  for (const auto& n : failed) failing += (failing.empty() ? "" : ", ") + n;
  for (const auto& n : flushing) flushed += (flushed.empty() ? "" : ", ") + n;
  s.verdict = std::to_string(targets.rows.size()) +
              " targets: " + (failed.empty() ? "every one passed" : "FAILED on " + failing) +
              (flushing.empty() ? "; subnormals kept on every target (AS-PLAT-6)"
                                : "; AS-PLAT-6 broken (subnormals flushed) on " + flushed);
  if (!failed.empty() || !flushing.empty() || targets.rows.empty())
    sec::fail(s, rep, Issue{"platforms", "Platforms: " + s.verdict, s.files, true});
}

}  // namespace trace::sec
