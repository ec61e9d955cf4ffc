// Support of the end-to-end tests of the sonnx-div tool (cli/tests): runs the executable, writes
// tensor files, and checks which files a run leaves behind.
#ifndef SONNX_TESTS_CLI_TEST_SUPPORT_HPP
#define SONNX_TESTS_CLI_TEST_SUPPORT_HPP

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "tool_run.hpp"

namespace sonnx::test {

using Run = ToolRun;

inline Run sonnx_div(const ScratchDir&, const std::vector<std::string>& args) {
  return run_tool(SONNX_DIV_EXE, args);
}

template <typename T>
inline void write_npy(const std::filesystem::path& path, DataType type,
                      std::vector<std::int64_t> shape, const std::vector<T>& values) {
  REQUIRE(io::write_tensor_file(path, tensor_of(type, std::move(shape), values)).ok());
}

// The scratch directory holds exactly these names (no output, no temporary left behind).
inline void require_only(const ScratchDir& dir, std::vector<std::string> names) {
  std::vector<std::string> entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  std::sort(names.begin(), names.end());
  CHECK(entries == names);
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_CLI_TEST_SUPPORT_HPP
