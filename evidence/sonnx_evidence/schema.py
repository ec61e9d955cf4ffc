"""JSON Schema validation of the evidence files (standard library only).

The subset of JSON Schema draft 2020-12 the evidence schemas (evidence/schemas/*.schema.json) use,
and nothing else: type (a name or a list of names), properties, required, additionalProperties
(false or a schema), items, minItems, enum, const, minimum, pattern, $ref to "#/$defs/NAME". A schema with a
keyword outside the subset is refused (the validator does not silently skip what it does not
understand). "x-volatile": true marks a field whose value depends on the run (times, dates, load,
machine): ignored by validation, read by the comparison of two evidence folders (volatile_fields).
The C++ report validates with the same subset (traceability/src/schema.cpp).

  python3 -m sonnx_evidence.schema FILE.json [SCHEMA.json]   validates one file (the schema by
                                                             default from its name), exit 0 or 1
"""
import json
import os
import re
import sys

from .paths import SCHEMA_NAMES as NAMES, SCHEMAS

KEYWORDS = {"$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties",
            "required", "additionalProperties", "items", "enum", "const", "minimum", "pattern",
            "minItems", "x-volatile"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


class SchemaError(Exception):
    pass


def type_ok(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name not in TYPES:
        raise SchemaError(f"unknown type {name!r}")
    return isinstance(value, TYPES[name])


def validate(doc, schema, root=None, path="$"):
    """the list of the places where doc departs from schema (empty: valid)"""
    root = schema if root is None else root
    unknown = set(schema) - KEYWORDS
    if unknown:
        raise SchemaError(f"{path}: schema keywords outside the subset: {sorted(unknown)}")
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/") or ref[8:] not in root.get("$defs", {}):
            raise SchemaError(f"{path}: unresolvable $ref {ref!r}")
        return validate(doc, root["$defs"][ref[8:]], root, path)
    errors = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(type_ok(doc, n) for n in names):
            return [f"{path}: {type(doc).__name__} where the schema has {'/'.join(names)}"]
    if "const" in schema and doc != schema["const"]:
        errors.append(f"{path}: {doc!r} is not {schema['const']!r}")
    if "enum" in schema and doc not in schema["enum"]:
        errors.append(f"{path}: {doc!r} is not one of {schema['enum']}")
    if "minimum" in schema and isinstance(doc, (int, float)) and doc < schema["minimum"]:
        errors.append(f"{path}: {doc} is below {schema['minimum']}")
    if "pattern" in schema and isinstance(doc, str) and not re.search(schema["pattern"], doc):
        errors.append(f"{path}: {doc!r} does not match {schema['pattern']!r}")
    if isinstance(doc, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in doc:
                errors.append(f"{path}: missing field {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, value in doc.items():
            if key in props:
                errors += validate(value, props[key], root, f"{path}.{key}")
            elif extra is False:
                errors.append(f"{path}: unknown field {key!r}")
            elif isinstance(extra, dict):
                errors += validate(value, extra, root, f"{path}.{key}")
    if isinstance(doc, list) and "minItems" in schema and len(doc) < schema["minItems"]:
        errors.append(f"{path}: fewer than {schema['minItems']} items")
    if isinstance(doc, list) and "items" in schema:
        for k, value in enumerate(doc):
            errors += validate(value, schema["items"], root, f"{path}[{k}]")
    return errors


def schema_name(evidence_name):
    """the schema of an evidence file (evidence/schema-names.json): its own, else its folder's
    (conformance-c-adapter/x86-64/correct.json -> conformance-*), else its family's
    (exhaustive-int8.json -> exhaustive-*); wp-smoke-search.json -> wp-smoke-search"""
    parts = evidence_name.replace(os.sep, "/").split("/")
    base = parts[-1][:-len(".json")]
    if os.path.exists(os.path.join(SCHEMAS, base + ".schema.json")) or not os.path.exists(NAMES):
        return base  # its own; or, without the names file, none (check() then fails closed)
    with open(NAMES, encoding="utf-8") as f:
        names = json.load(f)
    for folder in names["folders"]:
        if len(parts) >= 3 and parts[-3] == folder["folder"]:
            return folder["schema"]
    for family in names["families"]:
        if base.startswith(family + "-"):
            return family + "-*"
    return base


def load(name):
    path = os.path.join(SCHEMAS, name + ".schema.json")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check(doc, name):
    """raises SchemaError unless doc is valid under the schema `name`"""
    errors = validate(doc, load(name))
    if errors:
        raise SchemaError(f"evidence {name} departs from evidence/schemas/{name}.schema.json: "
                          + "; ".join(errors[:8]) + (" ..." if len(errors) > 8 else ""))


def write(path, doc, indent=1, name=None):
    """validates doc against the schema of its file name, then writes it"""
    check(doc, name or schema_name(path))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=indent)
        f.write("\n")


def volatile_fields(schema, root=None, prefix=()):
    """the fields a schema marks volatile, each as a tuple of tokens: its keys, '*' for any key,
    '[*]' for any item"""
    root = schema if root is None else root
    if "$ref" in schema:
        return volatile_fields(root["$defs"][schema["$ref"][8:]], root, prefix)
    if schema.get("x-volatile"):
        return [prefix]
    out = []
    for key, sub in schema.get("properties", {}).items():
        out += volatile_fields(sub, root, prefix + (key,))
    if isinstance(schema.get("additionalProperties"), dict):
        out += volatile_fields(schema["additionalProperties"], root, prefix + ("*",))
    if "items" in schema:
        out += volatile_fields(schema["items"], root, prefix + ("[*]",))
    return out


def field_path(tokens):
    """a field's tokens written as its path: ('a', '[*]', 'b') -> '$.a[*].b'"""
    return "$" + "".join(t if t.startswith("[") else "." + t for t in tokens)


def volatile_paths(schema):
    """the paths of the fields a schema marks volatile ('*' for any key or item)"""
    return [field_path(f) for f in volatile_fields(schema)]


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    if len(argv) == 3:
        with open(argv[2], encoding="utf-8") as f:
            errors = validate(doc, json.load(f))
    else:
        errors = validate(doc, load(schema_name(argv[1])))
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
