// The evidence folder check (verify.hpp): each file's totals against the records they count, and
// the tool versions the files record against one another.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify_common.hpp"

namespace trace::verify {

using nlohmann::json;

namespace {

// One total against its count: a failed line naming both when they differ.
struct Tally {
  Ctx& c;
  std::string file;
  int checked = 0;
  int wrong = 0;
  void same(const json& doc, const std::vector<std::string>& path, long long counted) {
    const json* v = &doc;
    std::string where = file;
    for (const auto& k : path) {
      where += "." + k;
      if (!v->is_object() || !v->contains(k)) {
        fail(where + " is missing (it should be " + std::to_string(counted) + ")");
        return;
      }
      v = &(*v)[k];
    }
    ++checked;
    if (!v->is_number_integer() || v->get<long long>() != counted)
      fail(where + " is " + v->dump() + ", the records it counts give " + std::to_string(counted));
  }
  void fail(const std::string& text) {
    c.fail("counts", text);
    ++wrong;
  }
  void done(const std::string& what) {
    if (wrong == 0 && checked > 0)
      c.pass("counts", file + ": " + std::to_string(checked) + " totals match " + what);
  }
};

bool accepted(const json& g) {
  return g.contains("accepted") && g["accepted"].is_boolean() && g["accepted"].get<bool>();
}

void why3_counts(Tally& t, const json& j) {
  long long all = 0, ok = 0, fp = 0, fp_ok = 0;
  for (const auto& g : j["goals"]) {
    ++all;
    ok += accepted(g) ? 1 : 0;
    const bool is_fp = g.value("fp", true);
    fp += is_fp ? 1 : 0;
    fp_ok += is_fp && accepted(g) ? 1 : 0;
  }
  t.same(j, {"summary", "proved"}, ok);
  t.same(j, {"summary", "total"}, all);
  t.same(j, {"policy", "goals"}, all);
  t.same(j, {"policy", "accepted"}, ok);
  t.same(j, {"policy", "floating_point_goals"}, fp);
  t.same(j, {"policy", "floating_point_goals_accepted"}, fp_ok);
}

void wp_counts(Tally& t, const json& j) {
  long long all = 0, ok = 0, obligations = 0, fp = 0, conditional = 0;
  for (const auto& g : j["goals"]) {
    ++all;
    ok += accepted(g) ? 1 : 0;
    obligations += g.value("obligations", 0LL);
    fp += g.value("fp", true) ? 1 : 0;
    conditional += g.contains("conditional") ? 1 : 0;
  }
  t.same(j, {"policy", "properties"}, all);
  t.same(j, {"policy", "properties_accepted"}, ok);
  t.same(j, {"policy", "goals"}, obligations);
  t.same(j, {"policy", "floating_point_properties"}, fp);
  t.same(j, {"policy", "conditional_properties"}, conditional);
  const json& rejected = j["policy"].value("not_accepted", json::array());
  if (!rejected.is_array() || static_cast<long long>(rejected.size()) != all - ok)
    t.fail(t.file + ".policy.not_accepted lists " + rejected.dump().substr(0, 80) +
           ", the goals give " + std::to_string(all - ok) + " not accepted");
}

void smoke_counts(Tally& t, const json& j) {
  long long goals = 0, found = 0;
  for (const auto& f : j["functions"]) {
    goals += f.value("smoke_goals", 0LL);
    found += f.value("unreachable_found", 0LL);
    if (!f.contains("unreachable") || !f["unreachable"].is_array() ||
        static_cast<long long>(f["unreachable"].size()) != f.value("unreachable_found", 0LL))
      t.fail(t.file + ": " + f.value("function", std::string("?")) +
             " lists another number of unreachable points than it counts");
  }
  t.same(j, {"smoke_goals"}, goals);
  t.same(j, {"unreachable_found"}, found);
}

// The files whose totals are checked: the array of records they count, and what the totals
// match when they all do.
struct Counted {
  const char* file;
  const char* records;
  const char* what;
  void (*check)(Tally& t, const json& j);
};
const Counted kCounted[] = {{"why3.json", "goals", "its goals", why3_counts},
                            {"wp-report.json", "goals", "its properties", wp_counts},
                            {"wp-smoke.json", "functions", "its functions", smoke_counts}};

// The first line of a version text, as the recorders keep it.
std::string first_line(const std::string& s) {
  std::string l = s.substr(0, s.find('\n'));
  while (!l.empty() && (l.back() == ' ' || l.back() == '\r')) l.pop_back();
  return l;
}

}  // namespace

void check_counts(Ctx& c) {
  for (const auto& k : kCounted) {
    const auto j = c.load(k.file, false);
    if (!j || !j->contains(k.records) || !(*j)[k.records].is_array()) continue;
    Tally t{c, k.file};
    k.check(t, *j);
    t.done(k.what);
  }
}

void check_tools(Ctx& c) {
  const auto tools = c.load("tool-versions.json", false);
  if (!tools || !tools->is_object()) {
    c.skip("tools",
           "tool-versions.json is not in the folder: the versions the proof files record "
           "are compared with nothing");
    return;
  }
  int compared = 0;
  std::vector<std::string> wrong;
  auto text_of = [&](const std::string& tool) {
    return tools->contains(tool) && (*tools)[tool].is_string() ? (*tools)[tool].get<std::string>()
                                                               : std::string();
  };
  // why3.json records version numbers ("4.8.12"); tool-versions.json the tools' own first lines.
  if (const auto w = c.load("why3.json", false); w && w->contains("versions"))
    for (const auto& [tool, v] : (*w)["versions"].items()) {
      if (!v.is_string()) continue;
      ++compared;
      if (text_of(tool).find(v.get<std::string>()) == std::string::npos)
        wrong.push_back("why3.json records " + tool + " " + v.get<std::string>() +
                        ", tool-versions.json \"" + text_of(tool) + "\"");
    }
  if (const auto w = c.load("wp-tool-versions.json", false); w && w->is_object())
    for (const auto& [tool, v] : w->items()) {
      if (!v.is_string()) continue;
      ++compared;
      if (first_line(v.get<std::string>()) != first_line(text_of(tool)))
        wrong.push_back("wp-tool-versions.json records " + tool + " \"" + v.get<std::string>() +
                        "\", tool-versions.json \"" + text_of(tool) + "\"");
    }
  for (const auto& w : wrong) c.fail("tools", w);
  if (wrong.empty() && compared > 0)
    c.pass("tools", std::to_string(compared) +
                        " tool versions recorded by the proof files (why3.json, "
                        "wp-tool-versions.json) are those of tool-versions.json");
  else if (compared == 0)
    c.skip("tools", "no proof file records tool versions");
}

}  // namespace trace::verify
