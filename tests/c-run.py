#!/usr/bin/env python3
"""C front-end test runner: checks one tests/c-programs/NAME.c against its header.

The header comment of each program states what racefree must say:
  // expect: LOCATION RACE          (or race-free): one line per shared location;
                                    the verdict lines printed must be exactly these
  // expect-exit: N                 exit status (default: 1 with a RACE, else 0)
  // expect-stderr: TEXT            TEXT must occur in the standard error
  // args: ARGS...                  extra arguments for `racefree check`
Every program must also compile with `gcc -std=gnu11 -pthread -Wall -c` (no warning),
and the model `racefree model` prints must read back through the SML front end with
the same verdicts (names mapped back through the declaration comments).
Usage: c-run.py RACEFREE_BINARY SOURCE_ROOT tests/c-programs/NAME.c
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile


def verdicts(stdout):
    got = {}
    for line in stdout.splitlines():
        m = re.match(r"^(\S.*?): (RACE|race-free \(proved\)|unknown.*)$", line)
        if m:
            got[m.group(1)] = "race-free" if m.group(2).startswith("race-free") else m.group(2)
    return got


def round_trip(binary, root, rel, args, got):
    """`racefree model` output, checked again as SML, gives the same verdicts."""
    env = dict(os.environ, LC_ALL="C")
    model = subprocess.run([binary, "model", rel] + args, cwd=root, capture_output=True, text=True, env=env)
    if model.returncode != 0:
        return ["racefree model failed (exit %d):\n%s" % (model.returncode, model.stderr)]
    names = {}
    for line in model.stdout.splitlines():
        m = re.match(r"^shared (\w+);(?:  // (.*))?$", line)
        if m:
            names[m.group(1)] = m.group(2) or m.group(1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.sml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(model.stdout)
        check = subprocess.run([binary, "check", path], capture_output=True, text=True, env=env)
    back = {names.get(k, "?" + k): v for k, v in verdicts(check.stdout).items()}
    if check.returncode not in (0, 1) or back != got:
        return ["the model does not check back to the same verdicts:\n  C   %s\n  SML %s\n%s%s"
                % (sorted(got.items()), sorted(back.items()), check.stderr, model.stdout)]
    return []


def main():
    binary, root, prog = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    rel = os.path.relpath(os.path.abspath(prog), os.path.abspath(root))
    with open(prog, encoding="utf-8") as f:
        text = f.read()
    expect, stderr_want, args, exit_want = {}, [], [], None
    for line in text.splitlines():
        m = re.match(r"\s*//\s*expect:\s*(.+?)\s+(RACE|race-free)\s*$", line)
        if m:
            expect[m.group(1)] = m.group(2)
        m = re.match(r"\s*//\s*expect-stderr:\s*(.+?)\s*$", line)
        if m:
            stderr_want.append(m.group(1))
        m = re.match(r"\s*//\s*expect-exit:\s*(\d+)\s*$", line)
        if m:
            exit_want = int(m.group(1))
        m = re.match(r"\s*//\s*args:\s*(.+?)\s*$", line)
        if m:
            args += shlex.split(m.group(1))
    if exit_want is None:
        exit_want = 1 if "RACE" in expect.values() else 0
    failures = []

    with tempfile.TemporaryDirectory() as tmp:
        cc = subprocess.run(["gcc", "-std=gnu11", "-pthread", "-Wall", "-c", os.path.abspath(prog),
                             "-o", os.path.join(tmp, "t.o")], capture_output=True, text=True)
        if cc.returncode != 0 or cc.stderr.strip():
            failures.append("gcc -std=gnu11 -pthread -Wall -c failed or warned:\n" + cc.stderr)

    proc = subprocess.run([binary, "check", rel] + args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    got = verdicts(proc.stdout)
    if exit_want != 2 and got != expect:
        failures.append("verdicts differ:\n  expected %s\n  actual   %s" % (sorted(expect.items()), sorted(got.items())))
    if proc.returncode != exit_want:
        failures.append("exit status %d, expected %d" % (proc.returncode, exit_want))
    for s in stderr_want:
        if s not in proc.stderr:
            failures.append("stderr lacks %r" % s)
    if exit_want != 2:
        failures += round_trip(binary, root, rel, args, got)
    if failures:
        print("%s:\n%s\n--- stdout\n%s--- stderr\n%s" % (rel, "\n".join(failures), proc.stdout, proc.stderr))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
