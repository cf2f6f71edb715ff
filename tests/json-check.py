#!/usr/bin/env python3
"""JSON report test: runs one racefree command with --format json and validates its
output against the JSON Schema docs/report.schema.json (the single description of the
format: types, required keys, allowed values, no other keys), then checks what a schema
cannot say: that summary counts, the overall verdict, step numbers and access steps
agree with each other.

Usage: json-check.py RACEFREE_BINARY SOURCE_ROOT ARGS...
ARGS is the racefree command line (e.g. check --format json examples/counter.sml);
the command's exit status must be 0, 1 or 3 (a verdict). A report of `check` must be
the schema's race check, one of `cover` its coverability check.
Validation uses Python's jsonschema (Debian python3-jsonschema; tools/setup --test
installs it). tests/json-schema-selftest.py checks that broken reports fail.
"""
import json
import re
import os
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    jsonschema = None


class Invalid(Exception):
    pass


def need(cond, path, what):
    if not cond:
        raise Invalid("%s: %s" % (path, what))


def validate(doc, schema_path):
    """Raises Invalid listing every place where DOC breaks the schema."""
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        # oneOf failures say little by themselves: show the errors of the closest branch
        lines = []
        for e in errors:
            best = jsonschema.exceptions.best_match(e.context) if e.context else e
            path = "$" + "".join("[%d]" % p if isinstance(p, int) else ".%s" % p for p in best.absolute_path)
            lines.append("%s: %s" % (path, best.message))
        raise Invalid("does not match %s:\n  %s" % (schema_path, "\n  ".join(lines)))


def consistent_check(doc):
    locs = doc["locations"]
    by = {v: sum(1 for l in locs if l["verdict"] == v) for v in ("race", "race-free", "unknown")}
    s = doc["summary"]
    findings = [l for l in locs if l["verdict"] == "race"]
    findings += [f for f in doc.get("deadlocks", {}).get("findings", []) if f["verdict"] == "deadlock"]
    need(s == {"locations": len(locs), "races": by["race"], "race_free": by["race-free"],
               "unknown": by["unknown"], "suppressed": sum(1 for f in findings if f["suppressed"])},
         "summary", "counts do not match the locations")
    fps = [l["fingerprint"] for l in locs] + [f["fingerprint"] for f in doc.get("deadlocks", {}).get("findings", [])]
    need(len(fps) == len(set(fps)), "fingerprint", "fingerprints repeat")
    overall = "race" if by["race"] else "unknown" if by["unknown"] else "race-free"
    need(doc["verdict"] == overall, "verdict", "expected %s" % overall)
    for i, l in enumerate(locs):
        p = "locations[%d]" % i
        if l["verdict"] != "race":
            continue  # the schema: no witness, no accesses
        steps = l["witness"]["steps"]
        need([s["step"] for s in steps] == list(range(1, len(steps) + 1)), p, "steps not numbered 1..n")
        for a in l["accesses"]:
            s = steps[a["step"] - 1] if a["step"] <= len(steps) else None
            need(s is not None and s["thread"] == a["thread"] and s["line"] == a["line"], p,
                 "access step %d does not match the witness" % a["step"])


def consistent_deadlocks(doc, returncode):
    """The deadlock part: summary counts and verdict from the findings, a deadlock's
    threads and locked steps against its witness, and the exit status."""
    d = doc.get("deadlocks")
    found = bool(d and d["verdict"] == "deadlock")
    races = doc["summary"]["races"] > 0
    need((returncode == 1) == (races or found), "$", "exit status 1 iff a race or a deadlock is shown")
    if not d:
        return
    f = d["findings"]
    s = d["summary"]
    for kind in ("lock-order", "relock", "unheld-unlock", "end-holding", "condition-two-mutexes", "spin-blocking",
                 "lost-wakeup", "self-join", "join-detached"):
        mine = [x for x in f if x["kind"] == kind]
        extra = d["cycles_not_checked"] if kind == "lock-order" else 0
        need(s[kind] == {"questions": len(mine) + extra,
                         "found": sum(1 for x in mine if x["verdict"] == "deadlock"),
                         "proved": sum(1 for x in mine if x["verdict"] == "deadlock-free"),
                         "unknown": sum(1 for x in mine if x["verdict"] == "unknown") + extra},
             "deadlocks.summary", "%s counts do not match the findings" % kind)
    lost = [x for x in f if x["kind"] == "lost-wakeup"]
    need(all(x["verdict"] == "deadlock" for x in lost), "deadlocks.findings", "a lost wake-up listed but not shown")
    need(d["wakeups_searched"] >= len(lost), "deadlocks.wakeups_searched", "fewer searched than shown")
    overall = ("deadlock" if any(c["found"] for c in s.values())
               else "unknown" if any(c["unknown"] for c in s.values()) else "deadlock-free")
    need(d["verdict"] == overall, "deadlocks.verdict", "expected %s" % overall)
    for i, x in enumerate(f):
        p = "deadlocks.findings[%d]" % i
        if x["verdict"] != "deadlock":
            continue
        need(len(x["threads"]) == len(x["locks"]), p, "one thread per lock of the cycle")
        steps = x["witness"]["steps"]
        if x["kind"] in ("self-join", "join-detached"):
            # the joining thread, through the handle, joins itself or another thread
            # of the witness; the step that makes it a misuse is in the witness
            t = x["threads"][0]
            joined = re.fullmatch(r"T(\d+)", t["waits_for"])
            need(t["holds"] == x["locks"][0] and joined is not None, p, "the join names its handle and a thread")
            need(x["kind"] == "join-detached" or (joined and int(joined.group(1)) == t["thread"]), p,
                 "a self-join joins its own thread")
            st = t["locked"]["step"]
            need(st is None or st <= len(steps), p, "the misuse's step is not in the witness")
            continue
        for k, t in enumerate(x["threads"]):
            need(t["holds"] == x["locks"][k] and t["waits_for"] == x["locks"][(k + 1) % len(x["locks"])], p,
                 "thread %d does not name lock %d and the next" % (k, k))
            st = t["locked"]["step"]
            need(st is None or (st <= len(steps) and steps[st - 1]["thread"] == t["thread"]), p,
                 "the locked step of thread %d is not its own" % k)
            for where, what in ((t, "wait"), (t["locked"], "lock")):
                need(not where["stack"] or (where["stack"][0]["line"] == where["line"]
                                            and where["function"] == where["stack"][0]["function"]), p,
                     "the %s stack of thread %d does not start at its line" % (what, k))
            ls = t["lost_signal"]
            need(ls is None or (x["kind"] == "lost-wakeup" and ls["step"] <= len(steps)
                                and steps[ls["step"] - 1]["line"] == ls["line"]), p,
                 "the lost signal of thread %d is not a step of the witness" % k)


def consistent_cover(doc):
    if doc["witness"]:  # the schema: a witness iff the verdict is unsafe
        steps = doc["witness"]["steps"]
        need([s["step"] for s in steps] == list(range(1, len(steps) + 1)), "witness.steps",
             "steps not numbered 1..n")
        for s in steps:
            need(s["transition"] < doc["net"]["transitions"], "witness.steps", "no such transition")


def main():
    if jsonschema is None:
        print("json-check.py needs Python's jsonschema: apt-get install -y python3-jsonschema "
              "(tools/setup --test installs it)")
        return 1
    binary, root, args = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    if proc.returncode not in (0, 1, 3):
        print("racefree %s: exit %d\n%s" % (" ".join(args), proc.returncode, proc.stderr))
        return 1
    try:
        doc = json.loads(proc.stdout)
        validate(doc, os.path.join(root, "docs", "report.schema.json"))
        if args[0] == "cover":
            need("net" in doc, "$", "a coverability report expected")
            consistent_cover(doc)
        else:
            need("locations" in doc, "$", "a race check report expected")
            consistent_check(doc)
            consistent_deadlocks(doc, proc.returncode)
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
