"""The verdict of a c_adapter check: every failure printed, exit status 1 if there is one."""


def verdict(errors):
    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0
