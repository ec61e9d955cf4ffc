#!/usr/bin/env python3
"""The second build of tests/reproducible_build.py is configured as the first (CTest
reproducible_build_options): a folder configured with another switch (the report's readers off, as
the second build once was, which left verify-evidence out of sonnx-div), another build type, or a
switch missing is told apart from an identical one. Planted caches, no build."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reproducible_build  # noqa: E402  pylint: disable=wrong-import-position

FIRST = {"SONNX_BUILD_TESTS:BOOL": "ON", "SONNX_BUILD_TRACEABILITY:BOOL": "ON",
         "SONNX_UNITY_BUILD:BOOL": "ON", "CMAKE_BUILD_TYPE:STRING": "Release",
         "SONNX_EVIDENCE_DIR:PATH": "/a/build/evidence"}


def folder(tmp, name, entries):
    d = os.path.join(tmp, name)
    os.makedirs(d)
    with open(os.path.join(d, "CMakeCache.txt"), "w", encoding="utf-8") as f:
        f.write("# planted\n" + "".join(f"{k}={v}\n" for k, v in entries.items()))
    return d


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        first = folder(tmp, "first", FIRST)
        cases = [
            ("the same switches, another evidence folder",
             {"SONNX_EVIDENCE_DIR:PATH": "/b/ev"}, []),
            ("the report's readers off", {"SONNX_BUILD_TRACEABILITY:BOOL": "OFF"},
             ["SONNX_BUILD_TRACEABILITY"]),
            ("another build type", {"CMAKE_BUILD_TYPE:STRING": "Debug"}, ["CMAKE_BUILD_TYPE"]),
            ("a switch missing", {"SONNX_UNITY_BUILD:BOOL": None}, ["SONNX_UNITY_BUILD"]),
        ]
        for i, (what, change, expected) in enumerate(cases):
            entries = dict(FIRST)
            for k, v in change.items():
                if v is None:
                    entries.pop(k)
                else:
                    entries[k] = v
            got = reproducible_build.option_differences(first, folder(tmp, f"second-{i}", entries))
            ok = got == expected
            print(("ok   " if ok else "FAIL ") + f"{what}: {got}")
            if not ok:
                failures.append(what)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
