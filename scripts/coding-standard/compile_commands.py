"""A build's compile commands (BUILD/compile_commands.json), for the checks that run them again to
see what the compiler sees: stack_bound.py (with -fstack-usage, into a scratch folder) and
tests/core_stands_alone.py (with -MM: the headers each source opens)."""
import json
import os
import shlex


def entries(build):
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        return json.load(f)


def arguments(entry):
    """an entry's command as a list: `arguments` when the entry has it (the format's preferred
    field), else `command`, a shell line, split"""
    return list(entry["arguments"]) if "arguments" in entry else shlex.split(entry["command"])


def without_outputs(args):
    """the arguments without the files the command writes and their names, for the caller's own:
    -o, -MF, -MT and -MQ with their values (apart, or joined as -oFILE and -MFFILE), -MD, -MMD"""
    kept, skip = [], False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if arg in ("-MD", "-MMD") or arg.startswith(("-o", "-MF")):
            continue
        kept.append(arg)
    return kept
