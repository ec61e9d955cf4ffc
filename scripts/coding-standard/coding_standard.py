"""Shared by the coding-standard checks: the deviation register and the evidence file.

The deviation register is data, spec/deviations.json (rendered as docs/deviations.md), one row per
deviation: id, rule (the check's name as the tool prints it: `misra-c2012-15.5`,
`hicpp-explicit-conversions`), place (a path glob relative to the repository root), justification,
checked_by. A finding is deviated when a row names its rule and its file matches the row's place.

Each check writes its own section of build/evidence/coding-standard.json (the CTest entries share
a resource lock, so the read-modify-write below never races).
"""
import fnmatch
import json
import os
import re
import subprocess

DOC = os.path.join("docs", "restricted-cpp.md")
REGISTER = os.path.join("spec", "deviations.json")


def _table_after(lines, heading):
    """Rows (lists of cells) of the first Markdown table after the given heading."""
    rows, inside = [], False
    for line in lines:
        if line.startswith("#"):
            if inside and rows:
                break
            inside = line.lstrip("#").strip().lower().startswith(heading.lower())
            continue
        if inside and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells):
                continue
            rows.append(cells)
        elif inside and rows and not line.strip():
            break
    return rows[1:] if rows else []  # drop the header row


def _plain(cell):
    return cell.replace("`", "").strip()


def deviations(root):
    with open(os.path.join(root, REGISTER), encoding="utf-8") as f:
        rows = json.load(f)["rows"]
    keys = ("id", "rule", "place", "justification", "checked_by")
    for row in rows:
        missing = [k for k in keys if not str(row.get(k, "")).strip()]
        if missing:
            raise ValueError(f"{REGISTER}: deviation row {row.get('id', '?')} without {missing}")
    return [{k: row[k] for k in keys} for row in rows]


def rules(root):
    with open(os.path.join(root, DOC), encoding="utf-8") as f:
        lines = f.read().splitlines()
    return [{"id": _plain(c[0]), "rule": c[1], "check": c[2]}
            for c in _table_after(lines, "Rules at a glance") if len(c) >= 3]


def deviation_for(finding, register):
    for row in register:
        if row["rule"] == finding["rule"] and fnmatch.fnmatch(finding["file"], row["place"]):
            return row["id"]
    return None


def tool_version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    except OSError:
        return None
    match = re.search(r"(\d+\.\d+(\.\d+)?)", out)
    return match.group(1) if match else None


def record_check(path, root, name, tool, version, files, findings, **details):
    """Prints each finding with its deviation, records the check, returns the exit status."""
    for f in findings:
        where = f"{f['file']}:{f['line']}" if f.get("line") else f["file"]
        what = f" ({f['message'][:100]})" if f.get("message") else ""
        print(f"{where}: {f['rule']}{what}: {f['deviation'] or 'NOT IN THE DEVIATION REGISTER'}")
    undeviated = [f for f in findings if not f["deviation"]]
    check = {"name": name, "tool": tool, "version": version, **details, "files": files,
             "findings_total": len(findings),
             "findings_deviated": len(findings) - len(undeviated),
             "findings_undeviated": len(undeviated), "findings": findings,
             "passed": not undeviated}
    if path:
        update_evidence(path, root, check)
    return 1 if undeviated else 0


def update_evidence(path, root, check):
    """Replaces this check's entry (by name) in the evidence file and refreshes the shared parts."""
    data = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            try:
                data = json.load(f)
            except json.JSONDecodeError:
                data = {}
    register = deviations(root)
    data["standard"] = DOC
    data["register"] = REGISTER
    data["rules"] = rules(root)
    checks = [c for c in data.get("checks", []) if c.get("name") != check["name"]]
    checks.append(check)
    checks.sort(key=lambda c: c["name"])
    data["checks"] = checks
    data["findings"] = [f for c in checks for f in c.get("findings", [])]
    used = {}
    for finding in data["findings"]:
        if finding.get("deviation"):
            used[finding["deviation"]] = used.get(finding["deviation"], 0) + 1
    data["deviations"] = [dict(row, findings=used.get(row["id"], 0)) for row in register]
    data["undeviated_findings"] = sum(1 for f in data["findings"] if not f.get("deviation"))
    data["passed"] = all(c.get("passed") for c in checks)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    package = os.path.join(root, "evidence")
    if os.path.isdir(package):
        subprocess.run(["python3", "-m", "sonnx_evidence.evidence_provenance", path, "--binding",
                        "coding-standard"], cwd=root, check=False,
                       env=dict(os.environ, PYTHONPATH=package))


def judge_samples(verdicts):
    """A checker's self-check: one line per sample (name, expected, found, ok), then the count of
    samples judged as expected. Returns the exit status (1 when any sample was misjudged)."""
    verdicts = list(verdicts)
    for name, expected, found, ok in verdicts:
        print(f"{'ok' if ok else 'FAIL'}: sample '{name}': expected {expected}, found {found}")
    passed = sum(1 for *_, ok in verdicts if ok)
    print(f"self-check: {passed}/{len(verdicts)} samples judged as expected")
    return 0 if passed == len(verdicts) else 1
