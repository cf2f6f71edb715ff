#!/usr/bin/env python3
"""SARIF for GitHub code scanning: racefree's SARIF reports validated by Microsoft's SARIF
multitool (`validate`, the rules of the SARIF spec and those GitHub's upload adds, GH*),
the validator GitHub points to. tools/setup --test installs it from the npm registry into
.cache/sarif-multitool.

Runs each racefree command below (races, deadlocks, lock misuse, suppressions in the
source, an unknown verdict, a coverability witness, files outside the source root),
writes each log to a temporary directory, validates them all at once with errors and
warnings reported (notes are the multitool's advice, not failures), and fails on any
result of the validator's own log, showing it.
Usage: sarif-github.py RACEFREE_BINARY SOURCE_ROOT MULTITOOL
"""
import json
import os
import subprocess
import sys
import tempfile

COMMANDS = [
    ["check", "examples/counter.sml"],
    ["check", "examples/counter_with_lock.sml"],
    ["check", "tests/c-programs/deadlock_buffer_ring.c"],
    ["check", "tests/c-programs/deadlock_session_reaper.c"],
    ["check", "tests/c-programs/stack_helpers.c"],
    ["check", "tests/c-programs/race_pairs.c"],
    ["check", "tests/suppress/stats_counter.c"],
    ["check", "tests/suppress/lock_order_allowed.c"],
    ["check", "--max-markings", "5", "examples/prods_cons.sml"],
    ["check", "--source-root", "tests", "examples/counter.sml"],
    ["cover", "tests/nets/racy.spec"],
]


def main():
    binary, root, tool = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    if not os.access(tool, os.X_OK):
        print("SARIF multitool %s is missing: run tools/setup --test" % tool)
        return 1
    with tempfile.TemporaryDirectory(prefix="rf-sarif-") as tmp:
        logs = []
        for i, cmd in enumerate(COMMANDS):
            proc = subprocess.run([binary] + cmd[:1] + ["--format", "sarif"] + cmd[1:], cwd=root,
                                  capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
            if proc.returncode not in (0, 1, 3):
                print("racefree %s: exit %d\n%s" % (" ".join(cmd), proc.returncode, proc.stderr))
                return 1
            path = os.path.join(tmp, "log%d.sarif" % i)
            with open(path, "w", encoding="utf-8") as f:
                f.write(proc.stdout)
            logs.append(path)
        out = os.path.join(tmp, "validation.sarif")
        # .NET needs a writable home; without ICU it runs in invariant mode.
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1", HOME=tmp,
                   DOTNET_CLI_TELEMETRY_OPTOUT="1")
        proc = subprocess.run([tool, "validate", "--rule-kind", "Gh;Sarif", "--level", "Error;Warning",
                               "--output", out] + logs, capture_output=True, text=True, env=env)
        if not os.path.exists(out):
            print("the multitool wrote no log (exit %d)\n%s%s" % (proc.returncode, proc.stdout, proc.stderr))
            return 1
        with open(out, encoding="utf-8") as f:
            validation = json.load(f)
        problems = []
        for run in validation.get("runs", []):
            for r in run.get("results", []):
                loc = r.get("locations", [{}])[0].get("physicalLocation", {})
                where = os.path.basename(loc.get("artifactLocation", {}).get("uri", "?"))
                i = int(where[3:-6]) if where.startswith("log") and where.endswith(".sarif") else -1
                what = " ".join(COMMANDS[i]) if i >= 0 else where
                msg = r.get("message", {})
                text = msg.get("text") or " ".join(map(str, msg.get("arguments", [])))
                problems.append("%s: %s %s: %s" % (what, r.get("level", "warning"), r.get("ruleId"), text))
            for n in run.get("invocations", [{}])[0].get("toolExecutionNotifications", []):
                if n.get("level", "error") == "error":
                    problems.append("multitool: %s" % n.get("message", {}).get("text", ""))
        if problems or proc.returncode != 0:
            print("SARIF multitool (exit %d):" % proc.returncode)
            print("\n".join(problems) or proc.stdout + proc.stderr)
            return 1
        print("%d SARIF logs clean under the multitool's SARIF and GitHub rules" % len(logs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
