#!/usr/bin/env python3
"""Adapters that break the protocol of docs/conformance.md on purpose, for the end-to-end tests of
sonnx-div conform (conform/tests/campaign/CMakeLists.txt). Usage: misbehaving_adapter.py MODE.

  endless-line  announces itself, then answers the first request with 'x' without end and no
                newline, its output pipe enlarged to 1 MiB so that it is never empty when
                sonnx-div looks (a runtime stuck printing)
  long-line     answers every request with one line of 10 MiB (no protocol word)
  renaming FILE announces 'READY runtime-<k> v<k>', k the starts counted in FILE; its first start
                aborts on its first request, later starts answer every request 'ERROR no'
  no-version    announces 'READY onlyname' (no version), then answers every request 'ERROR no'
  deaf          never reads its requests (its input pipe shrunk to one page, which a few dozen
                fill) and writes 'ERROR no' lines without end (as fast as its output pipe takes
                them: an answer is always there to read)
"""
import fcntl
import os
import sys

F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)


def main():
    mode = sys.argv[1]
    out = sys.stdout.buffer
    starts = 0
    if mode == "renaming":
        with open(sys.argv[2], "a+") as f:
            f.seek(0)
            starts = len(f.read())
            f.write("x")
        out.write(b"READY runtime-%d v%d\n" % (starts, starts))
    elif mode == "no-version":
        out.write(b"READY onlyname\n")
    else:
        out.write(b"READY misbehaving-" + mode.encode() + b" 1\n")
    out.flush()
    if mode == "deaf":
        try:
            fcntl.fcntl(0, F_SETPIPE_SZ, 4096)
        except OSError:
            pass  # the default pipe: more requests fill it
        while True:
            out.write(b"ERROR no\n" * 512)
            out.flush()
    for line in sys.stdin.buffer:
        if line.strip() == b"QUIT":
            return 0
        if mode == "endless-line":
            try:
                fcntl.fcntl(1, F_SETPIPE_SZ, 1 << 20)
            except OSError:
                pass  # the default pipe: the limit still ends the line, the pipe is just emptier
            chunk = b"x" * 65536
            while True:
                os.write(1, chunk)
        elif mode == "long-line":
            out.write(b"x" * (10 << 20) + b"\n")
            out.flush()
        elif mode == "renaming" and starts == 0:
            os.abort()
        elif mode in ("renaming", "no-version"):
            out.write(b"ERROR no\n")
            out.flush()
        else:
            sys.stderr.write(f"unknown mode {mode}\n")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
