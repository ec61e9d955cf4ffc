"""A first draft of an evidence file's schema from examples of it (a maintainer's tool: the
committed schemas in evidence/schemas/ are reviewed and edited, their volatile fields marked).

  python3 -m sonnx_evidence.schema_infer NAME EXAMPLE.json... > evidence/schemas/NAME.schema.json

Objects get every field seen (additionalProperties false), required the fields present in every
example; an object whose keys are data (names of files, provers, functions: keys that are not
identifiers, or more than 40 of them) gets additionalProperties instead. Fields whose name says
they measure the run (time, seconds, wall, load, date, machine, host, cpu) are marked
x-volatile."""
import json
import re
import sys

VOLATILE = re.compile(r"(^|_)(time|times|seconds|wall|wall_s|cpu|cpu_seconds|load|load_average|"
                      r"date|generated|machine|host|hostname|started|finished|elapsed|duration|"
                      r"stage_seconds|time_s|wall_s)($|_)")


def kind(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(v)]


def is_map(objs):
    keys = {k for o in objs for k in o}
    return len(keys) > 40 or any(not re.fullmatch(r"[a-z][a-z0-9_]*", k) for k in keys)


def infer(values, name=""):
    kinds = sorted({kind(v) for v in values})
    if "integer" in kinds and "number" in kinds:
        kinds.remove("integer")
    out = {"type": kinds[0] if len(kinds) == 1 else kinds}
    if name and VOLATILE.search(name):
        out["x-volatile"] = True
    objs = [v for v in values if isinstance(v, dict)]
    if objs:
        if is_map(objs):
            out["additionalProperties"] = infer([x for o in objs for x in o.values()]) \
                if any(objs) else {}
        else:
            keys = list(dict.fromkeys(k for o in objs for k in o))
            out["properties"] = {k: infer([o[k] for o in objs if k in o], k) for k in keys}
            out["required"] = [k for k in keys if all(k in o for o in objs)]
            out["additionalProperties"] = False
    arrays = [v for v in values if isinstance(v, list)]
    items = [x for a in arrays for x in a]
    if arrays and items:
        out["items"] = infer(items)
    return out


def main(argv):
    name, examples = argv[1], argv[2:]
    docs = []
    for path in examples:
        with open(path, encoding="utf-8") as f:
            docs.append(json.load(f))
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": f"sonnx-evidence/{name}", "title": name}
    top = infer(docs)
    if "properties" not in top:  # the top level is a record, never a map
        keys = list(dict.fromkeys(k for d in docs for k in d))
        top = {"type": "object", "properties": {k: infer([d[k] for d in docs if k in d], k)
                                                for k in keys},
               "required": [k for k in keys if all(k in d for d in docs)],
               "additionalProperties": False}
    schema.update(top)
    json.dump(schema, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
