// The verification engine behind `sonnx-div verify-exhaustive`, in sample mode: it passes the
// library's kernels, and it catches deliberately wrong kernels defined here (truncation instead of
// round-to-nearest-even, subnormal flushing), so a passing sweep is meaningful.
#include <catch2/catch.hpp>

#include <cstring>

#include "common/kernels/sonnx_float_formats.h"
#include "div/kernels/div_kernels.h"
#include "oracle_test_support.hpp"
#include "sonnx_verify/exhaustive.hpp"

using namespace sonnx::oracle;

namespace {

std::uint32_t float_bits(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

// bfloat16 quotient truncated (round toward zero) instead of rounded to nearest-even.
void bf16_truncating_kernel(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                            std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const float q = sonnx_bfloat16_to_binary32(a[i]) / sonnx_bfloat16_to_binary32(b[i]);
    c[i] = static_cast<std::uint16_t>(float_bits(q) >> 16);
  }
}

// float16 quotient with subnormal results flushed to (signed) zero.
void f16_flushing_kernel(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                         std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t q = sonnx_div_binary16_element(a[i], b[i]);
    c[i] = binary16.is_subnormal(q) ? static_cast<std::uint16_t>(q & 0x8000) : q;
  }
}

// float16 quotient whose NaN results are signaling: the quiet bit cleared (the lowest payload bit
// set so that it stays a NaN). IEEE 754 requires a division to return a quiet NaN.
void f16_signaling_nan_kernel(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                              std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t q = sonnx_div_binary16_element(a[i], b[i]);
    c[i] = binary16.is_nan(q) ? static_cast<std::uint16_t>((q & ~0x0200u) | 1u) : q;
  }
}

SweepResult sample(const BinaryFormat& f, Kernel16 kernel, std::uint64_t n) {
  SweepOptions options;
  options.format = &f;
  options.kernel = kernel;
  options.kernel_name = "test";
  options.threads = 2;
  options.sample = n;
  options.seed = sonnx::oracle_test::test_seed();
  return run_sweep(options);
}

}  // namespace

TEST_CASE("verify-exhaustive sample mode passes the library's float16/bfloat16 kernels", "[F2]") {
  const std::pair<const BinaryFormat*, Kernel16> kernels[] = {{&binary16, sonnx_div_f16},
                                                              {&bfloat16, sonnx_div_bf16}};
  for (const auto& [f, kernel] : kernels) {
    INFO(f->name);
    const SweepResult r = sample(*f, kernel, 200000);
    const std::size_t specials = 2 * special_magnitudes(*f).size();
    CHECK(r.pairs_checked == 200000 + specials * specials);
    CHECK(r.mismatches == 0);
    CHECK(r.symmetry_checks > 200000 / 16);
    CHECK(r.symmetry_failures == 0);
    CHECK(r.oracle_calls >= r.pairs_checked);
    CHECK(r.passed());
    CHECK(r.mode == "sample");
    const std::string json = sweep_json(r, "test");
    CHECK(json.find("\"mismatches\": 0,") != std::string::npos);
    CHECK(json.find("\"oracle\": \"MPFR ") != std::string::npos);
    CHECK(json.find("\"mode\": \"sample\"") != std::string::npos);
  }
}

TEST_CASE("verify-exhaustive catches a truncating bfloat16 kernel", "[oracle]") {
  const SweepResult r = sample(bfloat16, bf16_truncating_kernel, 200000);
  CHECK(r.mismatches > 10000);
  CHECK_FALSE(r.passed());
  REQUIRE_FALSE(r.mismatch_examples.empty());
  const MismatchExample& m = r.mismatch_examples.front();
  CHECK(m.got != m.expected);
  CHECK(sweep_json(r, "test").find("\"passed\": false") != std::string::npos);
}

TEST_CASE("verify-exhaustive catches a float16 kernel that flushes subnormal results", "[oracle]") {
  const SweepResult r = sample(binary16, f16_flushing_kernel, 200000);
  CHECK(r.mismatches > 0);
  CHECK_FALSE(r.passed());
}

TEST_CASE("the comparison rule: quiet NaNs match whatever their sign and payload, a signaling NaN "
          "matches only itself", "[oracle]") {
  CHECK(same_result(binary16, 0x7E00, 0xFE00));   // x86-64's and Arm's 0/0
  CHECK(same_result(binary16, 0x7E01, 0x7FFF));
  CHECK_FALSE(same_result(binary16, 0x7C01, 0x7E00));  // signaling against quiet
  CHECK_FALSE(same_result(binary16, 0x7E00, 0x7C00));  // NaN against infinity
  CHECK_FALSE(same_result(binary32, 0x00000000, 0x80000000));  // signed zeros differ
  CHECK(same_result(bfloat16, 0xFFC0, 0x7FC1));
  CHECK_FALSE(same_result(bfloat16, 0x7F81, 0x7FC0));
}

TEST_CASE("verify-exhaustive catches signaling NaN results and reports every NaN pattern",
          "[oracle]") {
  const SweepResult bad = sample(binary16, f16_signaling_nan_kernel, 20000);
  CHECK(bad.mismatches > 0);
  CHECK_FALSE(bad.passed());
  REQUIRE_FALSE(bad.nan_results.empty());
  for (const NanResult& n : bad.nan_results) CHECK_FALSE(binary16.is_quiet_nan(n.bits));
  CHECK(sweep_json(bad, "test").find("\"signaling\": 0,") == std::string::npos);
  // The library's kernel: quiet NaNs only, each pattern counted with its first operand pair.
  const SweepResult good = sample(binary16, sonnx_div_f16, 20000);
  CHECK(good.passed());
  REQUIRE_FALSE(good.nan_results.empty());
  std::uint64_t counted = 0;
  for (const NanResult& n : good.nan_results) {
    CHECK(binary16.is_quiet_nan(n.bits));
    CHECK(binary16.is_nan(sonnx_div_binary16_element(n.first_a, n.first_b)));
    counted += n.count;
  }
  CHECK(counted > 0);
  CHECK(sweep_json(good, "test").find("\"signaling\": 0,") != std::string::npos);
}

TEST_CASE("special operand set of sample mode covers every IEEE class", "[oracle]") {
  for (const BinaryFormat* f : {&binary16, &bfloat16}) {
    INFO(f->name);
    bool zero = false, subnormal = false, normal = false, inf = false, nan = false, quiet = false,
         signalling = false;
    for (const std::uint16_t x : special_magnitudes(*f)) {
      zero |= f->is_zero(x);
      subnormal |= f->is_subnormal(x);
      normal |= f->is_finite(x) && !f->is_zero(x) && !f->is_subnormal(x);
      inf |= f->is_inf(x);
      nan |= f->is_nan(x);
      quiet |= x == f->quiet_nan();
      signalling |= f->is_nan(x) && (x & (std::uint64_t{1} << (f->precision - 2))) == 0;
    }
    CHECK((zero && subnormal && normal && inf && nan && quiet && signalling));
  }
}
