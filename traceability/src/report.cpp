// Joins the catalogue, the code tags and the evidence into one row per requirement.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

#include "report_build.hpp"
#include "schema.hpp"

namespace trace {

namespace build {

std::optional<std::string> read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool has_ext(const fs::path& p, std::initializer_list<const char*> exts) {
  const std::string e = p.extension().string();
  return std::any_of(exts.begin(), exts.end(), [&](const char* x) { return e == x; });
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

void Builder::issue(std::string code, std::string message, std::string where, bool gap) {
  rep.issues.push_back(Issue{std::move(code), std::move(message), std::move(where), gap});
}

EvidenceFile& Builder::add_file(const fs::path& p, const std::string& kind) {
  EvidenceFile f;
  f.path = fs::relative(p, ev, ec).generic_string();
  if (f.path.empty()) f.path = p.generic_string();
  f.kind = kind;
  f.present = fs::is_regular_file(p, ec);
  if (f.present) f.mtime = iso_time(fs::last_write_time(p, ec));
  rep.files.push_back(f);
  return rep.files.back();
}

nlohmann::json provenance_of(const nlohmann::json& j) {
  return j.is_object() && j.contains("provenance") ? j["provenance"] : nlohmann::json();
}

nlohmann::json Builder::read_provenance(const fs::path& p) const {
  try {
    return provenance_of(nlohmann::json::parse(read_text(p).value_or("")));
  } catch (const std::exception&) {
    return nlohmann::json();
  }
}

}  // namespace build

namespace {

using namespace build;

// Source files scanned for code tags.
std::vector<SourceFile> list_sources(const fs::path& root) {
  std::vector<SourceFile> out;
  for (const char* dir :
       {"core", "io", "cli", "conform", "fuzz", "testsupport", "tests", "spec", "proofs"}) {
    const fs::path base = root / dir;
    std::error_code ec;
    if (!fs::is_directory(base, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(
             base, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (!it->is_regular_file(ec)) continue;
      const fs::path& p = it->path();
      if (!has_ext(p, {".c", ".h", ".cpp", ".hpp", ".inc", ".mlw", ".why", ".sh", ".py", ".json",
                       ".acsl"}))
        continue;
      out.push_back({fs::relative(p, root, ec).generic_string()});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.rel < b.rel; });
  return out;
}

}  // namespace

Report build_report(const Options& options) {
  Report rep;
  rep.options = options;
  rep.catalogue = load_catalogue(options.catalogue);
  const Catalogue& cat = rep.catalogue;
  const fs::path& ev = options.evidence_dir;
  std::error_code ec;

  Builder b{rep, options, ev, {}, {}};
  auto issue = [&b](std::string code, std::string message, std::string where = "",
                    bool gap = true) {
    b.issue(std::move(code), std::move(message), std::move(where), gap);
  };
  auto add_file = [&b](const fs::path& p, const std::string& kind) -> EvidenceFile& {
    return b.add_file(p, kind);
  };
  auto read_provenance = [&b](const fs::path& p) { return b.read_provenance(p); };
  auto& provenance = b.provenance;
  // One record for all Catch2 XML files of a run (traceability/run-tests.sh writes it).
  const nlohmann::json catch_provenance = read_provenance(ev / "catch2" / "provenance.json");

  // --- Trace by family: the WP families of the catalogue expanded into exact property names ---
  if (rep.catalogue.has_families()) {
    EvidenceFile& f = add_file(ev / "decided-by.json", "expansion");
    std::vector<std::string> problems = {
        "no decided-by.json (the catalogue's WP families expanded): run the proofs"};
    if (f.present) {
      try {
        const auto doc = nlohmann::json::parse(read_text(ev / "decided-by.json").value_or(""));
        provenance[f.path] = provenance_of(doc);
        problems = apply_family_expansion(rep.catalogue, doc);
      } catch (const std::exception& e) {
        problems = {"decided-by.json: " + std::string(e.what())};
      }
    }
    for (auto& m : problems) issue("missing-evidence", std::move(m), "decided-by.json");
  }

  // --- Code tags --------------------------------------------------------------------------------
  const auto sources = list_sources(options.source_root);
  for (const auto& s : sources) {
    if (!has_ext(s.rel, {".c", ".h", ".cpp", ".hpp", ".inc", ".mlw", ".why"})) continue;
    const auto text = read_text(options.source_root / s.rel);
    if (!text) continue;
    for (auto& l : scan_code_tags(*text, s.rel)) {
      if (!cat.has(l.id))
        issue("orphan",
              "code tag [" + l.kind + "->req~" + l.id + "~" + l.revision +
                  "] names an unknown requirement",
              l.file + ":" + std::to_string(l.line));
      else if (l.revision != "1")
        issue("orphan",
              "code tag [" + l.kind + "->req~" + l.id + "~" + l.revision + "] names revision " +
                  l.revision + " but the catalogue item is req~" + l.id + "~1",
              l.file + ":" + std::to_string(l.line));
      rep.links.push_back(l);
    }
  }

  // --- Catch2 -----------------------------------------------------------------------------------
  std::vector<fs::path> xmls;
  if (fs::is_regular_file(ev / "catch2.xml", ec)) xmls.push_back(ev / "catch2.xml");
  if (fs::is_directory(ev / "catch2", ec))
    for (const auto& e : fs::directory_iterator(ev / "catch2", ec))
      if (e.path().extension() == ".xml") xmls.push_back(e.path());
  std::sort(xmls.begin(), xmls.end());
  std::vector<std::string> expected_exes;
  if (!options.catch_list.empty()) {
    if (const auto list = read_text(options.catch_list)) {
      std::istringstream in(*list);
      std::string line;
      while (std::getline(in, line))
        if (!line.empty()) expected_exes.push_back(line);
    } else {
      issue("missing-evidence",
            "the list of Catch2 executables " + options.catch_list.string() + " is missing");
    }
  }
  for (const auto& exe : expected_exes) {
    const fs::path xml = ev / "catch2" / (fs::path(exe).filename().string() + ".xml");
    if (!fs::is_regular_file(xml, ec)) {
      add_file(xml, "catch2");
      issue("missing-evidence",
            "no Catch2 XML for " + fs::path(exe).filename().string() +
                " (run traceability/run-tests.sh)",
            exe);
    }
  }
  for (const auto& x : xmls) {
    EvidenceFile& f = add_file(x, "catch2");
    const auto text = read_text(x);
    if (!text) continue;
    CatchFile cf = parse_catch_xml(*text);
    if (!cf.error.empty()) {
      issue("unreadable", f.path + ": " + cf.error, f.path);
      continue;
    }
    if (!cf.complete)
      issue("incomplete-evidence",
            f.path + " is truncated (no closing </Catch>): the executable crashed or was killed",
            f.path);
    provenance[f.path] = catch_provenance;
    for (auto& tc : cf.cases) {
      tc.evidence = f.path;
      if (tc.executable.empty()) tc.executable = x.stem().string();
      for (const auto& t : split_tags(tc.tags))
        if (is_id_shaped(t) && !cat.has(t))
          issue("orphan",
                "Catch2 test case \"" + tc.name + "\" has tag [" + t + "], not in the catalogue",
                tc.file + ":" + std::to_string(tc.line));
      const auto tags = split_tags(tc.tags);
      if (tc.ids.empty() && std::any_of(tags.begin(), tags.end(), is_non_requirement_tag)) {
        // A test of the verification means, a tool's library or an assumption: evidence for no
        // requirement. It must pass, like every test.
        if (!tc.passed)
          issue("test-failed", "verification test \"" + tc.name + "\" " + tc.tags + " failed",
                tc.file + ":" + std::to_string(tc.line));
        rep.verification_tests.push_back(tc);
        continue;
      }
      if (tc.ids.empty())
        issue("untraced-test", "Catch2 test case \"" + tc.name + "\" carries no requirement ID tag",
              tc.file + ":" + std::to_string(tc.line));
      rep.tests.push_back(tc);
    }
    rep.have_catch = true;
  }
  if (!rep.have_catch)
    issue("missing-evidence",
          "no Catch2 results: neither catch2/*.xml nor catch2.xml in the evidence dir "
          "(run traceability/run-tests.sh BUILD_DIR EVIDENCE_DIR)");

  read_wp(b, sources);
  read_why3(b);
  read_faults(b);
  read_sweeps(b);
  read_tools(b);

  // --- Assumptions register (data: spec/assumptions.json) ---------------------------------------
  std::set<std::string> register_ids;
  try {
    const Register reg = load_register(options.assumptions);
    for (const auto& row : reg.rows) {
      rep.assumptions.push_back(Assumption{row});
      register_ids.insert(row.front());
    }
    if (rep.assumptions.empty())
      issue("assumptions",
            "the assumptions register " + options.assumptions.string() + " has no rows");
  } catch (const std::exception& e) {
    issue("assumptions", e.what(), options.assumptions.filename().string());
  }
  // The rows that the proofs' axiom scans matched (why3.json and wp-report.json, "axioms"): each
  // axiom a proof rests on was found in the proof's tasks, not copied from the register.
  for (const auto& id : rep.why3_assumptions)
    if (register_ids.count(id) == 0U)
      issue("assumptions",
            "a proof rests on register row " + id + ", which spec/assumptions.json does not have",
            "why3.json, wp-report.json");

  // --- Optional sections (runtime conformance, coding standard, WP smoke tests, prover policy)
  // ----
  add_sections(rep);
  for (const char* name :
       {"conformance-onnxruntime.json", "conformance-onnxruntime-web.json",
        "conformance-comparison.json", "conformance-c-adapter.json", "coding-standard.json",
        "stack.json", "wp-smoke.json", "wp-binding.json", "platforms.json"})
    if (fs::is_regular_file(ev / name, ec)) {
      add_file(ev / name, "section");
      provenance[name] = read_provenance(ev / name);
    }

  // The current hash of the sources some globs match (computed once per list of globs); a failure
  // to compute it is a gap: the freshness of the evidence bound to them cannot be decided.
  std::map<std::vector<std::string>, std::optional<std::string>> hashes;
  const fs::path script = evidence_package(options) / "evidence_provenance.py";
  auto hash_of = [&](const std::vector<std::string>& globs) {
    const auto it = hashes.find(globs);
    if (it != hashes.end()) return it->second;
    std::string error;
    auto h = sources_sha256(script, options.source_root, globs, &error);
    if (!h) issue("no-provenance", "cannot hash the sources " + join(globs, " ") + ": " + error);
    return hashes[globs] = h;
  };

  // --- Staleness: the recorded hash of the covered sources against their current content ------
  {
    for (auto& f : rep.files) {
      const auto it = provenance.find(f.path);
      if (!f.present || it == provenance.end()) continue;
      const nlohmann::json& p = it->second;
      // Requirement evidence must be bound to its sources; the optional sections are shown anyway.
      const bool required = f.kind != "section";
      if (!p.is_object() || !p.contains("sources_sha256") || !p["sources_sha256"].is_string() ||
          !p.contains("sources") || !p["sources"].is_array()) {
        f.provenance = Provenance::none;
        issue("no-provenance",
              f.path +
                  " records no provenance (commit and hash of its sources): its freshness cannot "
                  "be decided; "
                  "add it with evidence/sonnx_evidence/evidence_provenance.py",
              f.path, required);
        continue;
      }
      for (const auto& g : p["sources"])
        if (g.is_string()) f.sources.push_back(g.get<std::string>());
      if (p.contains("commit") && p["commit"].is_string())
        f.provenance_commit = p["commit"].get<std::string>();
      if (!options.check_stale) {
        f.provenance = Provenance::not_checked;
        continue;
      }
      const std::optional<std::string> current = hash_of(f.sources);
      if (!current) {
        f.provenance = Provenance::not_checked;
      } else if (*current == p["sources_sha256"].get<std::string>()) {
        f.provenance = Provenance::current;
      } else {
        f.provenance = Provenance::changed;
        f.stale = true;
        f.newer_source =
            "the sources " + join(f.sources, " ") + " changed since it was produced" +
            (f.provenance_commit.empty() ? "" : " at commit " + f.provenance_commit.substr(0, 12));
      }
    }
  }
  // --- Schemas: every JSON evidence file read is valid under its schema (schema.cpp).
  for (auto& i : schema::check_files(rep)) rep.issues.push_back(std::move(i));
  std::set<std::string> stale_files;
  for (const auto& f : rep.files)
    if (f.stale) {
      stale_files.insert(f.path);
      issue("stale", f.path + ": " + f.newer_source + "; rerun it", f.path, f.kind != "section");
    }

  join_rows(rep, stale_files);

  {
    std::error_code rel_ec;
    for (const fs::path& p : {options.catalogue, options.assumptions}) {
      const fs::path rel = fs::relative(p, options.source_root, rel_ec);
      if (!rel_ec && !rel.empty() && *rel.begin() != "..")
        rep.own_sources.push_back(rel.generic_string());
    }
    rep.own_sources_sha256 = hash_of(rep.own_sources).value_or("");
  }
  if (options.generated.empty()) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    rep.options.generated = buf;
  }
  return rep;
}

}  // namespace trace
