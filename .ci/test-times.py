#!/usr/bin/env python3
"""Time per module and the slowest test classes, from Surefire's XML reports of the last run (issue 47).

Usage: python3 .ci/test-times.py [N]   (from the project root; N slowest classes, 25 by default)
Prints Markdown tables, as docs/testing.md shows them. A module's time is the sum of its classes' times: with two
forks (infra) the module's wall clock is less than that sum.

       python3 .ci/test-times.py --run-order MODULE > MODULE/src/test/run-order.txt
Prints the module's classes with their times in milliseconds in the format of Surefire's run statistics
("1,<ms>,<class>" a line), which its balanced run order reads (infra/pom.xml; ./test puts the file in place):
longest first. Make it from the reports of a fresh-clone CI=true bash .ci/run, whose times are those of the run
that the order is for (docs/testing.md round 17).
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

if len(sys.argv) > 2 and sys.argv[1] == "--run-order":
    rows = []
    for report in glob.glob(f"{sys.argv[2]}/target/surefire-reports/TEST-*.xml"):
        suite = ET.parse(report).getroot()
        rows.append((round(1000 * float(suite.get("time", "0").replace(",", ""))), suite.get("name")))
    if not rows:
        sys.exit(f"test-times: no Surefire reports in {sys.argv[2]}/target/surefire-reports")
    for ms, name in sorted(rows, key=lambda r: (-r[0], r[1])):
        print(f"1,{ms},{name}")
    sys.exit(0)

top = int(sys.argv[1]) if len(sys.argv) > 1 else 25
modules = {}
classes = []
for report in glob.glob("**/target/surefire-reports/TEST-*.xml", recursive=True):
    module = report.split("/target/")[0]
    suite = ET.parse(report).getroot()
    t = float(suite.get("time", "0").replace(",", ""))
    n = int(suite.get("tests", "0"))
    skipped = int(suite.get("skipped", "0"))
    m = modules.setdefault(module, [0.0, 0, 0, 0])
    m[0] += t
    m[1] += n
    m[2] += skipped
    m[3] += 1
    classes.append((t, suite.get("name"), module, n))

print("| module | classes | tests | skipped | time in tests (s) |")
print("|---|---|---|---|---|")
for module, (t, n, skipped, c) in sorted(modules.items(), key=lambda kv: -kv[1][0]):
    print(f"| {module} | {c} | {n} | {skipped} | {t:.1f} |")
total = sum(m[0] for m in modules.values())
print(f"| all | {sum(m[3] for m in modules.values())} | {sum(m[1] for m in modules.values())} | "
      f"{sum(m[2] for m in modules.values())} | {total:.1f} |")
print()
print(f"| # | class | module | tests | time (s) |")
print("|---|---|---|---|---|")
for i, (t, name, module, n) in enumerate(sorted(classes, reverse=True)[:top], 1):
    print(f"| {i} | {name.rsplit('.', 1)[-1]} | {module} | {n} | {t:.1f} |")
