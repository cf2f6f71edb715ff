#!/usr/bin/env python3
"""tools/queries on two examples: one row per query with the verdicts racefree gives
them, machine-independent counts, the per-verdict summary, and input errors counted
instead of aborting the table.
Usage: queries-check.py RACEFREE_BINARY SOURCE_ROOT"""
import os
import subprocess
import sys

binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
bad = os.path.join("tests", "c-programs", "unsupported_fork.c")
proc = subprocess.run([sys.executable, os.path.join(root, "tools", "queries"), "--binary", binary,
                       "examples/counter.sml", "examples/counter_with_lock.sml", bad],
                      cwd=root, capture_output=True, text=True)
lines = proc.stdout.split("\n")
rows = [l.split("\t") for l in lines if l.startswith("examples/")]
fail = []
if proc.returncode != 0:
    fail.append("exit %d: %s" % (proc.returncode, proc.stderr))
want = {("examples/counter.sml", "counter"): "race", ("examples/counter_with_lock.sml", "counter"): "race-free"}
got = {(r[0], r[1]): r[2] for r in rows}
if got != want:
    fail.append("rows %r, expected %r" % (got, want))
for r in rows:
    if len(r) != 9 or not all(c.isdigit() for c in r[3:]):
        fail.append("row without nine columns of counts: %r" % r)
again = subprocess.run([sys.executable, os.path.join(root, "tools", "queries"), "--binary", binary,
                        "examples/counter.sml", "examples/counter_with_lock.sml", bad],
                       cwd=root, capture_output=True, text=True)
if again.stdout != proc.stdout:
    fail.append("two runs differ: the counts must not depend on the run")
if not any(l.startswith("race-free\t1\t") for l in lines) or not any(l.startswith("race\t1\t") for l in lines):
    fail.append("summary rows missing")
if "2 files, 2 queries; 1 files rejected as input errors: " + bad not in proc.stdout:
    fail.append("input error not counted")
for f in fail:
    print("FAIL:", f)
print(proc.stdout)
sys.exit(1 if fail else 0)
