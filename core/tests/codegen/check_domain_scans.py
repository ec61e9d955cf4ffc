#!/usr/bin/env python3
"""Checks in the compiled library that the integer domain scans run in vector registers.

The domain scans (core/src/div/kernels/div_domain_signed.c and div_domain_unsigned.c, C3 and D3)
are compiled by g++ on x86-64 in three versions (function multiversioning): the baseline (SSE2), AVX2 and x86-64-v4 (AVX-512). Their
speed rests on the compiler vectorizing each scan's block loop in lanes of the element's width.
This check reads the disassembly (`objdump -d`) of the archive and requires, for every scan and
every version, the scan's vector operation on lanes of the element's width (b, w, d, q: 8, 16, 32,
64 bits) and registers of the version's width (xmm, ymm, zmm) inside a loop of the function
(between a backward jump and its target): a comparison (into a mask register on x86-64-v4), or
for the int8 scan, which folds each element into an unsigned byte measure, an unsigned minimum.
The one exemption is the baseline version of the 64-bit scans: SSE2 has no 64-bit lane
comparison (PCMPEQQ is SSE4.1).

  check_domain_scans.py ARCHIVE                  check the library (exit 1 on a missing version or
                                                 a scan without its vector comparison)
  check_domain_scans.py --self-check CXX SOURCE...
                                                 compile the SOURCEs (the domain scan files) as
                                                 the library does, and twice with a planted fault
                                                 (vectorization off; multiversioning off), and
                                                 show that the check accepts the first and
                                                 rejects both faults
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# scan -> (lane width, its vector operation)
TYPES = {"i8": ("b", "minimum"), "u8": ("b", "comparison"), "i16": ("w", "comparison"),
         "u16": ("w", "comparison"), "i32": ("d", "comparison"), "u32": ("d", "comparison"),
         "i64": ("q", "comparison"), "u64": ("q", "comparison")}
# version suffix -> (what it is, {operation: its pattern for lane width W})
VERSIONS = {
    "default": ("x86-64 baseline (SSE2)", {"comparison": r"pcmpeq{w}\s.*%xmm",
                                          "minimum": r"pminu{w}\s.*%xmm"}),
    "avx2": ("AVX2", {"comparison": r"vpcmpeq{w}\s.*%ymm", "minimum": r"vpminu{w}\s.*%ymm"}),
    "arch_x86_64_v4": ("x86-64-v4 (AVX-512)",
                       {"comparison": r"(?:vpcmpeq{w}|vpcmpu?{w}|vptestn?m{w})\s.*%zmm.*%k[0-7]",
                        "minimum": r"vpminu{w}\s.*%zmm"}),
}
FUNCTION = re.compile(r"^[0-9a-f]+ <(sonnx_div_domain_scan_(\w+?)\.(\w+))>:$")
INSTRUCTION = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
JUMP_TARGET = re.compile(r"^([0-9a-f]+)\b")


def functions(disassembly):
    """{(type, version): [(address, mnemonic, operands)]} of the scans' versions"""
    found, current = {}, None
    for line in disassembly.splitlines():
        head = FUNCTION.match(line)
        if head:
            current = (head.group(2), head.group(3))
            found[current] = []
        elif not line.strip():
            current = None
        elif current is not None:
            m = INSTRUCTION.match(line)
            if m:
                found[current].append((int(m.group(1), 16), m.group(2), m.group(3)))
    return found


def in_loop(instructions, address):
    """whether a backward jump of the function spans the address (a loop body holds it)"""
    for at, mnemonic, operands in instructions:
        target = JUMP_TARGET.match(operands)
        if mnemonic.startswith("j") and target and int(target.group(1), 16) <= address <= at:
            return True
    return False


def judge(disassembly):
    """(findings, report lines): a finding per missing version or scan without its comparison"""
    found = functions(disassembly)
    findings, report = [], []
    for t, (width, operation) in TYPES.items():
        for version, (what, patterns) in VERSIONS.items():
            instructions = found.get((t, version))
            name = "sonnx_div_domain_scan_%s.%s" % (t, version)
            if instructions is None:
                findings.append("%s: no %s version in the archive" % (name, what))
                continue
            if version == "default" and width == "q":
                report.append("%-44s exempt: SSE2 has no 64-bit lane comparison" % name)
                continue
            compare = re.compile(patterns[operation].format(w=width))
            hits = [(a, m, o) for a, m, o in instructions
                    if compare.match("%s %s" % (m, o)) and in_loop(instructions, a)]
            if hits:
                a, m, o = hits[0]
                report.append("%-44s %d in loops, e.g. %s %s" % (name, len(hits), m, o))
            else:
                findings.append("%s: no %d-bit lane %s (%s) in a loop" % (
                    name, {"b": 8, "w": 16, "d": 32, "q": 64}[width], operation, what))
    return findings, report


def disassemble(path, objdump):
    return subprocess.run([objdump, "-d", "--no-show-raw-insn", path], check=True,
                          capture_output=True, text=True).stdout


def check(archive, objdump):
    findings, report = judge(disassemble(archive, objdump))
    print("\n".join(report))
    for f in findings:
        print("FAIL " + f)
    print("domain scans: %s" % ("vectorized at every version's width" if not findings else
                                "%d finding(s)" % len(findings)))
    return 1 if findings else 0


def self_check(cxx, sources, objdump):
    """the library's compilation is accepted, each planted fault rejected"""
    include = os.path.join(os.path.dirname(os.path.abspath(sources[0])), "..", "..")
    base = [cxx, "-x", "c++", "-std=c++20", "-O3", "-funroll-loops", "-ffp-contract=off",
            "-I" + include, "-c"]
    cases = [("as the library compiles it", [], True),
             ("planted fault: vectorization off (-fno-tree-vectorize)", ["-fno-tree-vectorize"],
              False),
             ("planted fault: one version only (the multiversioning macro off)",
              ["-D__FRAMAC__"], False)]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for what, flags, accepted in cases:
            text = ""
            for k, source in enumerate(sources):
                obj = os.path.join(tmp, "scan%d.o" % k)
                subprocess.run(base + [source] + flags + ["-o", obj], check=True)
                text += disassemble(obj, objdump) + "\n"
            findings, _ = judge(text)
            right = (not findings) == accepted
            ok = ok and right
            print("%s %s: %s" % ("ok  " if right else "FAIL", what,
                                 "accepted" if not findings else "rejected (%d findings, e.g. %s)"
                                 % (len(findings), findings[0])))
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?")
    parser.add_argument("--self-check", nargs="+", metavar="CXX SOURCE")
    parser.add_argument("--objdump", default="objdump")
    args = parser.parse_args()
    if args.self_check:
        if len(args.self_check) < 2:
            parser.error("--self-check CXX SOURCE...")
        return self_check(args.self_check[0], args.self_check[1:], args.objdump)
    if not args.archive:
        parser.error("give an archive or --self-check CXX SOURCE")
    return check(args.archive, args.objdump)


if __name__ == "__main__":
    sys.exit(main())
