// Helpers of the conform library's tests: a scratch folder (the io tests') and adapters written as
// POSIX shell scripts, whose protocol behaviour is known by construction.
#ifndef SONNX_CONFORM_TESTS_SUPPORT_HPP
#define SONNX_CONFORM_TESTS_SUPPORT_HPP

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "io_test_support.hpp"

namespace sonnx::conform::test {

namespace fs = std::filesystem;

using Scratch = sonnx::test::ScratchDir;  // removed with its contents at scope end

inline std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The command of an adapter whose body is a shell script (run with /bin/sh -c).
inline std::vector<std::string> shell_adapter(const std::string& script) {
  return {"/bin/sh", "-c", script};
}

// An adapter that announces itself and answers every RUN request with `answer` (a shell command
// that prints one line, or does something worse); QUIT ends it.
inline std::vector<std::string> answering_adapter(const std::string& answer) {
  return shell_adapter(
      "echo 'READY fake-runtime 2'; while read -r line; do case \"$line\" in "
      "QUIT) exit 0;; RUN*) " +
      answer + ";; *) echo 'ERROR bad request';; esac; done");
}

}  // namespace sonnx::conform::test

#endif  // SONNX_CONFORM_TESTS_SUPPORT_HPP
