#!/usr/bin/env python3
"""Failed writes, where golden files cannot go: every write of racefree is checked.

Standard output on /dev/full (no space left) or closed, for the text report, a JSON
report, a net and the help: exit status 2 and one message on stderr, whatever the
verdicts. `net -o /dev/full`: the same, and the device is still a device (an output
file is written atomically through a temporary file and a rename, but a device or a
pipe is written in place: renaming over /dev/full would replace the device). A
symbolic link to a file keeps the link and gets the file replaced, a dangling one gets
its file created; `-o /dev/stdout` writes to the descriptor, on a pipe or at a regular
file's offset. The same for the other output options: --witness-dot through links and
into named pipes, --html through a linked directory and a linked index.html (to a file,
to /dev/stdout); an unusable --witness-dot path is found before the search.
`check|cover --certificate /dev/full`: exit status 2 and a message, after the report.
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

        # -o /dev/stdout on a regular file: written at the descriptor's offset, after what
        # the caller wrote there, and the caller's later writes follow (the file is
        # neither reopened from its start nor replaced behind the caller's back).
        if os.path.exists("/dev/stdout"):
            log = os.path.join(tmp, "log")
            with open(log, "wb") as f:
                f.write(b"before\n")
                f.flush()
                code, _, err = run(binary, root, ["net", "examples/counter.sml", "-o", "/dev/stdout"], stdout=f)
                f.write(b"after\n")
            with open(log) as f:
                text = f.read()
            check(code == 0 and err == "" and text == "before\n" + plain + "after\n",
                  "net -o /dev/stdout on a file: exit %d, the net between the caller's lines" % code)

        # A dangling link: the file it names is created, the link kept.
        dangling = os.path.join(tmp, "dangling.dot")
        os.symlink("made.dot", dangling)
        code, _, err = run(binary, root, ["net", "examples/counter.sml", "-o", dangling])
        made = os.path.join(tmp, "made.dot")
        check(code == 0 and os.path.islink(dangling) and os.path.isfile(made) and open(made).read() == plain,
              "-o DANGLING_LINK: exit %d, the file it names created" % code)

        # --witness-dot through links: each link kept, the file it names replaced.
        wdir = os.path.join(tmp, "witness")
        os.mkdir(wdir)
        for name in ("net-target.dot", "seq-target.dot"):
            with open(os.path.join(wdir, name), "w") as f:
                f.write("old\n")
        os.symlink("net-target.dot", os.path.join(wdir, "w.dot"))
        os.symlink("seq-target.dot", os.path.join(wdir, "w-seq.dot"))
        code, _, err = run(binary, root, ["check", "--witness-dot", os.path.join(wdir, "w.dot"),
                                          "--witness-var", "counter", "examples/counter.sml"])
        texts = [open(os.path.join(wdir, n)).read() for n in ("net-target.dot", "seq-target.dot")]
        check(code == 1 and all(t.startswith("digraph") for t in texts)
              and os.path.islink(os.path.join(wdir, "w.dot")) and os.path.islink(os.path.join(wdir, "w-seq.dot"))
              and sorted(os.listdir(wdir)) == ["net-target.dot", "seq-target.dot", "w-seq.dot", "w.dot"],
              "--witness-dot LINK: exit %d, both links kept and their files replaced" % code)

        # --witness-dot into pipes (named FIFOs, read as they are written): in place.
        fdir = os.path.join(tmp, "fifo")
        os.mkdir(fdir)
        fifos = [os.path.join(fdir, n) for n in ("w.dot", "w-seq.dot")]
        for f in fifos:
            os.mkfifo(f)
        got = {}

        def reader(path):
            with open(path) as f:
                got[path] = f.read()
        import threading
        readers = [threading.Thread(target=reader, args=(f,)) for f in fifos]
        for r in readers:
            r.start()
        code, _, err = run(binary, root, ["check", "--witness-dot", fifos[0], "--witness-var", "counter",
                                          "examples/counter.sml"])
        for r in readers:
            r.join(30)
        check(code == 1 and all(got.get(f, "").startswith("digraph") for f in fifos)
              and all(stat.S_ISFIFO(os.lstat(f).st_mode) for f in fifos),
              "--witness-dot FIFO: exit %d, both pictures through the pipes, still pipes" % code)

        # --html DIR: DIR a link to a directory, its index.html a link to a file elsewhere.
        real = os.path.join(tmp, "real-dir")
        os.mkdir(real)
        page = os.path.join(tmp, "page.html")
        with open(page, "w") as f:
            f.write("old\n")
        os.symlink(page, os.path.join(real, "index.html"))
        os.symlink("real-dir", os.path.join(tmp, "html-link"))
        code, _, err = run(binary, root, ["check", "--no-time", "--html", os.path.join(tmp, "html-link"),
                                          "examples/counter.sml"])
        check(code == 1 and open(page).read().startswith("<!DOCTYPE html>")
              and os.path.islink(os.path.join(real, "index.html")) and os.listdir(real) == ["index.html"],
              "--html LINK_DIR with index.html a link: exit %d, the page written through both" % code)

        # --html DIR whose index.html is a link to /dev/stdout: the page on standard output.
        sdir = os.path.join(tmp, "to-stdout")
        os.mkdir(sdir)
        os.symlink("/dev/stdout", os.path.join(sdir, "index.html"))
        code, out, err = run(binary, root, ["check", "--no-time", "--format", "json", "--html", sdir,
                                            "examples/counter.sml"])
        check(code == 1 and "<!DOCTYPE html>" in out and out.rstrip().endswith("</html>")
              and os.listdir(sdir) == ["index.html"],
              "--html DIR with index.html -> /dev/stdout: exit %d, the page on standard output" % code)

        # An unusable --witness-dot path is found before the search: exit 2, no verdict.
        code, out, err = run(binary, root, ["check", "--witness-dot", os.path.join(wdir, "none", "w.png"),
                                            "examples/counter.sml"])
        check(code == 2 and out == "" and err == "racefree check: error: --witness-dot: cannot write '%s': "
              "No such file or directory\n" % os.path.join(wdir, "none", "w.counter.png"),
              "--witness-dot into a missing directory: exit %d before the search, %r" % (code, err))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
