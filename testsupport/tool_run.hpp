// Runs a program of this build (the sonnx-div tool) with the given arguments, no shell, through
// the subprocess utility: exit code (128 + the signal for a signal), standard output and error.
#ifndef SONNX_TESTS_SUPPORT_TOOL_RUN_HPP
#define SONNX_TESTS_SUPPORT_TOOL_RUN_HPP

#include <catch2/catch.hpp>
#include <sonnx/process/process.hpp>
#include <string>
#include <vector>

namespace sonnx::test {

struct ToolRun {
  int code = -1;
  std::string out;
  std::string err;
};

inline ToolRun run_tool(const std::string& program, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), args.begin(), args.end());
  const process::Result result = process::run(argv);
  INFO(result.error);
  REQUIRE(result.status);
  CHECK_FALSE(result.timed_out);
  return {result.status->code(), result.out, result.err};
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_SUPPORT_TOOL_RUN_HPP
