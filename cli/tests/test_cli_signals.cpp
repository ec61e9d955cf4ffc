// sonnx-div interrupted while it writes (T2, T4; docs/cli.md): on SIGINT, SIGTERM or SIGHUP no
// temporary is left, an existing output is unchanged, and the tool dies by that signal (exit
// status 128 + N). The signal comes at a chosen system call through a preloaded library
// (signal_shim.cpp): the k-th fsync (a temporary written, not yet renamed) or the k-th rename
// (a file or folder just moved to its name); no delay, so no dependence on the machine's load.
#include <csignal>
#include <cstdlib>
#include <optional>
#include <string>

#include "cli_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

// LD_PRELOAD and the shim's plan, set for the programs the test starts while the object lives.
class SignalPlan {
 public:
  SignalPlan(const std::string& call, int at, int number) {
    if (const char* preload = std::getenv("LD_PRELOAD")) previous_ = preload;
    ::setenv("LD_PRELOAD", SONNX_SIGNAL_SHIM, 1);
    const std::string plan = call + " " + std::to_string(at) + " " + std::to_string(number);
    ::setenv("SONNX_TEST_SIGNAL", plan.c_str(), 1);
  }
  ~SignalPlan() {
    if (previous_) {
      ::setenv("LD_PRELOAD", previous_->c_str(), 1);
    } else {
      ::unsetenv("LD_PRELOAD");
    }
    ::unsetenv("SONNX_TEST_SIGNAL");
  }
  SignalPlan(const SignalPlan&) = delete;
  SignalPlan& operator=(const SignalPlan&) = delete;

 private:
  std::optional<std::string> previous_;
};

Run interrupted(const ScratchDir& dir, const std::string& call, int at, int number,
                const std::vector<std::string>& args) {
  const SignalPlan plan(call, at, number);
  return sonnx_div(dir, args);
}

// int8: 44 cases in 6 data sets (docs/cli.md): model.onnx, 3 files per set and cases.json are
// 20 files, each written (fsync) and renamed; the 21st rename moves the folder into place.
constexpr int golden_int8_files = 1 + 3 * 6 + 1;

}  // namespace

TEST_CASE(
    "cli run interrupted by SIGINT, SIGTERM or SIGHUP: no temporary, C unchanged, the "
    "tool dies by the signal",
    "[T2]") {
  ScratchDir dir;
  // 4 MiB per tensor: A = 1, B = 4, C = 0.25 exactly.
  constexpr std::int64_t n = std::int64_t{1} << 20;
  write_npy<float>(dir / "a.npy", DataType::float32, {n}, std::vector<float>(n, 1.0F));
  write_npy<float>(dir / "b.npy", DataType::float32, {n}, std::vector<float>(n, 4.0F));
  const std::vector<std::string> args = {"run", (dir / "a.npy").string(), (dir / "b.npy").string(),
                                         "-o", (dir / "c.npy").string()};
  for (const int number : {SIGINT, SIGTERM, SIGHUP}) {
    INFO("signal " << number);
    // The temporary written in full, before its rename: removed.
    const Run r = interrupted(dir, "fsync", 1, number, args);
    INFO(r.err);
    CHECK(r.code == 128 + number);
    require_only(dir, {"a.npy", "b.npy"});
    // An existing C is unchanged.
    write_bytes(dir / "c.npy", Bytes{42});
    CHECK(interrupted(dir, "fsync", 1, number, args).code == 128 + number);
    require_only(dir, {"a.npy", "b.npy", "c.npy"});
    CHECK(read_bytes(dir / "c.npy") == Bytes{42});
    std::filesystem::remove(dir / "c.npy");
  }
  // After the rename C is the output, complete: the handler leaves it.
  CHECK(interrupted(dir, "rename", 1, SIGTERM, args).code == 128 + SIGTERM);
  require_only(dir, {"a.npy", "b.npy", "c.npy"});
  CHECK(values_in<float>(load_tensor(dir / "c.npy")) == std::vector<float>(n, 0.25F));
}

TEST_CASE("cli golden interrupted by a signal: no temporary directory, or the whole DIR",
          "[T4][T2]") {
  ScratchDir dir;
  const std::vector<std::string> args = {"golden", "--type", "int8", "--out", (dir / "g").string()};
  struct Point {
    const char* call;
    int at;
    int number;
    const char* what;
  };
  for (const Point& p : {
           Point{"fsync", 1, SIGINT, "model.onnx's temporary written"},
           Point{"rename", 1, SIGTERM, "model.onnx in the temporary directory"},
           Point{"fsync", 9, SIGHUP, "a file of test_data_set_2 written"},
           Point{"rename", 11, SIGINT, "test_data_set_3 holding a file"},
           Point{"rename", golden_int8_files, SIGTERM, "every file in place, not the folder"},
       }) {
    INFO(p.what << ": " << p.call << " " << p.at << ", signal " << p.number);
    const Run r = interrupted(dir, p.call, p.at, p.number, args);
    INFO(r.err);
    CHECK(r.code == 128 + p.number);
    require_only(dir, {});
  }
  // An existing empty DIR stays, empty.
  std::filesystem::create_directory(dir / "g");
  CHECK(interrupted(dir, "fsync", 5, SIGTERM, args).code == 128 + SIGTERM);
  require_only(dir, {"g"});
  CHECK(std::filesystem::is_empty(dir / "g"));
  // The folder renamed into place: the handler leaves DIR whole.
  std::filesystem::remove(dir / "g");
  CHECK(interrupted(dir, "rename", golden_int8_files + 1, SIGTERM, args).code == 128 + SIGTERM);
  require_only(dir, {"g"});
  CHECK(std::filesystem::exists(dir / "g" / "cases.json"));
  CHECK(std::filesystem::exists(dir / "g" / "test_data_set_5" / "output_0.pb"));
  CHECK(sonnx_div(dir, {"check-model", (dir / "g" / "model.onnx").string()}).code == 0);
}
