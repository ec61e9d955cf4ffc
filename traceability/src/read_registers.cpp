// Readers of the code tags and of the registers (spec/assumptions.json, spec/deviations.json).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sonnx/trace/trace.hpp>
#include <stdexcept>

#include "text_util.hpp"

namespace trace {

using nlohmann::json;

// ---------------------------------------------------------------------------------------------
std::vector<CodeLink> scan_code_tags(const std::string& text, const std::string& file) {
  // [kind->req~ID~rev]; kind is a lower-case artefact type (impl, utest, proof, ...).
  std::vector<CodeLink> out;
  int line = 1;
  std::size_t last = 0;
  std::size_t i = 0;
  while ((i = text.find("->req~", i)) != std::string::npos) {
    line += static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(last),
                                        text.begin() + static_cast<std::ptrdiff_t>(i), '\n'));
    last = i;
    std::size_t b = i;
    while (b > 0 && (util::is_lower(text[b - 1]) || util::is_digit(text[b - 1]))) --b;
    const std::size_t end = text.find(']', i);
    if (b == 0 || text[b - 1] != '[' || b == i || end == std::string::npos) {
      i += 6;
      continue;
    }
    const std::string body = text.substr(i + 6, end - i - 6);  // ID~rev
    const std::size_t tilde = body.find('~');
    CodeLink l;
    l.kind = text.substr(b, i - b);
    l.id = tilde == std::string::npos ? body : body.substr(0, tilde);
    l.revision = tilde == std::string::npos ? "" : body.substr(tilde + 1);
    l.file = file;
    l.line = line;
    out.push_back(l);
    i = end;
  }
  return out;
}

Register load_register(const fs::path& path) {
  json j = util::read_json_file(path, "register");
  Register reg;
  reg.title = util::str_or(j, "title");
  if (j.contains("preamble") && j["preamble"].is_array())
    for (const auto& p : j["preamble"])
      if (p.is_string()) reg.preamble.push_back(p.get<std::string>());
  if (!j.contains("columns") || !j["columns"].is_array() || !j.contains("rows") ||
      !j["rows"].is_array())
    throw std::runtime_error("register " + path.string() + " has no \"columns\" or no \"rows\"");
  for (const auto& c : j["columns"])
    if (c.is_array() && c.size() == 2 && c[0].is_string() && c[1].is_string())
      reg.columns.push_back({c[0].get<std::string>(), c[1].get<std::string>()});
  std::set<std::string> ids;
  for (const auto& r : j["rows"]) {
    std::vector<std::string> cells;
    for (const auto& [key, header] : reg.columns) {
      const std::string cell = util::str_or(r, key.c_str());
      if (util::trim(cell).empty())
        throw std::runtime_error("register " + path.string() + ": row " +
                                 util::str_or(r, "id", "?") + " has no " + header);
      cells.push_back(cell);
    }
    if (!ids.insert(cells.front()).second)
      throw std::runtime_error("register " + path.string() + ": duplicate ID " + cells.front());
    reg.rows.push_back(std::move(cells));
  }
  return reg;
}

}  // namespace trace
