#!/usr/bin/env python3
"""The fault campaign: one table (verify/faults/faults.json), one runner.

Every fault is a list of exact text substitutions (file, original text, faulty text) applied to a
scratch copy, never to the working tree. The runner fails loudly when an original text is not
found (the fault must then be updated to the current sources) and when a fault survives.

A fault is killed by what its `killers` name, and only by a proof or a failing test:
  why3   - refutations: for each named fact witness of proofs/why3/witnesses.mlw (true of the
           real specification), `not <witness>` is PROVED on the faulty copy of spec/why3;
  tests  - the CTest suite of a rebuilt scratch copy fails (and, for `sanitizers`, the ASan+UBSan
           build of the unit tests or the checked_div corpus replay reports an error);
  wp     - driver faults: the named lemmas of proofs/frama-c/binding_sanity.c are proved against
           the faulty driver; proofs/frama-c/prove.sh runs these, not this script.
A prover that gives up never kills anything: it only makes the run fail as "not proved" (every call
runs under the prover's resource limit, as the Why3 gate's; a goal not proved within a fraction of
it is retried once at the whole of it, and counts only if proved).

Usage:
  run_faults.py --why3 [--out DIR]            the specification faults (seconds; a CTest test):
                                              baseline witnesses, satisfiability models and one
                                              refutation per killer, on definitions-only copies
  run_faults.py --all [--only NAME]... [--keep] [--out DIR]
                                              the Why3 faults as above, then each code fault
                                              rebuilt and tested in a scratch copy (long)
  run_faults.py --list                        the table
Writes DIR/faults.json (--all) or DIR/faults-why3.json (--why3), DIR defaulting to build/evidence.
Exit status 0 iff every check passed.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WITNESSES = "proofs/why3/witnesses.mlw"
SPEC_DIR = "spec/why3"
# Every prover call runs under the prover's resource limit (proofs/prover-limits.json,
# sonnx_evidence.limits), as the Why3 gate's: a first attempt at a fraction of it, and a goal a
# prover fails there tried once more by that prover at the whole of it. A prover counts its own
# work, so the verdicts do not depend on the machine or its load; the refutation still counts only
# when a prover proves it.
# The prover policy of every proof check (proofs/prover-policy.json): a floating-point goal, decided
# from its printed task, is not accepted on Z3's verdict alone (Z3 4.8.12 proves a false
# floating-point lemma, proofs/why3/notes/z3-fp-unsound.md).
MODULE = re.compile(r"^module\s+(\w+)(.*?)^end", re.S | re.M)
CVC5_HINT = re.compile(r"^\(\*\s*prover:\s*cvc5\s*\*\)\s*\nmodule\s+(\w+)", re.M)
# The evidence package (evidence/sonnx_evidence) is on PYTHONPATH: its callers set it.
try:
    from sonnx_evidence import limits, policy, why3_config, why3_tasks  # noqa: E402
    from sonnx_evidence.faults import TABLE, Failure, apply_fault, load_table  # noqa: E402
except ImportError:
    sys.exit("run_faults.py: the evidence package is not on the path: "
             "PYTHONPATH=<repository>/evidence python3 verify/faults/run_faults.py ...")


# ------------------------------------------------------------------------------------------ Why3
def definitions_only(text):
    """every lemma becomes a goal: a goal is not a hypothesis of later goals, so what is proved
    on the copy follows from definitions and the standard library only"""
    text = re.sub(r"\blet\s+rec\s+lemma\b", "let rec ghost", text)
    text = re.sub(r"\blet\s+lemma\b", "let ghost", text)
    return re.sub(r"\blemma\b", "goal", text)


class Why3:
    def __init__(self, work):
        self.work = work
        os.makedirs(work, exist_ok=True)
        if not shutil.which("cvc5"):
            raise Failure("cvc5 not found")
        # the Why3 gate's configuration: every prover with its resource-limited command
        try:
            self.config, self.extra = why3_config.write(work)
        except RuntimeError as e:
            raise Failure(str(e)) from e
        self.driver = why3_tasks.write_driver(work)

    def classify(self, lib, path):
        """{module: whether one of its printed tasks is floating-point} (sonnx_evidence.why3_tasks)"""
        out = os.path.join(self.work, "tasks")
        why3_tasks.print_tasks(["why3", "prove", "-C", self.config, "--extra-config=" + self.extra,
                                "-L", lib], self.driver, [path], out, root=lib)
        fp = {}
        for (_, module), names in why3_tasks.task_files(out).items():
            fp[module] = any(why3_tasks.floating_point(why3_tasks.Task(os.path.join(out, n)),
                                                       policy.POLICY) for n in names.values())
        return fp

    def copy_spec(self, name, fault=None):
        """definitions-only copy of spec/why3 and the witnesses, with `fault` applied first"""
        tree = os.path.join(self.work, name)
        shutil.rmtree(tree, ignore_errors=True)
        for rel in [os.path.join(SPEC_DIR, f) for f in sorted(os.listdir(os.path.join(ROOT, SPEC_DIR)))
                    if f.endswith(".mlw")] + [WITNESSES]:
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, rel), os.path.join(tree, rel))
        if fault:
            apply_fault(fault, tree)
        lib = os.path.join(tree, "lib")
        os.makedirs(lib)
        for rel in [os.path.join(SPEC_DIR, f) for f in os.listdir(os.path.join(tree, SPEC_DIR))] + [WITNESSES]:
            with open(os.path.join(tree, rel)) as f:
                text = f.read()
            with open(os.path.join(lib, os.path.basename(rel)), "w") as f:
                # the witnesses' own lemmas are proved in the same run (the models use them)
                f.write(text if rel == WITNESSES else definitions_only(text))
        return lib

    def prove(self, lib, path, prover, modules=(), goal=None, attempt="first"):
        """prover (z3, cvc5) on the goals, at a fraction of its resource limit (attempt "first")
        or at the whole of it ("retry"); the wall-clock guard only stops a hung process"""
        label = policy.prover_name(prover)
        steps = limits.first_steps(label) if attempt == "first" else limits.steps(label)
        args = ["why3", "prove", "-C", self.config, "--extra-config=" + self.extra, "-L", lib,
                "-P", prover, "-t", str(limits.guard("why3")), "-s", str(steps), "-a", "split_vc",
                "--json", path]
        for m in modules:
            args += ["-T", m]
        if goal:
            args += ["-G", goal]
        p = subprocess.run(args, capture_output=True, text=True, timeout=1800)
        out = []
        for obj in why3_tasks.json_stream(p.stdout):
            term = obj.get("term", {})
            answer = obj.get("prover-result", {}).get("answer", "").split("\n")[0].strip()
            out.append({"goal": term.get("goal_name", "?"), "line": term.get("loc", {}).get("line"),
                        "answer": answer})
        # exit status 2: some goal not valid (reported per goal); any other non-zero: an error
        if p.returncode not in (0, 2) or not out:
            raise Failure(f"why3 gave no result for {path} ({prover}):\n{(p.stdout + p.stderr)[-2000:]}")
        return out

    def check(self, lib, path, fp, modules=()):
        """prove every goal of `modules` (default: all) in `path`; a goal counts when the prover
        policy accepts it, `fp` telling which modules are floating-point (from their printed
        tasks). A module goes first to Z3, or to CVC5 if it is floating-point or preceded by the
        line `(* prover: cvc5 *)` (as in the specification: a goal Z3 cannot prove would cost Z3's
        resource limit first)"""
        with open(path) as f:
            text = f.read()
        blocks = {m.group(1): m.group(2) for m in MODULE.finditer(text)}
        hinted = set(CVC5_HINT.findall(text))
        modules = list(modules) or list(blocks)
        starts = sorted((text.count("\n", 0, m.start()) + 1, m.group(1)) for m in MODULE.finditer(text))

        def module_of(line):
            return [m for first, m in starts if first <= (line or 0)][-1]

        def is_fp(m):
            if m not in fp:
                raise Failure(f"{path}: module {m} has no printed task to classify")
            return fp[m]

        rows = []
        for label in ("CVC5", "Z3"):
            group = [m for m in modules if (is_fp(m) or m in hinted) == (label == "CVC5")]
            if not group:
                continue
            for r in self.prove(lib, path, label.lower(), group):
                module = module_of(r["line"])
                rows.append({"goal": r["goal"], "module": module, "line": r["line"],
                             "floating_point": is_fp(module), "verdicts": {label: r["answer"]}})
        # CVC5 for what Z3 did not prove (only goals without floating point reach here)
        for key in dict.fromkeys((r["module"], r["goal"]) for r in rows
                                 if "Valid" not in r["verdicts"].values()):
            subs = [r for r in rows if (r["module"], r["goal"]) == key]
            again = self.prove(lib, path, "cvc5", [key[0]], goal=key[1])
            for old, new in zip(subs, again if len(again) == len(subs) else []):
                old["verdicts"]["CVC5"] = new["answer"]
        def accept(r):
            return policy.accepted(r["floating_point"], [
                {"prover": p, "result": "valid" if a == "Valid" else "not valid"}
                for p, a in r["verdicts"].items()])

        # one retry with the longer limit for a goal not accepted, by each prover that failed it
        for key in dict.fromkeys((r["module"], r["goal"]) for r in rows if not accept(r)):
            subs = [r for r in rows if (r["module"], r["goal"]) == key]
            for label in dict.fromkeys(p for r in subs for p, a in r["verdicts"].items()
                                       if a != "Valid"):
                again = self.prove(lib, path, label.lower(), [key[0]], goal=key[1],
                                   attempt="retry")
                for old, new in zip(subs, again if len(again) == len(subs) else []):
                    old.setdefault("retried", {})[label] = new["answer"]
                    if new["answer"] == "Valid":
                        old["verdicts"][label] = new["answer"]
        for r in rows:
            r["proved"] = accept(r)
        return rows


def fact_names():
    with open(os.path.join(ROOT, WITNESSES)) as f:
        text = f.read()
    facts = []
    for m in MODULE.finditer(text):
        if not m.group(1).startswith("Facts"):
            continue
        facts += [f"{m.group(1)}.{p}" for p in re.findall(r"^\s*predicate\s+(\w+)\s*=", m.group(2), re.M)]
    return facts


def fact_goals(lib, facts, negate, tag):
    """a file of one goal per fact (or its negation) over the witnesses of `lib`"""
    path = os.path.join(lib, f"check_{tag}.mlw")
    with open(path, "w") as f:
        for k, fact in enumerate(facts):
            module, pred = fact.split(".")
            f.write(f"module Check_{k}_{module}\n  use witnesses.{module}\n"
                    f"  goal {'refute' if negate else 'holds'}_{pred}: "
                    f"{'not ' if negate else ''}{pred}\nend\n")
    return path


def retried(row):
    """the log's note of a retry with the longer limit"""
    return (f" (retried at the whole resource limit: {row['retried']})" if row.get("retried")
            else "")


def why3_campaign(faults, work, log):
    w3 = Why3(os.path.join(work, "why3"))
    facts = fact_names()
    report = {"facts": [], "models": [], "faults": []}
    ok = True
    # Baseline: the real specification proves every fact witness and every model.
    lib = w3.copy_spec("baseline")
    t0 = time.time()
    holds = fact_goals(lib, facts, False, "holds")
    # each check module uses one witness module: its class holds for the faulty copies too
    by_witness = {re.sub(r"^Check_\d+_", "", m): v for m, v in w3.classify(lib, holds).items()}

    def fp_of(path):
        with open(path) as f:
            names = [m.group(1) for m in MODULE.finditer(f.read())]
        return {m: by_witness[re.sub(r"^Check_\d+_", "", m)] for m in names
                if re.sub(r"^Check_\d+_", "", m) in by_witness}
    for row in w3.check(lib, holds, fp_of(holds)):
        report["facts"].append(row)
        ok &= row["proved"]
        log(f"  fact   {row['goal']:44s} {'proved' if row['proved'] else 'NOT PROVED'} "
            f"{row['verdicts']}{retried(row)}")
    wpath = os.path.join(lib, os.path.basename(WITNESSES))
    with open(wpath) as f:
        models = [m.group(1) for m in MODULE.finditer(f.read()) if not m.group(1).startswith("Facts")]
    for row in w3.check(lib, wpath, w3.classify(lib, wpath), models):
        report["models"].append(row)
        ok &= row["proved"]
        log(f"  model  {row['goal']:44s} "
            f"{'proved' if row['proved'] else 'NOT PROVED'} {row['verdicts']}{retried(row)}")
    report["baseline_s"] = round(time.time() - t0, 1)
    for fault in faults:
        if "why3" not in fault["killers"]:
            continue
        t0 = time.time()
        entry = {"fault": fault["name"], "kind": fault["kind"], "killers": {}}
        try:
            killers = fault["killers"]["why3"]
            unknown = [k for k in killers if k not in facts]
            if unknown:
                raise Failure(f"fault {fault['name']}: no fact witness {unknown} in {WITNESSES}")
            flib = w3.copy_spec(fault["name"], fault)
            refute = fact_goals(flib, killers, True, "refute")
            rows = w3.check(flib, refute, fp_of(refute))
            for killer, row in zip(killers, rows):
                entry["killers"][killer] = {"refuted": row["proved"], "verdicts": row["verdicts"]}
                if row.get("retried"):
                    entry["killers"][killer]["retried"] = row["retried"]
            entry["killed"] = len(rows) == len(killers) and all(r["proved"] for r in rows)
        except Failure as e:
            entry["killed"], entry["error"] = False, str(e)
        entry["seconds"] = round(time.time() - t0, 1)
        ok &= entry["killed"]
        report["faults"].append(entry)
        by = ", ".join(f"{k}: {'refuted' if v['refuted'] else 'NOT refuted'}"
                       for k, v in entry["killers"].items())
        log(f"  fault  {fault['name']:44s} {'KILLED' if entry['killed'] else 'SURVIVED'} "
            f"({entry.get('error') or by}) {entry['seconds']} s")
    return ok, report


# ------------------------------------------------------------------------------------- code faults
def sh(cmd, cwd, logfile, timeout=3600):
    with open(logfile, "w") as f:
        return subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                              timeout=timeout).returncode


def code_campaign(faults, work, log, jobs):
    src = os.path.join(work, "src")
    archive = subprocess.run(["git", "-C", ROOT, "archive", "HEAD"], capture_output=True, check=True)
    os.makedirs(src)
    subprocess.run(["tar", "-x", "-C", src], input=archive.stdout, check=True)
    # a fault must be caught by a test, not by a warning
    cm = os.path.join(src, "CMakeLists.txt")
    with open(cm) as f:
        text = f.read()
    with open(cm, "w") as f:
        f.write(text.replace(" -Werror ", " "))
    release, asan = os.path.join(work, "build"), os.path.join(work, "build-asan")
    common = ["-G", "Ninja", "-DSONNX_BUILD_BENCHMARKS=OFF"]
    asan_flags = ["-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all "
                  "-fno-omit-frame-pointer", "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"]
    asan_targets = ["unit_tests", "fuzz_replay_checked_div"]
    ctest = ["ctest", "-j", str(jobs), "--timeout", "300", "-E", "^fault_refutations$"]
    steps = [(["cmake", "-S", src, "-B", release, "-DCMAKE_BUILD_TYPE=Release"] + common, "configure"),
             (["cmake", "--build", release, "-j", str(jobs)], "build"),
             (ctest, "ctest"),
             (["cmake", "-S", src, "-B", asan, "-DCMAKE_BUILD_TYPE=Debug"] + common + asan_flags,
              "asan-configure"),
             (["cmake", "--build", asan, "-j", str(jobs), "--target"] + asan_targets, "asan-build")]
    for cmd, what in steps:
        if sh(cmd, release if what == "ctest" else work, os.path.join(work, f"baseline-{what}.log")):
            raise Failure(f"baseline {what} fails on the unmodified copy: the campaign would mean "
                          f"nothing (see {work}/baseline-{what}.log)")
    log("  baseline: release and sanitizer builds ready, every test passes")
    results, ok = [], True
    for fault in faults:
        if "tests" not in fault["killers"]:
            continue
        t0 = time.time()
        snapshot = {e["file"]: open(os.path.join(src, e["file"])).read() for e in fault["edits"]}
        entry = {"fault": fault["name"], "kind": fault["kind"]}
        try:
            apply_fault(fault, src)
            lg = os.path.join(work, fault["name"])
            if sh(["cmake", "--build", release, "-j", str(jobs)], work, lg + "-build.log"):
                entry["tests"] = "build failed"
            elif sh(ctest, release, lg + "-ctest.log"):
                with open(lg + "-ctest.log") as f:
                    failing = re.findall(r"^\s*\d+ - (.*) \([^()]*\)\s*$", f.read(), re.M)
                entry["tests"] = "killed"
                entry["failing_tests"] = failing
            else:
                entry["tests"] = "survived"
            if fault["killers"].get("sanitizers"):
                entry["sanitizers"] = "survived"
                if sh(["cmake", "--build", asan, "-j", str(jobs), "--target"] + asan_targets, work,
                      lg + "-asan-build.log") == 0:
                    reports = []
                    for t in asan_targets:
                        exe = next((os.path.join(d, t) for d, _, fs in os.walk(asan) if t in fs), None)
                        if not exe:
                            continue
                        args = [exe] + ([os.path.join(src, "fuzz/corpus/checked_div")]
                                        if t.startswith("fuzz_replay_") else [])
                        p = subprocess.run(args, capture_output=True, text=True, timeout=900,
                                           env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
                        reports += re.findall(r"AddressSanitizer: [a-z-]+|runtime error: .{0,70}",
                                              p.stdout + p.stderr)
                    if reports:
                        entry["sanitizers"] = "killed"
                        entry["sanitizer_report"] = reports[0]
            entry["killed"] = entry["tests"] == "killed" or entry.get("sanitizers") == "killed"
        except Failure as e:
            entry["killed"], entry["error"] = False, str(e)
        finally:
            for rel, text in snapshot.items():
                with open(os.path.join(src, rel), "w") as f:
                    f.write(text)
        entry["seconds"] = round(time.time() - t0, 1)
        ok &= entry["killed"]
        results.append(entry)
        first = ", ".join(entry.get("failing_tests", [])[:3])
        log(f"  fault  {fault['name']:28s} tests {entry.get('tests', '-'):12s} "
            f"sanitizers {entry.get('sanitizers', '-'):9s} {entry.get('error', first)} "
            f"{entry['seconds']} s")
    return ok, results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--why3", action="store_true")
    mode.add_argument("--all", action="store_true")
    mode.add_argument("--list", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "evidence"))
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("SONNX_JOBS", "2")))
    a = ap.parse_args()
    try:
        faults = load_table()
    except (Failure, OSError, ValueError) as e:
        print(f"run_faults: {e}", file=sys.stderr)
        return 2
    if a.list:
        for f in faults:
            print(f"{f['name']:30s} {f['kind']:16s} {', '.join(sorted(f['killers']))}: {f['description']}")
        return 0
    if a.only:
        missing = set(a.only) - {f["name"] for f in faults}
        if missing:
            print(f"run_faults: no fault named {sorted(missing)}", file=sys.stderr)
            return 2
        faults = [f for f in faults if f["name"] in a.only]
    work = tempfile.mkdtemp(prefix="sonnx-faults.")
    t0 = time.time()
    doc = {"table": os.path.relpath(TABLE, ROOT), "mode": "all" if a.all else "why3",
           "commit": subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True,
                                    text=True).stdout.strip()}
    ok = True
    try:
        print("Specification faults (Why3 refutations on definitions-only copies)")
        w_ok, doc["why3"] = why3_campaign(faults, work, print)
        ok &= w_ok
        if a.all:
            print("Code faults (scratch copy of HEAD, rebuilt and tested per fault)")
            c_ok, doc["code"] = code_campaign(faults, work, print, a.jobs)
            ok &= c_ok
    except (Failure, subprocess.SubprocessError, OSError) as e:
        print(f"run_faults: {e}", file=sys.stderr)
        ok = False
        doc["error"] = str(e)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"scratch kept in {work}")
    doc["all_passed"] = bool(ok)
    doc["seconds"] = round(time.time() - t0, 1)
    os.makedirs(a.out, exist_ok=True)
    name = "faults.json" if a.all else "faults-why3.json"
    with open(os.path.join(a.out, name), "w") as f:
        json.dump(doc, f, indent=1)
    # bind the result to the sources it covers, by content (read by the traceability report): the
    # binding "faults" or "faults-why3" of spec/evidence-sources.json
    subprocess.run([sys.executable, "-m", "sonnx_evidence.evidence_provenance",
                    os.path.join(a.out, name), "--root", ROOT,
                    "--binding", "faults" if a.all else "faults-why3"], check=False,
                   env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "evidence")))
    print(f"{'all checks passed' if ok else 'FAILED'} in {doc['seconds']} s; {os.path.join(a.out, name)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
