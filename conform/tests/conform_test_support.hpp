// Helpers of the conform library's tests: a scratch folder and adapters written as POSIX shell
// scripts, whose protocol behaviour is known by construction.
#ifndef SONNX_CONFORM_TESTS_SUPPORT_HPP
#define SONNX_CONFORM_TESTS_SUPPORT_HPP

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace sonnx::conform::test {

namespace fs = std::filesystem;

class Scratch {
 public:
  Scratch() {
    static std::atomic<unsigned> counter{0};
    path_ = fs::temp_directory_path() /
            ("sonnx-conform-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }
  [[nodiscard]] fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

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
