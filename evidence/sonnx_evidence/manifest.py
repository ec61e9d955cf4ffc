"""The manifest of an evidence folder: every file in it with its SHA-256 and size, and the commit
the evidence was produced from (the main job writes it last, scripts/main.sh). `sonnx-div
verify-evidence DIR` checks a received folder against it: every file listed present and unaltered,
and no file that it does not list.

    python3 -m sonnx_evidence.manifest write DIR [--root CHECKOUT]   writes DIR/manifest.json

The paths are relative to DIR, with '/' between folders, sorted by byte value; the manifest does
not list itself. Symbolic links and other special files are refused (a bundle is plain files).
"""
import hashlib
import os
import sys

from . import schema
from .evidence_provenance import git_commit
from .paths import ROOT

NAME = "manifest.json"


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def entries(folder):
    """[{path, sha256, bytes}] of every file under folder but the manifest; raises ValueError on a
    symbolic link or a special file"""
    out = []
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        for name in dirs + files:
            path = os.path.join(here, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if os.path.islink(path):
                raise ValueError(f"{rel}: a symbolic link (a bundle holds plain files only)")
            if name in files and not os.path.isfile(path):
                raise ValueError(f"{rel}: not a regular file")
        for name in files:
            rel = os.path.relpath(os.path.join(here, name), folder).replace(os.sep, "/")
            if rel == NAME:
                continue
            path = os.path.join(here, name)
            out.append({"path": rel, "sha256": file_sha256(path), "bytes": os.path.getsize(path)})
    return sorted(out, key=lambda e: e["path"].encode())


def write(folder, root=ROOT):
    doc = {"schema": "sonnx-evidence-manifest/1",
           "what": "every file of this evidence folder with its SHA-256 and size, and the commit "
                   "it was produced from (sonnx-div verify-evidence checks the folder against it)",
           "commit": git_commit(root), "files": entries(folder)}
    schema.write(os.path.join(folder, NAME), doc)
    return doc


def main(argv):
    args = argv[1:]
    root = ROOT
    if len(args) == 4 and args[2] == "--root":
        root, args = args[3], args[:2]
    if len(args) != 2 or args[0] != "write" or not os.path.isdir(args[1]):
        print(__doc__.strip().splitlines()[-5].strip(), file=sys.stderr)
        return 2
    try:
        doc = write(args[1], root)
    except ValueError as e:
        print(f"manifest: {e}", file=sys.stderr)
        return 1
    print(f"manifest: {len(doc['files'])} files of {args[1]} listed in {NAME} "
          f"(commit {doc['commit'] or 'unknown'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
