"""The private Why3 configuration of the Why3 gate (proofs/why3/prove.sh): never ~/.why3.conf.

`why3 config detect` into a private file (Z3 4.8.12 and its "noBV" alternative, CVC4 1.8, Gappa),
then the provers Why3 1.5.1 does not detect or does not configure as needed, written by hand:
- CVC5 1.0.3 with native floating point (--fp-exp; driver proofs/why3/cvc5_native.drv) and CVC5
  on Why3's axiomatisation of ieee_float ("CVC5noFP", proofs/why3/cvc5_axiomatic.drv);
- Z3 "noBV" again, with -st and proofs/why3/z3_nobv.drv, so that it reports its resource use as the
  detected Z3 does (an entry of the main file replaces the detected one of the same name, version
  and alternative).
Every prover has a command with a resource limit (command_steps, %S: Z3's rlimit, CVC4's and
CVC5's --rlimit) and prints the resources it used, which Why3 reads with its driver's `steps`
line; Gappa has none (sonnx_evidence.limits). An extra configuration adds the driver
proofs/why3/sonnx_floats.drv (SMT-LIB sorts of the custom formats) to Z3 and CVC5 through
[prover_modifiers] (modifiers do not apply to provers defined in the same file, hence two files).

    python3 -m sonnx_evidence.why3_config DIR   writes DIR/why3.conf, DIR/extra.conf and the
                                                drivers they name; prints the two paths
"""
import os
import re
import shutil
import subprocess
import sys

from .paths import WHY3


def output(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    except OSError:
        return ""


def resolve_driver(source, out_dir):
    """writes the driver `source` into out_dir with its imports resolved: a file next to it, else
    Why3's own driver of that name in its data directory; returns the new path"""
    datadir = output(["why3", "--print-datadir"]).strip()
    with open(source, encoding="utf-8") as f:
        text = f.read()

    def resolve(m):
        here = os.path.join(os.path.dirname(source), m.group(1))
        found = here if os.path.exists(here) else os.path.join(datadir, "drivers", m.group(1))
        return f'import "{found}"'
    path = os.path.join(out_dir, os.path.basename(source))
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r'^import "([^"]+)"', resolve, text, flags=re.M))
    return path


def prover(fields):
    return "\n[prover]\n" + "".join(f'{k} = "{v}"\n' if isinstance(v, str) else
                                     f"{k} = {str(v).lower()}\n" for k, v in fields.items())


def entries(out_dir):
    """the hand-written [prover] sections"""
    text = ""
    z3 = shutil.which("z3")
    if z3:
        m = re.search(r"version (\S+)", output(["z3", "--version"]))
        seeds = "sat.random_seed=42 nlsat.randomize=false smt.random_seed=42"
        text += prover({"name": "Z3", "version": m.group(1) if m else "unknown",
                        "alternative": "noBV",
                        "command": f"{z3} -smt2 -T:%t {seeds} -st %f",
                        "command_steps": f"{z3} -smt2 {seeds} -st rlimit=%S %f",
                        "driver": resolve_driver(os.path.join(WHY3, "z3_nobv.drv"), out_dir),
                        "in_place": False, "interactive": False, "editor": ""})
    cvc5 = shutil.which("cvc5")
    if cvc5:
        m = re.search(r"cvc5 version ([0-9.]+)", output(["cvc5", "--version"]))
        version = m.group(1) if m else "unknown"
        for name, shortcut, fp, driver in (("CVC5", "cvc5", " --fp-exp", "cvc5_native.drv"),
                                           ("CVC5noFP", "cvc5-nofp", "", "cvc5_axiomatic.drv")):
            text += prover({"name": name, "version": version, "shortcut": shortcut,
                            "command": f"{cvc5} --tlimit-per=%t000 --lang=smt2{fp} %f",
                            "command_steps": f"{cvc5} --stats --stats-internal --rlimit=%S "
                                             f"--lang=smt2{fp} %f",
                            "driver": resolve_driver(os.path.join(WHY3, driver), out_dir),
                            "in_place": False, "interactive": False, "editor": ""})
    return text


def write(out_dir):
    """writes the configuration into out_dir; returns (why3.conf, extra.conf)"""
    os.makedirs(out_dir, exist_ok=True)
    cfg, extra = os.path.join(out_dir, "why3.conf"), os.path.join(out_dir, "extra.conf")
    for f in (cfg, extra):
        if os.path.exists(f):
            os.remove(f)
    with open(os.path.join(out_dir, "detect.log"), "w", encoding="utf-8") as log:
        p = subprocess.run(["why3", "-C", cfg, "config", "detect"], stdout=log,
                           stderr=subprocess.STDOUT, env=dict(os.environ, WHY3CONFIG=cfg),
                           check=False)
    if p.returncode != 0 or not os.path.exists(cfg):
        raise RuntimeError(f"why3 config detect failed (see {out_dir}/detect.log)")
    with open(cfg, encoding="utf-8") as f:
        text = f.read()
    # each why3 process runs one prover at a time; the gate runs its own processes side by side
    text = re.sub(r"(?m)^running_provers_max = .*$", "running_provers_max = 1", text)
    with open(cfg, "w", encoding="utf-8") as f:
        f.write(text + entries(out_dir))
    floats = os.path.join(WHY3, "sonnx_floats.drv")
    with open(extra, "w", encoding="utf-8") as f:
        f.write("".join(f'[prover_modifiers]\nname = "{n}"\ndriver = "{floats}"\n\n'
                        for n in ("Z3", "CVC5")))
    return cfg, extra


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    try:
        cfg, extra = write(os.path.abspath(argv[1]))
    except RuntimeError as e:
        print(f"why3_config: {e}", file=sys.stderr)
        return 2
    print(cfg)
    print(extra)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
