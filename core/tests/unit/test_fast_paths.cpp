// Requirement D9: the run-time selected fast paths return the proved kernels' bits. The reference
// is each type's Frama-C/WP-proved kernel; the 16-bit types get all 2^32 pairs in the main job
// (`sonnx-div verify-exhaustive --fast-paths`), here the 8-bit types get every pair and the others
// a seeded sample with every boundary pair.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sonnx/div.hpp>
#include <string>
#include <utility>
#include <vector>

#include "div/fast/div_kernel_tables.hpp"
#include "div/kernels/div_kernels.h"
#include "div_test_support.hpp"
#include "sonnx_verify/fast_path_equivalence.hpp"

#if SONNX_DIV_X86_64_FAST_PATHS
#include <xmmintrin.h>  // _mm_getcsr: the MXCSR flags
#endif

using namespace sonnx;
using namespace sonnx::detail;

namespace {

EquivalenceResult check(FastPathType type, std::uint64_t sample, std::uint64_t rows = 0) {
  EquivalenceOptions options;
  options.type = type;
  options.tables = runnable_kernel_tables();
  options.sample = sample;
  options.rows = rows;
  options.threads = 2;
  return check_fast_path_equivalence(options);
}

// float16, bfloat16, int64 and uint64 have a fast kernel in the AVX2+F16C table only: where no
// table this CPU runs has one (an x86-64 CPU without AVX2 or F16C, every other target), the
// proved kernel itself runs and the check compares nothing.
bool compares_a_fast_kernel(FastPathType type) {
  const bool avx2_only = type == FastPathType::float16 || type == FastPathType::bfloat16 ||
                         type == FastPathType::int64 || type == FastPathType::uint64;
  return !avx2_only || avx2_fast_paths_supported();
}

void require_equal_to_proved(const EquivalenceResult& result, FastPathType type) {
  INFO(equivalence_json(result));
  if (!compares_a_fast_kernel(type)) {
    CHECK(result.instruction_sets.empty());
    return;
  }
  CHECK(!result.instruction_sets.empty());
  CHECK(result.mismatches == 0);
  CHECK(result.passed());
}

}  // namespace

TEST_CASE("8-bit fast paths equal the proved kernels on every operand pair", "[D9][I1][C3][D3]") {
  for (const FastPathType type : {FastPathType::int8, FastPathType::uint8}) {
    const EquivalenceResult result = check(type, 0);
    require_equal_to_proved(result, type);
    CHECK(result.mode == "exhaustive");
    CHECK(result.pairs_checked == 65536);
    // 256 zero divisors, and for int8 the one pair -128 / -1.
    CHECK(result.pairs_outside_domain == (type == FastPathType::int8 ? 257u : 256u));
  }
}

TEST_CASE("16-bit and 32-bit fast paths equal the proved kernels on boundary and random pairs",
          "[D9][I1][F2][C3][D3]") {
  for (const FastPathType type :
       {FastPathType::float16, FastPathType::bfloat16, FastPathType::int16, FastPathType::uint16,
        FastPathType::int32, FastPathType::uint32}) {
    const EquivalenceResult result = check(type, 1u << 20);
    require_equal_to_proved(result, type);
    if (!compares_a_fast_kernel(type)) continue;
    CHECK(result.mode == "sample");
    CHECK(result.pairs_checked > (1u << 20));
  }
}

TEST_CASE("64-bit fast paths equal the proved kernels on boundary, random and below-2^53 pairs",
          "[D9][I1][C3][D3]") {
  for (const FastPathType type : {FastPathType::int64, FastPathType::uint64}) {
    const EquivalenceResult result = check(type, 1u << 20);
    require_equal_to_proved(result, type);
    if (!compares_a_fast_kernel(type)) continue;  // the baseline table runs the proved kernels
    CHECK(result.instruction_sets == std::vector<std::string>{"AVX2+F16C"});
    CHECK(result.pairs_checked > (1u << 20));
  }
}

TEST_CASE("the equivalence check catches a fast path that differs from the proved kernel", "[D9]") {
  // A table whose int8 kernel floors instead of truncating (seeded fault): the check must fail.
  KernelTable faulty = baseline_kernel_table();
  faulty.instruction_set = "faulty";
  faulty.int8 = [](const std::int8_t* a, const std::int8_t* b, std::int8_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const int q = a[i] / b[i];
      c[i] = static_cast<std::int8_t>(q - ((a[i] % b[i] != 0) && ((a[i] < 0) != (b[i] < 0))));
    }
  };
  EquivalenceOptions options;
  options.tables = {&faulty};
  options.type = FastPathType::int8;
  const EquivalenceResult floor_result = check_fast_path_equivalence(options);
  CHECK(floor_result.mismatches > 0);
  CHECK_FALSE(floor_result.passed());
  REQUIRE(!floor_result.examples.empty());
  CHECK(floor_result.examples.front().instruction_set == "faulty");
  // A domain scan that misses the zero divisors must fail the check too (planted: the scan is the
  // proved one of the type, the same on every table).
  options.type = FastPathType::uint8;
  options.planted_scan_fault = EquivalenceOptions::PlantedScanFault::miss;
  const EquivalenceResult scan_result = check_fast_path_equivalence(options);
  CHECK(scan_result.mismatches == 256);  // every zero divisor missed
  CHECK(scan_result.examples.front().instruction_set == "domain scan");
  // A scan that always reports a violation is a false alarm on each row.
  options.planted_scan_fault = EquivalenceOptions::PlantedScanFault::false_alarm;
  faulty.int16 = baseline_kernel_table().int16;
  options.type = FastPathType::int16;
  options.sample = 1;  // the boundary rows and one random row
  const EquivalenceResult alarm_result = check_fast_path_equivalence(options);
  CHECK(alarm_result.mismatches > 0);
  // The evidence record names the requirement and carries the examples.
  const std::string json = equivalence_json(floor_result);
  CHECK(json.find("\"requirements\": [\n    \"D9\"") != std::string::npos);
  CHECK(json.find("\"passed\": false") != std::string::npos);
  CHECK(json.find("\"instruction_set\": \"faulty\"") != std::string::npos);
}

TEST_CASE("8-bit sampled, 16-bit exhaustive prefix: both modes of every width", "[D9][I1][F2]") {
  for (const FastPathType type : {FastPathType::int8, FastPathType::uint8}) {
    const EquivalenceResult result = check(type, 4096);
    require_equal_to_proved(result, type);
    CHECK(result.mode == "sample");
  }
  for (const FastPathType type :
       {FastPathType::float16, FastPathType::bfloat16, FastPathType::int16, FastPathType::uint16}) {
    const EquivalenceResult result = check(type, 0, 2);  // a = r + i, b = i for r = 0, 1, all i
    require_equal_to_proved(result, type);
    if (!compares_a_fast_kernel(type)) continue;
    CHECK(result.mode == "exhaustive-prefix");
    CHECK(result.pairs_checked == 2 * 65536);
    if (type == FastPathType::int16 || type == FastPathType::uint16) {
      // One zero divisor per row (i = 0); MIN / -1 (a = 0x8000, b = 0xFFFF) is in row 0x8001.
      CHECK(result.pairs_outside_domain == 2);
    }
  }
}

TEST_CASE("an equivalence check that compares no fast kernel does not pass", "[D9]") {
  EquivalenceOptions options;
  options.type = FastPathType::int8;
  const EquivalenceResult nothing = check_fast_path_equivalence(options);  // no tables
  CHECK(nothing.instruction_sets.empty());
  CHECK(nothing.pairs_checked == 0);
  CHECK(nothing.mismatches == 0);
  CHECK_FALSE(nothing.passed());
  // No time measured: no rate, not a division by 0.
  CHECK(EquivalenceResult{}.pairs_per_s() == 0.0);
  // A table whose kernel is the proved one itself is skipped, so it compares nothing either.
  KernelTable proved_only = baseline_kernel_table();
  proved_only.int8 = sonnx_div_i8;
  options.tables = {&proved_only};
  CHECK_FALSE(check_fast_path_equivalence(options).passed());
  // The tables this CPU runs: the baseline first, then AVX2+F16C where the CPU has both.
  const auto tables = runnable_kernel_tables();
  REQUIRE(!tables.empty());
  CHECK(tables.front() == &baseline_kernel_table());
  CHECK(tables.size() == (avx2_fast_paths_supported() ? 2u : 1u));
}

TEST_CASE("a wrong fast kernel of any width is reported, examples capped over all threads",
          "[D9]") {
  KernelTable faulty = baseline_kernel_table();
  faulty.instruction_set = "faulty";
  faulty.uint8 = [](const std::uint8_t*, const std::uint8_t*, std::uint8_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) c[i] = 0xFF;
  };
  EquivalenceOptions options;
  options.type = FastPathType::uint8;
  options.tables = {&faulty};
  options.threads = 2;
  options.max_examples = 3;
  const EquivalenceResult result = check_fast_path_equivalence(options);
  // 0xFF is the true quotient of 255 / 1 only; a zero divisor is replaced by 1 once the domain
  // scan has reported it, so 255 / 0 is compared as 255 / 1 too. Every other pair mismatches, in
  // each of the three runs (into a buffer of its own, c = a, c = b), and each of the 256 pairs
  // (x, x) of c = a = b, whose quotient is 1.
  CHECK(result.mismatches == 3 * (65536 - 2) + 256);
  CHECK(result.examples.size() == 3);
  // The check of every other element width reports a kernel that writes all-ones quotients.
  faulty.float16 = [](const std::uint16_t*, const std::uint16_t*, std::uint16_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) c[i] = 0xFFFF;
  };
  faulty.int32 = [](const std::int32_t*, const std::int32_t*, std::int32_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) c[i] = -1;
  };
  faulty.uint32 = [](const std::uint32_t*, const std::uint32_t*, std::uint32_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) c[i] = 0xFFFFFFFF;
  };
  options.sample = 1;  // the boundary rows and one random row
  for (const FastPathType type :
       {FastPathType::float16, FastPathType::int32, FastPathType::uint32}) {
    options.type = type;
    const EquivalenceResult wrong = check_fast_path_equivalence(options);
    CHECK(wrong.mismatches > 0);
    CHECK(wrong.examples.size() == 3);
    CHECK_FALSE(wrong.passed());
  }
}

TEST_CASE("the equivalence check runs every fast kernel in place too", "[D9][D6]") {
  // A kernel right into a buffer of its own but wrong in place: it sets the next output element
  // to 1 early, which with c = a or c = b is the next operand, before reading it (seeded fault).
  KernelTable faulty = baseline_kernel_table();
  faulty.instruction_set = "faulty";
  faulty.uint8 = [](const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* c, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      c[i] = static_cast<std::uint8_t>(a[i] / b[i]);
      if (i + 1 < n) c[i + 1] = 1;
    }
  };
  EquivalenceOptions options;
  options.type = FastPathType::uint8;
  options.tables = {&faulty};
  const EquivalenceResult result = check_fast_path_equivalence(options);
  CHECK(result.mismatches > 0);
  CHECK_FALSE(result.passed());
}

TEST_CASE("the fast paths are those of the CPU the tests expect", "[D9]") {
  // The façade's selection and the verification tables' agree on every CPU.
  CHECK(std::string(fast_path_instruction_set()) == selected_kernel_table().instruction_set);
  // Set by the CTest that runs the tests under an emulated CPU (unit_tests_without_avx2).
  const char* expected = std::getenv("SONNX_EXPECT_INSTRUCTION_SET");
  if (expected == nullptr) return;
  CHECK(std::string(fast_path_instruction_set()) == expected);
}

TEST_CASE("fast path type names", "[D9]") {
  for (const char* name :
       {"f16", "bf16", "int8", "int16", "int32", "uint8", "uint16", "uint32", "int64", "uint64"}) {
    const auto type = parse_fast_path_type(name);
    REQUIRE(type.has_value());
    CHECK(std::string(fast_path_type_name(*type)) == name);
  }
  CHECK_FALSE(parse_fast_path_type("float32").has_value());  // no fast path: the proved kernel runs
}

TEST_CASE("fast paths: every length, unaligned operands and in-place use", "[D9][D6][F2][I1]") {
  // Lengths 0..40 cover every tail of the 4-, 8-, 16- and 32-lane loops; offset 1 misaligns.
  const auto tables = runnable_kernel_tables();
  for (const KernelTable* table : tables) {
    INFO(table->instruction_set);
    for (std::size_t n = 0; n <= 40; ++n) {
      std::vector<std::uint16_t> a(n + 1), b(n + 1), proved(n + 1), fast(n + 1);
      std::vector<std::int32_t> ia(n + 1), ib(n + 1), iproved(n + 1), ifast(n + 1);
      std::vector<std::uint32_t> ua(n + 1), ub(n + 1), uproved(n + 1), ufast(n + 1);
      for (std::size_t i = 0; i <= n; ++i) {
        a[i] = static_cast<std::uint16_t>(0x3C00u + 977u * i);  // float16 1.0 upwards
        b[i] = static_cast<std::uint16_t>(0x4200u + 131u * i);  // float16 3.0 upwards
        ia[i] = -2147483647 + static_cast<std::int32_t>(12345679u * i);
        ib[i] =
            static_cast<std::int32_t>(i % 7) - 3 == 0 ? 5 : static_cast<std::int32_t>(i % 7) - 3;
        ua[i] = 4294967295u - 98765u * static_cast<std::uint32_t>(i);
        ub[i] = 1u + 3u * static_cast<std::uint32_t>(i);
      }
      sonnx_div_f16(a.data() + 1, b.data() + 1, proved.data() + 1, n);
      table->float16(a.data() + 1, b.data() + 1, fast.data() + 1, n);
      CHECK(proved == fast);
      sonnx_div_i32(ia.data() + 1, ib.data() + 1, iproved.data() + 1, n);
      table->int32(ia.data() + 1, ib.data() + 1, ifast.data() + 1, n);
      CHECK(iproved == ifast);
      sonnx_div_u32(ua.data() + 1, ub.data() + 1, uproved.data() + 1, n);
      table->uint32(ua.data() + 1, ub.data() + 1, ufast.data() + 1, n);
      CHECK(uproved == ufast);
      // In place: C is A.
      table->bfloat16(a.data() + 1, b.data() + 1, a.data() + 1, n);
      std::vector<std::uint16_t> original(n + 1), expected(n + 1);
      for (std::size_t i = 0; i <= n; ++i)
        original[i] = static_cast<std::uint16_t>(0x3C00u + 977u * i);
      sonnx_div_bf16(original.data() + 1, b.data() + 1, expected.data() + 1, n);
      CHECK(std::memcmp(a.data() + 1, expected.data() + 1, n * sizeof(std::uint16_t)) == 0);
    }
  }
}

TEST_CASE("fast paths give the seed's integer and float16 quotients", "[D9][I1][F2]") {
  // -35 / 3 = -11 (seed 002, truncation toward zero) through every integer fast path;
  // float16 1/3 = 0x3555 and bfloat16 1/3 = 0x3EAB (round to nearest even, hand computed).
  for (const KernelTable* table : runnable_kernel_tables()) {
    INFO(table->instruction_set);
    const std::int8_t a8 = -35, b8 = 3;
    std::int8_t c8 = 0;
    table->int8(&a8, &b8, &c8, 1);
    CHECK(c8 == -11);
    const std::int16_t a16 = -35, b16 = 3;
    std::int16_t c16 = 0;
    table->int16(&a16, &b16, &c16, 1);
    CHECK(c16 == -11);
    const std::int32_t a32 = -35, b32 = 3;
    std::int32_t c32 = 0;
    table->int32(&a32, &b32, &c32, 1);
    CHECK(c32 == -11);
    const std::uint32_t ua = 4294967295u, ub = 2u;
    std::uint32_t uc = 0;
    table->uint32(&ua, &ub, &uc, 1);
    CHECK(uc == 2147483647u);
    const std::uint16_t one_f16 = 0x3C00, three_f16 = 0x4200;
    std::uint16_t q = 0;
    table->float16(&one_f16, &three_f16, &q, 1);
    CHECK(q == 0x3555);
    const std::uint16_t one_bf16 = 0x3F80, three_bf16 = 0x4040;
    table->bfloat16(&one_bf16, &three_bf16, &q, 1);
    CHECK(q == 0x3EAB);
  }
}

TEST_CASE("uint32 fast path: divisor 1 and operands near 2^32", "[D9][I1]") {
  // The route converts operands and quotients through int32 and divides a divisor 1 as 2; these
  // pairs (hand computed) reach each of those steps, in the vector loop body (n = 32) as well.
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs{
      {4294967295u, 1u},       {2147483648u, 1u},          {0u, 1u},
      {2147483647u, 1u},       {4294967295u, 2u},          {4294967295u, 3u},
      {99999999u, 100000000u}, {4294967294u, 4294967295u}, {4294967295u, 4294967295u},
      {0u, 4294967295u},       {2147483648u, 2u},          {35u, 3u}};
  const std::vector<std::uint32_t> quotients{4294967295u, 2147483648u, 0u,          2147483647u,
                                             2147483647u, 1431655765u, 0u,          0u,
                                             1u,          0u,          1073741824u, 11u};
  const std::size_t n = 32;
  std::vector<std::uint32_t> a(n), b(n), expected(n), c(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = pairs[i % pairs.size()].first;
    b[i] = pairs[i % pairs.size()].second;
    expected[i] = quotients[i % pairs.size()];
  }
  for (const KernelTable* table : runnable_kernel_tables()) {
    INFO(table->instruction_set);
    std::fill(c.begin(), c.end(), 7u);
    table->uint32(a.data(), b.data(), c.data(), n);
    CHECK(c == expected);
  }
}

TEST_CASE("the checked API gives the same bits with the fast paths and the proved kernels",
          "[D9][I1][F2]") {
  const std::vector<std::int64_t> shape{3};
  const std::vector<std::uint16_t> a{0x3C00, 0x0001, 0x7E01}, b{0x4200, 0x4000, 0x3C00};
  for (const DataType type : {DataType::float16, DataType::bfloat16}) {
    std::vector<std::uint16_t> fast(3), proved(3);
    REQUIRE(div({type, shape, a.data()}, {type, shape, b.data()}, {type, shape, fast.data()},
                Kernels::fastest)
                .ok());
    REQUIRE(div({type, shape, a.data()}, {type, shape, b.data()}, {type, shape, proved.data()},
                Kernels::proved)
                .ok());
    CHECK(fast == proved);
  }
  // Domain errors are found before either kernel runs.
  const auto domain = test::run_div<std::int16_t>(DataType::int16, {3}, {1, -32768, 3}, {1, -1, 0});
  CHECK(domain.status.requirement == "D3");
  CHECK(domain.status.flat_index == 1u);
  CHECK(domain.c == std::vector<std::int16_t>(3, test::sentinel<std::int16_t>()));
}

TEST_CASE("SONNX_DIV_KERNELS selects the kernels of div(a, b, c)", "[D9]") {
  const char* value = std::getenv("SONNX_DIV_KERNELS");
  const Kernels expected =
      value == nullptr || std::strcmp(value, "fastest") == 0 ? Kernels::fastest : Kernels::proved;
  CHECK(default_kernels() == expected);
  const std::string isa = fast_path_instruction_set();
#if SONNX_DIV_X86_64_FAST_PATHS
  CHECK((isa == "AVX2+F16C" || isa == "x86-64 baseline"));
#else  // no run-time selection: the target's baseline table
  CHECK(isa == baseline_kernel_table().instruction_set);
  CHECK(isa.find("x86-64") == std::string::npos);
#endif
  CHECK((isa == "AVX2+F16C") == avx2_fast_paths_supported());
}

// core/tests/unit/fp_contract_probe.cpp, compiled with the fast paths' options: a check of the
// build's flags (AS-PLAT-3), not of library code, hence no requirement tag.
double baseline_multiply_subtract_probe(double x, double y, double z) noexcept;
double avx2_multiply_subtract_probe(double x, double y, double z) noexcept;

TEST_CASE("no fused multiply-add contraction with the fast paths' compile options", "[platform]") {
  // x = 1 + 2^-30: x*x = 1 + 2^-29 + 2^-60 exactly; rounded first, minus (1 + 2^-29) gives 0,
  // fused it gives 2^-60.
  const double x = 1.0 + 0x1p-30;
  const double z = 1.0 + 0x1p-29;
  CHECK(baseline_multiply_subtract_probe(x, x, z) == 0.0);
#if SONNX_DIV_X86_64_FAST_PATHS
  if (avx2_fast_paths_supported()) CHECK(avx2_multiply_subtract_probe(x, x, z) == 0.0);
#endif
}

TEST_CASE("the domain scan finds violations in any block, after divisors -1 that are fine",
          "[C3][D3][D7]") {
  // 10 000 elements span several scan blocks (1024 elements each); a divisor -1 with a non-MIN
  // dividend in the first block must not stop the scan, the MIN / -1 at 5000 is the first
  // violation.
  const std::size_t n = 10000;
  std::vector<std::int64_t> a(n, 7), b(n, 2);
  b[10] = -1;
  a[5000] = std::numeric_limits<std::int64_t>::min();
  b[5000] = -1;
  b[9000] = 0;
  const std::vector<std::int64_t> shape{static_cast<std::int64_t>(n)};
  for (const Kernels kernels : {Kernels::fastest, Kernels::proved}) {
    std::vector<std::int64_t> c(n, 42);
    const Status overflow =
        div({DataType::int64, shape, a.data()}, {DataType::int64, shape, b.data()},
            {DataType::int64, shape, c.data()}, kernels);
    CHECK(overflow.requirement == "D3");
    CHECK(overflow.flat_index == 5000u);
    CHECK(c == std::vector<std::int64_t>(n, 42));
    b[5000] = 1;
    const Status zero = div({DataType::int64, shape, a.data()}, {DataType::int64, shape, b.data()},
                            {DataType::int64, shape, c.data()}, kernels);
    CHECK(zero.requirement == "C3");
    CHECK(zero.flat_index == 9000u);
    CHECK(c == std::vector<std::int64_t>(n, 42));
    b[5000] = -1;
  }
}

// The int16, int32 and int64 scans test a block's divisors for 0 or -1 first and the whole block
// only when one is: in a block holding a MIN / -1 before a zero divisor, the first violation is
// still the MIN / -1, and a zero before it is reported as such.
TEMPLATE_TEST_CASE("the domain scan reports the first violation of a block holding both kinds",
                   "[C3][D3][D7]", std::int8_t, std::int16_t, std::int32_t, std::int64_t) {
  const std::size_t n = 3000;
  const auto type = test::integer_data_type<TestType>();
  const std::vector<std::int64_t> shape{static_cast<std::int64_t>(n)};
  std::vector<TestType> a(n, 7), b(n, 2);
  a[1100] = std::numeric_limits<TestType>::min();
  b[1100] = -1;
  b[1200] = 0;
  for (const Kernels kernels : {Kernels::fastest, Kernels::proved}) {
    std::vector<TestType> c(n, 42);
    const Status overflow =
        div({type, shape, a.data()}, {type, shape, b.data()}, {type, shape, c.data()}, kernels);
    CHECK(overflow.requirement == "D3");
    CHECK(overflow.flat_index == 1100u);
    b[1050] = 0;
    const Status zero =
        div({type, shape, a.data()}, {type, shape, b.data()}, {type, shape, c.data()}, kernels);
    CHECK(zero.requirement == "C3");
    CHECK(zero.flat_index == 1050u);
    CHECK(c == std::vector<TestType>(n, 42));
    b[1050] = 2;
  }
}

TEST_CASE("subnormals survive every fast path: no FTZ, no DAZ", "[D9][F2]") {
#if SONNX_DIV_X86_64_FAST_PATHS
  // MXCSR bit 15 is flush-to-zero, bit 6 denormals-are-zero; both must be clear (AS-PLAT-6).
  CHECK((_mm_getcsr() & 0x8040u) == 0u);
#endif
  // bfloat16 shares binary32's exponent range, so its subnormals reach the binary32 division:
  // min subnormal 0x0001 / 1 = 0x0001 (DAZ would give 0) and min normal 0x0080 / 2 = 0x0040, a
  // subnormal (FTZ would give 0). float16 0x0001 / 1 = 0x0001 checks the F16C widening.
  const std::uint16_t bf16_a[] = {0x0001, 0x0080}, bf16_b[] = {0x3F80, 0x4000};
  const std::uint16_t f16_a[] = {0x0001, 0x0400}, f16_b[] = {0x3C00, 0x4000};
  for (const KernelTable* table : runnable_kernel_tables()) {
    INFO(table->instruction_set);
    std::uint16_t c[2] = {};
    table->bfloat16(bf16_a, bf16_b, c, 2);
    CHECK(c[0] == 0x0001);
    CHECK(c[1] == 0x0040);
    table->float16(f16_a, f16_b, c, 2);
    CHECK(c[0] == 0x0001);
    CHECK(c[1] == 0x0200);  // min normal / 2 = the largest power-of-two subnormal
  }
}
