// The runtime-conformance section's further evidence (sections.cpp), shown when the main job wrote
// it: a second runtime's campaign (onnxruntime-web), the two runtimes compared on the same cases,
// and the C-function adapter's example kernels on the targets. An absent file adds nothing and
// claims nothing; the examples not showing what they must is a gap of this project.
#include <sonnx/trace/trace.hpp>

#include "sections_common.hpp"

namespace trace::sec {

namespace {

// Appends a file's name to the section's files and its words to the verdict.
void note(Section& s, const std::string& file, const std::string& verdict) {
  s.files += ", " + file;
  s.verdict += "; " + verdict;
}

std::optional<ordered> optional_file(Section& s, Report& rep, const std::string& name) {
  std::string error;
  auto j = read_json(rep.options.evidence_dir / name, &error);
  if (!j && !error.empty()) fail(s, rep, Issue{"unreadable", name + ": " + error, name, true});
  if (j && !j->is_object()) {
    fail(s, rep, Issue{"unreadable", name + ": not a JSON object", name, true});
    return std::nullopt;
  }
  return j;
}

void second_runtime(Section& s, Report& rep) {
  const std::string name = "conformance-onnxruntime-web.json";
  const auto j = optional_file(s, rep, name);
  if (!j) return;
  const std::string runtime = j->contains("runtime")
                                  ? cell((*j)["runtime"].value("name", ordered()))
                                  : "the second runtime";
  if (j->contains("results"))
    s.tables.push_back(records(runtime + ": per type and requirement", (*j)["results"]));
  if (j->contains("findings"))
    s.tables.push_back(records(runtime + ": findings", (*j)["findings"]));
  note(s, name, runtime + ": " + count_text(number(*j, "findings_total")) + " findings");
}

void comparison(Section& s, Report& rep) {
  const std::string name = "conformance-comparison.json";
  const auto j = optional_file(s, rep, name);
  if (!j) return;
  for (const char* key : {"differing_rows", "differing_cases"}) {
    if (!j->contains(key)) continue;
    s.tables.push_back(records(std::string("The two runtimes compared: ") +
                                   (key == std::string("differing_rows")
                                        ? "per type and requirement, where their findings differ"
                                        : "the same case through both, where they differ"),
                               (*j)[key]));
  }
  const ordered& d = j->contains("differences") ? (*j)["differences"] : ordered();
  note(s, name,
       "compared: " + count_text(number(d, "cases")) + " cases and " +
           count_text(number(d, "rows")) + " type/requirement rows differ");
}

void c_adapter(Section& s, Report& rep) {
  const std::string name = "conformance-c-adapter.json";
  const auto j = optional_file(s, rep, name);
  if (!j) return;
  Table t;
  t.caption = "C-function adapter: the example kernels on the targets (docs/conformance.md)";
  t.header = {"target", "example", "exit", "verdict", "findings", "as expected", "problems"};
  std::size_t runs = 0;
  std::size_t wrong = 0;
  const ordered none = ordered::array();
  for (const auto& r : j->contains("runs") ? (*j)["runs"] : none) {
    if (!r.is_object()) continue;
    ++runs;
    double findings = 0;
    if (r.contains("findings") && r["findings"].is_object())
      for (const auto& [k, n] : r["findings"].items())
        findings += n.is_number() ? n.get<double>() : 0;
    const bool ok = r.contains("passed") && r["passed"].is_boolean() && r["passed"].get<bool>();
    wrong += ok ? 0 : 1;
    t.rows.push_back({cell(r.value("target", ordered())), cell(r.value("example", ordered())),
                      cell(r.value("exit_code", ordered())), cell(r.value("verdict", ordered())),
                      count_text(findings), ok ? "yes" : "NO",
                      cell(r.value("problems", ordered()))});
  }
  s.tables.push_back(t);
  if (j->contains("targets") && (*j)["targets"].is_object())
    for (const auto& [target, info] : (*j)["targets"].items())
      if (info.is_object()) s.tables.push_back(fields("C-function adapter on " + target, info));
  const bool passed = j->contains("passed") && (*j)["passed"].is_boolean() &&
                      (*j)["passed"].get<bool>() && wrong == 0 && runs > 0;
  note(s, name,
       "C-function adapter: " + std::to_string(runs) + " example campaigns, " +
           (passed ? "all as expected" : std::to_string(wrong) + " NOT as expected"));
  if (!passed)
    fail(s, rep,
         Issue{"conformance-c-adapter",
               "an example kernel of the C-function adapter did not show what examples.json "
               "says it must",
               name, true});
}

}  // namespace

void more_runtimes(Section& s, Report& rep) {
  second_runtime(s, rep);
  comparison(s, rep);
  c_adapter(s, rep);
}

}  // namespace trace::sec
