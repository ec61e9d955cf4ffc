// The rows of the report: each requirement joined to the evidence its decided_by and supported_by
// name, its flags, proof level per element type and status.
#include <algorithm>
#include <optional>
#include <set>
#include <sonnx/trace/trace.hpp>
#include <string>
#include <vector>

#include "text_util.hpp"

namespace trace {

void join_rows(Report& rep, const std::set<std::string>& stale_files) {
  auto issue = [&](std::string code, std::string message, std::string where, bool gap) {
    rep.issues.push_back(Issue{std::move(code), std::move(message), std::move(where), gap});
  };
  // --- Rows: each requirement joined to the evidence its decided_by and supported_by name --------
  std::set<std::string> named_goals;  // Why3 goals and WP properties some requirement names
  for (const auto& req : rep.catalogue.requirements) {
    Row row;
    row.req = &req;
    const std::string& id = req.id;
    // Catch2 test cases carry the ID as a tag: an exact name written on the test
    for (const auto& t : rep.tests)
      if (std::find(t.ids.begin(), t.ids.end(), id) != t.ids.end()) row.tests.push_back(&t);
    std::vector<std::string> missing;  // names of decided_by/supported_by that no evidence has
    auto resolve = [&](const EvidenceRef& e) {
      if (e.by_family && e.names.empty())
        missing.push_back("wp families of " + std::string(e.types.empty() ? "" : "some types ") +
                          "(not expanded: no decided-by.json)");
      for (const auto& n : e.names) {
        bool found = false;
        if (e.method == "why3" || e.method == "wp") {
          auto& goals = e.method == "why3" ? rep.why3 : rep.wp;
          auto& into = e.method == "why3" ? row.why3 : row.wp;
          const bool have = e.method == "why3" ? rep.have_why3 : rep.have_wp;
          for (const auto& g : goals)
            if (g.name == n) {
              found = true;
              if (std::find(into.begin(), into.end(), &g) == into.end()) into.push_back(&g);
            }
          named_goals.insert(e.method + ":" + n);
          if (!found && have) missing.push_back(e.method + " " + n);
        } else if (e.method == "exhaustive") {
          for (const auto& x : rep.exhaustive)
            if (x.evidence == n) {
              found = true;
              if (std::find(row.exhaustive.begin(), row.exhaustive.end(), &x) ==
                  row.exhaustive.end())
                row.exhaustive.push_back(&x);
            }
          if (!found) missing.push_back("sweep " + n);
        }
      }
    };
    for (const auto& e : req.decided_by) resolve(e);
    for (const auto& e : req.supported_by) resolve(e);
    for (const auto& l : rep.links)
      if (l.id == id) row.links.push_back(&l);
    if (const auto it = rep.reached.find(id); it != rep.reached.end()) row.reached = &it->second;

    auto flag = [&](std::string code, std::string msg, bool gap = true) {
      row.flags.push_back(Flag{std::move(code), std::move(msg), gap});
    };
    std::set<std::string> used_files;
    // Tests
    if (row.tests.empty()) {
      flag("no-test",
           rep.have_catch ? "no Catch2 test case is tagged [" + id + "]" : "no Catch2 results");
    } else {
      std::vector<std::string> failed;
      for (const auto* t : row.tests) {
        used_files.insert(t->evidence);
        if (!t->passed) failed.push_back("\"" + t->name + "\"");
      }
      if (!failed.empty())
        flag("test-failed", std::to_string(failed.size()) + " failed: " + join(failed, ", "));
    }
    // Proofs
    auto proofs = [&](const std::string& sys, const std::vector<const ProofGoal*>& goals, bool have,
                      const std::string& what) {
      for (const auto* g : goals) used_files.insert(g->evidence);
      if (req.needs(sys) && goals.empty())
        flag("no-" + sys, have ? "no " + what + " goal cites " + id : "no " + what + " results");
      std::vector<std::string> open;
      for (const auto* g : goals)
        if (!g->proved) {
          // WP goal names already start with the function; Why3 goals get "Theory."
          const bool scoped = g->scope.empty() || g->goal.rfind(g->scope + "_", 0) == 0;
          open.push_back((scoped ? "" : g->scope + ".") + g->goal + " (" + g->status + ")");
        }
      if (!open.empty())
        flag(sys + "-unproved", std::to_string(open.size()) + " not proved: " + join(open, ", "));
      std::vector<std::string> hyp;
      for (const auto* g : goals)
        if (g->proved && !g->note.empty()) hyp.push_back(g->goal);
      if (!hyp.empty())
        flag(sys + "-hypotheses",
             std::to_string(hyp.size()) + " goals valid under hypotheses not proved by " + what +
                 " (see wp-properties.csv and docs/assumptions.md): " + join(hyp, ", "),
             false);
    };
    proofs("why3", row.why3, rep.have_why3, "Why3");
    proofs("wp", row.wp, rep.have_wp, "WP");
    // Evidence named by decided_by or supported_by that the evidence does not have: missing
    // sweeps and missing proof goals are separate gaps, so that one never hides the other (the
    // test command, which makes no sweeps, holds the proof goals to the catalogue).
    auto flag_missing = [&](const std::string& code, const std::vector<std::string>& names) {
      if (names.empty()) return;
      const std::size_t shown = std::min<std::size_t>(names.size(), 8);
      flag(code, std::to_string(names.size()) +
                     " named in spec/requirements.json but not in the evidence: " +
                     join(std::vector<std::string>(
                              names.begin(), names.begin() + static_cast<std::ptrdiff_t>(shown)),
                          ", ") +
                     (names.size() > shown ? ", ..." : ""));
    };
    std::vector<std::string> missing_sweeps;
    std::vector<std::string> missing_goals;
    for (const auto& m : missing)
      (m.rfind("sweep ", 0) == 0 ? missing_sweeps : missing_goals).push_back(m);
    flag_missing("no-exhaustive", missing_sweeps);
    flag_missing("missing-named-evidence", missing_goals);
    for (const auto* x : row.exhaustive) {
      used_files.insert(x->evidence);
      if (x->failed())
        flag("exhaustive-mismatch",
             x->evidence + ": " + std::to_string(x->mismatches) +
                 " mismatches against its reference, " + std::to_string(x->symmetry_failures) +
                 " symmetry failures" + (x->passed == false ? ", verdict: failed" : ""));
      else if (!x->complete())
        flag("exhaustive-incomplete", x->evidence + ": " + std::to_string(x->pairs_checked) +
                                          " pairs checked, not all 2^32 (mode " + x->mode + ")");
    }
    // Staleness
    std::vector<std::string> stale_used;
    for (const auto& u : used_files)
      if (stale_files.count(u) != 0U) stale_used.push_back(u);
    if (!stale_used.empty())
      flag("stale",
           join(stale_used, ", ") + (stale_used.size() == 1 ? " was" : " were") +
               " produced from other sources than the current ones (see evidence files); rerun");
    // Code links (a warning: the catalogue does not require them)
    if (std::none_of(row.links.begin(), row.links.end(),
                     [](const CodeLink* l) { return l->kind == "impl"; }))
      flag("no-code-link", "no [impl->req~" + id + "~1] tag in the sources", false);

    // Proof level, per element type: the strongest deciding evidence that holds, the weakest type
    // for the requirement; conditional when the deciding properties rest on unproved ones.
    {
      auto level_of = [](const std::string& method) {
        return method == "wp"           ? Level::code
               : method == "exhaustive" ? Level::exhaustive
               : method == "why3"       ? Level::spec
                                        : Level::test;
      };
      // whether one deciding entry holds, and the conditions of its goals
      auto holds = [&](const EvidenceRef& e, std::vector<std::string>& conds) {
        if (e.method == "test") return row.tests_passed() > 0 && row.tests_failed() == 0;
        if (e.names.empty()) return false;  // a family entry not expanded decides nothing
        if (e.method == "exhaustive") {
          for (const auto& n : e.names) {
            const auto it = std::find_if(row.exhaustive.begin(), row.exhaustive.end(),
                                         [&](const Exhaustive* x) { return x->evidence == n; });
            if (it == row.exhaustive.end() || !(*it)->ok()) return false;
          }
          return true;
        }
        const auto& goals = e.method == "why3" ? row.why3 : row.wp;
        for (const auto& n : e.names) {
          bool any = false;
          for (const auto* g : goals)
            if (g->name == n) {
              if (!g->proved) return false;
              any = true;
              for (const auto& c : g->conditions) util::add_unique(conds, c);
            }
          if (!any) return false;
        }
        return true;
      };
      std::vector<std::string> types =
          req.types.empty() ? std::vector<std::string>{"all"} : req.types;
      std::optional<Level> weakest;
      for (const auto& t : types) {
        Level best = Level::none;
        std::vector<std::string> best_conds;
        for (const auto& e : req.decided_by) {
          if (!e.types.empty() && t != "all" &&
              std::find(e.types.begin(), e.types.end(), t) == e.types.end())
            continue;
          std::vector<std::string> conds;
          if (!holds(e, conds)) continue;
          const Level l = level_of(e.method);
          // an unconditional level beats a conditional one of the same rank
          if (l > best || (l == best && !best_conds.empty() && conds.empty())) {
            best = l;
            best_conds = conds;
          }
        }
        row.levels_by_type.push_back({t, best});
        for (const auto& c : best_conds) util::add_unique(row.conditions, c);
        if (!weakest || best < *weakest) weakest = best;
      }
      row.proof_level = weakest.value_or(Level::none);
      // the counts behind the level: deciding evidence that holds
      for (const auto* g : row.wp) row.level_code += g->proved ? 1 : 0;
      for (const auto* x : row.exhaustive) row.level_exhaustive += x->ok() ? 1 : 0;
      for (const auto* g : row.why3) row.level_spec += g->proved ? 1 : 0;
      row.level_tests = row.tests_passed();
    }
    if (row.proof_level == Level::spec)
      flag("spec-level-only",
           "proved only about the specification (" + std::to_string(row.level_spec) +
               " Why3 goals); no proof or exhaustive sweep covers the compiled code, which tests "
               "alone verify",
           false);
    if (!row.conditions.empty())
      flag("conditional",
           "the proof level is conditional: the deciding properties rest on " +
               join(row.conditions, "; "),
           false);

    // Status
    auto has = [&](std::initializer_list<const char*> codes) {
      return std::any_of(row.flags.begin(), row.flags.end(), [&](const Flag& f) {
        return std::any_of(codes.begin(), codes.end(), [&](const char* c) { return f.code == c; });
      });
    };
    const bool any_evidence =
        !row.tests.empty() || !row.why3.empty() || !row.wp.empty() || !row.exhaustive.empty();
    if (has({"test-failed", "why3-unproved", "wp-unproved", "exhaustive-mismatch"}))
      row.status = Status::failed;
    else if (has({"stale"}))
      row.status = Status::stale;
    else if (row.has_gap())
      row.status = any_evidence ? Status::partial : Status::missing;
    else
      row.status = Status::verified;
    rep.rows.push_back(std::move(row));
  }
  {
    const auto unlinked = std::count_if(rep.why3.begin(), rep.why3.end(), [&](const ProofGoal& g) {
      return g.proved && named_goals.count("why3:" + g.name) == 0U;
    });
    if (unlinked > 0)
      issue("unlinked-goal",
            std::to_string(unlinked) +
                " proved Why3 goals decide no requirement (spec/requirements.json names "
                "them nowhere: auxiliary lemmas)",
            "why3.json", false);
  }
}

}  // namespace trace
