// The report's schema validator (traceability/src/schema.cpp) on the cases the evidence package's
// validator runs too (evidence/tests/schema_vectors.json): the same verdict in both.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "schema.hpp"

namespace {
// evidence/tests/schema_vectors.json, shared with the Python tests (null when it cannot be read)
nlohmann::json vectors() {
  std::ifstream in(SONNX_SCHEMA_VECTORS);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str(), nullptr, false);
}
}  // namespace

TEST_CASE("report generator: evidence schemas, the cases shared with the Python validator",
          "[trace]") {
  const auto cases = vectors()["cases"];
  REQUIRE(cases.size() >= 10);
  for (const auto& c : cases) {
    INFO(c["what"].get<std::string>());
    std::vector<std::string> errors;
    try {
      errors = trace::schema::validate(c["doc"], c["schema"]);
    } catch (const std::runtime_error& e) {
      errors = {e.what()};
    }
    if (c["valid"].get<bool>()) {
      CHECK(errors.empty());
    } else {
      REQUIRE(!errors.empty());
      bool named = false;
      for (const auto& e : errors)
        named = named || e.find(c["error"].get<std::string>()) != std::string::npos;
      CHECK(named);
    }
  }
}

TEST_CASE("report generator: which schema an evidence file is validated against, as in Python",
          "[trace]") {
  const auto names = vectors()["names"];
  REQUIRE(names.size() >= 5);
  // evidence/tests/schema_vectors.json -> evidence/schemas (beside it, evidence/schema-names.json)
  const auto schemas =
      std::filesystem::path(SONNX_SCHEMA_VECTORS).parent_path().parent_path() / "schemas";
  for (const auto& n : names) {
    INFO(n["file"].get<std::string>());
    CHECK(trace::schema::schema_for(schemas, n["file"].get<std::string>()).filename().string() ==
          n["schema"].get<std::string>() + ".schema.json");
  }
}
