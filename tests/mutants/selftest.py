#!/usr/bin/env python3
"""Self-test of tools/mutate's verdicts: a surviving mutant makes it fail.

Usage: selftest.py TOOLS_MUTATE RACEFREE_BINARY SOURCE_ROOT
- with the real racefree, tests/mutants/survivor/single_owner.c has one equivalent mutant
  (a move of a variable only one thread touches): it must be reported SURVIVED and the
  tool must exit 1;
- with tests/mutants/fake-racefree standing in for racefree on counter_with_lock.c, the
  whole output and exit status for each kind of answer: race-free (survives), a race at
  the mutated line with a witness (killed), a race elsewhere (survives), a race without a
  witness (survives), an original that is not race-free (error).
"""
import os
import subprocess
import sys

HEAD = "%-36s  %-34s  %s" % ("file", "mutant", "result")
ROW = "%-36s  %-34s  %%s" % ("tests/c-programs/counter_with_lock.c", "delete-pair 11-13")
FAKE_CASES = [
    ("race-free", 1, [ROW % "SURVIVED (racefree: race-free)",
                      "1 mutants generated, 0 killed, 0 skipped, 1 survived"]),
    ("race-at-mutant", 0, [ROW % "killed: race on x (write 11, write 11)",
                           "1 mutants generated, 1 killed, 0 skipped, 0 survived"]),
    ("race-elsewhere", 1, [ROW % "SURVIVED (race on x at lines 1/1, not in the mutated code)",
                           "1 mutants generated, 0 killed, 0 skipped, 1 survived"]),
    ("race-no-witness", 1, [ROW % "SURVIVED (race on x (no witness))",
                            "1 mutants generated, 0 killed, 0 skipped, 1 survived"]),
    ("original-race", 1, ["%-36s  %-34s  %s" % ("tests/c-programs/counter_with_lock.c", "-",
                                                "ERROR (the original is not proved race-free by racefree "
                                                "(exit 1); 1 mutants not run)"),
                          "0 mutants generated, 0 killed, 0 skipped, 0 survived, 1 errors"]),
]


def run(mutate, binary, root, target, mode=None):
    env = dict(os.environ)
    if mode:
        env["FAKE_RACEFREE_MODE"] = mode
    p = subprocess.run([sys.executable, mutate, "--binary", binary, "--root", root, target],
                       cwd=root, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout.splitlines(), p.stderr


def main():
    mutate, binary, root = (os.path.abspath(a) for a in sys.argv[1:4])
    failures = []

    code, out, err = run(mutate, binary, root, "tests/mutants/survivor/single_owner.c")
    survivor = "%-37s  %-34s  %s" % ("tests/mutants/survivor/single_owner.c", "move 17 past unlock 18",
                                     "SURVIVED (racefree: race-free)")
    rows = out[1:-1]
    if code != 1 or survivor not in rows or out[-1:] != ["4 mutants generated, 3 killed, 0 skipped, 1 survived"] \
            or any(r != survivor and "  killed: race on " not in r for r in rows):
        failures.append("real racefree on the survivor fixture (exit %d):\n%s\n%s" % (code, "\n".join(out), err))

    fake = os.path.join(root, "tests", "mutants", "fake-racefree")
    for mode, want_code, want in FAKE_CASES:
        code, out, err = run(mutate, fake, root, "tests/c-programs/counter_with_lock.c", mode)
        if code != want_code or out != [HEAD] + want:
            failures.append("fake racefree, mode %s: exit %d (expected %d)\n--- got\n%s\n--- expected\n%s\n%s"
                            % (mode, code, want_code, "\n".join(out), "\n".join([HEAD] + want), err))
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
