// sonnx-div verify-exhaustive: checks the float16/bfloat16 Div kernel on all 2^32 operand pairs
// (or a seeded sample) against the MPFR oracle (requirement F2). See docs/oracle.md.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "command_registry.hpp"

#ifdef SONNX_HAVE_MPFR_ORACLE
#include "div/kernels/div_kernels.h"
#include "sonnx_oracle/exhaustive.hpp"
#endif

namespace {

struct VerifyOptions {
  std::string format;
  std::string json;
  unsigned threads = 0;
  std::uint64_t sample = 0;
  std::uint64_t seed = 0x5EED0F16ULL;
  std::size_t max_examples = 16;
  bool quiet = false;
};

#ifdef SONNX_HAVE_MPFR_ORACLE
// Writes through a temporary file and a rename, creating the parent folder.
bool write_file(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ignored;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ignored);
  const fs::path temporary = target.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) return false;
  }
  std::error_code error;
  fs::rename(temporary, target, error);
  return !error;
}

int run_verify(const VerifyOptions& options) {
  namespace oracle = sonnx::oracle;
  oracle::SweepOptions sweep;
  if (options.format == "f16") {
    sweep.format = &oracle::binary16;
    sweep.kernel = sonnx_div_f16;
    sweep.kernel_name = "sonnx_div_f16";
  } else {
    sweep.format = &oracle::bfloat16;
    sweep.kernel = sonnx_div_bf16;
    sweep.kernel_name = "sonnx_div_bf16";
  }
  const unsigned hardware = std::thread::hardware_concurrency();
  sweep.threads = options.threads != 0 ? options.threads : (hardware != 0 ? hardware : 1);
  sweep.sample = options.sample;
  sweep.seed = options.seed;
  sweep.max_examples = options.max_examples;
  sweep.progress = !options.quiet;

  const oracle::SweepResult result = oracle::run_sweep(sweep);
  const oracle::BinaryFormat& f = *sweep.format;
  std::printf("verify-exhaustive %s (%s, kernel %s, %s): %llu pairs checked, %llu mismatches\n",
              result.format.c_str(), result.mode.c_str(), result.kernel.c_str(),
              oracle::mpfr_version_string().c_str(),
              static_cast<unsigned long long>(result.pairs_checked),
              static_cast<unsigned long long>(result.mismatches));
  std::printf("  oracle calls %llu, symmetry re-checks %llu (failures %llu), seed 0x%llX\n",
              static_cast<unsigned long long>(result.oracle_calls),
              static_cast<unsigned long long>(result.symmetry_checks),
              static_cast<unsigned long long>(result.symmetry_failures),
              static_cast<unsigned long long>(result.seed));
  std::printf("  wall %.2f s, %.1f M pairs/s, %u threads, load average %s -> %s\n", result.wall_s,
              result.pairs_per_s() / 1e6, result.threads, result.load_average_start.c_str(),
              result.load_average_end.c_str());
  for (const oracle::MismatchExample& m : result.mismatch_examples) {
    std::printf("  MISMATCH A=%s B=%s got=%s expected=%s\n", oracle::hex(f, m.a).c_str(),
                oracle::hex(f, m.b).c_str(), oracle::hex(f, m.got).c_str(),
                oracle::hex(f, m.expected).c_str());
  }
  if (!options.json.empty()) {
    if (!write_file(options.json, oracle::sweep_json(result, SONNX_ORACLE_TOOL_VERSION))) {
      std::fprintf(stderr, "verify-exhaustive: cannot write %s\n", options.json.c_str());
      return 2;
    }
    std::printf("  evidence written to %s\n", options.json.c_str());
  }
  std::printf("verify-exhaustive %s: %s\n", result.format.c_str(),
              result.passed() ? "PASS" : "FAIL");
  return result.passed() ? 0 : 1;
}
#endif

void add_verify_exhaustive_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify-exhaustive",
      "Check the float16/bfloat16 Div kernel on all 2^32 operand pairs (or --sample N pairs) "
      "against the MPFR oracle (IEEE 754 round-to-nearest-even), with progress on stderr and a "
      "JSON evidence record (--json).\n"
      "Exit codes: 0 every pair matches, 1 a mismatch or a symmetry re-check failure (F2), "
      "2 usage, oracle or I/O error.");
  cmd->add_option("--format", options->format, "16-bit format: f16 (binary16) or bf16 (bfloat16)")
      ->required()
      ->check(CLI::IsMember({"f16", "bf16"}));
  cmd->add_option("--json", options->json,
                  "write the JSON evidence record here (e.g. build/evidence/exhaustive-f16.json)");
  cmd->add_option("--threads", options->threads,
                  "worker threads (default: the number of hardware threads)")
      ->check(CLI::Range(1u, 256u));
  cmd->add_option("--sample", options->sample,
                  "quick mode: N seeded random pairs plus every special-class pair, each against a "
                  "direct oracle call (default 0: the full sweep of all 2^32 pairs)");
  cmd->add_option("--seed", options->seed,
                  "seed of the sample and of the symmetry re-checks (default 0x5EED0F16)");
  cmd->add_option("--max-examples", options->max_examples,
                  "mismatch examples to print and record (default 16)");
  cmd->add_flag("--quiet", options->quiet, "no progress output on stderr");
  cmd->callback([options, &exit_code]() {
#ifdef SONNX_HAVE_MPFR_ORACLE
    try {
      exit_code = run_verify(*options);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "verify-exhaustive: %s\n", error.what());
      exit_code = 2;
    }
#else
    std::fprintf(stderr,
                 "verify-exhaustive: this sonnx-div was built without the MPFR oracle "
                 "(tests/oracle, MPFR and GMP are needed)\n");
    exit_code = 2;
#endif
  });
}

const sonnx::cli::CommandRegistration registration{"verify-exhaustive",
                                                   add_verify_exhaustive_command};

}  // namespace
