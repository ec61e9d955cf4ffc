# Failed assertions of oracle_tests per test case and format (fault-injection record, docs/oracle.md).
# Usage: python3 summarise.py path/to/oracle_tests
import collections
import re
import subprocess
import sys

out = subprocess.run([sys.argv[1], "-r", "xml"], capture_output=True, text=True).stdout
counts = collections.Counter()
for case in re.finditer(r'<TestCase name="([^"]*)"(.*?)</TestCase>', out, re.S):
    name, body = case.group(1), case.group(2)
    for failed in re.finditer(r'((?:<Info>.*?</Info>\s*)*)<Expression success="false"', body, re.S):
        infos = re.findall(r'<Info>\s*(.*?)\s*</Info>', failed.group(1), re.S)
        fmt = next((f for f in ("bfloat16", "float16", "float32", "float64")
                    if any(i.startswith(f) for i in infos)), "?")
        counts[(name, fmt)] += 1
for (name, fmt), n in sorted(counts.items()):
    print(f"{n:5d}  {fmt:9s} {name}")
cases = re.search(r'<OverallResultsCases successes="(\d+)" failures="(\d+)"', out)
print("test cases: %s passed, %s failed" % cases.groups())
