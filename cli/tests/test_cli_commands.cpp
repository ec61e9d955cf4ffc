// End-to-end tests of the sonnx-div tool (T1-T5), continued from test_cli.cpp: golden, usage and
// --json errors, verify-exhaustive and kernels. Each test runs the executable and checks its exit
// code, its messages (which name requirement IDs) and the files it leaves behind.
#include <fcntl.h>
#include <onnx/onnx_pb.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>

#include "cli_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

// Tensor file `actual` against the golden `expected` under golden_matches (the NaN rule).
bool matches_golden(const std::filesystem::path& actual, const std::filesystem::path& expected) {
  const auto a = sonnx::io::read_tensor_file(actual);
  const auto e = sonnx::io::read_tensor_file(expected);
  if (!a.ok() || !e.ok() || a.tensor.type != e.tensor.type || a.tensor.shape != e.tensor.shape ||
      a.tensor.bytes.size() != e.tensor.bytes.size()) {
    return false;
  }
  const std::size_t width = sonnx::element_size(e.tensor.type);
  for (std::size_t at = 0; at + width <= e.tensor.bytes.size(); at += width) {
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    for (std::size_t k = 0; k < width; ++k) {
      x |= std::uint64_t{e.tensor.bytes[at + k]} << (8 * k);
      y |= std::uint64_t{a.tensor.bytes[at + k]} << (8 * k);
    }
    if (!sonnx::io::golden_matches(e.tensor.type, x, y)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("cli golden for every type: layout inside the profile, run reproduces each output",
          "[T4][T3][T1]") {
  ScratchDir dir;
  for (const char* type : {"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32",
                           "int64", "uint8", "uint16", "uint32", "uint64"}) {
    INFO(type);
    const auto out = dir / (std::string("golden_") + type);
    const Run r = sonnx_div(dir, {"golden", "--type", type, "--out", out.string(), "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["profile"] == true);
    const std::size_t sets = json["data_sets"].get<std::size_t>();
    CHECK(sets == (json["cases"].get<std::size_t>() + 7) / 8);
    CHECK(sonnx_div(dir, {"check-model", (out / "model.onnx").string()}).code == 0);
    for (std::size_t n = 0; n < sets; ++n) {
      const auto set = out / ("test_data_set_" + std::to_string(n));
      const auto c = dir / "c.pb";
      const Run run =
          sonnx_div(dir, {"run", (set / "input_0.pb").string(), (set / "input_1.pb").string(), "-o",
                          c.string(), "--name", "z"});
      REQUIRE(run.code == 0);
      // The expected outputs are the oracle's: quiet NaNs match, the rest bit for bit (SD-9).
      CHECK(matches_golden(c, set / "output_0.pb"));
      std::filesystem::remove(c);
    }
  }
  // A non-empty output directory is refused (exit 3) and left as it was.
  const Run again =
      sonnx_div(dir, {"golden", "--type", "int8", "--out", (dir / "golden_int8").string()});
  CHECK(again.code == 3);
  CHECK(again.err.find("refusing to overwrite") != std::string::npos);
}

TEST_CASE("cli golden without --json reports the layout in one line", "[T4]") {
  ScratchDir dir;
  const Run r = sonnx_div(dir, {"golden", "--type", "uint8", "--out", (dir / "g").string()});
  REQUIRE(r.code == 0);
  CHECK(r.out.rfind("wrote " + (dir / "g").string() + ": ", 0) == 0);
  CHECK(r.out.find(" uint8 cases in ") != std::string::npos);
  CHECK(r.out.find("elements, semantics sonnx") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("cli golden --semantics openvino-pythondiv is labelled NON-PROFILE", "[T4][T5]") {
  ScratchDir dir;
  const Run r = sonnx_div(dir, {"golden", "--type", "int16", "--out", (dir / "ov").string(),
                                "--semantics", "openvino-pythondiv"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("NON-PROFILE") != std::string::npos);
  CHECK(r.err.find("outside the SONNX profile") != std::string::npos);
}

TEST_CASE("cli usage errors exit with 2, never with the parser's internal codes", "[T1]") {
  const ScratchDir dir;
  Run none = sonnx_div(dir, {});
  CHECK(none.code == 2);
  CHECK_THAT(none.err, Catch::Contains("subcommand is required"));
  // The unknown word is named, with the sub-commands there are.
  Run unknown = sonnx_div(dir, {"no-such-command"});
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown sub-command 'no-such-command'"));
  CHECK_THAT(unknown.err, Catch::Contains("check-model"));
  CHECK_THAT(unknown.err, Catch::Contains("verify-exhaustive"));
  Run missing_value = sonnx_div(dir, {"run", "a.npy", "b.npy", "-o"});
  CHECK(missing_value.code == 2);
  CHECK(sonnx_div(dir, {"--help"}).code == 0);
  CHECK(dir.entries().empty());
}

TEST_CASE("cli --json with a file name that is not UTF-8: the real result, not an internal error",
          "[T1][T2][T3]") {
  // File names are bytes on Linux. docs/cli.md: exit 0 and a JSON object on success; a model with
  // no Div node is a T3 error with exit code 1. Invalid bytes are shown as U+FFFD in the JSON.
  ScratchDir dir;
  write_npy<std::int16_t>(dir / "a.npy", DataType::int16, {2}, {9, -9});
  write_npy<std::int16_t>(dir / "b.npy", DataType::int16, {2}, {2, 2});
  const std::string c = (dir / "c\xff.npy").string();
  const Run run = sonnx_div(
      dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o", c, "--json"});
  INFO(run.out << run.err);
  CHECK(run.code == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["status"] == "ok");
  CHECK(json["output"].get<std::string>().find("c\xef\xbf\xbd.npy") != std::string::npos);
  CHECK(values_in<std::int16_t>(load_tensor(c)) ==
        std::vector<std::int16_t>{4, -4});  // I1: -9/2 = -4

  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(14);
  m.mutable_graph()->add_node()->set_op_type("Relu");
  std::string s;
  m.SerializeToString(&s);
  const auto model = dir / "m\xff.onnx";
  write_bytes(model, bytes_of(s));
  const Run none = sonnx_div(dir, {"check-model", model.string(), "--json"});
  CHECK(none.code == 4);
  const auto error = nlohmann::json::parse(none.out);
  CHECK(error["requirement"] == "T3");
  CHECK(error["exit_code"] == 4);
}

TEST_CASE("cli run --pb-encoding: typed writes the typed field, anything else is a usage error",
          "[T1]") {
  ScratchDir dir;
  const std::vector<float> a = {1.0F, -6.0F};
  const std::vector<float> b = {4.0F, 3.0F};
  REQUIRE(io::write_tensor_file(dir / "a.pb", tensor_of(DataType::float32, {2}, a)).ok());
  REQUIRE(io::write_tensor_file(dir / "b.pb", tensor_of(DataType::float32, {2}, b)).ok());
  const Run typed = sonnx_div(dir, {"run", (dir / "a.pb").string(), (dir / "b.pb").string(), "-o",
                                    (dir / "c.pb").string(), "--pb-encoding", "typed", "--json"});
  INFO(typed.err);
  REQUIRE(typed.code == 0);
  CHECK(nlohmann::json::parse(typed.out)["format"] == "ONNX TensorProto .pb");
  onnx::TensorProto c;
  const Bytes bytes = read_bytes(dir / "c.pb");
  REQUIRE(c.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
  CHECK_FALSE(c.has_raw_data());
  REQUIRE(c.float_data_size() == 2);
  CHECK(c.float_data(0) == 0.25F);  // 1 / 4 and -6 / 3, exact
  CHECK(c.float_data(1) == -2.0F);
  const Run bad = sonnx_div(dir, {"run", (dir / "a.pb").string(), (dir / "b.pb").string(), "-o",
                                  (dir / "d.pb").string(), "--pb-encoding", "text"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--pb-encoding") != std::string::npos);
  require_only(dir, {"a.pb", "b.pb", "c.pb"});
}

TEST_CASE("cli run refuses --name and --pb-encoding for a .npy output (a .npy has neither)",
          "[T1][T2]") {
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  const std::string a = (dir / "a.npy").string();
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--name", "z"}, std::vector<std::string>{"--pb-encoding", "typed"},
        std::vector<std::string>{"--pb-encoding", "raw"}}) {
    INFO(extra[0] << ' ' << extra[1]);
    std::vector<std::string> args{"run", a, a, "-o", (dir / "c.npy").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = sonnx_div(dir, args);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains(extra[0] + " applies to .pb output only"));
    require_only(dir, {"a.npy"});
  }
}

TEST_CASE(
    "cli output folders are never created: run, golden and verify-exhaustive refuse a "
    "missing parent folder",
    "[T2][T4][cli]") {
  // docs/cli.md: an output's folder must exist; nothing is created on refusal.
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  const std::string a = (dir / "a.npy").string();
  const auto missing = dir / "missing";
  CHECK(sonnx_div(dir, {"run", a, a, "-o", (missing / "c.npy").string()}).code == 3);
  CHECK(sonnx_div(dir, {"golden", "--type", "int8", "--out", (missing / "g").string()}).code == 3);
  const Run verify = sonnx_div(
      dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", (missing / "e.json").string()});
  CHECK(verify.code == 2);
  CHECK_THAT(verify.err, Catch::Contains("folder does not exist"));
  CHECK(verify.out.find("pairs checked") == std::string::npos);  // refused before the sweep
  require_only(dir, {"a.npy"});
}

TEST_CASE("cli --json errors and stray words of golden and check-model", "[T3][T4][T5]") {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "full");
  write_bytes(dir / "full" / "x", Bytes{1});
  const Run refused =
      sonnx_div(dir, {"golden", "--type", "uint8", "--out", (dir / "full").string(), "--json"});
  CHECK(refused.code == 3);
  const auto json = nlohmann::json::parse(refused.out);
  CHECK(json["status"] == "error");
  CHECK(json["requirement"] == "T4");
  CHECK(json["exit_code"] == 3);
  // --json replaces the stderr warning of the non-profile mode by "profile": false.
  const Run ov = sonnx_div(dir, {"golden", "--type", "int8", "--out", (dir / "ov").string(),
                                 "--semantics", "openvino-pythondiv", "--json"});
  REQUIRE(ov.code == 0);
  CHECK(nlohmann::json::parse(ov.out)["profile"] == false);
  CHECK(ov.err.empty());
  const Run r =
      sonnx_div(dir, {"golden", "--type", "int8", "--out", (dir / "g").string(), "extra"});
  CHECK(r.code == 2);
  CHECK((r.err + r.out).find("unexpected argument(s): extra") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "g"));
  // check-model takes several models: a stray word is a model name, and one that names no file
  // is an unreadable model of the set (T1, exit 3), reported in the set's JSON.
  const Run stray =
      sonnx_div(dir, {"check-model", (dir / "ov" / "model.onnx").string(), "extra", "--json"});
  CHECK(stray.code == 3);
  const auto set = nlohmann::json::parse(stray.out);
  CHECK(set["models"][1]["model"] == "extra");
  CHECK(set["models"][1]["requirement"] == "T1");
}

TEST_CASE("cli verify-exhaustive: no mode is a usage error, an unwritable --json is exit 2",
          "[F2][D9]") {
  // The command's help: exit 2 for usage, oracle or I/O errors.
  ScratchDir dir;
  const Run none = sonnx_div(dir, {"verify-exhaustive"});
  CHECK(none.code == 2);
  CHECK(none.err.find("usage") != std::string::npos);
  const std::string unwritable = (dir / "file" / "e.json").string();
  write_bytes(dir / "file", Bytes{1});
  const Run oracle = sonnx_div(dir, {"verify-exhaustive", "--format", "f16", "--sample", "1000",
                                     "--quiet", "--json", unwritable});
  CHECK(oracle.code == 2);
  CHECK(oracle.err.find("cannot write") != std::string::npos);
  const Run fast =
      sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", unwritable});
  CHECK(fast.code == 2);
  CHECK(fast.err.find("cannot write") != std::string::npos);
  // A --json that names a folder is refused before the sweep, not after it.
  std::filesystem::create_directory(dir / "folder");
  for (const std::string& folder : {(dir / "folder").string(), (dir / "folder").string() + "/"}) {
    const Run named =
        sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", folder});
    CHECK(named.code == 2);
    CHECK(named.err.find("it names a folder") != std::string::npos);
    CHECK(named.out.find("PASS") == std::string::npos);
  }
}

TEST_CASE("cli verify-exhaustive writes its record like every output, and refuses a FIFO at once",
          "[D9][T2]") {
  ScratchDir dir;
  // A legal name of 255 bytes: the record's temporary was named after it (+ ".tmp", 259 bytes:
  // "File name too long" after the whole sweep).
  const std::filesystem::path longest = dir / (std::string(250, 'e') + ".json");
  const Run written =
      sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", longest.string()});
  INFO(written.out << written.err);
  CHECK(written.code == 0);
  CHECK(nlohmann::json::parse(read_bytes(longest))["passed"] == true);
  require_only(dir, {longest.filename().string()});
  // A FIFO (or a device) is not a file the record can replace: refused before the sweep (it was
  // replaced by a regular file after it).
  const std::filesystem::path fifo = dir / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const Run refused =
      sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", fifo.string()});
  CHECK(refused.code == 2);
  CHECK(refused.err.find("it exists and is not a regular file") != std::string::npos);
  CHECK(refused.out.find("PASS") == std::string::npos);
  CHECK(std::filesystem::is_fifo(fifo));
}

TEST_CASE("cli kernels names the code of each type, in proved mode only proved kernels", "[D9]") {
  ScratchDir dir;
  const std::vector<std::string> types{"float16", "bfloat16", "float32", "float64",
                                       "int8",    "int16",    "int32",   "int64",
                                       "uint8",   "uint16",   "uint32",  "uint64"};
  const Run fastest = sonnx_div(dir, {"kernels"});
  INFO(fastest.out << fastest.err);
  CHECK(fastest.code == 0);
  CHECK(fastest.out.find("float32: proved C kernel: Frama-C/WP\n") != std::string::npos);
  const char* previous = std::getenv("SONNX_DIV_KERNELS");
  const std::string saved = previous != nullptr ? previous : "";
  ::setenv("SONNX_DIV_KERNELS", "proved", 1);
  const Run proved = sonnx_div(dir, {"kernels"});
  if (previous != nullptr) {
    ::setenv("SONNX_DIV_KERNELS", saved.c_str(), 1);
  } else {
    ::unsetenv("SONNX_DIV_KERNELS");
  }
  INFO(proved.out);
  CHECK(proved.code == 0);
  CHECK(proved.out.rfind("kernel mode: proved;", 0) == 0);
  for (const std::string& type : types) {
    CHECK(fastest.out.find("\n" + type + ": ") != std::string::npos);
    CHECK(proved.out.find("\n" + type + ": proved C kernel: Frama-C/WP\n") != std::string::npos);
  }
  require_only(dir, {});
}

namespace {

// Runs `sonnx-div kernels` with standard output on `out` (-1: closed) and standard error into the
// file `err`; its exit code, or 128 + the signal that ended it.
int kernels_with_stdout(int out, const std::string& err) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int log = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (log < 0 || ::dup2(log, 2) < 0) ::_exit(120);
    if (out < 0) {
      ::close(1);
    } else if (::dup2(out, 1) < 0) {
      ::_exit(121);
    }
    ::signal(SIGPIPE, SIG_DFL);
    ::execl(SONNX_DIV_EXE, SONNX_DIV_EXE, "kernels", static_cast<char*>(nullptr));
    ::_exit(122);
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return -1;
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("cli: standard output closed, or its reader gone: the sub-command's exit code",
          "[tool]") {
  ScratchDir dir;
  const std::string err = (dir / "err.txt").string();
  const std::string warning = "sonnx-div: warning: standard output could not be written";
  // A pipe whose reader has gone before the tool starts: the table is lost, said on stderr; the
  // tool was killed by SIGPIPE (exit 141) before.
  int ends[2] = {-1, -1};
  REQUIRE(::pipe(ends) == 0);
  ::close(ends[0]);
  CHECK(kernels_with_stdout(ends[1], err) == 0);
  ::close(ends[1]);
  const Bytes said = read_bytes(err);
  CHECK(std::string(said.begin(), said.end()).find(warning) != std::string::npos);
  // Closed: the tool writes to /dev/null in its place (no file or pipe it opens gets the number).
  CHECK(kernels_with_stdout(-1, err) == 0);
  CHECK(read_bytes(err).empty());
}

TEST_CASE("cli verify-exhaustive --fast-paths int8: all 2^16 pairs, evidence written", "[D9]") {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "e");
  const auto evidence = dir / "e" / "fast-int8.json";
  const Run r = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--threads", "2",
                                "--json", evidence.string()});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("65536 pairs checked") != std::string::npos);
  CHECK(r.out.find("PASS") != std::string::npos);
  const Bytes text = read_bytes(evidence);
  CHECK_NOTHROW(nlohmann::json::parse(text.begin(), text.end()));
}

// docs/cli.md: several models or folders give one line per model and a summary; the exit code is
// the worst model's, in the order 0 (inside), 4 (no Div node), 1 (outside or unproven), 3
// (unreadable). int8 is a Div-14 type (seed 000); int8 at opset 13 is not.
// The sweep: all of ONNX's backend test models in one run, one line each; the models
// without a Div node are counted here independently of the tool.
TEST_CASE("cli verify-exhaustive without --json or --threads, and --json with a bare file name",
          "[D9][F2]") {
  ScratchDir dir;
  const Run fast = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "uint8"});
  INFO(fast.out << fast.err);
  CHECK(fast.code == 0);
  CHECK(fast.out.find("65536 pairs checked") != std::string::npos);
  CHECK(fast.out.find("evidence written") == std::string::npos);
  const Run oracle =
      sonnx_div(dir, {"verify-exhaustive", "--format", "bf16", "--sample", "1000", "--quiet"});
  CHECK(oracle.code == 0);
  CHECK(oracle.out.find("verify-exhaustive bf16: PASS") != std::string::npos);
  CHECK(dir.entries().empty());

  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const Run bare =
      sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", "bare.json"});
  std::filesystem::current_path(previous);
  CHECK(bare.code == 0);
  CHECK(dir.entries() == std::vector<std::string>{"bare.json"});
}
