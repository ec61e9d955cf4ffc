#!/usr/bin/env python3
"""Fails when proofs/why3/replay.json is not the record of the current Why3 files.

The gate proves a file without a current record from scratch, through its whole portfolio: correct,
but several times slower. This check keeps the record in step with the specification; refresh it
with `proofs/why3/prove.sh --record`.
"""
import os
import sys

from .paths import ROOT as root, WHY3 as here
from .why3_gate import SPEC_FILES
from .why3_record import file_sha256, load_replay

record = load_replay(os.path.join(here, "replay.json"))
stale = [rel for rel in SPEC_FILES
         if rel not in record or record[rel]["sha256"] != file_sha256(os.path.join(root, rel))]
for rel in stale:
    print(f"replay record out of date for {rel}: run proofs/why3/prove.sh --record")
print(f"replay record: {len(SPEC_FILES) - len(stale)} of {len(SPEC_FILES)} files current")
sys.exit(1 if stale else 0)
