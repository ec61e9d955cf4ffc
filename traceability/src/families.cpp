// Trace by family: the catalogue names WP properties by function family and label; the expansion
// into exact names is computed once, by traceability/decided_by.py, and read here. The report
// never expands a pattern itself, so that there is one implementation of the family rules.
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace trace {

bool Catalogue::has_families() const {
  for (const auto& r : requirements)
    for (const auto* list : {&r.decided_by, &r.supported_by})
      for (const auto& e : *list)
        if (e.by_family) return true;
  return false;
}

std::vector<std::string> apply_family_expansion(Catalogue& catalogue, const nlohmann::json& doc) {
  std::vector<std::string> problems;
  if (!doc.is_object() || !doc.contains("requirements") || !doc["requirements"].is_object()) {
    problems.push_back("decided-by.json has no requirements object");
    return problems;
  }
  if (doc.contains("failed_families") && doc["failed_families"].is_array())
    for (const auto& f : doc["failed_families"])
      if (f.is_string()) problems.push_back("family matched no property: " + f.get<std::string>());
  const nlohmann::json& reqs = doc["requirements"];
  std::set<std::string> used;  // "ID list index" of every expansion applied
  for (auto& r : catalogue.requirements) {
    for (const char* list : {"decided_by", "supported_by"}) {
      auto& refs = std::string(list) == "decided_by" ? r.decided_by : r.supported_by;
      for (auto& ref : refs) {
        if (!ref.by_family) continue;
        const std::string where = r.id + " " + list + "[" + std::to_string(ref.index) + "]";
        const nlohmann::json* found = nullptr;
        if (reqs.contains(r.id) && reqs[r.id].contains(list) && reqs[r.id][list].is_array())
          for (const auto& x : reqs[r.id][list])
            if (x.is_object() && x.value("index", -1) == ref.index) found = &x;
        if (found == nullptr || !(*found).contains("names") || !(*found)["names"].is_array()) {
          problems.push_back(where + ": no expansion of its WP families in decided-by.json");
          continue;
        }
        used.insert(where);
        for (const auto& n : (*found)["names"])
          if (n.is_string()) ref.names.push_back(n.get<std::string>());
        if (ref.names.empty()) problems.push_back(where + ": its WP families expand to nothing");
      }
    }
  }
  // An expansion of an entry the catalogue does not have: made from another catalogue.
  for (const auto& [id, lists] : reqs.items()) {
    if (!lists.is_object()) continue;
    for (const auto& [list, entries] : lists.items()) {
      if (!entries.is_array()) continue;
      for (const auto& x : entries) {
        const std::string where =
            id + " " + list + "[" + std::to_string(x.is_object() ? x.value("index", -1) : -1) +
            "]";
        if (used.count(where) == 0U)
          problems.push_back(where + ": expanded in decided-by.json, not a wp entry by family "
                             "of the catalogue");
      }
    }
  }
  return problems;
}

}  // namespace trace
