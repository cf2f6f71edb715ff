#!/usr/bin/env python3
"""The JSON Schema docs/report.schema.json against real and broken reports.

Every JSON report held by a golden file (tests/golden/*-json-*.golden: real output of
`check` and `cover`) must validate, and each of a list of broken copies of them must
not: a key missing, an unknown key, a verdict outside the enumeration, a wrong type, a
race without its witness, a line 0, and so on. Each broken copy must fail with an
error at the place that was broken, so the schema is known to say what it should.
Uses the validator of tests/json-check.py.
Usage: json-schema-selftest.py SOURCE_ROOT
"""
import copy
import glob
import importlib.util
import json
import os
import sys


def load_checker(root):
    spec = importlib.util.spec_from_file_location("json_check", os.path.join(root, "tests", "json-check.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def golden_report(path):
    """The JSON report a golden file holds: its standard output."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    body = text.split("\n", 1)[1].split("--- stderr\n", 1)[0]
    return json.loads(body)


def first_race(doc):
    return next(l for l in doc["locations"] if l["verdict"] == "race")


def first_free(doc):
    return next(l for l in doc["locations"] if l["verdict"] != "race")


# (name, report kind, mutation, a fragment the error must name)
def set_(path, value):
    def f(doc):
        obj = doc
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return f


def delete(path):
    def f(doc):
        obj = doc
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]
    return f


BROKEN_CHECK = [
    ("tool name", set_(["tool", "name"], "racecheck"), "$.tool.name"),
    ("version missing", delete(["tool", "version"]), "$.tool"),
    ("overall verdict", set_(["verdict"], "maybe"), "$.verdict"),
    ("summary key missing", delete(["summary", "race_free"]), "$.summary"),
    ("summary count negative", set_(["summary", "races"], -1), "$.summary.races"),
    ("unknown top-level key", set_(["extra"], 1), "$"),
    ("inputs not strings", set_(["inputs"], [1]), "$.inputs[0]"),
    ("location verdict", lambda d: first_race(d).update(verdict="RACE"), "$.locations[0].verdict"),
    ("race without witness", lambda d: first_race(d).update(witness=None), "$.locations[0].witness"),
    ("race with one access", lambda d: first_race(d).update(accesses=first_race(d)["accesses"][:1]),
     "$.locations[0].accesses"),
    ("race without a write", lambda d: [a.update(kind="read") for a in first_race(d)["accesses"]],
     "$.locations[0].accesses"),
    ("access kind", lambda d: first_race(d)["accesses"][0].update(kind="modify"),
     "$.locations[0].accesses[0].kind"),
    ("access step 0", lambda d: first_race(d)["accesses"][0].update(step=0), "$.locations[0].accesses[0].step"),
    ("why not a list", lambda d: first_race(d)["accesses"][0].update(why="because"),
     "$.locations[0].accesses[0].why"),
    ("step line 0", lambda d: first_race(d)["witness"]["steps"][0].update(line=0),
     "$.locations[0].witness.steps[0].line"),
    ("step line a string", lambda d: first_race(d)["witness"]["steps"][0].update(line="7"),
     "$.locations[0].witness.steps[0].line"),
    ("statement missing", lambda d: first_race(d)["witness"]["steps"][0].pop("statement"),
     "$.locations[0].witness.steps[0]"),
    ("final thread a string", lambda d: first_race(d)["witness"]["final"][0].update(thread="T1"),
     "$.locations[0].witness.final[0].thread"),
    ("statistics key missing", lambda d: first_race(d)["statistics"].pop("kept"),
     "$.locations[0].statistics"),
    ("statistics a boolean", lambda d: first_race(d)["statistics"].update(conf=True),
     "$.locations[0].statistics.conf"),
    ("seconds a string", lambda d: first_race(d)["statistics"].update(seconds="0.1"),
     "$.locations[0].statistics.seconds"),
    ("declaration key", lambda d: first_race(d)["declaration"].update(path="x"),
     "$.locations[0].declaration"),
]
BROKEN_CHECK_FREE = [
    ("race-free with a witness", lambda d: first_free(d).update(witness={"steps": [], "final": []}),
     "$.locations[1].witness"),
    ("race-free with accesses", lambda d: first_free(d).update(accesses=copy.deepcopy(first_race(d)["accesses"])),
     "$.locations[1].accesses"),
]
BROKEN_DEADLOCK = [
    ("deadlock verdict", set_(["deadlocks", "verdict"], "maybe"), "$.deadlocks.verdict"),
    ("finding kind", lambda d: d["deadlocks"]["findings"][0].update(kind="livelock"),
     "$.deadlocks.findings[0].kind"),
    ("deadlock without witness", lambda d: d["deadlocks"]["findings"][0].update(witness=None),
     "$.deadlocks.findings[0].witness"),
    ("deadlock without threads", lambda d: d["deadlocks"]["findings"][0].update(threads=[]),
     "$.deadlocks.findings[0].threads"),
    ("summary kind missing", lambda d: d["deadlocks"]["summary"].pop("relock"), "$.deadlocks.summary"),
    ("locked step 0", lambda d: d["deadlocks"]["findings"][0]["threads"][0]["locked"].update(step=0),
     "$.deadlocks.findings[0].threads[0].locked.step"),
]
BROKEN_COVER = [
    ("verdict", set_(["verdict"], "race"), "$.verdict"),
    ("net places missing", delete(["net", "places"]), "$.net"),
    ("unsafe without witness", set_(["witness"], None), "$.witness"),
    ("marking pair of three", lambda d: d["witness"]["initial"][0].append(1), "$.witness.initial[0]"),
    ("marking count 0", lambda d: d["witness"]["final"][0].__setitem__(1, 0), "$.witness.final[0][1]"),
    ("transition negative", lambda d: d["witness"]["steps"][0].update(transition=-1),
     "$.witness.steps[0].transition"),
    ("statistics extra key", lambda d: d["statistics"].update(time=1), "$.statistics"),
]


def main():
    root = sys.argv[1]
    checker = load_checker(root)
    if checker.jsonschema is None:
        print("needs Python's jsonschema: apt-get install -y python3-jsonschema (tools/setup --test installs it)")
        return 1
    schema = os.path.join(root, "docs", "report.schema.json")
    fail = []
    goldens = sorted(glob.glob(os.path.join(root, "tests", "golden", "*-json-*.golden")))
    reports = {}
    for g in goldens:
        doc = golden_report(g)
        reports[os.path.basename(g)] = doc
        try:
            checker.validate(doc, schema)
        except checker.Invalid as e:
            fail.append("%s: a real report does not validate: %s" % (os.path.basename(g), e))
    if len(goldens) < 10:
        fail.append("only %d JSON golden files found" % len(goldens))

    def expect_invalid(base, cases):
        for name, mutate, where in cases:
            doc = copy.deepcopy(reports[base])
            mutate(doc)
            try:
                checker.validate(doc, schema)
                fail.append("%s, %s: the broken report validates" % (base, name))
            except checker.Invalid as e:
                if "\n  %s:" % where not in str(e):
                    fail.append("%s, %s: error not at %s: %s" % (base, name, where, e))

    expect_invalid("check-json-counter.golden", BROKEN_CHECK)
    expect_invalid("check-json-c-heap.golden", BROKEN_CHECK_FREE)
    expect_invalid("cover-json-racy.golden", BROKEN_COVER)
    expect_invalid("check-json-deadlocks.golden", BROKEN_DEADLOCK)
    for f in fail:
        print("FAIL:", f)
    n = len(BROKEN_CHECK) + len(BROKEN_CHECK_FREE) + len(BROKEN_COVER) + len(BROKEN_DEADLOCK)
    print("%d real reports valid, %d broken reports checked" % (len(goldens), n))
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
