// check-model (T3, T6): every place a Div node can be (model-local functions at their call sites,
// subgraphs and what their runners feed them, training graphs, the bodies of function-defined
// operators), what a declaration of a computed value proves, and model sets.
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <functional>
#include <set>
#include <sonnx/io/model_check.hpp>
#include <sonnx/process/process.hpp>

#include "model_check_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

// The models: a Div that only a model-local function holds, broadcasting [4] by [4, 1];
// and a main-graph Div inside the profile beside such a function.
TEST_CASE("check-model: Div nodes of model-local functions are judged at each call site",
          "[T3][R4][R1][C1]") {
  const Operand v4{onnx::TensorProto::FLOAT, {"4"}};
  const Operand v41{onnx::TensorProto::FLOAT, {"4", "1"}};
  const Operand v44{onnx::TensorProto::FLOAT, {"4", "4"}};
  onnx::ModelProto only_function = calling(14, v4, v41, v44);
  add_div_function(only_function);
  const io::ModelReport r = check(only_function);
  const auto& node = only_node(r);
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(ids(node) == std::vector<std::string>{"R4"});
  CHECK(node.function == "local.F");
  CHECK(node.location == "graph \"g\" > call #0 \"div0\" of function local.F");
  CHECK(r.verdict() == io::Verdict::outside);

  onnx::ModelProto both = only_function;
  auto* main_div = both.mutable_graph()->add_node();
  main_div->set_op_type("Div");
  main_div->add_input("a");
  main_div->add_input("a");
  main_div->add_output("q");
  const io::ModelReport r2 = check(both);
  REQUIRE(r2.nodes.size() == 2);
  CHECK(r2.nodes[0].verdict == io::Verdict::inside);  // the main graph's first
  CHECK(r2.nodes[0].function.empty());
  CHECK(r2.nodes[1].verdict == io::Verdict::outside);
  CHECK_FALSE(r2.all_inside());

  // Two calls with other types: one report each, with the call's types.
  onnx::ModelProto twice = calling(14, Operand{}, Operand{});
  add_div_function(twice);
  auto* second = twice.mutable_graph()->add_node();
  *second = twice.graph().node(0);
  second->set_name("second");
  second->set_input(1, "a");
  second->set_output(0, "d");
  twice.mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::DOUBLE);
  const io::ModelReport r3 = check_own(twice);
  REQUIRE(r3.nodes.size() == 2);
  CHECK(ids(r3.nodes[0]) == std::vector<std::string>{"T6", "C2", "GR3"});  // float by double
  CHECK(r3.nodes[1].verdict == io::Verdict::inside);                       // float by float
  CHECK_THAT(r3.nodes[1].location, Catch::Contains("call #1 \"second\""));
}

TEST_CASE("check-model: functions no call reaches, recursive calls and many calls are unproven",
          "[T3][R3][R1]") {
  // Not called: judged once, without types.
  onnx::ModelProto uncalled = model(14, Operand{}, Operand{});
  add_div_function(uncalled);
  const io::ModelReport r = check(uncalled);
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].verdict == io::Verdict::inside);
  CHECK(r.nodes[1].verdict == io::Verdict::unproven);
  CHECK(r.nodes[1].location == "function local.F (not called)");
  CHECK(ids(r.nodes[1]) == std::vector<std::string>{"R3", "R3", "R1"});
  CHECK(r.verdict() == io::Verdict::unproven);

  // F calls itself: the first call is judged with types, the recursive one without.
  onnx::ModelProto recursive = calling(14, Operand{}, Operand{});
  auto* f = add_div_function(recursive);
  auto* self = f->add_node();
  self->set_op_type("F");
  self->set_domain("local");
  self->add_input("z");
  self->add_input("y");
  self->add_output("w");
  f->add_opset_import()->set_domain("local");
  f->mutable_opset_import(1)->set_version(1);
  check_last_unproven(check_own(recursive), 2, "recursive");

  // 65 calls: the first 64 with their types, the last without.
  onnx::ModelProto many = calling(14, Operand{}, Operand{});
  add_div_function(many);
  for (int k = 1; k < 65; ++k) {
    auto* call = many.mutable_graph()->add_node();
    *call = many.graph().node(0);
    call->set_output(0, "c" + std::to_string(k));
  }
  check_last_unproven(check_own(many), 65, "more than 64 calls");
}

TEST_CASE("check-model: a function's own opset, nested calls and attribute references",
          "[T6][T3][GR4][R4]") {
  using T = onnx::TensorProto;
  // The function imports opset 13 (so does the model): int8 is not a Div-13 type.
  const Operand i8{T::INT8, {"4"}};
  onnx::ModelProto own = calling(13, i8, i8, i8);
  add_div_function(own, "F", 13);
  const auto node = only_node(check(own));
  CHECK(node.opset == 13);
  CHECK(node.div_version == 13);
  CHECK(ids(node) == std::vector<std::string>{"T6", "T6"});
  // A function importing another Div version than the model's (13 against 14).
  onnx::ModelProto differs = calling(14, Operand{}, Operand{});
  add_div_function(differs, "F", 13);
  CHECK_THAT(only_node(check_own(differs)).findings[0].message,
             Catch::Contains("must give the same operator schemas"));
  // A function importing no default-domain opset: the Div version would be defaulted.
  onnx::ModelProto no_import = calling(14, Operand{}, Operand{});
  add_div_function(no_import)->mutable_opset_import(0)->set_domain("com.example");
  CHECK(ids(only_node(check_own(no_import))) == std::vector<std::string>{"GR4"});

  // F calls G, G divides: G's Div is judged with the types F's call gives (ONNX's inference
  // carries them through F's Relu).
  onnx::ModelProto nested = calling(14, Operand{T::FLOAT, {"2", "3"}}, Operand{T::FLOAT, {"3"}},
                                    Operand{T::FLOAT, {"2", "3"}});
  auto* g = add_div_function(nested, "G");
  auto* outer = nested.add_functions();
  *outer = *g;
  outer->set_name("F");
  outer->mutable_node(0)->set_op_type("Relu");
  outer->mutable_node(0)->mutable_input()->RemoveLast();
  outer->mutable_node(0)->set_output(0, "r");
  auto* inner_call = outer->add_node();
  inner_call->set_op_type("G");
  inner_call->set_domain("local");
  inner_call->add_input("r");
  inner_call->add_input("y");
  inner_call->add_output("z");
  auto* local = outer->add_opset_import();
  local->set_domain("local");
  local->set_version(1);
  const auto deep = only_node(check(nested));
  CHECK(deep.function == "local.G");
  CHECK(deep.location ==
        "graph \"g\" > call #0 \"div0\" of function local.F > call #1 \"\" of function local.G");
  CHECK(ids(deep) == std::vector<std::string>{"R4"});

  // An attribute reference on the function's Div: an attribute of the node, bound or not.
  for (const bool bound : {true, false}) {
    INFO("bound " << bound);
    onnx::ModelProto refs = calling(14, Operand{}, Operand{});
    auto* f = add_div_function(refs);
    f->add_attribute("bc");
    auto* ref = f->mutable_node(0)->add_attribute();
    ref->set_name("broadcast");
    ref->set_ref_attr_name("bc");
    ref->set_type(onnx::AttributeProto::INT);
    if (bound) add_int(*refs.mutable_graph()->mutable_node(0), "bc", 1);
    const auto judged = only_node(check_own(refs));
    CHECK(ids(judged) == std::vector<std::string>{"T6", "GR4"});
    if (!bound) {
      CHECK_THAT(judged.findings[1].message,
                 Catch::Contains("reference to the function's attribute"));
    }
  }
}

TEST_CASE("check-model: a local function that redefines Div in the default domain", "[T6]") {
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  add_div_function(m, "Div")->set_domain("");
  const io::ModelReport r = check_own(m);
  REQUIRE_FALSE(r.nodes.empty());
  CHECK(has(r.nodes[0], "T6"));
  CHECK(r.nodes[0].verdict == io::Verdict::outside);
}

TEST_CASE("check-model: model sets name files and folders, with outcomes and model lines",
          "[T3][T1]") {
  ScratchDir dir;
  const auto save = [](const onnx::ModelProto& m, const std::filesystem::path& path) {
    std::string s;
    m.SerializeToString(&s);
    write_bytes(path, bytes_of(s));
  };
  std::filesystem::create_directories(dir / "set" / "sub");
  std::filesystem::create_directories(dir / "empty");
  save(model(14, Operand{}, Operand{}), dir / "set" / "b.onnx");
  save(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"4"}}),
       dir / "set" / "sub" / "a.onnx");
  onnx::ModelProto mul = model(14, Operand{}, Operand{});
  mul.mutable_graph()->mutable_node(0)->set_op_type("Mul");
  save(mul, dir / "set" / "c.onnx");
  write_bytes(dir / "set" / "notes.txt", Bytes{1});
  const std::vector<std::filesystem::path> names = {dir / "set", dir / "empty",
                                                    dir / "absent.onnx"};
  const std::vector<io::ModelSetEntry> set = io::model_set(names);
  REQUIRE(set.size() == 5);
  CHECK(set[0].path == dir / "set" / "b.onnx");  // lexicographic: b.onnx, c.onnx, sub/a.onnx
  CHECK(set[1].path == dir / "set" / "c.onnx");
  CHECK(set[2].path == dir / "set" / "sub" / "a.onnx");
  CHECK(set[3].status.requirement == "T1");  // a folder with no model
  CHECK_THAT(set[3].status.message, Catch::Contains("no *.onnx file"));
  CHECK(set[4].status.ok());  // a file name is taken as given; reading it fails later (T1)

  const io::ModelReport inside = io::check_model_file(set[0].path);
  const io::ModelReport none = io::check_model_file(set[1].path);
  const io::ModelReport outside = io::check_model_file(set[2].path);
  const io::ModelReport absent = io::check_model_file(set[4].path);
  CHECK(io::outcome_of(inside) == io::ModelOutcome::inside);
  CHECK(io::outcome_of(none) == io::ModelOutcome::no_div_node);
  CHECK(none.no_div_node);
  CHECK(io::outcome_of(outside) == io::ModelOutcome::outside);
  CHECK(io::outcome_of(absent) == io::ModelOutcome::error);
  CHECK(io::format_model_line("b.onnx", inside) ==
        "b.onnx: INSIDE, 1 Div node(s): 1 inside, 0 outside, 0 unproven");
  CHECK(io::format_model_line("c.onnx", none) == "c.onnx: NO DIV NODE (T3)");
  CHECK(io::format_model_line("a.onnx", outside) ==
        "a.onnx: OUTSIDE [R4], 1 Div node(s): 0 inside, 1 outside, 0 unproven");
  CHECK_THAT(io::format_model_line("x.onnx", absent), Catch::StartsWith("x.onnx: ERROR [T1] "));
}

// Nothing under a folder goes unseen: an entry named *.onnx that is not a readable model stays in
// the set (the check refuses it, T1), and a folder that cannot be listed is an error entry of its
// own (before, both were dropped, and a set holding an OUTSIDE model there was INSIDE).
TEST_CASE("check-model: a model set keeps what it cannot read and folders it cannot list",
          "[T3][T1]") {
  ScratchDir dir;
  std::string bytes;
  model(14, Operand{}, Operand{}).SerializeToString(&bytes);
  std::filesystem::create_directories(dir / "set" / "locked");
  std::filesystem::create_directories(dir / "elsewhere");
  write_bytes(dir / "set" / "a.onnx", bytes_of(bytes));
  write_bytes(dir / "set" / "locked" / "hidden.onnx", bytes_of(bytes));
  std::filesystem::create_symlink("missing.onnx", dir / "set" / "dangling.onnx");
  std::filesystem::create_directory_symlink(dir / "elsewhere", dir / "set" / "linked.onnx");
  std::filesystem::permissions(dir / "set" / "locked", std::filesystem::perms::none);
  // Root lists any folder: the set is then taken as nobody (uid and gid 65534) in a child.
  const std::vector<std::filesystem::path> names = {dir / "set"};
  std::string listed;  // per entry: 'm' (a model to check) or 'f' (a folder's error), then path
  const auto list = [&] {
    std::string text;
    for (const auto& e : io::model_set(names)) {
      text += (e.folder ? 'f' : 'm') + e.path.string() + '\n';
    }
    return text;
  };
  if (::geteuid() != 0) {
    listed = list();
  } else {
    const process::Result run = process::run_function(
        [&](int out) {
          if (::setgid(65534) != 0 || ::setuid(65534) != 0) return 2;
          const std::string text = list();
          return ::write(out, text.data(), text.size()) == static_cast<ssize_t>(text.size()) ? 0
                                                                                             : 1;
        },
        process::Seconds(60));
    REQUIRE(run.success());
    listed = run.out;
  }
  std::filesystem::permissions(dir / "set" / "locked", std::filesystem::perms::owner_all);
  // In path order: the model, the dangling link (refused by the check, T1), the locked folder;
  // linked.onnx is a link to a folder, not followed.
  CHECK(listed == "m" + (dir / "set" / "a.onnx").string() + "\nm" +
                      (dir / "set" / "dangling.onnx").string() + "\nf" +
                      (dir / "set" / "locked").string() + "\n");
  const io::ModelReport dangling = io::check_model_file(dir / "set" / "dangling.onnx");
  CHECK(io::outcome_of(dangling) == io::ModelOutcome::error);
  CHECK(dangling.status.requirement == "T1");
}

// ONNX IR (version 7 on), training information: an algorithm step runs the main graph and the
// algorithm graph concatenated; the initialization graph stands alone. Their Div nodes are judged
// like the main graph's, named by where they are.
TEST_CASE("check-model: Div nodes of training graphs are judged where they are", "[T3][R4]") {
  const Operand f4{onnx::TensorProto::FLOAT, {"4"}};
  onnx::ModelProto m = model(14, f4, f4, f4);
  auto* training = m.add_training_info();
  auto* algorithm = training->mutable_algorithm();
  algorithm->set_name("alg");
  declare(algorithm->add_input(), "s", Operand{onnx::TensorProto::FLOAT, {"1"}});
  add_node(*algorithm, "Div", {"c", "s"}, {"d"});  // c, the main graph's result, by s: R4
  declare(algorithm->add_output(), "d", f4);
  const io::ModelReport r = check(m);
  INFO(r.status.message);
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].verdict == io::Verdict::inside);
  CHECK(r.nodes[1].location == "training_info[0] > algorithm \"alg\"");
  CHECK(r.nodes[1].position == 0);
  CHECK(ids(r.nodes[1]) == std::vector<std::string>{"R4"});
  CHECK(r.verdict() == io::Verdict::outside);

  // The only Div of the model in its training graph: judged, not "no Div node".
  onnx::ModelProto only = m;
  only.mutable_graph()->mutable_node(0)->set_op_type("Add");
  const io::ModelReport r2 = check(only);
  CHECK_FALSE(r2.no_div_node);
  CHECK(only_node(r2).location == "training_info[0] > algorithm \"alg\"");

  // A mutable variable (update_binding's key) holds its initializer's value at the first step
  // only: the algorithm step does not know it, the main graph runs with the stored one.
  onnx::ModelProto variable = model(14, f4, f4, f4);
  divisor_initializer(variable, 4, 2.0F);
  auto* step = variable.add_training_info();
  step->mutable_algorithm()->set_name("step");
  add_node(*step->mutable_algorithm(), "Div", {"a", "b"}, {"b2"});
  declare(step->mutable_algorithm()->add_output(), "b2", f4);
  auto* binding = step->add_update_binding();
  binding->set_key("b");
  binding->set_value("b2");
  check_last_unproven(check(variable), 2, "mutable variables");
}

// ONNX's checker skips training graphs, which the ONNX IR holds to the rules of a graph:
// check-model runs it on each as the model it builds for it (an algorithm step after the main
// graph's inputs, initializers and nodes). A step that defines the main graph's input again breaks
// the single static assignment of names, so its Div nodes could read either value: the model is not
// inside.
TEST_CASE("check-model: ONNX's checker judges each training graph as a model of its own",
          "[T3][T6]") {
  const Operand f4{onnx::TensorProto::FLOAT, {"4"}};
  onnx::ModelProto m = model(14, f4, f4, f4);
  auto* algorithm = m.add_training_info()->mutable_algorithm();
  algorithm->set_name("alg");
  declare(algorithm->add_input(), "s", f4);
  add_node(*algorithm, "Div", {"c", "s"}, {"d"});
  declare(algorithm->add_output(), "d", f4);
  const io::ModelReport valid = check(m);
  CHECK(valid.findings.empty());
  CHECK(valid.all_inside());

  for (const bool as_input : {false, true}) {
    INFO((as_input ? "a declared again as the step's input" : "a computed again by the step"));
    onnx::ModelProto twice = m;
    auto* step = twice.mutable_training_info(0)->mutable_algorithm();
    if (as_input) {
      declare(step->add_input(), "a", f4);
    } else {
      step->mutable_node()->Add()->CopyFrom(step->node(0));
      *step->mutable_node(0) = onnx::NodeProto{};
      step->mutable_node(0)->set_op_type("Add");
      step->mutable_node(0)->add_input("s");
      step->mutable_node(0)->add_input("s");
      step->mutable_node(0)->add_output("a");
    }
    const io::ModelReport r = check(twice);
    CHECK(r.verdict() == io::Verdict::unproven);
    CHECK_FALSE(r.all_inside());
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].requirement == "T6");
    CHECK_THAT(
        r.findings[0].message,
        Catch::StartsWith("T6: training_info[0] > algorithm \"alg\": not shown to be valid") &&
            Catch::Contains("single static assignment"));
  }
}

// ONNX defines some operators by a function (ONNX 1.12's schemas): MeanVarianceNormalization
// divides by the standard deviation, Softmax-13 by the sum of exponentials, Celu by alpha. A
// runtime may run such a node as its body; that Div is no node of the model and is not judged.
TEST_CASE("check-model: a node of a function-defined operator holding a Div is not inside",
          "[T3]") {
  const auto one_node = [](const std::string& op, std::int64_t opset) {
    const Operand f234{onnx::TensorProto::FLOAT, {"2", "3", "4"}};
    onnx::ModelProto m = model(opset, f234, Operand{}, f234);
    auto* g = m.mutable_graph();
    g->mutable_input()->DeleteSubrange(1, 1);
    g->mutable_node(0)->set_op_type(op);
    g->mutable_node(0)->mutable_input()->DeleteSubrange(1, 1);
    return check_derived(m);
  };
  for (const auto& [op, opset] : std::vector<std::pair<std::string, std::int64_t>>{
           {"MeanVarianceNormalization", 13}, {"Softmax", 13}, {"Celu", 12}}) {
    INFO(op);
    const io::ModelReport r = one_node(op, opset);
    CHECK_FALSE(r.no_div_node);
    CHECK(r.status.ok());
    CHECK(r.nodes.empty());
    CHECK(r.verdict() == io::Verdict::unproven);
    REQUIRE_FALSE(r.findings.empty());
    CHECK(r.findings[0].requirement == "T3");
    CHECK_THAT(r.findings[0].message,
               Catch::Contains("graph \"g\" > " + op + " #0 \"div0\": ONNX defines " + op + "-") &&
                   Catch::Contains("whose body has a Div node"));
    CHECK_FALSE(r.all_inside());
  }
  // Softmax-11 is no function; LogSoftmax-13's body subtracts a logarithm and divides nowhere.
  CHECK(one_node("Softmax", 11).no_div_node);
  CHECK(one_node("LogSoftmax", 13).no_div_node);
  // Beside a Div node inside the profile, the model is unproven.
  onnx::ModelProto both = model(13, Operand{}, Operand{});
  add_node(*both.mutable_graph(), "Softmax", {"c"}, {"s"});
  const io::ModelReport r = check_derived(both);
  CHECK(only_node(r).verdict == io::Verdict::inside);
  CHECK(r.verdict() == io::Verdict::unproven);
}

// SequenceMap-17's body is built by ONNX for the node's inputs' types (a context-dependent
// function). ONNX 1.12's builder reads the element type of its first input's sequence type and
// crashes (signal 11) when that input has no type, as a computed value has without shape
// inference. The builder runs in a child process: its crash leaves the operator's body unseen,
// so the model is unproven (T3), and the check goes on.
TEST_CASE("check-model: a crash of ONNX's builder of a function body does not end the check",
          "[T3]") {
  const Operand f2{onnx::TensorProto::FLOAT, {"2"}};
  onnx::ModelProto m = model(17, f2, Operand{}, std::nullopt);
  auto* g = m.mutable_graph();
  g->mutable_input()->DeleteSubrange(1, 1);
  g->mutable_node(0)->set_op_type("SequenceConstruct");
  g->mutable_node(0)->set_input(1, "a");
  g->mutable_node(0)->set_output(0, "s");
  onnx::NodeProto* map = add_node(*g, "SequenceMap", {"s"}, {"o"});
  onnx::GraphProto* body = add_graph(*map, "body", "body");
  declare(body->add_input(), "x", f2);
  declare(body->add_output(), "y", f2);
  add_node(*body, "Div", {"x", "x"}, {"y"});
  const io::ModelReport r = check_own(m);
  REQUIRE(r.status.ok());
  CHECK(r.verdict() == io::Verdict::unproven);
  REQUIRE_FALSE(r.findings.empty());
  CHECK(r.findings[0].requirement == "T3");
  CHECK_THAT(r.findings[0].message,
             Catch::Contains("ONNX defines SequenceMap-17 by a function whose body depends") &&
                 Catch::Contains("(ONNX's builder crashed (signal 11))"));
  CHECK_FALSE(r.all_inside());
}

// ONNX IR, Functions: a function is identified by its domain and name, unique in a model.
TEST_CASE("check-model: two local functions with one identifier are outside (T6)", "[T6][R4]") {
  const Operand f4{onnx::TensorProto::FLOAT, {"4"}};
  onnx::ModelProto m = calling(14, f4, f4, f4);
  add_div_function(m);
  // The same identifier again, dividing by y unsqueezed to [1, 4]: R4.
  auto* other = add_div_function(m);
  other->mutable_node()->Clear();
  auto* axes = add_node(*other, "Constant", {}, {"ax"});
  auto* value = axes->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  value->mutable_t()->set_data_type(onnx::TensorProto::INT64);
  value->mutable_t()->add_dims(1);
  value->mutable_t()->add_int64_data(0);
  add_node(*other, "Unsqueeze", {"y", "ax"}, {"y2"});
  add_node(*other, "Div", {"x", "y2"}, {"z"});
  const io::ModelReport r = check(m);
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].location ==
        "graph \"g\" > call #0 \"div0\" of function local.F (definition 1 of 2)");
  CHECK(r.nodes[0].verdict == io::Verdict::inside);
  CHECK(r.nodes[1].location ==
        "graph \"g\" > call #0 \"div0\" of function local.F (definition 2 of 2)");
  CHECK(ids(r.nodes[1]) == std::vector<std::string>{"R4"});
  REQUIRE_FALSE(r.findings.empty());
  CHECK(r.findings[0].requirement == "T6");
  CHECK(r.findings[0].verdict == io::Verdict::outside);
  CHECK_THAT(r.findings[0].message, Catch::Contains("2 local functions local.F"));
}

// Calls judged with types are bounded (64 per model); the rest are judged without, once per
// function, and their calls are followed: a function that a call reaches is never "not called".
TEST_CASE("check-model: a function reached after the call limit is not labelled \"not called\"",
          "[T3][R3]") {
  // f0 calls f1 twice, ..., f6 calls f7 twice (127 calls); f7 divides. G is called by nobody, H
  // only by G.
  onnx::ModelProto m = calling(14, Operand{}, Operand{});
  m.mutable_graph()->mutable_node(0)->set_op_type("f0");
  const auto function = [&m](const std::string& name) {
    auto* f = add_function(m, name);
    auto* local = f->add_opset_import();
    local->set_domain("local");
    local->set_version(1);
    return f;
  };
  for (int k = 0; k < 7; ++k) {
    auto* f = function("f" + std::to_string(k));
    const std::string next = "f" + std::to_string(k + 1);
    add_node(*f, next, {"x", "y"}, {"t"}, "local");
    add_node(*f, next, {"t", "y"}, {"z"}, "local");
  }
  add_node(*function("f7"), "Div", {"x", "y"}, {"z"});
  add_node(*function("G"), "H", {"x", "y"}, {"z"}, "local");
  add_node(*function("H"), "Div", {"x", "y"}, {"z"});
  const io::ModelReport r = check_own(m);
  // The 64 calls judged with types reach f6 only (1 + 2 + ... + 32 calls of f0 to f5, and f6's
  // first): f7's Div is judged once, without types, where the call chain reaches it; H, called by
  // G only, is judged once as not called, like G.
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].location.rfind("graph \"g\" > call #0 \"div0\" of function local.f0 > ", 0) ==
        0);
  CHECK_THAT(r.nodes[0].location, Catch::EndsWith("of function local.f7"));
  check_unproven(r.nodes[0], "more than 64 calls");
  CHECK(r.nodes[1].location == "function local.G (not called) > call #0 \"\" of function local.H");
}
