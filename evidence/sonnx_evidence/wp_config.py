"""The private Why3 configuration of the WP proofs (selected by WHY3CONFIG; never ~/.why3.conf).

`why3 config detect`, the specification's folder on the load path (the bridge file lives
elsewhere: proofs/frama-c), and four provers Why3 1.5.1 does not detect as needed: the task printer
(TaskPrint: WP prints each goal's task through it into the -wp-out folder of its pass, where
wp_evidence classifies it and scans its axioms; no valid answer), CVC5 with native floating point
(--fp-exp), CVC5 with the opaque-spec driver (AS-WP-3), and CVC5 on Why3's axiomatisation of
ieee_float (the Why3 gate's CVC5-noFP, same driver: for the route goals, which only carry a float
term from a hypothesis to the goal; with native floating point CVC5 bit-blasts the binary64
division in them and times out). Every prover has a command with a resource limit (command_steps,
%S: Z3's rlimit, CVC4's and CVC5's --rlimit, filled in by WP from -wp-steps) and prints the
resources it used (CVC5's internal statistics, read by the `steps` line of proofs/why3/
cvc5_native.drv, cvc5_axiomatic.drv and drivers/cvc5_opaque_spec.drv.in); -wp-timeout is only the
wall-clock guard (sonnx_evidence.limits).
"""
import os
import re
import shutil
import subprocess

from . import limits, why3_tasks
from .paths import FRAMAC, ROOT, WHY3
from .why3_config import resolve_driver


def output(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout


def versions():
    """the first line of each tool's --version / -version, as the evidence records them"""
    first = lambda cmd: (output(cmd).splitlines() or [""])[0]
    return {"frama-c": first(["frama-c", "-version"]), "why3": first(["why3", "--version"]),
            "z3": first(["z3", "--version"]), "cvc4": first(["cvc4", "--version"]),
            "cvc5": first(["cvc5", "--version"])}


def prover(name, shortcut, command, driver, version, alternative=None, steps=None):
    lines = ["", "[prover]"] + ([f'alternative = "{alternative}"'] if alternative else [])
    lines += [f'command = "{command}"'] + ([f'command_steps = "{steps}"'] if steps else [])
    lines += [f'driver = "{driver}"', 'editor = ""', "in_place = false", "interactive = false",
              f'name = "{name}"', f'shortcut = "{shortcut}"', f'version = "{version}"']
    return "\n".join(lines) + "\n"


def commands(z3, cvc4, cvc5, scaled):
    """the resource-limited command (command_steps) of each prover of the passes: the prover's own
    limit, from WP's -wp-steps through proofs/frama-c/scaled_steps.sh when scaled (the proof
    passes: one -wp-steps for provers that count in different units), or -wp-steps itself in the
    prover's units (the smoke tests, whose limit is given in those units)"""
    seeds = "sat.random_seed=42 nlsat.randomize=false smt.random_seed=42"
    cmds = {"Z3": f"{z3} -smt2 {seeds} -st rlimit=@STEPS@ %f",
            "CVC4": f"{cvc4} --stats --rlimit=@STEPS@ --lang=smt2 %f",
            "CVC5": f"{cvc5} --stats --stats-internal --rlimit=@STEPS@ --lang=smt2 --fp-exp %f",
            "CVC5-opaque": f"{cvc5} --stats --stats-internal --rlimit=@STEPS@ --lang=smt2 "
                           "--fp-exp %f",
            "CVC5-noFP": f"{cvc5} --stats --stats-internal --rlimit=@STEPS@ --lang=smt2 %f"}
    if not scaled:
        return {p: c.replace("@STEPS@", "%S") for p, c in cmds.items()}
    script = os.path.join(FRAMAC, "scaled_steps.sh")
    base = limits.LIMITS["wp_base_steps"]
    return {p: f"sh {script} %S {limits.steps(p)} {base} {c}" for p, c in cmds.items()}


def write(work):
    """writes work/why3.conf (the proof passes': each prover at its own limit) and
    work/why3-raw.conf (the smoke tests': -wp-steps in each prover's units) and the drivers they
    name; returns their paths"""
    config, raw = os.path.join(work, "why3.conf"), os.path.join(work, "why3-raw.conf")
    env = dict(os.environ, WHY3CONFIG=config)
    for f in (config, raw):
        if os.path.exists(f):
            os.remove(f)
    subprocess.run(["why3", "config", "detect"], env=env, capture_output=True, check=False)
    with open(config, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("[main]\n", '[main]\nloadpath = "%s"\n' % os.path.join(ROOT, "spec",
                                                                                 "why3"), 1)
    datadir = output(["why3", "--print-datadir"]).strip()
    with open(os.path.join(FRAMAC, "drivers", "cvc5_opaque_spec.drv.in"), encoding="utf-8") as f:
        opaque = f.read().replace("@WHY3_DATADIR@", datadir)
    with open(os.path.join(work, "cvc5_opaque_spec.drv"), "w", encoding="utf-8") as f:
        f.write(opaque)
    with open(os.path.join(WHY3, "cvc5_axiomatic.drv"), encoding="utf-8") as f:
        axiomatic = re.sub(r'^import "(.*)"', lambda m: f'import "{datadir}/drivers/{m.group(1)}"',
                           f.read(), flags=re.M)
    with open(os.path.join(work, "cvc5_axiomatic.drv"), "w", encoding="utf-8") as f:
        f.write(axiomatic)
    why3_tasks.write_driver(work)
    native = resolve_driver(os.path.join(WHY3, "cvc5_native.drv"), work)
    z3, cvc4, cvc5 = shutil.which("z3"), shutil.which("cvc4"), shutil.which("cvc5")
    version = lambda tool, pattern: (re.findall(pattern, output([tool, "--version"])) or
                                     ["unknown"])[0]
    v_z3, v_cvc4 = version("z3", r"version (\S+)"), version("cvc4", r"CVC4 version (\S+)")
    v_cvc5 = version("cvc5", r"This is cvc5 version (\S+)")
    for path, scaled in ((config, True), (raw, False)):
        steps = commands(z3, cvc4, cvc5, scaled)
        extra = prover("TaskPrint", "taskprint", "echo unknown %f",
                       os.path.join(work, "task_print.drv"), "1", steps="echo unknown %f")
        # Z3 and CVC4 as detected (driver, time-limited command), with the command above
        extra += prover("Z3", "z3", f"{z3} -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false "
                        "smt.random_seed=42 -st %f", "z3_471", v_z3, steps=steps["Z3"])
        extra += prover("CVC4", "cvc4", f"{cvc4} --stats --tlimit=%t000 --lang=smt2 %f",
                        "cvc4_17", v_cvc4, steps=steps["CVC4"])
        extra += prover("CVC5", "cvc5", f"{cvc5} --tlimit=%t000 --lang=smt2 --fp-exp %f", native,
                        v_cvc5, steps=steps["CVC5"])
        extra += prover("CVC5", "cvc5-opaque", f"{cvc5} --tlimit=%t000 --lang=smt2 --fp-exp %f",
                        os.path.join(work, "cvc5_opaque_spec.drv"), v_cvc5, "opaque-spec",
                        steps["CVC5-opaque"])
        extra += prover("CVC5", "cvc5-nofp", f"{cvc5} --tlimit=%t000 --lang=smt2 %f",
                        os.path.join(work, "cvc5_axiomatic.drv"), v_cvc5, "noFP",
                        steps["CVC5-noFP"])
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + extra)
    return config, raw
