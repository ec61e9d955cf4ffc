# Fault injection on a scratch copy of sonnx-div (never committed; docs/oracle.md).
# Usage: python3 mutate.py SCRATCH_ROOT trunc|ftz
import sys
root, mode = sys.argv[1], sys.argv[2]
ff = root + "/src/common/kernels/sonnx_float_formats.c"
dk = root + "/src/div/kernels/div_kernels.c"
s = open(ff).read(); k = open(dk).read()
def sub(text, old, new):
    assert old in text, old
    return text.replace(old, new)
def ieee(text, helpers, expression):
    """Replace the float32/float64 quotient x / y by `expression`, in either kernel layout."""
    macro = "#define SONNX_DIV_IEEE(x, y) ((x) / (y))"
    if macro in text:
        return text.replace(macro, helpers + "#define SONNX_DIV_IEEE(x, y) " + expression)
    body = "  return x / y;\n"
    assert text.count(body) >= 2, "float32/float64 element functions not found"
    first = text.index("static float sonnx_div_binary32_element")
    return text[:first] + helpers + text[first:].replace(body, "  return " + expression + ";\n")
if mode == "trunc":
    # binary16: no rounding increment, no RNE overflow threshold, subnormals truncated
    s = sub(s, "if (magnitude >= 0x477FF000u) {", "if (magnitude >= 0x47800000u) {")
    s = sub(s, "uint32_t rounded = rebased + 0xFFFu + ((rebased >> 13) & 1u);", "uint32_t rounded = rebased;")
    s = sub(s, "if (remainder > half || (remainder == half && (quotient & 1u) != 0u)) {", "if (remainder > half + 0xFFFFFFu) {")
    s = sub(s, "if (magnitude <= 0x33000000u) {", "if (magnitude < 0x33800000u) {")
    # bfloat16: keep the upper 16 bits (round toward zero)
    s = sub(s, "magnitude += 0x7FFFu + ((magnitude >> 16) & 1u);", "")
    # float32/float64: hardware division rounded toward zero
    k = ieee(k, "#include <fenv.h>\n"
            "static inline float sonnx_fault_div(float x, float y) { fesetround(FE_TOWARDZERO); volatile float r = x / y; fesetround(FE_TONEAREST); return r; }\n"
            "static inline double sonnx_fault_div(double x, double y) { fesetround(FE_TOWARDZERO); volatile double r = x / y; fesetround(FE_TONEAREST); return r; }\n",
            "sonnx_fault_div((x), (y))")
elif mode == "ftz":
    # binary16 and bfloat16: subnormal results flushed to signed zero
    s = sub(s, "if (magnitude <= 0x33000000u) {", "if (magnitude < 0x38800000u) {")
    s = sub(s, "magnitude += 0x7FFFu + ((magnitude >> 16) & 1u);",
            "magnitude += 0x7FFFu + ((magnitude >> 16) & 1u);\n  if (magnitude < 0x00800000u) magnitude = 0u;")
    # float32/float64: subnormal results flushed to signed zero
    k = ieee(k, "#include <math.h>\n"
            "static inline float sonnx_fault_ftz(float r) { return fpclassify(r) == FP_SUBNORMAL ? copysignf(0.0f, r) : r; }\n"
            "static inline double sonnx_fault_ftz(double r) { return fpclassify(r) == FP_SUBNORMAL ? copysign(0.0, r) : r; }\n",
            "sonnx_fault_ftz((x) / (y))")
open(ff, "w").write(s); open(dk, "w").write(k)
print("mutated", mode)
