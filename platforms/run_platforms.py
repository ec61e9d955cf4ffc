#!/usr/bin/env python3
"""The platform campaign (docs/platforms.md): the library and its platform test built for each
target with its CMake toolchain file (cmake/toolchains/), run under QEMU, the restricted-C++
checks run on the target's objects, and the evidence written to build/evidence/platforms.json.

  run_platforms.py [--targets x86-64,aarch64,armhf,riscv64,s390x,cortex-m4f]
                   [--sweep full|sample|none] [--host-build build] [--work build/platforms]
                   [--evidence build/evidence]
  run_platforms.py --targets cortex-m4f --check-only   one target built, run and checked (the
                   test command's short run); nothing is written to the evidence folder
  PYTHONPATH=evidence run_platforms.py --self-check    the campaign's judgements failing on
                                                       planted faults (the evidence package's
                                                       findings.self_check says the verdict)

Per target: the self-contained platform test (platforms/src/platform_*.cpp: checked API and
every kernel on the golden, seed, error and sampled cases, expected bits from the host's MPFR
oracle), the archive check (no allocation, exceptions, RTTI, FP-mode changes) and its self-check
with the target's compiler, the stack bound for the target (GCC's -fstack-usage), and on bare metal
the stack measured by painting, held against that bound. aarch64 (Debian's arm64 multiarch: MPFR,
protobuf) also runs the unit tests, the bad-input tests and the float16/bfloat16 sweeps against the
MPFR oracle. The host (x86-64) runs the same platform test natively.

Exit status: 0 every target passed, 1 some target failed (platforms.json says which and why),
2 the campaign could not run (a build or a tool failed).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from platform_tools import (CampaignError, compare_stack, ctest_counts, first_line,
                            package_versions, platform_record, restricted_checks, run,
                            summarize_groups)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name: toolchain file, what the target is, the Debian packages of its toolchain and emulator.
TARGETS = {
    "x86-64": {
        "toolchain": None,
        "description": "x86-64 (the host: SSE2 baseline, AVX2+F16C fast paths where the CPU has "
                       "them), native",
        "packages": ["g++"],
    },
    "aarch64": {
        "toolchain": "aarch64-linux-gnu.cmake",
        "description": "AArch64 Linux (Armv8-A), qemu-user; Debian arm64 multiarch libraries",
        "packages": ["g++-aarch64-linux-gnu", "qemu-user", "libmpfr-dev:arm64",
                     "libprotobuf-dev:arm64"],
        "full": True,
    },
    "armhf": {
        "toolchain": "arm-linux-gnueabihf.cmake",
        "description": "32-bit Arm Linux, hard-float (Armv7-A, VFPv3-D16, Thumb-2), qemu-user",
        "packages": ["g++-arm-linux-gnueabihf", "qemu-user"],
    },
    "riscv64": {
        "toolchain": "riscv64-linux-gnu.cmake",
        "description": "RISC-V 64-bit Linux (RV64GC, lp64d), qemu-user",
        "packages": ["g++-riscv64-linux-gnu", "qemu-user"],
    },
    "s390x": {
        "toolchain": "s390x-linux-gnu.cmake",
        "description": "IBM Z (s390x) Linux, big-endian, qemu-user",
        "packages": ["g++-s390x-linux-gnu", "qemu-user"],
    },
    "cortex-m4f": {
        "toolchain": "cortex-m4f-picolibc.cmake",
        "description": "Arm Cortex-M4F bare metal (Armv7E-M, FPv4-SP single-precision FPU, "
                       "hard-float ABI), picolibc, qemu-system-arm MPS2 AN386 board model, "
                       "semihosting",
        "packages": ["gcc-arm-none-eabi", "libstdc++-arm-none-eabi-picolibc",
                     "picolibc-arm-none-eabi", "qemu-system-arm"],
        "bare_metal": True,
    },
}
DEFAULT_TARGETS = ["x86-64", "aarch64", "armhf", "riscv64", "s390x", "cortex-m4f"]
# aarch64's float16/bfloat16 sweep in sample mode (--sweep sample): seeded pairs per format.
SWEEP_SAMPLE = 1 << 24

COMPARISON_RULE = (
    "A float result matches when the expected result is a NaN and the result is a quiet NaN (any "
    "sign, any payload), or when every bit is equal; an integer result when every bit is equal. "
    "The sign and payload of a NaN result are not specified (docs/spec-defects.md SD-9): every "
    "NaN pattern a target produced is reported below, not filtered.")
EMULATION_NOTE = (
    "QEMU runs its own software model of each processor's floating point (and of its integer "
    "division): results under emulation are evidence about the compiled code for that target, not "
    "about the silicon. The bare-metal image is meant to be rerun on the real chip "
    "(docs/platforms.md).")


def sweep(info, build, fmt, mode, work, threads):
    out = os.path.join(work, f"sweep-{fmt}.json")
    command = [*info["emulator"], os.path.join(build, "cli", "sonnx-div"),
               "verify-exhaustive", "--format", fmt, "--threads", str(threads), "--json", out]
    if mode == "sample":
        command += ["--sample", str(SWEEP_SAMPLE)]
    done, seconds = run(command, check=False, timeout=3600)
    result = {"format": fmt, "exit_code": done.returncode, "seconds": round(seconds, 1)}
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            data = json.load(f)
        for key in ("mode", "pairs_checked", "mismatches", "mismatch_examples", "oracle",
                    "symmetry_checks", "symmetry_failures", "nan_results", "comparison_rule",
                    "pairs_per_s", "kernel"):
            if key in data:
                result[key] = data[key]
    result["passed"] = done.returncode == 0
    return result


def configure_and_build(name, spec, args, vectors, build):
    toolchain = os.path.join(ROOT, "cmake", "toolchains", spec["toolchain"])
    options = ["-DCMAKE_BUILD_TYPE=Release", f"-DSONNX_PLATFORM_VECTORS={vectors}",
               "-DSONNX_BUILD_BENCHMARKS=OFF", "-DSONNX_BUILD_TRACEABILITY=OFF",
               f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"]
    targets = ["platform_test", "sonnx_div"]
    if spec.get("full"):
        onnx = ensure_arm64_onnx(args.work)
        options.append(f"-DONNX_DIR={onnx}")
        targets += ["sonnx-div", "unit_tests", "badinput_tests"]
    else:
        options += ["-DSONNX_BUILD_TESTS=OFF", "-DSONNX_BUILD_TOOLS=OFF"]
    launcher = os.environ.get("SONNX_PLATFORM_LAUNCHER")
    if launcher:
        options += [f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}",
                    f"-DCMAKE_C_COMPILER_LAUNCHER={launcher}"]
    _, configure_s = run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", *options])
    _, build_s = run(["cmake", "--build", build, "-j", str(args.jobs), "--target", *targets])
    print(f"  {name}: configured in {configure_s:.0f} s, built in {build_s:.0f} s", flush=True)
    return {"configure_s": round(configure_s, 1), "build_s": round(build_s, 1)}


def ensure_arm64_onnx(work):
    """Debian's libonnx-dev:arm64 cannot be installed beside the amd64 one (both ship
    /usr/lib/libonnxifi.so): its files are unpacked into the work folder instead (apt-get
    download, dpkg -x), for the aarch64 tools and bad-input tests."""
    root = os.path.join(work, "deps", "arm64-onnx")
    config = os.path.join(root, "usr", "lib", "aarch64-linux-gnu", "cmake", "ONNX")
    if os.path.isdir(config):
        return config
    debs = os.path.join(work, "deps", "debs")
    os.makedirs(debs, exist_ok=True)
    run(["apt-get", "download", "libonnx-dev:arm64", "libonnx1:arm64", "libonnxifi:arm64"],
        cwd=debs)
    for deb in sorted(os.listdir(debs)):
        if deb.endswith(".deb"):
            run(["dpkg-deb", "-x", os.path.join(debs, deb), root])
    return config


def run_target(name, args, vectors):
    spec = TARGETS[name]
    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    entry = {"target": name, "description": spec["description"], "times_s": {}}
    started = time.monotonic()
    if spec["toolchain"] is None:
        build = args.host_build
        entry["kind"] = "native (the host)"
    else:
        build = os.path.join(work, "build")
        entry["times_s"].update(configure_and_build(name, spec, args, vectors, build))
        entry["kind"] = ("bare metal under qemu-system-arm, semihosting" if spec.get("bare_metal")
                         else "hosted Linux under qemu-user")
    with open(os.path.join(build, "platform-target.json"), encoding="utf-8") as f:
        info = json.load(f)
    entry["toolchain"] = {
        "toolchain_file": os.path.relpath(info["toolchain_file"], ROOT)
        if info["toolchain_file"] else None,
        "compiler": first_line([info["cxx_compiler"], "--version"]),
        "cxx_flags": " ".join(info["cxx_flags"].split()),
        "linker_flags": " ".join(info["linker_flags"].split()),
        "packages": package_versions(spec["packages"]),
    }
    entry["emulator"] = ({"command": info["emulator"],
                          "version": first_line([info["emulator"][0], "--version"])}
                         if info["emulator"] else None)

    program = [*info["emulator"], info["platform_test"]]
    done, seconds = run(program, check=False, timeout=900)
    entry["times_s"]["platform_test_s"] = round(seconds, 1)
    # QEMU's semihosting console writes the bare-metal program's output to stderr.
    record = platform_record(done.stdout) or platform_record(done.stderr)
    test = {"exit_code": done.returncode}
    if record is None:
        test["passed"] = False
        test["output_tail"] = (done.stdout + done.stderr).splitlines()[-20:]
    else:
        test["passed"] = done.returncode == 0 and record["passed"]
        test["facts"] = {k: record[k] for k in (
            "architecture", "compiler", "fast_path_instruction_set", "default_kernels",
            "big_endian", "pointer_bytes", "flt_eval_method", "iec559", "subnormals_kept")}
        test["vectors"] = record["vectors"]
        test["totals"] = record["totals"]
        test["results"] = summarize_groups(record)
        test["error_cases"] = record["error_cases"]
        entry["nan_results"] = record["nan_results"]
    entry["platform_test"] = test

    entry["restricted"] = restricted_checks(build, info, work)
    if record is not None and record["stack"]["measured"]:
        entry["stack"] = compare_stack(record, entry["restricted"])
    passed = test["passed"] and all(c["passed"] for c in entry["restricted"].values())
    passed = passed and entry.get("stack", {}).get("within_bound", True)

    if spec.get("full") and not args.check_only:
        junit = os.path.join(work, "ctest-junit.xml")
        done, seconds = run(["ctest", "--test-dir", build, "-R", "^(unit_tests|badinput_tests)",
                             "-j", str(args.jobs), "--output-junit", junit], check=False,
                            timeout=1800)
        entry["times_s"]["tests_s"] = round(seconds, 1)
        entry["tests"] = ctest_counts(junit) if os.path.exists(junit) else {}
        entry["tests_exit_code"] = done.returncode
        passed = passed and done.returncode == 0 and bool(entry["tests"])
        if args.sweep != "none":
            entry["sweeps"] = [sweep(info, build, fmt, args.sweep, work, args.jobs)
                               for fmt in ("f16", "bf16")]
            entry["times_s"]["sweeps_s"] = round(sum(s["seconds"] for s in entry["sweeps"]), 1)
            passed = passed and all(s["passed"] for s in entry["sweeps"])
    entry["times_s"]["total_s"] = round(time.monotonic() - started, 1)
    entry["passed"] = passed
    print(f"  {name}: {'PASS' if passed else 'FAIL'} in {entry['times_s']['total_s']:.0f} s",
          flush=True)
    return entry


def nan_comparison(entries):
    """Per float type: the NaN bits each target gave for 0/0, and how a NaN operand propagated;
    a type on which the targets differ is listed (reported, not filtered)."""
    table = {}
    for e in entries:
        for fmt, r in (e.get("nan_results") or {}).items():
            row = table.setdefault(fmt, {})
            row[e["target"]] = {
                "zero_by_zero": r["zero_by_zero"],
                "invalid_operation_results": r["invalid_operation"],
                "nan_operand_payload_kept": r["nan_operand_payload_kept"],
                "nan_operand_payload_replaced": r["nan_operand_payload_replaced"],
                "distinct_patterns": len(r["patterns"]) + (1 if r["patterns_beyond_list"] else 0),
            }
    differences = []
    for fmt, row in table.items():
        # The proved kernels' and the fastest kernels' 0/0, each compared across the targets.
        modes = sorted({m for v in row.values() for m in v["zero_by_zero"]})
        for mode in modes:
            zero = {t: v["zero_by_zero"].get(mode) for t, v in row.items()}
            if len(set(zero.values())) > 1:
                differences.append({"type": fmt, "what": f"0/0 quotient bits ({mode} kernels)",
                                    "per_target": zero})
        kept = {t: ("kept" if v["nan_operand_payload_replaced"] == 0 else "replaced")
                for t, v in row.items()}
        if len(set(kept.values())) > 1:
            differences.append({"type": fmt, "what": "payload of a NaN operand",
                                "per_target": kept})
    return table, differences


def host_vectors(host_build, jobs, build):
    """The vectors of the host build (built first unless the caller, a CTest run inside that
    build, has them already)."""
    if build:
        run(["cmake", "--build", host_build, "-j", str(jobs), "--target", "platform_test",
             "platform-vectors"])
    vectors = os.path.join(host_build, "platforms", "vectors", "platform_vectors.inc")
    if not os.path.exists(vectors):
        raise CampaignError(f"no vectors at {vectors}")
    return vectors


def self_check():
    """The campaign's own judgements, each shown failing on a planted fault: the stack comparison,
    the record parser, the JUnit counts and the NaN differences."""
    verdicts = []
    checks = {"stack_bound": {"functions": [
        {"function": "sonnx::Status sonnx::div(const A&, Kernels)", "bound_bytes": 100}]}}
    record = {"stack": {"method": "m", "functions": [
        {"function": "sonnx::div(const A&, Kernels)", "calls": 1, "max_bytes": 96}]}}
    verdicts.append(("measured within the bound", compare_stack(record, checks)["within_bound"]))
    record["stack"]["functions"][0]["max_bytes"] = 104
    verdicts.append(("measured above the bound", not compare_stack(record, checks)["within_bound"]))
    record["stack"]["functions"][0]["function"] = "sonnx::other()"
    verdicts.append(("no bound for the function",
                     not compare_stack(record, checks)["within_bound"]))
    text = "noise\r\nSONNX-PLATFORM-BEGIN\r\n{\"passed\": true}\r\nSONNX-PLATFORM-END\r\n"
    verdicts.append(("record with CR LF", platform_record(text) == {"passed": True}))
    verdicts.append(("truncated record", platform_record(text[:40]) is None))
    with tempfile.TemporaryDirectory() as tmp:
        junit = os.path.join(tmp, "j.xml")
        with open(junit, "w", encoding="utf-8") as f:
            f.write('<testsuite><testcase name="unit_tests:a"/><testcase name="unit_tests:b">'
                    '<failure/></testcase></testsuite>')
        counts = ctest_counts(junit)["unit_tests"]
        verdicts.append(("JUnit failure counted", counts["run"] == 2 and counts["failed"] == 1))
    nan = {"zero_by_zero": {"proved": "0xFE00", "fastest": "0xFE00"}, "invalid_operation": 1,
           "nan_operand_payload_kept": 1, "nan_operand_payload_replaced": 0, "patterns": [],
           "patterns_beyond_list": 0}
    other = dict(nan, zero_by_zero={"proved": "0x7E00", "fastest": "0x7E00"})
    _, differences = nan_comparison([{"target": "x", "nan_results": {"float16": nan}},
                                     {"target": "y", "nan_results": {"float16": other}}])
    verdicts.append(("0/0 bits differing between targets listed", len(differences) == 2))
    fastest_only = dict(nan, zero_by_zero={"proved": "0xFE00", "fastest": "0x7E00"})
    _, differences = nan_comparison([{"target": "x", "nan_results": {"float16": nan}},
                                     {"target": "y", "nan_results": {"float16": fastest_only}}])
    verdicts.append(("0/0 bits of the fastest kernels differing listed",
                     [d["what"] for d in differences] == ["0/0 quotient bits (fastest kernels)"]))
    _, same = nan_comparison([{"target": "x", "nan_results": {"float16": nan}},
                              {"target": "y", "nan_results": {"float16": nan}}])
    verdicts.append(("equal NaN bits not listed", not same))
    # Imported here: conform/c_adapter/conform_c.py, which users run as it is, imports this
    # module for its targets; the self-check's callers put evidence/ on PYTHONPATH.
    import sonnx_evidence.findings  # pylint: disable=import-outside-toplevel
    return sonnx_evidence.findings.self_check(verdicts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--self-check", action="store_true",
                        help="show the campaign's judgements failing on planted faults")
    parser.add_argument("--targets", default=",".join(DEFAULT_TARGETS))
    # Sampled by default: measured once on the 2-core machine, the two full sweeps under
    # qemu-aarch64 (2^32 pairs each) took longer than the stage's 20-minute budget
    # (docs/decisions/performance.md); --sweep full runs them.
    parser.add_argument("--sweep", choices=["full", "sample", "none"], default="sample",
                        help="aarch64's float16/bfloat16 sweeps: all 2^32 pairs, "
                             f"{SWEEP_SAMPLE} seeded pairs (default), or none")
    parser.add_argument("--host-build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--work", default=os.path.join(ROOT, "build", "platforms-work"))
    parser.add_argument("--evidence", default=os.path.join(ROOT, "build", "evidence"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--check-only", action="store_true",
                        help="build, run and check the targets; write no evidence")
    args = parser.parse_args()
    if args.self_check:
        return self_check()
    args.host_build = os.path.abspath(args.host_build)
    args.work = os.path.abspath(args.work)
    names = [t for t in args.targets.split(",") if t]
    unknown = [t for t in names if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {unknown}; known: {', '.join(TARGETS)}")
    started = time.monotonic()
    try:
        vectors = host_vectors(args.host_build, args.jobs, not args.check_only)
        entries = []
        for name in names:
            print(f"platform {name}", flush=True)
            entries.append(run_target(name, args, vectors))
    except CampaignError as error:
        print(f"platform campaign: {error}", file=sys.stderr)
        return 2
    passed = all(e["passed"] for e in entries)
    for e in entries:
        if not e["passed"]:
            print(json.dumps({k: e[k] for k in ("target", "platform_test", "restricted")
                              if k in e}, indent=1)[:6000], file=sys.stderr)
    if args.check_only:
        return 0 if passed else 1
    table, differences = nan_comparison(entries)
    evidence = {
        "generated_by": "platforms/run_platforms.py",
        "comparison_rule": COMPARISON_RULE,
        "emulation_note": EMULATION_NOTE,
        "targets": entries,
        "nan_results_by_type": table,
        "differences_between_targets": differences,
        "stage_seconds": round(time.monotonic() - started, 1),
        "passed": passed,
    }
    os.makedirs(args.evidence, exist_ok=True)
    out = os.path.join(args.evidence, "platforms.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(evidence, f, indent=2)
        f.write("\n")
    package = os.path.join(ROOT, "evidence")
    if os.path.isdir(package):
        subprocess.run([sys.executable, "-m", "sonnx_evidence.evidence_provenance", out,
                        "--sources", "core/src/**", "core/include/**", "platforms/**",
                        "cmake/toolchains/*"],
                       cwd=ROOT, check=False,
                       env=dict(os.environ, PYTHONPATH=package))
    print(f"platforms.json: {len(entries)} target(s), {'all passed' if passed else 'FAILURES'}, "
          f"{len(differences)} difference(s) between targets reported; "
          f"{evidence['stage_seconds']:.0f} s")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
