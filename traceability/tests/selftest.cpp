// Self-tests of the report generator's own logic. Deliberately not Catch2: the project's Catch2
// test cases cite requirement IDs of the operator, and these tests verify the tool.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>

#include "trace.hpp"

namespace {

int failures = 0;
int checks = 0;

#define CHECK(cond)                                                                  \
  do {                                                                               \
    ++checks;                                                                        \
    if (!(cond)) {                                                                   \
      ++failures;                                                                    \
      std::cerr << __FILE__ << ":" << __LINE__ << ": CHECK failed: " #cond << "\n"; \
    }                                                                                \
  } while (0)

namespace fs = trace::fs;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

bool has_flag(const trace::Row& r, const std::string& code) {
  for (const auto& f : r.flags)
    if (f.code == code) return true;
  return false;
}

const trace::Row& row(const trace::Report& r, const std::string& id) {
  for (const auto& x : r.rows)
    if (x.req->id == id) return x;
  std::cerr << "no row " << id << "\n";
  std::abort();
}

bool has_issue(const trace::Report& r, const std::string& code, const std::string& text = "") {
  for (const auto& i : r.issues)
    if (i.code == code && contains(i.message + i.where, text)) return true;
  return false;
}

void test_tags_and_ids() {
  CHECK(trace::is_id_shaped("C1"));
  CHECK(trace::is_id_shaped("GR4"));
  CHECK(!trace::is_id_shaped("c1"));
  CHECK(!trace::is_id_shaped("C"));
  CHECK(!trace::is_id_shaped("C1a"));
  CHECK(!trace::is_id_shaped("RTE"));
  const auto t = trace::split_tags("[C1][R4][.][traceability]");
  CHECK(t.size() == 4 && t[0] == "C1" && t[1] == "R4" && t[2] == ".");
}

void test_catch_xml() {
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
  CHECK(f.cases[0].ids.size() == 2 && f.cases[0].ids[1] == "R4");
  CHECK(f.cases[0].line == 12);
  CHECK(!f.cases[1].passed);
  CHECK(f.cases[2].ids.empty());
  CHECK(f.cases[2].name == "untagged \xF0\x9F\x98\x80 \xC3\xA9");  // U+1F600 is 4 bytes of UTF-8
  const auto truncated = trace::parse_catch_xml(xml.substr(0, xml.find("<TestCase name=\"untagged ")));
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
                                                   "wp:main": { "total": 1, "unknown": 1 } } } } })";
const char* kWpCsv =
    "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
    ".\tt.c\t3\tf\tpostcondition\tValid\tI1_trunc: \\result \xe2\x89\xa1 \\old(a) / \\old(b)\n"
    ".\tt.c\t4\tf\tpostcondition\tValid under hypotheses\tC3_hyp: \\true\n"
    ".\tt.c\t5\tf\tsigned_overflow\tValid\ta / b \xe2\x89\xa4 2147483647\n"
    ".\tt.c\t6\tg\tpostcondition\tUnknown\tF1_bogus: \\result \xe2\x89\xa1 1\n";

void test_wp() {
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
      CHECK(g.proved && g.line == 3 && g.file == "t.c" && g.name == "f_ensures_I1_trunc");
      CHECK(g.provers == std::vector<std::string>{"qed"});
      ++checked;
    }
    if (g.goal == "f_ensures_C3_hyp") {
      CHECK(g.proved && g.note == "valid under hypotheses");  // proved, conditionally
      CHECK(g.conditions.size() == 1);
      ++checked;
    }
    if (g.goal == "g_ensures_F1_bogus") {
      CHECK(!g.proved && g.name == "g_ensures_F1_bogus");
      ++checked;
    }
  }
  CHECK(checked == 3);
  trace::add_wp_times(goals, "[wp] [Valid] Goal typed_f_ensures_I1_trunc : Valid (Qed:2ms) (1.5s)\n"
                              "[wp] 12 goals scheduled\n");
  for (const auto& g : goals)
    if (g.goal == "f_ensures_I1_trunc") CHECK(g.time_s && *g.time_s > 1.5 && *g.time_s < 1.51);
  const auto from_csv = trace::join_wp({}, props, false);
  CHECK(from_csv.size() == 4);
  CHECK(from_csv[0].proved && from_csv[0].name == "f_I1_trunc");
  CHECK(!from_csv[3].proved);

  // A call-site goal joins the "precondition of <callee>" row, not the caller's own precondition
  // with the same label (listed first here, and not proved: nothing in C calls the caller).
  auto calls = trace::parse_wp_json(R"({"wp:functions": {"caller": {"callee_requires_C1_valid_a":
      {"qed": {"total": 1, "valid": 1}, "wp:main": {"total": 1, "valid": 1}}}}})");
  calls = trace::join_wp(calls, trace::parse_wp_csv(
      "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
      ".\tt.h\t7\tcaller\tprecondition\tIgnored\tC1_valid_a: \\valid_read(a)\n"
      ".\tt.c\t9\tcaller\tprecondition of callee\tValid\tC1_valid_a: \\valid_read(a)\n"), true);
  CHECK(calls.size() == 1 && calls[0].proved && calls[0].line == 9);

  // A property that rests on a property excluded from WP is conditional on its register row.
  const auto cond = trace::parse_wp_json(R"({"wp:functions": {"k": {"k_ensures_F2_applies":
      {"qed": {"total": 1, "valid": 1}, "wp:main": {"total": 1, "valid": 1}}}},
      "goals": [{"goal": "k_ensures_F2_applies", "function": "k", "accepted": true,
                 "conditional": [{"row": "AS-WP-2", "rests_on": "e F2_bits"}]}]})");
  CHECK(cond.size() == 1 && cond[0].proved && cond[0].conditions.size() == 1 &&
        contains(cond[0].conditions[0], "AS-WP-2"));
}

std::string mini_catalogue() {
  return R"({"schema":"sonnx-requirements/1","operator":"Div",
  "sources":{"002":{"file":"002_x.txt","title":"spec"},"DEF":{"file":"README.md","title":"defects"}},
  "verification_methods":{"test":"t","why3":"w","wp":"p","exhaustive":"e"},
  "requirements":[
   {"id":"C1","title":"Shape","statement":"Same shape.","source":{"doc":"002","section":"C1","sonnx_tag":"[C1]"},
    "verification":["test","why3","wp"],
    "decided_by":[{"method":"why3","goals":["t.T.c1_shape"]},
                  {"method":"wp","properties":["k_ensures_C1_shape"]},
                  {"method":"test","tags":["C1"]}]},
   {"id":"F2","title":"Half","statement":"Correct rounding.","source":{"doc":"002","section":"float","sonnx_tag":""},
    "verification":["test","exhaustive"],
    "decided_by":[{"method":"exhaustive","types":["float16"],"sweeps":["exhaustive-f16.json"]},
                  {"method":"exhaustive","types":["bfloat16"],"sweeps":["exhaustive-bf16.json"]},
                  {"method":"test","tags":["F2"]}],
    "supported_by":[{"method":"wp","properties":["k_ensures_F2_applies"],"why":"the loop only"}]},
   {"id":"D3","title":"MIN/-1","statement":"Domain error.","source":{"doc":"DEF","section":"defect 3","sonnx_tag":""},
    "verification":["test"],"decided_by":[{"method":"test","tags":["D3"]}]},
   {"id":"D9","title":"Fast","statement":"Fast paths.",
    "source":{"doc":"DEF","section":"OP-6","sonnx_tag":""},
    "verification":["test","wp","exhaustive"],"types":["float16","int8"],
    "decided_by":[{"method":"wp","types":["int8"],"properties":["k_ensures_D9_route"]},
                  {"method":"exhaustive","types":["float16"],"sweeps":["exhaustive-f16.json"]},
                  {"method":"test","tags":["D9"]}]}]})";
}

void test_why3() {
  const std::string j = R"({"goals":[
    {"file":"spec/why3/tensor.mlw","theory":"Tensor","goal":"c1_shape_consistency","requirements":[],"prover":"Z3,4.8.12","time_s":0.5,"status":"Valid"},
    {"file":"spec/why3/div.mlw","theory":"Div","goal":"div'vc","requirements":["C1","D3","X9"],"prover":"CVC4","time_s":1.25,"status":"valid"},
    {"file":"spec/why3/div.mlw","theory":"Div","goal":"d9_unknown","requirements":[],"prover":"Z3","time_s":0.1,"status":"timeout"},
    {"file":"spec/why3/p.mlw","theory":"P","goal":"pow2_add_64","prover":"Z3","time_s":0.1,"status":"Valid"}],
    "summary":{"proved":3,"total":4},"axioms":{"rows":["AS-LIB-1","AS-WHY3-3.1"]}})";
  const auto w = trace::parse_why3_json(j);
  CHECK(w.goals.size() == 4);
  // the name that spec/requirements.json uses: file stem, theory, goal; no ID is read from it
  CHECK(w.goals[0].name == "tensor.Tensor.c1_shape_consistency" && w.goals[0].proved &&
        w.goals[0].ids.empty());
  CHECK(w.goals[1].name == "div.Div.div'vc" && w.goals[1].proved);
  CHECK(!w.goals[2].proved);
  CHECK(w.assumptions == std::vector<std::string>({"AS-LIB-1", "AS-WHY3-3.1"}));
}

void test_policy_fields() {
  const std::string j = R"({"goals":[
    {"file":"f.mlw","theory":"T","goal":"c1_a","status":"Valid","accepted":false,"fp":true,
     "verdicts":[{"prover":"Z3,4.8.12","result":"valid","time":0.1},{"prover":"CVC5,1.0.3","result":"timeout","time":3}]},
    {"file":"f.mlw","theory":"T","goal":"c1_b","status":"Valid","accepted":true,"fp":true,
     "verdicts":[{"prover":"Z3,4.8.12","result":"valid","time":0.1},{"prover":"CVC5,1.0.3","result":"valid","time":0.2}]}],
    "policy":{"valid_by_prover":{"Z3,4.8.12":2,"CVC5,1.0.3":1},"single_prover_goals":1}})";
  const auto w = trace::parse_why3_json(j);
  CHECK(w.goals.size() == 2);
  CHECK(!w.goals[0].proved && w.goals[0].accepted == false && w.goals[0].fp);  // valid, not accepted
  CHECK(contains(w.goals[0].status, "not accepted"));
  CHECK(w.goals[1].proved && w.goals[1].verdicts.size() == 2 && w.goals[1].provers.size() == 2);
  // WP: the same fields inside a goal object of -wp-report-json.
  auto wp = trace::parse_wp_json(R"({"wp:functions":{"f":{"f_ensures_C1_x":{"qed":{"total":1,"valid":1},
    "wp:main":{"total":1,"valid":1},"accepted":false,"verdicts":[{"prover":"Z3","result":"valid"}]}}}})");
  CHECK(wp.size() == 1 && !wp[0].proved && wp[0].verdicts.size() == 1);
  // Or as a list beside WP's report, matched by name.
  wp = trace::parse_wp_json(R"({"wp:functions":{"f":{"f_ensures_C1_x":{"wp:main":{"total":1,"valid":1}},
    "f_ensures_C1_y":{"wp:main":{"total":1,"valid":1}}}},
    "goals":[{"goal":"typed_f_ensures_C1_x","accepted":true,"verdicts":[{"prover":"Alt-Ergo","result":"valid"},
                                                                        {"prover":"CVC5","result":"valid"}]},
             {"goal":"f_ensures_C1_y","accepted":false,"verdicts":[{"prover":"Z3","result":"valid"}]},
             {"goal":"f_assert_rte_mem","status":"timeout"}]})");
  CHECK(wp.size() == 3);
  CHECK(wp[0].proved && wp[0].accepted == true && wp[0].verdicts.size() == 2);
  CHECK(!wp[1].proved && wp[1].accepted == false);
  CHECK(!wp[2].proved && wp[2].status == "timeout");
}

void test_provenance_hash() {
  // Expected values from scripts/evidence_provenance.py --hash (Python's hashlib) on this fixture.
  const fs::path root = fs::temp_directory_path() / ("sonnx-trace-hash-" + std::to_string(::getpid()));
  fs::remove_all(root);
  write(root / "src" / "a.c", "int a;\n");
  write(root / "src" / "sub" / "b.h", "b\n");
  write(root / "spec" / "s.mlw", "theory\n");
  std::size_t n = 0;
  CHECK(trace::sources_sha256(root, {"src/**/*.c", "src/**/*.h"}, &n) ==
        "54123c9f4737dec495982ab89d7703c016a73dd1ba1f2408ccb3ea6a59710eb4");
  CHECK(n == 2);
  CHECK(trace::sources_sha256(root, {"src/*.c", "spec/?.mlw"}, &n) ==
        "a116df612e1301eb4b97809a0062354e6a58d56e1667d84316f35e7673b14723");
  CHECK(n == 2);
  CHECK(trace::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-2
  fs::remove_all(root);
}

// Adds the provenance record of the current sources, as scripts/evidence_provenance.py does.
void bind(const fs::path& file, const fs::path& root, const std::vector<std::string>& globs) {
  nlohmann::json j = nlohmann::json::object();
  if (fs::exists(file)) {
    std::ifstream in(file);
    j = nlohmann::json::parse(in);
  }
  j["provenance"] = {{"commit", "0123456789abcdef"}, {"sources_sha256", trace::sources_sha256(root, globs, nullptr)},
                     {"sources", globs}};
  write(file, j.dump());
}

void test_code_tags_and_assumptions() {
  const auto l = trace::scan_code_tags("int x;\n// [impl->req~C3~1] [utest->req~D1~1]\n\n/* [impl->req~Z1~2] */\n", "a.c");
  CHECK(l.size() == 3);
  CHECK(l[0].kind == "impl" && l[0].id == "C3" && l[0].revision == "1" && l[0].line == 2);
  CHECK(l[1].kind == "utest" && l[1].id == "D1" && l[1].line == 2);
  CHECK(l[2].id == "Z1" && l[2].revision == "2" && l[2].line == 4);
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
  CHECK(a.rows.size() == 2 && a.rows[0].size() == 2 && a.rows[0][0] == "AS-PLAT-1");
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

void set_age(const fs::path& p, int seconds_ago) {
  fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::seconds(seconds_ago));
}

void test_end_to_end() {
  const fs::path root = fs::temp_directory_path() / ("sonnx-trace-selftest-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path ev = root / "build" / "evidence";
  write(root / "spec" / "requirements.json", mini_catalogue());
  write(root / "src" / "k.c", "/* [impl->req~C1~1] */ int k;\n/* [impl->req~Q7~1] */\n");
  write(
      root / "spec" / "assumptions.json",
      R"({"title":"A","columns":[["id","ID"],["kind","kind"],["where","where"],
                                 ["statement","statement"],
        ["justification","justification"],["checked_by","how it is checked"]],
        "rows":[{"id":"AS-PLAT-1","kind":"platform","where":"all","statement":"IEEE",
                 "justification":"j",
                 "checked_by":"t"},
                {"id":"AS-WP-2","kind":"abstraction","where":"e","statement":"F2 bits",
                 "justification":"j",
                 "checked_by":"sweeps"}]})");
  write(
      root / "spec" / "deviations.json",
      R"({"title":"D","columns":[["id","ID"],["rule","Rule"]],
          "rows":[{"id":"DEV-1","rule":"misra-c2012-15.5"}]})");
  write(root / "spec" / "prover-policy.json",
        R"({"rule":"r","provers":{"Z3":{"family":"z3","trusted_alone_on_floating_point":false},
        "CVC5":{"family":"cvc","trusted_alone_on_floating_point":true}},
        "wp_prover_names":{"Z3:4.8.12":"Z3"},
        "not_provers":{"names":["script"]}})");
  fs::create_directories(ev);
  for (const auto& p : fs::recursive_directory_iterator(root))
    if (p.is_regular_file()) set_age(p.path(), 3600);

  trace::Options o;
  o.catalogue = root / "spec" / "requirements.json";
  o.source_root = root;
  o.evidence_dir = ev;
  o.assumptions = root / "spec" / "assumptions.json";

  // 1. No evidence at all: every requirement is a gap, nothing crashes.
  {
    const auto r = trace::build_report(o);
    CHECK(r.rows.size() == 4);
    CHECK(row(r, "C1").status == "missing");
    CHECK(has_flag(row(r, "C1"), "no-test") && has_flag(row(r, "C1"), "no-why3") && has_flag(row(r, "C1"), "no-wp"));
    CHECK(has_flag(row(r, "F2"), "no-exhaustive"));
    CHECK(has_issue(r, "missing-evidence", "no WP results"));
    CHECK(has_issue(r, "missing-evidence", "no Why3 results"));
    CHECK(has_issue(r, "missing-evidence", "no Catch2 results"));
    CHECK(has_issue(r, "orphan", "Q7"));
    CHECK(r.gap_count() > 0);
    // Renderers work on the empty report.
    const auto j = nlohmann::json::parse(trace::render_json(r));
    CHECK(j["requirements"].size() == 4);
    CHECK(j["requirements"][0]["tests"]["passed"] == 0);
    CHECK(j["requirements"][0]["proofs"]["total"] == 0);
    CHECK(contains(trace::render_html(r), "no WP results"));
    CHECK(row(r, "C1").proof_level == "none");
    // Absent optional evidence is shown as "not run", never as a pass, and is no gap.
    CHECK(r.sections.size() == 6);
    for (const auto& sec : r.sections) {
      if (sec.id == "prover-policy") continue;
      CHECK(!sec.run && sec.bad && contains(sec.verdict, "not run"));
    }
    CHECK(has_issue(r, "not-run", "conformance-onnxruntime.json"));
    CHECK(has_issue(r, "not-run", "wp-smoke.json"));
    CHECK(has_issue(r, "not-run", "wp-binding.json"));
    CHECK(has_issue(r, "not-run", "platforms.json"));
    CHECK(contains(trace::render_markdown(r), "Runtime conformance"));
  }

  // 2. Complete evidence: everything verified, no gaps except the orphan code tag.
  write(root / "src" / "k.c", "/* [impl->req~C1~1] */ int k;\n/* [impl->req~F2~1] [impl->req~D3~1] */\n");
  set_age(root / "src" / "k.c", 3600);
  write(ev / "catch2" / "unit_tests.xml", R"(<Catch name="unit_tests"><Group name="g">
<TestCase name="t1" tags="[C1][D3][D9]" filename="/nowhere/t.cpp" line="1">
<OverallResult success="true"/></TestCase>
<TestCase name="t2" tags="[F2]" filename="/nowhere/t.cpp" line="9"><OverallResult success="true"/></TestCase>
<TestCase name="oracle self" tags="[oracle]" filename="/nowhere/o.cpp" line="2"><OverallResult success="true"/></TestCase>
</Group></Catch>)");
  write(ev / "why3.json", R"({"goals":[{"file":"spec/why3/t.mlw","theory":"T","goal":"c1_shape",
    "prover":"Z3","time_s":0.2,"status":"Valid","accepted":true,
    "verdicts":[{"prover":"Z3","result":"valid"}]}],"summary":{},"axioms":{"rows":["AS-PLAT-1"]}})");
  write(ev / "wp-report.json",
        R"({"wp:functions":{"k":{"k_ensures_C1_shape":{"qed":{"total":1,"valid":1},
    "wp:main":{"total":1,"valid":1}},
    "k_ensures_F2_applies":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}},
    "k_ensures_D9_route":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}}}},
    "goals":[{"goal":"k_ensures_D9_route","function":"k","accepted":true,
              "verdicts":[{"prover":"Z3:4.8.12","result":"valid"}],
              "conditional":[{"row":"AS-WP-2","rests_on":"e F2 bits"}]}],
    "axioms":{"rows":["AS-WP-2"]}})");
  write(ev / "wp-properties.csv",
        "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
        "src\tk.c\t1\tk\tpostcondition\tValid\tC1_shape: x\n"
        "src\tk.c\t2\tk\tpostcondition\tValid\tF2_applies: x\n"
        "src\tk.c\t3\tk\tpostcondition\tValid\tD9_route: x\n");
  const std::string sweep = R"(", "pairs_checked": 4294967296, "mismatches": 0, "mode": "full", "wall_s": 12.5})";
  write(ev / "exhaustive-f16.json", R"({"format": "float16)" + sweep);
  write(ev / "exhaustive-bf16.json", R"({"format": "bfloat16)" + sweep);
  write(ev / "tool-versions.json", R"({"g++": "12.2", "git_commit": "abc123"})");
  write(ev / "bench.json", R"([{"type":"float32","n":1000,"kernel_vs_naive":1.02,"kernel_ns_per_element":0.5}])");
  write(ev / "coverage.json", R"({"line_percent": 97.5, "branch_percent": 90.1, "exclusions": []})");
  write(ev / "wp-smoke.json", R"({"functions":[{"name":"k","smoke_goals":4,"unreachable_found":0}],"time_s":2})");
  write(ev / "wp-binding.json", R"({"sanity":{"goals":{"I1_holds":true,"I1_refutes":true},"proved":2,"total":2},
    "faults":[{"fault":"swapped","killers":{"k1":true},"killed":true}],"ok":true})");
  write(ev / "coding-standard.json", R"({"rules":[{"id":"RC-1","rule":"no heap","check":"nm"}],
    "checks":[{"tool":"cppcheck","version":"2.10","files":["src/k.c"]}],"findings":[],
    "deviations":[{"rule":"misra-c2012-15.5","place":"k.c:3","justification":"single exit obscures"}]})");
  write(ev / "stack.json", R"({"functions":[{"name":"sonnx::div","bytes":208,"worst_path":["div","k"]}],"acyclic":true})");
  write(ev / "conformance-onnxruntime.json", R"({"runtime":{"name":"onnxruntime","version":"1.30.0"},
    "types":{"float16":{"F2":{"cases":100,"mismatches":1,"errors":0,"crashes":0,"unsupported":0}},
             "int32":{"C3":{"cases":2,"mismatches":0,"errors":0,"crashes":1,"unsupported":0}}},
    "findings":[{"type":"float16","requirement":"F2","kind":"mismatch","a":"0x3c00","b":"0x4200",
                 "expected":"0x3555","actual":"0x3554","reproducer":"conformance/f16-1"}]})");
  // Two targets, one native and one under an emulator, with differing NaN bits (reported only).
  write(ev / "platforms.json", R"({"targets":[
    {"target":"x86-64","kind":"native","toolchain":{"compiler":"g++ 12"},"emulator":null,"passed":true,
     "platform_test":{"totals":{"cases":10,"mismatches":0,"quiet_nan_violations":0,"error_case_failures":0},
       "facts":{"fast_path_instruction_set":"AVX2+F16C","big_endian":false,"pointer_bytes":8,
                "flt_eval_method":0,"subnormals_kept":{"float16":true}},
       "results":{"float16":{"golden":{"cases":10,"mismatches":0,"runs":[{"kernel":"sonnx_div_f16"}]}}}}},
    {"target":"cortex-m4f","kind":"bare metal","toolchain":{"compiler":"arm-none-eabi-g++ 12"},
     "emulator":{"version":"QEMU 7.2"},"passed":true,
     "platform_test":{"totals":{"cases":10,"mismatches":0,"quiet_nan_violations":0,"error_case_failures":0},
       "facts":{"fast_path_instruction_set":"Arm M-profile baseline","big_endian":false,"pointer_bytes":4,
                "flt_eval_method":0,"subnormals_kept":{"float16":true}},
       "results":{"float16":{"golden":{"cases":10,"mismatches":0,"runs":[{"kernel":"sonnx_div_f16"}]}}}},
     "stack":{"functions":[{"measured_max_bytes":1280,"bound_bytes":1312}]}}],
    "nan_results_by_type":{"float16":{"x86-64":{"zero_by_zero":{"proved":"0xFE00","fastest":"0xFE00"},
      "nan_operand_payload_kept":3,"nan_operand_payload_replaced":0},"cortex-m4f":{"zero_by_zero":
      {"proved":"0x7E00","fastest":"0x7E00"},"nan_operand_payload_kept":3,"nan_operand_payload_replaced":0}}},
    "differences_between_targets":[{"type":"float16","what":"0/0 quotient bits"}],"passed":true})");
  // Bind the evidence to the sources by content.
  bind(ev / "catch2" / "provenance.json", root, {"src/k.c"});
  for (const char* name : {"why3.json", "wp-report.json", "exhaustive-f16.json", "exhaustive-bf16.json",
                           "wp-smoke.json", "wp-binding.json", "coding-standard.json", "stack.json",
                           "conformance-onnxruntime.json", "platforms.json"})
    bind(ev / name, root, {"src/**/*.c"});
  {
    const auto r = trace::build_report(o);
    for (const auto& x : r.rows)
      for (const auto& f : x.flags)
        if (f.gap) std::cerr << "unexpected gap " << x.req->id << " " << f.code << ": " << f.message << "\n";
    for (const auto& i : r.issues)
      if (i.gap) std::cerr << "unexpected issue " << i.code << ": " << i.message << "\n";
    CHECK(row(r, "C1").status == "verified");
    CHECK(row(r, "F2").status == "verified");
    CHECK(row(r, "D3").status == "verified");
    CHECK(row(r, "D9").status == "verified");
    CHECK(row(r, "C1").wp.size() == 1 && row(r, "C1").wp[0]->line == 1);
    CHECK(r.gap_count() == 0);
    CHECK(r.commit == "abc123");
    CHECK(r.bench_header.size() == 4 && r.bench_rows.size() == 1 && r.bench_rows[0][0] == "float32");
    CHECK(!r.coverage.empty() && r.coverage[0].first == "line_percent");
    CHECK(contains(trace::render_html(r), "kernel_ns_per_element"));
    const auto j = nlohmann::json::parse(trace::render_json(r));
    CHECK(j["summary"]["verified"] == 4);
    CHECK(j["requirements"][0]["proofs"]["proved"] == 2);
    CHECK(contains(trace::render_csv(r), "C1,Shape,verified"));
    // Proof levels from the evidence decided_by names, strongest first, with the counts behind.
    CHECK(row(r, "C1").proof_level == "code" && row(r, "C1").level_code == 1 && row(r, "C1").level_spec == 1);
    // a proved WP property that only supports F2 does not make it "code"
    CHECK(row(r, "F2").proof_level == "exhaustive" && row(r, "F2").level_exhaustive == 2 &&
          row(r, "F2").wp.size() == 1);
    CHECK(row(r, "D3").proof_level == "test" && row(r, "D3").level_tests == 1);
    // per type: int8 code (conditional on AS-WP-2), float16 exhaustive; the requirement: weakest
    CHECK(row(r, "D9").proof_level == "exhaustive" && row(r, "D9").levels_by_type.size() == 2);
    CHECK(row(r, "D9").levels_by_type[1] ==
          std::make_pair(std::string("int8"), std::string("code")));
    CHECK(!row(r, "D9").conditions.empty() && has_flag(row(r, "D9"), "conditional"));
    CHECK(row(r, "C1").conditions.empty());
    CHECK(j["requirements"][0]["proof_level"] == "code");
    CHECK(j["requirements"][3]["conditional"] == true &&
          j["requirements"][3]["proof_level_by_type"]["int8"] == "code");
    CHECK(j["summary"]["proof_levels"]["exhaustive"] == 2);
    CHECK(contains(trace::render_markdown(r),
                   "exhaustive (conditional); float16: exhaustive, int8: code"));
    // The [oracle] test counts for no requirement and is no untraced test.
    CHECK(r.verification_tests.size() == 1 && r.tests.size() == 2);
    // the register rows the proofs' axiom scans matched are rows of the register
    CHECK(!has_issue(r, "assumptions"));
    CHECK(!has_issue(r, "untraced-test"));
    // Every evidence file is bound to the current sources.
    for (const auto& f : r.files)
      if (f.present && f.kind != "tool-versions" && f.kind != "bench" && f.kind != "coverage")
        CHECK(f.provenance == "current");
    // Sections with their example files.
    for (const auto& sec : r.sections) {
      CHECK(sec.run);
      if (sec.id == "conformance") {
        CHECK(contains(sec.verdict, "102 cases: 1 mismatches, 0 errors, 1 crashes"));
        CHECK(contains(sec.verdict, "1 findings (1 mismatch)"));
        CHECK(sec.bad);  // findings of the runtime are shown as such, but are no gap of ours
      }
      if (sec.id == "wp-smoke") CHECK(!sec.bad && contains(sec.verdict, "4 smoke goals, 0 unreachable"));
      if (sec.id == "wp-binding") CHECK(!sec.bad && contains(sec.verdict, "sanity 2/2 proved; 1/1 driver faults killed"));
      if (sec.id == "coding-standard") CHECK(!sec.bad && contains(sec.verdict, "0 findings, 1 deviations"));
      // WP counts properties (each of one or more goals), Why3 counts goals: said so
      if (sec.id == "prover-policy") {
        CHECK(contains(sec.verdict, "WP: 1 of 3 properties accepted"));
        CHECK(contains(sec.verdict, "Why3: 1 of 1 goals accepted"));
      }
      if (sec.id == "platforms")
        CHECK(!sec.bad && contains(sec.verdict, "2 targets: every one passed; subnormals kept"));
    }
    const std::string html = trace::render_html(r);
    CHECK(contains(html, "<span>WP properties</span><b>3 / 3</b>proved (3 of 3 goals)"));
    CHECK(contains(html, "0xFE00") && contains(html, "0x7E00") && contains(html, "1280 / 1312"));
    CHECK(contains(html, "conformance/f16-1"));
    CHECK(contains(html, "misra-c2012-15.5"));
    CHECK(contains(html, "sonnx::div"));
    CHECK(contains(html, "l-exhaustive"));
  }

  // 3. A changed source makes the evidence covering it stale (by content: touching a file does not);
  // a failing test fails; an orphan tag; evidence without provenance; prover policy and sections.
  write(root / "src" / "kernels" / "k2.c", "int k2;\n");  // covered by src/**/*.c, not by src/k.c
  set_age(root / "src" / "k.c", 0);                        // newer than every evidence file, same content
  write(ev / "why3.json", R"({"goals":[{"file":"spec/why3/t.mlw","theory":"T","goal":"c1_shape",
    "status":"Valid","accepted":true,"fp":true,"verdicts":[{"prover":"Z3","result":"valid"}]},
    {"file":"spec/why3/t.mlw","theory":"T","goal":"d3_min","status":"Valid","accepted":true}],
    "axioms":{"rows":["AS-WHY3-99"]}})");
  write(ev / "wp-smoke.json", R"({"functions":[{"name":"k","smoke_goals":4,"unreachable_found":1}]})");
  write(ev / "wp-binding.json", R"({"sanity":{"goals":{"I1_holds":true},"proved":1,"total":1},
    "faults":[{"fault":"swapped","killers":{"k1":false},"killed":false}],"ok":false})");
  write(ev / "stack.json", R"({"functions":[],"acyclic":false})");
  // A failed target and one that flushes subnormals: both named, both gaps.
  write(ev / "platforms.json", R"({"targets":[
    {"target":"armhf","kind":"hosted","toolchain":{"compiler":"g++"},"emulator":null,"passed":false,
     "platform_test":{"exit_code":136}},
    {"target":"ftz-board","kind":"bare metal","toolchain":{"compiler":"g++"},"emulator":null,"passed":true,
     "platform_test":{"facts":{"fast_path_instruction_set":"x","big_endian":false,"pointer_bytes":4,
       "flt_eval_method":0,"subnormals_kept":{"float32":false}}}}]})");
  write(ev / "coding-standard.json", R"({"findings":[{"rule":"misra-c2012-15.5","file":"k.c","line":3},
    {"rule":"misra-c2012-10.4","file":"k.c","line":9}],"deviations":[{"rule":"misra-c2012-15.5"}]})");
  write(ev / "catch2" / "unit_tests.xml", R"(<Catch name="unit_tests"><Group name="g">
<TestCase name="t1" tags="[C1][D3]" filename="/nowhere/t.cpp" line="1"><OverallResult success="true"/></TestCase>
<TestCase name="t2" tags="[F2][Z9]" filename="/nowhere/t.cpp" line="9"><OverallResult success="false"/></TestCase>
</Group></Catch>)");
  write(ev / "exhaustive-bf16.json", R"({"format":"bfloat16","pairs_checked":1000,"mismatches":0,"mode":"sample"})");
  write(ev / "exhaustive-f16.json", R"({"format":"f16","requirement":"F2","mode":"full","pairs_checked":4294967296,
    "mismatches":0,"symmetry_failures":2,"passed":false,"wall_s":1.0})");
  {
    const auto r = trace::build_report(o);
    CHECK(row(r, "C1").status == "stale");
    CHECK(has_flag(row(r, "C1"), "stale"));
    CHECK(row(r, "F2").status == "failed");
    CHECK(has_flag(row(r, "F2"), "exhaustive-incomplete"));
    CHECK(has_flag(row(r, "F2"), "exhaustive-mismatch"));  // symmetry failures, verdict false
    CHECK(has_issue(r, "orphan", "Z9"));
    CHECK(has_issue(r, "stale", "wp-report.json"));
    CHECK(row(r, "D3").status == "verified");  // its Catch2 evidence covers src/k.c only: not stale
    // a proved Why3 goal that no requirement names decides nothing (whatever its name says)
    CHECK(row(r, "D3").proof_level == "test" && row(r, "D3").why3.empty());
    CHECK(has_issue(r, "unlinked-goal", "1 proved Why3 goals"));
    // a register row that a proof rests on must exist
    CHECK(has_issue(r, "assumptions", "AS-WHY3-99"));
    CHECK(has_issue(r, "no-provenance", "exhaustive-bf16.json"));
    CHECK(has_issue(r, "prover-policy", "c1_shape"));  // floating point, Z3 alone, counted: a gap
    CHECK(has_issue(r, "wp-smoke", "1 smoke goals proved"));
    CHECK(has_issue(r, "wp-binding", "not proved"));
    CHECK(has_issue(r, "stack", "cycle"));
    CHECK(has_issue(r, "coding-standard", "1 coding-standard findings outside the deviation register"));
    CHECK(has_issue(r, "platforms", "FAILED on armhf"));
    CHECK(has_issue(r, "platforms", "AS-PLAT-6 broken (subnormals flushed) on ftz-board float32"));
  }
  // The policy is the file's: trusting Z3 alone there, the same goal is no violation.
  write(root / "spec" / "prover-policy.json",
        R"({"rule":"r","provers":{"Z3":{"family":"z3","trusted_alone_on_floating_point":true}},
        "not_provers":{"names":["script"]}})");
  CHECK(!has_issue(trace::build_report(o), "prover-policy", "c1_shape"));
  // 4. Unreadable evidence is a gap, not a crash.
  write(ev / "why3.json", "{ not json");
  write(ev / "catch2" / "unit_tests.xml", "<Catch name=\"unit_tests\"><Group><TestCase name=\"x\" tags=\"[C1]\"");
  {
    const auto r = trace::build_report(o);
    CHECK(has_issue(r, "unreadable", "why3.json"));
    CHECK(has_issue(r, "incomplete-evidence", "truncated"));
    CHECK(has_flag(row(r, "C1"), "no-why3"));
  }
  fs::remove_all(root);
}

void test_requirements_md() {
  const fs::path p = fs::temp_directory_path() / ("sonnx-trace-cat-" + std::to_string(::getpid()) + ".json");
  write(p, mini_catalogue());
  const auto cat = trace::load_catalogue(p);
  test_why3();
  test_policy_fields();
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

int main() {
  test_tags_and_ids();
  test_catch_xml();
  test_wp();
  test_code_tags_and_assumptions();
  test_provenance_hash();
  test_requirements_md();
  test_end_to_end();
  std::cout << checks << " checks, " << failures << " failed\n";
  return failures == 0 ? 0 : 1;
}
