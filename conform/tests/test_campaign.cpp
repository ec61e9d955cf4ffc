// The campaign from start to outcome, with shell-script adapters: what a malfunction reports
// (and where the adapter's log is kept), and that reproducers are named relative to the report.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sonnx/conform/campaign.hpp>

#include "conform_test_support.hpp"

using namespace sonnx;
using namespace sonnx::conform;
using namespace sonnx::conform::test;

namespace {

Options short_campaign(std::vector<std::string> adapter, const fs::path& report) {
  Options o;
  o.adapter = std::move(adapter);
  o.report = report;
  o.types = {DataType::int8};
  o.short_campaign = true;
  o.timeout = 10;
  return o;
}

const Progress quiet = [](const std::string&, bool) {};

}  // namespace

TEST_CASE("conform campaign: an adapter that cannot start names its log, which is kept",
          "[conform]") {
  Scratch s;
  fs::create_directory(s / "out");
  const Outcome outcome = run_campaign(
      short_campaign(shell_adapter("echo 'libonnxruntime.so: cannot open shared object' >&2; "
                                   "exit 4"),
                     s / "out/report.json"),
      quiet);
  CHECK(outcome.verdict == Outcome::Verdict::malfunction);
  // The work directory (a temporary one) is gone; the log was kept beside the report.
  const fs::path kept = s / "out/report-adapter.log";
  CHECK(outcome.message ==
        "adapter /bin/sh: exited before READY (exited with status 4); see " + kept.string());
  CHECK(read_text(kept) == "libonnxruntime.so: cannot open shared object\n");
  CHECK_FALSE(fs::exists(s / "out/report.json"));
}

TEST_CASE("conform campaign: with --work-dir the log stays there and the message names it",
          "[conform]") {
  Scratch s;
  Options o = short_campaign(shell_adapter("echo 'no runtime' >&2; exit 4"), s / "report.json");
  o.work_dir = s / "work";
  const Outcome outcome = run_campaign(o, quiet);
  CHECK(outcome.verdict == Outcome::Verdict::malfunction);
  CHECK(outcome.message == "adapter /bin/sh: exited before READY (exited with status 4); see " +
                               (s / "work/adapter.log").string());
  CHECK(read_text(s / "work/adapter.log") == "no runtime\n");
  CHECK_FALSE(fs::exists(s / "report-adapter.log"));
}

namespace {

// The names in a folder, sorted.
std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// The reproducers of an int8 short campaign against an adapter that answers ERROR to everything:
// 1 + 44 requests of edge cases (I1), each an unexpected-error finding, five listed.
const std::vector<std::string> first_five = {
    "int8-I1-unexpected-error-1", "int8-I1-unexpected-error-2", "int8-I1-unexpected-error-3",
    "int8-I1-unexpected-error-4", "int8-I1-unexpected-error-5"};

}  // namespace

TEST_CASE("conform campaign: a report path that cannot be written is refused before the adapter",
          "[conform]") {
  Scratch s;
  // The adapter leaves a mark when it starts: it must not start.
  const fs::path mark = s / "adapter-started";
  const auto refused = [&](const fs::path& report, const std::string& message) {
    INFO(report);
    const Outcome outcome = run_campaign(
        short_campaign(shell_adapter("touch '" + mark.string() + "'; echo 'READY fake 1'"), report),
        quiet);
    CHECK(outcome.verdict == Outcome::Verdict::malfunction);
    CHECK(outcome.message == message);
    CHECK_FALSE(fs::exists(mark));
  };
  const auto cannot = [&](const std::string& report) {
    return "cannot write the report " + (s / report).string() + ": ";
  };
  // A missing folder is not created (it was, and the campaign ran).
  refused(s / "typo/deeper/r.json", cannot("typo/deeper/r.json") + "its folder " +
                                        (s / "typo/deeper").string() +
                                        " does not exist (no folder is created for it)");
  CHECK_FALSE(fs::exists(s / "typo"));
  // A folder, named or ending in '/', is refused at once (it was, after the whole campaign).
  fs::create_directory(s / "existing");
  refused(s / "existing", cannot("existing") + "it exists and is not a regular file");
  refused(s / "existing/",
          "--report " + (s / "existing/").string() + " names a folder, not a file");
  write_text(s / "file", "");
  refused(s / "file/r.json",
          cannot("file/r.json") + "its folder " + (s / "file").string() + " is not a folder");
  CHECK(names_in(s.path()) == std::vector<std::string>{"existing", "file"});
  CHECK(names_in(s / "existing").empty());
}

TEST_CASE("conform campaign: a rerun replaces the reproducers with the report", "[conform]") {
  Scratch s;
  // Every request crashes: crash findings; then an adapter that answers ERROR: an
  // unexpected-error finding per request but the domain ones (I1), the first five listed. Only
  // the second run's reproducers are left, and nothing else.
  REQUIRE(run_campaign(short_campaign(answering_adapter("kill -SEGV $$"), s / "r.json"), quiet)
              .verdict == Outcome::Verdict::findings);
  CHECK(names_in(s / "r-reproducers").size() > 5);
  REQUIRE(run_campaign(short_campaign(answering_adapter("echo 'ERROR no'"), s / "r.json"), quiet)
              .verdict == Outcome::Verdict::findings);
  CHECK(names_in(s / "r-reproducers") == first_five);
  CHECK(names_in(s.path()) == std::vector<std::string>{"r-reproducers", "r.json"});
}

TEST_CASE("conform campaign: an adapter that cannot be restarted is a malfunction with its log",
          "[conform]") {
  Scratch s;
  // An earlier run of the same report, with findings.
  REQUIRE(run_campaign(short_campaign(answering_adapter("echo 'ERROR no'"), s / "r.json"), quiet)
              .verdict == Outcome::Verdict::findings);
  const std::string earlier_report = read_text(s / "r.json");
  // Starts once; the first request kills it (a crash finding), and the restart fails.
  const std::string marker = (s / "started").string();
  const std::string script = "if [ -e '" + marker + "' ]; then echo 'out of licences' >&2; " +
                             "exit 5; fi; touch '" + marker +
                             "'; echo 'READY fake 1'; read -r x; " + "exit 3";
  const Outcome outcome = run_campaign(short_campaign(shell_adapter(script), s / "r.json"), quiet);
  CHECK(outcome.verdict == Outcome::Verdict::malfunction);
  CHECK(outcome.message ==
        "campaign malfunction: restarting the adapter: adapter /bin/sh: exited before READY "
        "(exited with status 5); see " +
            (s / "r-adapter.log").string());
  CHECK(read_text(s / "r-adapter.log") == "out of licences\n");
  // No new output but the log: the earlier report and its reproducers are as they were (the
  // crash's reproducer stood beside the earlier report).
  CHECK(read_text(s / "r.json") == earlier_report);
  CHECK(names_in(s / "r-reproducers") == first_five);
  CHECK(names_in(s.path()) ==
        std::vector<std::string>{"r-adapter.log", "r-reproducers", "r.json", "started"});
}

TEST_CASE("conform campaign: findings with a relative report path name their reproducers",
          "[conform]") {
  Scratch s;
  const fs::path before = fs::current_path();
  fs::current_path(s.path());
  fs::create_directory("out");
  // An adapter that answers ERROR to everything: the domain cases get the error they are due,
  // the int8 edge cases an unexpected-error finding per request (the 44 cases with 63 fillers,
  // then each case alone: 45).
  const Outcome outcome =
      run_campaign(short_campaign(answering_adapter("echo 'ERROR no'"), "out/r.json"), quiet);
  fs::current_path(before);
  REQUIRE(outcome.verdict == Outcome::Verdict::findings);
  CHECK(outcome.findings == 45);
  CHECK(outcome.runtime == "fake-runtime 2");
  CHECK(outcome.report == s / "out/r.json");
  const nlohmann::json j = nlohmann::json::parse(read_text(s / "out/r.json"));
  CHECK(j["findings_per_type_requirement_kind"] ==
        nlohmann::json{{"int8/I1/unexpected-error", 45}});
  REQUIRE(j["findings"].size() == 5);
  CHECK(j["findings"][0]["elements"] == 107);
  CHECK_FALSE(j["findings"][1].contains("elements"));  // a request of one element
  CHECK(j["findings"][0]["reproducer"] == "r-reproducers/int8-I1-unexpected-error-1");
  CHECK(fs::is_regular_file(s / "out/r-reproducers/int8-I1-unexpected-error-1/model.onnx"));
  CHECK(j["findings"][0]["actual"] == "error: no");
}

TEST_CASE("conform campaign: a seeded float16 sample instead of the sweep, and the target recorded",
          "[conform]") {
  Scratch s;
  // An adapter that answers ERROR to everything: one unexpected-error finding per request, whose
  // operands are the request's first element.
  const auto report_of = [&](std::int64_t sample, const std::string& name) {
    Options o = short_campaign(answering_adapter("echo 'ERROR no'"), s / name);
    o.types = {DataType::float16, DataType::float32};
    o.random_pairs = 64;
    o.max_reproducers = 100;  // every finding listed: the random ones come after 53 edge requests
    o.sample_16bit = sample;
    o.target = {{"target", "cortex-m4f"}, {"emulator", "qemu-system-arm"}};
    REQUIRE(run_campaign(o, quiet).verdict == Outcome::Verdict::findings);
    return nlohmann::json::parse(read_text(s / name));
  };
  const nlohmann::json sampled = report_of(1000, "sampled.json");
  const nlohmann::json plain = report_of(-1, "plain.json");
  CHECK(sampled["target"] == nlohmann::json{{"target", "cortex-m4f"},
                                            {"emulator", "qemu-system-arm"}});
  // The sample's generator is seeded with --seed + 16 (default 20240611).
  CHECK(sampled["campaign"]["float16_bfloat16_pairs"] ==
        "1000 seeded random pairs per type (seed 20240627), not every pair");
  CHECK(plain["campaign"]["float16_bfloat16_pairs"] == "none beyond the edge cases");
  CHECK(sampled["random_pairs"]["float16"]["pairs"] == 1000);
  CHECK(sampled["random_pairs"]["float16"]["instead_of"] == "every pair (2^32)");
  const auto float16_cases = [](const nlohmann::json& j) {
    std::uint64_t n = 0;
    for (const auto& row : j["results"])
      if (row["type"] == "float16") n += row["cases"].get<std::uint64_t>();
    return n;
  };
  CHECK(float16_cases(sampled) == float16_cases(plain) + 1000);
  // The float32 random pairs are the same with and without the sample: the same first element.
  const auto random_first = [](const nlohmann::json& j) {
    for (const auto& f : j["findings"])
      if (f["type"] == "float32" && f["source"] == "random") return f["a"].dump() + f["b"].dump();
    return std::string("none");
  };
  CHECK(random_first(sampled) != "none");
  CHECK(random_first(sampled) == random_first(plain));
}

TEST_CASE("conform campaign: the requests of a type, and where their cases sit", "[conform]") {
  Scratch s;
  // ERROR to everything: one unexpected-error finding per request but the domain ones. Models,
  // one per type and length, in the order first sent: float32 the 52 edge cases with 63 fillers
  // (115), each alone (1), the 1024 random pairs as 957 and 67; int32 the 44 edge cases with 63
  // fillers (107), each alone, the domain cases alone and in requests of 67, and the random pairs.
  Options o = short_campaign(answering_adapter("echo 'ERROR no'"), s / "r.json");
  o.types = {DataType::float32, DataType::int32};
  REQUIRE(run_campaign(o, quiet).verdict == Outcome::Verdict::findings);
  const nlohmann::json j = nlohmann::json::parse(read_text(s / "r.json"));
  std::vector<std::string> models;
  for (const auto& c : j["profile_checks"])
    models.push_back(c["type"].get<std::string>() + " " + std::to_string(c["elements"].get<int>()));
  CHECK(models == std::vector<std::string>{"float32 115", "float32 1", "float32 957", "float32 67",
                                           "int32 107", "int32 1", "int32 67", "int32 957"});
  CHECK(j["findings_total"] == (1 + 52 + 2) + (1 + 44 + 2));
  CHECK(j["random_pairs"]["float32"]["pairs"] == 1024);
}

TEST_CASE("conform campaign: a crash on a domain request is filed under its domain case",
          "[conform]") {
  Scratch s;
  // Every request crashes. int8: 1 + 44 edge requests (I1), 7 / 0 and 0 / 0 (C3) and MIN / -1
  // (D3) each alone, first and last of 67. A request of 67 crashed is filed under the case it
  // holds, whatever its position, with that case's operands (not under its filler 1 / 1, I1).
  REQUIRE(run_campaign(short_campaign(answering_adapter("kill -SEGV $$"), s / "r.json"), quiet)
              .verdict == Outcome::Verdict::findings);
  const nlohmann::json j = nlohmann::json::parse(read_text(s / "r.json"));
  CHECK(j["findings_per_type_requirement_kind"] ==
        nlohmann::json{{"int8/I1/crash", 45}, {"int8/C3/crash", 6}, {"int8/D3/crash", 3}});
  std::vector<std::string> c3;
  for (const auto& f : j["findings"]) {
    if (f["requirement"] != "C3") continue;
    c3.push_back(f["a"].get<std::string>() + "/" + f["b"].get<std::string>() + " " +
                 f["case"].get<std::string>() + " " +
                 f.value("elements", nlohmann::json(1)).dump());
  }
  CHECK(c3 == std::vector<std::string>{
                  "0x07/0x00 7 / 0: zero divisor (C3) 1",
                  "0x07/0x00 7 / 0: zero divisor (C3) [first of 67: a vector loop's body] 67",
                  "0x07/0x00 7 / 0: zero divisor (C3) [last of 67: a vector loop's remainder] 67",
                  "0x00/0x00 0 / 0: zero divisor (C3) 1",
                  "0x00/0x00 0 / 0: zero divisor (C3) [first of 67: a vector loop's body] 67"});
}
