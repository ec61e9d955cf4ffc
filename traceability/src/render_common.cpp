// Helpers shared by the renderers.
#include "render_common.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

namespace trace {

std::ostream& operator<<(std::ostream& o, Status s) { return o << to_string(s); }
std::ostream& operator<<(std::ostream& o, Level l) { return o << to_string(l); }
std::ostream& operator<<(std::ostream& o, Provenance p) { return o << to_string(p); }

// The number of requirements of one status.
int status_count(const std::array<int, std::size(kStatuses)>& counts, Status s) {
  return counts[static_cast<std::size_t>(s)];
}

std::string fmt_time(std::optional<double> t) {
  if (!t) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", *t);
  return buf;
}

double total_time(const std::vector<const ProofGoal*>& goals, bool* any) {
  double s = 0;
  *any = false;
  for (const auto* g : goals)
    if (g->time_s) {
      s += *g->time_s;
      *any = true;
    }
  return s;
}

std::vector<std::string> provers_of(const std::vector<const ProofGoal*>& goals) {
  std::vector<std::string> out;
  for (const auto* g : goals)
    for (const auto& p : g->provers)
      if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

// Path of a source file relative to the source root when it lies inside it.
std::string rel_source(const Report& r, const std::string& file) {
  if (file.empty()) return file;
  const fs::path p(file);
  if (!p.is_absolute()) return p.generic_string();
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(r.options.source_root, ec);
  const fs::path rel = fs::relative(p, root, ec);
  if (ec || rel.empty() || *rel.begin() == "..") return p.generic_string();
  return rel.generic_string();
}

std::string source_href(const Report& r, const std::string& file, int line) {
  const std::string rel = rel_source(r, file);
  std::string base;
  if (!r.options.source_url.empty()) {
    base = r.options.source_url;
    if (base.back() != '/') base += '/';
  } else if (fs::path(rel).is_absolute()) {
    base = "file://";
  } else {
    std::error_code ec;
    const fs::path up = fs::relative(fs::weakly_canonical(r.options.source_root, ec),
                                     fs::weakly_canonical(r.options.evidence_dir, ec), ec);
    base = up.empty() ? "" : up.generic_string() + "/";
  }
  return base + rel + (line > 0 ? "#L" + std::to_string(line) : "");
}

std::string method_state(const Row& row, const std::string& m) {
  auto flagged = [&](std::initializer_list<const char*> codes) {
    return std::any_of(row.flags.begin(), row.flags.end(), [&](const Flag& f) {
      return std::any_of(codes.begin(), codes.end(), [&](const char* c) { return f.code == c; });
    });
  };
  if (m == "test")
    return flagged({"test-failed"}) ? "failed" : (row.tests.empty() ? "missing" : "ok");
  if (m == "why3")
    return flagged({"why3-unproved"}) ? "failed" : (row.why3.empty() ? "missing" : "ok");
  if (m == "wp") return flagged({"wp-unproved"}) ? "failed" : (row.wp.empty() ? "missing" : "ok");
  if (m == "exhaustive")
    return flagged({"exhaustive-mismatch"})                      ? "failed"
           : flagged({"no-exhaustive", "exhaustive-incomplete"}) ? "missing"
                                                                 : "ok";
  return "missing";
}

// What the proof levels mean (shown in the HTML and Markdown reports).
extern const char* const kProofLevels;
const char* const kProofLevels =
    "Proof level, strongest first, from the evidence that spec/requirements.json lists by name as "
    "deciding the requirement (decided_by): **code** = Frama-C/WP properties that state the "
    "requirement about the compiled C sources are proved (under the prover policy); **exhaustive** "
    "= a sweep of all 2^32 operand pairs of the compiled code passed; **spec** = Why3 goals prove "
    "it of the specification only, and tests alone verify the code; **test** = passed tests only. "
    "A requirement that holds differently per element type shows each type's level and takes the "
    "weakest; a level is **conditional** when its deciding properties rest on a property that is "
    "not proved (Frama-C's status valid under hypotheses, or a property excluded from WP by a "
    "register row). Evidence listed as supported_by must hold but decides nothing. The counts "
    "behind each level are in "
    "traceability.json (proof_level_counts).";

// "code", or "code (conditional)"; with the per-type levels when they differ.
std::string level_text(const Row& row) {
  std::string out =
      to_string(row.proof_level) + std::string(row.conditions.empty() ? "" : " (conditional)");
  bool differ = false;
  for (const auto& [t, l] : row.levels_by_type) differ = differ || l != row.proof_level;
  if (differ) {
    std::vector<std::string> parts;
    for (const auto& [t, l] : row.levels_by_type) parts.push_back(t + ": " + to_string(l));
    out += "; " + join(parts, ", ");
  }
  return out;
}

std::string status_label(Status s) {
  static constexpr const char* kLabels[] = {"verified", "partial (gaps)", "stale evidence",
                                            "failed", "no evidence"};
  static_assert(std::size(kLabels) == std::size(kStatuses));
  return kLabels[static_cast<std::size_t>(s)];
}

std::string html_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Escapes for HTML and turns Markdown `code` spans into <code> (for cells read from Markdown).
std::string md_inline(const std::string& s) {
  std::string out;
  bool in_code = false;
  for (char c : s) {
    if (c == '`') {
      out += in_code ? "</code>" : "<code>";
      in_code = !in_code;
    } else {
      out += html_escape(std::string(1, c));
    }
  }
  if (in_code) out += "</code>";
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace trace
