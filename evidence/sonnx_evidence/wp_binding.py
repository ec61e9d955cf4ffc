"""The driver-binding sanity goals and the driver faults of the fault table (WP driver, part of
sonnx_evidence.wp_prove).

The sanity lemmas of proofs/frama-c/binding_sanity.c must be proved with the real driver, and
every binding must have one that holds and one that is refuted (binding_mutants.cases). Each fault
of verify/faults/faults.json with "wp" killers is applied to a scratch copy of the driver and
bridge, and its killers (negations of holding cases) must be proved there: killed by proof. The
runs need none of the proof passes' results and run beside them; verdicts() reads their logs and
writes wp-binding.json."""
import glob
import os
import re
import shutil
import subprocess

from .binding_mutants import bindings, cases
from .faults import apply_fault, load_table
from .paths import FRAMAC

PROVER = ("CVC5 1.0.3, on Why3's axiomatisation of floats then native (no Z3: the binary32 and "
          "binary64 cases are floating-point)")


def binding_pass(work, name, driver, passes, machdep, limit_args, defines=""):
    b = passes.data["binding"]
    with open(os.path.join(work, f"wp-binding-{name}.txt"), "w") as log:
        subprocess.run(["frama-c", "-machdep", machdep, "-pp-annot",
                        f"-cpp-extra-args={passes.cpp_includes()} {defines}".rstrip(),
                        os.path.join(passes.root, b["file"]), "-wp", "-wp-driver", driver,
                        "-wp-prover", ",".join(b["provers"])] + list(limit_args),
                       stdout=log, stderr=subprocess.STDOUT, check=False)


def runs(work, driver, passes, machdep, limit_args):
    """the sanity run with the real driver, then one run per driver fault of the fault table, each
    under the WP limits limit_args (-wp-timeout, -wp-steps)"""
    for f in glob.glob(os.path.join(work, "wp-binding-*")):
        os.remove(f)  # no result of an earlier run (or of a fault since removed) is read
    binding_pass(work, "sanity", driver, passes, machdep, limit_args)
    faults_dir = os.path.join(work, "driver-faults")
    shutil.rmtree(faults_dir, ignore_errors=True)
    for fault in load_table():
        if "wp" not in fault["killers"]:
            continue
        tree = os.path.join(faults_dir, fault["name"])
        os.makedirs(os.path.join(tree, "proofs", "frama-c"), exist_ok=True)
        for name in ("div_element.driver", "div_element_bridge.mlw"):
            shutil.copy(os.path.join(FRAMAC, name), os.path.join(tree, "proofs", "frama-c"))
        apply_fault(fault, tree)
        binding_pass(work, "fault-" + fault["name"],
                     os.path.join(tree, "proofs", "frama-c", "div_element.driver"), passes,
                     machdep, limit_args, "-DSONNX_BINDING_MUTANT_KILLERS")
        with open(os.path.join(work, f"wp-binding-fault-{fault['name']}.killers"), "w") as f:
            f.write(",".join(fault["killers"]["wp"]) + "\n")


def goals_of(work, name):
    with open(os.path.join(work, f"wp-binding-{name}.txt"), errors="replace") as f:
        log = f.read()
    # sorted: WP logs its goals in the order its parallel provers finish; a goal logged twice is
    # proved only when both say Valid
    goals = {}
    for m in re.finditer(r"Goal typed_div_element_lemma_(\w+) : (\w+)", log):
        goals[m.group(1)] = goals.get(m.group(1), True) and m.group(2) == "Valid"
    return dict(sorted(goals.items()))


def verdicts(work):
    """(wp-binding.json document, lines to print); the document's "ok" is the verdict"""
    lines = []
    result = {"prover": PROVER}
    sanity = goals_of(work, "sanity")
    ok = bool(sanity) and all(sanity.values())
    result["sanity"] = {"what": "the real driver: each tested binding's holding and refuted cases",
                        "goals": sanity, "proved": sum(sanity.values()), "total": len(sanity)}
    lines.append("binding sanity: %d/%d lemmas proved" % (sum(sanity.values()), len(sanity)))
    missing = cases(os.path.join(FRAMAC, "binding_sanity.c"))
    result["cases"] = {"what": "each binding has a holding and a refuted case",
                       "bindings": len(bindings()), "missing": missing}
    ok = ok and not missing
    lines += missing
    result["faults"] = []
    for path in sorted(glob.glob(os.path.join(work, "wp-binding-fault-*.killers"))):
        fault = os.path.basename(path)[len("wp-binding-fault-"):-len(".killers")]
        with open(path) as f:
            killers = f.read().split()[0].split(",")
        proved = goals_of(work, "fault-" + fault)
        killed = all(proved.get(k, False) for k in killers)
        ok = ok and killed
        result["faults"].append({"fault": fault, "killers": {k: proved.get(k, False)
                                                             for k in killers}, "killed": killed})
        lines.append("driver fault %s: %s" % (fault, "KILLED (killers proved)" if killed
                                              else "SURVIVED"))
    result["ok"] = ok and bool(result["faults"])
    return result, lines
