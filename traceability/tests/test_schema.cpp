// The report's schema validator (traceability/src/schema.cpp) on the cases the evidence package's
// validator runs too (evidence/tests/schema_vectors.json): the same verdict in both.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "schema.hpp"

TEST_CASE("report generator: evidence schemas, the cases shared with the Python validator",
          "[trace]") {
  std::ifstream in(SONNX_SCHEMA_VECTORS);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const auto cases = nlohmann::json::parse(text.str())["cases"];
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
