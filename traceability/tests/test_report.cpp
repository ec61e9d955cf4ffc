// The report generator end to end: a fixture tree with no evidence, complete evidence, then
// evidence with faults.
#include <catch2/catch.hpp>
#include <iostream>
#include <map>
#include <set>

#include "support.hpp"

using namespace trace_test;

namespace {

TEST_CASE("report generator: a report from no evidence, complete evidence and faulty evidence",
          "[trace]") {
  const fs::path root =
      fs::temp_directory_path() / ("sonnx-trace-selftest-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path ev = root / "build" / "evidence";
  write(root / "spec" / "requirements.json", mini_catalogue());
  write(root / "core" / "src" / "k.c", "/* [impl->req~C1~1] */ int k;\n/* [impl->req~Q7~1] */\n");
  write(root / "spec" / "assumptions.json",
        R"({"title":"A","columns":[["id","ID"],["kind","kind"],["where","where"],
                                 ["statement","statement"],
        ["justification","justification"],["checked_by","how it is checked"]],
        "rows":[{"id":"AS-PLAT-1","kind":"platform","where":"all","statement":"IEEE",
                 "justification":"j",
                 "checked_by":"t"},
                {"id":"AS-WP-2","kind":"abstraction","where":"e","statement":"F2 bits",
                 "justification":"j",
                 "checked_by":"sweeps"}]})");
  write(root / "spec" / "deviations.json",
        R"({"title":"D","columns":[["id","ID"],["rule","Rule"]],
          "rows":[{"id":"DEV-1","rule":"misra-c2012-15.5"}]})");
  write(root / "proofs" / "prover-policy.json",
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
  o.provenance_script = kProvenanceScript;

  // 1. No evidence at all: every requirement is a gap, nothing crashes.
  {
    const auto r = trace::build_report(o);
    CHECK(r.rows.size() == 4);
    CHECK(row(r, "C1").status == trace::Status::missing);
    CHECK(has_flag(row(r, "C1"), "no-test"));
    CHECK(has_flag(row(r, "C1"), "no-why3"));
    CHECK(has_flag(row(r, "C1"), "no-wp"));
    CHECK(has_flag(row(r, "F2"), "no-exhaustive"));
    CHECK(has_issue(r, "missing-evidence", "no WP results"));
    CHECK(has_issue(r, "missing-evidence", "no Why3 results"));
    CHECK(has_issue(r, "missing-evidence", "no Catch2 results"));
    CHECK(has_issue(r, "missing-evidence", "no decided-by.json"));
    CHECK(has_issue(r, "orphan", "Q7"));
    CHECK(r.gap_count() > 0);
    // Renderers work on the empty report.
    const auto j = nlohmann::json::parse(trace::render_json(r));
    CHECK(j["requirements"].size() == 4);
    CHECK(j["requirements"][0]["tests"]["passed"] == 0);
    CHECK(j["requirements"][0]["proofs"]["total"] == 0);
    CHECK(contains(trace::render_html(r), "no WP results"));
    CHECK(row(r, "C1").proof_level == trace::Level::none);
    // Absent optional evidence is shown as "not run", never as a pass, and is no gap.
    CHECK(r.sections.size() == 11);
    for (const auto& sec : r.sections) {
      if (sec.id == "prover-policy") continue;
      CHECK(!sec.run);
      CHECK(sec.bad);
      CHECK(contains(sec.verdict, "not run"));
    }
    CHECK(has_issue(r, "not-run", "conformance-onnxruntime.json"));
    CHECK(has_issue(r, "not-run", "wp-smoke.json"));
    CHECK(has_issue(r, "not-run", "wp-binding.json"));
    CHECK(has_issue(r, "not-run", "platforms.json"));
    CHECK(contains(trace::render_markdown(r), "Runtime conformance"));
  }

  // 2. Complete evidence: everything verified, no gaps except the orphan code tag.
  write(root / "core" / "src" / "k.c",
        "/* [impl->req~C1~1] */ int k;\n/* [impl->req~F2~1] [impl->req~D3~1] */\n");
  set_age(root / "core" / "src" / "k.c", 3600);
  write(ev / "catch2" / "unit_tests.xml", R"(<Catch name="unit_tests"><Group name="g">
<TestCase name="t1" tags="[C1][D3][D9]" filename="/nowhere/t.cpp" line="1">
<OverallResult success="true"/></TestCase>
<TestCase name="t2" tags="[F2]" filename="/nowhere/t.cpp" line="9"><OverallResult success="true"/></TestCase>
<TestCase name="oracle self" tags="[oracle]" filename="/nowhere/o.cpp" line="2"><OverallResult success="true"/></TestCase>
<TestCase name="spawn" tags="[process]" filename="/nowhere/p.cpp" line="3"><OverallResult success="true"/></TestCase>
</Group></Catch>)");
  write(ev / "why3.json", R"({"goals":[{"file":"spec/why3/t.mlw","theory":"T","goal":"c1_shape",
    "prover":"Z3","time_s":0.2,"status":"Valid","accepted":true,"fp":false,"fp_reasons":[],
    "assumes":[],"verdicts":[{"prover":"Z3","result":"valid"}]}],"summary":{},
    "axioms":{"rows":["AS-PLAT-1"]}})");
  write(ev / "wp-report.json",
        R"({"wp:functions":{"k":{"k_ensures_C1_shape":{"qed":{"total":1,"valid":1},
    "wp:main":{"total":1,"valid":1}},
    "k_ensures_F2_applies":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}},
    "k_ensures_D9_route":{"qed":{"total":1,"valid":1},"wp:main":{"total":1,"valid":1}}}},
    "goals":[{"goal":"k_ensures_D9_route","function":"k","accepted":true,"status":"valid",
              "fp":false,"obligations":1,"pass":"main",
              "verdicts":[{"prover":"Z3:4.8.12","result":"valid"}],
              "conditional":[{"row":"AS-WP-2","rests_on":"e F2 bits"}]},
             {"goal":"k_ensures_C1_shape","function":"k","accepted":true,"status":"valid",
              "fp":false,"obligations":1,"pass":"main","verdicts":[{"prover":"qed","result":"valid"}]},
             {"goal":"k_ensures_F2_applies","function":"k","accepted":true,"status":"valid",
              "fp":false,"obligations":1,"pass":"main","verdicts":[{"prover":"qed","result":"valid"}]}],
    "passes":{"main":["qed","z3"]},"axioms":{"rows":["AS-WP-2"]}})");
  write(ev / "wp-properties.csv",
        "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
        "src\tk.c\t1\tk\tpostcondition\tValid\tC1_shape: x\n"
        "src\tk.c\t2\tk\tpostcondition\tValid\tF2_applies: x\n"
        "src\tk.c\t3\tk\tpostcondition\tValid\tD9_route: x\n");
  const std::string sweep =
      R"(", "pairs_checked": 4294967296, "mismatches": 0, "mode": "full", "wall_s": 12.5})";
  write(ev / "exhaustive-f16.json", R"({"format": "float16)" + sweep);
  write(ev / "exhaustive-bf16.json", R"({"format": "bfloat16)" + sweep);
  write(ev / "tool-versions.json", R"({"g++": "12.2", "git_commit": "abc123"})");
  // the writer's fields (bench/bench_record.cpp): a what and a timing line, then the records
  write(ev / "bench.json",
        R"({"what":"throughput ratios","timing":"thread CPU time, least of 5 rounds",
    "results":[{"type":"float32","n":1000,"kernel_vs_naive":1.02,"kernel_ns_per_element":0.5}]})");
  write(ev / "coverage.json",
        R"({"line_percent": 97.5, "branch_percent": 90.1, "exclusions": []})");
  write(ev / "wp-smoke.json",
        R"({"functions":[{"name":"k","smoke_goals":4,"unreachable_found":0}],"time_s":2})");
  write(ev / "wp-binding.json",
        R"({"sanity":{"goals":{"I1_holds":true,"I1_refutes":true},"proved":2,"total":2},
    "faults":[{"fault":"swapped","killers":{"k1":true},"killed":true}],"ok":true})");
  write(ev / "coding-standard.json", R"({"rules":[{"id":"RC-1","rule":"no heap","check":"nm"}],
    "checks":[{"tool":"cppcheck","version":"2.10","files":["core/src/k.c"]}],"findings":[],
    "deviations":[{"rule":"misra-c2012-15.5","place":"k.c:3","justification":"single exit obscures"}]})");
  write(
      ev / "stack.json",
      R"({"functions":[{"name":"sonnx::div","bytes":208,"worst_path":["div","k"]}],"acyclic":true,
    "archive_objects_unread":[],"library_calls_unresolved":[]})");
  write(ev / "conformance-onnxruntime.json",
        R"({"runtime":{"name":"onnxruntime","version":"1.30.0"},
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
  write(ev / "decided-by.json", mini_expansion());
  // The second runtime, the two compared, and the C-function adapter's examples (main job).
  write(ev / "conformance-onnxruntime-web.json",
        R"({"runtime":{"name":"onnxruntime-web","version":"1.30.0"},"findings_total":2,
    "types":{"int32":{"D3":{"cases":1,"mismatches":0,"errors":0,"crashes":0,"unsupported":0}}},
    "results":[{"type":"int32","requirement":"D3","cases":1,"mismatches":0,"errors":0,
                "crashes":0,"hangs":0,"unsupported":0}],"findings":[]})");
  write(ev / "conformance-comparison.json",
        R"j({"differences":{"rows":1,"cases":1},"differing_rows":[{"type":"int32",
    "requirement":"D3","cases":1,"onnxruntime 1.30.0":"1 crashes","onnxruntime-web 1.30.0":
    "no finding"}],"differing_cases":[{"type":"int32","requirement":"D3","a":"0x80000000",
    "b":"0xffffffff","expected":"error (D3)","onnxruntime 1.30.0":"crash: killed by signal 8",
    "onnxruntime-web 1.30.0":"error: divide result unrepresentable"}]})j");
  const std::string c_runs =
      R"({"targets":{"cortex-m4f":{"compiler":"arm-none-eabi-gcc 12.2.1"}},"runs":[
    {"target":"cortex-m4f","example":"correct","exit_code":0,"verdict":"conforms","findings":{},
     "passed":true,"problems":[]},
    {"target":"cortex-m4f","example":"flush-to-zero","exit_code":1,"verdict":"does not conform",
     "findings":{"float32/F1/mismatch":89},"passed":)";
  write(ev / "conformance-c-adapter.json", c_runs + R"(true,"problems":[]}],"passed":true})");
  // The tool-qualification section: one tool requirement shown by a passing CTest.
  write(root / "evidence" / "tool-requirements.json",
        R"({"schema":"sonnx-tool-requirements/1","what":"w","tools":[{"id":"t","name":"T",
    "files":["core/src/k.c"],"requirements":[{"id":"TOR-T-1","kind":"reject","text":"x",
    "tests":["ctest:t_planted"]}]}]})");
  write(ev / "ctest-release.xml", R"(<testsuite><testcase name="t_planted" status="run"/>
    <testcase name="other" status="run"><failure message="Failed"/></testcase></testsuite>)");
  // The structural-coverage evidence (evidence/sonnx_evidence/coverage): every gap resolved.
  write(ev / "structural-coverage.json", R"({"reduced":false,
    "counted_tests":{"what":"tagged","count":2,"programs":["unit_tests"]},
    "apart_tests":{"what":"untagged","count":1,"programs":["unit_tests"]},"not_run":"sweeps",
    "executors":[{"name":"native","command":[],"cpu_features":{"avx2":true}}],
    "measured":{"functions_entered":[2,2],"statements":[9,10],"decisions":[4,4],
                "conditions":[3,4],"percent":{}},
    "gaps":{"total":2,"resolved":2,"unresolved":0,"resolved_by_kind":{"wp-unreachable":2},
            "list":[]},"register":{"file":"spec/coverage-justifications.json","rows":[]},
    "functions":[],"multiversion":{},"problems":[],"ok":true})");
  write(ev / "formal-coverage.json", R"({"summary":{"functions":2,"proved_by_wp":2,"registered":0,
    "properties":5,"properties_proved":5,"smoke_goals":4,"unreachable_found":0},
    "functions":[],"problems":[],"ok":true})");
  write(ev / "coupling.json", R"({"summary":{"requirements":1,"unreached":0,"parameters":3},
    "control":[{"requirement":"C1","tests":1,"functions":1,"files":"core/src/k.c",
      "reached":[{"function":"kernel_of_c1","variant":"avx2 clone","file":"core/src/k.c","line":1,
                  "href":"coverage-mcdc/k.c.html#L1"}]}],
    "unreached":[],"data":[],"problems":[],"ok":true})");
  write(ev / "eva.json", R"({"summary":{"entries":2,"functions":2,"alarms":1,
    "alarms_shown_false":1},"functions":[],"alarms":[],"problems":[],"ok":true})");
  // Bind the evidence to the sources by content.
  bind(ev / "catch2" / "provenance.json", root, {"core/src/k.c"});
  bind(ev / "decided-by.json", root, {"spec/requirements.json"});
  for (const char* name :
       {"why3.json", "wp-report.json", "exhaustive-f16.json", "exhaustive-bf16.json",
        "wp-smoke.json", "wp-binding.json", "coding-standard.json", "stack.json",
        "conformance-onnxruntime.json", "conformance-onnxruntime-web.json",
        "conformance-comparison.json", "conformance-c-adapter.json", "platforms.json"})
    bind(ev / name, root, {"core/src/**/*.c"});
  {
    const auto r = trace::build_report(o);
    for (const auto& x : r.rows)
      for (const auto& f : x.flags)
        if (f.gap)
          std::cerr << "unexpected gap " << x.req->id << " " << f.code << ": " << f.message << "\n";
    for (const auto& i : r.issues)
      if (i.gap) std::cerr << "unexpected issue " << i.code << ": " << i.message << "\n";
    CHECK(row(r, "C1").status == trace::Status::verified);
    CHECK(row(r, "F2").status == trace::Status::verified);
    CHECK(row(r, "D3").status == trace::Status::verified);
    CHECK(row(r, "D9").status == trace::Status::verified);
    CHECK(row(r, "C1").wp.size() == 1);
    CHECK(row(r, "C1").wp[0]->line == 1);
    CHECK(r.gap_count() == 0);
    CHECK(r.commit == "abc123");
    CHECK(r.bench_header.size() == 4);
    CHECK(r.bench_rows.size() == 1);
    CHECK(r.bench_rows[0][0] == "float32");
    CHECK(!r.coverage.empty());
    CHECK(r.coverage[0].first == "line_percent");
    CHECK(contains(trace::render_html(r), "kernel_ns_per_element"));
    const auto j = nlohmann::json::parse(trace::render_json(r));
    CHECK(j["summary"]["verified"] == 4);
    CHECK(j["requirements"][0]["proofs"]["proved"] == 2);
    // the same goals, one line each, by tool
    REQUIRE(j["requirements"][0]["goals"].size() == 2);
    CHECK(j["requirements"][0]["goals"][0]["tool"] == "why3");
    CHECK(j["requirements"][0]["goals"][1]["tool"] == "wp");
    CHECK(j["requirements"][0]["goals"][1]["proved"] == true);
    CHECK(contains(trace::render_csv(r), "C1,Shape,verified"));
    // Proof levels from the evidence decided_by names, strongest first, with the counts behind.
    CHECK(row(r, "C1").proof_level == trace::Level::code);
    CHECK(row(r, "C1").level_code == 1);
    CHECK(row(r, "C1").level_spec == 1);
    // a proved WP property that only supports F2 does not make it "code"
    CHECK(row(r, "F2").proof_level == trace::Level::exhaustive);
    CHECK(row(r, "F2").level_exhaustive == 2);
    CHECK(row(r, "F2").wp.size() == 1);
    CHECK(row(r, "D3").proof_level == trace::Level::test);
    CHECK(row(r, "D3").level_tests == 1);
    // per type: int8 code (conditional on AS-WP-2), float16 exhaustive; the requirement: weakest
    CHECK(row(r, "D9").proof_level == trace::Level::exhaustive);
    CHECK(row(r, "D9").levels_by_type.size() == 2);
    CHECK(row(r, "D9").levels_by_type[1] ==
          std::make_pair(std::string("int8"), trace::Level::code));
    CHECK(!row(r, "D9").conditions.empty());
    CHECK(has_flag(row(r, "D9"), "conditional"));
    CHECK(row(r, "C1").conditions.empty());
    CHECK(j["requirements"][0]["proof_level"] == "code");
    CHECK(j["requirements"][3]["conditional"] == true);
    CHECK(j["requirements"][3]["proof_level_by_type"]["int8"] == "code");
    CHECK(j["summary"]["proof_levels"]["exhaustive"] == 2);
    CHECK(contains(trace::render_markdown(r),
                   "exhaustive (conditional); float16: exhaustive, int8: code"));
    // The [oracle] and [process] tests count for no requirement and are no untraced tests.
    CHECK(r.verification_tests.size() == 2);
    CHECK(r.tests.size() == 2);
    // the register rows the proofs' axiom scans matched are rows of the register
    CHECK(!has_issue(r, "assumptions"));
    CHECK(!has_issue(r, "untraced-test"));
    // Every evidence file is bound to the current sources.
    for (const auto& f : r.files)
      if (f.present && f.kind != "tool-versions" && f.kind != "bench" && f.kind != "coverage")
        CHECK(f.provenance == trace::Provenance::current);
    // Sections with their example files: each one run, its verdict saying what its file holds.
    const std::map<std::string, std::vector<std::string>> verdict_says = {
        {"conformance",
         {"102 cases: 1 mismatches, 0 errors, 1 crashes", "1 findings (1 mismatch)",
          "onnxruntime-web: 2 findings", "compared: 1 cases and 1 type/requirement rows differ",
          "C-function adapter: 2 example campaigns, all as expected"}},
        {"tool-qualification", {"1 of 1 tool requirements shown by passing tests"}},
        {"wp-smoke", {"4 smoke goals, 0 unreachable"}},
        {"wp-binding", {"sanity 2/2 proved; 1/1 driver faults killed"}},
        {"coding-standard", {"0 findings, 1 deviations"}},
        // WP counts properties (each of one or more goals), Why3 counts goals: said so
        {"prover-policy", {"WP: 3 of 3 properties accepted", "Why3: 1 of 1 goals accepted"}},
        {"platforms", {"2 targets: every one passed; subnormals kept"}},
        {"structural-coverage",
         {"MC/DC conditions 3/4 (75.00 %)", "2 gaps, 2 resolved by the register, 0 unresolved"}},
        {"eva", {"1 alarms, 1 shown false"}},
        {"formal-coverage", {"2 in a WP pass"}}};
    // The sections whose files hold no problem ask for no attention.
    const std::set<std::string> quiet = {"tool-qualification", "wp-smoke", "wp-binding",
                                         "coding-standard",    "platforms", "structural-coverage"};
    for (const auto& sec : r.sections) {
      INFO("section " << sec.id);
      CHECK(sec.run);
      if (verdict_says.count(sec.id) != 0)
        for (const auto& says : verdict_says.at(sec.id)) CHECK(contains(sec.verdict, says));
      if (quiet.count(sec.id) != 0) CHECK(!sec.bad);
      if (sec.id == "conformance") {
        CHECK(sec.bad);  // findings of the runtime are shown as such, but are no gap of ours
        CHECK(contains(sec.files, "conformance-c-adapter.json"));
      }
    }
    // A requirement's row links to the code its tests reached.
    CHECK(row(r, "C1").reached != nullptr);
    CHECK(contains(trace::render_html(r), "<a href=\"coverage-mcdc/k.c.html#L1\">kernel_of_c1"));
    CHECK(j["requirements"][0]["code_reached"][0]["variant"] == "avx2 clone");
    const std::string html = trace::render_html(r);
    CHECK(contains(html, "<span>WP properties</span><b>3 / 3</b>proved (3 of 3 goals)"));
    CHECK(contains(html, "0xFE00"));
    CHECK(contains(html, "0x7E00"));
    CHECK(contains(html, "1280 / 1312"));
    CHECK(contains(html, "conformance/f16-1"));
    CHECK(contains(html, "divide result unrepresentable"));
    CHECK(contains(html, "arm-none-eabi-gcc 12.2.1"));
    CHECK(contains(html, "misra-c2012-15.5"));
    CHECK(contains(html, "sonnx::div"));
    CHECK(contains(html, "l-exhaustive"));
  }

  // 3. A changed source makes the evidence covering it stale (by content: touching a file does
  // not); a failing test fails; an orphan tag; evidence without provenance; prover policy and
  // sections.
  // covered by core/src/**/*.c, not by core/src/k.c
  write(root / "core" / "src" / "kernels" / "k2.c", "int k2;\n");
  set_age(root / "core" / "src" / "k.c", 0);  // newer than every evidence file, same content
  write(ev / "why3.json", R"({"goals":[{"file":"spec/why3/t.mlw","theory":"T","goal":"c1_shape",
    "prover":"Z3","time_s":0.2,"status":"Valid","accepted":true,"fp":true,"fp_reasons":["uses x"],
    "assumes":[],"verdicts":[{"prover":"Z3","result":"valid"}]},
    {"file":"spec/why3/t.mlw","theory":"T","goal":"d3_min","prover":"Z3","time_s":0.1,
     "status":"Valid","accepted":true,"fp":false,"fp_reasons":[],"assumes":[],
     "verdicts":[{"prover":"Z3","result":"valid"}]}],
    "summary":{},"axioms":{"rows":["AS-WHY3-99"]}})");
  write(ev / "wp-smoke.json",
        R"({"functions":[{"name":"k","smoke_goals":4,"unreachable_found":1}]})");
  write(ev / "wp-binding.json", R"({"sanity":{"goals":{"I1_holds":true},"proved":1,"total":1},
    "faults":[{"fault":"swapped","killers":{"k1":false},"killed":false}],"ok":false})");
  write(ev / "stack.json", R"({"functions":[],"acyclic":false,
    "archive_objects_unread":["div_route_kernels.c.o"],
    "library_calls_unresolved":["sonnx_div_checked_i8_avx2"]})");
  write(ev / "ctest-release.xml", R"(<testsuite><testcase name="t_planted" status="run">
    <failure message="Failed"/></testcase></testsuite>)");
  // A failed target and one that flushes subnormals: both named, both gaps.
  write(ev / "platforms.json", R"({"targets":[
    {"target":"armhf","kind":"hosted","toolchain":{"compiler":"g++"},"emulator":null,"passed":false,
     "platform_test":{"exit_code":136}},
    {"target":"ftz-board","kind":"bare metal","toolchain":{"compiler":"g++"},"emulator":null,"passed":true,
     "platform_test":{"facts":{"fast_path_instruction_set":"x","big_endian":false,"pointer_bytes":4,
       "flt_eval_method":0,"subnormals_kept":{"float32":false}}}}]})");
  // An example that did not show what it must: a gap of ours.
  write(ev / "conformance-c-adapter.json",
        c_runs + R"(false,"problems":["not listed: float32 F1"]}],"passed":false})");
  write(ev / "coding-standard.json",
        R"({"findings":[{"rule":"misra-c2012-15.5","file":"k.c","line":3},
    {"rule":"misra-c2012-10.4","file":"k.c","line":9}],"deviations":[{"rule":"misra-c2012-15.5"}]})");
  write(ev / "catch2" / "unit_tests.xml", R"(<Catch name="unit_tests"><Group name="g">
<TestCase name="t1" tags="[C1][D3]" filename="/nowhere/t.cpp" line="1"><OverallResult success="true"/></TestCase>
<TestCase name="t2" tags="[F2][Z9]" filename="/nowhere/t.cpp" line="9"><OverallResult success="false"/></TestCase>
<TestCase name="untagged" tags="[bad-input]" filename="/nowhere/u.cpp" line="4"><OverallResult success="true"/></TestCase>
</Group></Catch>)");
  write(ev / "exhaustive-bf16.json",
        R"({"format":"bfloat16","pairs_checked":1000,"mismatches":0,"mode":"sample"})");
  write(ev / "exhaustive-f16.json",
        R"({"format":"f16","requirement":"F2","mode":"full","pairs_checked":4294967296,
    "mismatches":0,"symmetry_failures":2,"passed":false,"wall_s":1.0})");
  // An unresolved coverage gap and an Eva alarm not shown false: each a gap of the report.
  write(ev / "structural-coverage.json", R"({"reduced":false,
    "counted_tests":{"what":"tagged","count":2,"programs":["unit_tests"]},
    "apart_tests":{"what":"untagged","count":0,"programs":[]},"not_run":"sweeps","executors":[],
    "measured":{"functions_entered":[2,2],"statements":[9,10],"decisions":[4,4],
                "conditions":[3,4],"percent":{}},
    "gaps":{"total":1,"resolved":0,"unresolved":1,"resolved_by_kind":{},"list":[]},
    "register":{"file":"r","rows":[]},"functions":[],"multiversion":{},
    "problems":["UNRESOLVED mcdc gap in k"],"ok":false})");
  write(ev / "eva.json", R"({"summary":{"entries":1,"functions":1,"alarms":1,
    "alarms_shown_false":0},"functions":[],"alarms":[],
    "problems":["Eva alarm not in the register"],"ok":false})");
  {
    const auto r = trace::build_report(o);
    CHECK(has_issue(r, "structural-coverage", "UNRESOLVED mcdc gap in k"));
    CHECK(has_issue(r, "eva", "Eva alarm not in the register"));
    CHECK(row(r, "C1").status == trace::Status::stale);
    CHECK(has_flag(row(r, "C1"), "stale"));
    CHECK(row(r, "F2").status == trace::Status::failed);
    CHECK(has_flag(row(r, "F2"), "exhaustive-incomplete"));
    CHECK(has_flag(row(r, "F2"), "exhaustive-mismatch"));  // symmetry failures, verdict false
    CHECK(has_issue(r, "orphan", "Z9"));
    // A library test that names no requirement and carries no non-requirement tag is a gap.
    CHECK(has_issue(r, "untraced-test", "\"untagged\""));
    CHECK(has_issue(r, "stale", "wp-report.json"));
    CHECK(row(r, "D3").status ==
          trace::Status::verified);  // its Catch2 evidence covers core/src/k.c only: not stale
    // a proved Why3 goal that no requirement names decides nothing (whatever its name says)
    CHECK(row(r, "D3").proof_level == trace::Level::test);
    CHECK(row(r, "D3").why3.empty());
    CHECK(has_issue(r, "unlinked-goal", "1 proved Why3 goals"));
    // a register row that a proof rests on must exist
    CHECK(has_issue(r, "assumptions", "AS-WHY3-99"));
    CHECK(has_issue(r, "no-provenance", "exhaustive-bf16.json"));
    CHECK(has_issue(r, "prover-policy", "c1_shape"));  // floating point, Z3 alone, counted: a gap
    CHECK(has_issue(r, "wp-smoke", "1 smoke goals proved"));
    CHECK(has_issue(r, "wp-binding", "not proved"));
    CHECK(has_issue(r, "stack", "cycle"));
    CHECK(has_issue(r, "stack", "leaves library code out (archive_objects_unread)"));
    CHECK(has_issue(r, "stack", "leaves library code out (library_calls_unresolved)"));
    CHECK(
        has_issue(r, "tool-qualification", "TOR-T-1 (T) has no passing test in this run: failed"));
    CHECK(has_issue(r, "coding-standard",
                    "1 coding-standard findings outside the deviation register"));
    CHECK(has_issue(r, "platforms", "FAILED on armhf"));
    CHECK(has_issue(r, "conformance-c-adapter", "did not show what examples.json says"));
    CHECK(has_issue(r, "platforms", "AS-PLAT-6 broken (subnormals flushed) on ftz-board float32"));
  }
  // The policy is the file's: trusting Z3 alone there, the same goal is no violation.
  write(root / "proofs" / "prover-policy.json",
        R"({"rule":"r","provers":{"Z3":{"family":"z3","trusted_alone_on_floating_point":true}},
        "not_provers":{"names":["script"]}})");
  CHECK(!has_issue(trace::build_report(o), "prover-policy", "c1_shape"));
  // 4. Unreadable evidence is a gap, not a crash.
  write(ev / "why3.json", "{ not json");
  write(ev / "catch2" / "unit_tests.xml",
        "<Catch name=\"unit_tests\"><Group><TestCase name=\"x\" tags=\"[C1]\"");
  // a bench.json without its results (the old bare list) is said to be unreadable, not dropped
  write(ev / "bench.json", R"([{"type":"float32","n":1000,"kernel_vs_naive":1.02}])");
  write(ev / "conformance-comparison.json", "[1, 2");
  {
    const auto r = trace::build_report(o);
    CHECK(has_issue(r, "unreadable", "conformance-comparison.json"));
    CHECK(has_issue(r, "unreadable", "why3.json"));
    CHECK(has_issue(r, "unreadable", "neither records under"));
    // and departs from its schema (an array where the schema has a record): a gap
    CHECK(has_issue(r, "schema", "bench.json departs from bench.schema.json"));
    CHECK(r.bench_rows.empty());
    CHECK(has_issue(r, "incomplete-evidence", "truncated"));
    CHECK(has_flag(row(r, "C1"), "no-why3"));
  }
  fs::remove_all(root);
}

}  // namespace
