// Exhaustive (all 2^32 operand pairs) and sampled verification of a 16-bit float Div kernel
// against the MPFR oracle, used by `sonnx-div verify-exhaustive` (requirement F2).
//
// Full mode evaluates the kernel under test on every one of the 2^32 (A, B) bit-pattern pairs, in
// blocks. The expected result of each pair comes from the MPFR oracle through two reductions:
//  1. sign symmetry: the oracle is evaluated on the magnitudes |A|, |B| and the expected signed
//     result is the oracle's result with its sign bit XORed with sign(A) XOR sign(B) (NaN stays
//     NaN; IEEE 754 6.3 and the sign symmetry of round-to-nearest-even);
//  2. equal real quotients: every positive finite non-zero value is m * 2^e with m odd, and two
//     pairs with the same (m_A, m_B, e_A - e_B) have the same exact quotient, hence the same
//     correctly rounded result; non-finite and zero operands are grouped by their MPFR value (all
//     NaN patterns are one value).
// Both reductions are re-checked while sweeping: in every block group the engine picks pairs at
// random (seeded), with random signs, and compares a direct MPFR call on the signed operands with
// the derived expectation (symmetry_checks / symmetry_failures in the result).
// Sample mode checks N seeded random pairs plus every pair of a set of special classes, each
// against a direct MPFR call on the signed operands (no reduction), plus the same symmetry
// re-checks.
#ifndef SONNX_VERIFY_EXHAUSTIVE_HPP
#define SONNX_VERIFY_EXHAUSTIVE_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sonnx_verify/mpfr_oracle.hpp"

namespace sonnx::oracle {

// Block kernel under test: c[i] = a[i] / b[i] on bit patterns (sonnx_div_f16, sonnx_div_bf16).
using Kernel16 = void (*)(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                          std::size_t n);

struct SweepOptions {
  const BinaryFormat* format = &binary16;  // binary16 or bfloat16
  Kernel16 kernel = nullptr;
  std::string kernel_name;
  unsigned threads = 1;
  std::uint64_t sample = 0;  // 0: full sweep of all 2^32 pairs
  std::uint64_t seed = 0x5EED0F16ULL;
  std::size_t max_examples = 16;
  bool progress = false;  // report progress on stderr
};

struct MismatchExample {
  std::uint16_t a = 0;
  std::uint16_t b = 0;
  std::uint16_t got = 0;
  std::uint16_t expected = 0;
};

// A NaN pattern the kernel returned: how often, and its first operand pair (smallest A << 16 | B).
struct NanResult {
  std::uint16_t bits = 0;
  std::uint64_t count = 0;
  std::uint16_t first_a = 0;
  std::uint16_t first_b = 0;
};

struct SweepResult {
  std::string format;  // "f16" / "bf16"
  std::string mode;    // "full" / "sample"
  std::string kernel;
  std::uint64_t pairs_checked = 0;
  std::uint64_t mismatches = 0;
  std::vector<MismatchExample> mismatch_examples;  // the smallest by (A << 16 | B)
  // Every NaN pattern the kernel returned, most frequent first (reported, not filtered: the sign
  // and payload of a NaN result are not specified and differ between targets).
  std::vector<NanResult> nan_results;
  std::uint64_t oracle_calls = 0;  // every mpfr_div performed
  std::uint64_t symmetry_checks = 0;
  std::uint64_t symmetry_failures = 0;
  std::uint64_t seed = 0;
  unsigned threads = 0;
  double wall_s = 0.0;
  std::string load_average_start;  // /proc/loadavg, to judge timing noise
  std::string load_average_end;
  [[nodiscard]] double pairs_per_s() const {
    return wall_s > 0.0 ? static_cast<double>(pairs_checked) / wall_s : 0.0;
  }
  [[nodiscard]] bool passed() const {
    return mismatches == 0 && symmetry_failures == 0 && pairs_checked > 0;
  }
};

SweepResult run_sweep(const SweepOptions& options);

// The JSON evidence record (keys: format, pairs_checked, mismatches, mismatch_examples,
// oracle_calls, oracle, tool_version, wall_s, pairs_per_s, threads, mode, and extras).
std::string sweep_json(const SweepResult& result, const std::string& tool_version);

// The special operand magnitudes of sample mode (zeros, extreme subnormals and normals, one,
// largest finite, infinity, NaN with several payloads); each is used with both signs.
std::vector<std::uint16_t> special_magnitudes(const BinaryFormat& f);

}  // namespace sonnx::oracle

#endif  // SONNX_VERIFY_EXHAUSTIVE_HPP
