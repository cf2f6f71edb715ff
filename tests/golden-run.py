#!/usr/bin/env python3
"""Golden test runner: runs one racefree command and compares its whole output.

A golden file holds the command on its first line ("$ racefree ARGS...", run from the
source root with the racefree binary under test), then the expected standard output,
then "--- stderr", the expected standard error, and "--- exit N". With
RF_UPDATE_GOLDEN=1 the file is rewritten from the actual output instead.
Usage: golden-run.py RACEFREE_BINARY SOURCE_ROOT GOLDEN_FILE
"""
import os
import shlex
import subprocess
import sys


def render(cmd, proc):
    return "$ %s\n%s--- stderr\n%s--- exit %d\n" % (cmd, proc.stdout, proc.stderr, proc.returncode)


def main():
    binary, root, golden = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    with open(golden, encoding="utf-8") as f:
        expected = f.read()
    first = expected.split("\n", 1)[0]
    if not first.startswith("$ racefree"):
        print("%s: first line must be '$ racefree ARGS'" % golden)
        return 2
    cmd = first[2:]
    args = shlex.split(cmd)[1:]
    proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    actual = render(cmd, proc)
    if os.environ.get("RF_UPDATE_GOLDEN") == "1":
        with open(golden, "w", encoding="utf-8") as f:
            f.write(actual)
        print("updated %s" % golden)
        return 0
    if actual != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), golden, "actual"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
