#!/usr/bin/env python3
"""JSON report test: runs one racefree command with --format json and checks its output
against the schema documented in README (types, required keys, allowed values) and
for internal consistency (summary counts, step numbering, access steps).

Usage: json-check.py RACEFREE_BINARY SOURCE_ROOT ARGS...
ARGS is the racefree command line (e.g. check --format json examples/counter.sml);
the command's exit status must be 0, 1 or 3 (a verdict). The schema of `cover` output
is used when ARGS start with `cover`.
"""
import json
import os
import subprocess
import sys

NULL = type(None)
INT = (int,)
LOC = {"file": (str, NULL), "line": (int, NULL), "column": (int, NULL)}


class Invalid(Exception):
    pass


def need(cond, path, what):
    if not cond:
        raise Invalid("%s: %s" % (path, what))


def check_type(value, types, path):
    # bool is an int in Python; JSON true/false must not pass for a number
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
    need(ok, path, "expected %s, got %r" % ("/".join(t.__name__ for t in types), value))


def check_object(obj, fields, path, extra=()):
    """fields: key -> tuple of types, or a callable(value, path) for nested checks."""
    need(isinstance(obj, dict), path, "expected an object")
    for key, spec in fields.items():
        need(key in obj, path, "missing key '%s'" % key)
        if callable(spec):
            spec(obj[key], "%s.%s" % (path, key))
        else:
            check_type(obj[key], spec, "%s.%s" % (path, key))
    unknown = set(obj) - set(fields) - set(extra)
    need(not unknown, path, "unexpected keys %s" % sorted(unknown))


def array_of(check):
    def f(value, path):
        need(isinstance(value, list), path, "expected an array")
        for i, v in enumerate(value):
            check(v, "%s[%d]" % (path, i))
    return f


def one_of(*values):
    def f(value, path):
        need(value in values, path, "expected one of %s, got %r" % (values, value))
    return f


def nullable(check):
    def f(value, path):
        if value is not None:
            check(value, path)
    return f


def obj(fields):
    return lambda value, path: check_object(value, fields, path)


def positive(value, path):
    check_type(value, INT, path)
    need(value >= 1, path, "expected a positive integer")


def count(value, path):
    check_type(value, INT, path)
    need(value >= 0, path, "expected a non-negative integer")


TOOL = obj({"name": one_of("racefree"), "version": (str,)})
INPUTS = array_of(lambda v, p: check_type(v, (str,), p))
STATISTICS = obj({"conf": count, "subsumed": count, "iterations": count, "kept": count,
                  "pruned": count, "steq_pruned": count, "linear_programs": count,
                  "bounds_learned": count, "forward_states": count, "seconds": (float, int, NULL)})
THREAD = {"thread": (int, NULL), "job": (str, NULL)}
ACCESS = obj(dict(THREAD, kind=one_of("read", "write"), step=positive, why=array_of(lambda v, p: check_type(v, (str,), p)), **LOC))
STEP = obj(dict({"step": positive}, **THREAD, **LOC, statement=(str,)))
FINAL = obj(dict(THREAD, **LOC, activity=(str, NULL)))
WITNESS = obj({"steps": array_of(STEP), "final": array_of(FINAL)})
LOCATION = obj({"name": (str,), "declaration": obj(LOC),
                "verdict": one_of("race", "race-free", "unknown"),
                "accesses": array_of(ACCESS), "witness": nullable(WITNESS),
                "statistics": STATISTICS})
CHECK = {"tool": TOOL, "inputs": INPUTS, "verdict": one_of("race", "race-free", "unknown"),
         "locations": array_of(LOCATION),
         "summary": obj({"locations": count, "races": count, "race_free": count, "unknown": count})}


def marking(value, path):
    need(isinstance(value, list), path, "expected an array of [place, count]")
    for i, pair in enumerate(value):
        p = "%s[%d]" % (path, i)
        need(isinstance(pair, list) and len(pair) == 2, p, "expected [place, count]")
        check_type(pair[0], (str,), p + "[0]")
        positive(pair[1], p + "[1]")


COVER_STEP = obj({"step": positive, "transition": count, "label": (str, NULL)})
COVER = {"tool": TOOL, "inputs": INPUTS, "verdict": one_of("safe", "unsafe", "unknown"),
         "net": obj({"places": count, "transitions": count}),
         "witness": nullable(obj({"initial": marking, "steps": array_of(COVER_STEP),
                                  "final": marking, "target": nullable(marking)})),
         "statistics": STATISTICS}


def consistent_check(doc):
    locs = doc["locations"]
    by = {v: sum(1 for l in locs if l["verdict"] == v) for v in ("race", "race-free", "unknown")}
    s = doc["summary"]
    need(s == {"locations": len(locs), "races": by["race"], "race_free": by["race-free"],
               "unknown": by["unknown"]}, "summary", "counts do not match the locations")
    overall = "race" if by["race"] else "unknown" if by["unknown"] else "race-free"
    need(doc["verdict"] == overall, "verdict", "expected %s" % overall)
    for i, l in enumerate(locs):
        p = "locations[%d]" % i
        race = l["verdict"] == "race"
        need((l["witness"] is not None) == race, p, "a witness iff the verdict is race")
        need(len(l["accesses"]) >= 2 if race else not l["accesses"], p,
             "two or more accesses for a race, none otherwise")
        if not race:
            continue
        steps = l["witness"]["steps"]
        need([s["step"] for s in steps] == list(range(1, len(steps) + 1)), p, "steps not numbered 1..n")
        need(any(a["kind"] == "write" for a in l["accesses"]), p, "a race needs a write")
        for a in l["accesses"]:
            s = steps[a["step"] - 1] if a["step"] <= len(steps) else None
            need(s is not None and s["thread"] == a["thread"] and s["line"] == a["line"], p,
                 "access step %d does not match the witness" % a["step"])


def consistent_cover(doc):
    need((doc["witness"] is not None) == (doc["verdict"] == "unsafe"), "witness",
         "a witness iff the verdict is unsafe")
    if doc["witness"]:
        steps = doc["witness"]["steps"]
        need([s["step"] for s in steps] == list(range(1, len(steps) + 1)), "witness.steps",
             "steps not numbered 1..n")
        for s in steps:
            need(s["transition"] < doc["net"]["transitions"], "witness.steps", "no such transition")


def main():
    binary, root, args = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    if proc.returncode not in (0, 1, 3):
        print("racefree %s: exit %d\n%s" % (" ".join(args), proc.returncode, proc.stderr))
        return 1
    try:
        doc = json.loads(proc.stdout)
        if args[0] == "cover":
            check_object(doc, COVER, "$")
            consistent_cover(doc)
        else:
            check_object(doc, CHECK, "$")
            consistent_check(doc)
        if "--no-time" in args:
            seconds = [l["statistics"]["seconds"] for l in doc.get("locations", [])] \
                if args[0] != "cover" else [doc["statistics"]["seconds"]]
            need(all(s is None for s in seconds), "statistics.seconds", "null expected with --no-time")
    except (ValueError, Invalid) as e:
        print("racefree %s: invalid JSON report: %s" % (" ".join(args), e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
