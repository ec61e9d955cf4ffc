#!/usr/bin/env python3
"""The kernel table of docs/conformance.md ("Your C Div on your target", the C block of step 1)
as a user would take it: compiled with the harness by the host's C compiler (C11, warnings as
errors), and the short campaign on its two types finds nothing; on all twelve, the ten it leaves
NULL are unsupported findings (exit 1), not a malfunction.

  PYTHONPATH=conform/tests check_docs_example.py --tool sonnx-div --cc CC --root SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile

from checks import options, verdict  # conform/tests (PYTHONPATH)


def main():
    args = options("--tool", "--cc", "--root")
    with open(os.path.join(args.root, "docs", "conformance.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("### 1. Your kernels")
    begin = text.index("```c\n", start) + len("```c\n")
    code = text[begin:text.index("```", begin)]
    errors = []
    with tempfile.TemporaryDirectory(prefix="sonnx-docs-example-") as out:
        source = os.path.join(out, "my_div.c")
        with open(source, "w", encoding="utf-8") as f:
            f.write(code)
        c_adapter = os.path.join(args.root, "conform", "c_adapter")
        program = os.path.join(out, "my-div")
        subprocess.run([args.cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
                        "-I", c_adapter, os.path.join(c_adapter, "sonnx_c_harness.c"),
                        os.path.join(c_adapter, "sonnx_c_tensor.c"), source, "-o", program],
                       check=True)
        for types, want in (("float32,int32", 0), ("all", 1)):
            report = os.path.join(out, "report.json")
            run = subprocess.run([args.tool, "conform", "--short", "--types", types, "--report",
                                  report, "--", program], capture_output=True, text=True,
                                 check=False, timeout=600)
            if run.returncode != want:
                errors.append(f"--types {types}: exit {run.returncode}, expected {want}")
                continue
            with open(report, encoding="utf-8") as f:
                j = json.load(f)
            kinds = {k.split("/")[2] for k in j["findings_per_type_requirement_kind"]}
            types_found = {k.split("/")[0] for k in j["findings_per_type_requirement_kind"]}
            if want == 1 and (kinds != {"unsupported"} or len(types_found) != 10):
                errors.append(f"all types: {sorted(j['findings_per_type_requirement_kind'])}")
            print(f"--types {types}: exit {run.returncode}, {j['findings_total']} findings")
    return verdict(errors)


if __name__ == "__main__":
    sys.exit(main())
