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
