"""The private Why3 configuration of the WP proofs (selected by WHY3CONFIG; never ~/.why3.conf).

`why3 config detect`, the specification's folder on the load path (the bridge file lives
elsewhere: proofs/frama-c), and four provers Why3 1.5.1 does not detect as needed: the task printer
(TaskPrint: WP prints each goal's task through it into the -wp-out folder of its pass, where
wp_evidence classifies it and scans its axioms; no valid answer), CVC5 with native floating point
(--fp-exp), CVC5 with the opaque-spec driver (AS-WP-3), and CVC5 on Why3's axiomatisation of
ieee_float (the Why3 gate's CVC5-noFP, same driver: for the route goals, which only carry a float
term from a hypothesis to the goal; with native floating point CVC5 bit-blasts the binary64
division in them and times out). Each prover's limit is one parameter of its command: %t (seconds)
or %S (steps), filled in by WP from -wp-timeout or -wp-steps.
"""
import os
import re
import shutil
import subprocess

from . import why3_tasks
from .paths import FRAMAC, ROOT, WHY3


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


def write(work):
    """writes work/why3.conf and the drivers it names; returns the configuration's path"""
    config = os.path.join(work, "why3.conf")
    env = dict(os.environ, WHY3CONFIG=config)
    if os.path.exists(config):
        os.remove(config)
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
    cvc5 = shutil.which("cvc5")
    m = re.search(r"This is cvc5 version (\S+)", output(["cvc5", "--version"]))
    version = m.group(1) if m else "unknown"
    text += prover("TaskPrint", "taskprint", "echo unknown %f",
                   os.path.join(work, "task_print.drv"), "1")
    text += prover("CVC5", "cvc5", f"{cvc5} --tlimit=%t000 --lang=smt2 --fp-exp %f", "cvc4_16",
                   version)
    text += prover("CVC5", "cvc5-opaque", f"{cvc5} --tlimit=%t000 --lang=smt2 --fp-exp %f",
                   os.path.join(work, "cvc5_opaque_spec.drv"), version, "opaque-spec")
    text += prover("CVC5", "cvc5-nofp", f"{cvc5} --tlimit=%t000 --lang=smt2 %f",
                   os.path.join(work, "cvc5_axiomatic.drv"), version, "noFP",
                   f"{cvc5} --rlimit=%S --lang=smt2 %f")
    with open(config, "w", encoding="utf-8") as f:
        f.write(text)
    return config
