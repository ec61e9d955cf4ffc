"""The generated corpus of check_model_crosscheck.py: ONNX models written for one verdict each of
`sonnx-div check-model` (inside, outside, unproven), built with python3-onnx's helper.

corpus() gives (name, model, expected verdict, gate_only) for: every Div version (opsets 1, 6, 7,
12, 13, 14, 17, 18) with every element type, Div-1/6 attributes, shapes (equal, broadcastable, not
broadcastable, rank 0, symbolic, unknown), missing, conflicting and unenforced value_info (a
computed value declared with a shape that nothing derives), Div nodes in If/Loop/Scan subgraphs
nested to depth 3 (and a Loop body whose input declaration the node does not feed), model-local
functions (called once, twice with other types, never, nested, recursively, with another opset,
two with one identifier, more calls than are judged with types), training graphs, nodes of
operators that ONNX defines by a function holding a Div, opset imports (none, duplicated,
'ai.onnx', 0) and sparse initializers.
"""
import numpy as np
from onnx import TensorProto as T
from onnx import TrainingInfoProto, helper, numpy_helper

ALL_TYPES = [T.FLOAT16, T.BFLOAT16, T.FLOAT, T.DOUBLE, T.INT8, T.INT16, T.INT32, T.INT64,
             T.UINT8, T.UINT16, T.UINT32, T.UINT64, T.BOOL, T.STRING, T.COMPLEX64]
OPSETS = [1, 6, 7, 12, 13, 14, 17, 18]
IR = 8  # the newest IR version ONNX 1.12's checker accepts


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def model(nodes, inputs, outputs, opset=14, value_info=(), initializers=(), functions=(),
          imports=None, ir=IR, sparse=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers),
                              value_info=list(value_info), sparse_initializer=list(sparse))
    if imports is None:
        imports = [("", opset)] + ([("local", 1)] if functions else [])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid(d, v) for d, v in imports],
                          functions=list(functions))
    m.ir_version = ir
    return m


def div_model(opset, elem, sa, sb, sc=None, attrs=None, c_elem=None, **kw):
    node = helper.make_node("Div", ["a", "b"], ["c"], **(attrs or {}))
    return model([node], [vi("a", elem, sa), vi("b", elem, sb)],
                 [vi("c", c_elem if c_elem is not None else elem, sc if sc is not None else sa)],
                 opset=opset, **kw)


def allowed(opset, elem):
    """The Div version's type constraint T (ONNX Div operator page, versions 1, 6, 7, 13, 14)."""
    floats = {T.FLOAT16, T.FLOAT, T.DOUBLE}
    six = floats | {T.INT32, T.INT64, T.UINT32, T.UINT64}
    if opset >= 14:
        return elem in six | {T.BFLOAT16, T.INT8, T.INT16, T.UINT8, T.UINT16}
    if opset >= 13:
        return elem in six | {T.BFLOAT16}
    return elem in (six if opset >= 6 else floats)


def corpus():
    """(name, model, expected verdict, gate_only): expected is the verdict the case is written
    for ("inside", "outside", "unproven"); gate_only marks a case whose ONNX rejection concerns
    no Div rule, so that only ONNX's checker can catch it."""
    cases = []
    add = lambda name, m, expected, gate_only=False: cases.append((name, m, expected, gate_only))

    # Every Div version with every element type.
    for opset in OPSETS:
        for elem in ALL_TYPES:
            name = f"version_opset{opset}_{T.DataType.Name(elem).lower()}"
            if opset > 17:
                expected = "outside" if not allowed(14, elem) else "unproven"
            elif opset < 7 or not allowed(opset, elem):
                expected = "outside"
            else:
                expected = "inside"
            add(name, div_model(opset, elem, [3, 4], [3, 4]), expected)
    add("version_undefined_type", div_model(14, T.UNDEFINED, [3], [3]), "outside")

    # Attributes of Div-1/6, and on later versions.
    add("attr_div1_consumed_inputs", div_model(1, T.FLOAT, [3], [3],
                                               attrs={"consumed_inputs": [0]}), "outside")
    add("attr_div6_consumed_inputs", div_model(6, T.FLOAT, [3], [3],
                                               attrs={"consumed_inputs": [0]}), "outside")
    add("attr_div6_broadcast_suffix", div_model(6, T.FLOAT, [3, 4], [4], [3, 4],
                                                attrs={"broadcast": 1}), "outside")
    add("attr_div6_broadcast_axis", div_model(6, T.FLOAT, [2, 3, 4], [3], [2, 3, 4],
                                              attrs={"broadcast": 1, "axis": 1}), "outside")
    add("attr_div6_broadcast_float", div_model(6, T.FLOAT, [3], [3],
                                               attrs={"broadcast": 1.0}), "outside")
    add("attr_div6_no_broadcast_other_shape", div_model(6, T.FLOAT, [3, 4], [4], [3, 4]),
        "outside")
    add("attr_div7_broadcast", div_model(7, T.FLOAT, [3, 4], [3, 4],
                                         attrs={"broadcast": 1}), "outside")
    add("attr_div14_axis", div_model(14, T.FLOAT, [3, 4], [3, 4], attrs={"axis": 0}), "outside")

    # Shapes.
    add("shape_broadcast_suffix", div_model(14, T.FLOAT, [3, 4], [4], [3, 4]), "outside")
    add("shape_broadcast_ones", div_model(14, T.FLOAT, [3, 4], [1, 4], [3, 4]), "outside")
    add("shape_not_broadcastable", div_model(14, T.FLOAT, [3], [4], [3]), "outside")
    add("shape_rank0_vs_1", div_model(14, T.FLOAT, [], [1], [1]), "outside")
    add("shape_rank0", div_model(14, T.INT32, [], [], []), "inside")
    add("shape_empty", div_model(14, T.INT64, [0, 3], [0, 3], [0, 3]), "inside")
    add("shape_symbolic", div_model(14, T.FLOAT, ["N", 4], ["N", 4], ["N", 4]), "unproven")
    add("shape_symbolic_other", div_model(14, T.FLOAT, ["N", 4], ["M", 4], ["N", 4]),
        "unproven")
    add("shape_unknown_dim", div_model(14, T.FLOAT, [None, 4], [3, 4], [3, 4]), "unproven")
    add("shape_c_conflict", div_model(14, T.FLOAT, [3], [3], [4]), "outside")
    add("shape_c_other_type", div_model(14, T.FLOAT, [3], [3], [3], c_elem=T.DOUBLE), "outside")
    add("shape_mixed_types", model([helper.make_node("Div", ["a", "b"], ["c"])],
                                   [vi("a", T.FLOAT, [3]), vi("b", T.DOUBLE, [3])],
                                   [vi("c", T.FLOAT, [3])]), "outside")

    # value_info: missing (inferred), conflicting, on an input.
    relu = [helper.make_node("Relu", ["x"], ["r"]), helper.make_node("Div", ["r", "b"], ["c"])]
    add("vinfo_missing_inferred", model(relu, [vi("x", T.FLOAT, [2, 5]), vi("b", T.FLOAT, [2, 5])],
                                        [vi("c", T.FLOAT, [2, 5])]), "inside")
    add("vinfo_conflicting_shape", model(relu, [vi("x", T.FLOAT, [2, 5]),
                                                vi("b", T.FLOAT, [2, 5])],
                                         [vi("c", T.FLOAT, [2, 5])],
                                         value_info=[vi("r", T.FLOAT, [5, 2])]), "outside")
    add("vinfo_conflicting_type", model(relu, [vi("x", T.FLOAT, [2, 5]),
                                               vi("b", T.FLOAT, [2, 5])],
                                        [vi("c", T.FLOAT, [2, 5])],
                                        value_info=[vi("r", T.DOUBLE, [2, 5])]), "outside")
    add("vinfo_on_input_conflicting", div_model(14, T.FLOAT, [3], [3],
                                                value_info=[vi("a", T.FLOAT, [4])]), "unproven")
    add("vinfo_on_input_agreeing", div_model(14, T.FLOAT, [3], [3],
                                             value_info=[vi("a", T.FLOAT, [3])]), "inside")
    init = helper.make_tensor("b", T.FLOAT, [3], [1.0, 2.0, 4.0])
    add("initializer_divisor", model([helper.make_node("Div", ["a", "b"], ["c"])],
                                     [vi("a", T.FLOAT, [3])], [vi("c", T.FLOAT, [3])],
                                     initializers=[init]), "inside")
    sparse = helper.make_sparse_tensor(helper.make_tensor("b", T.FLOAT, [1], [2.0]),
                                       helper.make_tensor("b_idx", T.INT64, [1], [0]), [3])
    add("sparse_initializer_divisor", model([helper.make_node("Div", ["a", "b"], ["c"])],
                                            [vi("a", T.FLOAT, [3])], [vi("c", T.FLOAT, [3])],
                                            sparse=[sparse]), "outside")

    # Subgraphs: If (nested to depth 3), Loop, Scan.
    def nested_if(depth, out):
        """If nodes nested `depth` deep; the innermost then-branch divides the outer inputs."""
        then_out, else_out = f"t{depth}", f"e{depth}"
        inner = (helper.make_node("Div", ["a", "b"], [then_out]) if depth == 1
                 else nested_if(depth - 1, then_out))
        then_g = helper.make_graph([inner], f"then{depth}", [], [vi(then_out, T.FLOAT, [3])])
        else_g = helper.make_graph([helper.make_node("Identity", ["a"], [else_out])],
                                   f"else{depth}", [], [vi(else_out, T.FLOAT, [3])])
        return helper.make_node("If", ["cond"], [out], then_branch=then_g, else_branch=else_g)

    for shape, expected in (([3], "inside"), ([1], "outside")):
        init = helper.make_tensor("b", T.FLOAT, shape, [2.0] * shape[0])
        add(f"subgraph_if_depth3_b{shape[0]}",
            model([nested_if(3, "c")], [vi("cond", T.BOOL, []), vi("a", T.FLOAT, [3])],
                  [vi("c", T.FLOAT, [3])], initializers=[init]), expected)
    # A branch's value_info claims a static shape for the caller's symbolic input.
    claims = helper.make_graph([helper.make_node("Div", ["a", "b"], ["t"])], "then",
                               [], [vi("t", T.FLOAT, ["N", 4])],
                               value_info=[vi("a", T.FLOAT, [3, 4])])
    other = helper.make_graph([helper.make_node("Identity", ["a"], ["e"])], "else", [],
                              [vi("e", T.FLOAT, ["N", 4])])
    add("subgraph_value_info_claims_outer",
        model([helper.make_node("If", ["cond"], ["c"], then_branch=claims, else_branch=other)],
              [vi("cond", T.BOOL, []), vi("a", T.FLOAT, ["N", 4]), vi("b", T.FLOAT, [3, 4])],
              [vi("c", T.FLOAT, ["N", 4])]), "unproven")
    body = helper.make_graph(
        [helper.make_node("Div", ["acc_in", "d"], ["acc_out"]),
         helper.make_node("Identity", ["cond_in"], ["cond_out"])],
        "loop_body", [vi("i", T.INT64, []), vi("cond_in", T.BOOL, []), vi("acc_in", T.FLOAT, [3])],
        [vi("cond_out", T.BOOL, []), vi("acc_out", T.FLOAT, [3])])
    add("subgraph_loop", model([helper.make_node("Loop", ["n", "", "x"], ["y"], body=body)],
                               [vi("n", T.INT64, []), vi("x", T.FLOAT, [3]),
                                vi("d", T.FLOAT, [3])],
                               [vi("y", T.FLOAT, [3])]), "inside")
    # ONNX accepts a body that declares its carried input [3] where the node feeds [5].
    add("subgraph_loop_feeds_other_shape",
        model([helper.make_node("Loop", ["n", "", "x"], ["y"], body=body)],
              [vi("n", T.INT64, []), vi("x", T.FLOAT, [5]), vi("d", T.FLOAT, [3])],
              [vi("y", T.FLOAT, [3])]), "unproven")
    scan_body = helper.make_graph(
        [helper.make_node("Div", ["s_in", "e"], ["s_out"]),
         helper.make_node("Identity", ["s_out"], ["o"])],
        "scan_body", [vi("s_in", T.FLOAT, [4]), vi("e", T.FLOAT, [4])],
        [vi("s_out", T.FLOAT, [4]), vi("o", T.FLOAT, [4])])
    add("subgraph_scan", model([helper.make_node("Scan", ["s0", "xs"], ["s", "ys"],
                                                 body=scan_body, num_scan_inputs=1)],
                               [vi("s0", T.FLOAT, [4]), vi("xs", T.FLOAT, [5, 4])],
                               [vi("s", T.FLOAT, [4]), vi("ys", T.FLOAT, [5, 4])]), "inside")

    # Model-local functions.
    def function(name, body_nodes, inputs=("x", "y"), outputs=("z",), opset=14, attributes=()):
        return helper.make_function("local", name, list(inputs), list(outputs), body_nodes,
                                    [helper.make_opsetid("", opset)], list(attributes))

    div_f = function("F", [helper.make_node("Div", ["x", "y"], ["z"])])
    call = lambda a, b, c, name="F": helper.make_node(name, [a, b], [c], domain="local")
    add("function_called_inside", model([call("a", "b", "c")],
                                        [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
                                        [vi("c", T.FLOAT, [4])], functions=[div_f]), "inside")
    add("function_only_div_broadcasting", model(
        [call("a", "b", "c")], [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4, 1])],
        [vi("c", T.FLOAT, [4, 4])], functions=[div_f]), "outside")
    add("function_and_main_div", model(
        [helper.make_node("Div", ["a", "a"], ["m"]), call("m", "b", "c")],
        [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4, 1])], [vi("c", T.FLOAT, [4, 4])],
        functions=[div_f]), "outside")
    add("function_two_calls", model(
        [call("a", "b", "m"), call("i", "j", "c")],
        [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4]), vi("i", T.INT32, [2]),
         vi("j", T.INT32, [1])], [vi("m", T.FLOAT, [4]), vi("c", T.INT32, [2])],
        functions=[div_f]), "outside")
    add("function_uncalled", model([helper.make_node("Div", ["a", "b"], ["c"])],
                                   [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
                                   [vi("c", T.FLOAT, [4])], functions=[div_f]), "unproven")
    add("function_int8_opset13", model(
        [call("a", "b", "c")], [vi("a", T.INT8, [4]), vi("b", T.INT8, [4])],
        [vi("c", T.INT8, [4])], functions=[function("F", [helper.make_node("Div", ["x", "y"],
                                                                             ["z"])], opset=13)],
        imports=[("", 13), ("local", 1)]), "outside")
    add("function_opset_differs", model(
        [call("a", "b", "c")], [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
        [vi("c", T.FLOAT, [4])], functions=[function("F", [helper.make_node("Div", ["x", "y"],
                                                                              ["z"])], opset=13)]),
        "outside")
    inner_g = function("G", [helper.make_node("Div", ["x", "y"], ["z"])])
    outer_f = function("F", [helper.make_node("Relu", ["x"], ["r"]),
                             helper.make_node("G", ["r", "y"], ["z"], domain="local")])
    outer_f.opset_import.extend([helper.make_opsetid("local", 1)])
    add("function_nested_inside", model(
        [call("a", "b", "c")], [vi("a", T.FLOAT, [2, 3]), vi("b", T.FLOAT, [2, 3])],
        [vi("c", T.FLOAT, [2, 3])], functions=[outer_f, inner_g]), "inside")
    add("function_nested_broadcasting", model(
        [call("a", "b", "c")], [vi("a", T.FLOAT, [2, 3]), vi("b", T.FLOAT, [3])],
        [vi("c", T.FLOAT, [2, 3])], functions=[outer_f, inner_g]), "outside")
    if_f = function("F", [helper.make_node(
        "If", ["k"], ["z"],
        then_branch=helper.make_graph([helper.make_node("Div", ["x", "y"], ["t"])], "fthen", [],
                                      [vi("t", T.FLOAT, None)]),
        else_branch=helper.make_graph([helper.make_node("Identity", ["x"], ["e"])], "felse", [],
                                      [vi("e", T.FLOAT, None)]))], inputs=("k", "x", "y"))
    add("function_with_if", model(
        [helper.make_node("F", ["k", "a", "b"], ["c"], domain="local")],
        [vi("k", T.BOOL, []), vi("a", T.FLOAT, [3]), vi("b", T.FLOAT, [3])],
        [vi("c", T.FLOAT, [3])], functions=[if_f]), "inside")
    ref = helper.AttributeProto()
    ref.name = "broadcast"
    ref.ref_attr_name = "bc"
    ref.type = helper.AttributeProto.INT
    attr_node = helper.make_node("Div", ["x", "y"], ["z"])
    attr_node.attribute.extend([ref])
    add("function_attribute_reference", model(
        [helper.make_node("F", ["a", "b"], ["c"], domain="local", bc=1)],
        [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])], [vi("c", T.FLOAT, [4])],
        functions=[function("F", [attr_node], attributes=["bc"])]), "outside")
    add("function_attribute_reference_unbound", model(
        [helper.make_node("F", ["a", "b"], ["c"], domain="local")],
        [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])], [vi("c", T.FLOAT, [4])],
        functions=[function("F", [attr_node], attributes=["bc"])]), "outside")

    recursive = function("F", [helper.make_node("Div", ["x", "y"], ["d"]),
                               helper.make_node("F", ["d", "y"], ["z"], domain="local")])
    recursive.opset_import.extend([helper.make_opsetid("local", 1)])
    add("function_recursive", model([call("a", "b", "c")],
                                    [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
                                    [vi("c", T.FLOAT, [4])], functions=[recursive]), "unproven")

    # Opset imports.
    add("imports_none", div_model(14, T.FLOAT, [3], [3], imports=[]), "outside")
    add("imports_ai_onnx", div_model(14, T.FLOAT, [3], [3], imports=[("ai.onnx", 14)]),
        "outside", True)
    add("imports_duplicated", div_model(14, T.INT8, [3], [3], imports=[("", 13), ("", 14)]),
        "outside")
    add("imports_both_spellings", div_model(14, T.FLOAT, [3], [3],
                                            imports=[("", 14), ("ai.onnx", 13)]), "outside")
    add("imports_zero", div_model(14, T.FLOAT, [3], [3], imports=[("", 0)]), "outside")

    # ONNX rules that concern no Div: only ONNX's checker catches them.
    add("gate_ir_version_too_new", div_model(14, T.FLOAT, [3], [3], ir=10), "outside", True)
    no_shape = div_model(14, T.FLOAT, [3], [3])
    no_shape.graph.output[0].type.tensor_type.ClearField("shape")
    add("gate_output_without_shape", no_shape, "outside", True)

    # Declarations that nothing enforces: a computed value declared with a shape that ONNX's
    # inference does not derive (y = Slice(x, st, en) with run-time bounds: onnxruntime divides a
    # [1] by a [4] with st = 3, en = 4), by value_info or as a graph output; a Reshape to a
    # run-time shape; a Loop body that declares its carried input [3] where the node feeds [5].
    slicing = [helper.make_node("Slice", ["x", "st", "en"], ["y"]),
               helper.make_node("Div", ["y", "b"], ["c"])]
    bounds = [vi("x", T.FLOAT, [4]), vi("st", T.INT64, [1]), vi("en", T.INT64, [1]),
              vi("b", T.FLOAT, [4])]
    add("claim_slice_value_info", model(slicing, bounds, [vi("c", T.FLOAT, [4])],
                                        value_info=[vi("y", T.FLOAT, [4])]), "unproven")
    add("claim_slice_graph_output", model(slicing, bounds, [vi("c", T.FLOAT, [4]),
                                                            vi("y", T.FLOAT, [4])]), "unproven")
    add("claim_reshape_value_info", model(
        [helper.make_node("Reshape", ["x", "s"], ["y"]),
         helper.make_node("Div", ["y", "b"], ["c"])],
        [vi("x", T.FLOAT, [4]), vi("s", T.INT64, [1]), vi("b", T.FLOAT, [4])],
        [vi("c", T.FLOAT, [4])], value_info=[vi("y", T.FLOAT, [4])]), "unproven")
    add("claim_relu_value_info_derived", model(
        relu, [vi("x", T.FLOAT, [2, 5]), vi("b", T.FLOAT, [2, 5])], [vi("c", T.FLOAT, [2, 5])],
        value_info=[vi("r", T.FLOAT, [2, 5])]), "inside")
    relu_body = helper.make_graph(
        [helper.make_node("Relu", ["acc_in"], ["r"]),
         helper.make_node("Div", ["r", "d"], ["acc_out"]),
         helper.make_node("Identity", ["cond_in"], ["cond_out"])],
        "relu_body", [vi("i", T.INT64, []), vi("cond_in", T.BOOL, []),
                      vi("acc_in", T.FLOAT, [3])],
        [vi("cond_out", T.BOOL, []), vi("acc_out", T.FLOAT, [3])])
    for width, expected in ((5, "unproven"), (3, "inside")):
        add(f"claim_loop_body_input_fed{width}", model(
            [helper.make_node("Loop", ["n", "", "x"], ["y"], body=relu_body)],
            [vi("n", T.INT64, []), vi("x", T.FLOAT, [width]), vi("d", T.FLOAT, [3])],
            [vi("y", T.FLOAT, [3])]), expected)

    # Training graphs (ONNX IR, TrainingInfoProto): an algorithm step's Div broadcasting the main
    # graph's result by a [1] input, beside a main-graph Div inside the profile, or alone.
    algorithm = helper.make_graph([helper.make_node("Div", ["c", "s"], ["d"])], "alg",
                                  [vi("s", T.FLOAT, [1])], [vi("d", T.FLOAT, [4])])
    for name, op in (("training_algorithm_broadcasting", "Div"),
                     ("training_algorithm_only_div", "Add")):
        m = model([helper.make_node(op, ["a", "b"], ["c"])],
                  [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])], [vi("c", T.FLOAT, [4])])
        training = TrainingInfoProto()
        training.algorithm.CopyFrom(algorithm)
        m.training_info.append(training)
        add(name, m, "outside")

    # Two local functions with one identifier (ONNX IR: unique), the second dividing by y
    # unsqueezed to [1, 4].
    unsqueezed = function("F", [
        helper.make_node("Constant", [], ["ax"],
                         value=numpy_helper.from_array(np.array([0], dtype=np.int64))),
        helper.make_node("Unsqueeze", ["y", "ax"], ["y2"]),
        helper.make_node("Div", ["x", "y2"], ["z"])])
    add("function_identifier_twice", model(
        [call("a", "b", "c")], [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
        [vi("c", T.FLOAT, [4])], functions=[div_f, unsqueezed]), "outside")
    # More calls than are judged with types: f0 calls f1 twice, ..., f6 calls f7 (a Div) twice.
    chain = []
    for k in range(7):
        nxt = f"f{k + 1}"
        f = function(f"f{k}", [helper.make_node(nxt, ["x", "y"], ["t"], domain="local"),
                               helper.make_node(nxt, ["t", "y"], ["z"], domain="local")])
        f.opset_import.extend([helper.make_opsetid("local", 1)])
        chain.append(f)
    chain.append(function("f7", [helper.make_node("Div", ["x", "y"], ["z"])]))
    add("function_calls_past_the_limit", model(
        [call("a", "b", "c", name="f0")], [vi("a", T.FLOAT, [4]), vi("b", T.FLOAT, [4])],
        [vi("c", T.FLOAT, [4])], functions=chain), "unproven")

    # Operators that ONNX defines by a function whose body holds a Div: a runtime may run the
    # body, whose Div is no node of the model.
    for op, opset in (("MeanVarianceNormalization", 13), ("Softmax", 13), ("Celu", 12)):
        add(f"function_operator_{op.lower()}", model(
            [helper.make_node(op, ["x"], ["y"])], [vi("x", T.FLOAT, [2, 3, 4])],
            [vi("y", T.FLOAT, [2, 3, 4])], opset=opset), "unproven")
    # An initializer whose data does not hold the element count of its dims (ONNX 1.12's checker
    # accepts it, onnxruntime refuses it, inference takes the dims).
    short = helper.make_tensor("b", T.FLOAT, [4], [1.0, 1.0, 1.0, 1.0])
    del short.float_data[1:]
    add("initializer_data_short", model([helper.make_node("Div", ["a", "b"], ["c"])],
                                        [vi("a", T.FLOAT, [4])], [vi("c", T.FLOAT, [4])],
                                        initializers=[short]), "outside")
    return cases


