#!/usr/bin/env python3
"""--baseline: a team accepts the findings of an earlier JSON report and fails only on new
ones. tests/suppress/v1/queue.c has one race ('dropped'); v2/queue.c moves every line and
adds a second ('peak'). Checks, running racefree:
  - v2 against v1's report: 'dropped' suppressed (kind baseline, in text, JSON and SARIF),
    'peak' shown, exit status 1;
  - v2 against its own report: everything suppressed, exit status 0, and the text says so;
  - v1 against v1's report run from another directory (the fingerprint holds no path);
  - a baseline that is not a racefree JSON report (not JSON, SARIF, a JSON array, a
    missing file): exit status 2, one located error, nothing on standard output.
Usage: baseline-run.py RACEFREE_BINARY SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile

V1 = "tests/suppress/v1/queue.c"
V2 = "tests/suppress/v2/queue.c"


def run(binary, cwd, *args):
    return subprocess.run([binary] + list(args), cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="rf-baseline-") as tmp:
        base1 = os.path.join(tmp, "v1.json")
        p = run(binary, root, "check", "--format", "json", "--no-time", V1)
        expect(p.returncode == 1, "v1: exit 1 expected, got %d" % p.returncode)
        with open(base1, "w") as f:
            f.write(p.stdout)

        # v2 against v1: the old race suppressed, the new one shown
        p = run(binary, root, "check", "--format", "json", "--no-time", "--baseline", base1, V2)
        expect(p.returncode == 1, "v2 vs v1: exit 1 expected (a new race), got %d" % p.returncode)
        doc = json.loads(p.stdout)
        by_name = {loc["name"]: loc for loc in doc["locations"]}
        expect(by_name["dropped"]["verdict"] == "race", "v2: dropped must still race")
        sup = by_name["dropped"]["suppressed"]
        expect(sup is not None and sup["kind"] == "baseline" and sup["reason"] == base1,
               "v2 vs v1: dropped must be suppressed by the baseline, got %r" % (sup,))
        expect(by_name["peak"]["verdict"] == "race" and by_name["peak"]["suppressed"] is None,
               "v2 vs v1: peak must be a race not suppressed")
        expect(doc["summary"]["suppressed"] == 1, "v2 vs v1: summary.suppressed must be 1")
        base2 = os.path.join(tmp, "v2.json")
        p = run(binary, root, "check", "--format", "json", "--no-time", V2)
        with open(base2, "w") as f:
            f.write(p.stdout)

        p = run(binary, root, "check", "--baseline", base1, V2)
        expect("dropped: RACE (suppressed)\n  suppressed: in the baseline %s\n" % base1 in p.stdout,
               "v2 vs v1, text: dropped must read as suppressed:\n" + p.stdout)
        expect("peak: RACE\n" in p.stdout, "v2 vs v1, text: peak must read as a race")
        expect("'dropped'" not in p.stderr and "'peak'" in p.stderr,
               "v2 vs v1, diagnostics: peak only:\n" + p.stderr)

        p = run(binary, root, "check", "--format", "sarif", "--baseline", base1, V2)
        results = json.loads(p.stdout)["runs"][0]["results"]
        sups = {("dropped" in r["message"]["text"]): r.get("suppressions") for r in results}
        expect(sups.get(True) == [{"kind": "external", "justification": "in the baseline " + base1}],
               "v2 vs v1, SARIF: dropped must carry an external suppression, got %r" % (sups.get(True),))
        expect(sups.get(False) is None, "v2 vs v1, SARIF: peak must carry no suppression")

        # v2 against its own report: nothing new
        p = run(binary, root, "check", "--baseline", base2, V2)
        expect(p.returncode == 0, "v2 vs v2: exit 0 expected, got %d" % p.returncode)
        expect("suppressed: 2 findings" in p.stdout, "v2 vs v2: the summary must count 2 suppressed")

        # the fingerprint holds no path: the same file named from elsewhere matches
        p = run(binary, os.path.join(root, "tests"), "check", "--baseline", base1, "suppress/v1/queue.c")
        expect(p.returncode == 0, "v1 vs v1 from tests/: exit 0 expected, got %d" % p.returncode)

        # bad baselines: exit 2, one error naming the file, nothing on stdout
        bad = {
            "not-json.json": "this is not JSON {",
            "array.json": "[1, 2, 3]",
            "sarif.json": run(binary, root, "check", "--format", "sarif", V1).stdout,
        }
        for name, text in bad.items():
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            p = run(binary, root, "check", "--baseline", path, V2)
            expect(p.returncode == 2 and p.stdout == "", "%s: exit 2 and no output expected, got %d" %
                   (name, p.returncode))
            expect(p.stderr.startswith("racefree check: error: --baseline: %s: not a racefree JSON report" % path)
                   and p.stderr.count("\n") == 1, "%s: one error naming the file expected:\n%s" % (name, p.stderr))
        missing = os.path.join(tmp, "missing.json")
        p = run(binary, root, "check", "--baseline", missing, V2)
        expect(p.returncode == 2 and p.stdout == "" and
               p.stderr == "racefree check: error: --baseline: cannot open '%s': No such file or directory\n" % missing,
               "missing baseline: one error expected, got %d:\n%s" % (p.returncode, p.stderr))

    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
