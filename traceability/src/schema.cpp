// JSON Schema validation of the evidence files (schema.hpp).
#include "schema.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <set>
#include <stdexcept>

namespace trace::schema {

namespace {

using nlohmann::json;

bool type_ok(const json& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  if (t == "integer") return v.is_number_integer();
  if (t == "number") return v.is_number();
  throw std::runtime_error("unknown type " + t);
}

void check(const json& doc, const json& s, const json& root, const std::string& path,
           std::vector<std::string>& errors) {
  static const std::set<std::string> keywords = {
      "$schema", "$id",  "$defs", "$ref",  "title",   "description", "type",    "properties",
      "required", "additionalProperties", "items", "enum", "const", "minimum", "pattern",
      "minItems", "x-volatile"};
  if (!s.is_object()) throw std::runtime_error(path + ": a schema must be an object");
  for (const auto& [k, _] : s.items())
    if (keywords.count(k) == 0U)
      throw std::runtime_error(path + ": schema keyword outside the subset: " + k);
  if (s.contains("$ref")) {
    const std::string ref = s["$ref"].get<std::string>();
    const std::string prefix = "#/$defs/";
    if (ref.rfind(prefix, 0) != 0 || !root.contains("$defs") ||
        !root["$defs"].contains(ref.substr(prefix.size())))
      throw std::runtime_error(path + ": unresolvable $ref " + ref);
    check(doc, root["$defs"][ref.substr(prefix.size())], root, path, errors);
    return;
  }
  if (s.contains("type")) {
    const json names = s["type"].is_array() ? s["type"] : json::array({s["type"]});
    bool ok = false;
    for (const auto& n : names) ok = ok || type_ok(doc, n.get<std::string>());
    if (!ok) {
      errors.push_back(path + ": " + std::string(doc.type_name()) + " where the schema has " +
                       names.dump());
      return;
    }
  }
  if (s.contains("const") && doc != s["const"])
    errors.push_back(path + ": " + doc.dump() + " is not " + s["const"].dump());
  if (s.contains("enum") &&
      std::find(s["enum"].begin(), s["enum"].end(), doc) == s["enum"].end())
    errors.push_back(path + ": " + doc.dump() + " is not one of " + s["enum"].dump());
  if (s.contains("minimum") && doc.is_number() &&
      doc.get<double>() < s["minimum"].get<double>())
    errors.push_back(path + ": " + doc.dump() + " is below " + s["minimum"].dump());
  if (s.contains("pattern") && doc.is_string() &&
      !std::regex_search(doc.get<std::string>(), std::regex(s["pattern"].get<std::string>())))
    errors.push_back(path + ": " + doc.dump() + " does not match " + s["pattern"].dump());
  if (doc.is_object()) {
    const json none = json::object();
    const json& props = s.contains("properties") ? s["properties"] : none;
    if (s.contains("required"))
      for (const auto& k : s["required"])
        if (!doc.contains(k.get<std::string>()))
          errors.push_back(path + ": missing field \"" + k.get<std::string>() + "\"");
    const json extra = s.contains("additionalProperties") ? s["additionalProperties"] : json(true);
    for (const auto& [k, v] : doc.items()) {
      if (props.contains(k))
        check(v, props[k], root, path + "." + k, errors);
      else if (extra.is_boolean() && !extra.get<bool>())
        errors.push_back(path + ": unknown field \"" + k + "\"");
      else if (extra.is_object())
        check(v, extra, root, path + "." + k, errors);
    }
  }
  if (doc.is_array() && s.contains("minItems") && doc.size() < s["minItems"].get<std::size_t>())
    errors.push_back(path + ": fewer than " + s["minItems"].dump() + " items");
  if (doc.is_array() && s.contains("items"))
    for (std::size_t i = 0; i < doc.size(); ++i)
      check(doc[i], s["items"], root, path + "[" + std::to_string(i) + "]", errors);
}

}  // namespace

std::vector<std::string> validate(const nlohmann::json& doc, const nlohmann::json& schema) {
  std::vector<std::string> errors;
  check(doc, schema, schema, "$", errors);
  return errors;
}

std::filesystem::path schema_for(const std::filesystem::path& schemas,
                                 const std::string& evidence_name) {
  const std::filesystem::path name(evidence_name);
  const std::string base = name.stem().string();
  const std::filesystem::path own = schemas / (base + ".schema.json");
  std::error_code ec;
  if (std::filesystem::is_regular_file(own, ec)) return own;
  // evidence/schema-names.json, beside the schemas: the folders' and the families' schemas
  std::ifstream in(schemas.parent_path() / "schema-names.json");
  const json names = json::parse(in, nullptr, false);
  if (!names.is_object()) return own;  // no such file: a file without its own schema has none
  const std::string folder = name.parent_path().parent_path().filename().string();
  for (const auto& f : names.value("folders", json::array()))
    if (f.is_object() && f.value("folder", "") == folder && !folder.empty())
      return schemas / (f.value("schema", "") + ".schema.json");
  for (const auto& family : names.value("families", json::array()))
    if (family.is_string() && base.rfind(family.get<std::string>() + "-", 0) == 0)
      return schemas / (family.get<std::string>() + "-*.schema.json");
  return own;
}

std::vector<Issue> check_files(const Report& rep) {
  std::vector<Issue> out;
  const std::filesystem::path schemas = evidence_package(rep.options).parent_path() / "schemas";
  auto read = [](const std::filesystem::path& p) -> std::optional<std::string> {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  for (const auto& f : rep.files) {
    if (!f.present || std::filesystem::path(f.path).extension() != ".json") continue;
    const auto sp = schema_for(schemas, f.path);
    const auto schema_text = read(sp);
    if (!schema_text) {
      out.push_back(Issue{"schema",
                          f.path + ": no schema " + sp.filename().string() +
                              ": its fields cannot be checked",
                          f.path, true});
      continue;
    }
    std::vector<std::string> errors;
    try {
      errors = validate(nlohmann::json::parse(read(rep.options.evidence_dir / f.path).value_or("")),
                        nlohmann::json::parse(*schema_text));
    } catch (const std::exception& e) {
      errors = {e.what()};
    }
    if (!errors.empty())
      out.push_back(Issue{"schema",
                          f.path + " departs from " + sp.filename().string() + ": " +
                              errors.front() +
                              (errors.size() > 1
                                   ? " (and " + std::to_string(errors.size() - 1) + " more)"
                                   : ""),
                          f.path, true});
  }
  return out;
}

}  // namespace trace::schema
