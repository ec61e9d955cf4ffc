// check-model (T6): each rule of the Div version in effect (ONNX Div operator page, versions 1, 6,
// 7, 13, 14), the opset imports that select it, and ONNX's own checker as a condition of INSIDE.
#include <onnx/onnx_pb.h>

#include <catch2/catch.hpp>
#include <functional>
#include <set>
#include <sonnx/io/model_check.hpp>

#include "model_check_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

// ONNX Div operator page (seed 000), type constraint T of each version:
//   Div-1:  tensor(double), tensor(float), tensor(float16)
//   Div-6, Div-7: those and tensor(int32), tensor(int64), tensor(uint32), tensor(uint64)
//   Div-13: those and tensor(bfloat16)
//   Div-14: those and tensor(int8), tensor(int16), tensor(uint8), tensor(uint16)
TEST_CASE("check-model: each Div version allows exactly the types of its type constraint",
          "[T6][T3]") {
  using T = onnx::TensorProto;
  const std::set<int> div1{T::DOUBLE, T::FLOAT, T::FLOAT16};
  std::set<int> div6 = div1;
  div6.insert({T::INT32, T::INT64, T::UINT32, T::UINT64});
  std::set<int> div13 = div6;
  div13.insert(T::BFLOAT16);
  std::set<int> div14 = div13;
  div14.insert({T::INT8, T::INT16, T::UINT8, T::UINT16});
  const std::vector<std::pair<std::int64_t, const std::set<int>*>> opsets = {
      {1, &div1},  {5, &div1},   {6, &div6},   {7, &div6},
      {12, &div6}, {13, &div13}, {14, &div14}, {17, &div14}};
  for (const auto& [opset, allowed] : opsets) {
    for (const int t : {T::FLOAT16, T::BFLOAT16, T::FLOAT, T::DOUBLE, T::INT8, T::INT16, T::INT32,
                        T::INT64, T::UINT8, T::UINT16, T::UINT32, T::UINT64}) {
      INFO("opset " << opset << ", elem_type " << t);
      const Operand x{t};
      const auto node = only_node(check_own(model(opset, x, x, x)));
      CHECK(has(node, "T6") == (allowed->count(t) == 0));
      if (opset >= 7) CHECK((node.verdict == io::Verdict::inside) == (allowed->count(t) != 0));
    }
  }
  // The three models: each is outside, naming the version and its type constraint.
  const std::vector<std::tuple<std::int64_t, int, std::string>> reported = {
      {13, T::INT8, "int8, which Div-13 does not allow"},
      {12, T::BFLOAT16, "bfloat16, which Div-7 does not allow"},
      {12, T::UINT8, "uint8, which Div-7 does not allow"}};
  for (const auto& [opset, t, text] : reported) {
    const Operand x{t};
    const io::ModelReport r = check(model(opset, x, x, x));
    const auto& node = only_node(r);
    CHECK(node.verdict == io::Verdict::outside);
    CHECK(ids(node) == std::vector<std::string>{"T6", "T6"});  // A and B
    CHECK_THAT(node.findings[0].message, Catch::Contains(text));
    CHECK_THAT(node.findings[0].message, Catch::Contains("type constraint T: tensor("));
    CHECK(r.onnx_checker == io::OnnxCheck::rejected);  // ONNX's checker agrees
    CHECK_FALSE(r.all_inside());
  }
}

// Seed 000, Div-1 and Div-6: attributes axis and broadcast (int; Div-1 also consumed_inputs, a
// list of ints); without broadcast=1 B has A's shape; with it B has one element, or is a
// contiguous part of A's shape at `axis` (at its end without axis). Div-7 has no attribute.
TEST_CASE("check-model: the attributes and limited broadcasting of Div-1 and Div-6", "[T6][GR4]") {
  const Operand a234{onnx::TensorProto::FLOAT, {"2", "3", "4"}};
  const auto judged = [&](std::int64_t opset, const Operand& b,
                          const std::function<void(onnx::NodeProto&)>& edit) {
    onnx::ModelProto m = model(opset, a234, b, a234);
    edit(*m.mutable_graph()->mutable_node(0));
    return only_node(check_own(m));
  };
  const auto none = [](onnx::NodeProto&) {};
  const Operand b34{onnx::TensorProto::FLOAT, {"3", "4"}};
  const Operand b3{onnx::TensorProto::FLOAT, {"3"}};
  const Operand b11{onnx::TensorProto::FLOAT, {"1", "1"}};
  const auto consumed = [](onnx::NodeProto& n) {
    auto* c = n.add_attribute();
    c->set_name("consumed_inputs");
    c->set_type(onnx::AttributeProto::INTS);
    c->add_ints(0);
  };
  // Div-1 has consumed_inputs, Div-6 not.
  CHECK_FALSE(has(judged(1, a234, consumed), "T6"));
  CHECK(has(judged(1, a234, consumed), "GR4"));
  CHECK(has(judged(6, a234, consumed), "T6"));
  // broadcast is an int.
  const auto float_broadcast = [](onnx::NodeProto& n) {
    auto* c = n.add_attribute();
    c->set_name("broadcast");
    c->set_type(onnx::AttributeProto::FLOAT);
    c->set_f(1.0F);
  };
  CHECK_THAT(judged(6, a234, float_broadcast).findings[1].message,
             Catch::Contains("must be an int"));
  // Without broadcast=1: the same shape, else T6.
  CHECK_FALSE(has(judged(6, a234, none), "T6"));
  CHECK(has(judged(6, b34, none), "T6"));
  // With broadcast=1: a suffix of A's shape, a part at axis, or one element.
  const auto bc = [](onnx::NodeProto& n) { add_int(n, "broadcast", 1); };
  CHECK_FALSE(has(judged(6, b34, bc), "T6"));
  CHECK_FALSE(has(judged(6, b11, bc), "T6"));
  CHECK(has(judged(6, b3, bc), "T6"));  // [3] is not A's last dimension (4)
  const auto at = [](std::int64_t axis) {
    return [axis](onnx::NodeProto& n) {
      add_int(n, "broadcast", 1);
      add_int(n, "axis", axis);
    };
  };
  CHECK_FALSE(has(judged(6, b3, at(1)), "T6"));
  CHECK(has(judged(6, b3, at(0)), "T6"));
  CHECK(has(judged(6, b3, at(3)), "T6"));
  // B of 7 x 7905747460161236407 elements, a number of 2^64 * 3 + 1: far from one element (a
  // product of the dimensions in 64 bits would wrap to 1, and overflowing it is undefined).
  const Operand huge{onnx::TensorProto::FLOAT, {"7", "7905747460161236407"}};
  const auto findings = judged(6, huge, bc).findings;
  CHECK(std::any_of(findings.begin(), findings.end(), [](const io::Finding& f) {
    return f.requirement == "T6" &&
           f.message.find("not a contiguous part of A's") != std::string::npos;
  }));
  // Every one of them is outside the profile anyway (GR4: Div-6).
  CHECK(judged(6, b34, bc).verdict == io::Verdict::outside);
  // Div-7 has no attribute at all.
  const auto node7 = judged(7, b34, bc);
  CHECK(ids(node7).front() == "T6");
  CHECK_THAT(node7.findings[0].message, Catch::Contains("not an attribute of Div-7"));
}

TEST_CASE("check-model: opsets that select no known Div version", "[T6][GR4]") {
  // Newer than ONNX 1.12's registry knows (17): a later Div version cannot be excluded.
  const auto newer = only_node(check_own(model(18, Operand{}, Operand{})));
  CHECK(newer.verdict == io::Verdict::unproven);
  CHECK(ids(newer) == std::vector<std::string>{"T6"});
  CHECK_THAT(newer.findings[0].message, Catch::Contains("newer than the newest opset"));
  // Opset 0 is no version at all.
  const auto zero = only_node(check_own(model(0, Operand{}, Operand{})));
  CHECK(zero.verdict == io::Verdict::outside);
  CHECK(ids(zero) == std::vector<std::string>{"T6"});
}

TEST_CASE("check-model: a model is inside only if ONNX's checker accepts it", "[T6][T3]") {
  // ir_version 10 is newer than ONNX 1.12's checker accepts: the Div node is inside, the model
  // is not valid ONNX for the checker, so it is outside.
  onnx::ModelProto newer_ir = model(14, Operand{}, Operand{});
  newer_ir.set_ir_version(10);
  const io::ModelReport rejected = check(newer_ir);
  CHECK(only_node(rejected).verdict == io::Verdict::inside);
  CHECK(rejected.onnx_checker == io::OnnxCheck::rejected);
  CHECK_THAT(rejected.onnx_checker_message, Catch::Contains("ir_version"));
  REQUIRE(rejected.findings.size() == 1);
  CHECK(rejected.findings[0].requirement == "T6");
  CHECK(rejected.verdict() == io::Verdict::outside);
  CHECK_FALSE(rejected.all_inside());
  CHECK(io::outcome_of(rejected) == io::ModelOutcome::outside);
  // Without ONNX's checker nothing is shown valid: unproven.
  const io::ModelReport unchecked = check_own(model(14, Operand{}, Operand{}));
  CHECK(only_node(unchecked).verdict == io::Verdict::inside);
  CHECK(unchecked.onnx_checker == io::OnnxCheck::not_run);
  CHECK(unchecked.verdict() == io::Verdict::unproven);
  CHECK_FALSE(unchecked.all_inside());
}
