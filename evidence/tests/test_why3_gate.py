#!/usr/bin/env python3
"""The Why3 gate accepts only what it understands (CTest why3_gate_allow_list; issue 48).

Each construct that adds an assumption must be named by a register row by what it is; planted in
scratch files, each of these must be refused, in several shapes and places:
- a source meta (syntax_logic in a theory, in a module of another file) that makes a false lemma
  "proved";
- `assume` in a `let lemma` (the lemma then stands as an axiom justified by its trivial VC), in a
  `let rec lemma` nested in a branch, and `any ... ensures` in a program function;
- a `val` with a contradictory postcondition that a caller's false contract rests on, a `val` with
  `returns`, a `val function` with an impossible postcondition;
- a clone of the library theory ieee_float.GenericFloat made as formats.Binary16's but with
  `predicate is_finite = never`, and a clone of mach.int.Bounded_int keeping its axioms;
- the axiom `extensionality1` added to div_impl.Int8 (before: filed by name prefix under
  AS-WHY3-2.1) and an axiom named exactly `extensionality` in another module, and the unchanged
  div_impl.mlw and formats.mlw copied to another folder (before: matched by file stem).
A clean file (a let lemma without assume, a val without postcondition, a clone of a project theory
whose axioms become lemmas) is accepted: its enumeration reports nothing. Each planted file fails on
the gate before issue 48 (which reported them accepted, or filed them under a register row)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROVE = os.path.join(ROOT, "proofs", "why3", "prove.sh")

PLANTED = {
    "meta_theory.mlw": """theory T
  use int.Int
  predicate p (x: int) = forall y. y = x -> y * y = 0
  meta "syntax_logic" predicate p, "true", 0
  lemma l : p 1
end
""",
    "meta_module.mlw": """module M
  use int.Int
  function f (x: int) : int = x + 1
  meta "syntax_logic" function f, "0", 0
  lemma l : f 5 = 0
end
""",
    "assume_lemma.mlw": """module A
  use int.Int
  let lemma bad () ensures { 1 = 2 } = assume { 1 = 2 }
  lemma anything : false
end
""",
    "assume_rec.mlw": """module R
  use int.Int
  let rec lemma r (n: int) requires { n >= 0 } variant { n } ensures { false }
  = if n > 0 then r (n - 1) else assume { false }
  let f () : int ensures { result = 0 /\\ result = 1 }
  = any int ensures { result = 0 /\\ result = 1 }
end
""",
    "val_post.mlw": """module V
  use int.Int
  val f (x: int) : int ensures { result = 1 /\\ result = 2 }
  let g (x: int) : int ensures { result = 7 } = f x
end
module W
  use int.Int
  val h (x: int) : int returns { r -> r > x /\\ r < x }
  val function vf (x: int) : int ensures { result <> result }
  lemma w : vf 0 <> vf 0
end
""",
    "clean.mlw": """module C
  use int.Int
  val f (x: int) : int requires { x > 0 }
  let lemma fine (x: int) requires { x > 0 } ensures { x * x > 0 } = ()
  let g (x: int) : int requires { x > 1 } = f (x - 1)
end
module D
  use int.Int
  function k : int
  lemma k_square : k * k >= 0
end
module E
  use int.Int
  function j : int = 3
  clone D with function k = j
end
""",
}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def variants(work):
    """the planted copies of the specification's files, and the unchanged copies elsewhere"""
    spec = os.path.join(ROOT, "spec", "why3")
    formats = open(os.path.join(spec, "formats.mlw"), encoding="utf-8").read()
    never = formats.replace("predicate is_finite = t'isFinite", "predicate is_finite = never", 1)
    assert never != formats
    never = never.replace("  clone export ieee_float.GenericFloat with",
                          "  predicate never (x: t) = false\n"
                          "  clone export ieee_float.GenericFloat with", 1)
    never += """
module Small
  use int.Int
  type r = <range 0 5>
  clone mach.int.Bounded_int with type t = r, function min = r'minInt, function max = r'maxInt,
    function to_int = r'int, axiom .
end
"""
    write(os.path.join(work, "never", "formats_never.mlw"), never)
    impl = open(os.path.join(spec, "div_impl.mlw"), encoding="utf-8").read()
    planted = impl.replace("\nend\n\nmodule Int16", "\n  axiom extensionality1 : forall x y: int8."
                           " to_int x = to_int y -> x <> y\n  lemma oops : false\nend\n\n"
                           "module Int16", 1)
    assert planted.count("extensionality1") == 1
    planted = planted.replace("\nmodule Int16", "\nmodule Extra\n  use int.Int\n"
                              "  axiom extensionality : forall x: int. x <> x\nend\n\n"
                              "module Int16", 1)
    write(os.path.join(work, "planted", "div_impl_planted.mlw"), planted)
    write(os.path.join(work, "elsewhere", "div_impl.mlw"), impl)
    write(os.path.join(work, "elsewhere2", "formats.mlw"), formats)


def gate(work, out, files, enumerate_only):
    # the planted files' goals only have to be enumerated and scanned: their proofs run at a
    # fiftieth of the provers' resource limits
    args = ["bash", PROVE, "--out", out, "-j", "2", "--limit-scale", "0.02"]
    args += ["--enumerate-only"] if enumerate_only else []
    for f in files:
        args += ["--file", os.path.join(work, f)]
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    with open(os.path.join(out, "why3.json"), encoding="utf-8") as f:
        doc = json.load(f)
    return p.returncode, doc["enumeration"]["problems"], p.stdout + p.stderr


def main():
    check = Checks('why3 gate allow-list')
    with tempfile.TemporaryDirectory() as work:
        for name, text in PLANTED.items():
            write(os.path.join(work, "small", name), text)
        variants(work)

        def refused(problems, path, what):
            return [p for p in problems if what in p and os.path.join(work, path) in p]
        # the small files, proved: before, the gate reported their false lemmas accepted
        small = [os.path.join("small", n) for n in PLANTED if n != "clean.mlw"]
        rc, problems, log = gate(work, os.path.join(work, "out-small"), small, False)
        check(rc != 0, f"the gate fails on the planted small files (exit {rc})", log)
        expected = [("small/meta_theory.mlw", "ASSUMPTION NOT REGISTERED (meta)"),
                    ("small/meta_module.mlw", "ASSUMPTION NOT REGISTERED (meta)"),
                    ("small/assume_lemma.mlw", "ASSUMPTION NOT REGISTERED (assume)"),
                    ("small/assume_rec.mlw", "ASSUMPTION NOT REGISTERED (assume)"),
                    ("small/assume_rec.mlw", "ASSUMPTION NOT REGISTERED (any)"),
                    ("small/val_post.mlw", "ASSUMPTION NOT REGISTERED (val)")]
        for path, what in expected:
            check(bool(refused(problems, path, what)), f"{path}: {what}", "\n".join(problems))
        vals = refused(problems, "small/val_post.mlw", "(val)")
        check(len(vals) == 3, f"val_post.mlw: the three vals with a postcondition ({len(vals)})",
              "\n".join(problems))
        # the copies of the specification's files: enumeration and scans only
        # (one run per copy of a file whose stem the specification uses: two files of one stem on
        # the load path make Why3's paths ambiguous)
        problems = []
        for copies in (["never/formats_never.mlw", "planted/div_impl_planted.mlw",
                        "small/clean.mlw"], ["elsewhere/div_impl.mlw"], ["elsewhere2/formats.mlw"]):
            rc, found, log = gate(work, os.path.join(work, "out-" + copies[0].split("/")[0]),
                                  copies, True)
            check(rc != 0 and not any(p.startswith("TYPE ERROR") for p in found),
                  f"the gate's enumeration fails on {copies} (exit {rc}), no type error", log)
            problems += found
        for path, what in [
                ("never/formats_never.mlw", "clone of ieee_float.GenericFloat with [type t = t, "
                 "function eb = t'eb, function sb = t'sb, function max_real = max_real, "
                 "function max_int = max_int, function pow2sb = pow2sb, function to_real = t'real,"
                 " predicate is_finite = never"),
                ("never/formats_never.mlw", "clone of mach.int.Bounded_int"),
                ("planted/div_impl_planted.mlw", "axiom extensionality1"),
                ("planted/div_impl_planted.mlw", "Extra: axiom extensionality: forall"),
                ("elsewhere/div_impl.mlw", "clone of mach.int.Bounded_int"),
                ("elsewhere/div_impl.mlw", "axiom op_intro"),
                ("elsewhere/div_impl.mlw", "(val)"),
                ("elsewhere2/formats.mlw", "clone of ieee_float.GenericFloat")]:
            check(bool(refused(problems, path, "ASSUMPTION NOT REGISTERED")
                       and refused(problems, path, what)),
                  f"{path}: refused ({what[:60]})", "\n".join(problems))
        axioms = [p for p in problems if p.startswith("AXIOM NOT REGISTERED")]
        for what in ("div_impl_planted.Int8.extensionality1", "formats_never.Binary16.",
                     "div_impl.Int8.extensionality"):
            check(any(what in p for p in axioms), f"the axiom scan refuses {what}",
                  "\n".join(axioms))
        clean = [p for p in problems if os.path.join(work, "small", "clean.mlw") in p
                 or "clean." in p]
        check(not clean, "clean.mlw: nothing refused", "\n".join(clean))
    return check.status()


if __name__ == "__main__":
    shutil.which("why3") or sys.exit("why3 not found")
    sys.exit(main())
