#!/usr/bin/env python3
"""Your C Div on your target (docs/conformance.md, "Your C Div on your target"): builds the
C-function adapter (the harness of conform/c_adapter/ with your Div) for a target the project
knows, with its compiler (or the one of your toolchain file) and your flags, runs the conformance
campaign (sonnx-div conform) against it under the target's emulator and writes the report, which
says which target, compiler, flags and emulator ran.

  conform_c.py --target cortex-m4f --sources my_div.c --report div-m4f.json
  conform_c.py --target aarch64 --objects my_div.o --cflags "-O3 -mcpu=cortex-a72" --report r.json

Targets: x86-64 (the host, native), aarch64, armhf, riscv64, s390x (Linux, qemu-user) and
cortex-m4f (bare metal, qemu-system-arm MPS2 AN386, semihosting). Exit status: that of the
campaign (0 conforms, 1 findings, 3 the campaign failed), 2 usage, 4 the build failed.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time

# No __pycache__ beside the sources: evidence is bound to their folders by content.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "platforms"))
import run_platforms  # noqa: E402  (the targets and their toolchain files, one list)

TARGETS = run_platforms.TARGETS
EMULATION_NOTE = run_platforms.EMULATION_NOTE
NATIVE_NOTE = ("Run natively on the machine that ran the campaign: evidence about the compiled "
               "code on this processor.")

# Campaign presets: the options of sonnx-div conform and what they run. Default: full on the host,
# sampled under qemu-user, sampled-small on bare metal (an emulated Cortex-M4F divides about 10^6
# float16 pairs per second, measured under load; qemu-user runs an order of magnitude faster).
CAMPAIGNS = {
    "short": (["--short"],
              "short: the edge and domain cases of every type, 1024 seeded random pairs per "
              "32/64-bit type; float16 and bfloat16: their edge cases only"),
    "sampled-small": (["--random-pairs", "1048576", "--sample-16bit", "1048576"],
                      "sampled-small: the edge and domain cases of every type, 2^20 seeded random "
                      "pairs per 32/64-bit type, and for float16 and bfloat16 2^20 seeded random "
                      "pairs each instead of all 2^32"),
    "sampled": (["--random-pairs", "4194304", "--sample-16bit", "16777216"],
                "sampled: the edge and domain cases of every type, 2^22 seeded random pairs per "
                "32/64-bit type, and for float16 and bfloat16 2^24 seeded random pairs each "
                "instead of all 2^32"),
    "full": ([], "full: every float16 and bfloat16 pair (2^32 each), 2^22 seeded random pairs "
                 "per 32/64-bit type, the edge and domain cases"),
}


def default_campaign(target):
    spec = TARGETS[target]
    return ("full" if spec["toolchain"] is None else
            "sampled-small" if spec.get("bare_metal") else "sampled")


# The harness's static buffers hold 4 blocks of 8-byte elements; a quarter of the RAM for them.
MAX_BLOCK = 4096
LINUX_RAM_KIB = 1 << 20


class BuildError(Exception):
    pass


def block_for(ram_kib):
    """The largest power-of-two block (elements) whose buffers take at most a quarter of the RAM."""
    block = MAX_BLOCK
    while block > 16 and 4 * 8 * block > ram_kib * 1024 // 4:
        block //= 2
    return block


def first_line(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = (out.stdout or out.stderr).strip().splitlines()
    return lines[0] if lines else None


def build_adapter(target, build, sources=(), objects=(), includes=(), cflags="-O2",
                  toolchain_file=None, block=None, jobs=2):
    """Configures and builds the harness with the user's Div for the target; returns the build's
    c-adapter-target.json (compiler, flags, emulator, program)."""
    spec = TARGETS[target]
    if toolchain_file is None and spec["toolchain"]:
        toolchain_file = os.path.join(ROOT, "cmake", "toolchains", spec["toolchain"])
    options = [f"-DSONNX_C_DIV_SOURCES={';'.join(os.path.abspath(s) for s in sources)}",
               f"-DSONNX_C_DIV_OBJECTS={';'.join(os.path.abspath(o) for o in objects)}",
               f"-DSONNX_C_DIV_INCLUDES={';'.join(os.path.abspath(i) for i in includes)}",
               f"-DSONNX_C_DIV_FLAGS={cflags}", f"-DSONNX_C_BLOCK={block}"]
    if toolchain_file:
        options.append(f"-DCMAKE_TOOLCHAIN_FILE={os.path.abspath(toolchain_file)}")
    for command in (["cmake", "-S", HERE, "-B", build, "-G", "Ninja", *options],
                    ["cmake", "--build", build, "-j", str(jobs)]):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-25:])
            raise BuildError(f"exit {done.returncode}: {shlex.join(command)}\n{tail}")
    with open(os.path.join(build, "c-adapter-target.json"), encoding="utf-8") as f:
        return json.load(f)


def adapter_command(info, bare_metal):
    """The command that starts the adapter: the program, under the target's emulator. On bare
    metal the requests and answers go through semihosting as host files: the emulator's own
    standard input and output, named on the program's command line (QEMU's -semihosting-config
    arg=...); its console (the harness's diagnostics) goes to the emulator's standard error."""
    program = info["adapter"]
    emulator = list(info["emulator"])
    if info["crosscompiling"].upper() not in ("TRUE", "ON", "1") or not emulator:
        return [program]
    if not bare_metal:
        return [*emulator, program]
    if "-semihosting-config" not in emulator or emulator[-1] != "-kernel":
        raise BuildError(f"the bare-metal emulator {emulator} has no -semihosting-config or does "
                         "not end with -kernel")
    # -nographic would give QEMU's serial port the standard input the requests come on.
    command = [w for w in emulator[:-1] if w != "-nographic"]
    i = command.index("-semihosting-config") + 1
    command[i] += ",arg=/dev/stdin,arg=/dev/stdout"
    return [*command, "-display", "none", "-serial", "none", "-kernel", program]


def image_size(info):
    """text, data and bss of the program (its static RAM is data + bss), from the target's size
    tool next to its compiler."""
    compiler = info["c_compiler"]
    size_tool = compiler[: -len("gcc")] + "size" if compiler.endswith("gcc") else "size"
    try:
        out = subprocess.run([size_tool, info["adapter"]], capture_output=True, text=True,
                             check=True, timeout=60).stdout.splitlines()
        text, data, bss = (int(x) for x in out[1].split()[:3])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None
    return {"text_bytes": text, "data_bytes": data, "bss_bytes": bss,
            "static_ram_bytes": data + bss, "tool": size_tool}


def target_info(target, info, command, campaign, ram_kib):
    spec = TARGETS[target]
    bare_metal = bool(spec.get("bare_metal"))
    emulated = command[0] != info["adapter"]
    return {
        "target": target,
        "description": spec["description"],
        "kind": ("bare metal under qemu-system-arm, semihosting" if bare_metal
                 else "hosted Linux under qemu-user" if emulated else "native (the host)"),
        "toolchain_file": (os.path.relpath(info["toolchain_file"], ROOT)
                           if info["toolchain_file"].startswith(ROOT) else info["toolchain_file"]),
        "compiler": first_line([info["c_compiler"], "--version"]),
        "compiler_path": info["c_compiler"],
        "toolchain_flags": " ".join(info["toolchain_c_flags"].split()),
        "user_flags": " ".join(info["user_flags"].split()),
        "linker_flags": " ".join(info["linker_flags"].split()),
        "user_sources": [os.path.relpath(s, ROOT) if s.startswith(ROOT) else s
                         for s in info["user_sources"]],
        "user_objects": info["user_objects"],
        "harness_block_elements": info["block_elements"],
        "ram_assumed_kib": ram_kib,
        "image": image_size(info),
        "adapter_command": command,
        "emulator": ({"command": command[:-1], "version": first_line([command[0], "--version"])}
                     if emulated else None),
        "campaign": campaign,
        "note": EMULATION_NOTE if emulated else NATIVE_NOTE,
    }


def run_campaign(tool, target, info, report, campaign, extra=(), ram_kib=None):
    """Runs sonnx-div conform against the built adapter; returns (exit status, seconds)."""
    spec = TARGETS[target]
    bare_metal = bool(spec.get("bare_metal"))
    command = adapter_command(info, bare_metal)
    options, text = CAMPAIGNS[campaign]
    details = target_info(target, info, command, text, ram_kib)
    report = os.path.abspath(report)
    os.makedirs(os.path.dirname(report), exist_ok=True)
    info_file = os.path.splitext(report)[0] + "-target.json"
    with open(info_file, "w", encoding="utf-8") as f:
        json.dump(details, f, indent=2)
    # An emulated processor answers a request of 2^16 elements in well under a second.
    chunk = ["--chunk", "65536"] if command[0] != info["adapter"] else []
    started = time.monotonic()
    done = subprocess.run([tool, "conform", "--report", report, "--target-info", info_file,
                           *chunk, *options, *extra, "--", *command], check=False)
    os.remove(info_file)
    return done.returncode, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--target", required=True, choices=sorted(TARGETS))
    parser.add_argument("--sources", nargs="*", default=[], help="your Div's C sources")
    parser.add_argument("--objects", nargs="*", default=[],
                        help="your Div compiled: objects (.o) or static libraries (.a)")
    parser.add_argument("--include", nargs="*", default=[], help="folders your sources include")
    parser.add_argument("--cflags", default="-O2",
                        help="your compile flags (default -O2); the harness and the link get "
                             "them too")
    parser.add_argument("--toolchain-file", help="your CMake toolchain file (your compiler) "
                                                 "instead of the target's in cmake/toolchains/")
    parser.add_argument("--ram-kib", type=int,
                        help="the target's RAM, which sizes the harness's buffers (bare metal: "
                             "default 64; Linux: 1048576)")
    parser.add_argument("--campaign", choices=sorted(CAMPAIGNS),
                        help="short, sampled-small (default on bare metal), sampled (default "
                             "under qemu-user) or full (default on the host: every 16-bit pair)")
    parser.add_argument("--report", required=True, help="the campaign's report (JSON)")
    parser.add_argument("--build", help="build folder (default: <report stem>-build/)")
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "cli", "sonnx-div"),
                        help="the sonnx-div program (default: the release build's)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("conform", nargs=argparse.REMAINDER,
                        help="after --: more sonnx-div conform options (--types, --seed, ...)")
    args = parser.parse_args()
    if not args.sources and not args.objects:
        parser.error("give your Div: --sources and/or --objects")
    missing = [f for f in args.sources + args.objects if not os.path.isfile(f)]
    if missing:
        parser.error(f"no such file: {missing[0]}")
    args.tool = os.path.abspath(args.tool)
    bare_metal = bool(TARGETS[args.target].get("bare_metal"))
    ram_kib = args.ram_kib or (64 if bare_metal else LINUX_RAM_KIB)
    build = args.build or os.path.splitext(os.path.abspath(args.report))[0] + "-build"
    try:
        info = build_adapter(args.target, build, args.sources, args.objects, args.include,
                             args.cflags, args.toolchain_file, block_for(ram_kib), args.jobs)
        rc, seconds = run_campaign(args.tool, args.target, info, args.report,
                                   args.campaign or default_campaign(args.target),
                                   [a for a in args.conform if a != "--"], ram_kib)
    except BuildError as error:
        print(f"conform_c: the build failed: {error}", file=sys.stderr)
        return 4
    print(f"conform_c: {args.target}: exit {rc} in {seconds:.0f} s; report {args.report}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
