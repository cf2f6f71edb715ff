#!/usr/bin/env python3
"""Progress of long searches: shown on standard error only when it is a terminal and
the report is text. RF_PROGRESS_INTERVAL (seconds between updates) is made tiny so that
even these short searches show it; with stderr a pseudo-terminal (raw mode, so bytes
arrive as written) the progress line appears, is rewritten with '\\r' and erased before
anything else is printed; with stderr a pipe, or with --format json/sarif, stderr is
byte for byte what it is without progress, and stdout never changes. With both on
one terminal, each verdict appears as soon as it is decided, between the searches.
Usage: progress-tty.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import re
import pty
import subprocess
import sys
import threading
import tty

ERASE = "\r\x1b[K"
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(binary, root, args, tty_stderr, progress=True):
    env = dict(os.environ, LC_ALL="C")
    if progress:
        env["RF_PROGRESS_INTERVAL"] = "0.000001"
    else:
        env.pop("RF_PROGRESS_INTERVAL", None)
    if not tty_stderr:
        p = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True, env=env)
        return p.returncode, p.stdout, p.stderr
    master, slave = pty.openpty()
    tty.setraw(slave)
    chunks = []

    def reader():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:   # EIO once the child side is closed
                return
            if not data:
                return
            chunks.append(data)
    t = threading.Thread(target=reader)
    t.start()
    p = subprocess.run([binary] + args, cwd=root, stdout=subprocess.PIPE, stderr=slave, text=True, env=env)
    os.close(slave)
    t.join(60)
    os.close(master)
    return p.returncode, p.stdout, b"".join(chunks).decode("utf-8", "replace")


def run_one_tty(binary, root, args):
    """Runs with standard output and error on one pseudo-terminal (as in a shell): what
    it shows, in the order written."""
    env = dict(os.environ, LC_ALL="C", RF_PROGRESS_INTERVAL="0.000001")
    master, slave = pty.openpty()
    tty.setraw(slave)
    chunks = []

    def reader():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)
    t = threading.Thread(target=reader)
    t.start()
    p = subprocess.run([binary] + args, cwd=root, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    t.join(60)
    os.close(master)
    return p.returncode, b"".join(chunks).decode("utf-8", "replace")


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    check_args = ["check", "--search-only", "--no-state-equation", "examples/prods_cons.sml"]
    racy_args = ["check", "--backward-only", "examples/counter.sml"]

    code0, out0, err0 = run(binary, root, check_args, False, progress=False)
    code, out, err = run(binary, root, check_args, True)
    check(code == code0 and out == out0, "terminal: same exit status and report on stdout")
    check(err.startswith("\rbuffer: ") and " kept, " in err and " frontier, " in err
          and " markings/s, " in err, "terminal: progress lines name the variable and the counts: %r" % err[:120])
    check("\rcount: " in err, "terminal: the next variable's search shows its own name")
    _, _, errb = run(binary, root, ["check", "--search-only", "--no-state-equation", "--max-markings", "100000", "--timeout", "100",
                                    "--total-timeout", "500", "examples/prods_cons.sml"], True)
    check(re.search(r"\rbuffer: \d+ kept \(max 100000\), \d+ frontier, \d+ markings/s, [0-9.]+ s "
                    r"\(timeout 100 s\), \d+ s left in all", errb),
          "terminal: progress shows the budget, used and left: %r" % errb[:160])
    check(err.endswith(ERASE) and err.count("\n") == 0,
          "terminal: the line is rewritten in place and erased at the end: %r" % err[-40:])

    # Races are also reported on stderr: the progress line is gone before them.
    code0, out0, err0 = run(binary, root, racy_args, False, progress=False)
    code, out, err = run(binary, root, racy_args, True)
    check(code == code0 == 1 and out == out0, "terminal, a race: same exit status and report")
    check(ERASE in err and err.split(ERASE)[-1] == err0 and err0.startswith("examples/counter.sml:13:3: warning"),
          "terminal, a race: the diagnostics follow the erased progress line unchanged")

    for args in (check_args, racy_args):
        _, outp, errp = run(binary, root, args, False, progress=False)
        code, out, err = run(binary, root, args, False)
        check(out == outp and err == errp and "\r" not in err and " kept, " not in err,
              "pipe, %s: stderr as without progress, no progress text" % args[-1])

    for fmt in ("json", "sarif"):
        _, outp, errp = run(binary, root, ["check", "--backward-only", "--format", fmt, "--no-time", "examples/counter.sml"], False, False)
        code, out, err = run(binary, root, ["check", "--backward-only", "--format", fmt, "--no-time", "examples/counter.sml"], True)
        check(out == outp and err == errp == "", "terminal, --format %s: no progress, same report" % fmt)

    # Both streams on one terminal: each verdict is written as soon as it is decided,
    # after its search's progress line is erased and before the next search shows one.
    code, both = run_one_tty(binary, root, check_args)
    first = both.find("buffer: race-free (proved)\n")
    check(code == 0 and 0 <= first < both.find("\rcount: ") < both.find("count: race-free (proved)\n")
          and both[:first].endswith(ERASE) and "0 unknown\n" in both,
          "one terminal: buffer's verdict is written before count's search begins: %r" % both[first - 20:first + 60])

    cover_args = ["cover", "--backward-only", "tests/nets/racy.spec"]
    _, outc, _ = run(binary, root, cover_args, False, False)
    code, out, err = run(binary, root, cover_args, True)
    check(out == outc and err.startswith("\r") and " kept, " in err and err.endswith(ERASE),
          "cover on a terminal: same report, progress shown and erased: %r" % err[-40:])
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
