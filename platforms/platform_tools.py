"""The platform campaign's tools (run_platforms.py): running a command with a time limit, the
versions of the tools and packages, the platform test's record, CTest's JUnit counts, and the
restricted-C++ checks on a target's objects held against the host's."""
import json
import os
import re
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKS = os.path.join(ROOT, "scripts", "coding-standard")


class CampaignError(Exception):
    pass


def run(command, cwd=None, timeout=None, check=True, env=None):
    started = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              check=False, env=env)
    except subprocess.TimeoutExpired as error:
        raise CampaignError(f"timed out after {timeout} s: {shlex.join(command)}") from error
    except OSError as error:
        raise CampaignError(f"cannot run {shlex.join(command)}: {error}") from error
    if check and done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-30:])
        raise CampaignError(f"exit {done.returncode}: {shlex.join(command)}\n{tail}")
    return done, time.monotonic() - started


def first_line(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError:
        return None
    lines = (out.stdout or out.stderr).strip().splitlines()
    return lines[0] if lines else None


def package_versions(packages):
    versions = {}
    for package in packages:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True,
                             text=True, check=False)
        versions[package] = out.stdout.strip() if out.returncode == 0 else None
    return versions


def platform_record(stdout):
    """The JSON record between the markers (semihosting may end lines with CR LF)."""
    match = re.search(r"SONNX-PLATFORM-BEGIN\r?\n(.*)\r?\nSONNX-PLATFORM-END", stdout, re.S)
    if not match:
        return None
    try:
        return json.loads(match.group(1))
    except json.JSONDecodeError:
        return None


def summarize_groups(record):
    """Per type and test group: cases, mismatches, and each path with the kernel that ran."""
    types = {}
    for g in record["groups"]:
        entry = types.setdefault(g["type"], {}).setdefault(
            g["group"], {"cases": 0, "mismatches": 0, "runs": []})
        entry["cases"] += g["cases"]
        entry["mismatches"] += g["mismatches"]
        run_entry = {"path": g["path"], "kernel": g["kernel"], "cases": g["cases"],
                     "mismatches": g["mismatches"]}
        if g.get("note"):
            run_entry["example"] = g["note"]
        if g["examples"]:
            run_entry["mismatch_examples"] = g["examples"]
        entry["runs"].append(run_entry)
    return types


def ctest_counts(junit):
    """Tests run and failed per Catch2 executable, from CTest's JUnit file."""
    counts = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = case.get("name", "")
        program = name.split(":", 1)[0]
        entry = counts.setdefault(program, {"run": 0, "failed": 0, "failed_names": []})
        entry["run"] += 1
        if case.find("failure") is not None or case.get("status") == "fail":
            entry["failed"] += 1
            entry["failed_names"].append(name)
    return counts


def restricted_checks(target_dir, info, work):
    """The archive check and its self-check with the target's tools, and the stack bound."""
    result = {}
    archive = info["library"]
    nm = info["nm"] or "nm"
    objdump = info["objdump"] or "objdump"
    tool_args = ["--nm", nm, "--objdump", objdump]
    done, _ = run([sys.executable, os.path.join(CHECKS, "check_archive_symbols.py"), archive,
                   *tool_args], check=False)
    result["archive_symbols"] = {"passed": done.returncode == 0,
                                 "output": done.stdout.strip().splitlines()[-1:]}
    done, _ = run([sys.executable, os.path.join(CHECKS, "check_archive_symbols.py"),
                   "--self-check", info["cxx_compiler"], *tool_args,
                   "--cxx-flags", info["cxx_flags"]], check=False)
    result["archive_symbols_self_check"] = {"passed": done.returncode == 0,
                                            "output": done.stdout.strip().splitlines()[-1:]}
    stack_json = os.path.join(work, "stack.json")
    done, _ = run([sys.executable, os.path.join(CHECKS, "stack_bound.py"), "--build", target_dir,
                   "--out", stack_json], check=False)
    bound = {"passed": done.returncode == 0}
    if os.path.exists(stack_json):
        with open(stack_json, encoding="utf-8") as f:
            stack = json.load(f)
        bound.update({
            "compiler": stack.get("compiler"), "target": stack.get("target"),
            "acyclic": stack.get("acyclic"),
            "functions": [{"function": fn["name"], "bound_bytes": fn.get("bound_bytes")}
                          for fn in stack["functions"]],
            "external_functions": stack.get("external_functions"),
            "external_note": stack.get("external_note")})
    result["stack_bound"] = bound
    return result


def compare_stack(record, checks):
    """Bare metal: the deepest use measured by painting, per API function, against its bound (the
    bound's name ends with the measured function's: "sonnx::Status sonnx::div(...)")."""
    bounds = {fn["function"]: fn["bound_bytes"]
              for fn in checks["stack_bound"].get("functions", [])}
    rows, within = [], True
    for measured in record["stack"]["functions"]:
        name = measured["function"]
        bound = next((b for f, b in bounds.items() if f.endswith(" " + name)), None)
        ok = bound is not None and measured["max_bytes"] <= bound
        within = within and ok
        rows.append({"function": name, "calls": measured["calls"],
                     "measured_max_bytes": measured["max_bytes"], "bound_bytes": bound,
                     "within_bound": ok})
    return {"method": record["stack"]["method"], "functions": rows, "within_bound": within,
            "note": "the bound covers the library's own frames; the measured use also includes "
                    "the C library and compiler run-time functions it calls (external_functions)"}
