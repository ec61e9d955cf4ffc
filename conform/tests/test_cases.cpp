// The campaign's case generators: which operands each request holds (docs/conformance.md).
#include <catch2/catch.hpp>
#include <sonnx/conform/cases.hpp>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/golden.hpp>

using namespace sonnx;
using namespace sonnx::conform;

TEST_CASE("conform edge_batch: the golden cases of the type, with their notes", "[conform]") {
  for (const DataType type : {DataType::float16, DataType::float64, DataType::int8}) {
    const std::vector<io::GoldenCase> cases = io::golden_cases(type);
    const Batch batch = edge_batch(type);
    const std::size_t size = element_size(type);
    REQUIRE(batch.size() == cases.size());
    CHECK(batch.source == "edge");
    CHECK(batch.a.shape == std::vector<std::int64_t>{static_cast<std::int64_t>(cases.size())});
    REQUIRE(batch.notes.size() == cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
      CHECK(load_bits(batch.a.bytes, i, size) == cases[i].a);
      CHECK(load_bits(batch.b.bytes, i, size) == cases[i].b);
      CHECK(batch.notes[i] == cases[i].note);
    }
  }
}

TEST_CASE("conform domain_batches: 7 / 0, 0 / 0 and, signed, MIN / -1, one request each",
          "[conform]") {
  const std::vector<Batch> i8 = domain_batches(DataType::int8);
  REQUIRE(i8.size() == 3);
  const std::uint64_t pairs[3][2] = {{0x07, 0x00}, {0x00, 0x00}, {0x80, 0xFF}};
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(i8[k].source == "domain");
    REQUIRE(i8[k].size() == 1);
    CHECK(load_bits(i8[k].a.bytes, 0, 1) == pairs[k][0]);
    CHECK(load_bits(i8[k].b.bytes, 0, 1) == pairs[k][1]);
  }
  CHECK(i8[2].notes == std::vector<std::string>{"MIN / -1: quotient not representable (D3)"});
  const std::vector<Batch> i64 = domain_batches(DataType::int64);
  REQUIRE(i64.size() == 3);
  CHECK(load_bits(i64[2].a.bytes, 0, 8) == 0x8000000000000000);
  CHECK(load_bits(i64[2].b.bytes, 0, 8) == 0xFFFFFFFFFFFFFFFF);
  CHECK(domain_batches(DataType::uint16).size() == 2);
  CHECK(domain_batches(DataType::float16).empty());
}

TEST_CASE("conform exhaustive_batch: chunk k holds its dividends times every divisor",
          "[conform]") {
  // Chunk 3 of 2^17 elements: dividends 6 and 7 (two blocks of 2^16), divisors 0 to 0xFFFF each.
  const Batch batch = exhaustive_batch(DataType::float16, std::size_t{1} << 17, 3);
  REQUIRE(batch.size() == std::size_t{1} << 17);
  CHECK(batch.source == "exhaustive");
  CHECK(load_bits(batch.a.bytes, 0, 2) == 6);
  CHECK(load_bits(batch.a.bytes, 0xFFFF, 2) == 6);
  CHECK(load_bits(batch.a.bytes, 0x10000, 2) == 7);
  CHECK(load_bits(batch.b.bytes, 0, 2) == 0);
  CHECK(load_bits(batch.b.bytes, 0x1234, 2) == 0x1234);
  CHECK(load_bits(batch.b.bytes, 0x11234, 2) == 0x1234);
  // The last chunk of 2^32 / 2^17 ends with the pair 0xFFFF / 0xFFFF.
  const Batch last = exhaustive_batch(DataType::float16, std::size_t{1} << 17, (1u << 15) - 1);
  CHECK(load_bits(last.a.bytes, (std::size_t{1} << 17) - 1, 2) == 0xFFFF);
  CHECK(load_bits(last.b.bytes, (std::size_t{1} << 17) - 1, 2) == 0xFFFF);
}

TEST_CASE("conform random_batch: seeded, no domain pair, special operands at the stated rate",
          "[conform]") {
  for (const DataType type : {DataType::int32, DataType::uint64, DataType::float32}) {
    RandomSource first{std::mt19937_64(7), 0};
    RandomSource again{std::mt19937_64(7), 0};
    const std::size_t n = 20000;
    const Batch batch = random_batch(type, n, first);
    CHECK(batch.source == "random");
    CHECK(random_batch(type, n, again).a.bytes == batch.a.bytes);  // the seed decides
    const BitLayout l = bit_layout(type);
    std::size_t domain = 0;
    for (std::size_t i = 0; i < n; ++i) {
      domain += is_domain_error(requirement_of(l, load_bits(batch.a.bytes, i, l.size),
                                               load_bits(batch.b.bytes, i, l.size)));
    }
    CHECK(domain == 0);
    // One operand in eight is special: 1 - (7/8)^2 = 23.4 % of the pairs hold at least one.
    const double rate = static_cast<double>(first.with_special) / static_cast<double>(n);
    CHECK(rate > 0.21);
    CHECK(rate < 0.26);
  }
}
