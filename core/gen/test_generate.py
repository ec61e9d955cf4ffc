#!/usr/bin/env python3
"""The generator of the proved C refuses what it does not understand and its --check sees every
difference. Each case runs generate.py --check in a scratch copy of the tree with one planted
fault and must see it fail with the expected message; the unchanged copy must pass.

usage: test_generate.py ROOT"""
import os
import shutil
import subprocess
import sys
import tempfile

# (what, file under the copy, text replaced, replacement, exit status, expected in the output;
# {line} in it is the line of the file where the replaced text starts)
CASES = [
    ("a generated file edited by hand", "core/src/div/kernels/div_kernels.c",
     "c[i] = (int32_t)(a[i] / b[i]);", "c[i] = (int32_t)(a[i] / b[i] + 0);", 1,
     "differ from the templates"),
    ("a generated proof file edited by hand", "proofs/frama-c/binding_sanity.c",
     "sonnx_div_domain_int16(-32769, -1)", "sonnx_div_domain_int16(-32768, -1)", 1,
     "differ from the templates"),
    ("a generated file deleted", "core/src/div/kernels/div_domain_unsigned.c", None, None, 1,
     "differ from the templates"),
    ("the function listing edited", "core/gen/functions.json", '"group": "domain"',
     '"group": "route"', 1, "differ from the templates"),
    ("an unknown field", "core/gen/templates/div_kernels.c.in", "${spec}", "${spek}", 2,
     "unknown field spek"),
    ("an unknown directive", "core/gen/templates/div_kernels.c.in", "#@endfor", "#@end_for", 2,
     "unknown or misplaced directive"),
    ("an unknown type", "core/gen/templates/div_kernels.c.in", "#@for float32 float64",
     "#@for float32 float128", 2, "unknown type float128"),
    ("an unknown proof group", "core/gen/templates/div_domain_checks.c.in",
     "sonnx_div_domain_${suffix} domain", "sonnx_div_domain_${suffix} domian", 2,
     "GROUP one of"),
    ("a condition it cannot read", "core/gen/templates/div_domain_checks.c.in",
     "#@if signed", "#@if signed or bits", 2, "not a condition this generator understands"),
    ("an #@if without #@endif", "core/gen/templates/div_domain_checks.c.in",
     "#@endif\n*/", "*/", 2, "misplaced directive #@endfor"),
    ("a function declared twice", "core/gen/templates/div_domain_checks.c.in",
     "#@function sonnx_div_domain_${suffix} domain",
     "#@function sonnx_div_domain_${suffix} domain\n#@function sonnx_div_domain_${suffix} domain",
     2, "declared again"),
    ("an unknown fragment", "core/gen/templates/div_kernels.c.in", "#@insert kernel_contract",
     "#@insert kernel_contracts", 2, "unknown fragment"),
    ("an #@insert KEY its fragment does not use", "core/gen/templates/div_blocked_kernels.c.in",
     'blocked_progress indent="      " i="i" q="k"',
     'blocked_progress indent="      " i="i" q="k" j="k"', 2, "uses no j"),
    ("an #@insert KEY only a nested fragment reads: accepted (==, !=, in)",
     "core/gen/templates/kernels.frag", "#@fragment block_end\n",
     "#@fragment probe_eq\n#@if p == x\n#@endif\n#@insert probe_ne\n#@endfragment\n"
     "#@fragment probe_ne\n#@if q != x\n#@endif\n#@insert probe_in r=\"${p}\"\n#@endfragment\n"
     "#@fragment probe_in\n#@if r in x,y\n#@endif\n#@endfragment\n"
     "#@fragment block_end\n#@insert probe_eq p=\"y\" q=\"y\"\n", 0, "files match"),
    ("an #@insert KEY that no nested fragment reads", "core/gen/templates/kernels.frag",
     "#@fragment block_end\n",
     "#@fragment probe_eq\n#@if p == x\n#@endif\n#@insert probe_in r=\"${p}\"\n#@endfragment\n"
     "#@fragment probe_in\n#@if r in x,y\n#@endif\n#@endfragment\n"
     "#@fragment block_end\n#@insert probe_eq p=\"y\" r=\"y\"\n", 2, "uses no r"),
    ("a fragment inserted nowhere, named with its line", "core/gen/templates/kernels.frag",
     "#@fragment block_end", "#@fragment unused\n#@endfragment\n#@fragment block_end", 2,
     "kernels.frag:{line}: fragment unused is expanded nowhere"),
    ("a fragment inserted only in a branch never taken", "core/gen/templates/kernels.frag",
     "#@fragment block_end\n", "#@fragment unused\n#@endfragment\n#@fragment block_end\n"
     "#@if linkage == no_such_linkage\n#@insert unused\n#@endif\n", 2,
     "fragment unused is expanded nowhere"),
    ("an error inside a fragment, named with the fragment file's line",
     "core/gen/templates/kernels.frag", "${indent}  ${spec}(\\at(a[${q}]",
     "${indent}  ${spek}(\\at(a[${q}]", 2, "kernels.frag:{line}: unknown field spek"),
]


def copy_tree(root, dest):
    """core/ whole, and each file outside it that a template writes (its #@output lines)."""
    shutil.copytree(os.path.join(root, "core"), os.path.join(dest, "core"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    templates = os.path.join(root, "core", "gen", "templates")
    for name in sorted(os.listdir(templates)):
        with open(os.path.join(templates, name), encoding="utf-8") as f:
            outputs = [line.split()[1] for line in f if line.startswith("#@output ")]
        for rel in outputs:
            if not rel.startswith("core/"):
                os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
                shutil.copy(os.path.join(root, rel), os.path.join(dest, rel))


def run(dest):
    out = subprocess.run([sys.executable, os.path.join(dest, "core", "gen", "generate.py"),
                          "--check"], capture_output=True, text=True, check=False)
    return out.returncode, out.stdout + out.stderr


def main():
    root = sys.argv[1]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean")
        copy_tree(root, clean)
        status, text = run(clean)
        print("%s the unchanged tree: exit %d" % ("ok  " if status == 0 else "FAIL", status))
        ok = ok and status == 0
        for k, (what, rel, old, new, want, message) in enumerate(CASES):
            dest = os.path.join(tmp, "case%d" % k)
            copy_tree(root, dest)
            path = os.path.join(dest, rel)
            if old is None:
                os.remove(path)
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                if old not in text:
                    print("FAIL %s: %s has no %r (update the planted fault)" % (what, rel, old))
                    ok = False
                    continue
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text.replace(old, new, 1))
                # {line}: the line of the file where the planted text starts
                message = message.replace("{line}", str(text[:text.index(old)].count("\n") + 1))
            status, text = run(dest)
            right = status == want and message in text
            ok = ok and right
            print("%s %s: exit %d%s" % ("ok  " if right else "FAIL", what, status,
                                        "" if right else "\n" + text[-600:]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
