#!/usr/bin/env python3
"""The self-check of stack_bound.py (CTest restricted_stack_bound_selfcheck, run as
`stack_bound.py --self-check CXX`): small libraries, each compiled into an archive with its own
compile_commands.json, on which the analysis must find recursion (direct, and through a table of
function pointers), an object of the archive that the compile commands leave out, a call to a
library function that no analysed unit defines (C and C++) and a call outside the library that
is not on its list, accept one that is, and, with an x86-64 GCC, follow a call to a
target_clones function into every version; then the reader of compile_commands.json on each
CMake generator's form."""
import json
import os
import shlex
import subprocess
import tempfile

import coding_standard
from stack_bound import (analyse, archive_members, compile_for_analysis, library_commands,
                         unanalysed, unread_members, worst_paths)

# name: (the library's files, the ones its compile commands list (None: all), expected verdict).
# Each file is compiled into the sample's archive; the analysis reads only the listed ones.
NO_RECURSION = ("static int twice(int x) { return 2 * x; }\n"
                "int api(int x) { return twice(x) + 1; }\n")
SAMPLES = {
    "direct_recursion": (
        {"a.cpp": "int depth(int n) { return n > 0 ? 1 + depth(n - 1) : 0; }\n"}, None,
        "a cycle"),
    "recursion_through_a_table": (
        {"a.cpp": "using Step = int (*)(int);\nextern const Step steps[1];\n"
                  "int walk(int n) { return n > 0 ? steps[0](n - 1) : 0; }\n"
                  "const Step steps[1] = {walk};\n"}, None, "a cycle"),
    "no_recursion": ({"a.cpp": NO_RECURSION}, None, "acyclic, complete"),
    # an object of the archive that the compile commands leave out (the AVX2 object library
    # before this check): its frames would be missing from the bound
    "archive_object_not_analysed": (
        {"a.cpp": NO_RECURSION, "b.cpp": "int other(int x) { return x - 1; }\n"}, ["a.cpp"],
        "archive object b.o unread"),
    # a call to a library function that no analysed unit defines, in C and in C++
    "library_call_not_analysed_c": (
        {"a.cpp": 'extern "C" int sonnx_elsewhere(int);\n'
                  "int api(int x) { return sonnx_elsewhere(x) + 1; }\n"}, None,
        "call to sonnx_elsewhere unresolved"),
    "library_call_not_analysed_cxx": (
        {"a.cpp": "namespace sonnx { int elsewhere(int); }\n"
                  "int api(int x) { return sonnx::elsewhere(x) + 1; }\n"}, None,
        "call to _ZN5sonnx9elsewhereEi unresolved"),
    # a call outside the library that is not on the list of those it may make
    "unexpected_dependency": (
        {"a.cpp": 'extern "C" int helper_elsewhere(int);\n'
                  "int api(int x) { return helper_elsewhere(x) + 1; }\n"}, None,
        "call to helper_elsewhere unresolved"),
    # one the list holds: strlen
    "listed_dependency": (
        {"a.cpp": 'extern "C" unsigned long strlen(const char*);\n'
                  "unsigned long api(const char* s) { return strlen(s) + 1; }\n"}, None,
        "acyclic, complete"),
}
# x86-64 GCC only: a call to a target_clones function goes to its versions (SONNX_MULTIVERSION)
CLONE_SAMPLE = ("call_to_target_clones", (
    {"a.cpp": '__attribute__((target_clones("avx2", "default"))) int sonnx_scan(const int* p) {\n'
              "  int s = 0;\n  for (int i = 0; i < 64; ++i) s += p[i];\n  return s;\n}\n"
              "int sonnx_api(const int* p) { return sonnx_scan(p) + 1; }\n"}, None,
    "acyclic, complete, sonnx_api calls every version of sonnx_scan"))


def sample_verdict(cxx, files, listed):
    """compiles the sample's files into an archive, analyses the listed ones: its verdict"""
    with tempfile.TemporaryDirectory() as build, tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(build, "lib.dir"))
        entries, objects = [], []
        for name, source in files.items():
            path = os.path.join(build, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(source)
            obj = "lib.dir/" + os.path.splitext(name)[0] + ".o"
            command = [cxx, "-std=c++20", "-O1", "-c", path, "-o", obj]
            subprocess.run(command, cwd=build, check=True)
            objects.append(obj)
            if listed is None or name in listed:
                entries.append({"directory": build, "file": path,
                                "command": " ".join(shlex.quote(a) for a in command)})
        subprocess.run(["ar", "rcs", "lib.a"] + objects, cwd=build, check=True)
        with open(os.path.join(build, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump(entries, f)
        units = compile_for_analysis(library_commands(build, "lib.dir"), scratch)
        defined, _sig, _ext, graph, _targets, _sites = analyse(units)
        try:
            worst_paths(defined, graph)
        except RecursionError:
            return "a cycle"
        unread = unread_members(archive_members(os.path.join(build, "lib.a")), units)
        if unread:
            return "archive object " + ", ".join(unread) + " unread"
        missing = unanalysed(graph, defined)
        if missing:
            return "call to " + ", ".join(missing) + " unresolved"
        verdict = "acyclic, complete"
        callees = {k[1] for k in graph.get(("", "_Z9sonnx_apiPKi"), ())}
        if {"_Z10sonnx_scanPKi.default", "_Z10sonnx_scanPKi.avx2"} <= callees:
            verdict += ", sonnx_api calls every version of sonnx_scan"
        return verdict


def command_entry(directory, compiler, objects, target, unit):
    """An entry of the "command" form: `unit` (below core/src/) of `target`, its object file in
    `objects`, the CMakeFiles folder as the generator names it from `directory`."""
    return {"directory": directory, "file": "{source}/core/src/" + unit,
            "command": f"{compiler} -O2 -o {objects}/{target}.dir/{unit}.o "
                       f"-c {{source}}/core/src/{unit}"}


# compile_commands.json as CMake's generators write it for the library (core/src/div/div.cpp) and
# for a target whose folder name starts like the library's: {build} is the build folder. The reader
# must pick exactly the library's unit of the folder it is given, in every form.
LIBRARY_UNIT = "div/div.cpp"
OTHER_UNIT = ("sonnx_div_routes_avx2", "div/fast/div_fast_avx2.cpp")
GENERATOR_FORMS = {
    "ninja_form": [
        command_entry("{build}", "c++", "core/src/CMakeFiles", "sonnx_div", LIBRARY_UNIT),
        command_entry("{build}", "c++", "core/src/CMakeFiles", *OTHER_UNIT)],
    "unix_makefiles_form": [
        command_entry("{build}/core/src", "/usr/bin/c++", "CMakeFiles", "sonnx_div", LIBRARY_UNIT),
        command_entry("{build}/core/src", "/usr/bin/c++", "CMakeFiles", *OTHER_UNIT)],
    "arguments_form": [
        {"directory": "{build}/core/src", "file": "{source}/core/src/div/div.cpp",
         "arguments": ["c++", "-O2", "-oCMakeFiles/sonnx_div.dir/div/div.cpp.o", "-c",
                       "{source}/core/src/div/div.cpp"]}],
}


def generator_forms():
    """The reader of compile_commands.json on each generator's form (no compilation)."""
    verdicts = []
    for name, entries in GENERATOR_FORMS.items():
        with tempfile.TemporaryDirectory() as build:
            def fill(value):
                if isinstance(value, list):
                    return [fill(v) for v in value]
                return value.replace("{build}", build).replace("{source}", "/source")
            with open(os.path.join(build, "compile_commands.json"), "w", encoding="utf-8") as f:
                json.dump([{k: fill(v) for k, v in e.items()} for e in entries], f)
            found = [source for _dir, _args, source in
                     library_commands(build, "core/src/CMakeFiles/sonnx_div.dir")]
        verdicts.append((name, ["/source/core/src/div/div.cpp"], found,
                         found == ["/source/core/src/div/div.cpp"]))
    return verdicts


def self_check(cxx):
    """Each sample as a small library with its own archive and compile_commands.json, then the
    reader of compile_commands.json on each generator's form."""
    samples = list(SAMPLES.items())
    machine = subprocess.run([cxx, "-dumpmachine"], capture_output=True, text=True,
                             check=False).stdout
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True,
                             check=False).stdout
    if machine.startswith("x86_64") and "clang" not in version:
        samples.append(CLONE_SAMPLE)
    verdicts = []
    for name, (files, listed, expected) in samples:
        found = sample_verdict(cxx, files, listed)
        verdicts.append((name, expected, found, found == expected))
    return coding_standard.judge_samples(verdicts + generator_forms())
