#!/usr/bin/env python3
"""Worst-case stack bound of every public API function of the library, and a no-recursion check.

  stack_bound.py --build BUILD_DIR [--target-dir DIR]... [--archive FILE] --out stack.json

Recompiles each source of the library (the units of every --target-dir: by default the library's
own and, where the target has it, the object library of its AVX2 routes) with its own compile
command from compile_commands.json (any CMake generator's form: the object path is read relative
to each command's folder; same compiler, optimisation and code-generation flags) plus
`-fstack-usage -fcallgraph-info=su -ffunction-sections`, into a scratch folder. From GCC's
per-function frame sizes and call graph (.ci files) it builds the library's whole call graph:

  - a function with internal linkage (anonymous namespace, `static`) is told apart by its
    translation unit; an inline or template function defined in several units counts with its
    largest frame;
  - every indirect call, should one appear (the façade calls every kernel and decision procedure
    by name), may go to any function whose address the library takes: the relocations of the
    objects, other than direct calls and unwind tables, list them;
  - a call to a function compiled with target_clones (SONNX_MULTIVERSION) may run any of its
    versions, which GCC names FUNCTION.<version>: it counts with the deepest (the resolver runs
    when the program is loaded, not in the call);
  - the functions outside the library that it may call are a fixed list (OUTSIDE: the C
    library's getenv, strcmp, memcpy, memset, strlen; the C++ runtime's static-initialisation
    guard and the compiler's run-time functions, all named __*); they are listed per API
    function: their stack is not part of the bound and is the integrator's to add.

Fails (exit 1) when the graph has a cycle (recursion), when a frame is dynamic and unbounded, when
no public function is found, when the library's archive holds an object that the analysis did not
compile (the bound would leave its frames out), or when a call goes to a function that no
analysed unit defines and that is not on the OUTSIDE list. `--self-check CXX` shows the cycle,
unread-object and undefined-call checks failing on small planted libraries, and a call into
target_clones versions followed (stack_bound_selfcheck.py).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compile_commands  # noqa: E402

NODE = re.compile(r'^node: \{ title: "(?P<title>[^"]*)" label: "(?P<label>(?:[^"\\]|\\.)*)"'
                  r'(?P<rest>.*)\}$')
EDGE = re.compile(r'^edge: \{ sourcename: "(?P<src>[^"]*)" targetname: "(?P<dst>[^"]*)"')
FRAME = re.compile(r"(\d+) bytes \(([^)]*)\)")
INDIRECT = "__indirect_call"
# The library: its own objects and, on x86-64, the object library of its AVX2 routes (the same
# C-subset files compiled with -mavx2 -mf16c, functions renamed *_avx2), and its archive.
TARGET_DIRS = ("core/src/CMakeFiles/sonnx_div.dir", "core/src/CMakeFiles/sonnx_div_routes_avx2.dir")
ARCHIVE = "core/src/libsonnx_div.a"


def split_title(title):
    """GCC titles a function with internal linkage "<source>:<symbol>"; others by their symbol."""
    if ":" in title:
        return True, title.rsplit(":", 1)[1]
    return False, title


def object_path(args, directory):
    """The object file a compile command writes (`-o FILE` or `-oFILE`), as an absolute path:
    generators write it relative to the command's directory, which differs between them."""
    for k, arg in enumerate(args):
        if arg == "-o" and k + 1 < len(args):
            output = args[k + 1]
        elif arg.startswith("-o") and len(arg) > 2:
            output = arg[2:]
        else:
            continue
        return os.path.normpath(os.path.join(directory, output))
    return ""


def library_commands(build, target_dir):
    """The compile commands of compile_commands.json whose object file lies under BUILD/TARGET_DIR.
    Any generator's form: Ninja runs every command from the build folder (`-o
    core/src/CMakeFiles/sonnx_div.dir/...`), Unix Makefiles from the target's folder (`-o
    CMakeFiles/sonnx_div.dir/...` in BUILD/core/src); entries give `command` or `arguments`."""
    build = os.path.abspath(build)
    target = os.path.normpath(os.path.join(build, target_dir)) + os.sep
    chosen = []
    for entry in compile_commands.entries(build):
        args = compile_commands.arguments(entry)
        directory = os.path.join(build, entry.get("directory", build))
        if object_path(args, directory).startswith(target):
            chosen.append((directory, args, entry["file"]))
    return chosen


def compile_for_analysis(commands, scratch):
    units = []
    for index, (directory, args, source) in enumerate(commands):
        while args and os.path.basename(args[0]) in ("ccache", "sccache", "distcc"):
            args = args[1:]
        unit = os.path.join(scratch, f"unit{index}")
        kept = compile_commands.without_outputs(args) + [
            "-fstack-usage", "-fcallgraph-info=su", "-ffunction-sections", "-o", unit + ".o"]
        subprocess.run(kept, cwd=directory, check=True)
        units.append((unit, source, kept, object_path(args, directory)))
    return units


def parse_unit(unit):
    nodes, edges = {}, []
    with open(unit + ".ci", encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            match = NODE.match(line)
            if match:
                label = match["label"].replace("\\n", "\n")
                frame = FRAME.search(label)
                nodes[match["title"]] = {
                    "signature": label.split("\n")[0],
                    "location": label.split("\n")[1] if "\n" in label else "",
                    "bytes": int(frame.group(1)) if frame else None,
                    "kind": frame.group(2) if frame else None,
                }
                continue
            match = EDGE.match(line)
            if match:
                edges.append((match["src"], match["dst"]))
    return nodes, edges


# Relocation types of direct calls and tail calls, per target (x86-64, Arm, AArch64, RISC-V, s390x):
# a call does not take the callee's address.
CALL_RELOCATIONS = {
    "R_X86_64_PLT32", "R_X86_64_PC32_CALL",
    "R_ARM_CALL", "R_ARM_JUMP24", "R_ARM_PLT32", "R_ARM_THM_CALL", "R_ARM_THM_JUMP24",
    "R_ARM_THM_JUMP19", "R_ARM_THM_JUMP11", "R_ARM_THM_JUMP8",
    "R_AARCH64_CALL26", "R_AARCH64_JUMP26",
    "R_RISCV_CALL", "R_RISCV_CALL_PLT", "R_RISCV_JAL", "R_RISCV_BRANCH", "R_RISCV_RVC_JUMP",
    "R_RISCV_RVC_BRANCH", "R_RISCV_RELAX", "R_RISCV_ALIGN",
    "R_390_PLT32DBL", "R_390_PLT16DBL",
}
# Sections whose references are not code taking an address: unwind tables and debug information.
IGNORED_SECTIONS = (".rela.eh_frame", ".rel.eh_frame", ".rela.debug", ".rel.debug",
                    ".rel.ARM.exidx", ".rela.ARM.exidx", ".rel.ARM.extab", ".rela.ARM.extab")


def entry_addend(kind):
    """The addend of a reference to a function's first byte. PC-relative references on x86-64
    carry the -4 of the instruction's displacement, s390x's halfword-scaled ones (LARL) +2; every
    other reference (absolute data words, Arm MOVW/MOVT, AArch64 ADRP/ADD, RISC-V AUIPC) 0."""
    if kind.startswith("R_X86_64") and ("PC" in kind or "GOTPCREL" in kind):
        return -4
    if kind.startswith("R_390_") and kind.endswith("DBL"):
        return 2
    return 0


def address_taken(unit):
    """Functions whose address the object takes (relocations other than direct calls)."""
    out = subprocess.run(["readelf", "-rW", unit + ".o"], capture_output=True, text=True,
                         check=True).stdout
    taken, section = set(), ""
    for line in out.splitlines():
        header = re.match(r"Relocation section '([^']*)'", line)
        if header:
            section = header.group(1)
            continue
        # RELA: Offset Info Type Sym.Value Sym.Name + Addend; REL (32-bit Arm): the first five,
        # the addend being stored in the relocated word.
        parts = line.split()
        if (len(parts) < 5 or not re.fullmatch(r"[0-9a-f]+", parts[0])
                or not parts[2].startswith("R_")):
            continue
        kind, symbol = parts[2], parts[4]
        if section.startswith(IGNORED_SECTIONS) or kind in CALL_RELOCATIONS:
            continue
        if len(parts) >= 7 and parts[5] in "+-":
            addend = int(parts[6], 16) * (-1 if parts[5] == "-" else 1)
            # Only a reference to a function's first byte takes its address; anything else into a
            # function's section is a label inside it (a switch's jump table).
            if addend != entry_addend(kind):
                continue
        if symbol.startswith(".text."):
            symbol = symbol[len(".text."):]
        taken.add(symbol)
    return taken


def analyse(units):
    # Keys: ("", name) for external linkage, (unit, name) for internal linkage.
    defined, signature, external = {}, {}, {}
    raw_edges, taken = [], set()
    for unit, _source, _args, _built in units:
        nodes, edges = parse_unit(unit)
        for title, node in nodes.items():
            local, name = split_title(title)
            if node["bytes"] is None:
                external.setdefault(name, node["signature"])
                continue
            key = (unit, name) if local else ("", name)
            if node["kind"] not in ("static", "dynamic,bounded"):
                raise SystemExit(f"unbounded dynamic frame: {node['signature']} ({node['kind']})")
            previous = defined.get(key)
            defined[key] = max(previous or 0, node["bytes"])
            signature[key] = node["signature"]
        for src, dst in edges:
            raw_edges.append((unit, src, dst))
        for name in address_taken(unit):
            taken.add((unit, name))

    # The versions of each target_clones function, by the name its callers use (GCC gives the
    # versions internal linkage in their unit, FUNCTION.default, FUNCTION.avx2, ...; the callers
    # call FUNCTION, the ifunc, whose resolver the loader runs).
    resolved = {k[1][:-len(".resolver")] for k in defined if k[1].endswith(".resolver")}
    versions = {}
    for key in defined:
        base, dot, version = key[1].partition(".")
        if dot and version != "resolver" and base in resolved and ("", base) not in defined:
            versions.setdefault(base, []).append(key)

    def resolve(unit, title):
        """the keys a call goes to"""
        if title == INDIRECT:
            return [INDIRECT]
        local, name = split_title(title)
        if local:
            return [(unit, name)]
        for candidate in (name, name.replace("C1E", "C2E", 1), name.replace("D1E", "D2E", 1)):
            # A complete-object constructor or destructor (C1/D1) is an alias of the base-object
            # one (C2/D2), which carries the frame.
            if ("", candidate) in defined:
                return [("", candidate)]
        return versions.get(name) or [("extern", name)]

    targets = sorted({k if k in defined else ("", k[1]) for k in taken
                      if k in defined or ("", k[1]) in defined})
    graph = {key: set() for key in defined}
    indirect_sites = 0
    for unit, src, dst in raw_edges:
        source = resolve(unit, src)[0]
        if source not in defined:
            continue
        for target in resolve(unit, dst):
            if target == INDIRECT:
                indirect_sites += 1
                graph[source].update(targets)
            else:
                graph[source].add(target)
    return defined, signature, external, graph, targets, indirect_sites


# The functions outside the library that it may call, by the name the assembler gives them: the
# C library's, and the C++ runtime's and the compiler's run-time functions (reserved names, __*).
OUTSIDE = re.compile(r"^(?:getenv|strcmp|memcpy|memset|strlen|__[A-Za-z0-9_]+)$")


def unanalysed(graph, defined):
    """calls to a function that no analysed unit defines and that is not on the OUTSIDE list (a
    function of the library left out of the analysis, or an unexpected dependency), and calls to
    a function local to a unit that has no frame there"""
    return sorted({callee[1] for callees in graph.values() for callee in callees
                   if (callee[0] == "extern" and not OUTSIDE.match(callee[1]))
                   or (callee[0] not in ("extern", "") and callee not in defined)})


def archive_members(archive):
    """the object files of a static library (`ar t`), as a sorted list of names"""
    out = subprocess.run(["ar", "t", archive], capture_output=True, text=True, check=True)
    return sorted(out.stdout.split())


def unread_members(members, units):
    """archive members that no analysed unit compiles (by object file name, with multiplicity:
    the baseline and the AVX2 compilations of a file share their name)"""
    left = list(members)
    for _unit, _source, _args, built in units:
        if os.path.basename(built) in left:
            left.remove(os.path.basename(built))
    return left


def worst_paths(defined, graph):
    """Longest frame-weighted path from each function; raises on a cycle."""
    best, state = {}, {}

    def visit(key, trail):
        if state.get(key) == "done":
            return best[key]
        if state.get(key) == "open":
            cycle = trail[trail.index(key):] + [key]
            raise RecursionError(cycle)
        state[key] = "open"
        frame = defined.get(key, 0)
        deepest, path, externs = 0, [], set()
        for callee in sorted(graph.get(key, ())):
            if callee[0] == "extern":
                externs.add(callee[1])
                continue
            depth, sub, sub_externs = visit(callee, trail + [key])
            externs |= sub_externs
            if depth > deepest:
                deepest, path = depth, sub
        state[key] = "done"
        best[key] = (frame + deepest, [key] + path, externs)
        return best[key]

    for key in sorted(defined):
        visit(key, [])
    return best


def public_api(signature_text):
    name = signature_text.split("(")[0].split()[-1]
    return (name.startswith("sonnx::") and not name.startswith("sonnx::detail::")
            and "(anonymous namespace)" not in signature_text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build")
    parser.add_argument("--target-dir", action="append",
                        help="a folder (below BUILD) whose compile commands are the library's "
                             "(repeatable; default: " + ", ".join(TARGET_DIRS) + ")")
    parser.add_argument("--archive", default=ARCHIVE,
                        help="the library's archive (below BUILD), whose every object the "
                             "analysis must compile (default: %(default)s)")
    parser.add_argument("--out")
    parser.add_argument("--self-check", metavar="CXX",
                        help="show on small libraries that recursion (direct or through a "
                             "function-pointer table), an archive object left out and a call to "
                             "an undefined library function are found, that target_clones "
                             "versions are followed, and that compile_commands.json is read in "
                             "every generator's form")
    args = parser.parse_args()
    if args.self_check:
        import stack_bound_selfcheck  # pylint: disable=import-outside-toplevel
        return stack_bound_selfcheck.self_check(args.self_check)
    if not args.build or not args.out:
        parser.error("give --build and --out, or --self-check CXX")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    commands = [c for d in args.target_dir or TARGET_DIRS
                for c in library_commands(os.path.abspath(args.build), d)]
    if not commands:
        print(f"no compile command writes under {args.target_dir or TARGET_DIRS}",
              file=sys.stderr)
        return 2
    archive = os.path.join(os.path.abspath(args.build), args.archive)
    if not os.path.isfile(archive):
        print(f"no library archive {archive}: build the library first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        units = compile_for_analysis(commands, scratch)
        defined, signature, external, graph, targets, indirect_sites = analyse(units)
        unread = unread_members(archive_members(archive), units)
        missing = unanalysed(graph, defined)
        acyclic, cycle, best = True, None, {}
        try:
            best = worst_paths(defined, graph)
        except RecursionError as error:
            acyclic, cycle = False, [signature.get(k, k[1]) for k in error.args[0]]
        compiler = units[0][2][0]
        version = subprocess.run([compiler, "-dumpfullversion"], capture_output=True,
                                 text=True, check=False).stdout.strip()
        target = subprocess.run([compiler, "-dumpmachine"], capture_output=True,
                                text=True, check=False).stdout.strip()
    functions = []
    for key in sorted(defined, key=lambda k: signature[k]):
        if key[0] != "" or not public_api(signature[key]):
            continue
        entry = {"name": signature[key], "symbol": key[1], "own_frame_bytes": defined[key]}
        if acyclic:
            bound, path, externs = best[key]
            entry.update({"bound_bytes": bound,
                          "worst_path": [{"function": signature[k], "frame_bytes": defined[k]}
                                         for k in path],
                          "external_callees": sorted(externs)})
        functions.append(entry)
    evidence = {
        "method": "gcc -fstack-usage -fcallgraph-info=su on each library source with its own "
                  "compile command; longest frame-weighted path in the whole-library call graph",
        "compiler": f"{os.path.basename(compiler)} {version}",
        "sources": [os.path.relpath(u[1], root) for u in units],
        "objects": [os.path.relpath(u[3], os.path.abspath(args.build)) for u in units],
        "archive": args.archive,
        "archive_objects_unread": unread,
        "library_calls_unresolved": missing,
        "acyclic": acyclic,
        "cycle": cycle,
        "functions_analysed": len(defined),
        "indirect_call_sites": indirect_sites,
        "indirect_call_targets": [signature[k] for k in targets],
        "indirect_call_rule": "every indirect call may reach every function whose address the "
                              "library takes (object relocations other than direct calls and "
                              "unwind tables)",
        "external_functions": sorted({name for f in functions
                                      for name in f.get("external_callees", [])}),
        "external_note": "frames of functions outside the library are not included in "
                         "bound_bytes; external_callees lists them per API function",
        "clone_rule": "a call to a target_clones function counts with the deepest of its "
                      "versions",
        "target": target,
        "frame_note": "GCC's static frame size of each function for the target above (on x86-64 "
                      "the return address included, a leaf function without locals counting 8 "
                      "bytes; on Arm and the other load-store targets the saved link register "
                      "included when the function saves it)",
        "functions": functions,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(evidence, f, indent=2)
        f.write("\n")
    package = os.path.join(root, "evidence")
    if os.path.isdir(package):
        subprocess.run([sys.executable, "-m", "sonnx_evidence.evidence_provenance",
                        os.path.abspath(args.out), "--binding", "stack"], cwd=root, check=False,
                       env=dict(os.environ, PYTHONPATH=package))
    for entry in functions:
        bound = entry.get("bound_bytes", "?")
        print(f"{bound:>6} bytes  {entry['name']}")
    print(f"{'ok' if acyclic else 'FAIL'}: {len(defined)} functions, {indirect_sites} indirect "
          f"call site(s) over {len(targets)} address-taken target(s), call graph "
          f"{'acyclic' if acyclic else 'CYCLIC: ' + ' -> '.join(cycle)}")
    if not functions:
        print("no public API function found", file=sys.stderr)
        return 1
    for name in unread:
        print(f"FAIL: {args.archive} holds {name}, which no analysed compile command writes: "
              "its frames would be left out of the bound")
    for name in missing:
        print(f"FAIL: a call to {name}, which no analysed unit defines and which is not one of "
              "the functions outside the library it may call")
    return 0 if acyclic and not unread and not missing else 1


if __name__ == "__main__":
    sys.exit(main())
