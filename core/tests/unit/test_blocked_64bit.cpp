// Requirements D9 and I1 for int64 and uint64: the fastest-mode kernels (on AVX2, the blocked
// kernels: the binary64 route on every block of 128 elements that their decision scans and finds
// with all operands below 2^53 in magnitude, converting through int32 when they are all below
// 2^31, C's integer division on the others) give the truncated quotient, through the checked
// API in both kernel modes. Expected values are hand computed; the operands at and above 2^53 are
// those for which binary64 would round (2^53 + 1 converts to 2^53), so a wrong block decision
// shows as a wrong quotient.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <sonnx/div.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "div/kernels/div_route_kernels.h"
#include "div_test_support.hpp"

using namespace sonnx;

namespace {

constexpr std::size_t block = 128;  // SONNX_DIV_BLOCK_ELEMENTS of div_route_kernels.c
constexpr std::size_t n = 3 * block + 17;
constexpr std::int64_t p53 = std::int64_t{1} << 53;  // 9007199254740992

struct BlockedCase {
  std::size_t index;
  std::int64_t a, b, q;
};

// Four blocks: 0 and 2 have every operand below 2^53 (the route), 1 and the partial block 3
// each have at least one operand at or above 2^53 (the integer division). Every other element
// divides -7 by 2 (-3, truncation toward zero).
const std::vector<BlockedCase> signed_cases = {
    {0, p53 - 1, 2, 4503599627370495},      // 4503599627370495.5
    {1, -(p53 - 1), 2, -4503599627370495},  // -4503599627370495.5
    {2, p53 - 1, 3, 3002399751580330},      // ...330.33
    {3, p53 - 1, p53 - 2, 1},               // 1 + 1/(2^53 - 2)
    {4, p53 - 2, p53 - 1, 0},               // 1 - 1/(2^53 - 1): binary64 rounds it below 1
    {5, 7, -2, -3},
    {6, -7, -2, 3},
    {7, -(p53 - 1), -(p53 - 1), 1},
    {block + 44, p53 + 1, 1, p53 + 1},       // binary64 would give 2^53
    {block + 45, p53, 3, 3002399751580330},  // ...330.67
    {3 * block - 1, -(p53 - 1), 3, -3002399751580330},
    {3 * block, std::numeric_limits<std::int64_t>::max(), 2, 4611686018427387903},
    {3 * block + 1, std::numeric_limits<std::int64_t>::min(), 2, -4611686018427387904},
    {3 * block + 2, std::numeric_limits<std::int64_t>::min(), 1,
     std::numeric_limits<std::int64_t>::min()},
    {3 * block + 3, -(p53 + 1), 1, -(p53 + 1)},
    {3 * block + 4, 7, p53, 0},  // only the divisor at 2^53
    {3 * block + 16, std::numeric_limits<std::int64_t>::max(), -1, -9223372036854775807},
};

template <typename T>
void require_quotients(DataType type, const std::vector<T>& a, const std::vector<T>& b,
                       const std::vector<T>& expected) {
  const std::vector<std::int64_t> shape{static_cast<std::int64_t>(a.size())};
  for (const Kernels kernels : {Kernels::fastest, Kernels::proved}) {
    INFO((kernels == Kernels::fastest ? "fastest" : "proved"));
    std::vector<T> c(a.size());
    REQUIRE(div({type, shape, a.data()}, {type, shape, b.data()}, {type, shape, c.data()}, kernels)
                .ok());
    CHECK(c == expected);
    std::vector<T> in_place = a;  // C is A (D6)
    REQUIRE(div({type, shape, in_place.data()}, {type, shape, b.data()},
                {type, shape, in_place.data()}, kernels)
                .ok());
    CHECK(in_place == expected);
  }
}

}  // namespace

TEST_CASE("int64: binary64 route on blocks below 2^53, integer division on the others",
          "[D9][I1][D6]") {
  std::vector<std::int64_t> a(n, -7), b(n, 2), expected(n, -3);
  for (const BlockedCase& c : signed_cases) {
    a[c.index] = c.a;
    b[c.index] = c.b;
    expected[c.index] = c.q;
  }
  require_quotients(DataType::int64, a, b, expected);
  // Every block at or above 2^53: the integer division throughout.
  std::vector<std::int64_t> big(n, p53 + 3), two(n, 2), halves(n, 4503599627370497);
  require_quotients(DataType::int64, big, two, halves);
  // A single element, on either side of the bound.
  require_quotients(DataType::int64, std::vector<std::int64_t>{-(p53 - 1)},
                    std::vector<std::int64_t>{-4}, std::vector<std::int64_t>{2251799813685247});
  require_quotients(DataType::int64, std::vector<std::int64_t>{-p53 - 3},
                    std::vector<std::int64_t>{-1}, std::vector<std::int64_t>{p53 + 3});
}

TEST_CASE("uint64: binary64 route on blocks below 2^53, integer division on the others",
          "[D9][I1][D6]") {
  constexpr std::uint64_t u53 = std::uint64_t{1} << 53;
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> a(n, 7), b(n, 2), expected(n, 3);
  const struct {
    std::size_t index;
    std::uint64_t a, b, q;
  } cases[] = {
      {0, u53 - 1, 2, 4503599627370495},
      {1, u53 - 1, 3, 3002399751580330},
      {2, u53 - 2, u53 - 1, 0},
      {3, u53 - 1, u53 - 2, 1},
      {block + 44, u53 + 1, 1, u53 + 1},
      {3 * block - 1, u53 - 1, 1, u53 - 1},
      {3 * block, max, 2, 9223372036854775807u},
      {3 * block + 1, max, max, 1},
      {3 * block + 2, u53 * 1024, 3, 3074457345618258602u},  // 2^63 / 3
      {3 * block + 3, 7, u53, 0},
  };
  for (const auto& c : cases) {
    a[c.index] = c.a;
    b[c.index] = c.b;
    expected[c.index] = c.q;
  }
  require_quotients(DataType::uint64, a, b, expected);
  std::vector<std::uint64_t> big(n, max), three(n, 3), thirds(n, 6148914691236517205u);
  require_quotients(DataType::uint64, big, three, thirds);
}

TEST_CASE("int64 and uint64: the int32 route for blocks below 2^31 only", "[D9][I1][D6]") {
  // Blocks 0 and 3: every operand below 2^31 in magnitude (the int32 conversions). Blocks 1 and
  // 2: an operand at 2^31, whose quotient by 1 (or -1) does not fit int32, so a wrong block
  // decision shows. The kernels scan for 2^31 first after a block that went through int32
  // (block 1), else for 2^53 first (blocks 0, 2 and 3): each order meets both outcomes.
  constexpr std::int64_t m = 2147483647;  // 2^31 - 1
  std::vector<std::int64_t> a(4 * block, -35), b(4 * block, 3), expected(4 * block, -11);
  const std::vector<BlockedCase> narrow_cases = {{0, m, 1, m},
                                                 {1, -m, 1, -m},
                                                 {2, -m, -1, m},
                                                 {3, m, 2, 1073741823},
                                                 {4, -m, 2, -1073741823},
                                                 {5, m, m, 1},
                                                 {6, m - 1, m, 0},
                                                 {7, 7, -2, -3},
                                                 {8, 0, -m, 0},
                                                 {block, m + 1, 1, m + 1},
                                                 {block + 1, -(m + 1), -1, m + 1},
                                                 {block + 2, m, -1, -m},
                                                 {2 * block + 5, m + 1, 1, m + 1},
                                                 {2 * block + 6, -(m + 1), -1, m + 1},
                                                 {3 * block, m, 1, m},
                                                 {3 * block + 1, -m, -1, m}};
  for (const BlockedCase& c : narrow_cases) {
    a[c.index] = c.a;
    b[c.index] = c.b;
    expected[c.index] = c.q;
  }
  require_quotients(DataType::int64, a, b, expected);

  std::vector<std::uint64_t> ua(4 * block, 35), ub(4 * block, 3), uexpected(4 * block, 11);
  const std::vector<std::pair<std::size_t, std::array<std::uint64_t, 3>>> unsigned_cases = {
      {0, {2147483647u, 1, 2147483647u}},
      {1, {2147483647u, 2, 1073741823u}},
      {2, {2147483646u, 2147483647u, 0}},
      {3, {0, 2147483647u, 0}},
      {block, {2147483648u, 1, 2147483648u}},
      {block + 1, {4294967295u, 1, 4294967295u}},
      {2 * block + 3, {2147483648u, 1, 2147483648u}},
      {3 * block, {2147483647u, 1, 2147483647u}}};
  for (const auto& [index, c] : unsigned_cases) {
    ua[index] = c[0];
    ub[index] = c[1];
    uexpected[index] = c[2];
  }
  require_quotients(DataType::uint64, ua, ub, uexpected);
}

namespace {

// The operands of a tensor built block by block from kinds: 'N' every operand below 2^31 in
// magnitude, 'W' one operand at 2^31 (the int32 route would be wrong, binary64 is right), 'F' one
// operand at 2^53 + 1 (binary64 would round it to 2^53), at a place that moves from block to block
// (first, last and between). Every other element divides 35 by 3 (-35 by 3 for int64).
template <typename T>
void blocks_of_kinds(const std::string& kinds, std::size_t tail, std::vector<T>& a,
                     std::vector<T>& b, std::vector<T>& expected) {
  constexpr bool is_signed = std::is_signed_v<T>;
  const std::size_t n = kinds.size() * block - (block - tail);
  a.assign(n, is_signed ? T(-35) : T(35));
  b.assign(n, T(3));
  expected.assign(n, is_signed ? T(-11) : T(11));
  constexpr T m = 2147483647;                      // 2^31 - 1
  constexpr T w = T(std::int64_t{1} << 31);        // 2^31
  constexpr T f = T((std::int64_t{1} << 53) + 1);  // 2^53 + 1
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const std::size_t end = std::min(n, (k + 1) * block), at = k * block + (k * 37) % block;
    if (at >= end) continue;
    const char kind = kinds[k];
    const T x = kind == 'N' ? m : (kind == 'W' ? w : f);
    a[at] = is_signed && k % 2 == 1 ? T(-x) : x;  // -m / -1, -2^31 / -1, -(2^53 + 1) / -1
    b[at] = is_signed && k % 2 == 1 ? T(-1) : T(1);
    expected[at] = x;
    if (at + 1 < end) {  // and the same operand as a divisor: 7 / x is 0
      a[at + 1] = 7;
      b[at + 1] = x;
      expected[at + 1] = 0;
    }
  }
}

}  // namespace

TEST_CASE("int64 and uint64: every state of the route decision's credit", "[D9][I1][D6]") {
  // The decision by hand (docs/performance.md: credit 64 at the start, a block scanned when it
  // holds 64; +1 per block, +32 more for an int32 block, +8 for a binary64 one, -64 for a scanned
  // block that takes the integer division; at most 256). Blocks (credit after each):
  //   0 N: 2^53 scan, then 2^31 scan: int32 (97)      1 N: 2^31 scan first: int32 (130)
  //   2 W: 2^31 scan fails, 2^53 passes: binary64 (139)   3 N: 2^53 then 2^31: int32 (172)
  //   4 F: after int32 both scans fail (109)          5 F: the 2^53 scan fails (46)
  //   6..23: not scanned (credit 47 .. 64), W, F and N alike by the integer division
  //   24 F: scanned again, fails (1)                  25..87: not scanned (2 .. 64)
  //   88 N: scanned, int32 (97)                       89..94 N: int32, the credit capped at 256
  //   95..98 F: scanned, four in a row (193, 130, 67, 4)
  //   99 W, 100 F (17 elements): not scanned.
  std::string kinds = "NNWNFF";
  for (std::size_t k = 6; k < 24; ++k) kinds += "WFN"[k % 3];
  kinds += 'F';
  for (std::size_t k = 25; k < 88; ++k) kinds += "NWF"[k % 3];
  kinds += "NNNNNNN";  // 88 .. 94
  kinds += "FFFFWF";   // 95 .. 100
  REQUIRE(kinds.size() == 101);
  std::vector<std::int64_t> a, b, expected;
  blocks_of_kinds(kinds, 17, a, b, expected);
  require_quotients(DataType::int64, a, b, expected);
  std::vector<std::uint64_t> ua, ub, uexpected;
  blocks_of_kinds(kinds, 17, ua, ub, uexpected);
  require_quotients(DataType::uint64, ua, ub, uexpected);
  // The blocked kernels as compiled for the baseline, called by name: the checked API runs their
  // AVX2 build on a CPU with AVX2 (and the proved kernels without), so only this call reaches the
  // baseline build's decision on such a CPU (the structural coverage of every variant).
  std::vector<std::int64_t> c(a.size());
  sonnx_div_i64_blocked(a.data(), b.data(), c.data(), c.size());
  CHECK(c == expected);
  std::vector<std::uint64_t> uc(ua.size());
  sonnx_div_u64_blocked(ua.data(), ub.data(), uc.data(), uc.size());
  CHECK(uc == uexpected);
}

TEST_CASE("int64 and uint64: the domain checks precede the blocked kernels", "[D9][C3][D3]") {
  const auto overflow = test::run_div<std::int64_t>(
      DataType::int64, {3}, {1, std::numeric_limits<std::int64_t>::min(), 3}, {1, -1, 1});
  CHECK(overflow.status.requirement == "D3");
  CHECK(overflow.status.flat_index == 1u);
  CHECK(overflow.c == std::vector<std::int64_t>(3, test::sentinel<std::int64_t>()));
  const auto zero = test::run_div<std::uint64_t>(DataType::uint64, {3}, {1, 2, 3}, {1, 1, 0});
  CHECK(zero.status.requirement == "C3");
  CHECK(zero.status.flat_index == 2u);
  CHECK(zero.c == std::vector<std::uint64_t>(3, test::sentinel<std::uint64_t>()));
}
