"""Validation of the evidence and register files of this package against their JSON Schemas
(evidence/schemas/<name>.schema.json), in the subset of JSON Schema (draft 2020-12) those
schemas use: type, properties, required, additionalProperties, items, enum, const, pattern,
minimum, minItems, $ref to "#/$defs/...". A schema keyword outside the subset is refused, so a
schema cannot ask for a check that is silently skipped."""
import json
import os
import re

SCHEMAS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas")
KNOWN = {"$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties",
         "required", "additionalProperties", "items", "enum", "const", "pattern", "minimum",
         "minItems"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


class SchemaError(ValueError):
    """The document does not satisfy its schema (or the schema leaves the subset)."""


def load(name):
    with open(os.path.join(SCHEMAS, name + ".schema.json"), encoding="utf-8") as f:
        return json.load(f)


def _is(value, kind):
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[kind])


def validate(doc, sch, root=None, where="$"):
    root = root if root is not None else sch
    unknown = set(sch) - KNOWN
    if unknown:
        raise SchemaError(f"schema keywords outside the subset at {where}: {sorted(unknown)}")
    if "$ref" in sch:
        ref = sch["$ref"]
        if not ref.startswith("#/$defs/"):
            raise SchemaError(f"unsupported $ref {ref}")
        return validate(doc, root["$defs"][ref[len("#/$defs/"):]], root, where)
    kinds = sch.get("type")
    if kinds is not None:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if not any(_is(doc, k) for k in kinds):
            raise SchemaError(f"{where}: expected {kinds}, got {type(doc).__name__}")
    if "enum" in sch and doc not in sch["enum"]:
        raise SchemaError(f"{where}: {doc!r} not one of {sch['enum']}")
    if "const" in sch and doc != sch["const"]:
        raise SchemaError(f"{where}: {doc!r} is not {sch['const']!r}")
    if "pattern" in sch and isinstance(doc, str) and not re.search(sch["pattern"], doc):
        raise SchemaError(f"{where}: {doc!r} does not match {sch['pattern']}")
    if "minimum" in sch and _is(doc, "number") and doc < sch["minimum"]:
        raise SchemaError(f"{where}: {doc} < {sch['minimum']}")
    if isinstance(doc, dict):
        for key in sch.get("required", []):
            if key not in doc:
                raise SchemaError(f"{where}: missing {key!r}")
        props = sch.get("properties", {})
        extra = sch.get("additionalProperties", True)
        for key, value in doc.items():
            if key in props:
                validate(value, props[key], root, f"{where}.{key}")
            elif extra is False:
                raise SchemaError(f"{where}: unknown field {key!r}")
            elif isinstance(extra, dict):
                validate(value, extra, root, f"{where}.{key}")
    if isinstance(doc, list):
        if "minItems" in sch and len(doc) < sch["minItems"]:
            raise SchemaError(f"{where}: fewer than {sch['minItems']} items")
        if "items" in sch:
            for i, value in enumerate(doc):
                validate(value, sch["items"], root, f"{where}[{i}]")
    return True


def validate_file(doc, name):
    """Validates `doc` against evidence/schemas/<name>.schema.json."""
    return validate(doc, load(name))


def write(doc, name, path):
    """Validates doc against evidence/schemas/<name>.schema.json, then writes it to path."""
    validate_file(doc, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)


def verdict(summary, problems, shown=40):
    """Prints the summary line and the first problems; the exit status (1 on any problem)."""
    print(summary)
    for p in problems[:shown]:
        print("  " + p)
    return 0 if not problems else 1
