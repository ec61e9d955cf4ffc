#!/usr/bin/env python3
"""Crash and hang isolation through the C harness (div_partial.c built with its planted faults,
-DSONNX_TEST_FAULTS): on each target the fault of the float32 kernel on its first request (float32
3 / 1, F1) is one crash finding, the endless loop of the int32 kernel on its first request (int32
6 / 3, I1) one hang finding, and every other request of the two types is answered by a restarted
adapter (no other finding). On the bare-metal Cortex-M4F the fault (a UsageFault escalated to
HardFault) ends the emulator and the hang is QEMU killed at the timeout.

  PYTHONPATH=conform/tests check_isolation.py --tool sonnx-div --targets x86-64,cortex-m4f
"""
import json
import os
import subprocess
import sys
import tempfile

from checks import options, verdict  # conform/tests (PYTHONPATH)

HERE = os.path.dirname(os.path.abspath(__file__))
C_ADAPTER = os.path.join(HERE, "..", "..", "c_adapter")


def main():
    args = options("--tool", "--targets")
    errors = []
    with tempfile.TemporaryDirectory(prefix="sonnx-c-isolation-") as out:
        for target in args.targets.split(","):
            report = os.path.join(out, f"{target}.json")
            run = subprocess.run(
                [sys.executable, os.path.join(C_ADAPTER, "conform_c.py"), "--target", target,
                 "--sources", os.path.join(HERE, "div_partial.c"),
                 os.path.join(C_ADAPTER, "examples", "div_correct_kernels.c"),
                 "--include", os.path.join(C_ADAPTER, "examples"),
                 "--cflags", "-O2 -DSONNX_TEST_FAULTS", "--campaign", "short",
                 "--tool", args.tool, "--report", report, "--", "--types", "float32,int32",
                 "--timeout", "2"], capture_output=True, text=True, check=False, timeout=600)
            if run.returncode != 1:
                errors.append(f"{target}: exit {run.returncode}, expected 1")
                print(run.stdout[-2000:], run.stderr[-2000:])
                continue
            with open(report, encoding="utf-8") as f:
                j = json.load(f)
            counted = j["findings_per_type_requirement_kind"]
            if counted != {"float32/F1/crash": 1, "int32/I1/hang": 1}:
                errors.append(f"{target}: findings {counted}, expected one F1 crash, one I1 hang")
            firsts = {(f["type"], f["a"], f["b"]) for f in j["findings"]}
            if firsts != {("float32", "0x40400000", "0x3f800000"),
                          ("int32", "0x00000006", "0x00000003")}:
                errors.append(f"{target}: the findings' first elements are {sorted(firsts)}")
            print(f"{target}: {counted} ({j['target']['kind']})")
    return verdict(errors)


if __name__ == "__main__":
    sys.exit(main())
