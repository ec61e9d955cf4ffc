// Content hash of the sources an evidence file covers: the same definition as
// scripts/evidence_provenance.py, so the report decides staleness by content, not by file times.
#include <openssl/evp.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "trace.hpp"

namespace trace {

namespace {

// "**/" any folders (also none), "**" anything, "*" and "?" within one path component.
std::regex glob_regex(const std::string& glob) {
  std::string out;
  for (std::size_t i = 0; i < glob.size();) {
    if (glob.compare(i, 3, "**/") == 0) {
      out += "(?:.*/)?";
      i += 3;
    } else if (glob.compare(i, 2, "**") == 0) {
      out += ".*";
      i += 2;
    } else if (glob[i] == '*') {
      out += "[^/]*";
      ++i;
    } else if (glob[i] == '?') {
      out += "[^/]";
      ++i;
    } else {
      if (std::string("\\^$.|+()[]{}").find(glob[i]) != std::string::npos) out += '\\';
      out += glob[i++];
    }
  }
  return std::regex(out);
}

// The folder part of the glob before its first wildcard: the only folder to walk.
fs::path literal_prefix(const std::string& glob) {
  fs::path out;
  std::size_t start = 0;
  for (std::size_t slash; (slash = glob.find('/', start)) != std::string::npos; start = slash + 1) {
    const std::string part = glob.substr(start, slash - start);
    if (part.find_first_of("*?") != std::string::npos) break;
    out /= part;
  }
  return out;
}

}  // namespace

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::string sources_sha256(const fs::path& root, const std::vector<std::string>& globs,
                           std::size_t* count) {
  std::set<std::string> files;  // std::string orders by byte value, as the script does
  std::error_code ec;
  for (const auto& glob : globs) {
    const std::regex re = glob_regex(glob);
    const fs::path base = root / literal_prefix(glob);
    auto consider = [&](const fs::path& p) {
      const std::string rel = fs::relative(p, root, ec).generic_string();
      if (std::regex_match(rel, re)) files.insert(rel);
    };
    if (fs::is_regular_file(base, ec)) {
      consider(base);
      continue;
    }
    if (!fs::is_directory(base, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(
             base, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (it->is_directory(ec) && it->path().filename() == ".git") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) consider(it->path());
    }
  }
  std::string listing;
  for (const auto& rel : files) {
    std::ifstream in(root / rel, std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    listing += rel + "\n" + sha256_hex(content.str()) + "\n";
  }
  if (count != nullptr) *count = files.size();
  return sha256_hex(listing);
}

}  // namespace trace
