#!/usr/bin/env python3
"""The YAML witness of `racefree check --witness FILE` read back (with PyYAML) and
checked against the input and the JSON report of the same run.

For a racy C program: the file is one violation_sequence entry of format 2.2; its uuid
is the one made from the SHA-256 of the file without its uuid and creation_time lines;
the task names the input with the SHA-256 of its bytes, the no-data-race property and
C; every segment but the last holds one follow waypoint (function_enter or a true
assumption), every waypoint's line exists in the input and its column lies on that
line; the last segment holds exactly two target waypoints whose lines and columns are
the racing accesses the JSON report of the same run names, in two different threads;
thread ids are 0 (main) or k, registered by the k-th function_enter waypoint, and a
thread has no waypoint before the one that creates it; two runs with --no-time write
the same bytes, and a run without it writes the time of the run.
With --race-free: no file is written, and stderr says so. With --unwritable: a witness
into a missing directory exits 2 before any verdict and leaves no file.
Usage: witness-check.py RACEFREE_BINARY SOURCE_ROOT [--race-free | --unwritable] FILE.c
"""
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    yaml = None


class Invalid(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Invalid(what)


def run(binary, root, args):
    return subprocess.run([binary] + args, cwd=root, capture_output=True, text=True, timeout=300)


def body_uuid(text):
    """The uuid racefree makes for witness TEXT: SHA-256 of it less its uuid and
    creation_time lines, version 5 and variant bits set."""
    body = "".join(l for l in text.splitlines(keepends=True)
                   if not re.match(r"    (uuid|creation_time): ", l))
    d = bytearray(hashlib.sha256(body.encode()).digest()[:16])
    d[6] = (d[6] & 0x0F) | 0x50
    d[8] = (d[8] & 0x3F) | 0x80
    h = d.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def check_witness(text, source, lines, accesses):
    doc = yaml.safe_load(text)
    check(isinstance(doc, list) and len(doc) == 1, "one entry")
    entry = doc[0]
    check(entry["entry_type"] == "violation_sequence", "entry_type")
    meta = entry["metadata"]
    check(meta["format_version"] == "2.2", "format_version 2.2")
    check(meta["uuid"] == body_uuid(text), "uuid %s is made from the body" % meta["uuid"])
    check(meta["producer"]["name"] == "racefree", "producer")
    task = meta["task"]
    check(task["input_files"] == [source], "input_files %r" % task["input_files"])
    with open(source, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    check(task["input_file_hashes"] == {source: digest}, "input_file_hashes are the input's SHA-256")
    check(task["specification"] == "CHECK( init(main()), LTL(G ! data-race) )", "specification")
    check(task["language"] == "C" and task["data_model"] in ("ILP32", "LP64"), "language and data model")
    segments = [s["segment"] for s in entry["content"]]
    check(len(segments) >= 1, "segments")
    registered = 0
    seen = set()
    for n, seg in enumerate(segments):
        last = n == len(segments) - 1
        check(len(seg) == (2 if last else 1), "segment %d has %d waypoints" % (n + 1, len(seg)))
        for item in seg:
            w = item["waypoint"]
            check(w["action"] == "follow", "follow waypoints only")
            check(w["type"] == "target" if last else w["type"] in ("function_enter", "assumption"),
                  "segment %d: type %s" % (n + 1, w["type"]))
            if w["type"] == "assumption":
                check(w["constraint"] == {"value": "1", "format": "c_expression"}, "a true assumption")
            loc = w["location"]
            check(loc["file_name"] == source, "waypoint in the input")
            check(1 <= loc["line"] <= len(lines), "line %d exists" % loc["line"])
            check(1 <= loc["column"] <= len(lines[loc["line"] - 1]) + 1,
                  "column %d lies on line %d" % (loc["column"], loc["line"]))
            tid = w["thread_id"]
            check(tid == 0 or 1 <= tid <= registered,
                  "segment %d: thread %d used before a function_enter created it" % (n + 1, tid))
            seen.add(tid)
            if w["type"] == "function_enter":
                registered += 1
                check(lines[loc["line"] - 1][loc["column"] - 1] == "(",
                      "function_enter at the call's parenthesis (line %d)" % loc["line"])
    targets = [item["waypoint"] for item in segments[-1]]
    check(targets[0]["thread_id"] != targets[1]["thread_id"], "the two targets in two threads")
    got = sorted((t["location"]["line"], t["location"]["column"]) for t in targets)
    want = sorted((a["line"], a["column"]) for a in accesses[:2])
    check(got == want, "targets %r are the racing accesses %r" % (got, want))


def main():
    if yaml is None:
        print("witness-check.py needs PyYAML: apt-get install -y python3-yaml (tools/setup --test installs it)")
        return 1
    binary, root, rest = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    mode = rest.pop(0) if rest[0].startswith("--") else None
    source = rest[0]
    os.chdir(root)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "w.yml")
        try:
            if mode == "--race-free":
                proc = run(binary, root, ["check", "--no-time", "--witness", out, source])
                check(proc.returncode == 0, "race-free: exit %d" % proc.returncode)
                check(not os.path.exists(out), "race-free: no file written")
                check("racefree check: no race found: no witness file written\n" in proc.stderr,
                      "race-free: stderr says so: %r" % proc.stderr)
            elif mode == "--unwritable":
                bad = os.path.join(tmp, "none", "w.yml")
                proc = run(binary, root, ["check", "--witness", bad, source])
                check(proc.returncode == 2 and proc.stdout == "", "unwritable: exit 2 before any verdict")
                check(proc.stderr.startswith("racefree check: error: --witness: cannot write '%s'" % bad),
                      "unwritable: names the file: %r" % proc.stderr)
                check(os.listdir(tmp) == [], "unwritable: no file left behind")
            else:
                proc = run(binary, root, ["check", "--no-time", "--format", "json", "--witness", out, source])
                check(proc.returncode == 1, "racy: exit %d" % proc.returncode)
                report = json.loads(proc.stdout)
                race = next(l for l in report["locations"] if l["verdict"] == "race")
                with open(out) as f:
                    text = f.read()
                with open(source) as f:
                    lines = f.read().split("\n")
                check_witness(text, source, lines, race["accesses"])
                check(yaml.safe_load(text)[0]["metadata"]["creation_time"] == "1970-01-01T00:00:00Z",
                      "--no-time: the epoch")
                os.unlink(out)
                run(binary, root, ["check", "--no-time", "--witness", out, source])
                with open(out) as f:
                    check(f.read() == text, "two runs write the same bytes")
                before = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
                run(binary, root, ["check", "--witness", out, source])
                with open(out) as f:
                    timed = f.read()
                when = yaml.safe_load(timed)[0]["metadata"]["creation_time"]
                stamp = datetime.datetime.strptime(when, "%Y-%m-%dT%H:%M:%SZ").replace(
                    tzinfo=datetime.timezone.utc)
                check(before - datetime.timedelta(seconds=5) <= stamp
                      <= datetime.datetime.now(datetime.timezone.utc), "creation_time %s is now" % when)
                check(body_uuid(timed) == yaml.safe_load(timed)[0]["metadata"]["uuid"] == body_uuid(text),
                      "the uuid does not depend on the time")
        except Invalid as e:
            print("FAIL %s: %s" % (source, e))
            return 1
    print("ok %s %s" % (mode or "racy", source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
