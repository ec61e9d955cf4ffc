#!/usr/bin/env python3
"""The static_asserts of core/src/div/div.cpp tie the constants the C-subset files and the C++ façade
share (issue 33 item 4): a DataType value must equal its SONNX_TYPE_* code, an element type's size
its SONNX_BYTES_* (what sonnx_element_bytes returns). This test compiles the façade
(-fsyntax-only, with the library's flags) from a copy of the sources, once as it is and once per
planted fault in the copy of core/src/common/kernels/sonnx_validation.h: the int8 code moved to 4 (the
uint16 code), the int16 size made 4. The unchanged copy must compile and each planted one must
fail with its static_assert's message.

usage: shared_constants_planted.py CXX SOURCE_ROOT"""
import os
import shutil
import subprocess
import sys
import tempfile

HEADER = os.path.join("src", "common", "kernels", "sonnx_validation.h")
PLANTED = {
    "the int8 code is another type's": ("#define SONNX_TYPE_INT8 3", "#define SONNX_TYPE_INT8 4",
                                        "DataType value and SONNX_TYPE_* code"),
    "the int16 size is not sizeof(int16_t)": ("#define SONNX_BYTES_INT16 2",
                                              "#define SONNX_BYTES_INT16 4",
                                              "element size and SONNX_BYTES_*"),
}


def compile_copy(cxx, root, edit=None):
    """(exit status, compiler output) of the façade compiled from a copy of the library's src/ and
    include/ (root: the library's folder, core/)"""
    with tempfile.TemporaryDirectory() as copy:
        for tree in ("src", "include"):
            shutil.copytree(os.path.join(root, tree), os.path.join(copy, tree),
                            ignore=shutil.ignore_patterns("*.c", "*.js", "node_modules"))
        if edit:
            path = os.path.join(copy, HEADER)
            with open(path) as f:
                text = f.read()
            if edit[0] not in text:
                return None, f"{HEADER} has no line `{edit[0]}`: update the planted fault"
            with open(path, "w") as f:
                f.write(text.replace(edit[0], edit[1]))
        p = subprocess.run([cxx, "-std=c++20", "-fsyntax-only", "-Werror", "-fno-exceptions",
                            "-fno-rtti", "-I" + os.path.join(copy, "include"),
                            "-I" + os.path.join(copy, "src"),
                            os.path.join(copy, "src", "div", "div.cpp")],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr


def main():
    cxx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    failures = 0
    rc, out = compile_copy(cxx, root)
    ok = rc == 0
    print(("ok: " if ok else "FAIL: ") + "the unchanged copy compiles" + ("" if ok else "\n" + out))
    failures += not ok
    for what, (line, planted, message) in PLANTED.items():
        rc, out = compile_copy(cxx, root, (line, planted))
        ok = rc not in (0, None) and message in out
        print(("ok: " if ok else "FAIL: ") + f"planted: {what}: "
              + (f"the compilation fails with \"{message}\"" if ok else "not caught\n" + out[-2000:]))
        failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
