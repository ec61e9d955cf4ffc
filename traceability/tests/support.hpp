// Helpers of the report generator's self-tests: fixture files, and lookups in a built report.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace trace_test {

namespace fs = trace::fs;

inline void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

inline bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

inline bool has_flag(const trace::Row& r, const std::string& code) {
  for (const auto& f : r.flags)
    if (f.code == code) return true;
  return false;
}

inline const trace::Row& row(const trace::Report& r, const std::string& id) {
  for (const auto& x : r.rows)
    if (x.req->id == id) return x;
  throw std::runtime_error("no row " + id);
}

inline bool has_issue(const trace::Report& r, const std::string& code,
                      const std::string& text = "") {
  for (const auto& i : r.issues)
    if (i.code == code && contains(i.message + i.where, text)) return true;
  return false;
}

inline std::string mini_catalogue() {
  return R"({"schema":"sonnx-requirements/1","operator":"Div",
  "sources":{"002":{"file":"002_x.txt","title":"spec"},"DEF":{"file":"README.md","title":"defects"}},
  "verification_methods":{"test":"t","why3":"w","wp":"p","exhaustive":"e"},
  "requirements":[
   {"id":"C1","title":"Shape","statement":"Same shape.","source":{"doc":"002","section":"C1","sonnx_tag":"[C1]"},
    "verification":["test","why3","wp"],
    "decided_by":[{"method":"why3","goals":["t.T.c1_shape"]},
                  {"method":"wp","families":[{"function":"k","properties":["ensures_C1_*"]}]},
                  {"method":"test","tags":["C1"]}]},
   {"id":"F2","title":"Half","statement":"Correct rounding.","source":{"doc":"002","section":"float","sonnx_tag":""},
    "verification":["test","exhaustive"],
    "decided_by":[{"method":"exhaustive","types":["float16"],"sweeps":["exhaustive-f16.json"]},
                  {"method":"exhaustive","types":["bfloat16"],"sweeps":["exhaustive-bf16.json"]},
                  {"method":"test","tags":["F2"]}],
    "supported_by":[{"method":"wp","families":[{"function":"k","properties":["ensures_F2_applies"]}],
                      "why":"the loop only"}]},
   {"id":"D3","title":"MIN/-1","statement":"Domain error.","source":{"doc":"DEF","section":"defect 3","sonnx_tag":""},
    "verification":["test"],"decided_by":[{"method":"test","tags":["D3"]}]},
   {"id":"D9","title":"Fast","statement":"Fast paths.",
    "source":{"doc":"DEF","section":"OP-6","sonnx_tag":""},
    "verification":["test","wp","exhaustive"],"types":["float16","int8"],
    "decided_by":[{"method":"wp","types":["int8"],
                   "families":[{"function":"k","properties":["ensures_D9_route"]}]},
                  {"method":"exhaustive","types":["float16"],"sweeps":["exhaustive-f16.json"]},
                  {"method":"test","tags":["D9"]}]}]})";
}

// The expansion of mini_catalogue's WP families (traceability/decided_by.py's output, by hand).
inline std::string mini_expansion() {
  return R"({"schema":"sonnx-decided-by/1","failed_families":[],"requirements":{
    "C1":{"decided_by":[{"index":1,"types":[],"names":["k_ensures_C1_shape"]}]},
    "F2":{"supported_by":[{"index":0,"types":[],"names":["k_ensures_F2_applies"]}]},
    "D9":{"decided_by":[{"index":0,"types":["int8"],"names":["k_ensures_D9_route"]}]}}})";
}

// The script under test: the project's, whatever the fixture's source root.
inline const fs::path kProvenanceScript = SONNX_PROVENANCE_SCRIPT;

inline std::string hash(const fs::path& root, const std::vector<std::string>& globs) {
  return trace::sources_sha256(kProvenanceScript, root, globs, nullptr).value_or("no hash");
}

// Adds the provenance record of the current sources, as sonnx_evidence.evidence_provenance does.
inline void bind(const fs::path& file, const fs::path& root,
                 const std::vector<std::string>& globs) {
  nlohmann::json j = nlohmann::json::object();
  if (fs::exists(file)) {
    std::ifstream in(file);
    j = nlohmann::json::parse(in);
  }
  j["provenance"] = {
      {"commit", "0123456789abcdef"}, {"sources_sha256", hash(root, globs)}, {"sources", globs}};
  write(file, j.dump());
}

inline void set_age(const fs::path& p, int seconds_ago) {
  fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::seconds(seconds_ago));
}

}  // namespace trace_test
