// NumPy .npy reading and writing (T1). Expected bytes are written out by hand from the .npy
// format specification (numpy.lib.format: magic, version, little-endian header length, a dict
// literal padded with spaces to a multiple of 64 bytes and ended by '\n', then C-order data).
#include <catch2/catch.hpp>
#include <limits>
#include <sonnx/io/tensor_io.hpp>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

// Header as numpy.save writes it (format 1.0), for a given dict text.
std::string npy_v1(const std::string& dict) {
  const std::size_t hlen = dict.size() + 1;
  const std::size_t pad = 64 - ((10 + hlen) % 64);
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  const std::size_t total = hlen + pad;
  out += static_cast<char>(total & 0xFF);
  out += static_cast<char>(total >> 8);
  return out + dict + std::string(pad, ' ') + "\n";
}

std::string npy_v2(const std::string& dict, unsigned major) {
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\x00';
  const std::string header = dict + "\n";
  const std::size_t n = header.size();
  for (int k = 0; k < 4; ++k) out += static_cast<char>((n >> (8 * k)) & 0xFF);
  return out + header;
}

std::string raw(const Bytes& b) { return std::string(b.begin(), b.end()); }

io::ReadResult decode(const std::string& file) {
  const Bytes bytes = bytes_of(file);
  return io::decode_npy(bytes, "test.npy");
}

void require_rejected(const std::string& file, const char* requirement) {
  const io::ReadResult r = decode(file);
  INFO(r.status.message);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status.requirement == requirement);
  CHECK(r.status.message.rfind(std::string(requirement) + ": test.npy", 0) == 0);
}

}  // namespace

TEST_CASE("npy writer: byte-exact numpy.save output for float32 [2], int64 [2,3], uint8 []",
          "[T1][D5]") {
  // np.save(f, np.array([1, 2], dtype=np.float32)): header length 118 ('v\0'), 60 pad spaces.
  std::string expected = std::string("\x93NUMPY\x01\x00v\x00", 10) +
                         "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }" +
                         std::string(60, ' ') + "\n" +
                         std::string("\x00\x00\x80\x3f\x00\x00\x00\x40", 8);
  REQUIRE(expected.size() == 128 + 8);
  std::string out;
  REQUIRE(io::encode_npy(tensor_of<float>(DataType::float32, {2}, {1.0F, 2.0F}), out).ok());
  CHECK(out == expected);

  const io::OwnedTensor i64 =
      tensor_of<std::int64_t>(DataType::int64, {2, 3}, {1, -1, 2, -2, 3, -3});
  REQUIRE(io::encode_npy(i64, out).ok());
  CHECK(out.substr(0, 128) == std::string("\x93NUMPY\x01\x00v\x00", 10) +
                                  "{'descr': '<i8', 'fortran_order': False, 'shape': (2, 3), }" +
                                  std::string(58, ' ') + "\n");
  CHECK(out.size() == 128 + 48);

  // Rank 0 (D5): shape () holds one element.
  REQUIRE(io::encode_npy(tensor_of<std::uint8_t>(DataType::uint8, {}, {7}), out).ok());
  CHECK(out == std::string("\x93NUMPY\x01\x00v\x00", 10) +
                   "{'descr': '|u1', 'fortran_order': False, 'shape': (), }" +
                   std::string(62, ' ') + "\n\x07");
}

TEST_CASE("npy reader: numpy headers of every version and both numpy padding styles", "[T1]") {
  const std::string data = raw(le_bytes<float>({3.0F, 4.0F}));
  const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  // numpy >= 1.24 leaves 21 - len(repr(shape[0])) spare spaces before the padding.
  const std::string modern =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }" + std::string(20, ' ');
  for (const std::string& file :
       {npy_v1(dict) + data, npy_v1(modern) + data, npy_v2(dict, 2) + data, npy_v2(dict, 3) + data,
        npy_v1("{\"shape\": (2,), \"fortran_order\": False, \"descr\": \"<f4\"}") + data}) {
    const io::ReadResult r = decode(file);
    INFO(r.status.message);
    REQUIRE(r.ok());
    CHECK(r.tensor.type == DataType::float32);
    CHECK(r.tensor.shape == std::vector<std::int64_t>{2});
    CHECK(values_in<float>(r.tensor) == std::vector<float>{3.0F, 4.0F});
  }
}

TEST_CASE("npy reader: every profile dtype code maps to its ONNX type", "[T1][R3]") {
  struct Case {
    const char* descr;
    DataType type;
  };
  const Case cases[] = {
      {"<f2", DataType::float16},
      {"<f4", DataType::float32},
      {"<f8", DataType::float64},
      {"|i1", DataType::int8},
      {"<i1", DataType::int8},
      {"<i2", DataType::int16},
      {"<i4", DataType::int32},
      {"<i8", DataType::int64},
      {"|u1", DataType::uint8},
      {"<u2", DataType::uint16},
      {"<u4", DataType::uint32},
      {"<u8", DataType::uint64},
      // bfloat16 convention (docs/cli.md): np.save of an ml_dtypes.bfloat16 array writes '<V2'.
      {"<V2", DataType::bfloat16},
      {"|V2", DataType::bfloat16},
      {"bfloat16", DataType::bfloat16},
  };
  for (const Case& c : cases) {
    INFO(c.descr);
    const std::size_t size = element_size(c.type);
    const std::string file = npy_v1(std::string("{'descr': '") + c.descr +
                                    "', 'fortran_order': False, 'shape': (3,), }") +
                             std::string(3 * size, '\x01');
    const io::ReadResult r = decode(file);
    INFO(r.status.message);
    REQUIRE(r.ok());
    CHECK(r.tensor.type == c.type);
    CHECK(r.tensor.bytes.size() == 3 * size);
  }
}

TEST_CASE("npy round trip of every profile type, including empty and rank-0 tensors",
          "[T1][R3][D4][D5]") {
  const std::vector<std::vector<std::int64_t>> shapes = {{2, 3}, {}, {0}, {4, 0, 2}, {1, 1, 5}};
  ScratchDir dir;
  for (const DataType type : profile_types) {
    for (const auto& shape : shapes) {
      INFO(data_type_name(type) << " " << io::shape_to_string(shape));
      const std::size_t size = element_size(type);
      std::size_t count = 1;
      for (const auto d : shape) count *= static_cast<std::size_t>(d);
      io::OwnedTensor t{type, shape, Bytes(count * size)};
      for (std::size_t i = 0; i < t.bytes.size(); ++i) {
        t.bytes[i] = static_cast<unsigned char>(0xA5 ^ (i * 37));
      }
      const auto path = dir / "t.npy";
      REQUIRE(io::write_tensor_file(path, t).ok());
      require_reads_back(path, t);
    }
  }
}

TEST_CASE("npy bad input: magic, version and header structure", "[bad-input][T1]") {
  const std::string data = raw(le_bytes<float>({1.0F, 2.0F}));
  const std::string good = npy_v1("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }");
  REQUIRE(decode(good + data).ok());
  require_rejected("", "T1");
  require_rejected("\x93NUMP", "T1");                            // truncated magic
  require_rejected("\x93NUMPZ" + good.substr(6) + data, "T1");   // wrong magic
  require_rejected("PK\x03\x04" + good.substr(4) + data, "T1");  // a zip (.npz)
  {
    std::string v4 = good + data;
    v4[6] = '\x04';
    require_rejected(v4, "T1");  // unknown version
  }
  require_rejected(good.substr(0, 9), "T1");   // no header length
  require_rejected(good.substr(0, 60), "T1");  // header truncated
  {
    // Header length claims 65535 bytes in a 138-byte file: rejected before any allocation.
    std::string lying = good + data;
    lying[8] = '\xFF';
    lying[9] = '\xFF';
    require_rejected(lying, "T1");
    // Version 2 with a 4 GiB header length.
    std::string v2 = npy_v2("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 2) + data;
    v2[8] = v2[9] = v2[10] = v2[11] = '\xFF';
    require_rejected(v2, "T1");
  }
  const auto with = [&](const std::string& dict) { return npy_v1(dict) + data; };
  require_rejected(with("['descr', '<f4']"), "T1");                   // not a dict
  require_rejected(with("{'descr': '<f4', 'shape': (2,), }"), "T1");  // missing key
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}"), "T1");
  require_rejected(with("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}"),
                   "T1");  // duplicate
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': (2), }"), "T1");
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': [2], }"), "T1");
  require_rejected(with("{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }"), "T1");
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } junk"), "T1");
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': (2.0,), }"), "T1");
  require_rejected(with("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), \xC3\xA9}"), "T1");
  require_rejected(
      with("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }"), "T1");
}

TEST_CASE("npy bad input: byte order, Fortran order, unsupported dtypes", "[bad-input][T1][R3]") {
  const std::string data(8, '\0');
  const auto with = [&](const std::string& descr, const char* order = "False") {
    return npy_v1("{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': (2,), }") +
           data;
  };
  require_rejected(with(">f4"), "T1");  // big-endian
  require_rejected(with(">i8"), "T1");
  require_rejected(with("=f4"), "T1");  // no explicit order
  require_rejected(with("|f4"), "T1");  // '|' on a multi-byte type
  require_rejected(with("u1"), "T1");   // no byte order at all
  require_rejected(with(""), "T1");     // empty descr
  require_rejected(npy_v1("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 1), }") + data,
                   "T1");               // column-major
  require_rejected(with("|b1"), "R3");  // bool
  require_rejected(with("<c8"), "R3");  // complex
  require_rejected(with("<c16"), "R3");
  require_rejected(with("<c32"), "R3");
  require_rejected(with("|?"), "R3");      // numpy's other bool spelling
  require_rejected(with("|a2"), "R3");     // 'a' byte strings
  require_rejected(with("<U1"), "R3");     // unicode string
  require_rejected(with("|S4"), "R3");     // byte string
  require_rejected(with("|O"), "R3");      // Python objects (pickles)
  require_rejected(with("<f16"), "R3");    // long double
  require_rejected(with("<M8[s]"), "R3");  // datetime
  require_rejected(
      npy_v1("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }") + data,
      "R3");  // structured
}

TEST_CASE("npy bad input: sizes that disagree with the shape", "[bad-input][T1][D8]") {
  const std::string header = npy_v1("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
  require_rejected(header + std::string(23, '\0'), "T1");  // truncated data
  require_rejected(header + std::string(25, '\0'), "T1");  // trailing bytes
  require_rejected(header, "T1");                          // no data at all
  // 2^62 x 2^62 elements: the count overflows (D8), rejected before any allocation.
  require_rejected(npy_v1("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (4611686018427387904, 4611686018427387904), }"),
                   "D8");
  // The count overflows at the second axis; a third axis does not hide it.
  require_rejected(npy_v1("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (4611686018427387904, 4611686018427387904, 2), }"),
                   "D8");
  // 2^62 float64 elements: the count fits, the byte size (2^65) does not.
  require_rejected(npy_v1("{'descr': '<f8', 'fortran_order': False, "
                          "'shape': (4611686018427387904,), }"),
                   "D8");
  // 2^61 float32 elements = 2^63 bytes: not representable.
  require_rejected(npy_v1("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (2305843009213693952,), }"),
                   "D8");
  // Representable but far larger than the file: a lying header, no huge allocation.
  require_rejected(npy_v1("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }"),
                   "T1");
  require_rejected(npy_v1("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }"), "D8");
  // A zero dimension makes the tensor empty whatever the other dimensions are (D4).
  const io::ReadResult empty = decode(
      npy_v1("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 4611686018427387904), }"));
  REQUIRE(empty.ok());
  CHECK(empty.tensor.bytes.empty());
}

TEST_CASE("npy reader: the header grammar's whitespace, keys and descr spellings",
          "[bad-input][T1][R3]") {
  const std::string data(2, '\x07');
  const auto with = [&](const std::string& dict) { return npy_v1(dict) + data; };
  // Spaces, tabs, carriage returns and newlines may separate tokens and follow the dict.
  const io::ReadResult spaced =
      decode(with("{\t'descr':\r'|u1',\n'fortran_order': False , 'shape' : ( 2 , ) }\t\r"));
  INFO(spaced.status.message);
  REQUIRE(spaced.ok());
  CHECK(spaced.tensor.type == DataType::uint8);
  CHECK(spaced.tensor.shape == std::vector<std::int64_t>{2});
  // '>' on a one-byte type is a legal spelling of the only byte order there is.
  const io::ReadResult big_byte =
      decode(with("{'descr': '>i1', 'fortran_order': False, 'shape': (2,), }"));
  REQUIRE(big_byte.ok());
  CHECK(big_byte.tensor.type == DataType::int8);

  // Each key at most once, all three present.
  require_rejected(with("{'descr': '|u1', 'fortran_order': False, 'fortran_order': False, "
                        "'shape': (2,)}"),
                   "T1");
  require_rejected(with("{'descr': '|u1', 'fortran_order': False, 'shape': (2,), 'shape': (2,)}"),
                   "T1");
  require_rejected(with("{'fortran_order': False, 'shape': (2,), }"), "T1");   // no descr
  require_rejected(with("{'descr': '|u1', 'fortran_order': False, }"), "T1");  // no shape
  // No escapes in strings; no control bytes in the header.
  require_rejected(with("{'de\\scr': '|u1', 'fortran_order': False, 'shape': (2,), }"), "T1");
  require_rejected(with("{'descr': '|u1', 'fortran_order': False,\x01'shape': (2,), }"), "T1");
}
