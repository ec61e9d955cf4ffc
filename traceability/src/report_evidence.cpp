// The readers of the proof, sweep and tool evidence of the report (build_report, report.cpp).
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <sonnx/trace/trace.hpp>

#include "report_build.hpp"

namespace trace::build {

using ordered = nlohmann::ordered_json;

// WP: wp-report.json and wp-properties.csv, the goals joined with their properties and located in
// the sources.
void read_wp(Builder& b, const std::vector<SourceFile>& sources) {
  Report& rep = b.rep;
  const Options& options = b.options;
  const fs::path& ev = b.ev;
  {
    const fs::path jpath = ev / "wp-report.json";
    const fs::path cpath = ev / "wp-properties.csv";
    EvidenceFile& jf = b.add_file(jpath, "wp");
    std::vector<ProofGoal> goals;
    bool have_json = false;
    if (jf.present) {
      try {
        const std::string text = read_text(jpath).value_or("");
        goals = parse_wp_json(text);
        have_json = true;
        const auto j = nlohmann::json::parse(text);
        if (j.contains("axioms") && j["axioms"].is_object() && j["axioms"].contains("rows"))
          for (const auto& id : j["axioms"]["rows"])
            if (id.is_string()) rep.why3_assumptions.push_back(id.get<std::string>());
        b.provenance[jf.path] = b.read_provenance(jpath);
      } catch (const std::exception& e) {
        b.issue("unreadable", "wp-report.json: " + std::string(e.what()), jf.path);
      }
    }
    EvidenceFile& cf = b.add_file(cpath, "wp");
    std::vector<WpProperty> props;
    if (cf.present) {
      props = parse_wp_csv(read_text(cpath).value_or(""));
      // Written by the same run as wp-report.json: bound by its record.
      b.provenance[cf.path] = b.provenance[jf.path];
    }
    if (have_json || cf.present) {
      rep.wp = join_wp(std::move(goals), props, have_json);
      if (const auto log = read_text(ev / "wp-log.txt")) add_wp_times(rep.wp, *log);
      for (auto& g : rep.wp) g.evidence = have_json ? "wp-report.json" : "wp-properties.csv";
      rep.have_wp = true;
      if (!cf.present)
        b.issue("missing-evidence",
                "wp-properties.csv missing: WP goals have no source locations or property status",
                "wp-properties.csv", false);
    } else {
      b.issue("missing-evidence",
              "no WP results (wp-report.json, wp-properties.csv): run proofs/frama-c/prove.sh");
    }
    // Goals the CSV could not locate (loop invariants: the CSV prints them without their label):
    // find the ACSL label "<ID>_...:" in the kernel sources.
    {
      std::vector<std::pair<std::string, std::string>> texts;  // rel path, text
      for (const auto& s : sources)
        if (starts_with(s.rel, "core/src/") && has_ext(s.rel, {".c", ".h", ".inc"}))
          if (const auto t = read_text(options.source_root / s.rel)) texts.push_back({s.rel, *t});
      for (auto& g : rep.wp) {
        const std::string kind = "_loop_invariant_";
        const std::size_t at = g.goal.find(kind);
        if (!g.file.empty() || at == std::string::npos) continue;
        std::string label = g.goal.substr(at + kind.size());
        for (const char* suffix : {"_established", "_preserved"})
          if (label.size() > std::string(suffix).size() &&
              label.compare(label.size() - std::string(suffix).size(), std::string::npos, suffix) ==
                  0)
            label.resize(label.size() - std::string(suffix).size());
        for (const auto& [rel, text] : texts) {
          const std::size_t k = text.find(label + ":");
          if (k == std::string::npos) continue;
          g.file = rel;
          g.line = 1 + static_cast<int>(std::count(
                           text.begin(), text.begin() + static_cast<std::ptrdiff_t>(k), '\n'));
          break;
        }
      }
    }
    for (const auto& g : rep.wp)
      if (!g.proved)
        b.issue("unproved-goal", "WP property " + g.goal + " is not proved: " + g.status,
                g.evidence);
  }
}

// Why3: why3.json.
void read_why3(Builder& b) {
  Report& rep = b.rep;
  const fs::path& ev = b.ev;
  {
    const fs::path p = ev / "why3.json";
    EvidenceFile& f = b.add_file(p, "why3");
    if (f.present) {
      try {
        Why3File w = parse_why3_json(read_text(p).value_or(""));
        for (auto& g : w.goals) g.evidence = f.path;
        rep.why3 = std::move(w.goals);
        rep.why3_assumptions.insert(rep.why3_assumptions.end(), w.assumptions.begin(),
                                    w.assumptions.end());
        rep.why3_summary = w.summary;
        rep.have_why3 = true;
        b.provenance[f.path] = b.read_provenance(p);
        for (const auto& g : rep.why3)
          if (!g.proved)
            b.issue("unproved-goal",
                    "Why3 goal " + g.name + " " + g.goal + " is not proved: " + g.status, g.file);
      } catch (const std::exception& e) {
        b.issue("unreadable", "why3.json: " + std::string(e.what()), f.path);
      }
    } else {
      b.issue("missing-evidence", "no Why3 results (why3.json): run proofs/why3/prove.sh");
    }
  }
}

// The specification faults and satisfiability witnesses: faults-why3.json.
void read_faults(Builder& b) {
  const fs::path& ev = b.ev;
  {
    const fs::path p = ev / "faults-why3.json";
    EvidenceFile& f = b.add_file(p, "faults");
    if (f.present) {
      b.provenance[f.path] = b.read_provenance(p);
      try {
        const auto j = nlohmann::json::parse(read_text(p).value_or(""));
        if (!j.value("all_passed", false))
          b.issue("fault-campaign",
                  "a specification fault survived or a satisfiability witness is not proved",
                  f.path);
      } catch (const std::exception& e) {
        b.issue("unreadable", "faults-why3.json: " + std::string(e.what()), f.path);
      }
    } else {
      b.issue("missing-evidence",
              "no specification-fault results (faults-why3.json): run ctest -R fault_refutations",
              "", false);
    }
  }
}

// The exhaustive sweeps: exhaustive-*.json.
void read_sweeps(Builder& b) {
  Report& rep = b.rep;
  const fs::path& ev = b.ev;
  std::error_code& ec = b.ec;
  const Catalogue& cat = b.rep.catalogue;
  {
    std::set<fs::path> paths{ev / "exhaustive-f16.json", ev / "exhaustive-bf16.json"};
    if (fs::is_directory(ev, ec))
      for (const auto& e : fs::directory_iterator(ev, ec)) {
        const std::string n = e.path().filename().string();
        if (starts_with(n, "exhaustive-") && e.path().extension() == ".json")
          paths.insert(e.path());
      }
    for (const auto& p : paths) {
      EvidenceFile& f = b.add_file(p, "exhaustive");
      if (!f.present) continue;
      try {
        Exhaustive x = parse_exhaustive(read_text(p).value_or(""));
        x.evidence = f.path;
        if (x.format.empty()) x.format = p.stem().string().substr(11);
        for (const auto& id : x.ids)
          if (!cat.has(id))
            b.issue("orphan", f.path + " cites " + id + ", not in the catalogue", f.path);
        rep.exhaustive.push_back(x);
        b.provenance[f.path] = b.read_provenance(p);
      } catch (const std::exception& e) {
        b.issue("unreadable", f.path + ": " + e.what(), f.path);
      }
    }
  }
}

// The tool versions, the gcov coverage (an indication) and the benchmarks.
void read_tools(Builder& b) {
  Report& rep = b.rep;
  const Options& options = b.options;
  const fs::path& ev = b.ev;
  std::error_code& ec = b.ec;
  {
    const fs::path p = ev / "tool-versions.json";
    EvidenceFile& f = b.add_file(p, "tool-versions");
    if (f.present) {
      try {
        const ordered j = ordered::parse(read_text(p).value_or(""));
        for (const auto& [k, v] : j.items())
          rep.tool_versions.push_back({k, v.is_string() ? v.get<std::string>() : v.dump()});
      } catch (const std::exception& e) {
        b.issue("unreadable", "tool-versions.json: " + std::string(e.what()), f.path);
      }
    } else {
      b.issue("missing-evidence",
              "no tool-versions.json: run traceability/tool-versions.sh EVIDENCE_DIR");
    }
    for (const auto& [k, v] : rep.tool_versions)
      if (k == "git_commit" || k == "commit") rep.commit = v;
    if (rep.commit.empty()) rep.commit = git_commit(options.source_root);
  }
  read_reached(rep);  // coupling.json: the functions each requirement's tests reach
  for (const char* name : {"coverage-summary.json", "coverage.json"}) {
    const fs::path p = ev / name;
    if (!fs::is_regular_file(p, ec)) continue;
    b.add_file(p, "coverage");
    try {
      const auto j = nlohmann::json::parse(read_text(p).value_or(""));
      for (const char* k : {"line_percent", "branch_percent", "function_percent", "lines_covered",
                            "lines_total", "branches_covered", "branches_total", "line_covered",
                            "line_total", "branch_covered", "branch_total"})
        if (j.contains(k)) rep.coverage.push_back({k, j[k].dump()});
      if (j.contains("exclusions") && j["exclusions"].is_array()) {
        rep.coverage.push_back(
            {"exclusions (GCOVR_EXCL with a reason)", std::to_string(j["exclusions"].size())});
        for (const auto& x : j["exclusions"])
          rep.coverage.push_back({"excluded: " + x.value("file", std::string("?")) + ":" +
                                      std::to_string(x.value("line", 0)),
                                  x.value("reason", std::string("NO REASON GIVEN"))});
      }
      if (fs::is_regular_file(ev / "coverage" / "index.html", ec))
        rep.coverage.push_back({"detailed report", "coverage/index.html"});
    } catch (const std::exception& e) {
      b.issue("unreadable", std::string(name) + ": " + e.what(), name, false);
    }
    break;
  }
  {
    const fs::path p = ev / "bench.json";
    if (fs::is_regular_file(p, ec)) {
      b.add_file(p, "bench");
      try {
        const auto j = nlohmann::ordered_json::parse(read_text(p).value_or(""));
        auto cell = [](const nlohmann::ordered_json& v) {
          if (v.is_string()) return v.get<std::string>();
          if (v.is_number_float()) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.3g", v.get<double>());
            return std::string(buf);
          }
          return v.dump();
        };
        if (j.is_object() && j.contains("results") && j["results"].is_array() &&
            !j["results"].empty() && j["results"][0].is_object()) {
          // The project's bench.json: its records under "results" (type, n, ratios, ns per
          // element).
          const auto& records = j["results"];
          for (const auto& [k, v] : records[0].items()) rep.bench_header.push_back(k);
          for (const auto& rec : records) {
            std::vector<std::string> row;
            for (const auto& k : rep.bench_header)
              row.push_back(rec.contains(k) ? cell(rec[k]) : "");
            rep.bench_rows.push_back(row);
          }
        } else if (j.is_object() && j.contains("benchmarks") && j["benchmarks"].is_array()) {
          // Google Benchmark's own JSON output.
          rep.bench_header = {"name", "real_time", "time_unit"};
          for (const auto& b : j["benchmarks"])
            rep.bench_rows.push_back({b.contains("name") ? cell(b["name"]) : "?",
                                      b.contains("real_time") ? cell(b["real_time"]) : "",
                                      b.contains("time_unit") ? cell(b["time_unit"]) : ""});
        } else {
          b.issue("unreadable",
                  "bench.json: neither records under \"results\" nor Google Benchmark's output",
                  "bench.json", false);
        }
      } catch (const std::exception& e) {
        b.issue("unreadable", std::string("bench.json: ") + e.what(), "bench.json", false);
      }
    }
  }
}

}  // namespace trace::build
