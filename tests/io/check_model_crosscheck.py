#!/usr/bin/env python3
"""Cross-check of `sonnx-div check-model` against ONNX's own checker and shape inference.

  check_model_crosscheck.py --tool sonnx-div [--testdata DIR] [--corpus-only] [--out FILE.json]

Two model sets are judged by both sides:
  - every model.onnx of ONNX's backend test data (libonnx-testdata, DIR), and
  - a generated corpus (written to a scratch folder): every Div version (opsets 1, 6, 7, 12, 13,
    14, 17, 18) with every element type, Div-1/6 attributes, shapes (equal, broadcastable, not
    broadcastable, rank 0, symbolic, unknown), missing and conflicting value_info, Div nodes in
    If/Loop/Scan subgraphs nested to depth 3, model-local functions (called once, twice with
    other types, never, nested, recursively, with another opset), opset imports (none,
    duplicated, 'ai.onnx', 0) and sparse initializers.
ONNX's side is onnx.checker.check_model(model, full_check=True) of the python3-onnx package
(ONNX 1.12) and onnx.shape_inference.infer_shapes; sonnx-div runs once over each set
(check-model --json FOLDER).

Fails (exit 1) when
  1. a model is INSIDE (the model's verdict) and ONNX's checker rejects it (the issue's rule);
  2. ONNX rejects a model of the corpus whose Div nodes sonnx-div's own rules all call inside
     (only ONNX's checker, run inside check-model, kept it from being INSIDE), unless the corpus
     lists the case as outside the Div rules (e.g. an ir_version newer than ONNX 1.12 knows);
  3. check-model's embedded ONNX checker and the Python one disagree on a model;
  4. for a Div node of a main graph judged inside, ONNX's shape inference gives its operands or
     result another element type or shape than the one check-model reports;
  5. a case of the corpus has another verdict than the one it was written for.
Prints the counts (models, INSIDE/OUTSIDE/UNPROVEN/no Div node, disagreements) and writes them to
--out. A test tool, not the library: it never decides a verdict itself.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile

import onnx
from onnx import TensorProto as T
from onnx import checker, helper, shape_inference

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
    return cases


def onnx_verdicts(paths):
    """onnx.checker.check_model(full_check=True) on each file's model: ("accepted", ""),
    ("rejected", message) or ("failed", why). ONNX's inference can crash (a recursive function
    overflows its stack): the checks run in a forked worker, one answer per line, and a worker
    that dies is replaced for the models after the one it died on."""
    answers = []
    while len(answers) < len(paths):
        rest = paths[len(answers):]
        read_end, write_end = os.pipe()
        child = os.fork()
        if child == 0:
            os.close(read_end)
            for path in rest:
                signal.alarm(60)
                try:
                    checker.check_model(onnx.load(path), full_check=True)
                    answer = ("accepted", "")
                except Exception as error:  # every rejection, whatever ONNX raises
                    text = str(error).splitlines()[0] if str(error) else repr(error)
                    answer = ("rejected", text)
                os.write(write_end, (json.dumps(answer) + "\n").encode())
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            lines = pipe.read().decode().splitlines()
        _pid, status = os.waitpid(child, 0)
        answers += [tuple(json.loads(line)) for line in lines]
        if len(answers) < len(paths):
            answers.append(("failed", f"crashed (signal {os.WTERMSIG(status)})"
                            if os.WIFSIGNALED(status) else "no answer"))
    return answers


def inferred_types(path):
    """Element type and shape ONNX's shape inference gives each value of the main graph."""
    try:
        m = shape_inference.infer_shapes(onnx.load(path))
    except Exception:  # no inferred facts to compare with
        return {}, None
    out = {}
    for v in list(m.graph.input) + list(m.graph.value_info) + list(m.graph.output):
        t = v.type.tensor_type
        if not v.type.HasField("tensor_type") or t.elem_type == 0:
            continue
        shape = None
        if t.HasField("shape") and all(d.HasField("dim_value") for d in t.shape.dim):
            shape = [d.dim_value for d in t.shape.dim]
        out[v.name] = (t.elem_type, shape)
    for init in m.graph.initializer:
        out[init.name] = (init.data_type, list(init.dims))
    return out, m


NAMES = {"float16": T.FLOAT16, "bfloat16": T.BFLOAT16, "float32": T.FLOAT, "float64": T.DOUBLE,
         "int8": T.INT8, "int16": T.INT16, "int32": T.INT32, "int64": T.INT64, "uint8": T.UINT8,
         "uint16": T.UINT16, "uint32": T.UINT32, "uint64": T.UINT64}


def judge(tool, folder):
    run = subprocess.run([tool, "check-model", "--json", folder], capture_output=True, text=True,
                         check=False)
    if run.returncode not in (0, 1, 3, 4):
        raise SystemExit(f"check-model failed on {folder} (exit {run.returncode}):\n{run.stderr}")
    return {os.path.relpath(m["model"], folder): m for m in json.loads(run.stdout)["models"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--testdata", help="libonnx-testdata's data folder")
    parser.add_argument("--out")
    args = parser.parse_args()
    problems, counts = [], {}
    with tempfile.TemporaryDirectory() as scratch:
        cases = corpus()
        expected = {}
        for name, m, verdict, gate_only in cases:
            path = os.path.join(scratch, name + ".onnx")
            onnx.save(m, path)
            expected[name + ".onnx"] = (verdict, gate_only)
        sets = [("generated corpus", scratch)]
        if args.testdata:
            sets.append(("libonnx-testdata", args.testdata))
        for label, folder in sets:
            ours = judge(args.tool, folder)
            tally = {"models": 0, "inside": 0, "outside": 0, "unproven": 0, "no_div_node": 0,
                     "errors": 0, "onnx_rejects": 0, "onnx_fails": 0, "inside_but_onnx_rejects": 0,
                     "div_rules_miss_onnx_rejection": 0, "embedded_checker_disagrees": 0,
                     "inference_disagrees": 0, "unexpected_verdict": 0}
            order = sorted(ours)
            verdicts = dict(zip(order, onnx_verdicts([os.path.join(folder, r) for r in order])))
            for rel, report in sorted(ours.items()):
                path = os.path.join(folder, rel)
                tally["models"] += 1
                answer, message = verdicts[rel]
                accepted = answer == "accepted"
                tally["onnx_rejects"] += answer == "rejected"
                tally["onnx_fails"] += answer == "failed"
                case = expected.get(rel) if label == "generated corpus" else None
                if report["status"] != "ok":
                    kind = "no_div_node" if report["exit_code"] == 4 else "errors"
                    tally[kind] += 1
                    if case:
                        tally["unexpected_verdict"] += 1
                        problems.append(f"{label}: {rel}: {kind}, written to be "
                                        f"{case[0].upper()}")
                    continue
                verdict = report["verdict"]
                tally[verdict] += 1
                nodes_inside = all(n["verdict"] == "inside" for n in report["nodes"])
                if verdict == "inside" and not accepted:
                    tally["inside_but_onnx_rejects"] += 1
                    problems.append(f"{label}: {rel}: INSIDE, but ONNX's checker does not accept "
                                    f"it ({answer}): {message}")
                if nodes_inside and answer == "rejected" and not (case and case[1]):
                    tally["div_rules_miss_onnx_rejection"] += 1
                    problems.append(f"{label}: {rel}: every Div node inside by sonnx-div's own "
                                    f"rules, but ONNX rejects the model: {message}")
                embedded = report["onnx_checker"]["result"]
                if embedded != answer:
                    tally["embedded_checker_disagrees"] += 1
                    problems.append(f"{label}: {rel}: check-model's ONNX checker says {embedded}, "
                                    f"onnx.checker says {answer} {message}")
                if case and verdict != case[0]:
                    tally["unexpected_verdict"] += 1
                    problems.append(f"{label}: {rel}: {verdict.upper()}, written to be "
                                    f"{case[0].upper()}")
                if any(n["verdict"] == "inside" and n["function"] == "" and
                       n["location"] == f'graph "{n["graph"]}"' for n in report["nodes"]):
                    facts, inferred = inferred_types(path)
                    for n in report["nodes"]:
                        if (inferred is None or n["verdict"] != "inside" or n["function"] or
                                "> " in n["location"]):
                            continue
                        node = inferred.graph.node[n["position"]]
                        for value in list(node.input) + list(node.output):
                            fact = facts.get(value)
                            if fact and (fact[0] != NAMES[n["type"]] or
                                         (fact[1] is not None and fact[1] != n["shape"])):
                                tally["inference_disagrees"] += 1
                                problems.append(f"{label}: {rel}: node {n['index']} is "
                                                f"{n['type']} {n['shape']}, ONNX infers "
                                                f"'{value}' as {fact}")
            counts[label] = tally
            print(f"{label}: " + ", ".join(f"{k} {v}" for k, v in tally.items()))
        missing = set(expected) - set(judge(args.tool, scratch))
        for name in sorted(missing):
            problems.append(f"generated corpus: {name}: no report from check-model")
    for p in problems:
        print("FAIL: " + p)
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"onnx": onnx.__version__, "sets": counts, "problems": problems}, f,
                      indent=2)
            f.write("\n")
    print(f"{'FAIL' if problems else 'ok'}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
