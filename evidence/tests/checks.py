"""The evidence tools' tests share one way of recording a check: each prints ok or FAIL with what
it checked, and the test's exit status is 1 when any failed (0 otherwise)."""


class Checks:
    def __init__(self, title, tail=3000):
        self.title = title
        self.tail = tail
        self.failures = []

    def __call__(self, ok, what, detail=""):
        print(("ok: " if ok else "FAIL: ") + what)
        if not ok:
            self.failures.append(what)
            if detail:
                text = detail if isinstance(detail, str) else " ".join(detail)
                print("  " + text[-self.tail:])

    def status(self, extra=""):
        print(f"{self.title}: {extra}{len(self.failures)} failure(s)")
        return 1 if self.failures else 0
