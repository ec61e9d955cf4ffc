// The evidence folder check (verify.hpp), the part that needs the checkout the evidence was
// produced from: every JSON file against its schema (evidence/schemas), and the traceability
// report rebuilt from the folder by the report's own readers (build_report): each file bound to
// the checkout's sources, every verdict recomputed under the prover policy by its one
// implementation (the report runs sonnx_evidence.policy recheck), and the report's counts against
// those the folder's traceability.json records. With --installed, the tools installed here are
// recorded by the project's own recorder (traceability/tool-versions.sh) and compared.
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sonnx/process/process.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "schema.hpp"
#include "verify_common.hpp"

namespace trace::verify {

using nlohmann::json;

namespace {

std::optional<json> read_json(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return json::parse(ss.str());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void check_schemas(Ctx& c, const fs::path& schemas) {
  // which schema a file is validated against (schema::schema_for): without it the families'
  // and folders' files would all count as having none, and so go unchecked
  if (!read_json(schemas.parent_path() / "schema-names.json")) {
    c.fail("schemas", (schemas.parent_path() / "schema-names.json").generic_string() +
                          " is missing or not JSON: the files' schemas cannot be named");
    return;
  }
  int valid = 0;
  std::vector<std::string> without;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(c.o.dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".json") continue;
    const std::string rel = it->path().lexically_relative(c.o.dir).generic_string();
    const fs::path sp = schema::schema_for(schemas, rel);
    const auto schema_doc = read_json(sp);
    if (!schema_doc) {
      without.push_back(rel);
      continue;
    }
    const auto doc = read_json(it->path());
    std::vector<std::string> errors = {"not valid JSON"};
    if (doc) {
      try {
        errors = schema::validate(*doc, *schema_doc);
      } catch (const std::exception& e) {
        errors = {std::string("the schema is outside the subset: ") + e.what()};
      }
    }
    if (errors.empty())
      ++valid;
    else
      c.fail("schemas", rel + " departs from " + sp.filename().string() + ": " + errors.front());
  }
  c.pass("schemas", std::to_string(valid) + " JSON files valid under their schemas (" +
                        schemas.generic_string() + ")");
  if (!without.empty()) {
    std::string names;
    for (const auto& w : without) names += (names.empty() ? "" : ", ") + w;
    c.skip("schemas", names + ": no schema (compared through the report rebuilt below, if at all)");
  }
}

// The report's counts: the summary and every requirement's status.
void compare_report(Ctx& c, const Report& rep) {
  const auto recorded = read_json(c.o.dir / "traceability.json");
  if (!recorded || !recorded->contains("summary")) {
    c.fail("report",
           "traceability.json is missing or has no summary: the report's counts cannot "
           "be compared with the files they summarize");
    return;
  }
  const json rebuilt = json::parse(render_json(rep));
  int differences = 0;
  for (const auto& [key, value] : rebuilt["summary"].items())
    if (!(*recorded)["summary"].contains(key) || (*recorded)["summary"][key] != value) {
      c.fail("report", "traceability.json summary." + key + " is " +
                           (*recorded)["summary"].value(key, json()).dump() +
                           "; the report rebuilt from the folder's files gives " + value.dump());
      ++differences;
    }
  std::map<std::string, std::string> status;
  for (const auto& r : rebuilt.value("requirements", json::array()))
    status[r.value("id", "")] = r.value("status", "");
  for (const auto& r : recorded->value("requirements", json::array()))
    if (status[r.value("id", "")] != r.value("status", "")) {
      c.fail("report", "requirement " + r.value("id", std::string("?")) +
                           ": traceability.json "
                           "records " +
                           r.value("status", std::string("?")) + ", the rebuilt report " +
                           status[r.value("id", "")]);
      ++differences;
    }
  if (differences == 0)
    c.pass("report",
           "the traceability report rebuilt from the folder's files by the report's "
           "readers gives the summary and the " +
               std::to_string(rebuilt.value("requirements", json::array()).size()) +
               " requirement statuses traceability.json records (" +
               std::to_string(rebuilt["summary"].value("gaps", -1)) + " gaps)");
}

void check_report(Ctx& c, const fs::path& package) {
  const fs::path src = *c.o.sources;
  trace::Options ro;
  ro.catalogue = src / "spec" / "requirements.json";
  ro.source_root = src;
  ro.evidence_dir = c.o.dir;
  ro.assumptions = src / "spec" / "assumptions.json";
  ro.provenance_script = package / "evidence_provenance.py";
  ro.generated = "verify-evidence";
  // The list of the test cases the build had (the main job copies build/catch-tests.txt into the
  // folder): the report judges the Catch2 results against it, so the rebuilt report must too.
  std::error_code ec;
  if (fs::is_regular_file(c.o.dir / "catch-tests.txt", ec))
    ro.catch_list = c.o.dir / "catch-tests.txt";
  Report rep;
  try {
    rep = build_report(ro);
  } catch (const std::exception& e) {
    c.fail("report", std::string("the report cannot be rebuilt from the checkout: ") + e.what());
    return;
  }
  // Sources: every file bound to the checkout's content.
  int current = 0;
  for (const auto& f : rep.files) {
    if (!f.present) continue;
    if (f.provenance == Provenance::current) ++current;
    if (f.provenance == Provenance::changed)
      c.fail("sources",
             "STALE " + f.path + ": the sources " + join(f.sources, " ") +
                 " of the checkout differ from those it was produced from" +
                 (f.provenance_commit.empty() ? "" : " (commit " + f.provenance_commit + ")"));
    if (f.provenance == Provenance::none && f.kind != "section")
      c.fail("sources", f.path + " records no binding to its sources");
    if (f.provenance == Provenance::not_checked)
      c.fail("sources", f.path + ": the checkout's sources could not be hashed");
  }
  const std::string commit = git_commit(src);
  c.pass("sources",
         std::to_string(current) +
             " files bound to sources identical to the "
             "checkout's" +
             (commit.empty() ? " (not a git work tree)" : " (at commit " + commit + ")"));
  // The prover policy, recomputed from the recorded verdicts by its one implementation.
  int disagreements = 0;
  for (const auto& i : rep.issues)
    if (i.code == "prover-policy") {
      c.fail("verdicts", i.message);
      ++disagreements;
    }
  if (disagreements == 0 && (rep.have_why3 || rep.have_wp))
    c.pass("verdicts", "every recorded acceptance recomputed from its verdicts under " +
                           (src / "proofs" / "prover-policy.json").generic_string() +
                           " by sonnx_evidence.policy: the same");
  compare_report(c, rep);
}

// The recorder is the project's (next to the evidence package: the checkout's by default).
void check_installed(Ctx& c, const fs::path& package) {
  const fs::path src = *c.o.sources;
  const fs::path recorder =
      package.parent_path().parent_path() / "traceability" / "tool-versions.sh";
  const auto recorded = read_json(c.o.dir / "tool-versions.json");
  if (!recorded) {
    c.fail("tools", "--installed: tool-versions.json is not in the folder");
    return;
  }
  const fs::path tmp =
      fs::temp_directory_path() / ("verify-evidence-" + std::to_string(::getpid()));
  const auto r = sonnx::process::run({"bash", recorder.string(), tmp.string(), src.string()},
                                     sonnx::process::Seconds(600));
  const auto here = read_json(tmp / "tool-versions.json");
  std::error_code ec;
  fs::remove_all(tmp, ec);
  if (!r.success() || !here) {
    c.fail("tools", "--installed: traceability/tool-versions.sh failed: " + r.err + r.error);
    return;
  }
  // What describes the run or the machine, not a tool: reported, never compared.
  static const std::set<std::string> run_facts = {"recorded_at", "git_commit", "git_dirty",
                                                  "os",          "kernel",     "provenance"};
  int same = 0;
  for (const auto& [tool, v] : recorded->items()) {
    if (run_facts.count(tool) != 0U) continue;
    if (here->value(tool, json()) == v)
      ++same;
    else
      c.fail("tools", "installed " + tool + " is " + here->value(tool, json()).dump() +
                          ", the evidence was produced with " + v.dump());
  }
  c.pass("tools", std::to_string(same) +
                      " tools installed here are those recorded (run and "
                      "machine facts not compared: os " +
                      here->value("os", json()).dump() + ", kernel " +
                      here->value("kernel", json()).dump() + ")");
}

}  // namespace

void check_with_sources(Ctx& c) {
  const fs::path package =
      c.o.package.empty() ? *c.o.sources / "evidence" / "sonnx_evidence" : c.o.package;
  check_schemas(c, package.parent_path() / "schemas");
  check_report(c, package);
  if (c.o.installed) check_installed(c, package);
}

}  // namespace trace::verify
