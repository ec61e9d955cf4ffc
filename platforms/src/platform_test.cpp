// platform_test: the checked Div library on one target, self-contained: no MPFR, protobuf, ONNX,
// file system or heap; the C library's printf for output (on bare metal through semihosting).
//
// What it runs, per element type (docs/platforms.md):
//   seed      the worked examples of the source documents, values from the seeds;
//   golden    the edge cases of `sonnx-div golden`, and sampled  seeded random pairs, both with
//             expected results computed on the host (make_platform_vectors: MPFR oracle for
//             floats, truncating division on magnitudes for integers), each through
//               - the checked API with the proved kernels and with the fastest kernels,
//               - the checked API in place (C is A), golden cases only,
//               - every kernel of the type called directly: the proved kernel, the route and
//                 blocked kernels, and every kernel of the fast-path tables this CPU runs;
//   errors    every error of the checked API (R3, C2, R2, D8, R4, R1, C1, D6, and C3/D3 for each
//             integer type in both kernel modes, with the first offending index), C unchanged,
//             and each integer type's proved domain scan called directly.
// Comparison rule (docs/spec-defects.md, SD-9): a float result matches when the expected result
// is a NaN and the result is a quiet NaN of any sign and payload, or when every bit is equal; an
// integer result when every bit is equal. NaN results are not filtered: every NaN pattern each type
// produced is reported with its count and first operand pair.
// On bare metal (SONNX_PLATFORM_PAINT_STACK) every call of the checked API runs on a painted stack
// and the deepest use is reported per API function, to hold against the bound computed for the
// target (scripts/coding-standard/stack_bound.py).
//
// Output: one JSON record between the lines "SONNX-PLATFORM-BEGIN" and "SONNX-PLATFORM-END".
// Exit status 0 when every case matches and every error case holds, 1 otherwise.
// Planted faults (argument --plant-fault=quotient|signaling-nan|error-write) corrupt results after
// the library returns, to show that the comparisons catch each kind of defect.
#include "platform_test.hpp"

#include <cfloat>
#include <cstdio>
#include <limits>
#include <string_view>

using namespace sonnx::platform;  // NOLINT(google-build-using-namespace): the program's own parts

namespace {

// ---------------------------------------------------------------------------------------------
// Platform facts the assumptions rest on (AS-PLAT-1, -6), observed on this target through the
// checked API (proved kernels): subnormal operands and results kept (no FTZ/DAZ), and 0/0.
struct SubnormalProbe {
  const TypeInfo* type;
  std::uint64_t a, b, expected;  // min subnormal / 1 (DAZ gives 0), min normal / 2 (FTZ gives 0)
};
const SubnormalProbe subnormal_probes[] = {
    {&float16_info, 0x0001, 0x3C00, 0x0001},
    {&float16_info, 0x0400, 0x4000, 0x0200},
    {&bfloat16_info, 0x0001, 0x3F80, 0x0001},
    {&bfloat16_info, 0x0080, 0x4000, 0x0040},
    {&float32_info, 0x00000001, 0x3F800000, 0x00000001},
    {&float32_info, 0x00800000, 0x40000000, 0x00400000},
    {&float64_info, 0x0000000000000001, 0x3FF0000000000000, 0x0000000000000001},
    {&float64_info, 0x0010000000000000, 0x4000000000000000, 0x0008000000000000},
};

template <typename T>
std::uint64_t divide_one(const TypeInfo& type, std::uint64_t a_bits, std::uint64_t b_bits,
                         Kernels mode) {
  const std::int64_t shape[] = {1};
  const T a = from_bits<T>(a_bits);
  const T b = from_bits<T>(b_bits);
  T c = from_bits<T>(0);
  const Status status =
      call_api({type.type, shape, &a}, {type.type, shape, &b}, {type.type, shape, &c}, &mode);
  return status.ok() ? to_bits(c) : ~std::uint64_t{0};
}

std::uint64_t divide_one(const TypeInfo& type, std::uint64_t a, std::uint64_t b, Kernels mode) {
  switch (type.type) {
    case DataType::float32:
      return divide_one<float>(type, a, b, mode);
    case DataType::float64:
      return divide_one<double>(type, a, b, mode);
    default:
      return divide_one<std::uint16_t>(type, a, b, mode);
  }
}

bool subnormals_kept(const TypeInfo& type) {
  bool kept = true;
  for (const SubnormalProbe& p : subnormal_probes) {
    if (p.type == &type) kept = kept && divide_one(type, p.a, p.b, Kernels::proved) == p.expected;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// The JSON record.
void print_hex(std::uint64_t bits, std::size_t bytes) {
  std::printf("\"0x%0*llX\"", static_cast<int>(2 * bytes), static_cast<unsigned long long>(bits));
}

const char* target_name() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#elif defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
  return "arm-m";
#elif defined(__arm__)
  return "arm";
#elif defined(__riscv)
  return "riscv";
#elif defined(__s390x__)
  return "s390x";
#else
  return "other";
#endif
}

bool big_endian() {
  const std::uint16_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return first == 0;
}

void print_tallies(std::size_t& cases, std::size_t& mismatches) {
  std::printf("  \"groups\": [\n");
  for (std::size_t i = 0; i < tally_count; ++i) {
    const Tally& t = tallies[i];
    cases += t.cases;
    mismatches += t.mismatches;
    std::printf(
        "    {\"type\": \"%s\", \"group\": \"%s\", \"path\": \"%s\", \"kernel\": \"%s\", "
        "\"note\": \"%s\", \"cases\": %lu, \"mismatches\": %lu, \"examples\": [",
        t.type->name, t.group, t.path, t.kernel, t.note, static_cast<unsigned long>(t.cases),
        static_cast<unsigned long>(t.mismatches));
    const char* separator = "";
    for (std::size_t k = 0; k < example_count; ++k) {
      const Example& e = examples[k];
      if (e.tally != i) continue;
      std::printf("%s{\"a\": ", separator);
      print_hex(e.a, t.type->bytes);
      std::printf(", \"b\": ");
      print_hex(e.b, t.type->bytes);
      std::printf(", \"got\": ");
      print_hex(e.got, t.type->bytes);
      std::printf(", \"expected\": ");
      print_hex(e.expected, t.type->bytes);
      std::printf("}");
      separator = ", ";
    }
    std::printf("]}%s\n", i + 1 < tally_count ? "," : "");
  }
  std::printf("  ],\n");
}

void print_nan_records() {
  std::printf("  \"nan_results\": {\n");
  for (std::size_t r = 0; r < 4; ++r) {
    const NanRecord& n = nan_records[r];
    const std::size_t bytes = n.type->bytes;
    std::printf("    \"%s\": {\"zero_by_zero\": {\"proved\": ", n.type->name);
    print_hex(n.zero_by_zero_proved, bytes);
    std::printf(", \"fastest\": ");
    print_hex(n.zero_by_zero_fastest, bytes);
    std::printf(
        "}, \"invalid_operation\": %llu, \"nan_operand_payload_kept\": %llu, "
        "\"nan_operand_payload_replaced\": %llu, \"patterns_beyond_list\": %llu, "
        "\"patterns\": [",
        static_cast<unsigned long long>(n.invalid_operation),
        static_cast<unsigned long long>(n.operand_payload_kept),
        static_cast<unsigned long long>(n.operand_payload_replaced),
        static_cast<unsigned long long>(n.beyond));
    for (std::size_t k = 0; k < n.distinct; ++k) {
      const NanPattern& p = n.patterns[k];
      std::printf("%s{\"bits\": ", k == 0 ? "" : ", ");
      print_hex(p.bits, bytes);
      std::printf(", \"quiet\": %s, \"count\": %llu, \"first_a\": ",
                  n.type->is_quiet_nan(p.bits) ? "true" : "false",
                  static_cast<unsigned long long>(p.count));
      print_hex(p.a, bytes);
      std::printf(", \"first_b\": ");
      print_hex(p.b, bytes);
      std::printf("}");
    }
    std::printf("]}%s\n", r + 1 < 4 ? "," : "");
  }
  std::printf("  },\n");
}

std::size_t print_errors() {
  std::size_t failures = 0;
  std::printf("  \"error_cases\": [\n");
  for (std::size_t i = 0; i < error_count; ++i) {
    const ErrorCase& e = error_cases[i];
    failures += e.passed ? 0 : 1;
    std::printf("    {\"case\": \"%s\", \"type\": \"%s\", \"mode\": \"%s\", \"passed\": %s}%s\n",
                e.name, e.type != nullptr ? e.type->name : "float32", e.mode,
                e.passed ? "true" : "false", i + 1 < error_count ? "," : "");
  }
  std::printf("  ],\n");
  return failures;
}

void print_stack() {
  std::printf("  \"stack\": {\"measured\": %s, \"method\": \"%s\", \"functions\": [",
#ifdef SONNX_PLATFORM_PAINT_STACK
              "true",
              "stack below the caller painted before each call, deepest overwritten word after it"
#else
              "false", "not measured on this target (bare-metal image only)"
#endif
  );
  const StackRecord* records[] = {&stack_div4, &stack_div3};
  for (std::size_t i = 0; i < 2; ++i) {
    std::printf("%s{\"function\": \"%s\", \"calls\": %lu, \"max_bytes\": %lu}", i == 0 ? "" : ", ",
                records[i]->function, static_cast<unsigned long>(records[i]->calls),
                static_cast<unsigned long>(records[i]->max_bytes));
  }
  std::printf("]},\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Options start with "--"; other arguments are ignored (picolibc's semihosting start-up passes
  // the image's name as an argument).
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg.substr(0, 2) != "--") continue;
    if (arg == "--plant-fault=quotient") {
      planted = Fault::quotient;
    } else if (arg == "--plant-fault=signaling-nan") {
      planted = Fault::signaling_nan;
    } else if (arg == "--plant-fault=error-write") {
      planted = Fault::error_write;
    } else {
      std::printf(
          "platform_test: unknown argument %s\nusage: platform_test "
          "[--plant-fault=quotient|signaling-nan|error-write]\n",
          argv[i]);
      return 2;
    }
  }
  // The one-time reading of SONNX_DIV_KERNELS happens here, outside the stack measurements.
  const Kernels default_mode = sonnx::default_kernels();
  run_vectors();
  run_seeds();
  run_errors();
  for (NanRecord& n : nan_records) {
    n.zero_by_zero_proved = divide_one(*n.type, 0, 0, Kernels::proved);
    n.zero_by_zero_fastest = divide_one(*n.type, 0, 0, Kernels::fastest);
  }

  std::printf("SONNX-PLATFORM-BEGIN\n{\n");
  std::printf("  \"architecture\": \"%s\",\n  \"compiler\": \"%s %s\",\n", target_name(),
#ifdef __clang__
              "clang",
#else
              "gcc",
#endif
              __VERSION__);
  std::printf("  \"fast_path_instruction_set\": \"%s\",\n  \"default_kernels\": \"%s\",\n",
              sonnx::fast_path_instruction_set(),
              default_mode == Kernels::fastest ? "fastest" : "proved");
  std::printf("  \"big_endian\": %s,\n  \"pointer_bytes\": %u,\n  \"flt_eval_method\": %d,\n",
              big_endian() ? "true" : "false", static_cast<unsigned>(sizeof(void*)),
              static_cast<int>(FLT_EVAL_METHOD));
  std::printf("  \"iec559\": {\"float\": %s, \"double\": %s},\n",
              std::numeric_limits<float>::is_iec559 ? "true" : "false",
              std::numeric_limits<double>::is_iec559 ? "true" : "false");
  std::printf("  \"subnormals_kept\": {");
  for (std::size_t r = 0; r < 4; ++r) {
    std::printf("%s\"%s\": %s", r == 0 ? "" : ", ", nan_records[r].type->name,
                subnormals_kept(*nan_records[r].type) ? "true" : "false");
  }
  std::printf("},\n  \"vectors\": {\"seed\": %llu, \"sampled_per_type\": %llu},\n",
              vectors_seed_used(), vectors_sample_used());
  std::size_t cases = 0;
  std::size_t mismatches = 0;
  print_tallies(cases, mismatches);
  print_nan_records();
  const std::size_t error_failures = print_errors();
  print_stack();
  const bool passed = mismatches == 0 && quiet_nan_violations == 0 && error_failures == 0;
  std::printf(
      "  \"totals\": {\"cases\": %lu, \"mismatches\": %lu, \"quiet_nan_violations\": %lu, "
      "\"error_cases\": %lu, \"error_case_failures\": %lu},\n",
      static_cast<unsigned long>(cases), static_cast<unsigned long>(mismatches),
      static_cast<unsigned long>(quiet_nan_violations), static_cast<unsigned long>(error_count),
      static_cast<unsigned long>(error_failures));
  std::printf("  \"passed\": %s\n}\nSONNX-PLATFORM-END\n", passed ? "true" : "false");
  return passed ? 0 : 1;
}
