// Small text and JSON helpers of the readers (parse.cpp, read_registers.cpp): internal.
#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace trace::util {

inline std::string str_or(const nlohmann::json& j, const char* key,
                          const std::string& fallback = "") {
  if (j.is_object() && j.contains(key) && j.at(key).is_string())
    return j.at(key).get<std::string>();
  return fallback;
}

// The JSON document of a file; throws std::runtime_error naming `what` (for example "register")
// when the file cannot be read or does not parse.
inline nlohmann::json read_json_file(const std::filesystem::path& path, const std::string& what) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the " + what + " " + path.string());
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("malformed " + what + " " + path.string() + ": " + e.what());
  }
}

inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

inline std::string trim(const std::string& s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])) != 0) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0) --e;
  return s.substr(b, e - b);
}

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

inline void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

}  // namespace trace::util
