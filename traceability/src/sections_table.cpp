// The report's sections, in the order the report shows them: each one's fixed metadata (its id,
// title, evidence file(s) and what it shows), said once, and the function that judges its files.
#include <sonnx/trace/trace.hpp>
#include <utility>

#include "sections_common.hpp"

namespace trace {

namespace sec {
namespace {

// A section of one evidence file (its `files`): fill judges the file's JSON; a file absent or
// unreadable is said so in the section instead (open_section).
template <void (*fill)(Section&, Report&, const ordered&)>
void of_file(Section& s, Report& rep) {
  if (const auto j = open_section(s, rep)) fill(s, rep, *j);
}

struct SectionRow {
  const char* id;  // the HTML anchor
  const char* title;
  const char* files;
  const char* explanation;           // "{rule}": where prover_policy puts the policy's rule
  void (*judge)(Section&, Report&);  // reads the files, fills the verdict and the tables
};

const SectionRow kSections[] = {
    {"prover-policy", "Prover policy", "why3.json, wp-report.json, proofs/prover-policy.json",
     "A goal counts as proved only when the prover policy (proofs/prover-policy.json) accepts it "
     "(field accepted, recomputed from the recorded verdicts by the policy's one implementation, "
     "sonnx_evidence.policy): {rule} Why3 counts goals, WP counts properties (a property holds "
     "one or more goals). Valid verdicts per prover, and the goals and properties that only one "
     "prover proved.",
     prover_policy},
    {"wp-smoke", "WP smoke tests", "wp-smoke.json",
     "Frama-C/WP's smoke tests (-wp-smoke-tests) try to prove that each function's "
     "preconditions, loops and branches are unreachable; a proved smoke goal means an "
     "inconsistent contract or dead code, which would make the function's other proofs vacuous.",
     of_file<wp_smoke>},
    {"wp-binding", "WP driver bindings", "wp-binding.json",
     "Sanity lemmas through the ACSL symbols of the kernel contracts: for each tested binding a "
     "case that must hold and one that must be refuted, both proved with the real driver; and, "
     "for each driver fault of the fault table (for example a and b swapped), the negations of "
     "holding cases proved against the faulty driver, which shows by proof that the fault is "
     "detected.",
     of_file<wp_binding>},
    {"coding-standard", "Coding standard", "coding-standard.json, stack.json",
     "The restricted-C++ rules of the library, the checks run (tool, version, files), their "
     "findings, the deviations of the register, and the worst-case stack bound per public API "
     "function from the call graph (which must be acyclic: no recursion).",
     coding_standard},
    {"conformance", "Runtime conformance", "conformance-onnxruntime.json",
     "A deployed ONNX runtime against the verified reference, bit for bit, per type and "
     "requirement; each finding has a minimal reproducer (model and input files) beside the "
     "evidence file. The findings are properties of the runtime, reported as they are: they are "
     "not gaps of this project.",
     of_file<conformance>},
    {"platforms", "Platforms", "platforms.json",
     "The library built for other processors with their toolchain files and run there "
     "(docs/platforms.md). QEMU runs its own model of each processor's floating point: a result "
     "under emulation is evidence about the compiled code, not the silicon; the bare-metal image "
     "is meant to be rerun on the real chip (AS-PLAT-5). NaN bits differ between targets and are "
     "reported, not compared (docs/spec-defects.md SD-9).",
     of_file<platforms>},
    {"tool-qualification", "Tool qualification", "evidence/tool-requirements.json, ctest-*.xml",
     "The operational requirements of the verification tools this project wrote (what each "
     "must accept, reject and report), each with the tests that show it (the planted faults "
     "among them) and their verdicts in this run, and each tool's version: the commit and the "
     "hash of its files. A requirement without a passing test is a gap. The third-party tools "
     "(Why3, the provers, Frama-C, the compilers) are registered assumptions (AS-TOOL-1, "
     "AS-TOOL-2).",
     tool_qualification},
    {"structural-coverage", "Structural coverage (statement, decision, MC/DC)",
     "structural-coverage.json",
     "Clang's source-based coverage with MC/DC of the library's own code (façade, fast paths, "
     "kernels, checks, domain scans, decision procedures, float formats), each compiled version "
     "apart (x86-64-v4, AVX2 and default clones; baseline and AVX2 objects), from the Catch2 "
     "test cases that carry a requirement tag, run one by one on each CPU listed. Every gap is "
     "resolved by a row of spec/coverage-justifications.json whose check holds (the WP goal it "
     "names is proved, the CPU feature it names is absent, the function has no object code, the "
     "decision is covered both ways). Tests without a requirement tag, the sweeps and the "
     "fuzzers are not counted. The gcov figures further down are an indication only.",
     of_file<structural>},
    {"formal-coverage", "Formal-analysis coverage of the proved C (DO-333 FM.6.7)",
     "formal-coverage.json",
     "Every function defined in the proved C files, the WP pass that proves it or the register "
     "row that explains why none does, the properties proved per kind, and the smoke tests that "
     "showed its preconditions, loops, calls and branches reachable (no smoke goal proved).",
     of_file<formal>},
    {"coupling", "Coupling (control and data)", "coupling.json",
     "Control coupling: per requirement, the library functions its tests reach (from the "
     "structural-coverage profiles of those tests alone), and the functions no requirement's "
     "tests reach. Data coupling: each parameter of the public entry points "
     "(include/sonnx/*.hpp), the field of the C view the façade passes it in, and the checks "
     "that read that field (Frama-C's input analysis over the Eva harnesses).",
     of_file<coupling>},
    {"eva", "Frama-C Eva (a second analysis of run-time errors)", "eva.json",
     "Abstract interpretation of the C-subset files from harnesses that give every input the "
     "range its precondition allows (proofs/eva/harness.c), beside WP's RTE goals per "
     "function. Each alarm Eva cannot exclude is in spec/eva-alarms.json with why it is false, "
     "and WP proves the same check: the RTE assertion of the same kind on the same statement, "
     "or for a float-to-integer conversion the range assertion before it.",
     of_file<eva>},
};

}  // namespace
}  // namespace sec

void add_sections(Report& rep) {
  for (const auto& row : sec::kSections) {
    Section s;
    s.id = row.id;
    s.title = row.title;
    s.files = row.files;
    s.run = true;  // until it finds its files absent
    s.explanation = row.explanation;
    row.judge(s, rep);
    rep.sections.push_back(std::move(s));
  }
}

}  // namespace trace
