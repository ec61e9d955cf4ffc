#!/usr/bin/env bash
# Reproducer of the tool assumption AS-TOOL-4 (spec/assumptions.json): Frama-C 25's RTE plug-in
# adds a float_to_int assertion to a conversion from a floating-point type to an integer type only
# when the target type is written as a C integer type, not when it is a typedef such as int8_t.
# Passes while the plug-in behaves as registered; fails when it changes (the register row, and
# the explicit range assertions of the C-subset files, must then be revisited).
set -u
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cat >"$dir/conversions.c" <<'C'
#include <stdint.h>
int8_t via_typedef(float x) { return (int8_t)x; }
signed char via_builtin(float x) { return (signed char)x; }
int via_int(float x) { return (int)x; }
C
frama-c "$dir/conversions.c" -rte -warn-special-float none -then -print >"$dir/out.txt" 2>&1 || {
  cat "$dir/out.txt"; echo "rte reproducer: frama-c failed"; exit 2; }
count() {  # the float_to_int assertions of one function
  awk -v f="$1" '$0 ~ f"\\(float x\\)" {on=1} on && /float_to_int/ {n++} on && /^}/ {on=0}
    END {print n+0}' "$dir/out.txt"
}
typedef_n="$(count via_typedef)" builtin_n="$(count via_builtin)" int_n="$(count via_int)"
echo "float_to_int assertions: (int8_t)x $typedef_n, (signed char)x $builtin_n, (int)x $int_n"
if [ "$typedef_n" = 0 ] && [ "$builtin_n" = 2 ] && [ "$int_n" = 2 ]; then
  echo "rte reproducer: as registered (AS-TOOL-4): no assertion on the typedef'd conversion"
  exit 0
fi
echo "rte reproducer: the RTE plug-in's behaviour differs from AS-TOOL-4: revisit the row"
exit 1
