// The campaign's tally and reproducers: rows per type and requirement, findings counted in full
// and listed up to the cap, reproducer files holding the operands computed by hand.
#include <catch2/catch.hpp>
#include <sonnx/conform/report.hpp>
#include <sonnx/io/tensor_io.hpp>

#include "conform_test_support.hpp"

using namespace sonnx;
using namespace sonnx::conform;
using namespace sonnx::conform::test;

namespace {

Batch batch_of(DataType type, const std::vector<std::uint64_t>& a,
               const std::vector<std::uint64_t>& b, const std::string& source = "random") {
  Batch batch{type, source, tensor_of(type, a.size()), tensor_of(type, b.size()), {}};
  const std::size_t size = element_size(type);
  for (std::size_t i = 0; i < a.size(); ++i) {
    store_bits(batch.a.bytes, i, size, a[i]);
    store_bits(batch.b.bytes, i, size, b[i]);
  }
  return batch;
}

std::vector<std::uint64_t> elements_of(const fs::path& file) {
  const io::ReadResult r = io::read_tensor_file(file);
  REQUIRE(r.ok());
  std::vector<std::uint64_t> out;
  const std::size_t size = element_size(r.tensor.type);
  for (std::size_t i = 0; i < r.tensor.element_count(); ++i)
    out.push_back(load_bits(r.tensor.bytes, i, size));
  return out;
}

}  // namespace

TEST_CASE("conform tally: one row per type and requirement, in the report's order", "[conform]") {
  Scratch s;
  Tally tally(5, s / "r-reproducers", s.path());
  // float16 NaN / 1 (D2), 1 / 0 (R5), 0 / 1 (D1), 1 / 3 twice (F2); int8 7 / 2 (I1).
  tally.count(batch_of(DataType::float16, {0x7E00, 0x3C00, 0x0000, 0x3C00, 0x3C00},
                       {0x3C00, 0x0000, 0x3C00, 0x4200, 0x4200}),
              &Counts::cases);
  tally.count(batch_of(DataType::int8, {7}, {2}), &Counts::cases);
  tally.count_one(DataType::int8, sonnx::RequirementId::I1, &Counts::mismatches);
  tally.count_unsupported(DataType::bfloat16, sonnx::RequirementId::F2, 1000);
  const nlohmann::json j = tally.to_json();
  const nlohmann::json& rows = j["results"];
  REQUIRE(rows.size() == 6);
  // Types in the order of their ONNX codes (float16 10, bfloat16 16, int8 3: DataType's order).
  std::vector<std::string> keys;
  for (const auto& row : rows)
    keys.push_back(row["type"].get<std::string>() + "/" + row["requirement"].get<std::string>());
  CHECK(keys == std::vector<std::string>{"int8/I1", "float16/F2", "float16/D1", "float16/D2",
                                         "float16/R5", "bfloat16/F2"});
  CHECK(rows[0] == nlohmann::json{{"type", "int8"},
                                  {"requirement", "I1"},
                                  {"cases", 1},
                                  {"mismatches", 1},
                                  {"errors", 0},
                                  {"crashes", 0},
                                  {"hangs", 0},
                                  {"unsupported", 0}});
  CHECK(rows[1]["cases"] == 2);
  CHECK(rows[5]["unsupported"] == 1000);
  CHECK(j["findings_total"] == 0);
  CHECK(j["findings"].empty());
}

TEST_CASE("conform tally: every finding counted, the first few listed with a reproducer",
          "[conform]") {
  Scratch s;
  Tally tally(2, s / "r-reproducers", s.path());
  // int8 -35 / 3 and two more pairs; the reference truncates (0xf5 = -11), a floor gives 0xf4.
  Batch batch = batch_of(DataType::int8, {0xDD, 0x07, 0x81}, {0x03, 0x02, 0x02}, "edge");
  batch.notes = {"-35 / 3", "7 / 2", "-127 / 2"};
  const io::OwnedTensor expected = batch_of(DataType::int8, {0xF5, 0x03, 0xC1}, {0, 0, 0}).a;
  for (std::size_t i = 0; i < 3; ++i) {
    tally.add_finding(batch,
                      {sonnx::RequirementId::I1, "mismatch", i, "e", "x", "", &expected, false});
  }
  tally.add_finding(batch,
                    {sonnx::RequirementId::I1, "crash", 0, "the reference values",
                     "killed by signal 9 (Killed)", "the request as a whole", &expected, true});
  const nlohmann::json j = tally.to_json();
  CHECK(j["findings_total"] == 4);
  CHECK(j["findings_listed"] == 3);
  CHECK(j["findings_per_type_requirement_kind"] ==
        nlohmann::json{{"int8/I1/mismatch", 3}, {"int8/I1/crash", 1}});
  const nlohmann::json& first = j["findings"][0];
  CHECK(first["a"] == "0xdd");
  CHECK(first["b"] == "0x03");
  CHECK(first["case"] == "-35 / 3");
  CHECK(first["source"] == "edge");
  CHECK(first["reproducer"] == "r-reproducers/int8-I1-mismatch-1");
  CHECK_FALSE(first.contains("elements"));
  // A value finding's reproducer holds the single element.
  const fs::path one = s / "r-reproducers/int8-I1-mismatch-1";
  CHECK(elements_of(one / "input_0.pb") == std::vector<std::uint64_t>{0xDD});
  CHECK(elements_of(one / "input_1.pb") == std::vector<std::uint64_t>{0x03});
  CHECK(elements_of(one / "expected_output_0.pb") == std::vector<std::uint64_t>{0xF5});
  CHECK(fs::is_regular_file(one / "model.onnx"));
  CHECK(j["findings"][1]["reproducer"] == "r-reproducers/int8-I1-mismatch-2");
  CHECK_FALSE(fs::exists(s / "r-reproducers/int8-I1-mismatch-3"));  // counted, not listed
  // A finding about the whole request: all its elements.
  const nlohmann::json& crash = j["findings"][2];
  CHECK(crash["elements"] == 3);
  CHECK(crash["detail"] == "the request as a whole");
  const fs::path whole = s / "r-reproducers/int8-I1-crash-1";
  CHECK(elements_of(whole / "input_0.pb") == std::vector<std::uint64_t>{0xDD, 0x07, 0x81});
  CHECK(elements_of(whole / "expected_output_0.pb") ==
        std::vector<std::uint64_t>{0xF5, 0x03, 0xC1});
}

TEST_CASE("conform write_reproducer: no expected output when there is none, failure reported",
          "[conform]") {
  Scratch s;
  const Batch batch = batch_of(DataType::uint16, {7, 9}, {0, 3}, "domain");
  REQUIRE(write_reproducer(s / "r", batch, 0, false, nullptr, "doc"));
  CHECK(elements_of(s / "r/input_1.pb") == std::vector<std::uint64_t>{0});
  CHECK_FALSE(fs::exists(s / "r/expected_output_0.pb"));
  write_text(s / "file", "not a directory");
  CHECK_FALSE(write_reproducer(s / "file" / "r", batch, 0, false, nullptr, "doc"));
}
