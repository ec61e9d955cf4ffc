#!/usr/bin/env python3
"""Cross-check of `sonnx-div check-model` against ONNX's own checker and shape inference.

  check_model_crosscheck.py --tool sonnx-div [--testdata DIR] [--corpus-only] [--out FILE.json]

Two model sets are judged by both sides:
  - every model.onnx of ONNX's backend test data (libonnx-testdata, DIR), and
  - a generated corpus (check_model_corpus.py, written to a scratch folder): every Div version
    with every element type, attributes, shapes, value_info (missing, conflicting, unenforced),
    subgraphs, model-local functions, training graphs, function-defined operators, opset imports
    and sparse initializers.
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
  5. a case of the corpus has another verdict than the one it was written for;
  6. check-model says "no Div node" of a model in which python3-onnx finds a Div node (any graph,
     function or training graph) or a node of an operator whose ONNX function body (the schema's,
     or one built from the node and its inferred input types) holds one.
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
from onnx import checker, defs, helper, shape_inference

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_model_corpus import corpus  # noqa: E402  (beside this file)

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


def default_opset(imports, fallback=0):
    found = [i.version for i in imports if i.domain in ("", "ai.onnx")]
    return found[-1] if found else fallback


def body_holds_div(nodes, opset, types, depth=0):
    """Whether nodes (at any depth: graph attributes, and the bodies of operators that ONNX
    defines by a function, by python3-onnx's schemas) may hold a Div node: True, or a reason."""
    for node in nodes:
        onnx_domain = node.domain in ("", "ai.onnx")
        if onnx_domain and node.op_type == "Div":
            return True
        for attribute in node.attribute:
            for g in ([attribute.g] if attribute.HasField("g") else []) + list(attribute.graphs):
                if body_holds_div(g.node, opset, types, depth):
                    return True
        if not onnx_domain or opset <= 0:
            continue
        try:
            schema = defs.get_schema(node.op_type, opset, "")
        except Exception:  # no such operator in ONNX's registry
            continue
        if schema.has_function:
            body = schema.function_body
        elif schema.has_context_dependent_function:
            inputs = [types.get(name, onnx.TypeProto()).SerializeToString()
                      for name in node.input]
            try:
                body = onnx.FunctionProto()
                body.ParseFromString(schema.get_context_dependent_function(
                    node.SerializeToString(), inputs))
            except Exception:  # the body cannot be built from what is known
                return True
            if not body.node:
                return True
        else:
            continue
        if depth >= 3 or body_holds_div(body.node, default_opset(body.opset_import, opset), {},
                                        depth + 1):
            return True
    return False


def holds_div(path):
    """Whether a model may hold a Div node that check-model has to judge (main graph, subgraphs,
    model-local functions, training graphs, function-defined operators), by python3-onnx alone."""
    m = onnx.load(path)
    try:
        inferred = shape_inference.infer_shapes(m)
    except Exception:  # no types: context-dependent bodies are built without them
        inferred = m
    graph = inferred.graph
    types = {v.name: v.type for v in list(graph.input) + list(graph.value_info)}
    opset = default_opset(m.opset_import)
    graphs = [m.graph.node] + [t.initialization.node for t in m.training_info] + \
        [t.algorithm.node for t in m.training_info]
    if any(body_holds_div(nodes, opset, types) for nodes in graphs):
        return True
    return any(body_holds_div(f.node, default_opset(f.opset_import, opset), {})
               for f in m.functions)


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
                     "inference_disagrees": 0, "unexpected_verdict": 0,
                     "no_div_node_but_div": 0}
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
                    if kind == "no_div_node" and holds_div(path):
                        tally["no_div_node_but_div"] += 1
                        problems.append(f"{label}: {rel}: NO DIV NODE, but python3-onnx finds a "
                                        "Div node or a function-defined operator holding one")
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
