// Shared by the parts of the evidence folder check (verify.cpp, verify_counts.cpp,
// verify_sources.cpp): the outcome being built and the folder's JSON files.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <sonnx/trace/verify.hpp>
#include <string>

namespace trace::verify {

struct Ctx {
  const Options& o;
  Outcome& out;
  void pass(const std::string& check, const std::string& text) {
    out.lines.push_back({Line::Kind::ok, check, text});
  }
  void fail(const std::string& check, const std::string& text) {
    out.lines.push_back({Line::Kind::failed, check, text});
  }
  void skip(const std::string& check, const std::string& text) {
    out.lines.push_back({Line::Kind::not_checked, check, text});
  }
  // A JSON file of the folder; nullopt (a failed line when required or unreadable) otherwise.
  std::optional<nlohmann::json> load(const std::string& name, bool required);
};

// verify_counts.cpp: each file's totals against its records; the tool versions the files record.
void check_counts(Ctx& c);
void check_tools(Ctx& c);
// verify_sources.cpp: the checks that need the checkout (and --installed).
void check_with_sources(Ctx& c);

}  // namespace trace::verify
