#!/usr/bin/env python3
"""Ctrl-C: SIGINT during a check stops the searches and reports what was decided.

Writes a C program with N shared variables, each written by every worker under one
mutex taken around each write (the search on a variable's focused net keeps every lock
and unlock: about a hundredth of a second per variable with --search-only, seconds in
all), then:
  - text: waits for the first verdict lines on standard output, sends SIGINT, and
    expects exit status 130, one verdict line per variable (the later ones
    "unknown (interrupted)"), the summary, and the line "interrupted: K verdicts left
    unknown (SIGINT)" with K the number of those lines;
  - JSON: sends SIGINT as long after the start as the text run took to its first
    verdicts, and a little more (nothing is streamed in JSON to wait for), and
    expects exit status 130 and a whole JSON report with every variable, its
    "interrupted" count matching its unknown locations;
  - SARIF: likewise, a whole log whose invocation says exit code 130, not successful;
  - while the program is read: a program of 10,000 statements (about a second to read,
    as long as `racefree net --stats` takes on it, and then nothing to search), SIGINT
    at 40% of that: exit status 130 once it is read, every verdict
    "unknown (interrupted)", the summary, and the interrupted line counting them all.
Usage: interrupt-run.py RACEFREE_BINARY
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

N = 300


def program():
    lines = ["#include <pthread.h>", "static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;"]
    lines += ["static int v%d;" % i for i in range(N)]
    lines += ["static void *worker (void *arg)", "{"]
    for i in range(N):
        lines += ["  pthread_mutex_lock (&m);", "  v%d++;" % i, "  pthread_mutex_unlock (&m);"]
    lines += ["  return arg;", "}", "int main (void)", "{", "  pthread_t t;",
              "  for (int i = 0; i < 3; i++)", "    pthread_create (&t, 0, worker, 0);", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def long_program():
    """A worker calling 100 functions of about 100 statements each."""
    lines = ["#include <pthread.h>", "static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;", "static long total;"]
    for f in range(100):
        lines += ["static int step%d (int a)" % f, "{", "  int x = a, y = %d, z = 0;" % f]
        for k in range(24):
            lines += ["  x = x * 3 + %d;" % k, "  if (x > y) y = x - z; else z = z + 1;",
                      "  for (int i = 0; i < 3; i++) z += i;", "  y = y ^ z;"]
        lines += ["  pthread_mutex_lock (&m);", "  total += x + y + z;", "  pthread_mutex_unlock (&m);",
                  "  return x + y;", "}"]
    lines += ["static void *worker (void *arg)", "{", "  int a = (int) (long) arg;"]
    lines += ["  a = step%d (a);" % f for f in range(100)]
    lines += ["  return 0;", "}", "int main (void)", "{", "  pthread_t t;", "  for (int i = 0; i < 3; i++)",
              "    pthread_create (&t, 0, worker, 0);", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def main():
    binary = os.path.abspath(sys.argv[1])
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="rf-interrupt-") as tmp:
        src = os.path.join(tmp, "many.c")
        with open(src, "w") as f:
            f.write(program())
        env = dict(os.environ, LC_ALL="C")

        # text: interrupt once verdicts are coming
        start = time.monotonic()
        p = subprocess.Popen([binary, "check", "--search-only", src], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
        first = [p.stdout.readline() for _ in range(3)]
        searching = time.monotonic() - start   # the program read, the handler in place
        p.send_signal(signal.SIGINT)
        rest, err = p.communicate(timeout=120)
        out = "".join(first) + rest
        verdicts = [l for l in out.splitlines() if l.startswith("v") and ": " in l]
        unknown = [l for l in verdicts if l.endswith(": unknown (interrupted)")]
        expect(p.returncode == 130, "text: exit 130 expected, got %d\n%s" % (p.returncode, err))
        expect(len(verdicts) == N, "text: %d verdict lines expected, got %d" % (N, len(verdicts)))
        expect(0 < len(unknown) < N, "text: some verdicts decided and some interrupted expected, %d of %d unknown"
               % (len(unknown), len(verdicts)))
        expect("interrupted: %d verdicts left unknown (SIGINT)\n" % len(unknown) in out,
               "text: the interrupted line must count %d:\n%s" % (len(unknown), out[-400:]))
        expect("summary: %d shared variables:" % N in out, "text: the summary line is missing")

        # JSON and SARIF: a whole document
        for fmt in ("json", "sarif"):
            p = subprocess.Popen([binary, "check", "--search-only", "--format", fmt, src], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env)
            time.sleep(searching + 0.5)
            p.send_signal(signal.SIGINT)
            out, err = p.communicate(timeout=120)
            expect(p.returncode == 130, "%s: exit 130 expected, got %d\n%s" % (fmt, p.returncode, err))
            try:
                doc = json.loads(out)
            except ValueError as e:
                failures.append("%s: not a whole JSON document: %s" % (fmt, e))
                continue
            if fmt == "json":
                locs = doc["locations"]
                n_unknown = sum(1 for l in locs if l["verdict"] == "unknown")
                expect(len(locs) == N, "json: %d locations expected, got %d" % (N, len(locs)))
                expect(doc.get("interrupted") == n_unknown and n_unknown > 0,
                       "json: interrupted %r, %d unknown locations" % (doc.get("interrupted"), n_unknown))
            else:
                inv = doc["runs"][0]["invocations"][0]
                expect(inv["exitCode"] == 130 and inv["executionSuccessful"] is False,
                       "sarif: the invocation must say 130, not successful: %r" % inv)
                texts = [r["message"]["text"] for r in doc["runs"][0]["results"]]
                expect(any("interrupted" in t for t in texts), "sarif: an unknown result 'interrupted' expected")

        # while the program is read. Under ASan, full stacks for allocations: the
        # program interns more than 2,048 strings, and GLib's first quark block, which
        # it outgrows and keeps by design, is suppressed by its constructor's frame
        # (tests/lsan.supp), which the fast unwinder does not see through GLib.
        if "ASAN_OPTIONS" in env:
            env = dict(env, ASAN_OPTIONS=env["ASAN_OPTIONS"] + ":fast_unwind_on_malloc=0")
        src = os.path.join(tmp, "long.c")
        with open(src, "w") as f:
            f.write(long_program())
        start = time.monotonic()
        subprocess.run([binary, "net", "--stats", src], stdout=subprocess.DEVNULL, check=True, env=env)
        reading = time.monotonic() - start
        p = subprocess.Popen([binary, "check", src], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
        time.sleep(reading * 0.4)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
        verdicts = [l for l in out.splitlines() if not l.startswith(" ") and ": " in l
                    and l.split(":")[0] not in ("summary", "deadlocks", "misuse", "interrupted")]
        expect(p.returncode == 130, "reading: exit 130 expected, got %d\n%s" % (p.returncode, err))
        expect(verdicts and all(l.endswith(": unknown (interrupted)") for l in verdicts),
               "reading: every verdict unknown (interrupted) expected:\n%s" % out)
        expect(re.search(r"^interrupted: %d verdicts? left unknown \(SIGINT\)$" % len(verdicts), out, re.M),
               "reading: the interrupted line must count %d:\n%s" % (len(verdicts), out[-400:]))
        expect(re.search(r"^summary: %d shared variables?:" % len(verdicts), out, re.M),
               "reading: the summary line is missing")

    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
