#!/usr/bin/env python3
"""Every output is byte-identical from run to run (docs/reports.md, Determinism).

Runs each command twice, the second time with another MALLOC_PERTURB_ (so that freed
and fresh memory differ) and compares every byte written: the HTML report with its
Graphviz SVG pictures (of C programs with a dozen pictures, where Graphviz's layout
used to follow the addresses malloc gave), witness pictures in svg and png, net
pictures in svg, png and pdf (pdf with SOURCE_DATE_EPOCH, which sets the one date
cairo writes), and the JSON and SARIF reports. Under AddressSanitizer addresses differ
too, which is as well.
Usage: determinism.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(binary, root, args, perturb):
    env = dict(os.environ, LC_ALL="C", MALLOC_PERTURB_=str(perturb), SOURCE_DATE_EPOCH="1700000000")
    return subprocess.run([binary] + args, cwd=root, capture_output=True, env=env)


def files_of(d):
    out = {}
    for dirpath, _, names in os.walk(d):
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, d)] = f.read()
    return out


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cases = [
        ("check --html, a C program with 16 pictures",
         ["check", "--no-time", "--html", "@OUT@", "tests/c-programs/real_threadpool.c"]),
        ("check --html, two C files", ["check", "--no-time", "--html", "@OUT@",
                                       "tests/c-programs/multi_file.c", "tests/c-programs/parts/stats.c"]),
        ("check --witness-dot svg", ["check", "--witness-dot", "@OUT@/w.svg", "tests/c-programs/real_threadpool.c"]),
        ("check --witness-dot png", ["check", "--witness-dot", "@OUT@/w.png", "examples/counter.sml"]),
        ("net svg", ["net", "-f", "svg", "-o", "@OUT@/n.svg", "tests/c-programs/real_threadpool.c"]),
        ("net png", ["net", "-f", "png", "-o", "@OUT@/n.png", "examples/prods_cons.sml"]),
        ("net pdf", ["net", "-f", "pdf", "-o", "@OUT@/n.pdf", "examples/prods_cons.sml"]),
        ("check json", ["check", "--no-time", "--format", "json", "tests/c-programs/real_threadpool.c"]),
        ("check sarif", ["check", "--format", "sarif", "--no-time", "tests/c-programs/real_refcache.c"]),
    ]
    tmp = tempfile.mkdtemp(prefix="rf-determinism-")
    try:
        for what, args in cases:
            outputs = []
            for k, perturb in enumerate((0, 165)):
                out = os.path.join(tmp, "%s-%d" % (what.replace(" ", "_").replace("/", "_"), k))
                os.mkdir(out)
                p = run(binary, root, [a.replace("@OUT@", out) for a in args], perturb)
                outputs.append((p.returncode, p.stdout.replace(out.encode(), b"@OUT@"),
                                p.stderr.replace(out.encode(), b"@OUT@"), files_of(out)))
            a, b = outputs
            same = a == b
            detail = ""
            if not same:
                diff = [n for n in sorted(set(a[3]) | set(b[3])) if a[3].get(n) != b[3].get(n)]
                detail = " (differ: %s%s%s)" % ("stdout " if a[1] != b[1] else "", "stderr " if a[2] != b[2] else "",
                                                " ".join(diff))
            check(same and a[0] in (0, 1) and (a[1] or a[3]),
                  "%s: exit %d, the same bytes twice%s" % (what, a[0], detail))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
