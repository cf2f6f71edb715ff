#!/usr/bin/env python3
"""Failed writes, where golden files cannot go: every write of racefree is checked.

Standard output on /dev/full (no space left) or closed, for the text report, a JSON
report, a net and the help: exit status 2 and one message on stderr, whatever the
verdicts. `net -o /dev/full`: the same, and the device is still a device (an output
file is written atomically through a temporary file and a rename, but a device or a
pipe is written in place: renaming over /dev/full would replace the device). A
symbolic link to a file keeps the link and gets the file replaced; `-o /dev/stdout`
on a pipe writes to the pipe. `check|cover --certificate /dev/full`: exit status 2 and a
message, after the report.
Usage: write-errors.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile

failures = []
NOSPACE = "racefree: error: cannot write standard output: No space left on device\n"


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(binary, root, args, stdout=subprocess.PIPE, close_stdout=False):
    env = dict(os.environ, LC_ALL="C")
    p = subprocess.run([binary] + args, cwd=root, stdout=stdout, stderr=subprocess.PIPE, env=env,
                       preexec_fn=(lambda: os.close(1)) if close_stdout else None)
    return p.returncode, (p.stdout or b"").decode(), p.stderr.decode()


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    have_full = os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)

    if have_full:
        # Standard output full: a race, a race-free program, JSON, a net, the help.
        for args in (["check", "examples/counter.sml"],
                     ["check", "examples/counter_with_lock.sml"],
                     ["check", "--format", "json", "examples/counter.sml"],
                     ["net", "examples/counter.sml"],
                     ["--help"]):
            with open("/dev/full", "wb") as full:
                code, _, err = run(binary, root, args, stdout=full)
            check(code == 2 and err == NOSPACE, "%s > /dev/full: exit %d, stderr %r" % (" ".join(args), code, err))

        # -o /dev/full: an error, and /dev/full is still the device.
        code, out, err = run(binary, root, ["net", "examples/counter.sml", "-o", "/dev/full"])
        check(code == 2 and out == ""
              and err == "racefree net: error: cannot write '/dev/full': No space left on device\n",
              "net -o /dev/full: exit %d, stderr %r" % (code, err))
        check(stat.S_ISCHR(os.stat("/dev/full").st_mode), "/dev/full is still a character device")
        check(not [f for f in os.listdir("/dev") if f.startswith("full.")], "no temporary file left in /dev")
        # --certificate /dev/full: the verdicts are printed, then the certificate fails.
        for cmd, src in (("check", "examples/counter_with_lock.sml"), ("cover", "tests/nets/mutex.spec")):
            code, out, err = run(binary, root, [cmd, "--certificate", "/dev/full", src])
            check(code == 2 and out != "" and err == "racefree %s: error: --certificate: cannot write "
                  "'/dev/full': No space left on device\n" % cmd,
                  "%s --certificate /dev/full: exit %d, stderr %r" % (cmd, code, err))
    else:
        print("note: no /dev/full here, its cases are skipped")

    # Standard output closed: the write fails (EBADF).
    code, _, err = run(binary, root, ["check", "examples/counter.sml"], stdout=None, close_stdout=True)
    check(code == 2 and err == "racefree: error: cannot write standard output: Bad file descriptor\n",
          "check with stdout closed: exit %d, stderr %r" % (code, err))

    # -o /dev/stdout on a pipe: written to the pipe, as without -o.
    _, plain, _ = run(binary, root, ["net", "examples/counter.sml"])
    if os.path.exists("/dev/stdout"):
        code, out, err = run(binary, root, ["net", "examples/counter.sml", "-o", "/dev/stdout"])
        check(code == 0 and out == plain and err == "", "net -o /dev/stdout on a pipe: exit %d, %d bytes"
              % (code, len(out)))
        check(os.path.islink("/dev/stdout"), "/dev/stdout is still a symbolic link")

    tmp = tempfile.mkdtemp(prefix="rf-write-")
    try:
        # A symbolic link to a file: the file is replaced, the link kept.
        target = os.path.join(tmp, "net.dot")
        link = os.path.join(tmp, "link.dot")
        with open(target, "w") as f:
            f.write("old\n")
        os.symlink("net.dot", link)
        code, out, err = run(binary, root, ["net", "examples/counter.sml", "-o", link])
        with open(target) as f:
            text = f.read()
        check(code == 0 and err == "" and os.path.islink(link) and text == plain,
              "-o LINK: exit %d, the link kept, its file replaced by the net" % code)
        check(sorted(os.listdir(tmp)) == ["link.dot", "net.dot"], "no temporary file left: %s" % os.listdir(tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
