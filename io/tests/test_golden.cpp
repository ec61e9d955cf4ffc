// golden (T4): the ONNX backend layout loads back, the model is inside the profile, outputs
// match the library, and a subset of outputs matches independent expectations: seed values and
// bit patterns computed by hand (e.g. binary32 1/3 = 0x3EAAAAAB: 1/3 = 0x1.555555...p-2, the
// 24-bit significand 0xAAAAAA|AA... rounds up to 0xAAAAAB).
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/model_check.hpp>
#include <sonnx_verify/golden_reference.hpp>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

// The tool's reference (sonnx-div golden): the MPFR oracle and exact integer arithmetic.
io::IoStatus write_golden(const std::filesystem::path& dir, DataType type, io::Semantics semantics,
                          io::GoldenSummary& summary) {
  const bool floored = semantics == io::Semantics::openvino_pythondiv;
  return io::write_golden(dir, type, semantics, summary,
                          [&](DataType t, std::uint64_t a, std::uint64_t b) {
                            return verify::golden_reference(t, floored, a, b);
                          });
}

bool is_nan_bits(DataType type, std::uint64_t x) {
  switch (type) {
    case DataType::float16:
      return (x & 0x7FFFU) > 0x7C00U;
    case DataType::bfloat16:
      return (x & 0x7FFFU) > 0x7F80U;
    case DataType::float32:
      return (x & 0x7FFFFFFFU) > 0x7F800000U;
    case DataType::float64:
      return (x & 0x7FFFFFFFFFFFFFFFU) > 0x7FF0000000000000U;
    default:
      return false;
  }
}

std::uint64_t element(const io::OwnedTensor& t, std::size_t i) {
  const std::size_t size = element_size(t.type);
  std::uint64_t bits = 0;
  for (std::size_t k = size; k-- > 0;) bits = (bits << 8) | t.bytes[i * size + k];
  return bits;
}

struct Golden {
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> expected;  // (a, b) -> c
  std::size_t data_sets = 0;
};

// Loads every test_data_set_N and checks each against the library (consistency).
Golden load_golden(const std::filesystem::path& dir, DataType type, io::Semantics semantics) {
  Golden g;
  for (std::size_t n = 0;; ++n) {
    const auto set = dir / ("test_data_set_" + std::to_string(n));
    if (!std::filesystem::exists(set)) break;
    ++g.data_sets;
    const io::OwnedTensor a = load_tensor(set / "input_0.pb");
    const io::OwnedTensor b = load_tensor(set / "input_1.pb");
    const io::OwnedTensor c = load_tensor(set / "output_0.pb");
    CHECK(a.type == type);
    CHECK(a.shape == std::vector<std::int64_t>{io::golden_set_length});
    const io::DivideResult again = io::divide(a, b, semantics);
    REQUIRE(again.status.ok());
    for (std::size_t i = 0; i < a.element_count(); ++i) {
      // the library matches the expected output: quiet NaNs match, the rest bit for bit (SD-9)
      const std::uint64_t mine = element(again.c, i);
      const std::uint64_t want = element(c, i);
      CHECK(io::golden_matches(type, want, mine));
      g.expected[{element(a, i), element(b, i)}] = want;
    }
  }
  return g;
}

std::uint64_t lookup(const Golden& g, std::uint64_t a, std::uint64_t b) {
  const auto it = g.expected.find({a, b});
  INFO("a = " << a << ", b = " << b);
  REQUIRE(it != g.expected.end());
  return it->second;
}

}  // namespace

TEST_CASE("golden: every type writes a loadable ONNX backend layout inside the profile",
          "[T4][T3][T1]") {
  ScratchDir dir;
  for (const DataType type : profile_types) {
    INFO(data_type_name(type));
    const auto out = dir / data_type_name(type);
    io::GoldenSummary summary;
    const io::IoStatus s = write_golden(out, type, io::Semantics::sonnx, summary);
    INFO(s.message);
    REQUIRE(s.ok());
    CHECK(summary.cases == io::golden_cases(type).size());
    CHECK(summary.data_sets == (summary.cases + 7) / 8);
    CHECK(summary.cases >= 20);
    const io::ModelReport report = io::check_model_file(out / "model.onnx");
    REQUIRE(report.status.ok());
    CHECK(report.opset == 14);
    CHECK(report.all_inside());
    const Golden g = load_golden(out, type, io::Semantics::sonnx);
    CHECK(g.data_sets == summary.data_sets);
    std::ifstream manifest_file(out / "cases.json");
    const auto manifest = nlohmann::json::parse(manifest_file);
    CHECK(manifest["profile"] == true);
    CHECK(manifest["type"] == data_type_name(type));
    // Temporary build directory renamed away: nothing but the layout is left.
    std::size_t leftovers = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
      leftovers += e.path().filename().string().find("sonnx-tmp") != std::string::npos ? 1U : 0U;
    }
    CHECK(leftovers == 0);
  }
}

TEST_CASE("golden: integer cases never violate C3 or D3", "[T4]") {
  for (const DataType type : profile_types) {
    if (type == DataType::float16 || type == DataType::bfloat16 || type == DataType::float32 ||
        type == DataType::float64) {
      continue;
    }
    INFO(data_type_name(type));
    const std::size_t bits = 8 * element_size(type);
    const bool is_signed = type == DataType::int8 || type == DataType::int16 ||
                           type == DataType::int32 || type == DataType::int64;
    const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    const std::uint64_t min = std::uint64_t{1} << (bits - 1);
    for (const auto& c : io::golden_cases(type)) {
      CHECK(c.b != 0);
      CHECK_FALSE((is_signed && c.a == min && c.b == mask));
    }
  }
}

TEST_CASE("golden float outputs match hand-computed bit patterns", "[T4][F1][F2][R5][D1][D2]") {
  struct Expect {
    DataType type;
    std::uint64_t a, b, c;
  };
  // One, three, five, zero, infinity, NaN (quiet) and extremes per format, from the formats'
  // definitions; quotients computed by hand.
  const Expect expects[] = {
      // 1/3 rounded to nearest even.
      {DataType::float32, 0x3F800000, 0x40400000, 0x3EAAAAAB},
      {DataType::float64, 0x3FF0000000000000, 0x4008000000000000, 0x3FD5555555555555},
      {DataType::float16, 0x3C00, 0x4200, 0x3555},
      {DataType::bfloat16, 0x3F80, 0x4040, 0x3EAB},
      // seed 000 test_div_example: 3/1 = 3, 4/2 = 2.
      {DataType::float32, 0x40400000, 0x3F800000, 0x40400000},
      {DataType::float32, 0x40800000, 0x40000000, 0x40000000},
      {DataType::float16, 0x4400, 0x4000, 0x4000},
      // D1: -0 / 5 = -0, 0 / -5 = -0.
      {DataType::float32, 0x80000000, 0x40A00000, 0x80000000},
      {DataType::float16, 0x0000, 0xC500, 0x8000},
      {DataType::bfloat16, 0x8000, 0x40A0, 0x8000},
      {DataType::float64, 0x8000000000000000, 0x4014000000000000, 0x8000000000000000},
      // R5: 1/+0 = +inf, 1/-0 = -inf.
      {DataType::float32, 0x3F800000, 0x00000000, 0x7F800000},
      {DataType::float32, 0x3F800000, 0x80000000, 0xFF800000},
      {DataType::float16, 0xBC00, 0x0000, 0xFC00},
      // D2: 2/inf = +0, -inf/2 = -inf.
      {DataType::float64, 0x4000000000000000, 0x7FF0000000000000, 0x0},
      {DataType::bfloat16, 0xFF80, 0x4000, 0xFF80},
      // Subnormals: min/2 ties to even (0), 3 min / 2 = 2 min, min normal / 2 = half of it.
      {DataType::float32, 0x1, 0x40000000, 0x0},
      {DataType::float32, 0x3, 0x40000000, 0x2},
      {DataType::float16, 0x0003, 0x4000, 0x0002},
      {DataType::float16, 0x0400, 0x4000, 0x0200},
      {DataType::bfloat16, 0x0080, 0x4000, 0x0040},
      {DataType::float64, 0x0010000000000000, 0x4000000000000000, 0x0008000000000000},
      // 1 / max binary32 = 2^-128 (error 2^-152 < half an ulp 2^-150) = 0x00200000.
      {DataType::float32, 0x3F800000, 0x7F7FFFFF, 0x00200000},
      // Overflow: max / 0.5 = +inf.
      {DataType::float32, 0x7F7FFFFF, 0x3F000000, 0x7F800000},
      {DataType::float16, 0x7BFF, 0x3800, 0x7C00},
      {DataType::float64, 0x7FEFFFFFFFFFFFFF, 0xBFE0000000000000, 0xFFF0000000000000},
  };
  ScratchDir dir;
  std::map<DataType, Golden> golden;
  for (const DataType type :
       {DataType::float16, DataType::bfloat16, DataType::float32, DataType::float64}) {
    io::GoldenSummary summary;
    REQUIRE(write_golden(dir / data_type_name(type), type, io::Semantics::sonnx, summary).ok());
    golden[type] = load_golden(dir / data_type_name(type), type, io::Semantics::sonnx);
  }
  for (const Expect& e : expects) {
    INFO(data_type_name(e.type) << " " << e.a << " / " << e.b);
    CHECK(lookup(golden[e.type], e.a, e.b) == e.c);
  }
  // NaN results (R5 0/0, D2 inf/inf and NaN operands): a quiet NaN, sign and payload free.
  const std::uint64_t f32_inf = 0x7F800000;
  for (const auto& [a, b] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {0, 0}, {f32_inf, f32_inf}, {0x7FC00000, 0x3F800000}, {0x3F800000, 0x7FC00000}}) {
    const std::uint64_t c = lookup(golden[DataType::float32], a, b);
    CHECK((c & 0x7FFFFFFF) > f32_inf);
    CHECK((c & 0x00400000) != 0);
  }
}

TEST_CASE("golden integer outputs match the seeds and hand computation", "[T4][I1][C1]") {
  ScratchDir dir;
  const auto bits = [](long long v, std::size_t size) {
    const std::uint64_t u = static_cast<std::uint64_t>(v);
    return size == 8 ? u : u & ((std::uint64_t{1} << (8 * size)) - 1);
  };
  for (const DataType type : {DataType::int8, DataType::int16, DataType::int32, DataType::int64}) {
    INFO(data_type_name(type));
    io::GoldenSummary summary;
    REQUIRE(write_golden(dir / data_type_name(type), type, io::Semantics::sonnx, summary).ok());
    const Golden g = load_golden(dir / data_type_name(type), type, io::Semantics::sonnx);
    const std::size_t size = element_size(type);
    const long long max = static_cast<long long>((std::uint64_t{1} << (8 * size - 1)) - 1);
    const long long min = -max - 1;
    // Seed 002: -35/3 = -11 (truncation); 6/3 = 2; seed 002 example 2: 21/4 = 5.
    CHECK(lookup(g, bits(-35, size), bits(3, size)) == bits(-11, size));
    CHECK(lookup(g, bits(35, size), bits(-3, size)) == bits(-11, size));
    CHECK(lookup(g, bits(-35, size), bits(-3, size)) == bits(11, size));
    CHECK(lookup(g, bits(6, size), bits(3, size)) == bits(2, size));
    CHECK(lookup(g, bits(21, size), bits(4, size)) == bits(5, size));
    CHECK(lookup(g, bits(-7, size), bits(2, size)) == bits(-3, size));
    CHECK(lookup(g, bits(max, size), bits(-1, size)) == bits(-max, size));
    CHECK(lookup(g, bits(min, size), bits(2, size)) == bits(min / 2, size));
    CHECK(lookup(g, bits(min, size), bits(max, size)) == bits(-1, size));
    CHECK(lookup(g, bits(min + 1, size), bits(-1, size)) == bits(max, size));
  }
  for (const DataType type :
       {DataType::uint8, DataType::uint16, DataType::uint32, DataType::uint64}) {
    INFO(data_type_name(type));
    io::GoldenSummary summary;
    REQUIRE(write_golden(dir / data_type_name(type), type, io::Semantics::sonnx, summary).ok());
    const Golden g = load_golden(dir / data_type_name(type), type, io::Semantics::sonnx);
    const std::size_t size = element_size(type);
    const std::uint64_t max = size == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * size)) - 1;
    CHECK(lookup(g, 35, 5) == 7);   // seed 004 example 1
    CHECK(lookup(g, 23, 24) == 0);  // x // y as in 000 test_div_uint8
    CHECK(lookup(g, max, 2) == max >> 1);
    CHECK(lookup(g, max, max - 1) == 1);
  }
}

TEST_CASE("golden with openvino-pythondiv: floored and labelled NON-PROFILE", "[T4][T5]") {
  ScratchDir dir;
  io::GoldenSummary summary;
  REQUIRE(
      write_golden(dir / "ov", DataType::int32, io::Semantics::openvino_pythondiv, summary).ok());
  const Golden g = load_golden(dir / "ov", DataType::int32, io::Semantics::openvino_pythondiv);
  const auto u = [](std::int32_t v) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(v));
  };
  CHECK(lookup(g, u(-35), u(3)) == u(-12));
  CHECK(lookup(g, u(35), u(-3)) == u(-12));
  CHECK(lookup(g, u(-35), u(-3)) == u(11));
  std::ifstream manifest_file(dir / "ov" / "cases.json");
  const auto manifest = nlohmann::json::parse(manifest_file);
  CHECK(manifest["profile"] == false);
  CHECK(manifest["semantics"] == "openvino-pythondiv");
  CHECK(manifest["label"].get<std::string>().find("NON-PROFILE") != std::string::npos);
  onnx::ModelProto model;
  const Bytes bytes = read_bytes(dir / "ov" / "model.onnx");
  REQUIRE(model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
  CHECK(model.doc_string().find("NON-PROFILE") != std::string::npos);
}

TEST_CASE("golden refuses a non-empty output directory and leaves it unchanged",
          "[T4][T2][bad-input]") {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "full");
  write_bytes(dir / "full" / "keep.txt", {1});
  io::GoldenSummary summary;
  const io::IoStatus s =
      write_golden(dir / "full", DataType::float32, io::Semantics::sonnx, summary);
  CHECK_FALSE(s.ok());
  CHECK(s.requirement == "T4");
  CHECK(dir.entries() == std::vector<std::string>{"full"});
  CHECK(std::filesystem::exists(dir / "full" / "keep.txt"));
  const io::IoStatus missing =
      write_golden(dir / "no" / "parent", DataType::float32, io::Semantics::sonnx, summary);
  CHECK_FALSE(missing.ok());
  CHECK_FALSE(std::filesystem::exists(dir / "no"));
  // An existing empty directory is filled.
  std::filesystem::create_directory(dir / "empty");
  REQUIRE(write_golden(dir / "empty", DataType::uint8, io::Semantics::sonnx, summary).ok());
  CHECK(std::filesystem::exists(dir / "empty" / "model.onnx"));
}

TEST_CASE("golden: a bare directory name is made in the working directory, a file is refused",
          "[T4][T2][bad-input]") {
  ScratchDir dir;
  io::GoldenSummary summary;
  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const io::IoStatus bare = write_golden("bare", DataType::int8, io::Semantics::sonnx, summary);
  std::filesystem::current_path(previous);
  INFO(bare.message);
  REQUIRE(bare.ok());
  CHECK(std::filesystem::exists(dir / "bare" / "model.onnx"));
  // An existing regular file is not an empty directory: refused, unchanged.
  write_bytes(dir / "file", Bytes{5});
  const io::IoStatus file =
      write_golden(dir / "file", DataType::int8, io::Semantics::sonnx, summary);
  CHECK_FALSE(file.ok());
  CHECK(file.requirement == "T4");
  CHECK(read_bytes(dir / "file") == Bytes{5});
}

TEST_CASE("golden: DIR with a trailing slash or '/.' is DIR, and '.' and '/' are refused",
          "[T4][T2][bad-input]") {
  ScratchDir dir;
  io::GoldenSummary summary;
  // A new directory and existing empty ones, named with trailing slashes or a last '.' (the
  // temporary sibling was named after the empty file name and put inside DIR).
  std::filesystem::create_directory(dir / "empty");
  std::filesystem::create_directory(dir / "dot");
  for (const char* name : {"new/", "empty//", "dot/."}) {
    const io::IoStatus s = write_golden(dir.path().string() + "/" + name, DataType::int8,
                                        io::Semantics::sonnx, summary);
    INFO(name << ": " << s.message);
    CHECK(s.ok());
  }
  std::vector<std::string> entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  CHECK(entries == std::vector<std::string>{"dot", "empty", "new"});
  for (const char* name : {"new", "empty", "dot"}) {
    CHECK(std::filesystem::exists(dir / name / "model.onnx"));
    CHECK(std::filesystem::exists(dir / name / "test_data_set_5" / "output_0.pb"));
  }
  // The working directory (even empty) and the root cannot be renamed onto: refused, with a
  // message that says so, before anything is created.
  std::filesystem::create_directory(dir / "cwd");
  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir / "cwd");
  for (const char* name : {".", "./", "/"}) {
    const io::IoStatus s = write_golden(name, DataType::int8, io::Semantics::sonnx, summary);
    INFO(name << ": " << s.message);
    CHECK_FALSE(s.ok());
    CHECK(s.requirement == "T4");
    CHECK(s.message.find("names no directory to create") != std::string::npos);
  }
  std::filesystem::current_path(previous);
  CHECK(std::filesystem::is_empty(dir / "cwd"));
}

TEST_CASE("golden: DIR of any legal name length, up to NAME_MAX", "[T4][T2]") {
  ScratchDir dir;
  const long name_max = ::pathconf(dir.path().c_str(), _PC_NAME_MAX);
  REQUIRE(name_max >= 245);
  io::GoldenSummary summary;
  for (const std::size_t length : {std::size_t{245}, static_cast<std::size_t>(name_max)}) {
    const std::string name(length, 'd');
    const io::IoStatus s = write_golden(dir / name, DataType::int8, io::Semantics::sonnx, summary);
    INFO(length << ": " << s.message);
    REQUIRE(s.ok());
    CHECK(dir.entries() == std::vector<std::string>{name});
    CHECK(std::filesystem::exists(dir / name / "cases.json"));
    std::filesystem::remove_all(dir / name);
  }
}

TEST_CASE("golden: the expected outputs are the reference's, and the library must match them",
          "[T4]") {
  ScratchDir dir;
  io::GoldenSummary summary;
  // A reference that disagrees with the library on one case (6 / 3 is 2, not 3): nothing is
  // written, and the error names the case.
  const io::IoStatus wrong =
      io::write_golden(dir / "wrong", DataType::int32, io::Semantics::sonnx, summary,
                       [](DataType t, std::uint64_t a, std::uint64_t b) {
                         return a == 6 && b == 3 ? 3 : verify::golden_reference(t, false, a, b);
                       });
  CHECK_FALSE(wrong.ok());
  CHECK(wrong.requirement == "T4");
  CHECK(wrong.message.find("differs from the reference") != std::string::npos);
  CHECK(dir.entries().empty());
  // A reference whose NaN is another NaN than the library's: the files hold the reference's NaN
  // (0/0 in float32 is the case pair 0x00000000, 0x00000000).
  REQUIRE(io::write_golden(dir / "nan", DataType::float32, io::Semantics::sonnx, summary,
                           [](DataType t, std::uint64_t a, std::uint64_t b) {
                             const std::uint64_t c = verify::golden_reference(t, false, a, b);
                             return is_nan_bits(t, c) ? std::uint64_t{0x7FC00123} : c;
                           })
              .ok());
  const Golden g = load_golden(dir / "nan", DataType::float32, io::Semantics::sonnx);
  CHECK(lookup(g, 0, 0) == 0x7FC00123);
  // A signaling NaN matches only itself (SD-9): a reference giving one where the library gives a
  // quiet NaN is refused.
  CHECK_FALSE(io::write_golden(dir / "snan", DataType::float32, io::Semantics::sonnx, summary,
                               [](DataType t, std::uint64_t a, std::uint64_t b) {
                                 const std::uint64_t c = verify::golden_reference(t, false, a, b);
                                 return is_nan_bits(t, c) ? std::uint64_t{0x7F800001} : c;
                               })
                  .ok());
  CHECK(io::golden_matches(DataType::float16, 0x7E00, 0xFE01));
  CHECK_FALSE(io::golden_matches(DataType::float16, 0x7C01, 0x7E00));
  CHECK_FALSE(io::golden_matches(DataType::int16, 0x7E00, 0xFE01));
}
