#!/usr/bin/env python3
"""Hostile inputs at a scale golden files cannot hold, under a memory limit.

- 50 KB of stray characters on one line, and 50,000 lines of one each (the issue's
  case: 600 MB of stderr and a 2 GiB allocation abort before), under a 512 MiB
  address-space limit: exit status 2, the default limit of 20 errors and its note,
  a few KB of stderr; with --max-errors 0 every error, each line shown as a window,
  the memory flat (diagnostics are written, not kept).
- 100,000 nested braces (SML) and parentheses (C): one located 'nesting too deep'.
- A search that would take gigabytes (a C statement reading a variable 4000 times,
  searched without the state equation: minutes and 750 MB), under a limit of 320 MiB
  of address space and no --max-memory: the default memory budget (half of what the
  limit leaves) ends it as unknown, exit status 3, never an allocation failure.
The address-space cases are skipped under AddressSanitizer, which cannot run within
such a limit.
Usage: hostile-input.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(binary, args, limit_mb=None, timeout=120):
    def limit():
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    env = dict(os.environ, LC_ALL="C")
    p = subprocess.run([binary] + args, capture_output=True, env=env, preexec_fn=limit, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def main():
    binary = os.path.abspath(sys.argv[1])
    sanitized = "ASAN_OPTIONS" in os.environ or "LSAN_OPTIONS" in os.environ
    limit = None if sanitized else 512
    if sanitized:
        print("note: under a sanitizer: no address-space limit")
    random.seed(50000)
    tmp = tempfile.mkdtemp(prefix="rf-hostile-")
    try:
        # 50 KB of stray characters on one line.
        one_line = os.path.join(tmp, "stray.sml")
        with open(one_line, "w") as f:
            f.write("".join(random.choice("@$%^&|~`!?") for _ in range(50000)) + "\n")
        code, out, err = run(binary, ["check", one_line], limit)
        lines = err.decode().splitlines()
        check(code == 2 and out == b"" and len(err) < 8000 and lines.count(lines[1]) == 20
              and lines[-1] == "racefree check: note: too many errors; stopping (--max-errors 20)",
              "50 KB of stray characters: exit %d, %d bytes of stderr, 20 errors and the note" % (code, len(err)))
        code, out, err = run(binary, ["check", "--max-errors", "0", one_line], limit)
        n = err.count(b": error: stray ")
        check(code == 2 and n == 50000 and len(err) < 50000 * 500 and b"note: too many" not in err,
              "the same with --max-errors 0: exit %d, %d errors in %d MB (each line a window)"
              % (code, n, len(err) >> 20))

        # 50,000 lines of one stray character each, in C: the same bound.
        many_lines = os.path.join(tmp, "stray.c")
        with open(many_lines, "w") as f:
            f.write("".join(random.choice("@`") + "\n" for _ in range(50000)))
        code, out, err = run(binary, ["check", many_lines], limit)
        check(code == 2 and err.count(b": error: ") == 20 and len(err) < 4000
              and err.endswith(b"racefree check: note: too many errors; stopping (--max-errors 20)\n"),
              "50,000 lines of stray characters (C): exit %d, %d bytes of stderr" % (code, len(err)))
        code, out, err = run(binary, ["check", "--max-errors", "0", many_lines], limit)
        check(code == 2 and err.count(b": error: stray ") == 50000,
              "the same with --max-errors 0: exit %d, every error" % code)

        # 100,000 nested brackets: one error at the 257th.
        for name, text, col in (
                ("deep.sml", "main " + "{" * 100000 + "}" * 100000 + "\n", 262),
                ("deep.c", "int x;\nint main (void) { x = " + "(" * 100000 + "1" + ")" * 100000 + "; return 0; }\n", 278)):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            code, out, err = run(binary, ["check", path], limit)
            first = err.decode().splitlines()[0] if err else ""
            check(code == 2 and err.count(b": error: ") == 1
                  and first.endswith(":%d: error: nesting too deep (more than 256 brackets open)" % col),
                  "%s with 100,000 nested brackets: exit %d, %r" % (name, code, first[-70:]))

        # A search past a ulimit -v, without --max-memory: unknown, not an abort.
        if not sanitized:
            prog = os.path.join(tmp, "reads.c")
            with open(prog, "w") as f:
                f.write("int x;\nint main (void) {\n  x = " + "x + " * 4000 + "x;\n  return 0;\n}\n")
            code, out, err = run(binary, ["check", "--search-only", "--no-state-equation", prog], 320, timeout=300)
            check(code == 3 and b"summary: 1 shared variable: 0 races, 0 race-free, 1 unknown\n" in out
                  and err == b"",
                  "a search past ulimit -v 320M: exit %d (unknown), stderr %r" % (code, err[-200:]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
