#!/usr/bin/env python3
"""Run-to-run noise of the provers does not enter the evidence (CTest evidence_run_to_run;
issue 52's "same answers twice").

Two main jobs of one commit differed outside the volatile fields in two places, each caused by
WP proving in parallel:
- Why3's printer numbers a name it has already printed in the same process, so a library
  theory's axiom printed in a task is `is_uint8_def26` in one run and `is_uint8_def29` in the
  next; wp-report.json listed the printed names (782 against 761). The scan now records the name
  the theory declares (why3_axioms.AxiomScan.declared_as): the longest declared name the printed
  one extends by digits, `id_sint161` -> `id_sint16`, and a name the theory does not declare as
  printed.
- WP logs the driver-binding lemmas in the order its provers finish; wp-binding.json kept that
  order, and the report's table with it. The goals are now sorted (wp_binding.goals_of); a lemma
  logged twice is proved only when both verdicts say Valid, whichever comes first.
A third, found reading the two bundles: llvm-cov names each page of the MC/DC rendering after
the file's absolute path, so the links structural-coverage.json and coupling.json hold carried the
checkout's folder; the pages now move to coverage/<path in the checkout>.html
(coverage.profiles.relocate), their links to the style sheet and script with them; pages that are
not under the checkout (another spelling of its path) are an error, never left with links that
point nowhere.
Each is checked here on planted input: a theory file and two printings of its axioms with other
numbers, two logs of the same lemmas in other orders, and an llvm-cov rendering of a checkout."""
import os
import sys
import tempfile

from sonnx_evidence import why3_axioms, wp_binding
from sonnx_evidence.coverage import profiles
from checks import Checks

THEORY = """theory Cint
  predicate is_uint8 (x:int) = 0 <= x < 256
  function to_sint16 int : int
  axiom id_sint16 : forall x:int. to_sint16 x = x
  lemma is_sint16_lt : true
end
"""


class Lib:
    def __init__(self, folder):
        self.base = ["why3", "prove", "-L", os.path.join(folder, "none"), "-L", folder]


def scan(folder):
    """a scan of a register with no row (the names are recorded whatever the rows say)"""
    register = os.path.join(folder, "register.json")
    with open(register, "w", encoding="utf-8") as f:
        f.write('{"rows": []}')
    return why3_axioms.AxiomScan(Lib(folder), None, register)


def main():
    check = Checks("run to run")
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "frama_c_wp"))
        with open(os.path.join(work, "frama_c_wp", "cint.mlw"), "w", encoding="utf-8") as f:
            f.write(THEORY)
        s = scan(work)
        q = "frama_c_wp.cint.Cint"
        for printed, declared in (("is_uint8_def29", "is_uint8_def"),
                                  ("is_uint8_def", "is_uint8_def"),
                                  ("id_sint161", "id_sint16"), ("id_sint16", "id_sint16"),
                                  ("to_sint16_spec3", "to_sint16_spec"),
                                  ("is_sint16_lt12", "is_sint16_lt"),
                                  ("planted_axiom7", "planted_axiom7")):
            got = s.declared_as(q, printed)
            check(got == declared, f"{printed} recorded as {declared}", str(got))
        check(scan(work).declared_as("other.lib.T", "is_uint8_def29") == "is_uint8_def29",
              "a theory whose file no -L folder holds: the printed name kept")
        runs = []
        for numbers in ((26, 161), (29, 1610)):
            s = scan(work)
            s.library_region(q, [f"is_uint8_def{numbers[0]}", f"id_sint{numbers[1]}"])
            s.library_region(q, ["is_uint8_def", "id_sint16"])
            runs.append(s.evidence()["library_theories"][q]["axioms"])
        check(runs[0] == runs[1] == ["id_sint16", "is_uint8_def"],
              "two runs that printed other numbers record the same axioms", str(runs))
        logs = []
        for order in (("quotient", "refutes_rounding_up", "a_first"),
                      ("a_first", "refutes_rounding_up", "quotient")):
            with open(os.path.join(work, "wp-binding-sanity.txt"), "w", encoding="utf-8") as f:
                f.write("".join(f"[wp] [Valid] Goal typed_div_element_lemma_I1_{n} : Valid\n"
                                for n in order))
            logs.append(list(wp_binding.goals_of(work, "sanity").items()))
        check(logs[0] == logs[1] == [("I1_a_first", True), ("I1_quotient", True),
                                     ("I1_refutes_rounding_up", True)],
              "two logs of the same lemmas in other orders give the same goals", str(logs))
        for verdicts in (("Valid", "Unknown"), ("Unknown", "Valid")):
            with open(os.path.join(work, "wp-binding-sanity.txt"), "w", encoding="utf-8") as f:
                f.write("".join(f"[wp] [{v}] Goal typed_div_element_lemma_I1_twice : {v}\n"
                                for v in verdicts))
            got = wp_binding.goals_of(work, "sanity")
            check(got == {"I1_twice": False},
                  f"a lemma logged {' then '.join(verdicts)}: not proved", str(got))
        out, checkout = os.path.join(work, "html"), os.path.join(work, "co", "one")
        page = os.path.join(out, "coverage", checkout.strip("/"), "core", "src", "a.c.html")
        os.makedirs(os.path.dirname(page))
        ups = "../" * (page.count("/") - out.count("/") - 1)
        with open(page, "w", encoding="utf-8") as f:
            f.write(f"<link href='{ups}style.css'><script src='{ups}control.js'></script>"
                    f"<pre>{checkout}/core/src/a.c</pre>")
        with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
            f.write(f"<a href='coverage/{checkout.strip('/')}/core/src/a.c.html'>a.c</a>")
        profiles.relocate(out, checkout)
        moved = os.path.join(out, "coverage", "core", "src", "a.c.html")
        found = sorted(os.path.relpath(os.path.join(h, n), out)
                       for h, _, names in os.walk(out) for n in names)
        check(found == ["coverage/core/src/a.c.html", "index.html"],
              "the MC/DC pages named after their path in the checkout", str(found))
        with open(moved, encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
            index = f.read()
        check("href='../../../style.css'" in text and "src='../../../control.js'" in text
              and "core/src/a.c</pre>" in text and checkout not in text and checkout.strip("/")
              not in index and "href='coverage/core/src/a.c.html'" in index,
              "the links follow the pages, and no page names the checkout", text + index)
        elsewhere = os.path.join(work, "html2")
        os.makedirs(os.path.join(elsewhere, "coverage", "other", "place"))
        try:
            profiles.relocate(elsewhere, checkout)
            check(False, "pages not under the checkout: refused")
        except RuntimeError as e:
            check("not under the checkout" in str(e), "pages not under the checkout: refused")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
