#!/usr/bin/env python3
"""Two runtimes' conformance campaigns side by side (docs/conformance.md, "Two runtimes
compared"): per type and requirement the findings of each, and every case that either campaign
lists as a finding replayed through both runtimes' adapters (the same model and input files, from
the finding's reproducer), with where the two differ. Writes JSON and Markdown.

  compare_runtimes.py --report A.json --adapter "node conform/onnxruntime/adapter.js" \\
                      --report B.json --adapter "node conform/onnxruntime-web/adapter.js" \\
                      --json comparison.json --markdown comparison.md

Results are compared with the reference's as the campaign compares them (two quiet NaNs match, a
signaling NaN only itself: docs/spec-defects.md SD-9). Exit status: 0 written, 2 it could not run
(a report unreadable, an adapter that does not start).
"""
import argparse
import json
import os
import queue
import shlex
import subprocess
import sys
import tempfile
import threading

# ONNX data_type -> (name, bytes, float layout (exponent mask, quiet bit) or None).
TYPES = {1: ("float32", 4, (0x7F800000, 0x400000)), 2: ("uint8", 1, None), 3: ("int8", 1, None),
         4: ("uint16", 2, None), 5: ("int16", 2, None), 6: ("int32", 4, None),
         7: ("int64", 8, None), 10: ("float16", 2, (0x7C00, 0x200)),
         11: ("float64", 8, (0x7FF0000000000000, 0x8000000000000)), 12: ("uint32", 4, None),
         13: ("uint64", 8, None), 16: ("bfloat16", 2, (0x7F80, 0x40))}
COUNTS = ("mismatches", "errors", "crashes", "hangs", "unsupported")
REPLAY_LIMIT = 1 << 16  # elements: a larger reproducer (a whole sweep request) is not replayed
TIMEOUT = 60.0


def varint(data, pos):
    value, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 63:
            raise ValueError("truncated or malformed varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def read_tensor(path):
    """(data_type, dims, element bit patterns) of a raw_data TensorProto file."""
    with open(path, "rb") as f:
        data = f.read()
    dims, data_type, raw, pos = [], 0, None, 0
    while pos < len(data):
        key, pos = varint(data, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(data, pos)
            if field == 1:
                dims.append(value)
            elif field == 2:
                data_type = value
        elif wire == 2:
            length, pos = varint(data, pos)
            if field == 9:
                raw = data[pos:pos + length]
            elif field == 1:
                end = pos + length
                while pos < end:
                    value, pos = varint(data, pos)
                    dims.append(value)
                continue
            pos += length
        elif wire in (1, 5):
            pos += 8 if wire == 1 else 4
        else:
            raise ValueError(f"{path}: unknown wire type {wire}")
    if data_type not in TYPES or raw is None:
        raise ValueError(f"{path}: not a raw_data tensor of a profile type")
    size = TYPES[data_type][1]
    count = 1
    for d in dims:
        count *= d
    if len(raw) != count * size:
        raise ValueError(f"{path}: raw_data holds {len(raw)} bytes, not {count} * {size}")
    return data_type, dims, [int.from_bytes(raw[i:i + size], "little")
                             for i in range(0, len(raw), size)]


def same_result(layout, expected, actual):
    """SD-9: a quiet NaN matches any quiet NaN; every other result only its own bits."""
    if layout is not None:
        exponent, quiet = layout

        def quiet_nan(x):
            return (x & exponent) == exponent and (x & quiet) != 0
        if quiet_nan(expected) and quiet_nan(actual):
            return True
    return expected == actual


class Adapter:
    """One adapter process behind the campaign's line protocol (docs/conformance.md)."""

    def __init__(self, argv, log):
        self.argv, self.log, self.p = argv, log, None
        self.ready = self.start()

    def start(self):
        self.p = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.log, text=True, start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.p, self.lines), daemon=True).start()
        line = self._line(TIMEOUT)
        if line is None or not line.startswith("READY "):
            raise RuntimeError(f"{shlex.join(self.argv)}: no READY line ({line!r})")
        return line.split()[1:3]

    @staticmethod
    def _read(p, lines):
        for line in p.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def _line(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return "TIMEOUT"

    def request(self, line):
        """(kind, text): ok, error, unsupported, crash (restarted) or hang (killed, restarted)."""
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
            answer = self._line(TIMEOUT)
        except OSError:
            answer = None
        if answer is not None and answer != "TIMEOUT":
            word, _, rest = answer.partition(" ")
            if word in ("OK", "ERROR", "UNSUPPORTED"):
                return word.lower(), rest
        kind = "hang" if answer == "TIMEOUT" else "crash"
        self.stop()
        code = self.p.returncode
        self.start()
        return kind, (f"no answer within {TIMEOUT:.0f} s" if kind == "hang" else
                      f"killed by signal {-code}" if code < 0 else f"exit {code}")

    def stop(self):
        try:
            os.killpg(self.p.pid, 9)
        except OSError:
            pass
        self.p.wait()


def replay(adapter, repro, out):
    """The adapter's answer on a reproducer: its kind (value, error, unsupported, crash, hang),
    what it says, and whether it is what the profile asks."""
    expected_file = os.path.join(repro, "expected_output_0.pb")
    if os.path.exists(out):
        os.remove(out)
    kind, text = adapter.request("\t".join(["RUN", os.path.join(repro, "model.onnx"),
                                            os.path.join(repro, "input_0.pb"),
                                            os.path.join(repro, "input_1.pb"), out]))
    domain = not os.path.exists(expected_file)  # the profile's answer is an error (C3, D3)
    if kind != "ok":
        return {"kind": kind, "text": text, "conforms": domain and kind == "error"}
    try:
        data_type, _, got = read_tensor(out)
        want = None if domain else read_tensor(expected_file)[2]
    except (OSError, ValueError) as e:
        return {"kind": "bad output", "text": str(e), "conforms": False}
    width = TYPES[data_type][1] * 2
    text = (f"0x{got[0]:0{width}x}" if len(got) == 1 else f"{len(got)} values")
    if domain:
        return {"kind": "value", "text": text, "conforms": False}
    layout = TYPES[data_type][2]
    wrong = sum(not same_result(layout, w, g) for w, g in zip(want, got))
    if len(got) != len(want):
        wrong = max(len(got), len(want))
    if len(got) > 1:
        text = f"{wrong} of {len(got)} values differ from the reference" if wrong else \
            f"all {len(got)} values right"
    return {"kind": "value", "text": text, "conforms": wrong == 0}


def answer_text(a):
    return a["text"] if a["kind"] == "value" else f"{a['kind']}: {a['text']}"


def rows_table(reports):
    index = [{(r["type"], r["requirement"]): r for r in rep["results"]} for rep in reports]
    keys = list(dict.fromkeys(k for i in index for k in i))
    rows = []
    for key in keys:
        sides = [i.get(key) for i in index]
        row = {"type": key[0], "requirement": key[1]}
        for n, side in enumerate(sides):
            row[f"cases_{n}"] = side["cases"] if side else 0
            row[f"findings_{n}"] = {c: side[c] for c in COUNTS if side and side[c]} if side else {}
        row["differ"] = row["findings_0"] != row["findings_1"]
        rows.append(row)
    return rows


def cases_table(reports, report_paths, adapters, work):
    cases, seen = [], set()
    for n, (rep, path) in enumerate(zip(reports, report_paths)):
        for f in rep["findings"]:
            key = (f["type"], f["requirement"], f["a"], f["b"], f["kind"] in ("mismatch",))
            if key in seen:
                continue
            seen.add(key)
            repro = os.path.join(os.path.dirname(path), f["reproducer"])
            case = {"type": f["type"], "requirement": f["requirement"], "a": f["a"], "b": f["b"],
                    "expected": f["expected"], "case": f.get("case", ""),
                    "listed_by": [rep["runtime"]["name"]]}
            try:
                elements = len(read_tensor(os.path.join(repro, "input_0.pb"))[2])
            except (OSError, ValueError) as e:
                elements, case["note"] = 0, f"reproducer unreadable: {e}"
            case["elements"] = elements
            answers = []
            for m, adapter in enumerate(adapters):
                if elements == 0 or elements > REPLAY_LIMIT:
                    answers.append({"kind": f["kind"] if m == n else "not replayed",
                                    "text": f["actual"] if m == n else
                                    f"{elements} elements", "conforms": None})
                else:
                    answers.append(replay(adapter, repro, os.path.join(work, "output_0.pb")))
                case[f"answer_{m}"] = answer_text(answers[m])
                case[f"conforms_{m}"] = answers[m]["conforms"]
            # The same kind of answer and, for values, the same values: no difference (messages
            # of two runtimes refusing a type are worded differently).
            replayed = "not replayed" not in (answers[0]["kind"], answers[1]["kind"])
            case["differ"] = replayed and (
                answers[0]["kind"] != answers[1]["kind"] or answers[0]["conforms"] !=
                answers[1]["conforms"] or (answers[0]["kind"] == "value" and
                                           answers[0]["text"] != answers[1]["text"]))
            cases.append(case)
    return cases


def markdown(result):
    names = [r["name"] + " " + r["version"] for r in result["runtimes"]]
    out = [f"# {names[0]} and {names[1]}: where their Div differs", "",
           result["what"], "", "## Per type and requirement (findings counted)", "",
           f"| type | requirement | cases | {names[0]} | {names[1]} |", "|---|---|---|---|---|"]
    for r in result["rows"]:
        if r["differ"]:
            text = [", ".join(f"{v} {k}" for k, v in r[f"findings_{n}"].items()) or "none"
                    for n in (0, 1)]
            out.append(f"| {r['type']} | {r['requirement']} | {r['cases_0']} | {text[0]} | "
                       f"{text[1]} |")
    out += ["", "## The same case through both (every listed finding replayed)", "",
            f"| type | requirement | a | b | expected | {names[0]} | {names[1]} |",
            "|---|---|---|---|---|---|---|"]
    for c in result["cases"]:
        if c["differ"]:
            out.append(f"| {c['type']} | {c['requirement']} | {c['a']} | {c['b']} | "
                       f"{c['expected']} | {c['answer_0']} | {c['answer_1']} |")
    same = sum(1 for c in result["cases"] if not c["differ"])
    out += ["", f"{same} further replayed case(s) got the same answer from both runtimes "
            "(in the JSON)."]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="append", required=True)
    parser.add_argument("--adapter", action="append", required=True,
                        help="the adapter command of the report at the same position")
    parser.add_argument("--json", required=True)
    parser.add_argument("--markdown", required=True)
    args = parser.parse_args()
    if len(args.report) != 2 or len(args.adapter) != 2:
        parser.error("give two --report and two --adapter")
    try:
        reports = []
        for path in args.report:
            with open(path, encoding="utf-8") as f:
                reports.append(json.load(f))
    except (OSError, ValueError) as e:
        print(f"compare_runtimes: {e}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="sonnx-compare-") as work:
        with open(os.path.join(work, "adapters.log"), "w", encoding="utf-8") as log:
            try:
                adapters = [Adapter(shlex.split(a), log) for a in args.adapter]
            except (OSError, RuntimeError) as e:
                print(f"compare_runtimes: {e}", file=sys.stderr)
                return 2
            try:
                cases = cases_table(reports, args.report, adapters, work)
            finally:
                for a in adapters:
                    a.stop()
    result = {
        "generated_by": "conform/compare/compare_runtimes.py",
        "what": "Two runtimes' Div against the verified reference: the per-type and "
                "per-requirement findings of each campaign (same cases when both ran with the "
                "same options), and every case either lists as a finding replayed through both "
                "adapters from its reproducer. 'differ' marks where the two runtimes answer the "
                "same case differently.",
        "comparison_rule": "two quiet NaNs match, a signaling NaN only itself (SD-9); a domain "
                           "case (C3, D3) must be answered with an error",
        "runtimes": [{"name": r["runtime"]["name"], "version": r["runtime"]["version"],
                      "report": os.path.basename(p), "adapter": a, "campaign": r["campaign"]}
                     for r, p, a in zip(reports, args.report, args.adapter)],
        "same_campaign": all(reports[0]["campaign"][k] == reports[1]["campaign"][k]
                             for k in ("mode", "seed", "random_pairs_per_type")),
        "rows": rows_table(reports),
        "cases": cases,
    }
    result["differences"] = {"rows": sum(r["differ"] for r in result["rows"]),
                             "cases": sum(bool(c["differ"]) for c in cases)}
    # Where they differ, with the runtimes' names as column names (the report's tables).
    names = [f"{r['name']} {r['version']}" for r in result["runtimes"]]
    result["differing_rows"] = [
        {"type": r["type"], "requirement": r["requirement"], "cases": r["cases_0"],
         names[0]: ", ".join(f"{v} {k}" for k, v in r["findings_0"].items()) or "no finding",
         names[1]: ", ".join(f"{v} {k}" for k, v in r["findings_1"].items()) or "no finding"}
        for r in result["rows"] if r["differ"]]
    result["differing_cases"] = [
        {"type": c["type"], "requirement": c["requirement"], "a": c["a"], "b": c["b"],
         "expected": c["expected"], names[0]: c["answer_0"], names[1]: c["answer_1"]}
        for c in cases if c["differ"]]
    for path, text in ((args.json, json.dumps(result, indent=2) + "\n"),
                       (args.markdown, markdown(result))):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"compare_runtimes: {result['differences']['rows']} row(s) and "
          f"{result['differences']['cases']} case(s) differ; {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
