#!/usr/bin/env python3
"""Self-test of c-run.py --pattern: each fixture in tests/c-run-fixtures/ is wrong in one way
its header names (`// runner-must-say: TEXT`); the runner must fail on it and say TEXT.
Usage: c-run-selftest.py RACEFREE_BINARY SOURCE_ROOT FIXTURE...
"""
import os
import re
import subprocess
import sys


def main():
    binary, root, fixtures = sys.argv[1], sys.argv[2], sys.argv[3:]
    runner = os.path.join(os.path.dirname(os.path.abspath(__file__)), "c-run.py")
    failures = 0
    for fx in fixtures:
        with open(fx, encoding="utf-8") as f:
            want = re.search(r"^// runner-must-say: (.+)$", f.read(), re.M).group(1)
        proc = subprocess.run([sys.executable, runner, "--pattern", binary, root, fx],
                              capture_output=True, text=True)
        if proc.returncode == 0 or want not in proc.stdout:
            failures += 1
            print("%s: expected the runner to fail saying %r; exit %d, output:\n%s"
                  % (fx, want, proc.returncode, proc.stdout + proc.stderr))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
