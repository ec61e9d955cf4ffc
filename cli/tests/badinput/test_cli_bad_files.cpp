// Bad-input catalogue, part 1: malformed and out-of-profile tensor files given to the real
// `sonnx-div run`. Every case: the documented exit code (docs/cli.md: 1 profile violation, 3
// malformed file or I/O), a message naming the requirement ID, no output file, inputs unchanged.
#include "badinput_support.hpp"
#include "sparse_tensor_example.hpp"

using namespace sonnx::badinput;

namespace {

const Bytes f32_data = le<float>({1.0F, 2.0F});
const std::string f32_header_shape = "(2,)";

// A valid .npy B of 2 float32 elements next to a bad A.
void with_good_b(const Scratch& s) {
  write_file(s / "b.npy", npy("<f4", f32_header_shape, f32_data));
}

void expect_bad_npy(const Bytes& a, int exit_code, const std::string& id) {
  Scratch s;
  write_file(s / "a.npy", a);
  with_good_b(s);
  expect_run_rejected(s, "a.npy", "b.npy", "c.npy", exit_code, id);
}

void expect_bad_pb(const Bytes& a, int exit_code, const std::string& id) {
  Scratch s;
  write_file(s / "a.pb", a);
  write_file(s / "b.pb", serialize(proto(onnx::TensorProto::FLOAT, {2}, f32_data)));
  expect_run_rejected(s, "a.pb", "b.pb", "c.pb", exit_code, id);
}

}  // namespace

TEST_CASE("bad input: .npy file cut inside its header", "[bad-input][T1]") {
  expect_bad_npy(npy("<f4", "(2,)", f32_data).substr(0, 40), exit_io, "T1");
}

TEST_CASE("bad input: .npy with a wrong magic string", "[bad-input][T1]") {
  Bytes a = npy("<f4", "(2,)", f32_data);
  a[1] = 'X';  // \x93XUMPY
  expect_bad_npy(a, exit_io, "T1");
}

TEST_CASE("bad input: empty .npy file", "[bad-input][T1]") { expect_bad_npy("", exit_io, "T1"); }

TEST_CASE("bad input: .npy header length beyond the end of the file", "[bad-input][T1]") {
  Bytes a = npy("<f4", "(2,)", f32_data);
  a[8] = '\xF0';  // header length 0x??F0 > file size
  a[9] = '\x7F';
  expect_bad_npy(a, exit_io, "T1");
}

TEST_CASE("bad input: big-endian .npy data ('>f4') is not read as little-endian",
          "[bad-input][T1]") {
  expect_bad_npy(npy(">f4", "(2,)", f32_data), exit_io, "T1");
}

TEST_CASE("bad input: Fortran-order .npy is rejected, not transposed", "[bad-input][T1]") {
  expect_bad_npy(npy("<f4", "(2, 1)", f32_data, "True"), exit_io, "T1");
}

TEST_CASE("bad input: .npy bool dtype is outside the profile", "[bad-input][R3]") {
  expect_bad_npy(npy("|b1", "(2,)", Bytes("\x01\x00", 2)), exit_violation, "R3");
}

TEST_CASE("bad input: .npy complex64 dtype is outside the profile", "[bad-input][R3]") {
  expect_bad_npy(npy("<c8", "(2,)", Bytes(16, '\0')), exit_violation, "R3");
}

TEST_CASE("bad input: .npy unicode string dtype is outside the profile", "[bad-input][R3]") {
  expect_bad_npy(npy("<U1", "(2,)", Bytes(8, '\0')), exit_violation, "R3");
}

TEST_CASE("bad input: .npy data shorter than its shape", "[bad-input][T1]") {
  expect_bad_npy(npy("<f4", "(3,)", f32_data), exit_io, "T1");
}

TEST_CASE("bad input: .npy data longer than its shape", "[bad-input][T1]") {
  expect_bad_npy(npy("<f4", "(1,)", f32_data), exit_io, "T1");
}

TEST_CASE("bad input: .npy dimension product overflowing 64 bits", "[bad-input][D8]") {
  // 2^62 * 2^62 elements: not representable; rejected before any allocation.
  expect_bad_npy(npy("<f4", "(4611686018427387904, 4611686018427387904)", ""), exit_violation,
                 "D8");
}

TEST_CASE("bad input: .npy negative dimension", "[bad-input][D8]") {
  expect_bad_npy(npy("<f4", "(-2,)", f32_data), exit_violation, "D8");
}

TEST_CASE("bad input: TensorProto negative dimension", "[bad-input][D8]") {
  expect_bad_pb(serialize(proto(onnx::TensorProto::FLOAT, {-2}, f32_data)), exit_violation, "D8");
}

TEST_CASE("bad input: TensorProto dimension product overflowing 64 bits", "[bad-input][D8]") {
  const std::int64_t big = std::int64_t{1} << 62;
  expect_bad_pb(serialize(proto(onnx::TensorProto::FLOAT, {big, big}, f32_data)), exit_violation,
                "D8");
}

TEST_CASE("bad input: TensorProto with both typed float_data and raw_data", "[bad-input][T1]") {
  onnx::TensorProto p = proto(onnx::TensorProto::FLOAT, {2}, f32_data);
  p.add_float_data(1.0F);
  p.add_float_data(2.0F);
  expect_bad_pb(serialize(p), exit_io, "T1");
}

TEST_CASE("bad input: TensorProto raw_data shorter than its dims", "[bad-input][T1]") {
  expect_bad_pb(serialize(proto(onnx::TensorProto::FLOAT, {3}, f32_data)), exit_io, "T1");
}

TEST_CASE("bad input: TensorProto with external data", "[bad-input][T1]") {
  onnx::TensorProto p;
  p.set_data_type(onnx::TensorProto::FLOAT);
  p.add_dims(2);
  p.set_data_location(onnx::TensorProto::EXTERNAL);
  auto* entry = p.add_external_data();
  entry->set_key("location");
  entry->set_value("weights.bin");
  expect_bad_pb(serialize(p), exit_io, "T1");
}

TEST_CASE("bad input: a SparseTensorProto given as a tensor", "[bad-input][R2][GR1]") {
  const onnx::SparseTensorProto sparse = sonnx::test::one_value_sparse_tensor(2, 1);
  expect_bad_pb(serialize(sparse), exit_violation, "R2");
}

TEST_CASE("bad input: string TensorProto", "[bad-input][R3]") {
  onnx::TensorProto p;
  p.set_data_type(onnx::TensorProto::STRING);
  p.add_dims(2);
  p.add_string_data("a");
  p.add_string_data("b");
  expect_bad_pb(serialize(p), exit_violation, "R3");
}

TEST_CASE("bad input: bool TensorProto", "[bad-input][R3]") {
  expect_bad_pb(serialize(proto(onnx::TensorProto::BOOL, {2}, Bytes("\x01\x00", 2))),
                exit_violation, "R3");
}

TEST_CASE("bad input: complex64 TensorProto", "[bad-input][R3]") {
  expect_bad_pb(serialize(proto(onnx::TensorProto::COMPLEX64, {2}, Bytes(16, '\0'))),
                exit_violation, "R3");
}

TEST_CASE("bad input: bytes that are not a protobuf message", "[bad-input][T1]") {
  expect_bad_pb(Bytes("\xFF\xFF\xFF\xFF\x00", 5), exit_io, "T1");
}

TEST_CASE("bad input: a .npy file named .pb", "[bad-input][T1]") {
  expect_bad_pb(npy("<f4", "(2,)", f32_data), exit_io, "T1");
}

TEST_CASE("bad input: non-existent input file", "[bad-input][T1]") {
  Scratch s;
  with_good_b(s);
  const CliResult r = expect_run_rejected(s, "absent.npy", "b.npy", "c.npy", exit_io, "T1");
  CHECK_THAT(r.err, Catch::Contains("absent.npy"));
}

TEST_CASE("bad input: an input path that is a directory", "[bad-input][T1]") {
  Scratch s;
  with_good_b(s);
  fs::create_directory(s / "a.npy");
  expect_run_rejected(s, "a.npy", "b.npy", "c.npy", exit_io, "T1");
}

TEST_CASE("bad input: unwritable output path (missing directory)", "[bad-input][T2]") {
  Scratch s;
  write_file(s / "a.npy", npy("<f4", "(2,)", f32_data));
  with_good_b(s);
  const CliResult r = expect_run_rejected(s, "a.npy", "b.npy", "missing/c.npy", exit_io, "T2");
  CHECK_FALSE(fs::exists(s / "missing"));
}

TEST_CASE("bad input: output path that is an existing directory", "[bad-input][T2]") {
  Scratch s;
  write_file(s / "a.npy", npy("<f4", "(2,)", f32_data));
  with_good_b(s);
  fs::create_directories(s / "c.npy" / "keep");
  const auto before = s.entries();
  const CliResult r = run_files(s, "a.npy", "b.npy", "c.npy");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == exit_io);
  CHECK_THAT(r.err, Catch::Contains("error: T2: "));
  CHECK(fs::is_directory(s / "c.npy" / "keep"));
  CHECK(s.entries() == before);
}

TEST_CASE("bad input: A, B and C in different formats is a usage error", "[bad-input][T1]") {
  Scratch s;
  write_file(s / "a.npy", npy("<f4", "(2,)", f32_data));
  write_file(s / "b.pb", serialize(proto(onnx::TensorProto::FLOAT, {2}, f32_data)));
  const CliResult r = run_files(s, "a.npy", "b.pb", "c.npy");
  CHECK(r.exit_code == exit_usage);
  CHECK_THAT(r.err, Catch::Contains("same format"));
  CHECK_FALSE(fs::exists(s / "c.npy"));
}

TEST_CASE("bad input: check-model on a model with no Div node", "[bad-input][T3]") {
  Scratch s;
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(14);
  auto* g = m.mutable_graph();
  g->set_name("g");
  for (const char* name : {"A", "B"}) {
    auto* in = g->add_input();
    in->set_name(name);
    in->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  }
  auto* out = g->add_output();
  out->set_name("C");
  out->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  auto* node = g->add_node();
  node->set_op_type("Mul");
  node->add_input("A");
  node->add_input("B");
  node->add_output("C");
  write_file(s / "m.onnx", serialize(m));
  const Bytes before = read_file(s / "m.onnx");
  const CliResult r = run_cli(s, {"check-model", (s / "m.onnx").string()});
  // docs/cli.md: "no Div node" has an exit code of its own, 4, not the violation code 1.
  CHECK(r.exit_code == 4);
  CHECK_THAT(r.err, Catch::Contains("error: T3: ") && Catch::Contains("no Div node"));
  CHECK(read_file(s / "m.onnx") == before);
}

TEST_CASE("bad input: check-model on bytes that are not a model", "[bad-input][T1][T3]") {
  Scratch s;
  write_file(s / "m.onnx", Bytes("\xFF\xFF\x00garbage", 10));
  const CliResult r = run_cli(s, {"check-model", (s / "m.onnx").string()});
  CHECK(r.exit_code == exit_io);
  CHECK_THAT(r.err, Catch::Contains("error: T1: "));
}

TEST_CASE("bad input: check-model on a non-existent file", "[bad-input][T1][T3]") {
  Scratch s;
  const CliResult r = run_cli(s, {"check-model", (s / "absent.onnx").string()});
  CHECK(r.exit_code == exit_io);
  CHECK_THAT(r.err, Catch::Contains("error: T1: ") && Catch::Contains("absent.onnx"));
  CHECK(s.entries().empty());
}
