// JSON Schema validation of the evidence files: the subset of draft 2020-12 the schemas of
// evidence/schemas/ use (type, properties, required, additionalProperties, items, enum, const,
// minimum, pattern, $ref to #/$defs/NAME), the same as the evidence package's validator
// (evidence/sonnx_evidence/schema.py). A schema keyword outside the subset is an error, never
// skipped; "x-volatile" marks a field that depends on the run and is not validated.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sonnx/trace/trace.hpp>
#include <string>
#include <vector>

namespace trace::schema {

// The places where doc departs from schema (empty: valid); throws std::runtime_error on a schema
// outside the subset.
std::vector<std::string> validate(const nlohmann::json& doc, const nlohmann::json& schema);

// The schema of an evidence file, named by its path in the evidence folder (or its name):
// its own, else its folder's, else its family's (evidence/schema-names.json, beside `schemas`).
std::filesystem::path schema_for(const std::filesystem::path& schemas,
                                 const std::string& evidence_name);

// Every JSON evidence file of rep.files that is present, against its schema (evidence/schemas/,
// beside the evidence package): a file without a schema, or one that departs from it (a missing or
// an unknown field, a wrong type), is a gap.
std::vector<Issue> check_files(const Report& rep);

}  // namespace trace::schema
