// `sonnx-div verify-evidence DIR [--sources CHECKOUT] [--installed]`: checks a received evidence
// folder without re-proving anything (issue 52). A thin command over the traceability report's
// readers (trace::verify, traceability/src/verify*.cpp): the manifest, the recorded verdicts and
// counts, the tool versions; with the checkout, the schemas, the sources, the prover policy's
// recheck and the rebuilt report. It prints what it checked and what it could not check.
// Exit code 0 when every check it ran passed, 1 when one failed, 2 on a usage error.
#include <iostream>
#include <sonnx/trace/verify.hpp>
#include <string>

#include "command_registry.hpp"

namespace {

void add_verify_evidence_command(CLI::App& app, int& exit_code) {
  struct Args {
    std::string dir, sources, package;
    bool installed = false;
  };
  static Args args;
  CLI::App* sub = app.add_subcommand(
      "verify-evidence",
      "Check an evidence folder (build/evidence of the main job) without re-proving: every file "
      "listed in its manifest present and unaltered, every verdict accepted under the prover "
      "policy, the counts consistent, the tool versions those recorded; with --sources, the "
      "schemas, the sources and the rebuilt traceability report. Prints what it checked and what "
      "it could not. Exit code 0 all checks passed, 1 a check failed, 2 usage error.");
  sub->add_option("DIR", args.dir, "the evidence folder")->required();
  sub->add_option("--sources", args.sources,
                  "the checkout the evidence was produced from (its schemas, prover policy, "
                  "sources and catalogue)");
  sub->add_flag("--installed", args.installed,
                "also compare the tools installed here with those recorded (needs --sources: "
                "its recorder, traceability/tool-versions.sh)");
  sub->add_option("--package", args.package,
                  "the evidence package folder (default: CHECKOUT/evidence/sonnx_evidence)")
      ->group("");
  sub->callback([&exit_code] {
    trace::verify::Options o;
    o.dir = args.dir;
    if (!args.sources.empty()) o.sources = args.sources;
    o.installed = args.installed;
    o.package = args.package;
    std::error_code ec;
    if (o.sources && !std::filesystem::is_directory(*o.sources, ec)) {
      std::cerr << "sonnx-div: error: usage: --sources " << args.sources << " is not a folder\n";
      exit_code = 2;
      return;
    }
    std::cout << "verify-evidence: " << args.dir << "\n";
    const trace::verify::Outcome out = trace::verify::verify_bundle(o);
    std::cout << trace::verify::render(out);
    exit_code = out.ok() ? 0 : 1;
  });
}

const sonnx::cli::CommandRegistration verify_evidence_registration{"verify-evidence",
                                                                   add_verify_evidence_command};

}  // namespace
