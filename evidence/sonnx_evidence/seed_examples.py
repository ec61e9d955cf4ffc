"""The worked examples of the source documents (spec/seed-examples.json): checks them and writes
the C++ header that the unit tests and the platform test include.

  python3 -m sonnx_evidence.seed_examples --out FILE.hpp [--examples JSON]   checks, then writes
  python3 -m sonnx_evidence.seed_examples --check [--examples JSON]          checks only
  python3 -m sonnx_evidence.seed_examples --self-test                        planted faults

The file is accepted only when it is valid under evidence/schemas/seed-examples.schema.json and
every expected value is the quotient the profile defines, computed here with exact rational
arithmetic and independently of the library: an integer quotient truncated towards zero, in a
range every type it runs in holds (int8 for a signed-only example, 0 to 127 otherwise); a float
pattern the correctly rounded quotient (round to nearest, ties to even) of its operands, x / 0 an
infinity of the quotient's sign, 0 / 0 the format's canonical quiet NaN. An operand that is a NaN or
an infinity is refused (this check does not define its quotient). Exit status 0, 1 when the file
is refused or cannot be read (each reason on a line), 2 on a usage error.
"""
import argparse
import copy
import json
import math
import os
import sys
from fractions import Fraction

from . import findings, schema
from .paths import ROOT

EXAMPLES = os.path.join(ROOT, "spec", "seed-examples.json")
# exponent bits, significand bits (without the hidden bit), hexadecimal digits of a pattern
FORMATS = {"float16": (5, 10, 4), "bfloat16": (8, 7, 4), "float32": (8, 23, 8),
           "float64": (11, 52, 16)}
INT_RANGE = {True: (-128, 127), False: (0, 127)}  # signed_only: int8; otherwise int8 and uint8


class Refused(Exception):
    pass


def decode(fmt, bits):
    """the value of a finite pattern as a fraction (its sign apart: -0 is 0), None otherwise"""
    eb, sb, _ = FORMATS[fmt]
    exponent = (bits >> sb) & ((1 << eb) - 1)
    mantissa = bits & ((1 << sb) - 1)
    if exponent == (1 << eb) - 1:
        return None
    bias = (1 << (eb - 1)) - 1
    if exponent == 0:
        value = Fraction(mantissa, 1 << sb) * Fraction(2) ** (1 - bias)
    else:
        value = (1 + Fraction(mantissa, 1 << sb)) * Fraction(2) ** (exponent - bias)
    return -value if bits >> (eb + sb) else value


def encode(fmt, value, negative):
    """the pattern of the correctly rounded `value` (>= 0) with the sign `negative`"""
    eb, sb, _ = FORMATS[fmt]
    bias = (1 << (eb - 1)) - 1
    sign = (1 << (eb + sb)) if negative else 0
    if value == 0:
        return sign
    exponent = value.numerator.bit_length() - value.denominator.bit_length()
    while Fraction(2) ** exponent > value:
        exponent -= 1
    while Fraction(2) ** (exponent + 1) <= value:
        exponent += 1
    exponent = max(exponent, 1 - bias)  # a subnormal: the smallest normal's scale
    scaled = value / Fraction(2) ** (exponent - sb)
    units = scaled.numerator // scaled.denominator
    rest = scaled - units
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and units % 2 == 1):
        units += 1
    if units == 1 << (sb + 1):
        units //= 2
        exponent += 1
    if exponent > bias:
        return sign | (((1 << eb) - 1) << sb)  # overflow: infinity
    if units < 1 << sb:
        return sign | units  # subnormal
    return sign | ((exponent + bias) << sb) | (units - (1 << sb))


def float_quotient(fmt, a, b):
    """the pattern of a / b for the patterns a and b"""
    eb, sb, _ = FORMATS[fmt]
    x, y = decode(fmt, a), decode(fmt, b)
    if x is None or y is None:
        raise Refused(f"{fmt} operand {a:#x} / {b:#x}: a NaN or infinity operand is not checked")
    negative = bool((a ^ b) >> (eb + sb))
    infinity = ((1 << eb) - 1) << sb
    if y == 0:
        return infinity | (1 << (sb - 1)) if x == 0 else infinity | (negative << (eb + sb))
    return encode(fmt, abs(x / y), negative)


def truncated(a, b):
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def check(doc):
    """the reasons doc is refused (empty: accepted)"""
    try:
        errors = schema.validate(doc, schema.load("seed-examples"))
    except schema.SchemaError as e:
        return [str(e)]
    if errors:
        return errors
    reasons = []
    ids = [e["id"] for e in doc["integer"] + doc["float"]]
    reasons += [f"id {i} is used twice" for i in sorted(set(ids)) if ids.count(i) > 1]
    for e in doc["integer"]:
        n, (low, high) = math.prod(e["shape"]), INT_RANGE[e["signed_only"]]
        if not len(e["a"]) == len(e["b"]) == len(e["c"]) == n:
            reasons.append(f"{e['id']}: shape {e['shape']} has {n} elements")
            continue
        for k, (a, b, c) in enumerate(zip(e["a"], e["b"], e["c"])):
            if not all(low <= v <= high for v in (a, b, c)):
                reasons.append(f"{e['id']}[{k}]: {a} / {b} = {c} is outside {low}..{high}")
            elif b == 0:
                reasons.append(f"{e['id']}[{k}]: a zero divisor has no quotient (C3)")
            elif truncated(a, b) != c:
                reasons.append(f"{e['id']}[{k}]: {a} / {b} is {truncated(a, b)}, not {c}")
    for e in doc["float"]:
        n = math.prod(e["shape"])
        if not e["formats"]:
            reasons.append(f"{e['id']}: no format")
        for fmt, p in e["formats"].items():
            digits = FORMATS[fmt][2]
            if not len(p["a"]) == len(p["b"]) == len(p["c"]) == n:
                reasons.append(f"{e['id']} {fmt}: shape {e['shape']} has {n} elements")
                continue
            if any(len(v) != digits + 2 for v in p["a"] + p["b"] + p["c"]):
                reasons.append(f"{e['id']} {fmt}: a pattern is not {digits} hexadecimal digits")
                continue
            for k, (a, b, c) in enumerate(zip(p["a"], p["b"], p["c"])):
                try:
                    expected = float_quotient(fmt, int(a, 16), int(b, 16))
                except Refused as r:
                    reasons.append(f"{e['id']} {fmt}[{k}]: {r}")
                    continue
                if expected != int(c, 16):
                    reasons.append(f"{e['id']} {fmt}[{k}]: {a} / {b} is {expected:#0{digits + 2}x}"
                                   f", not {c}")
    return reasons


def header(doc):
    """the C++ header of an accepted doc"""
    everything = doc["integer"] + doc["float"]
    max_rank = max(len(e["shape"]) for e in everything)
    max_n = max(math.prod(e["shape"]) for e in everything)

    def shape(e):
        return f"{len(e['shape'])}, {{{', '.join(map(str, e['shape']))}}}, {math.prod(e['shape'])}"

    def row(values):
        return "{" + ", ".join(values) + "}"

    lines = [
        "// Generated by `python3 -m sonnx_evidence.seed_examples` from spec/seed-examples.json "
        "(checked there): do not edit.",
        "#ifndef SONNX_SEED_EXAMPLES_HPP", "#define SONNX_SEED_EXAMPLES_HPP", "",
        "#include <cstddef>", "#include <cstdint>", "#include <sonnx/tensor.hpp>", "",
        "namespace sonnx::seed_examples {", "",
        f"inline constexpr std::size_t max_rank = {max_rank};",
        f"inline constexpr std::size_t max_elements = {max_n};", "",
        "// An integer example: run in every integer type (signed_only: the signed types only).",
        "struct IntegerExample {", "  const char* id;", "  const char* name;",
        "  bool signed_only;", "  std::size_t rank;", "  std::int64_t shape[max_rank];",
        "  std::size_t n;", "  std::int64_t a[max_elements], b[max_elements], c[max_elements];",
        "};", "",
        "// A float example in one format: bit patterns; a NaN c matches any quiet NaN.",
        "struct FloatExample {", "  const char* id;", "  const char* name;",
        "  sonnx::DataType type;", "  std::size_t rank;", "  std::int64_t shape[max_rank];",
        "  std::size_t n;", "  std::uint64_t a[max_elements], b[max_elements], c[max_elements];",
        "};", "", "inline constexpr IntegerExample integer_examples[] = {"]
    for e in doc["integer"]:
        lines.append(f"    {{\"{e['id']}\", \"{e['name']}\", {str(e['signed_only']).lower()}, "
                     f"{shape(e)}, {row(map(str, e['a']))}, {row(map(str, e['b']))}, "
                     f"{row(map(str, e['c']))}}},")
    lines += ["};", "", "inline constexpr FloatExample float_examples[] = {"]
    for e in doc["float"]:
        for fmt, p in e["formats"].items():
            lines.append(f"    {{\"{e['id']}\", \"{e['name']}\", sonnx::DataType::{fmt}, "
                         f"{shape(e)}, {row(p['a'])}, {row(p['b'])}, {row(p['c'])}}},")
    lines += ["};", "", "}  // namespace sonnx::seed_examples", "",
              "#endif  // SONNX_SEED_EXAMPLES_HPP"]
    return "\n".join(lines) + "\n"


def read(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def self_test():
    good = read(EXAMPLES)
    verdicts = [("the repository's examples accepted", check(good) == [])]

    def planted(what, change):
        doc = copy.deepcopy(good)
        change(doc)
        verdicts.append((f"refused: {what}", check(doc) != []))

    def set_float(doc, fmt, field, k, value):
        doc["float"][1]["formats"][fmt][field][k] = value

    planted("a float32 quotient one unit off (5.1 rounded up)",
            lambda d: set_float(d, "float32", "c", 4, "0x40A33334"))
    planted("a bfloat16 quotient truncated, not rounded (5.1: 0x40A3 is right, 0x40A2 not)",
            lambda d: set_float(d, "bfloat16", "c", 4, "0x40A2"))
    planted("1 / 0 given as -inf", lambda d: set_float(d, "float64", "c", 3, "0xFFF0000000000000"))
    planted("0 / 0 given as +inf",
            lambda d: d["float"][2]["formats"]["float16"]["c"].__setitem__(1, "0x7C00"))
    planted("a NaN operand", lambda d: set_float(d, "float16", "a", 0, "0x7E00"))
    planted("an infinite operand", lambda d: set_float(d, "float32", "b", 0, "0x7F800000"))
    planted("a float16 pattern of eight digits", lambda d: set_float(d, "float16", "c", 0,
                                                                     "0x00003C00"))
    planted("an integer quotient floored (-35 / 3 = -12)",
            lambda d: d["integer"][0]["c"].__setitem__(2, -12))
    planted("a negative value in an example of every integer type",
            lambda d: d["integer"][1]["a"].__setitem__(0, -10))
    planted("an integer zero divisor", lambda d: d["integer"][2]["b"].__setitem__(0, 0))
    planted("a shape of more elements than values", lambda d: d["integer"][3].__setitem__(
        "shape", [4, 2]))
    planted("an unknown field", lambda d: d["float"][0].__setitem__("tolerance", "1 ulp"))
    planted("an unknown format", lambda d: d["float"][0]["formats"].__setitem__(
        "float8", d["float"][0]["formats"]["float16"]))
    planted("an id used twice", lambda d: d["float"][3].__setitem__("id", d["integer"][0]["id"]))
    # The rounding at the ends of the format, hand-computed in float16 (a, b, the right quotient,
    # a wrong one): 2^-24 / 2 = 2^-25 is half way between 0 and the least subnormal, to even 0;
    # 3 * 2^-24 / 2 is half way between 1 and 2 units of 2^-24, to even 2 units; -2^-24 / 2 is
    # -0; 65504 / 0.5 = 131008 is beyond 65520 (the largest finite plus half its unit): +inf;
    # 65504 / 2 = 32752 is exact.
    for a, b, right, wrong in (("0x0001", "0x4000", "0x0000", "0x0001"),
                               ("0x0003", "0x4000", "0x0002", "0x0001"),
                               ("0x8001", "0x4000", "0x8000", "0x0000"),
                               ("0x7BFF", "0x3800", "0x7C00", "0x7BFF"),
                               ("0x7BFF", "0x4000", "0x77FF", "0x7800")):
        for c, accepted in ((right, True), (wrong, False)):
            doc = copy.deepcopy(good)
            doc["float"].append({"id": "000-planted", "source": "000", "name": "seed 000 planted",
                                 "what": "planted", "shape": [1],
                                 "formats": {"float16": {"a": [a], "b": [b], "c": [c]}}})
            what = f"float16 {a} / {b} = {c}"
            verdicts.append((("accepted: " if accepted else "refused: ") + what,
                             (check(doc) == []) == accepted))
    return findings.self_check(verdicts)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", default=EXAMPLES)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--out", help="the C++ header to write")
    action.add_argument("--check", action="store_true")
    action.add_argument("--self-test", action="store_true")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    try:
        doc = read(args.examples)
        reasons = check(doc)
    except (OSError, ValueError) as e:  # not there, or not JSON
        reasons = [str(e)]
    if reasons:
        return findings.report([f"refused: {r}" for r in reasons],
                               f"seed examples: {args.examples} refused")
    if args.out:
        temporary = args.out + ".tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            f.write(header(doc))
        os.replace(temporary, args.out)
    print(f"seed examples: {len(doc['integer'])} integer and {len(doc['float'])} float examples "
          "accepted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
