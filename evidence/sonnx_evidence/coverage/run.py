"""Runs the Catch2 test cases of a coverage build one by one, each with a profile of its own, on
each CPU (executor) the coverage needs, and records which requirements each test verifies.

    python3 -m sonnx_evidence.coverage.run --build build-mcdc --catalogue spec/requirements.json
        --out build-mcdc/mcdc-runs [--executor NAME=COMMAND ...] [--tests GLOB ...] [-j N]

A test counts for coverage when it carries a requirement tag of the catalogue (the Catch2 tags,
as tests/requirement_tags.cmake checks them); the others (the oracle's, the tools', the
platform's) run too and are reported apart. The executors: `native` (this CPU) always, and each
--executor NAME=COMMAND (e.g. `haswell=qemu-x86_64 -cpu Haswell`), which runs the test programs
that call the library in-process (--in-process; a program that starts the command-line tool would
run the tool natively, not under the executor). A probe compiled here records each executor's
CPU features (the justification register's variant rows rest on them).
Writes OUT/runs.json (schema evidence/schemas/coverage-runs.schema.json) and OUT/<executor>/...
profiles; exits 1 when a test fails, 2 on bad input."""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import time

from .. import schema

FEATURES = ["cpuid-leaf-1", "sse4.2", "avx", "avx2", "f16c", "fma", "avx512f", "avx512bw",
            "avx512cd", "avx512dq", "avx512vl"]
PROBE = """#include <cpuid.h>
#include <stdio.h>
int main(void) {
  __builtin_cpu_init();
  printf("cpuid-leaf-1 %%d\\n", __get_cpuid_max(0, 0) >= 1 ? 1 : 0);
%s  return 0;
}
"""


def catalogue_ids(path):
    with open(path, encoding="utf-8") as f:
        return [r["id"] for r in json.load(f)["requirements"]]


def catch_escape(name):
    """A test name as a Catch2 test spec matching it alone (as Catch's CMake module escapes it)."""
    for ch in "\\,[]":
        name = name.replace(ch, "\\" + ch)
    return name


def list_names(exe, scratch, spec=None):
    """The test names of exe (matching spec); its profile goes to the scratch folder."""
    cmd = [exe] + ([spec] if spec else []) + ["--list-test-names-only"]
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(scratch, "listing-%p.profraw"))
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(exe), env=env)
    if out.returncode < 0:
        raise RuntimeError(f"{exe} --list-test-names-only crashed")
    return [line for line in out.stdout.split("\n") if line.strip()]


def probe_features(compiler, work, executors):
    """{executor: {feature: bool}} from a probe program built with `compiler`."""
    src = os.path.join(work, "cpu_probe.c")
    exe = os.path.join(work, "cpu_probe")
    body = "".join(f'  printf("%s %%d\\n", __builtin_cpu_supports("{f}") ? 1 : 0);\n' % f
                   for f in FEATURES if f != "cpuid-leaf-1")
    with open(src, "w", encoding="utf-8") as f:
        f.write(PROBE % body)
    subprocess.run([compiler, "-O0", src, "-o", exe], check=True)
    out = {}
    for name, prefix in executors.items():
        res = subprocess.run(prefix + [exe], capture_output=True, text=True, check=True)
        out[name] = {k: v == "1"
                     for k, v in (line.split() for line in res.stdout.split("\n") if line)}
        if sorted(out[name]) != sorted(FEATURES):
            raise RuntimeError(f"cpu probe under {name}: {res.stdout!r}")
    return out


def run_one(job):
    exe, name, prefix, profile_dir, index = job
    os.makedirs(profile_dir, exist_ok=True)
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(profile_dir, f"{index}-%p.profraw"))
    start = time.monotonic()
    res = subprocess.run(prefix + [exe, catch_escape(name), "--warn", "NoTests"],
                         capture_output=True, text=True, env=env, cwd=os.path.dirname(exe),
                         timeout=900)
    seconds = round(time.monotonic() - start, 2)
    # exactly one test case ran: Catch2's summary "... in 1 test case" or "test cases: 1 | ..."
    one = re.search(r"\bin 1 test case\b|test cases:\s+1 \|", res.stdout) is not None
    profiles = sorted(os.path.join(profile_dir, p) for p in os.listdir(profile_dir)
                      if p.startswith(f"{index}-"))
    return {"ok": res.returncode == 0 and one, "seconds": seconds, "profiles": profiles,
            "output": "" if res.returncode == 0 and one else (res.stdout + res.stderr)[-2000:]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--catalogue", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--executor", action="append", default=[], metavar="NAME=COMMAND")
    ap.add_argument("--executor-tests", action="append", default=[], metavar="NAME=GLOB",
                    help="the test cases executor NAME runs (default: every one of the "
                         "in-process programs)")
    ap.add_argument("--in-process", action="append", default=[], metavar="PROGRAM",
                    help="test programs the executors run (default: unit_tests, badinput_tests)")
    ap.add_argument("--tests", action="append", default=[], metavar="GLOB",
                    help="only the test cases whose name matches (the reduced form)")
    ap.add_argument("--programs", action="append", default=[], metavar="PROGRAM",
                    help="only these test programs (default: every Catch2 program of the build)")
    ap.add_argument("--emulator-disagrees", action="append", default=[], metavar="NAME=GLOB",
                    help="test cases whose result under executor NAME is known to differ from "
                         "this CPU's on the same object code: a failure there is recorded, not "
                         "counted, and only when the test passed natively")
    ap.add_argument("--compiler", default="clang-19")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args(argv)
    args.out = os.path.abspath(args.out)  # the tests run in their own folders
    listing = os.path.join(args.build, "catch-tests.txt")
    if not os.path.isfile(listing):
        print(f"run: no {listing}: configure the mcdc preset first", file=sys.stderr)
        return 2
    with open(listing, encoding="utf-8") as f:
        exes = [line.strip() for line in f if line.strip()]
    if args.programs:
        exes = [e for e in exes if os.path.basename(e) in args.programs]
    missing = [e for e in exes if not os.access(e, os.X_OK)]
    if missing or not exes:
        print(f"run: test programs not built: {missing or 'none selected'}", file=sys.stderr)
        return 2
    ids = catalogue_ids(args.catalogue)
    in_process = set(args.in_process or ["unit_tests", "badinput_tests"])
    executors = {"native": []}
    for e in args.executor:
        name, _, command = e.partition("=")
        if not name or not command or name in executors:
            print(f"run: bad --executor {e!r}", file=sys.stderr)
            return 2
        executors[name] = shlex.split(command)
    only = {}
    for e in args.executor_tests:
        name, _, glob = e.partition("=")
        if name not in executors or not glob:
            print(f"run: bad --executor-tests {e!r}", file=sys.stderr)
            return 2
        only.setdefault(name, []).append(glob)
    os.makedirs(args.out, exist_ok=True)
    features = probe_features(args.compiler, args.out, executors)
    tests = []
    for exe in exes:
        scratch = os.path.join(args.out, "listing")
        names = list_names(exe, scratch)
        tags = {n: [] for n in names}
        for rid in ids:
            for n in list_names(exe, scratch, f"[{rid}]"):
                tags.setdefault(n, []).append(rid)
        for n in names:
            if args.tests and not any(fnmatch.fnmatchcase(n, g) for g in args.tests):
                continue
            tests.append({"program": os.path.basename(exe), "path": exe, "name": n,
                          "requirements": tags[n], "counted": bool(tags[n]), "runs": {}})
    jobs = []
    for i, t in enumerate(tests):
        for ex, prefix in executors.items():
            if ex != "native" and t["program"] not in in_process:
                continue
            if ex in only and not any(fnmatch.fnmatchcase(t["name"], g) for g in only[ex]):
                continue
            jobs.append((i, ex, (t["path"], t["name"], prefix,
                                 os.path.join(args.out, ex, t["program"]), i)))
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        futures = {pool.submit(run_one, job): (i, ex) for i, ex, job in jobs}
        for fut in concurrent.futures.as_completed(futures):
            i, ex = futures[fut]
            tests[i]["runs"][ex] = fut.result()
    known = [e.partition("=")[::2] for e in args.emulator_disagrees]
    disagreements = []
    for t in tests:
        for ex, r in t["runs"].items():
            if r["ok"] or ex == "native" or not t["runs"].get("native", {}).get("ok"):
                continue
            if any(ex == name and fnmatch.fnmatchcase(t["name"], glob) for name, glob in known):
                r["emulator_disagrees"] = True
                disagreements.append({"program": t["program"], "name": t["name"], "executor": ex})
    failed = [(t["program"], t["name"], ex) for t in tests for ex, r in t["runs"].items()
              if not r["ok"] and not r.get("emulator_disagrees")]
    doc = {"schema": "sonnx-coverage-runs/1", "build": os.path.abspath(args.build),
           "executor_tests": only,
           "executors": [{"name": n, "command": p, "cpu_features": features[n]}
                         for n, p in executors.items()],
           "in_process_programs": sorted(in_process), "reduced": bool(args.tests),
           "seconds": round(time.monotonic() - start, 1), "tests": tests,
           "failed": [{"program": p, "name": n, "executor": e} for p, n, e in failed],
           "emulator_disagreements": disagreements}
    schema.write(os.path.join(args.out, "runs.json"), doc, name="coverage-runs")
    counted = sum(t["counted"] for t in tests)
    print(f"coverage runs: {len(tests)} test cases ({counted} with a requirement tag), "
          f"{len(jobs)} runs on {len(executors)} CPU(s), {doc['seconds']} s, {len(failed)} failed, "
          f"{len(disagreements)} known emulator disagreements (not counted)")
    for p, n, e in failed[:20]:
        print(f"  FAILED on {e}: {p}: {n}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
