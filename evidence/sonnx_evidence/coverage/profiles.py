"""llvm-profdata and llvm-cov over the profiles of sonnx_evidence.coverage.run: merged profiles of
a set of test runs, their export (JSON) and the HTML pages of the source with counts and MC/DC."""
import json
import os
import subprocess
import tempfile

LLVM_SUFFIX = os.environ.get("SONNX_LLVM_SUFFIX", "-19")


def tool(name):
    return name + LLVM_SUFFIX


def merge(profiles, out):
    """Merges raw profiles into `out` (indexed); False when there are none."""
    profiles = sorted(set(profiles))
    if not profiles:
        return False
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(profiles) + "\n")
        listing = f.name
    try:
        subprocess.run([tool("llvm-profdata"), "merge", "--sparse", "-o", out,
                        "--input-files", listing], check=True)
    finally:
        os.unlink(listing)
    return True


def objects_args(objects):
    objects = sorted(set(objects))
    return [objects[0]] + [a for o in objects[1:] for a in ("-object", o)]


def export(profdata, objects, sources, summary_only=False):
    """llvm-cov export of `profdata` for `objects`, restricted to the files under `sources`."""
    cmd = [tool("llvm-cov"), "export", "-instr-profile", profdata] + objects_args(objects)
    if summary_only:
        cmd += ["-skip-expansions", "-skip-branches"]
    cmd += sources
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def function_counts(profdata, objects, sources):
    """{profile name: execution count} of every function of `sources` in `objects`."""
    doc = export(profdata, objects, sources, summary_only=True)
    return {f["name"]: f["count"] for f in doc["data"][0]["functions"]}


def html(profdata, objects, sources, out_dir):
    """The source of `sources` with counts, branches and MC/DC, as HTML pages in out_dir."""
    subprocess.run([tool("llvm-cov"), "show", "-format=html", "-show-mcdc", "-show-branches=count",
                    "-show-line-counts-or-regions", "-show-instantiations=true",
                    "-instr-profile", profdata, "-output-dir", out_dir]
                   + objects_args(objects) + sources, check=True, capture_output=True)
    return os.path.join(out_dir, "index.html")
