// The tool-qualification section: the operational requirements of the verification tools this
// project wrote (evidence/tool-requirements.json), each with its tests and their verdicts in this
// run, and each tool's version (the commit and the content hash of its files). Built like the
// product's requirements: a tool requirement without a passing test is a gap.
#include <map>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sonnx/trace/trace.hpp>
#include <string>

#include "schema.hpp"
#include "sections_common.hpp"

namespace trace::sec {

namespace {

// The verdict of each CTest in the JUnit records of this run (ctest-*.xml in the evidence dir):
// "failed" when one record failed it, "passed" when one ran it and none failed it.
std::map<std::string, std::string> ctest_verdicts(const fs::path& evidence, std::size_t* files) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  if (!fs::is_directory(evidence, ec)) return out;
  for (const auto& entry : fs::directory_iterator(evidence, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("ctest-", 0) != 0 || entry.path().extension() != ".xml") continue;
    pugi::xml_document doc;
    if (!doc.load_file(entry.path().c_str())) continue;
    ++*files;
    for (const auto& tc : doc.select_nodes("//testcase")) {
      const pugi::xml_node n = tc.node();
      const std::string test = n.attribute("name").value();
      const std::string status = n.attribute("status").value();
      const bool failed = n.child("failure") || n.child("error");
      const bool run = (status.empty() || status == "run") && !n.child("skipped");
      std::string& v = out[test];
      if (failed)
        v = "failed";
      else if (run && v != "failed")
        v = "passed";
      else if (v.empty())
        v = "not run";
    }
  }
  return out;
}

std::string evidence_verdict(const fs::path& file) {
  std::string error;
  const auto j = read_json(file, &error);
  if (!j) return error.empty() ? "not run" : "unreadable";
  return j->contains("ok") && (*j)["ok"].is_boolean() && (*j)["ok"].get<bool>() ? "passed"
                                                                                 : "failed";
}

}  // namespace

void tool_qualification(Section& s, Report& rep) {
  const fs::path data = rep.options.source_root / "evidence" / "tool-requirements.json";
  std::string error;
  const auto j = read_json(data, &error);
  if (!j) {
    s.run = false;
    s.verdict = "not run: no evidence/tool-requirements.json";
    fail(s, rep,
         error.empty() ? Issue{"not-run", "Tool qualification not run: no tool requirements",
                               s.files, false}
                       : Issue{"tool-qualification", error, s.files, true});
    return;
  }
  std::vector<std::string> errors;
  try {
    std::string schema_error;
    const auto sj = read_json(evidence_package(rep.options).parent_path() / "schemas" /
                                  "tool-requirements.schema.json",
                              &schema_error);
    errors = sj ? schema::validate(nlohmann::json::parse(j->dump()),
                                   nlohmann::json::parse(sj->dump()))
                : std::vector<std::string>{"no schema: " + schema_error};
  } catch (const std::exception& e) {
    errors = {e.what()};
  }
  if (!errors.empty()) {
    fail(s, rep, Issue{"tool-qualification", "tool-requirements.json: " + errors.front(),
                       s.files, true});
    return;
  }
  std::size_t junit = 0;
  const auto verdicts = ctest_verdicts(rep.options.evidence_dir, &junit);
  const std::string commit = git_commit(rep.options.source_root);
  const fs::path script = evidence_package(rep.options) / "evidence_provenance.py";
  Table tools;
  tools.caption = "Tools and their versions (commit, content hash of their files)";
  tools.header = {"tool", "files", "commit", "sha256 of the files"};
  Table reqs;
  reqs.caption = "Tool operational requirements, their tests and verdicts";
  reqs.header = {"requirement", "tool", "kind", "what it must do", "tests", "verdict"};
  std::size_t total = 0, shown = 0;
  for (const auto& tool : (*j)["tools"]) {
    std::vector<std::string> files;
    for (const auto& f : tool["files"]) files.push_back(f.get<std::string>());
    std::string hash_error;
    const auto hash = sources_sha256(script, rep.options.source_root, files, &hash_error);
    std::string list;
    for (const auto& f : files) list += (list.empty() ? "" : " ") + f;
    tools.rows.push_back({tool["name"].get<std::string>(), list, commit.substr(0, 12),
                          hash ? *hash : "not computed: " + hash_error});
    for (const auto& r : tool["requirements"]) {
      ++total;
      std::string tests, verdict_text;
      bool all_passed = !r["tests"].empty();
      for (const auto& t : r["tests"]) {
        const std::string name = t.get<std::string>();
        std::string v;
        if (name.rfind("ctest:", 0) == 0) {
          const auto it = verdicts.find(name.substr(6));
          v = it == verdicts.end() ? "not run" : it->second;
        } else if (name.rfind("evidence:", 0) == 0) {
          v = evidence_verdict(rep.options.evidence_dir / name.substr(9));
        } else {
          v = "unknown kind of test";
        }
        all_passed = all_passed && v == "passed";
        tests += (tests.empty() ? "" : "; ") + name;
        verdict_text += (verdict_text.empty() ? "" : "; ") + v;
      }
      shown += all_passed ? 1 : 0;
      const std::string id = r["id"].get<std::string>();
      reqs.rows.push_back({id, tool["id"].get<std::string>(), r["kind"].get<std::string>(),
                           r["text"].get<std::string>(), tests, verdict_text});
      if (!all_passed)
        rep.issues.push_back(Issue{"tool-qualification",
                                   id + " (" + tool["name"].get<std::string>() +
                                       ") has no passing test in this run: " + verdict_text,
                                   s.files, true});
    }
  }
  s.tables.push_back(tools);
  s.tables.push_back(reqs);
  s.verdict = std::to_string(shown) + " of " + std::to_string(total) +
              " tool requirements shown by passing tests (" + std::to_string(junit) +
              " CTest record(s))";
  s.bad = shown != total;
}

}  // namespace trace::sec
