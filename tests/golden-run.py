#!/usr/bin/env python3
"""Golden test runner: runs one racefree command and compares its whole output.

A golden file holds the command on its first line ("$ racefree ARGS...", run from the
source root with the racefree binary under test), then the expected standard output,
then "--- stderr", the expected standard error, and "--- exit N". A command that
writes files names its output directory @DIR@: a path in a fresh temporary directory,
not yet created; every file racefree leaves there follows as "--- file NAME" and its
contents, in name order. In those files each inline <svg> element (a Graphviz layout,
whose coordinates depend on the fonts installed) is replaced by a count of its nodes,
edges and clusters; the DOT golden tests hold the graphs themselves. With
RF_UPDATE_GOLDEN=1 the file is rewritten from the actual output instead.
Usage: golden-run.py RACEFREE_BINARY SOURCE_ROOT GOLDEN_FILE
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def render(cmd, proc):
    return "$ %s\n%s--- stderr\n%s--- exit %d\n" % (cmd, proc.stdout, proc.stderr, proc.returncode)


def svg_summary(match):
    svg = match.group(0)
    return "<svg><!-- Graphviz picture: %d nodes, %d edges, %d clusters --></svg>" % (
        svg.count('class="node"'), svg.count('class="edge"'), svg.count('class="cluster"'))


def render_files(outdir):
    text = ""
    if not os.path.isdir(outdir):
        return text
    names = sorted(os.path.relpath(os.path.join(d, f), outdir)
                   for d, _, files in os.walk(outdir) for f in files)
    for name in names:
        with open(os.path.join(outdir, name), encoding="utf-8") as f:
            content = re.sub(r"<svg\b.*?</svg>", svg_summary, f.read(), flags=re.S)
        text += "--- file %s\n%s" % (name, content)
    return text


def main():
    binary, root, golden = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    with open(golden, encoding="utf-8") as f:
        expected = f.read()
    first = expected.split("\n", 1)[0]
    if not first.startswith("$ racefree"):
        print("%s: first line must be '$ racefree ARGS'" % golden)
        return 2
    cmd = first[2:]
    tmp = tempfile.mkdtemp(prefix="rf-golden-") if "@DIR@" in cmd else None
    outdir = os.path.join(tmp, "out") if tmp else None
    args = [a.replace("@DIR@", outdir) if tmp else a for a in shlex.split(cmd)[1:]]
    try:
        proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True,
                              env=dict(os.environ, LC_ALL="C"))
        actual = render(cmd, proc)
        if tmp:
            proc.stdout, proc.stderr = (t.replace(outdir, "@DIR@") for t in (proc.stdout, proc.stderr))
            actual = render(cmd, proc) + render_files(outdir)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if os.environ.get("RF_UPDATE_GOLDEN") == "1":
        with open(golden, "w", encoding="utf-8") as f:
            f.write(actual)
        print("updated %s" % golden)
        return 0
    if actual != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), golden, "actual"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
