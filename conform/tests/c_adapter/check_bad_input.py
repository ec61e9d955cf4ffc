#!/usr/bin/env python3
"""The C harness (conform/c_adapter/sonnx_c_harness.c) on bad input: each malformed request,
truncated or malformed tensor file, type or shape mismatch and element type the user did not
supply gets one clear ERROR or UNSUPPORTED line, and the harness goes on serving (a valid request
afterwards is answered OK with the quotients computed by hand) and exits 0 on QUIT. Then a
campaign against a harness that supplies two types only: the other ten are unsupported findings,
not a campaign malfunction.

  PYTHONPATH=conform/tests check_bad_input.py --tool sonnx-div --partial PARTIAL
      --harness PROGRAM [PROGRAM ...]
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile

from checks import verdict  # conform/tests (PYTHONPATH)
from compare_runtimes import varint as read_varint  # conform/compare (PYTHONPATH)

FLOAT32, INT8, INT32, STRING, FLOAT16 = 1, 3, 6, 8, 10


def varint(v):
    out = bytearray()
    while True:
        byte = v & 0x7F
        v >>= 7
        out.append(byte | (0x80 if v else 0))
        if not v:
            return bytes(out)


def tensor(dims, data_type, raw, typed_floats=None):
    """A TensorProto: dims (1), data_type (2), name (8), raw_data (9) or float_data (4)."""
    out = b"".join(varint(1 << 3) + varint(d) for d in dims)
    out += varint(2 << 3) + varint(data_type) + varint((8 << 3) | 2) + varint(1) + b"x"
    if typed_floats is not None:
        packed = b"".join(struct.pack("<f", v) for v in typed_floats)
        return out + varint((4 << 3) | 2) + varint(len(packed)) + packed
    return out + varint((9 << 3) | 2) + varint(len(raw)) + raw


def raw_data(path):
    """The raw_data payload of a TensorProto the harness wrote (varint and length fields)."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        key, pos = read_varint(data, pos)
        value, pos = read_varint(data, pos)
        if key & 7 == 2:
            if key >> 3 == 9:
                return data[pos:pos + value]
            pos += value
    return None


class Harness:
    def __init__(self, program):
        self.p = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        self.ready = self.p.stdout.readline().rstrip("\n")

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().rstrip("\n")

    def quit(self):
        self.p.stdin.write("QUIT\n")
        self.p.stdin.close()
        return self.p.wait(timeout=30)


def check_harness(program, tmp, errors):
    def path(name, content=None):
        p = os.path.join(tmp, name)
        if content is not None:
            with open(p, "wb") as f:
                f.write(content)
        return p

    f32 = lambda *v: struct.pack(f"<{len(v)}f", *v)  # noqa: E731
    good_a = path("a.pb", tensor([3], FLOAT32, f32(7.0, -1.0, 1.0)))
    good_b = path("b.pb", tensor([3], FLOAT32, f32(2.0, 4.0, 3.0)))
    out = path("out.pb")
    if os.path.exists(out):
        os.remove(out)
    model = path("model.onnx", b"not read by the harness")
    whole = tensor([3], FLOAT32, f32(7.0, -1.0, 1.0))
    cases = {
        # name: (request line, expected answer prefix)
        "empty line": ("", "ERROR bad request"),
        "another verb": ("HELLO", "ERROR bad request"),
        "three fields": (f"RUN\t{model}\t{good_a}", "ERROR bad request"),
        "six fields": (f"RUN\t{model}\t{good_a}\t{good_b}\t{out}\textra", "ERROR bad request"),
        "an empty path": (f"RUN\t{model}\t\t{good_b}\t{out}", "ERROR bad request"),
        "a line longer than the buffer": ("RUN\t" + "x" * 5000, "ERROR bad request: longer"),
        "a missing input": (f"RUN\t{model}\t{tmp}/none.pb\t{good_b}\t{out}",
                            "ERROR cannot open input_0"),
        "raw_data cut short": (f"RUN\t{model}\t{path('t1.pb', whole[:-5])}\t{good_b}\t{out}",
                               "ERROR input_0: truncated"),
        "a file cut in a varint": (f"RUN\t{model}\t{good_a}\t{path('t2.pb', bytes([0x08, 0x83]))}"
                                   f"\t{out}", "ERROR input_1: truncated or malformed"),
        "an empty file": (f"RUN\t{model}\t{path('t3.pb', b'')}\t{good_b}\t{out}",
                          "ERROR input_0: data_type is not a profile type"),
        "raw_data of the wrong size": (
            f"RUN\t{model}\t{path('t4.pb', tensor([4], FLOAT32, f32(1, 2, 3)))}\t{good_b}\t{out}",
            "ERROR input_0: raw_data does not hold"),
        "elements in float_data": (
            f"RUN\t{model}\t{path('t5.pb', tensor([3], FLOAT32, b'', [1, 2, 3]))}\t{good_b}\t{out}",
            "ERROR input_0: elements in a typed field"),
        "a string tensor": (f"RUN\t{model}\t{path('t6.pb', tensor([1], STRING, b'a'))}\t{good_b}"
                            f"\t{out}", "ERROR input_0: data_type is not a profile type"),
        "a wire type 7": (f"RUN\t{model}\t{path('t7.pb', bytes([0x0F]))}\t{good_b}\t{out}",
                          "ERROR input_0: malformed protobuf"),
        "types differ": (f"RUN\t{model}\t{good_a}\t{path('t8.pb', tensor([3], INT32, bytes(12)))}"
                         f"\t{out}", "ERROR the inputs differ in type or shape"),
        "shapes differ": (f"RUN\t{model}\t{good_a}\t{path('t9.pb', tensor([1], FLOAT32, f32(2)))}"
                          f"\t{out}", "ERROR the inputs differ in type or shape"),
        "a negative dim": (f"RUN\t{model}\t{path('t10.pb', tensor([2 ** 64 - 1], FLOAT32, b''))}"
                           f"\t{good_b}\t{out}", "ERROR input_0: a negative dim"),
        "2^32 elements": (f"RUN\t{model}\t{path('t11.pb', tensor([2 ** 16, 2 ** 16], INT8, b''))}"
                          f"\t{good_b}\t{out}", "ERROR input_0: 2^32 elements or more"),
    }
    h = Harness(program)
    if not h.ready.startswith("READY example-correct 1 harness=sonnx-c-harness-1 block="):
        errors.append(f"{program}: READY line '{h.ready}'")
    for name, (line, want) in cases.items():
        answer = h.ask(line)
        if not answer.startswith(want):
            errors.append(f"{program}: {name}: answered '{answer}', expected '{want}...'")
        if os.path.exists(out):
            errors.append(f"{program}: {name}: an output file was left behind")
    # Still serving: 7 / 2 = 3.5, -1 / 4 = -0.25, 1 / 3 = 0x3eaaaaab (binary32, by hand).
    answer = h.ask(f"RUN\t{model}\t{good_a}\t{good_b}\t{out}")
    got = raw_data(out) if os.path.exists(out) else None
    if answer != "OK" or got != struct.pack("<ffI", 3.5, -0.25, 0x3EAAAAAB):
        errors.append(f"{program}: the valid request after the bad ones: '{answer}', {got!r}")
    if h.quit() != 0:
        errors.append(f"{program}: exit status {h.p.returncode} after QUIT")
    print(f"{program}: {len(cases)} bad inputs answered, then a valid request")


def check_partial(tool, program, tmp, errors):
    h = Harness(program)
    a = os.path.join(tmp, "h.pb")
    with open(a, "wb") as f:
        f.write(tensor([1], FLOAT16, bytes([0x00, 0x3C])))
    answer = h.ask(f"RUN\t{tmp}/m.onnx\t{a}\t{a}\t{tmp}/o.pb")
    if answer != "UNSUPPORTED no float16 kernel (its entry is NULL)":
        errors.append(f"partial harness, float16: '{answer}'")
    h.quit()
    report = os.path.join(tmp, "partial.json")
    run = subprocess.run([tool, "conform", "--short", "--report", report, "--", program],
                         capture_output=True, text=True, timeout=600, check=False)
    if run.returncode != 1:
        errors.append(f"campaign against the partial harness: exit {run.returncode}, expected 1")
        print(run.stdout, run.stderr[-2000:])
        return
    with open(report, encoding="utf-8") as f:
        j = json.load(f)
    kinds = {k.split("/")[2] for k in j["findings_per_type_requirement_kind"]}
    types = {k.split("/")[0] for k in j["findings_per_type_requirement_kind"]}
    supplied = {"float32", "int32"}
    if kinds != {"unsupported"} or types & supplied or len(types) != 10:
        errors.append(f"partial harness: findings {sorted(j['findings_per_type_requirement_kind'])}"
                      ", expected unsupported for the ten types not supplied")
    print(f"campaign against the partial harness: {j['findings_total']} unsupported findings in "
          f"{len(types)} types, float32 and int32 conform")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--partial", required=True)
    parser.add_argument("--harness", nargs="+", required=True)
    args = parser.parse_args()
    errors = []
    with tempfile.TemporaryDirectory(prefix="sonnx-c-bad-input-") as tmp:
        for program in args.harness:
            check_harness(program, tmp, errors)
        check_partial(args.tool, args.partial, tmp, errors)
    return verdict(errors)


if __name__ == "__main__":
    sys.exit(main())
