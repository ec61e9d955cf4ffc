#!/usr/bin/env python3
"""Fails when a static library references the allocator, exception machinery or RTTI.

The restricted-C++ rules of the library (docs/restricted-cpp.md: RC-1 allocation, RC-2 exceptions,
RC-3 RTTI, RC-8 floating-point modes, RC-9 mutable global state) are checked on what the compiler
produced, not on the source text: every symbol of every member of the archive, defined or
undefined, is read with `nm` and matched against the forbidden names below; writable data symbols
must be on the allow-list; the disassembly (`objdump -d`) must hold no instruction that loads a
floating-point control word or environment.

  check_archive_symbols.py ARCHIVE            check one archive (exit 1 on any forbidden symbol)
  check_archive_symbols.py --self-check CXX   build tiny archives that break one rule each,
                                              and one that breaks none, and show that the check
                                              rejects each of the first and accepts the last
For another target (docs/platforms.md) give its binutils and, for the self-check, its compiler
flags: --nm arm-none-eabi-nm --objdump arm-none-eabi-objdump --cxx-flags "-mcpu=cortex-m4 ...".
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coding_standard  # noqa: E402

# (rule, what, pattern over the mangled symbol name)
FORBIDDEN = [
    ("RC-1", "operator new", re.compile(r"^_Zn[wa]")),
    ("RC-1", "operator delete", re.compile(r"^_Zd[la]")),
    ("RC-1", "C allocator",
     re.compile(r"^(malloc|calloc|realloc|free|aligned_alloc|posix_memalign|memalign|valloc|"
                r"pvalloc|strdup|strndup|reallocarray)(@.*)?$")),
    ("RC-2", "exception machinery",
     re.compile(r"^(__cxa_throw|__cxa_allocate_exception|__cxa_free_exception|__cxa_begin_catch|"
                r"__cxa_end_catch|__cxa_rethrow|__cxa_current_exception_type|"
                r"__gxx_personality_v0|_Unwind_Resume|_Unwind_RaiseException)(@.*)?$")),
    ("RC-2", "libstdc++ throw helper", re.compile(r"^_ZSt\d+__throw_")),
    ("RC-3", "typeinfo", re.compile(r"^_ZT[IS]")),
    ("RC-3", "type_info class vtable", re.compile(r"^_ZTVN10__cxxabiv1")),
    ("RC-3", "dynamic_cast", re.compile(r"^__dynamic_cast$")),
    ("RC-8", "floating-point environment change",
     re.compile(r"^(fesetround|fesetenv|feupdateenv|fesetexceptflag|feholdexcept|feenableexcept|"
                r"fedisableexcept)(@.*)?$")),
]

# RC-8: instructions that load an FP control word or environment: x86-64 (x87, SSE/AVX MXCSR),
# Arm (FPSCR), AArch64 (FPCR, FPSR), RISC-V (frm, fflags, fcsr), s390x (FPC, rounding mode).
FP_MODE_INSTRUCTIONS = re.compile(
    r"\t(ldmxcsr|vldmxcsr|fldcw|fldenv|frstor|fxrstor|xrstor"
    r"|(?:vmsr|fmxr)\s+fpscr"
    r"|msr\s+fp[cs]r"
    r"|fsrmi?|fsflagsi?|fscsr|csrr?[wsc]i?\s+(?:\w+,\s*)?(?:frm|fflags|fcsr)"
    r"|sfpc|lfpc|sfasr|lfas|srnmb?|srnmt)\b")

# The tools reading the archive: the host's by default, the target's binutils for another target.
NM = "nm"
OBJDUMP = "objdump"

# RC-9: the only writable data the library may hold, by demangled name: the two one-time
# selections (the instruction set of the fast paths, CPUID; the kernels of SONNX_DIV_KERNELS) and
# their guards, written once under the C++ runtime's static-initialisation guard.
WRITABLE_ALLOWED = [
    re.compile(r"^(guard variable for )?sonnx::detail::avx2_selected\(\)::selected$"),
    re.compile(r"^(guard variable for )?sonnx::default_kernels\(\)::kernels$"),
]


def symbols(archive):
    """(member, kind, name) for every symbol line of `nm` on the archive."""
    out = subprocess.run([NM, "-A", archive], check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        # "archive.a:member.o:0000000000000000 T name" or "archive.a:member.o:                 U name"
        head, _, tail = line.rpartition(":")
        parts = tail.split()
        if len(parts) < 2:
            continue
        member = head.split(":")[-1] if ":" in head else head
        rows.append((member, parts[-2], parts[-1]))
    return rows


def demangle(name):
    return subprocess.run(["c++filt", name], capture_output=True, text=True,
                          check=False).stdout.strip()


def fp_mode_instructions(archive):
    out = subprocess.run([OBJDUMP, "-d", archive], capture_output=True, text=True,
                         check=True).stdout
    found, member, function = [], "", ""
    for line in out.splitlines():
        header = (re.match(r"^(\S+\.o(?:bj)?):\s+file format", line)
                  or re.match(r"^In archive .*", line))
        if header and header.groups():
            member = header.group(1)
            continue
        label = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if label:
            function = label.group(1)
            continue
        match = FP_MODE_INSTRUCTIONS.search(line)
        if match:
            found.append(("RC-8", f"{match.group(1)} instruction in {demangle(function)}",
                          member, "T", function))
    return found


def forbidden_symbols(archive):
    found = []
    for member, kind, name in symbols(archive):
        for rule, what, pattern in FORBIDDEN:
            if pattern.search(name):
                found.append((rule, what, member, kind, name))
        if kind in "dDbBvV" and kind != "" and not name.startswith("."):
            readable = demangle(name)
            if not any(p.search(readable) for p in WRITABLE_ALLOWED):
                found.append(("RC-9", "writable data", member, kind, name))
    return found + fp_mode_instructions(archive)


def check(archive, root=None, evidence=None):
    if not os.path.isfile(archive):
        print(f"archive not found: {archive}", file=sys.stderr)
        return 2
    members = sorted({m for m, _, _ in symbols(archive)})
    found = forbidden_symbols(archive)
    findings = []
    for rule, what, member, kind, name in found:
        findings.append({"check": "archive-symbols", "tool": "nm", "rule": rule, "file": member,
                         "line": None, "severity": "error",
                         "message": f"{what}: {kind} {demangle(name)}", "deviation": None})
    status = coding_standard.record_check(
        evidence, root, "archive-symbols", "nm",
        coding_standard.tool_version([NM, "--version"]),
        [os.path.basename(archive) + ":" + m for m in members], findings,
        forbidden=[f"{rule}: {what}" for rule, what, _ in FORBIDDEN]
        + ["RC-8: FP control instructions", "RC-9: writable data outside the allow-list"])
    print(f"{'FAIL' if found else 'ok'}: {len(found)} forbidden symbol(s) in {len(members)} "
          f"member(s) of {os.path.basename(archive)}")
    return status


SAMPLES = {
    "allocates": ("RC-1", "int* make() { return new int(1); }\n"
                          "void drop(int* p) { delete p; }\n"),
    "mallocs": ("RC-1", "#include <cstdlib>\nvoid* get(unsigned n) { return std::malloc(n); }\n"),
    "throws": ("RC-2", "int must_be_positive(int x) { if (x <= 0) throw 1; return x; }\n"),
    "uses_typeid": ("RC-3", "#include <typeinfo>\nstruct Base { virtual ~Base(); };\n"
                            "Base::~Base() = default;\n"
                            "const char* name(const Base& b) { return typeid(b).name(); }\n"),
    "sets_rounding": ("RC-8", "#include <cfenv>\nint up() { return std::fesetround(FE_UPWARD); }\n"),
    # Loads the FP control register with the target's own instruction (flush-to-zero on each).
    "sets_fp_control": ("RC-8", "void flush() {\n"
                                "#if defined(__x86_64__) || defined(__i386__)\n"
                                "  unsigned csr = 0x9fc0;\n"
                                "  __asm__ volatile(\"ldmxcsr %0\" : : \"m\"(csr));\n"
                                "#elif defined(__aarch64__)\n"
                                "  __asm__ volatile(\"msr fpcr, %0\" : : \"r\"(1ul << 24));\n"
                                "#elif defined(__arm__)\n"
                                "  __asm__ volatile(\"vmsr fpscr, %0\" : : \"r\"(1u << 24));\n"
                                "#elif defined(__riscv)\n"
                                "  __asm__ volatile(\"fsrmi 1\");\n"
                                "#elif defined(__s390x__)\n"
                                "  __asm__ volatile(\"sfpc %0\" : : \"d\"(0u));\n"
                                "#else\n"
                                "#error no FP control sample for this target\n"
                                "#endif\n"
                                "}\n"),
    "mutable_global": ("RC-9", "int calls = 0;\nint count() { return ++calls; }\n"),
    "clean": (None, "int half(int x) noexcept { return x / 2; }\n"
                    "const int table[] = {1, 2, 3};\nint at(int i) { return table[i]; }\n"),
}


def self_check(cxx, flags=()):
    verdicts = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (rule, source) in SAMPLES.items():
            src = os.path.join(tmp, name + ".cpp")
            obj = os.path.join(tmp, name + ".o")
            lib = os.path.join(tmp, "lib" + name + ".a")
            with open(src, "w", encoding="utf-8") as f:
                f.write(source)
            subprocess.run([cxx, *flags, "-std=c++20", "-O2", "-c", src, "-o", obj], check=True)
            # The archiver of the same binutils as nm (arm-none-eabi-nm: arm-none-eabi-ar).
            subprocess.run([NM[:-2] + "ar" if NM.endswith("nm") else "ar", "rcs", lib, obj],
                           check=True)
            rules = {r for r, _, _, _, _ in forbidden_symbols(lib)}
            # A throw also emits the thrown type's typeinfo, a polymorphic class its deleting
            # destructor: the sample's own rule must be among the findings, the clean one has none.
            ok = (rule in rules) if rule is not None else not rules
            verdicts.append((name, rule or "no finding", sorted(rules) or "none", ok))
    return coding_standard.judge_samples(verdicts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?")
    parser.add_argument("--self-check", metavar="CXX")
    parser.add_argument("--root", help="repository (for the evidence file's rules and register)")
    parser.add_argument("--evidence", help="coding-standard.json to record the result in")
    parser.add_argument("--nm", default="nm", help="the target's nm (default: the host's)")
    parser.add_argument("--objdump", default="objdump", help="the target's objdump")
    parser.add_argument("--cxx-flags", default="",
                        help="target flags for the self-check's compiler")
    args = parser.parse_args()
    global NM, OBJDUMP  # pylint: disable=global-statement
    NM, OBJDUMP = args.nm, args.objdump
    if args.self_check:
        return self_check(args.self_check, shlex.split(args.cxx_flags))
    if not args.archive:
        parser.error("give an archive or --self-check CXX")
    if args.evidence and not args.root:
        parser.error("--evidence needs --root")
    return check(args.archive, args.root, args.evidence)


if __name__ == "__main__":
    sys.exit(main())
