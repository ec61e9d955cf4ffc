// The campaign from start to outcome, with shell-script adapters: what a malfunction reports
// (and where the adapter's log is kept), and that reproducers are named relative to the report.
#include <unistd.h>

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

TEST_CASE("conform campaign: an adapter that cannot be restarted is a malfunction with its log",
          "[conform]") {
  Scratch s;
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
}

TEST_CASE("conform campaign: findings with a relative report path name their reproducers",
          "[conform]") {
  Scratch s;
  const fs::path before = fs::current_path();
  fs::current_path(s.path());
  // An adapter that answers ERROR to everything: the domain cases get the error they are due,
  // the int8 edge cases an unexpected-error finding (one request, one finding).
  const Outcome outcome =
      run_campaign(short_campaign(answering_adapter("echo 'ERROR no'"), "out/r.json"), quiet);
  fs::current_path(before);
  REQUIRE(outcome.verdict == Outcome::Verdict::findings);
  CHECK(outcome.findings == 1);
  CHECK(outcome.runtime == "fake-runtime 2");
  CHECK(outcome.report == s / "out/r.json");
  const nlohmann::json j = nlohmann::json::parse(read_text(s / "out/r.json"));
  CHECK(j["findings_per_type_requirement_kind"] == nlohmann::json{{"int8/I1/unexpected-error", 1}});
  REQUIRE(j["findings"].size() == 1);
  CHECK(j["findings"][0]["reproducer"] == "r-reproducers/int8-I1-unexpected-error-1");
  CHECK(fs::is_regular_file(s / "out/r-reproducers/int8-I1-unexpected-error-1/model.onnx"));
  CHECK(j["findings"][0]["actual"] == "error: no");
}
