// The report generator's readers and Markdown renderings, on small inputs written by hand.
#include <algorithm>
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace trace_test;

namespace {

TEST_CASE("report generator: tags and requirement IDs", "[trace]") {
  CHECK(trace::is_id_shaped("C1"));
  CHECK(trace::is_id_shaped("GR4"));
  CHECK(!trace::is_id_shaped("c1"));
  CHECK(!trace::is_id_shaped("C"));
  CHECK(!trace::is_id_shaped("C1a"));
  CHECK(!trace::is_id_shaped("RTE"));
  const auto t = trace::split_tags("[C1][R4][.][traceability]");
  CHECK(t.size() == 4);
  CHECK(t[0] == "C1");
  CHECK(t[1] == "R4");
  CHECK(t[2] == ".");
}

TEST_CASE("report generator: Catch2 XML, complete and truncated", "[trace]") {
  const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<Catch name="unit_tests">
  <Group name="unit_tests">
    <TestCase name="a &lt; b &amp; &quot;q&quot;" tags="[C1][R4]" filename="/x/tests/a.cpp" line="12">
      <Section name="s" filename="/x/tests/a.cpp" line="14">
        <OverallResults successes="1" failures="0" expectedFailures="0"/>
      </Section>
      <OverallResult success="true"/>
    </TestCase>
    <TestCase name="fails" tags="[D3]" filename="/x/tests/b.cpp" line="3">
      <Expression success="false" type="CHECK" filename="/x/tests/b.cpp" line="4">
        <Original>a == b</Original>
      </Expression>
      <OverallResult success="false"/>
    </TestCase>
    <TestCase name="untagged &#x1F600; &#233;" tags="[traceability]" filename="/x/tests/c.cpp" line="1">
      <OverallResult success="true"/>
    </TestCase>
    <OverallResults successes="2" failures="1" expectedFailures="0"/>
  </Group>
  <OverallResults successes="2" failures="1" expectedFailures="0"/>
</Catch>
)";
  const auto f = trace::parse_catch_xml(xml);
  CHECK(f.error.empty());
  CHECK(f.complete);
  CHECK(f.executable == "unit_tests");
  CHECK(f.cases.size() == 3);
  CHECK(f.cases[0].name == "a < b & \"q\"");
  CHECK(f.cases[0].passed);
  CHECK(f.cases[0].ids.size() == 2);
  CHECK(f.cases[0].ids[1] == "R4");
  CHECK(f.cases[0].line == 12);
  CHECK(!f.cases[1].passed);
  CHECK(f.cases[2].ids.empty());
  CHECK(f.cases[2].name == "untagged \xF0\x9F\x98\x80 \xC3\xA9");  // U+1F600 is 4 bytes of UTF-8
  const auto truncated =
      trace::parse_catch_xml(xml.substr(0, xml.find("<TestCase name=\"untagged ")));
  CHECK(!truncated.complete);
  CHECK(truncated.cases.size() == 2);
  CHECK(!trace::parse_catch_xml("<testsuites><testsuite/></testsuites>").error.empty());
}

const char* kWpJson = R"({ "wp:global": { "wp:main": { "total": 4, "valid": 3, "unknown": 1 } },
  "wp:functions": { "f": { "f_assert_rte_signed_overflow": { "Z3:4.8.12": { "total": 1, "valid": 1 },
                                                               "wp:main": { "total": 1, "valid": 1 } },
                           "f_ensures_I1_trunc": { "qed": { "total": 1, "valid": 1 },
                                                   "wp:main": { "total": 1, "valid": 1 } },
                           "f_ensures_C3_hyp": { "qed": { "total": 1, "valid": 1 },
                                                   "wp:main": { "total": 1, "valid": 1 } },
                           "wp:section": { "wp:main": { "total": 3, "valid": 3 } } },
                    "g": { "g_ensures_F1_bogus": { "Z3:4.8.12": { "total": 1, "failed": 1 },
                                                   "wp:main": { "total": 1, "unknown": 1 } } } },
  "goals": [{ "goal": "f_assert_rte_signed_overflow", "function": "f", "accepted": true },
            { "goal": "f_ensures_I1_trunc", "function": "f", "accepted": true },
            { "goal": "f_ensures_C3_hyp", "function": "f", "accepted": true },
            { "goal": "g_ensures_F1_bogus", "function": "g", "accepted": false }] })";
const char* kWpCsv =
    "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
    ".\tt.c\t3\tf\tpostcondition\tValid\tI1_trunc: \\result \xe2\x89\xa1 \\old(a) / \\old(b)\n"
    ".\tt.c\t4\tf\tpostcondition\tValid under hypotheses\tC3_hyp: \\true\n"
    ".\tt.c\t5\tf\tsigned_overflow\tValid\ta / b \xe2\x89\xa4 2147483647\n"
    ".\tt.c\t6\tg\tpostcondition\tUnknown\tF1_bogus: \\result \xe2\x89\xa1 1\n";

TEST_CASE("report generator: WP report JSON and CSV joined", "[trace]") {
  auto goals = trace::parse_wp_json(kWpJson);
  CHECK(goals.size() == 4);
  const auto props = trace::parse_wp_csv(kWpCsv);
  CHECK(props.size() == 4);
  CHECK(props[0].label == "I1_trunc");
  CHECK(props[2].label.empty());
  goals = trace::join_wp(goals, props, true);
  int checked = 0;
  for (const auto& g : goals) {
    if (g.goal == "f_ensures_I1_trunc") {
      CHECK(g.proved);
      CHECK(g.line == 3);
      CHECK(g.file == "t.c");
      CHECK(g.name == "f_ensures_I1_trunc");
      CHECK(g.provers == std::vector<std::string>{"qed"});
      ++checked;
    }
    if (g.goal == "f_ensures_C3_hyp") {
      CHECK(g.proved);
      CHECK(g.note == "valid under hypotheses");  // proved, conditionally
      CHECK(g.conditions.size() == 1);
      ++checked;
    }
    if (g.goal == "g_ensures_F1_bogus") {
      CHECK(!g.proved);
      CHECK(g.name == "g_ensures_F1_bogus");
      ++checked;
    }
  }
  CHECK(checked == 3);
  trace::add_wp_times(goals,
                      "[wp] [Valid] Goal typed_f_ensures_I1_trunc : Valid (Qed:2ms) (1.5s)\n"
                      "[wp] 12 goals scheduled\n");
  for (const auto& g : goals)
    if (g.goal == "f_ensures_I1_trunc") CHECK((g.time_s && *g.time_s > 1.5 && *g.time_s < 1.51));
  const auto from_csv = trace::join_wp({}, props, false);
  CHECK(from_csv.size() == 4);
  CHECK(from_csv[0].proved);
  CHECK(from_csv[0].name == "f_I1_trunc");
  CHECK(!from_csv[3].proved);

  // A call-site goal joins the "precondition of <callee>" row, not the caller's own precondition
  // with the same label (listed first here, and not proved: nothing in C calls the caller).
  auto calls = trace::parse_wp_json(R"({"wp:functions": {"caller": {"callee_requires_C1_valid_a":
      {"qed": {"total": 1, "valid": 1}, "wp:main": {"total": 1, "valid": 1}}}},
      "goals": [{"goal": "callee_requires_C1_valid_a", "function": "caller", "accepted": true}]})");
  calls = trace::join_wp(
      calls,
      trace::parse_wp_csv(
          "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
          ".\tt.h\t7\tcaller\tprecondition\tIgnored\tC1_valid_a: \\valid_read(a)\n"
          ".\tt.c\t9\tcaller\tprecondition of callee\tValid\tC1_valid_a: \\valid_read(a)\n"),
      true);
  CHECK(calls.size() == 1);
  CHECK(calls[0].proved);
  CHECK(calls[0].line == 9);

  // A property that rests on a property excluded from WP is conditional on its register row.
  const auto cond = trace::parse_wp_json(R"({"wp:functions": {"k": {"k_ensures_F2_applies":
      {"qed": {"total": 1, "valid": 1}, "wp:main": {"total": 1, "valid": 1}}}},
      "goals": [{"goal": "k_ensures_F2_applies", "function": "k", "accepted": true,
                 "conditional": [{"row": "AS-WP-2", "rests_on": "e F2_bits"}]}]})");
  CHECK(cond.size() == 1);
  CHECK(cond[0].proved);
  CHECK(cond[0].conditions.size() == 1);
  CHECK(contains(cond[0].conditions[0], "AS-WP-2"));
}

TEST_CASE("report generator: why3.json goals named by file stem, theory and goal", "[trace]") {
  const std::string j = R"({"goals":[
    {"file":"spec/why3/tensor.mlw","theory":"Tensor","goal":"c1_shape_consistency","requirements":[],"prover":"Z3,4.8.12","time_s":0.5,"status":"Valid","accepted":true},
    {"file":"spec/why3/div.mlw","theory":"Div","goal":"div'vc","requirements":["C1","D3","X9"],"prover":"CVC4","time_s":1.25,"status":"valid","accepted":true},
    {"file":"spec/why3/div.mlw","theory":"Div","goal":"d9_unknown","requirements":[],"prover":"Z3","time_s":0.1,"status":"timeout"},
    {"file":"spec/why3/p.mlw","theory":"P","goal":"pow2_add_64","prover":"Z3","time_s":0.1,"status":"Valid"}],
    "summary":{"proved":3,"total":4},"axioms":{"rows":["AS-LIB-1","AS-WHY3-3.1"]}})";
  const auto w = trace::parse_why3_json(j);
  CHECK(w.goals.size() == 4);
  // the name that spec/requirements.json uses: file stem, theory, goal; no ID is read from it
  CHECK(w.goals[0].name == "tensor.Tensor.c1_shape_consistency");
  CHECK(w.goals[0].proved);
  CHECK(w.goals[0].ids.empty());
  CHECK(w.goals[1].name == "div.Div.div'vc");
  CHECK(w.goals[1].proved);
  CHECK(!w.goals[2].proved);
  CHECK(w.assumptions == std::vector<std::string>({"AS-LIB-1", "AS-WHY3-3.1"}));
  // Fail closed: a valid goal whose evidence records no acceptance under the prover policy (no
  // "accepted", or not a boolean) is not proved; before issue 47 it counted as proved.
  CHECK(!w.goals[3].proved);
  CHECK(contains(w.goals[3].status, "no \"accepted\" field"));
  const auto odd = trace::parse_why3_json(R"({"goals":[{"file":"f.mlw","theory":"T","goal":"g",
    "status":"valid","accepted":"yes","verdicts":[{"prover":"CVC5","result":"valid"}]}]})");
  CHECK(!odd.goals[0].proved);
  const auto wp = trace::parse_wp_json(R"({"wp:functions":{"f":{"f_ensures_A":
    {"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}}}}})");
  CHECK(wp.size() == 1);
  CHECK(!wp[0].proved);  // WP proved it, but no goal record says the policy accepts it
  // A callee's precondition has one goal of one name at each caller: each record is matched by its
  // function too, so that every caller's goal gets its own acceptance.
  const auto calls = trace::parse_wp_json(R"({"wp:functions":{
    "f":{"v_requires_P":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}}},
    "g":{"v_requires_P":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}}}},
    "goals":[{"goal":"v_requires_P","function":"f","accepted":true},
             {"goal":"v_requires_P","function":"g","accepted":true}]})");
  CHECK(calls.size() == 2);
  for (const auto& g : calls) CHECK(g.proved);
}

TEST_CASE("report generator: the prover policy fields of a goal", "[trace]") {
  const std::string j = R"({"goals":[
    {"file":"f.mlw","theory":"T","goal":"c1_a","status":"Valid","accepted":false,"fp":true,
     "verdicts":[{"prover":"Z3,4.8.12","result":"valid","time":0.1},{"prover":"CVC5,1.0.3","result":"timeout","time":3}]},
    {"file":"f.mlw","theory":"T","goal":"c1_b","status":"Valid","accepted":true,"fp":true,
     "verdicts":[{"prover":"Z3,4.8.12","result":"valid","time":0.1},{"prover":"CVC5,1.0.3","result":"valid","time":0.2}]}],
    "policy":{"valid_by_prover":{"Z3,4.8.12":2,"CVC5,1.0.3":1},"single_prover_goals":1}})";
  const auto w = trace::parse_why3_json(j);
  CHECK(w.goals.size() == 2);
  CHECK(!w.goals[0].proved);
  CHECK(w.goals[0].accepted == false);
  CHECK(w.goals[0].fp);  // valid, not accepted
  CHECK(contains(w.goals[0].status, "not accepted"));
  CHECK(w.goals[1].proved);
  CHECK(w.goals[1].verdicts.size() == 2);
  CHECK(w.goals[1].provers.size() == 2);
  // WP: the same fields inside a goal object of -wp-report-json.
  auto wp =
      trace::parse_wp_json(R"({"wp:functions":{"f":{"f_ensures_C1_x":{"qed":{"total":1,"valid":1},
    "wp:main":{"total":1,"valid":1},"accepted":false,"verdicts":[{"prover":"Z3","result":"valid"}]}}}})");
  CHECK(wp.size() == 1);
  CHECK(!wp[0].proved);
  CHECK(wp[0].verdicts.size() == 1);
  // Or as a list beside WP's report, matched by name.
  wp = trace::parse_wp_json(
      R"({"wp:functions":{"f":{"f_ensures_C1_x":{"wp:main":{"total":1,"valid":1}},
    "f_ensures_C1_y":{"wp:main":{"total":1,"valid":1}}}},
    "goals":[{"goal":"typed_f_ensures_C1_x","accepted":true,"verdicts":[{"prover":"Alt-Ergo","result":"valid"},
                                                                        {"prover":"CVC5","result":"valid"}]},
             {"goal":"f_ensures_C1_y","accepted":false,"verdicts":[{"prover":"Z3","result":"valid"}]},
             {"goal":"f_assert_rte_mem","status":"timeout"}]})");
  CHECK(wp.size() == 3);
  CHECK(wp[0].proved);
  CHECK(wp[0].accepted == true);
  CHECK(wp[0].verdicts.size() == 2);
  CHECK(!wp[1].proved);
  CHECK(wp[1].accepted == false);
  CHECK(!wp[2].proved);
  CHECK(wp[2].status == "timeout");
}

TEST_CASE("report generator: the provenance hash is the script's", "[trace]") {
  // Expected values computed by two implementations when there were two (Python's hashlib in
  // evidence/sonnx_evidence/evidence_provenance.py and OpenSSL's EVP in the report), which agreed.
  const fs::path root =
      fs::temp_directory_path() / ("sonnx-trace-hash-" + std::to_string(::getpid()));
  fs::remove_all(root);
  write(root / "src" / "a.c", "int a;\n");
  write(root / "src" / "sub" / "b.h", "b\n");
  write(root / "spec" / "s.mlw", "theory\n");
  CHECK(hash(root, {"src/**/*.c", "src/**/*.h"}) ==
        "54123c9f4737dec495982ab89d7703c016a73dd1ba1f2408ccb3ea6a59710eb4");
  CHECK(hash(root, {"src/*.c", "spec/?.mlw"}) ==
        "a116df612e1301eb4b97809a0062354e6a58d56e1667d84316f35e7673b14723");
  // No file: the hash of nothing (FIPS 180-2's SHA-256 of the empty message).
  CHECK(hash(root, {}) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  std::string error;
  CHECK(!trace::sources_sha256(root / "no-such-script.py", root, {"src/*.c"}, &error));
  CHECK(error.find("no-such-script.py") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("report generator: code tags and registers", "[trace]") {
  const auto l = trace::scan_code_tags(
      "int x;\n// [impl->req~C3~1] [utest->req~D1~1]\n\n/* [impl->req~Z1~2] */\n", "a.c");
  CHECK(l.size() == 3);
  CHECK(l[0].kind == "impl");
  CHECK(l[0].id == "C3");
  CHECK(l[0].revision == "1");
  CHECK(l[0].line == 2);
  CHECK(l[1].kind == "utest");
  CHECK(l[1].id == "D1");
  CHECK(l[1].line == 2);
  CHECK(l[2].id == "Z1");
  CHECK(l[2].revision == "2");
  CHECK(l[2].line == 4);
  CHECK(trace::scan_code_tags("a->req~x but no bracket", "b.c").empty());
  // A register is data, rendered to Markdown; a row without one of its cells, or a duplicate ID, is
  // refused.
  const fs::path reg =
      fs::temp_directory_path() / ("sonnx-trace-reg-" + std::to_string(::getpid()) + ".json");
  write(reg,
        R"({"title":"Reg","preamble":["Intro."],"columns":[["id","ID"],["statement","statement"]],
    "rows":[{"id":"AS-PLAT-1","statement":"a | b\nc","axioms":[]},
            {"id":"AS-PLAT-2","statement":"s"}]})");
  const auto a = trace::load_register(reg);
  CHECK(a.rows.size() == 2);
  CHECK(a.rows[0].size() == 2);
  CHECK(a.rows[0][0] == "AS-PLAT-1");
  CHECK(trace::render_register_md(a, "spec/r.json") ==
        "# Reg\n\n<!-- Generated from spec/r.json by `sonnx-trace render-register`; do not edit by "
        "hand (CTest registers_md_up_to_date). -->\n\nIntro.\n\n| ID | statement |\n|---|---|\n| "
        "AS-PLAT-1 | a \\| b c |\n"
        "| AS-PLAT-2 | s |\n");
  for (const char* bad :
       {R"({"title":"R","columns":[["id","ID"],["x","X"]],"rows":[{"id":"A"}]})",
        R"({"title":"R","columns":[["id","ID"]],"rows":[{"id":"A"},{"id":"A"}]})"}) {
    write(reg, bad);
    bool threw = false;
    try {
      trace::load_register(reg);
    } catch (const std::exception&) {
      threw = true;
    }
    CHECK(threw);
  }
  fs::remove(reg);
}

TEST_CASE("report generator: docs/requirements.md from the catalogue", "[trace]") {
  const fs::path p =
      fs::temp_directory_path() / ("sonnx-trace-cat-" + std::to_string(::getpid()) + ".json");
  write(p, mini_catalogue());
  const auto cat = trace::load_catalogue(p);
  const std::string md = trace::render_requirements_md(cat, "spec/requirements.json");
  CHECK(contains(md, "### C1: Shape\n`req~C1~1`\n\nSame shape."));
  CHECK(contains(md, "Needs: impl, utest\n"));
  CHECK(contains(md, "SONNX tag `[C1]`"));
  CHECK(md == trace::render_requirements_md(cat, "spec/requirements.json"));  // deterministic
  fs::remove(p);
  bool threw = false;
  try {
    trace::load_catalogue("/nonexistent/requirements.json");
  } catch (const std::exception&) {
    threw = true;
  }
  CHECK(threw);
}

}  // namespace

TEST_CASE("report generator: the WP families' expansion is applied, or every problem is named",
          "[trace]") {
  const fs::path root =
      fs::temp_directory_path() / ("sonnx-trace-families-" + std::to_string(::getpid()));
  fs::remove_all(root);
  write(root / "requirements.json", mini_catalogue());
  auto cat = trace::load_catalogue(root / "requirements.json");
  CHECK(cat.has_families());
  // The expansion as decided_by.py writes it: every family entry gets its names.
  auto applied = cat;
  CHECK(trace::apply_family_expansion(applied, nlohmann::json::parse(mini_expansion())).empty());
  CHECK(applied.requirements[0].decided_by[1].names ==
        std::vector<std::string>{"k_ensures_C1_shape"});
  // An entry without its expansion; an expansion of an entry the catalogue does not have; a
  // family that matched nothing when the expansion was made; no requirements object.
  auto doc = nlohmann::json::parse(mini_expansion());
  doc["requirements"].erase("F2");
  doc["requirements"]["D3"] = {{"decided_by", {{{"index", 0}, {"names", {"x"}}}}}};
  doc["failed_families"] = {"C1 decided_by[1] family 1: k_ensures_X matches no property"};
  auto broken = cat;
  const auto problems = trace::apply_family_expansion(broken, doc);
  auto named = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.find(text) != std::string::npos; });
  };
  CHECK(named("F2 supported_by[0]: no expansion"));
  CHECK(named("D3 decided_by[0]: expanded in decided-by.json, not a wp entry"));
  CHECK(named("family matched no property: C1"));
  auto none = cat;
  CHECK(trace::apply_family_expansion(none, nlohmann::json::object()).size() == 1);
  // A wp entry naming properties exactly, or families for another method: the catalogue is
  // refused.
  std::string exact = mini_catalogue();
  exact.replace(
      exact.find(R"("families":[{"function":"k","properties":["ensures_C1_*"]}])"),
      std::string(R"("families":[{"function":"k","properties":["ensures_C1_*"]}])").size(),
      R"("properties":["k_ensures_C1_shape"])");
  write(root / "exact.json", exact);
  CHECK_THROWS_WITH(trace::load_catalogue(root / "exact.json"),
                    Catch::Contains("names its properties by families"));
  fs::remove_all(root);
}
