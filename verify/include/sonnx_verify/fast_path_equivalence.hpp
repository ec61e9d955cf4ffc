// Checks the Div fast paths bit for bit against the proved kernels (requirement D9): on every
// operand pair of a 8/16-bit type, or on a seeded sample. Used by `sonnx-div verify-exhaustive
// --fast-paths` (all 2^32 pairs of the 16-bit types, main job) and by the unit tests.
#ifndef SONNX_VERIFY_FAST_PATH_EQUIVALENCE_HPP
#define SONNX_VERIFY_FAST_PATH_EQUIVALENCE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sonnx::detail {

// The kernels of one instruction set (the library's internal header div/fast/div_kernel_tables.hpp,
// reached through sonnx::div_internal): named here only by pointer.
struct KernelTable;

// Every table this CPU can run, baseline first: what the equivalence check compares. (Here, not in
// the library: the list allocates.)
std::vector<const KernelTable*> runnable_kernel_tables();

// The element types that have a fast path.
enum class FastPathType {
  float16,
  bfloat16,
  int8,
  int16,
  int32,
  uint8,
  uint16,
  uint32,
  int64,
  uint64
};

std::optional<FastPathType> parse_fast_path_type(std::string_view name) noexcept;
const char* fast_path_type_name(FastPathType type) noexcept;

struct EquivalenceOptions {
  FastPathType type = FastPathType::float16;
  // The tables to check; a kernel that is the proved one itself, or was already checked in an
  // earlier table, is skipped.
  std::vector<const KernelTable*> tables;
  // This many seeded random pairs plus every pair of boundary values; 0: every operand pair of an
  // 8/16-bit type, 10^8 random pairs (and the boundary pairs) of a 32/64-bit type.
  std::uint64_t sample = 0;
  // With sample 0 and an 8/16-bit type: only the first `rows` rows of 2^bits pairs each (a quick
  // prefix of the full sweep); 0: all rows.
  std::uint64_t rows = 0;
  std::uint64_t seed = 0x5EED0D19ULL;
  unsigned threads = 1;
  std::size_t max_examples = 16;
  // For the tests of this check only: the answer of the type's domain scan replaced by a wrong one,
  // which the check must report (miss: no violation found; false_alarm: a violation at index 0).
  enum class PlantedScanFault {
    none,
    miss,
    false_alarm
  } planted_scan_fault = PlantedScanFault::none;
};

struct EquivalenceMismatch {
  std::string instruction_set;
  std::uint64_t a = 0, b = 0, fast = 0, proved = 0;  // bit patterns
};

struct EquivalenceResult {
  std::string type;
  std::string mode;                           // "exhaustive", "exhaustive-prefix" or "sample"
  std::vector<std::string> instruction_sets;  // the fast kernels compared
  std::uint64_t pairs_checked = 0;            // per kernel
  std::uint64_t pairs_outside_domain = 0;     // integer pairs with C3/D3 violations
  std::uint64_t mismatches = 0;               // over all kernels, and the domain scan's errors
  double wall_s = 0.0;
  std::vector<EquivalenceMismatch> examples;
  bool passed() const noexcept { return mismatches == 0 && !instruction_sets.empty(); }
  double pairs_per_s() const noexcept {
    return wall_s > 0 ? static_cast<double>(pairs_checked) / wall_s : 0.0;
  }
};

// Every fast kernel runs into a buffer of its own and in place (c = a, c = b), and on the pairs
// (x, x) of the first row's divisors with c = a = b (D6: exact aliasing is in-place use).
// Integer pairs outside the domain (C3 zero divisor, D3 MIN / -1) never reach a kernel; for them
// the check is that the type's proved domain scan (div_domain.h, the compilation this CPU runs:
// its vector width is the CPU's) reports them, and it must report nothing in a row inside the
// domain; its errors are mismatches of the instruction set "domain scan".
EquivalenceResult check_fast_path_equivalence(const EquivalenceOptions& options);

// The JSON evidence record: exhaustive-fastpath-<type>.json for the 16-bit types (read by the
// traceability report), fastpath-<type>.json for the others (scripts/main.sh).
std::string equivalence_json(const EquivalenceResult& result);

}  // namespace sonnx::detail

#endif  // SONNX_VERIFY_FAST_PATH_EQUIVALENCE_HPP
