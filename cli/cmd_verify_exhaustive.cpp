// sonnx-div verify-exhaustive: checks the float16/bfloat16 Div kernel on all 2^32 operand pairs
// (or a seeded sample) against the MPFR oracle (requirement F2), or, with --fast-paths, a fast
// path against its proved kernel (requirement D9). See docs/oracle.md and docs/performance.md.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <thread>

#include "command_registry.hpp"
#include "div/kernels/div_kernels.h"
#include "sonnx_verify/exhaustive.hpp"
#include "sonnx_verify/fast_path_equivalence.hpp"

namespace {

struct VerifyOptions {
  std::string format;
  std::string fast_path_type;
  std::string json;
  unsigned threads = 0;
  std::uint64_t sample = 0;
  std::uint64_t seed = 0x5EED0F16ULL;
  std::size_t max_examples = 16;
  bool quiet = false;
};

// Why the evidence record cannot be written at `path`, checked before a sweep of minutes or hours
// (not after it): "" when it can be tried. Its folder must exist, as the output folders of run and
// golden must (the tool creates no folder tree from a mistyped path).
std::string json_path_problem(const std::string& path) {
  using sonnx::io::OutputPathProblem;
  switch (sonnx::io::output_path_problem(path)) {
    case OutputPathProblem::none:
      return "";
    case OutputPathProblem::names_folder:
    case OutputPathProblem::existing_folder:
      return "it names a folder";
    case OutputPathProblem::not_regular_file:
      return "it exists and is not a regular file";
    case OutputPathProblem::folder_not_folder:
      return "its folder is not a folder";
    case OutputPathProblem::folder_missing:
      break;
  }
  return "its folder does not exist (create it first)";
}

// The evidence record, written atomically (T2: a temporary file renamed into place, removed on
// failure or on SIGINT, SIGTERM and SIGHUP); false, with the reason on stderr, when it fails.
bool write_record(const std::string& path, const std::string& text) {
  const sonnx::io::IoStatus written = sonnx::io::write_file_atomic(path, text);
  if (!written.ok()) std::cerr << "verify-exhaustive: cannot write " << written.message << '\n';
  return written.ok();
}

// The --threads value, else one per hardware thread (hardware_concurrency is 0 when unknown).
unsigned sweep_threads(unsigned requested) {
  return requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
}

// All pairs of a 16-bit type (8-bit: 2^16), or a sample, through every fast kernel this CPU
// can run, bit for bit against the proved kernel (D9).
int run_verify_fast_paths(const VerifyOptions& options) {
  namespace d = sonnx::detail;
  d::EquivalenceOptions check;
  check.type = *d::parse_fast_path_type(options.fast_path_type);
  check.tables = d::runnable_kernel_tables();
  check.sample = options.sample;
  check.seed = options.seed;
  check.threads = sweep_threads(options.threads);
  check.max_examples = options.max_examples;

  const d::EquivalenceResult result = d::check_fast_path_equivalence(check);
  std::string kernels;
  for (const std::string& isa : result.instruction_sets)
    kernels += (kernels.empty() ? "" : ", ") + isa;
  std::printf(
      "verify-exhaustive --fast-paths %s (%s, fast kernels: %s): %llu pairs checked per "
      "kernel, %llu outside the domain, %llu mismatches\n",
      result.type.c_str(), result.mode.c_str(), kernels.empty() ? "none" : kernels.c_str(),
      static_cast<unsigned long long>(result.pairs_checked),
      static_cast<unsigned long long>(result.pairs_outside_domain),
      static_cast<unsigned long long>(result.mismatches));
  std::printf("  wall %.2f s, %.1f M pairs/s, %u threads\n", result.wall_s,
              result.pairs_per_s() / 1e6, check.threads);
  for (const d::EquivalenceMismatch& m : result.examples) {
    std::printf("  MISMATCH %s A=0x%llX B=0x%llX fast=0x%llX proved=0x%llX\n",
                m.instruction_set.c_str(), static_cast<unsigned long long>(m.a),
                static_cast<unsigned long long>(m.b), static_cast<unsigned long long>(m.fast),
                static_cast<unsigned long long>(m.proved));
  }
  if (result.instruction_sets.empty()) {
    std::printf("  this CPU runs the proved kernel itself for %s: nothing to compare\n",
                result.type.c_str());
  }
  if (!options.json.empty()) {
    if (!write_record(options.json, d::equivalence_json(result))) return 2;
    std::printf("  evidence written to %s\n", options.json.c_str());
  }
  const bool passed = result.mismatches == 0;
  std::printf("verify-exhaustive --fast-paths %s: %s\n", result.type.c_str(),
              passed ? "PASS" : "FAIL");
  return passed ? 0 : 1;
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
  sweep.threads = sweep_threads(options.threads);
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
    if (!write_record(options.json, oracle::sweep_json(result, SONNX_ORACLE_TOOL_VERSION))) {
      return 2;
    }
    std::printf("  evidence written to %s\n", options.json.c_str());
  }
  std::printf("verify-exhaustive %s: %s\n", result.format.c_str(),
              result.passed() ? "PASS" : "FAIL");
  return result.passed() ? 0 : 1;
}

void add_verify_exhaustive_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify-exhaustive",
      "Check the float16/bfloat16 Div kernel on all 2^32 operand pairs (or --sample N pairs) "
      "against the MPFR oracle (IEEE 754 round-to-nearest-even), with progress on stderr and a "
      "JSON evidence record (--json). With --fast-paths TYPE instead: check that type's "
      "run-time selected fast paths bit for bit against its proved kernel (D9), on every pair of "
      "an 8/16-bit type or on --sample N pairs (default 10^8 for 32/64-bit types).\n"
      "Exit codes: 0 every pair matches, 1 a mismatch or a symmetry re-check failure (F2, D9), "
      "2 usage, oracle or I/O error.");
  CLI::Option* format = cmd->add_option("--format", options->format,
                                        "16-bit format: f16 (binary16) or bf16 (bfloat16)")
                            ->check(CLI::IsMember({"f16", "bf16"}));
  cmd->add_option("--fast-paths", options->fast_path_type,
                  "compare this type's fast paths with its proved kernel: f16, bf16, int8, int16, "
                  "int32, uint8, uint16, uint32, int64, uint64")
      ->check(CLI::IsMember({"f16", "bf16", "int8", "int16", "int32", "uint8", "uint16", "uint32",
                             "int64", "uint64"}))
      ->excludes(format);
  cmd->add_option("--json", options->json,
                  "write the JSON evidence record here (e.g. build/evidence/exhaustive-f16.json); "
                  "its folder must exist");
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
    if (options->fast_path_type.empty() && options->format.empty()) {
      std::cerr << "verify-exhaustive: usage: give --format f16|bf16 or --fast-paths TYPE\n";
      exit_code = 2;
      return;
    }
    const std::string problem = options->json.empty() ? "" : json_path_problem(options->json);
    if (!problem.empty()) {
      std::cerr << "verify-exhaustive: cannot write " << options->json << ": " << problem << '\n';
      exit_code = 2;
      return;
    }
    try {
      if (!options->fast_path_type.empty()) {
        exit_code = run_verify_fast_paths(*options);
        return;
      }
      exit_code = run_verify(*options);
    } catch (const std::exception& error) {
      std::cerr << "verify-exhaustive: " << error.what() << '\n';
      exit_code = 2;
    }
  });
}

const sonnx::cli::CommandRegistration verify_exhaustive_registration{"verify-exhaustive",
                                                   add_verify_exhaustive_command};

}  // namespace
