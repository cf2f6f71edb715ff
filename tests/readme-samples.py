#!/usr/bin/env python3
"""The README's sample sessions are what racefree prints.

Every fenced block of README.md whose first line starts with "$ racefree" is a session:
each "$ racefree ARGS" line (a trailing backslash continues it on the next line) runs
racefree with ARGS in a fresh directory where examples/ and tests/ stand for the
source tree's (so that a file a sample writes lands there), and the lines up to the
next "$ " line must be its standard output followed by its standard error. With
--update the blocks are rewritten from the actual output instead.
Usage: readme-samples.py [--update] RACEFREE_BINARY SOURCE_ROOT
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile


def sessions(text):
    """(start, end, lines) of each fenced block that is a racefree session."""
    for m in re.finditer(r"^```\n(\$ racefree.*?)^```$", text, re.M | re.S):
        yield m.start(1), m.end(1), m.group(1).splitlines()


def commands(lines):
    """[(command, expected lines)] of a session's lines."""
    out, i = [], 0
    while i < len(lines):
        cmd = lines[i][2:]
        while cmd.endswith("\\") and i + 1 < len(lines):
            i += 1
            cmd = cmd[:-1] + " " + lines[i].strip()
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        out.append((cmd, expected))
    return out


def main():
    update = len(sys.argv) > 1 and sys.argv[1] == "--update"
    if update:
        del sys.argv[1]
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    readme = os.path.join(root, "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    failures, pieces, last = [], [], 0
    with tempfile.TemporaryDirectory(prefix="rf-readme-") as tmp:
        for d in ("examples", "tests"):
            os.symlink(os.path.join(root, d), os.path.join(tmp, d))
        for start, end, lines in sessions(text):
            block = []
            for cmd, expected in commands(lines):
                args = shlex.split(cmd)
                p = subprocess.run([binary] + args[1:], cwd=tmp, capture_output=True, text=True,
                                   env=dict(os.environ, LC_ALL="C"))
                actual = (p.stdout + p.stderr).rstrip("\n").split("\n")
                if actual != expected:
                    failures.append("README.md: '$ %s' prints:\n%s\nnot:\n%s" %
                                    (cmd, "\n".join(actual), "\n".join(expected)))
                block.append(actual)
            if update:
                # keep the commands as written (continuation lines included)
                out_lines = []
                cmds = iter(block)
                i = 0
                while i < len(lines):
                    out_lines.append(lines[i])
                    while lines[i].endswith("\\") and i + 1 < len(lines):
                        i += 1
                        out_lines.append(lines[i])
                    i += 1
                    while i < len(lines) and not lines[i].startswith("$ "):
                        i += 1
                    out_lines.extend(next(cmds))
                pieces.append(text[last:start] + "\n".join(out_lines) + "\n")
                last = end
    if update:
        pieces.append(text[last:])
        with open(readme, "w", encoding="utf-8") as f:
            f.write("".join(pieces))
        print("updated README.md")
        return 0
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
