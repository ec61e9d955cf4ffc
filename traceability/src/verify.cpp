// The check of a received evidence folder (verify.hpp): the checks that need only the folder.
// Those that need the checkout (schemas, sources, the prover policy's recheck, the rebuilt
// report) are in verify_sources.cpp.
#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sonnx/trace/verify.hpp>
#include <sstream>

#include "verify_common.hpp"

namespace trace::verify {

using nlohmann::json;

bool Outcome::ok() const { return count(Line::Kind::failed) == 0; }

int Outcome::count(Line::Kind k) const {
  return static_cast<int>(
      std::count_if(lines.begin(), lines.end(), [k](const Line& l) { return l.kind == k; }));
}

std::optional<json> Ctx::load(const std::string& name, bool required) {
  const fs::path p = o.dir / name;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) {
    if (required) fail("files", name + " is missing from the folder");
    return std::nullopt;
  }
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return json::parse(ss.str());
  } catch (const std::exception& e) {
    fail("files", name + " is not valid JSON: " + e.what());
    return std::nullopt;
  }
}

namespace {

bool hex64(const json& v) {
  static const std::regex rx("^[0-9a-f]{64}$");
  return v.is_string() && std::regex_match(v.get<std::string>(), rx);
}

// A manifest path names a file inside the folder: relative, '/'-separated, no '.' or '..' part.
bool inside(const std::string& rel) {
  if (rel.empty() || rel.front() == '/' || rel.find('\\') != std::string::npos) return false;
  std::istringstream parts(rel);
  for (std::string part; std::getline(parts, part, '/');)
    if (part.empty() || part == "." || part == "..") return false;
  return true;
}

void check_manifest(Ctx& c) {
  const auto m = c.load("manifest.json", false);
  if (!m) {
    c.fail("manifest", "no readable manifest.json: the files of the folder cannot be checked");
    return;
  }
  if (!m->is_object() || !m->contains("files") || !(*m)["files"].is_array()) {
    c.fail("manifest", "manifest.json has no list \"files\"");
    return;
  }
  std::set<std::string> listed;
  int bad = 0;
  for (const auto& e : (*m)["files"]) {
    if (!e.is_object() || !e.contains("path") || !e["path"].is_string() || !e.contains("sha256") ||
        !hex64(e["sha256"]) || !e.contains("bytes") || !e["bytes"].is_number_unsigned()) {
      c.fail("manifest", "manifest.json has an entry without path, sha256 and bytes: " +
                             e.dump().substr(0, 120));
      ++bad;
      continue;
    }
    const std::string rel = e["path"].get<std::string>();
    if (!inside(rel) || rel == "manifest.json" || !listed.insert(rel).second) {
      c.fail("manifest", "manifest.json lists " + rel + " (outside the folder, itself or twice)");
      ++bad;
      continue;
    }
    const fs::path p = c.o.dir / rel;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(p, ec)) || !fs::is_regular_file(p, ec)) {
      c.fail("manifest", "MISSING " + rel + ": listed in manifest.json, not in the folder");
      ++bad;
      continue;
    }
    const auto digest = sha256_file(p);
    if (!digest) {
      c.fail("manifest", "UNREADABLE " + rel);
      ++bad;
    } else if (*digest != e["sha256"].get<std::string>() ||
               fs::file_size(p, ec) != e["bytes"].get<std::uint64_t>()) {
      c.fail("manifest", "ALTERED " + rel + ": its SHA-256 is " + *digest +
                             ", manifest.json records " + e["sha256"].get<std::string>());
      ++bad;
    }
  }
  std::error_code ec;
  int files = 0;
  for (auto it = fs::recursive_directory_iterator(c.o.dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string rel = it->path().lexically_relative(c.o.dir).generic_string();
    if (it->is_symlink()) {
      c.fail("manifest", "SYMBOLIC LINK " + rel + ": a bundle holds plain files only");
      ++bad;
    } else if (it->is_regular_file() && rel != "manifest.json") {
      ++files;
      if (listed.count(rel) == 0U) {
        c.fail("manifest", "UNLISTED " + rel + ": in the folder, not in manifest.json");
        ++bad;
      }
    }
  }
  if (bad == 0)
    c.pass("manifest", std::to_string(listed.size()) +
                           " files listed in manifest.json, each present with its SHA-256 and "
                           "size; no other file in the folder" +
                           ((*m).contains("commit") && (*m)["commit"].is_string()
                                ? "; produced at commit " + (*m)["commit"].get<std::string>()
                                : std::string("; no commit recorded")));
}

// Every goal recorded valid and accepted under the prover policy (as the file records it; the
// recomputation from the verdicts needs the checkout: verify_sources.cpp).
void check_recorded_verdicts(Ctx& c, const std::string& name, const std::string& unit) {
  const auto j = c.load(name, true);
  if (!j) return;
  if (!j->contains("goals") || !(*j)["goals"].is_array() || (*j)["goals"].empty()) {
    c.fail("verdicts", name + " records no goals");
    return;
  }
  std::vector<std::string> refused;
  for (const auto& g : (*j)["goals"]) {
    const bool valid = g.value("status", "") == "valid";
    const bool accepted =
        g.contains("accepted") && g["accepted"].is_boolean() && g["accepted"].get<bool>();
    if (!valid || !accepted)
      refused.push_back(g.value("function", g.value("file", std::string())) + " " +
                        g.value("goal", std::string("?")));
  }
  if (refused.empty())
    c.pass("verdicts", name + ": every one of " + std::to_string((*j)["goals"].size()) + " " +
                           unit + " recorded valid and accepted under the prover policy");
  else
    c.fail("verdicts", name + ": " + std::to_string(refused.size()) + " " + unit +
                           " not recorded valid and accepted, e.g. " + refused.front());
}

void check_reproducible(Ctx& c) {
  const auto j = c.load("reproducible-build.json", false);
  if (!j) {
    c.skip("verdicts", "reproducible-build.json is not in the folder");
    return;
  }
  bool same = j->value("identical", false) && j->value("self_check", false);
  std::size_t n = 0;
  if (j->contains("outputs") && (*j)["outputs"].is_array())
    for (const auto& o : (*j)["outputs"]) {
      ++n;
      same = same && o.value("identical", false);
    }
  if (same && n > 0)
    c.pass("verdicts", "reproducible-build.json: " + std::to_string(n) +
                           " outputs built twice, byte-identical");
  else
    c.fail("verdicts", "reproducible-build.json does not record identical outputs");
}

}  // namespace

Outcome verify_bundle(const Options& options) {
  Outcome out;
  Ctx c{options, out};
  std::error_code ec;
  if (!fs::is_directory(options.dir, ec)) {
    c.fail("files", options.dir.string() + " is not a folder");
    return out;
  }
  check_manifest(c);
  check_recorded_verdicts(c, "why3.json", "Why3 goals");
  check_recorded_verdicts(c, "wp-report.json", "WP properties");
  check_reproducible(c);
  check_counts(c);
  check_tools(c);
  if (options.sources) {
    check_with_sources(c);
    if (!options.installed)
      c.skip("tools", "the tools installed here against those recorded (with --installed)");
  } else {
    const std::string why = " (needs the checkout: --sources CHECKOUT)";
    c.skip("schemas", "every JSON file against its schema of evidence/schemas" + why);
    c.skip("sources", "each file's binding to the sources it was produced from" + why);
    c.skip("verdicts",
           "the recorded verdicts recomputed under the prover policy by "
           "sonnx_evidence.policy" +
               why);
    c.skip("report",
           "the traceability report rebuilt from the folder against the counts "
           "traceability.json records" +
               why);
    c.skip("tools", "the tools installed here against those recorded (--installed" + why + ")");
  }
  return out;
}

std::string render(const Outcome& outcome) {
  std::ostringstream s;
  for (const auto& l : outcome.lines) {
    const char* head = l.kind == Line::Kind::ok       ? "checked"
                       : l.kind == Line::Kind::failed ? "FAILED"
                                                      : "not checked";
    s << head << ": " << l.check << ": " << l.text << "\n";
  }
  s << "verify-evidence: " << outcome.count(Line::Kind::ok) << " checked, "
    << outcome.count(Line::Kind::failed) << " failed, " << outcome.count(Line::Kind::not_checked)
    << " not checked\n";
  return s.str();
}

}  // namespace trace::verify
