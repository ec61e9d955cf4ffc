#!/usr/bin/env python3
"""The evidence schema validator (CTest evidence_schema): the shared cases of schema_vectors.json
(also run by the report's C++ validator), the committed schemas (each loads and uses only the
subset), and the volatile fields a later comparison of two evidence folders ignores."""
import glob
import json
import os
import sys

from sonnx_evidence import schema
from checks import Checks

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    check = Checks('schema checks')
    with open(os.path.join(HERE, "schema_vectors.json"), encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    for c in cases:
        try:
            errors = schema.validate(c["doc"], c["schema"])
        except schema.SchemaError as e:
            errors = [str(e)]
        ok = not errors if c["valid"] else any(c["error"] in e for e in errors)
        check(ok, f"{c['what']}: {'valid' if c['valid'] else 'refused'} ({errors[:1]})")
    for path in sorted(glob.glob(os.path.join(schema.SCHEMAS, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
        try:
            schema.validate({}, s)
            usable = True
        except schema.SchemaError:
            usable = False
        check(usable and s.get("type") == "object", f"{os.path.basename(path)}: the subset only")
    vol = schema.volatile_paths(schema.load("why3"))
    check("$.summary.wall_s" in vol and "$.goals[*].time_s" in vol and
          not any("timeout" in p for p in vol), f"why3 volatile fields: {vol}")
    with open(os.path.join(HERE, "schema_vectors.json"), encoding="utf-8") as f:
        names = json.load(f)["names"]
    for n in names:
        got = schema.schema_name(n["file"])
        check(got == n["schema"], f"{n['file']}: validated against {n['schema']}", got)
    with open(schema.NAMES, encoding="utf-8") as f:
        errors = schema.validate(json.load(f), schema.load("schema-names"))
    check(not errors, "evidence/schema-names.json under its schema", str(errors))
    try:
        schema.write(os.path.join(HERE, "never-written.json"), {"goals": "x"}, name="why3")
        check(False, "an invalid document is not written")
    except schema.SchemaError:
        check(not os.path.exists(os.path.join(HERE, "never-written.json")),
              "an invalid document is not written")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
