// The prover policy's record of one goal in why3.json and wp-report.json ("verdicts",
// "accepted", "fp"), read fail closed: a goal counts as proved only when its evidence records
// that the policy accepts it.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>

#include "text_util.hpp"

namespace trace {

using nlohmann::json;

// Fail closed: a goal counts as proved only when the evidence records the policy's acceptance; a
// goal without a boolean "accepted" is not proved (the schema check reports the missing field too).
void apply_acceptance(ProofGoal& g) {
  const bool recorded = g.accepted.has_value();
  if (!recorded) g.accepted = false;
  if (g.proved && g.accepted == false) {
    g.proved = false;
    g.obligations_valid = 0;
    g.status = g.status + (recorded ? ", not accepted under the prover policy"
                                    : ", no \"accepted\" field: not counted as proved");
  }
}

void read_policy_fields(ProofGoal& g, const json& goal) {
  if (!goal.is_object()) return;
  if (goal.contains("verdicts") && goal["verdicts"].is_array())
    for (const auto& v : goal["verdicts"]) {
      if (!v.is_object()) continue;
      Verdict d{util::str_or(v, "prover"), util::str_or(v, "result"), std::nullopt};
      if (v.contains("time") && v["time"].is_number()) d.time_s = v["time"].get<double>();
      g.verdicts.push_back(d);
      if (d.result == "valid" &&
          std::find(g.provers.begin(), g.provers.end(), d.prover) == g.provers.end())
        g.provers.push_back(d.prover);
    }
  if (goal.contains("accepted"))  // a value that is not a boolean is not an acceptance
    g.accepted = goal["accepted"].is_boolean() && goal["accepted"].get<bool>();
  if (goal.contains("fp") && goal["fp"].is_boolean()) g.fp = goal["fp"].get<bool>();
}

}  // namespace trace
