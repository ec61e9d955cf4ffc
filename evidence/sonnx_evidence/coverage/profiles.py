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


def html(profdata, objects, sources, out_dir, root):
    """The source of `sources` with counts, branches and MC/DC, as HTML pages in out_dir: a page
    per file at coverage/<its path in the checkout `root`>.html."""
    subprocess.run([tool("llvm-cov"), "show", "-format=html", "-show-mcdc", "-show-branches=count",
                    "-show-line-counts-or-regions", "-show-instantiations=true",
                    "-instr-profile", profdata, "-output-dir", out_dir]
                   + objects_args(objects) + sources, check=True, capture_output=True)
    relocate(out_dir, root)
    return os.path.join(out_dir, "index.html")


def relocate(out_dir, root):
    """llvm-cov names each page after the file's absolute path
    (coverage/<absolute path of the checkout>/core/a.c.html), so two checkouts in other folders
    gave pages of other names and the links to them in
    structural-coverage.json and coupling.json differed: the pages move to coverage/core/a.c.html
    and the links to them, and theirs to the style sheet and script, follow"""
    spellings = [os.path.abspath(root).strip("/"), os.path.realpath(root).strip("/")]
    found = [p for p in spellings if os.path.isdir(os.path.join(out_dir, "coverage", p))]
    if not found:
        if os.path.isdir(os.path.join(out_dir, "coverage")):
            raise RuntimeError(f"llvm-cov's pages are not under the checkout {root} (nor its real "
                               "path): they cannot be named after their path in it")
        return
    prefix = found[0]
    old = os.path.join(out_dir, "coverage", prefix)
    depth = len(prefix.split("/"))
    pages = [os.path.join(here, n) for here, _, names in os.walk(old) for n in names]
    for page in pages:
        rel = os.path.relpath(page, old)
        with open(page, encoding="utf-8") as f:
            text = f.read()
        ups = "../" * (len(rel.split("/")) + depth)
        text = text.replace(ups, "../" * (len(rel.split("/")))).replace("/" + prefix + "/", "")
        target = os.path.join(out_dir, "coverage", rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        os.unlink(page)
    for here, _, _ in os.walk(os.path.join(out_dir, "coverage", prefix.split("/")[0]),
                              topdown=False):
        if not os.listdir(here):
            os.rmdir(here)
    index = os.path.join(out_dir, "index.html")
    with open(index, encoding="utf-8") as f:
        text = f.read()
    with open(index, "w", encoding="utf-8") as f:
        f.write(text.replace("coverage/" + prefix + "/", "coverage/"))
