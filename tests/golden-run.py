#!/usr/bin/env python3
"""Golden test runner: runs one racefree command and compares its whole output.

A golden file holds the command on its first line ("$ racefree ARGS...", run from the
source root with the racefree binary under test), then the expected standard output,
then "--- stderr", the expected standard error, and "--- exit N". With
RF_UPDATE_GOLDEN=1 the file is rewritten from the actual output instead. Standard error
must not quote with curly quotes (GLib's style): racefree's messages quote with '.

Output files: "$OUT" in the command stands for a fresh empty directory; every file the
command leaves there follows, in name order, as "--- file NAME" and its whole text, or,
for a picture Graphviz rendered (whose bytes depend on its version and fonts), one line
"--- file NAME: svg|png|pdf" once its structure is checked. No "--- file" line means
the command left no file behind. "$OUT" in stdout and stderr stands for the directory, and
"file://$ROOT/" in stdout for the source root's file: URI (SARIF's %SRCROOT%), "$TIME" for
the time of day in SARIF's startTimeUtc and endTimeUtc.
"@DIR@" alike stands for a directory the command must create itself (a path in a fresh
temporary directory, not yet there). In the text of a file, each inline <svg> element (a
Graphviz layout, whose coordinates depend on the fonts installed) is replaced by a count
of its nodes, edges and clusters; the DOT golden tests hold the graphs themselves.
Usage: golden-run.py RACEFREE_BINARY SOURCE_ROOT GOLDEN_FILE
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile


def picture_kind(data):
    """The rendered format of DATA, or None: each format's own structure is checked."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data[-16:]:
        return "png"
    if data.startswith(b"%PDF-") and b"%%EOF" in data[-16:]:
        return "pdf"
    if data.startswith(b"<?xml") and b"<svg" in data and data.rstrip().endswith(b"</svg>"):
        return "svg"
    return None


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
        with open(os.path.join(outdir, name), "rb") as f:
            data = f.read()
        kind = picture_kind(data)
        if kind:
            text += "--- file %s: %s\n" % (name, kind)
        else:
            content = re.sub(r"<svg\b.*?</svg>", svg_summary, data.decode("utf-8", errors="replace"), flags=re.S)
            text += "--- file %s\n%s" % (name, content)
    return text


def render(cmd, proc, files=""):
    return "$ %s\n%s--- stderr\n%s--- exit %d\n%s" % (cmd, proc.stdout, proc.stderr, proc.returncode, files)


def main():
    binary, root, golden = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    with open(golden, encoding="utf-8") as f:
        expected = f.read()
    first = expected.split("\n", 1)[0]
    if not first.startswith("$ racefree"):
        print("%s: first line must be '$ racefree ARGS'" % golden)
        return 2
    cmd = first[2:]
    with tempfile.TemporaryDirectory(prefix="rf-golden-") as tmp:
        outdir = os.path.join(tmp, "out")
        if "@DIR@" not in cmd:
            os.mkdir(outdir)
        args = [a.replace("$OUT", outdir).replace("@DIR@", outdir) for a in shlex.split(cmd)[1:]]
        env = dict(os.environ, LC_ALL="C")
        if "LSAN_OPTIONS" in env:
            # Under LeakSanitizer (tools/test): the report of suppressed third-party
            # leaks (tests/lsan.supp) is not the command's output.
            env["LSAN_OPTIONS"] += ":print_suppressions=0"
        proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True, env=env)
        mark = "@DIR@" if "@DIR@" in cmd else "$OUT"
        proc.stdout = proc.stdout.replace(outdir, mark)
        proc.stderr = proc.stderr.replace(outdir, mark)
        # SARIF's %SRCROOT%: the source root as an absolute file: URI
        proc.stdout = proc.stdout.replace("file://" + os.path.abspath(root) + "/", "file://$ROOT/")
        # SARIF's invocation times: the wall clock of the run
        proc.stdout = re.sub(r'"(startTimeUtc|endTimeUtc)": "[0-9T:Z-]+"', r'"\1": "$TIME"', proc.stdout)
        actual = render(cmd, proc, render_files(outdir))
    # One message style: racefree's own straight quotes, never GLib's curly ones.
    curly = [c for c in "\u201c\u201d\u2018\u2019" if c in proc.stderr]
    if curly:
        print("%s: standard error quotes with %s (GLib's style, not racefree's)" % (golden, "".join(curly)))
        return 1
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
