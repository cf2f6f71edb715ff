#!/usr/bin/env python3
"""The patterns catalogue as a whole: every program of examples/patterns/ is listed in its
meson.build (so that the 'patterns' suite runs it), every listed file exists, and there are
at least 40 C patterns.
Usage: patterns-catalogue.py PATTERNS_DIR LISTED_FILE...
"""
import os
import sys

MIN_C_PATTERNS = 40


def main():
    folder, listed = sys.argv[1], sys.argv[2:]
    present = sorted(f for f in os.listdir(folder) if f.endswith((".c", ".sml")))
    errors = []
    for f in present:
        if f not in listed:
            errors.append("%s is not listed in %s/meson.build" % (f, folder))
    for f in listed:
        if f not in present:
            errors.append("%s is listed but does not exist" % f)
    n = sum(1 for f in present if f.endswith(".c"))
    if n < MIN_C_PATTERNS:
        errors.append("%d C patterns, at least %d expected" % (n, MIN_C_PATTERNS))
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
