// Readers of the catalogue and of every evidence format (see docs/traceability.md).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>
#include <stdexcept>

#include "text_util.hpp"

namespace trace {

using nlohmann::json;

namespace {

std::uint64_t as_count(const json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    return v < 0 ? 0 : static_cast<std::uint64_t>(v);
  }
  if (j.is_number_float()) {
    const double v = j.get<double>();
    return v < 0 ? 0 : static_cast<std::uint64_t>(v);
  }
  if (j.is_array()) return j.size();
  return 0;
}

}  // namespace

bool is_id_shaped(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && util::is_upper(s[i])) ++i;
  if (i == 0 || i == s.size()) return false;
  for (std::size_t k = i; k < s.size(); ++k)
    if (!util::is_digit(s[k])) return false;
  return true;
}

bool Requirement::needs(const std::string& method) const {
  return std::find(methods.begin(), methods.end(), method) != methods.end();
}

bool Catalogue::has(const std::string& id) const {
  return std::any_of(requirements.begin(), requirements.end(),
                     [&](const Requirement& r) { return r.id == id; });
}

Catalogue load_catalogue(const fs::path& path) {
  json j = util::read_json_file(path, "requirement catalogue");
  Catalogue cat;
  cat.schema = util::str_or(j, "schema");
  cat.op = util::str_or(j, "operator");
  if (j.contains("sources") && j["sources"].is_object())
    for (const auto& [key, src] : j["sources"].items())
      cat.sources.push_back({key, {util::str_or(src, "file"), util::str_or(src, "title")}});
  if (j.contains("verification_methods") && j["verification_methods"].is_object())
    for (const auto& [key, text] : j["verification_methods"].items())
      if (text.is_string()) cat.method_descriptions[key] = text.get<std::string>();
  if (!j.contains("requirements") || !j["requirements"].is_array())
    throw std::runtime_error("catalogue " + path.string() + " has no \"requirements\" array");
  std::set<std::string> seen;
  for (const auto& rj : j["requirements"]) {
    Requirement r;
    r.id = util::str_or(rj, "id");
    if (!is_id_shaped(r.id))
      throw std::runtime_error("catalogue: malformed requirement id '" + r.id + "'");
    if (!seen.insert(r.id).second) throw std::runtime_error("catalogue: duplicate id " + r.id);
    r.title = util::str_or(rj, "title");
    r.statement = util::str_or(rj, "statement");
    if (rj.contains("source")) {
      const auto& s = rj["source"];
      r.source.doc = util::str_or(s, "doc");
      r.source.section = util::str_or(s, "section");
      r.source.sonnx_tag = util::str_or(s, "sonnx_tag");
      for (const auto& [key, fileTitle] : cat.sources)
        if (key == r.source.doc) {
          r.source.file = fileTitle.first;
          r.source.doc_title = fileTitle.second;
        }
    }
    if (rj.contains("verification") && rj["verification"].is_array())
      for (const auto& m : rj["verification"])
        if (m.is_string()) r.methods.push_back(m.get<std::string>());
    auto strings = [](const json& o, const char* key) {
      std::vector<std::string> out;
      if (o.contains(key) && o[key].is_array())
        for (const auto& k : o[key])
          if (k.is_string()) out.push_back(k.get<std::string>());
      return out;
    };
    r.types = strings(rj, "types");
    for (const char* list : {"decided_by", "supported_by"}) {
      if (!rj.contains(list)) continue;
      if (!rj[list].is_array())
        throw std::runtime_error("catalogue: " + r.id + ": " + list + " is not a list");
      int index = 0;
      for (const auto& e : rj[list]) {
        EvidenceRef ref;
        ref.method = util::str_or(e, "method");
        ref.types = strings(e, "types");
        ref.index = index++;
        for (const char* key : {"goals", "properties", "sweeps", "tags"})
          for (auto& n : strings(e, key)) ref.names.push_back(std::move(n));
        ref.why = util::str_or(e, "why");
        // WP properties are named by family (decided_by.py expands them); never by exact name
        // beside families, never families for another method.
        ref.by_family = e.contains("families");
        if (ref.by_family && (ref.method != "wp" || !e["families"].is_array() ||
                              e["families"].empty() || !ref.names.empty()))
          throw std::runtime_error("catalogue: " + r.id + ": an entry of " + list +
                                   " with families must be a wp entry with families only");
        if (ref.method == "wp" && !ref.by_family)
          throw std::runtime_error("catalogue: " + r.id + ": a wp entry of " + list +
                                   " names its properties by families");
        if (ref.method.empty() || (ref.names.empty() && !ref.by_family))
          throw std::runtime_error("catalogue: " + r.id + ": an entry of " + list +
                                   " without method or names");
        (std::string(list) == "decided_by" ? r.decided_by : r.supported_by)
            .push_back(std::move(ref));
      }
    }
    cat.requirements.push_back(std::move(r));
  }
  return cat;
}

// ---------------------------------------------------------------------------------------------
// Catch2 XML reporter output (Catch2 v2): <Catch name=EXE><Group><TestCase name tags filename
// line> ... <OverallResult success="true|false"/></TestCase> ... </Group></Catch>, read with
// pugixml. A truncated file (the executable crashed) fails to parse; pugixml keeps the nodes read
// before the error, so the test cases that completed are still reported.
std::vector<std::string> split_tags(const std::string& tags) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while ((i = tags.find('[', i)) != std::string::npos) {
    const std::size_t e = tags.find(']', i);
    if (e == std::string::npos) break;
    out.push_back(tags.substr(i + 1, e - i - 1));
    i = e + 1;
  }
  return out;
}

CatchFile parse_catch_xml(const std::string& text) {
  CatchFile out;
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
  const pugi::xml_node root = doc.child("Catch");
  if (!root) {
    out.error = "not Catch2 XML reporter output (no <Catch> element)";
    return out;
  }
  out.complete = parsed.status == pugi::status_ok;
  out.executable = root.attribute("name").value();
  for (const pugi::xpath_node& node : root.select_nodes(".//TestCase")) {
    const pugi::xml_node tc = node.node();
    // The test case's own result (sections carry OverallResults, plural). A test case cut off by a
    // crash has none and counts as failed.
    const pugi::xml_node result = tc.child("OverallResult");
    TestCase current;
    current.name = tc.attribute("name").value();
    current.tags = tc.attribute("tags").value();
    current.file = tc.attribute("filename").value();
    current.line = tc.attribute("line").as_int(0);
    current.executable = out.executable;
    current.passed = std::string(result.attribute("success").value()) == "true";
    for (const auto& t : split_tags(current.tags))
      if (is_id_shaped(t)) util::add_unique(current.ids, t);
    out.cases.push_back(current);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Prover policy fields shared by why3.json and wp-report.json.
// ---------------------------------------------------------------------------------------------
// Frama-C/WP
std::vector<WpProperty> parse_wp_csv(const std::string& text) {
  std::vector<WpProperty> out;
  std::istringstream in(text);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto cols = util::split(line, '\t');
    if (header) {
      header = false;
      if (!cols.empty() && cols[0] == "directory") continue;
    }
    if (cols.size() < 7) continue;
    WpProperty p;
    p.dir = cols[0];
    p.file = cols[1];
    try {
      p.line = std::stoi(cols[2]);
    } catch (...) {
      p.line = 0;
    }
    p.function = cols[3];
    p.kind = cols[4];
    p.status = cols[5];
    p.property = cols[6];
    for (std::size_t c = 7; c < cols.size(); ++c) p.property += "\t" + cols[c];
    // "F1_ieee_div: \result == ..." -> label F1_ieee_div
    const std::size_t colon = p.property.find(':');
    if (colon != std::string::npos) {
      const std::string lab = p.property.substr(0, colon);
      const bool ident = !lab.empty() && std::all_of(lab.begin(), lab.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
      });
      if (ident) p.label = lab;
    }
    out.push_back(p);
  }
  return out;
}

static std::vector<ProofGoal> parse_wp_functions(const json& functions);

std::vector<ProofGoal> parse_wp_json(const std::string& text) {
  const json j = json::parse(text);  // throws on malformed input; the caller reports it
  std::vector<ProofGoal> out;
  if (j.contains("wp:functions") && j["wp:functions"].is_object())
    out = parse_wp_functions(j["wp:functions"]);
  // Prover verdicts may also come as a list beside WP's own report: {"goals": [{"goal", "function",
  // "status", "verdicts", "accepted"}]}, matched to WP's goals by name ('_'-suffix forms included).
  if (j.contains("goals") && j["goals"].is_array())
    for (const auto& e : j["goals"]) {
      const std::string name = util::str_or(e, "goal");
      if (name.empty()) continue;
      auto same = [&](const ProofGoal& g) {
        const auto ends = [](const std::string& a, const std::string& b) {
          return a.size() > b.size() && a.compare(a.size() - b.size(), b.size(), b) == 0 &&
                 a[a.size() - b.size() - 1] == '_';
        };
        return g.goal == name || ends(name, g.goal) || ends(g.goal, name);
      };
      // the same goal name under several functions (a callee's precondition at each caller's
      // call): the record names its function
      const std::string fn = util::str_or(e, "function");
      auto it = std::find_if(out.begin(), out.end(),
                             [&](const ProofGoal& g) { return same(g) && g.scope == fn; });
      if (it == out.end()) it = std::find_if(out.begin(), out.end(), same);
      if (it == out.end()) {
        ProofGoal g;
        g.system = "wp";
        g.scope = util::str_or(e, "function");
        g.goal = name;
        g.name = name;
        g.status = util::str_or(e, "status", "unknown");
        g.proved = g.status == "valid" || g.status == "Valid";
        g.obligations_valid = g.proved ? 1 : 0;
        out.push_back(g);
        it = out.end() - 1;
      }
      read_policy_fields(*it, e);
      if (e.contains("conditional") && e["conditional"].is_array())
        for (const auto& c : e["conditional"])
          if (c.is_object())
            util::add_unique(it->conditions,
                             util::str_or(c, "row") + " (" + util::str_or(c, "rests_on") + ")");
    }
  for (auto& g : out) apply_acceptance(g);
  return out;
}

static std::vector<ProofGoal> parse_wp_functions(const json& functions) {
  std::vector<ProofGoal> out;
  for (const auto& [fn, goals] : functions.items()) {
    if (!goals.is_object()) continue;
    for (const auto& [name, stats] : goals.items()) {
      if (name == "wp:section" || !stats.is_object()) continue;
      ProofGoal g;
      g.system = "wp";
      g.scope = fn;
      g.goal = name;
      g.name = name;
      std::uint64_t total = 0;
      std::uint64_t valid = 0;
      std::string worst;
      for (const auto& [prover, s] : stats.items()) {
        if (!s.is_object()) continue;
        const std::uint64_t t = s.contains("total") ? as_count(s["total"]) : 0;
        const std::uint64_t v = s.contains("valid") ? as_count(s["valid"]) : 0;
        if (prover == "wp:main") {
          total = t;
          valid = v;
          for (const char* k : {"failed", "unknown", "timeout", "stepout", "invalid"})
            if (s.contains(k) && as_count(s[k]) > 0) worst = worst.empty() ? k : worst;
          if (s.contains("time") && s["time"].is_number()) g.time_s = s["time"].get<double>();
        } else if (v > 0) {
          g.provers.push_back(prover);
        }
      }
      g.proved = total > 0 && valid == total;
      g.obligations = total;
      g.obligations_valid = valid;
      g.status =
          g.proved ? "valid" : (worst.empty() ? (total == 0 ? "not tried" : "unknown") : worst);
      read_policy_fields(g, stats);
      out.push_back(g);
    }
  }
  return out;
}

std::vector<ProofGoal> join_wp(std::vector<ProofGoal> goals, const std::vector<WpProperty>& props,
                               bool have_json) {
  if (!have_json) {
    for (const auto& p : props) {
      ProofGoal g;
      g.system = "wp";
      g.scope = p.function;
      g.goal = p.label.empty() ? p.function + ": " + p.kind : p.function + "_" + p.label;
      g.name = g.goal;
      g.file = p.dir.empty() || p.dir == "." ? p.file : p.dir + "/" + p.file;
      g.line = p.line;
      g.status = p.status;
      g.proved = p.status == "Valid";
      g.obligations_valid = g.proved ? 1 : 0;
      goals.push_back(g);
    }
    return goals;
  }
  const auto matches = [](const ProofGoal& g, const WpProperty& p) {
    if (p.label.empty() || p.function != g.scope) return false;
    const std::string suffix = "_" + p.label;
    return g.goal.size() >= suffix.size() &&
           g.goal.compare(g.goal.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  // A call-site goal "<callee>_requires_<label>" of the caller is the property "precondition of
  // <callee>", not the caller's own precondition with the same label.
  const auto call_site = [](const ProofGoal& g, const WpProperty& p) {
    const std::string prefix = "precondition of ";
    if (p.kind.rfind(prefix, 0) != 0) return false;
    return g.goal.rfind(p.kind.substr(prefix.size()) + "_requires_", 0) == 0;
  };
  for (auto& g : goals) {
    const WpProperty* best = nullptr;
    for (const auto& p : props)
      if (matches(g, p) && (best == nullptr || (call_site(g, p) && !call_site(g, *best))))
        best = &p;
    if (best != nullptr) {
      const WpProperty& p = *best;
      g.file = p.dir.empty() || p.dir == "." ? p.file : p.dir + "/" + p.file;
      g.line = p.line;
      if (g.proved && p.status == "Valid under hypotheses") {
        // WP proved the goal; its consolidated status depends on properties WP did not prove.
        g.note = "valid under hypotheses";
        util::add_unique(g.conditions, "Frama-C status: valid under hypotheses");
      } else if (g.proved && p.status != "Valid") {
        g.proved = false;  // the report plug-in disagrees: not a complete proof
        g.obligations_valid = 0;
        g.status = "goal valid, property " + p.status;
      }
    }
  }
  return goals;
}

void add_wp_times(std::vector<ProofGoal>& goals, const std::string& log) {
  std::map<std::string, double> times;
  std::istringstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t g = line.find("] Goal ");
    if (line.rfind("[wp]", 0) != 0 || g == std::string::npos) continue;
    const std::size_t name_start = g + 7;
    const std::size_t colon = line.find(" : ", name_start);
    if (colon == std::string::npos) continue;
    const std::string name = line.substr(name_start, colon - name_start);
    double total = 0;
    // every "(<number>ms)" or "(<number>s)", also "(Qed:2ms)"
    for (std::size_t k = colon; (k = line.find('(', k)) != std::string::npos; ++k) {
      const std::size_t e = line.find(')', k);
      if (e == std::string::npos) break;
      std::string t = line.substr(k + 1, e - k - 1);
      const std::size_t c = t.rfind(':');
      if (c != std::string::npos) t = t.substr(c + 1);
      double scale = 0;
      if (t.size() > 2 && t.compare(t.size() - 2, 2, "ms") == 0) {
        scale = 0.001;
        t.resize(t.size() - 2);
      } else if (t.size() > 1 && t.back() == 's') {
        scale = 1;
        t.pop_back();
      }
      if (scale == 0 || t.empty() || t.find_first_not_of("0123456789.") != std::string::npos)
        continue;
      try {
        total += std::stod(t) * scale;
      } catch (...) {
      }
    }
    times[name] += total;
  }
  for (auto& goal : goals) {
    for (const auto& [name, t] : times) {
      const bool same = name == goal.goal;
      const bool suffix =
          name.size() > goal.goal.size() &&
          name.compare(name.size() - goal.goal.size(), goal.goal.size(), goal.goal) == 0 &&
          name[name.size() - goal.goal.size() - 1] == '_';
      if (same || suffix) goal.time_s = goal.time_s.value_or(0.0) + t;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// why3.json: {"goals":[{"file","theory","goal","subgoal","prover","time_s","status","verdicts",
//             "accepted","fp"}], "summary":{...}, "axioms":{"rows":[...]}}
Why3File parse_why3_json(const std::string& text) {
  const json j = json::parse(text);
  Why3File out;
  if (j.contains("goals") && j["goals"].is_array()) {
    for (const auto& gj : j["goals"]) {
      ProofGoal g;
      g.system = "why3";
      g.file = util::str_or(gj, "file");
      g.scope = util::str_or(gj, "theory");
      g.goal = util::str_or(gj, "goal");
      if (gj.contains("line") && gj["line"].is_number_integer()) g.line = gj["line"].get<int>();
      if (gj.contains("prover")) {
        if (gj["prover"].is_string() && !gj["prover"].get<std::string>().empty())
          g.provers.push_back(gj["prover"].get<std::string>());
        else if (gj["prover"].is_array())
          for (const auto& p : gj["prover"])
            if (p.is_string()) g.provers.push_back(p.get<std::string>());
      }
      if (gj.contains("time_s") && gj["time_s"].is_number()) g.time_s = gj["time_s"].get<double>();
      g.status = util::str_or(gj, "status");
      std::string st = g.status;
      std::transform(st.begin(), st.end(), st.begin(), [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      });
      g.proved = st == "valid" || st == "proved";
      g.obligations_valid = g.proved ? 1 : 0;
      read_policy_fields(g, gj);
      apply_acceptance(g);
      {
        std::string stem = fs::path(g.file).stem().string();
        g.name = (stem.empty() ? "" : stem + ".") + g.scope + "." + g.goal;
      }
      // split_vc sub-goals: "goal[3]"
      if (gj.contains("subgoal") && !gj["subgoal"].is_null())
        g.goal +=
            "[" +
            (gj["subgoal"].is_string() ? gj["subgoal"].get<std::string>() : gj["subgoal"].dump()) +
            "]";
      out.goals.push_back(g);
    }
  }
  // The register rows the gate's axiom scan matched for the goals' contexts.
  if (j.contains("axioms") && j["axioms"].is_object() && j["axioms"].contains("rows") &&
      j["axioms"]["rows"].is_array())
    for (const auto& id : j["axioms"]["rows"])
      if (id.is_string()) out.assumptions.push_back(id.get<std::string>());
  if (j.contains("summary")) out.summary = j["summary"].dump();
  return out;
}

// ---------------------------------------------------------------------------------------------
Exhaustive parse_exhaustive(const std::string& text) {
  const json j = json::parse(text);
  Exhaustive e;
  e.format = util::str_or(j, "format");
  e.mode = util::str_or(j, "mode");
  if (j.contains("mode") && !j["mode"].is_string()) e.mode = j["mode"].dump();
  if (j.contains("pairs_checked")) e.pairs_checked = as_count(j["pairs_checked"]);
  if (j.contains("mismatches")) e.mismatches = as_count(j["mismatches"]);
  if (j.contains("wall_s") && j["wall_s"].is_number()) e.wall_s = j["wall_s"].get<double>();
  if (j.contains("symmetry_failures")) e.symmetry_failures = as_count(j["symmetry_failures"]);
  if (j.contains("passed") && j["passed"].is_boolean()) e.passed = j["passed"].get<bool>();
  if (j.contains("requirements") && j["requirements"].is_array())
    for (const auto& r : j["requirements"])
      if (r.is_string()) e.ids.push_back(r.get<std::string>());
  if (j.contains("requirement") && j["requirement"].is_string())
    util::add_unique(e.ids, j["requirement"].get<std::string>());
  return e;
}

}  // namespace trace
