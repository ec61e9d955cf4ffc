// `sonnx-div kernels`: which code divides each element type on this CPU in the current kernel
// mode, and how that code is verified (the table of docs/what-we-prove.md, for the deployment
// CPU). Per target (docs/platforms.md): on x86-64 the baseline (SSE2) or AVX2+F16C table, chosen
// by CPUID; on every other target the baseline table alone, in portable C++.
#include <sonnx/div.hpp>

#include <cstring>
#include <iostream>

#include "command_registry.hpp"

namespace {

struct KernelRow {
  const char* type;
  const char* fast_avx2;      // route in fastest mode on AVX2+F16C; nullptr: the proved kernel
  const char* fast_baseline;  // route in fastest mode on any target's baseline; nullptr: proved
};

constexpr const char* proved_kernel = "proved C kernel: Frama-C/WP";
constexpr const char* binary32_route =
    "proved binary32 route kernel: Frama-C/WP (D9 lemmas), exhaustive equivalence sweep";
constexpr const char* binary64_route =
    "proved binary64 route kernel: Frama-C/WP (D9 lemmas), sampled equivalence";
constexpr const char* binary64_blocks =
    "proved blocked kernel: binary64 route on blocks with every operand below 2^53 in magnitude "
    "(through int32 below 2^31), scalar division elsewhere: Frama-C/WP (D9 lemmas), sampled "
    "equivalence";

constexpr KernelRow rows[] = {
    {"float16", "F16C intrinsics: exhaustive 2^32-pair sweep against the proved kernel", nullptr},
    {"bfloat16", "AVX2 intrinsics: exhaustive 2^32-pair sweep against the proved kernel", nullptr},
    {"float32", nullptr, nullptr},
    {"float64", nullptr, nullptr},
    {"int8", binary32_route, binary32_route},
    {"int16", binary32_route, binary32_route},
    {"int32", binary64_route, binary64_route},
    {"int64", binary64_blocks, nullptr},
    {"uint8", binary32_route, binary32_route},
    {"uint16", binary32_route, binary32_route},
    {"uint32", binary64_route, binary64_route},
    {"uint64", binary64_blocks, nullptr},
};

void add_kernels_command(CLI::App& app, int& exit_code) {
  CLI::App* sub = app.add_subcommand(
      "kernels",
      "Print, per element type, the code that divides on this CPU in the current kernel mode "
      "(SONNX_DIV_KERNELS) and how it is verified. Exit code 0.");
  sub->callback([&exit_code] {
    const bool fastest = sonnx::default_kernels() == sonnx::Kernels::fastest;
    const char* isa = sonnx::fast_path_instruction_set();
    const bool avx2 = std::strcmp(isa, "AVX2+F16C") == 0;
    const bool x86_64 = avx2 || std::strcmp(isa, "x86-64 baseline") == 0;
    std::cout << "kernel mode: " << (fastest ? "fastest" : "proved")
              << "; fast-path instruction set: " << isa << '\n'
              << "fast paths of this build: "
              << (x86_64 ? "x86-64 baseline (SSE2) and AVX2+F16C tables, chosen by CPUID at run "
                           "time"
                         : "the target's baseline table only (proved kernels and route kernels "
                           "in portable C++; no intrinsics, no run-time selection)")
              << '\n'
              << "validation (shapes, buffers, C3/D3 domain): proved C checks: Frama-C/WP\n";
    for (const KernelRow& row : rows) {
      const char* route = fastest ? (avx2 ? row.fast_avx2 : row.fast_baseline) : nullptr;
      std::cout << row.type << ": " << (route != nullptr ? route : proved_kernel) << '\n';
    }
    exit_code = 0;
  });
}

const sonnx::cli::CommandRegistration kernels_registration{"kernels", add_kernels_command};

}  // namespace
