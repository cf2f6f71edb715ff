#!/usr/bin/env python3
"""docs/c-model.md's table of assumptions and their tests names real tests: every
backticked name in its `| assumption | tests |` table is a C test program
(tests/c-programs/NAME.c) or a path of the source tree, and every numbered assumption
of the list has a row. Usage: assumption-tests.py SOURCE_ROOT"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    text = open(os.path.join(root, "docs", "c-model.md"), encoding="utf-8").read()
    section = text.split("## Soundness assumptions", 1)[1].split("\n## ", 1)[0]
    numbered = set(int(n) for n in re.findall(r"^\s*(\d+)\. \*\*", section, re.M))
    table = re.search(r"\| assumption \| tests \|\n\|---\|---\|\n((?:\|.*\|\n)+)", section)
    errors = []
    if not table:
        errors.append("no '| assumption | tests |' table in the Soundness assumptions section")
        rows = []
    else:
        rows = table.group(1).splitlines()
    covered = set()
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        m = re.match(r"(\d+)\b", cells[0])
        if not m:
            errors.append("row without an assumption number: %s" % row)
            continue
        covered.add(int(m.group(1)))
        names = re.findall(r"`([^`]+)`", cells[1])
        if not names:
            errors.append("assumption %s names no test" % m.group(1))
        for n in names:
            if "/" in n:
                ok = os.path.exists(os.path.join(root, n))
            else:
                ok = os.path.exists(os.path.join(root, "tests", "c-programs", n + ".c"))
            if not ok:
                errors.append("assumption %s: no test '%s'" % (m.group(1), n))
    for n in sorted(numbered - covered):
        errors.append("assumption %d has no row in the table" % n)
    for e in errors:
        print("FAIL: " + e)
    print("%d assumptions, %d rows checked" % (len(numbered), len(rows)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
