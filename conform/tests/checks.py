"""How conform/tests' Python checks start and end (on PYTHONPATH, set by their CTests): options,
the check's options, each required; verdict, every failure printed, exit status 1 if there is
one."""
import argparse


def options(*names):
    parser = argparse.ArgumentParser()
    for name in names:
        parser.add_argument(name, required=True)
    return parser.parse_args()


def verdict(errors):
    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0
