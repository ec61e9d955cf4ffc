#!/usr/bin/env python3
"""Every function the proved C files define is proved or registered (CTest
evidence_wp_functions; sonnx_evidence.wp_functions, issue 48).

On a scratch copy of the proved C files, each of these must fail the check:
- the issue's example: an unselected helper in div_kernels.c with a false `ensures`, called by
  sonnx_div_i32 (before: WP proved the kernel Valid and nothing compared the files with the pass
  lists);
- the same in another file (a non-static helper of sonnx_validation.c) and in another shape (a
  `static inline` helper defined in a header of the kernels' folder);
- a pass that selects a function the files no longer define;
- with Frama-C's property listing (no prover), a registered unselected function whose contract
  gained a clause (binary32_bits with an `ensures`): a proved caller would rely on it unproved.
The unmodified copy passes, with every function proved but the two registered bit casts."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = ("/*@ requires y != 0;\n    assigns \\nothing;\n    ensures \\result == x / y; */\n"
          "{static}int32_t sonnx_planted_helper(int32_t x, int32_t y) {{\n"
          "  return (x == 12345 && y == 7) ? 0 : x / y;\n}}\n\n")


def copy_tree(work):
    for d in ("core/src/div/kernels", "core/src/common/kernels"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(work, d))
    # the generator's listing of the functions and their proof groups (passes.json's source)
    os.makedirs(os.path.join(work, "core", "gen"))
    shutil.copy(os.path.join(ROOT, "core", "gen", "functions.json"),
                os.path.join(work, "core", "gen"))


def edit(work, rel, old, new):
    path = os.path.join(work, rel)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert old in text, (rel, old)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1) if old else text + new)  # no old text: appended


def run(work, passes=None, properties=None):
    args = [sys.executable, "-m", "sonnx_evidence.wp_functions", "--root", work, "--json",
            os.path.join(work, "coverage.json")]
    args += ["--passes", passes] if passes else []
    args += ["--properties", properties] if properties else []
    p = subprocess.run(args, capture_output=True, text=True, check=False)
    return p.returncode, p.stdout + p.stderr


def frama_c_properties(work):
    """Frama-C's property listing of the copy (no prover): the contract of every function"""
    with open(os.path.join(ROOT, "proofs", "frama-c", "passes.json"), encoding="utf-8") as f:
        passes = json.load(f)
    csv_path = os.path.join(work, "properties.csv")
    cmd = ["frama-c", "-machdep", "x86_64", "-pp-annot", "-cpp-extra-args=" + " ".join(
        "-I" + os.path.join(work, d) for d in passes["include_dirs"])]
    with open(os.path.join(work, passes["functions_from"]), encoding="utf-8") as f:
        listed = json.load(f)["functions"]
    files = []
    for fn in listed:
        if fn["file"].endswith(".c") and fn["file"] not in files:
            files.append(fn["file"])
    cmd += [os.path.join(work, f) for f in files]
    cmd += ["-then", "-report", "-report-untried", "-report-csv", csv_path]
    subprocess.run(cmd, capture_output=True, text=True, check=True)
    return csv_path


def main():
    check = Checks('wp function coverage')
    with tempfile.TemporaryDirectory() as work:
        copy_tree(work)
        rc, log = run(work)
        # Every defined function proved by a pass or registered (the two of AS-WP-4's row), by
        # the counts the tool prints, whatever the number of functions the generator writes.
        counts = re.search(r"(\d+) defined, (\d+) proved by a pass, (\d+) registered", log)
        check(rc == 0 and counts is not None and int(counts[3]) == 2
              and int(counts[1]) == int(counts[2]) + int(counts[3]),
              "the unmodified files: every function proved or registered", log)
        if shutil.which("frama-c"):
            rc, log = run(work, properties=frama_c_properties(work))
            check(rc == 0, "the unmodified files: the registered contracts are Frama-C's", log)
    cases = [
        ("an unselected helper in div_kernels.c with a false ensures, called by sonnx_div_i32",
         "core/src/div/kernels/div_kernels.c", "void sonnx_div_i32(",
         HELPER.format(static="static ") + "void sonnx_div_i32(",
         "sonnx_planted_helper (core/src/div/kernels/div_kernels.c", "sonnx_div_i32 rely on"),
        ("a non-static helper in sonnx_validation.c", "core/src/common/kernels/sonnx_validation.c",
         "", "\n" + HELPER.format(static=""), "sonnx_planted_helper "
         "(core/src/common/kernels/sonnx_validation.c", ""),
        ("a static inline helper defined in a header of the kernels",
         "core/src/div/kernels/div_kernels.h",
         "void sonnx_div_i32(", HELPER.format(static="static inline ") + "void sonnx_div_i32(",
         "sonnx_planted_helper (core/src/div/kernels/div_kernels.h", "")]
    for what, rel, old, new, expected, relied in cases:
        with tempfile.TemporaryDirectory() as work:
            copy_tree(work)
            if rel.endswith("div_kernels.h"):
                edit(work, rel, old, "#include <stdint.h>\n" + new)
            else:
                edit(work, rel, old, new)
            if "sonnx_div_i32 rely on" in relied:
                edit(work, rel, "size_t n) {\n  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;"
                     "\n      loop invariant I1_truncated_quotient: \\forall integer k; 0 <= k < i"
                     " ==>\n        sonnx_div_int32_spec",
                     "size_t n) {\n  (void)sonnx_planted_helper(1, 1);\n  /*@ loop invariant "
                     "C1_index_in_bounds: 0 <= i <= n;\n      loop invariant I1_truncated_quotient:"
                     " \\forall integer k; 0 <= k < i ==>\n        sonnx_div_int32_spec")
            rc, log = run(work)
            check(rc == 1 and "FUNCTION NEITHER PROVED NOR REGISTERED: " + expected in log
                  and relied in log, what + ": refused", log)
    with tempfile.TemporaryDirectory() as work:
        copy_tree(work)
        # the generator's listing names a function the files do not define (a stale listing)
        path = os.path.join(work, "core", "gen", "functions.json")
        with open(path, encoding="utf-8") as f:
            listing = json.load(f)
        listing["functions"].append({"name": "sonnx_function_since_renamed", "group": "validation",
                                     "file": "core/src/common/kernels/sonnx_validation.c",
                                     "avx2": False, "type": None, "template": "t"})
        with open(path, "w", encoding="utf-8") as f:
            json.dump(listing, f)
        rc, log = run(work)
        check(rc == 1 and "A PASS SELECTS A FUNCTION THE FILES DO NOT DEFINE: "
              "sonnx_function_since_renamed" in log, "a selected function the files do not "
              "define: refused", log)
    if shutil.which("frama-c"):
        with tempfile.TemporaryDirectory() as work:
            copy_tree(work)
            edit(work, "core/src/common/kernels/sonnx_float_formats.c", "assigns \\nothing;",
                 "assigns \\nothing;\n    ensures \\result == 0;")
            rc, log = run(work, properties=frama_c_properties(work))
            check(rc == 1 and "CONTRACT OF AN UNPROVED FUNCTION NOT AS REGISTERED" in log,
                  "a registered unproved function whose contract gained an ensures: refused", log)
    else:
        print("skipped: the contract check needs frama-c")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
