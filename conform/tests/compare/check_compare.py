#!/usr/bin/env python3
"""conform/compare/compare_runtimes.py on two runtimes whose differences are known by hand: the
reference adapter against itself with a fault. Floored integer quotients (--fault floor): int8
-35 / 3 is 0xf5 (-11, truncated, I1) from the reference and 0xf4 (-12) from the floored one.
abort() on a domain case (--fault crash): int8 -128 / -1 is an error from the reference (D3) and a
crash from the other. Both must be listed as differing cases and rows; a case both answer alike
must not.

  PYTHONPATH=conform/tests check_compare.py --tool sonnx-div --reference ADAPTER
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from checks import options, verdict  # conform/tests (PYTHONPATH)

HERE = os.path.dirname(os.path.abspath(__file__))
COMPARE = os.path.join(HERE, "..", "..", "compare", "compare_runtimes.py")


def main():
    args = options("--tool", "--reference")
    errors = []
    out = tempfile.mkdtemp(prefix="sonnx-compare-test-")
    try:
        for fault in ("floor", "crash"):
            reports = [os.path.join(out, f"ref-{fault}.json"), os.path.join(out, f"{fault}.json")]
            adapters = [args.reference, f"{args.reference} --fault {fault}"]
            for report, adapter in zip(reports, adapters):
                subprocess.run([args.tool, "conform", "--short", "--types", "int8", "--report",
                                report, "--", *adapter.split()], capture_output=True,
                               check=False, timeout=600)
            j, md = os.path.join(out, f"cmp-{fault}.json"), os.path.join(out, f"cmp-{fault}.md")
            done = subprocess.run([sys.executable, COMPARE, "--report", reports[0], "--adapter",
                                   adapters[0], "--report", reports[1], "--adapter", adapters[1],
                                   "--json", j, "--markdown", md], capture_output=True,
                                  text=True, check=False, timeout=600)
            print(done.stdout, done.stderr)
            if done.returncode != 0:
                errors.append(f"{fault}: exit {done.returncode}")
                continue
            with open(j, encoding="utf-8") as f:
                result = json.load(f)
            with open(md, encoding="utf-8") as f:
                text = f.read()
            a, b, requirement, want = (("0xdd", "0x03", "I1", ("0xf5", "0xf4")) if fault == "floor"
                                       else ("0x80", "0xff", "D3", ("error", "crash")))
            case = [c for c in result["cases"] if (c["type"], c["a"], c["b"]) == ("int8", a, b)]
            if len(case) != 1 or not case[0]["differ"] or case[0]["conforms_0"] is not True \
                    or case[0]["conforms_1"] is not False \
                    or not case[0]["answer_0"].startswith(want[0]) \
                    or not case[0]["answer_1"].startswith(want[1]):
                errors.append(f"{fault}: int8 {a} / {b}: {case}")
            rows = [r for r in result["rows"] if (r["type"], r["requirement"]) == ("int8",
                                                                                requirement)]
            if len(rows) != 1 or not rows[0]["differ"] or rows[0]["findings_0"]:
                errors.append(f"{fault}: int8 {requirement} row: {rows}")
            if f"| int8 | {requirement} | {a} | {b} |" not in text:
                errors.append(f"{fault}: the Markdown table lacks int8 {a} / {b}")
            same = [c for c in result["cases"] if not c["differ"]]
            if fault == "floor" and any(c["a"] == "0xdd" for c in same):
                errors.append("floor: the differing case is also listed as the same")
            if result["differences"]["cases"] != sum(c["differ"] for c in result["cases"]):
                errors.append(f"{fault}: the count of differing cases is wrong")
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return verdict(errors)


if __name__ == "__main__":
    sys.exit(main())
