// The campaign's case generators: which operands each request holds (docs/conformance.md).
#include <catch2/catch.hpp>
#include <sonnx/conform/cases.hpp>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/golden.hpp>
#include <utility>

using namespace sonnx;
using namespace sonnx::conform;

namespace {

// 1 / 1 in the type's bits, written out by hand.
std::uint64_t one_of(DataType type) {
  switch (type) {
    case DataType::float16:
      return 0x3C00;
    case DataType::float64:
      return 0x3FF0000000000000;
    default:
      return 1;
  }
}

}  // namespace

TEST_CASE("conform edge_batch: the golden cases with their notes, then 63 fillers 1 / 1",
          "[conform]") {
  // 52 float cases, 44 signed integer ones (docs/conformance.md): every case p has p + 64 <= n,
  // inside the body of a vector loop of any width up to 64.
  for (const auto& [type, count] : {std::pair{DataType::float16, std::size_t{52}},
                                    std::pair{DataType::float64, std::size_t{52}},
                                    std::pair{DataType::int8, std::size_t{44}}}) {
    const std::vector<io::GoldenCase> cases = io::golden_cases(type);
    REQUIRE(cases.size() == count);
    const Batch batch = edge_batch(type);
    const std::size_t size = element_size(type);
    REQUIRE(batch.size() == count + 63);
    CHECK(batch.source == "edge");
    CHECK(batch.a.shape == std::vector<std::int64_t>{static_cast<std::int64_t>(count + 63)});
    REQUIRE(batch.notes.size() == count + 63);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      CHECK(load_bits(batch.a.bytes, i, size) == cases[i].a);
      CHECK(load_bits(batch.b.bytes, i, size) == cases[i].b);
      CHECK(batch.notes[i] == cases[i].note);
    }
    for (std::size_t i = count; i < count + 63; ++i) {
      CHECK(load_bits(batch.a.bytes, i, size) == one_of(type));
      CHECK(load_bits(batch.b.bytes, i, size) == one_of(type));
      CHECK(batch.notes[i] == "1 / 1: filler, a valid pair around the cases");
    }
  }
}

TEST_CASE("conform edge_alone_batches: each golden case alone in a request", "[conform]") {
  for (const DataType type : {DataType::float16, DataType::uint32}) {
    const std::vector<io::GoldenCase> cases = io::golden_cases(type);
    const std::vector<Batch> alone = edge_alone_batches(type);
    REQUIRE(alone.size() == (type == DataType::uint32 ? 22 : 52));
    REQUIRE(alone.size() == cases.size());
    const std::size_t size = element_size(type);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      CHECK(alone[i].source == "edge");
      REQUIRE(alone[i].size() == 1);
      CHECK(load_bits(alone[i].a.bytes, 0, size) == cases[i].a);
      CHECK(load_bits(alone[i].b.bytes, 0, size) == cases[i].b);
      CHECK(alone[i].notes ==
            std::vector<std::string>{cases[i].note + " [alone: a vector loop's remainder]"});
    }
  }
}

TEST_CASE("conform domain_batches: each domain pair alone, first of 67 and last of 67",
          "[conform]") {
  const std::vector<Batch> i8 = domain_batches(DataType::int8);
  REQUIRE(i8.size() == 9);
  const std::uint64_t pairs[3][2] = {{0x07, 0x00}, {0x00, 0x00}, {0x80, 0xFF}};
  const char* const notes[3] = {"7 / 0: zero divisor (C3)", "0 / 0: zero divisor (C3)",
                                "MIN / -1: quotient not representable (D3)"};
  const char* const where[3] = {"", " [first of 67: a vector loop's body]",
                                " [last of 67: a vector loop's remainder]"};
  for (std::size_t k = 0; k < 9; ++k) {
    const Batch& batch = i8[k];
    const std::size_t pair = k / 3;
    const std::size_t layout = k % 3;
    const std::size_t n = layout == 0 ? 1 : 67;
    const std::size_t at = layout == 2 ? 66 : 0;
    INFO("request " << k);
    CHECK(batch.source == "domain");
    REQUIRE(batch.size() == n);
    REQUIRE(batch.notes.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
      const bool here = i == at;
      CHECK(load_bits(batch.a.bytes, i, 1) == (here ? pairs[pair][0] : 1));
      CHECK(load_bits(batch.b.bytes, i, 1) == (here ? pairs[pair][1] : 1));
      CHECK(batch.notes[i] == (here ? std::string(notes[pair]) + where[layout]
                                    : "1 / 1: filler, a valid pair around the cases"));
    }
  }
  const std::vector<Batch> i64 = domain_batches(DataType::int64);
  REQUIRE(i64.size() == 9);
  CHECK(load_bits(i64[8].a.bytes, 66, 8) == 0x8000000000000000);
  CHECK(load_bits(i64[8].b.bytes, 66, 8) == 0xFFFFFFFFFFFFFFFF);
  CHECK(load_bits(i64[8].b.bytes, 65, 8) == 1);
  CHECK(domain_batches(DataType::uint16).size() == 6);
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

TEST_CASE("conform random_batch: pairs drawn in two requests are those of one request",
          "[conform]") {
  // The campaign sends the last 67 random pairs of a type as a request of their own.
  for (const DataType type : {DataType::int64, DataType::float32}) {
    RandomSource whole{std::mt19937_64(11), 0};
    RandomSource split{std::mt19937_64(11), 0};
    const Batch one = random_batch(type, 1024, whole);
    const Batch head = random_batch(type, 957, split);
    const Batch tail = random_batch(type, 67, split);
    std::vector<unsigned char> a = head.a.bytes;
    std::vector<unsigned char> b = head.b.bytes;
    a.insert(a.end(), tail.a.bytes.begin(), tail.a.bytes.end());
    b.insert(b.end(), tail.b.bytes.begin(), tail.b.bytes.end());
    CHECK(a == one.a.bytes);
    CHECK(b == one.b.bytes);
    CHECK(split.with_special == whole.with_special);
  }
}
