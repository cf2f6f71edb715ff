#!/usr/bin/env python3
"""The --html DIR output of racefree check, where golden files cannot go: an existing
report replaced atomically (other files kept, no temporary file left), a failure found
before the search (DIR/index.html is a directory) that leaves DIR as it was, bad input that
writes nothing, missing parents created, the file mode, an unwritable directory (not
as root, who can write anywhere), and user text that must be escaped (a comment with
markup, a file name with markup, invalid UTF-8), and ids unique with several races.
Usage: html-dir.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def listing(d):
    return sorted(os.listdir(d))


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    counter = os.path.join(root, "examples", "counter.sml")
    bad = os.path.join(root, "tests", "sml-errors", "undeclared.sml")
    tmp = tempfile.mkdtemp(prefix="rf-html-dir-")

    def run(*args):
        return subprocess.run([binary, "check", "--no-time"] + list(args), cwd=tmp,
                              capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))

    try:
        # An existing report is replaced; other files stay; no temporary file is left.
        d = os.path.join(tmp, "existing")
        os.mkdir(d)
        for name, text in (("index.html", "old report\n"), ("notes.txt", "mine\n")):
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        p = run("--html", d, counter)
        with open(os.path.join(d, "index.html"), encoding="utf-8") as f:
            page = f.read()
        with open(os.path.join(d, "notes.txt")) as f:
            notes = f.read()
        check(p.returncode == 1 and page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n"),
              "an existing index.html is replaced by the whole report (exit %d)" % p.returncode)
        check(notes == "mine\n" and listing(d) == ["index.html", "notes.txt"],
              "other files are kept and no temporary file is left: %s" % listing(d))
        old_umask = os.umask(0o22)
        os.umask(old_umask)
        mode = stat.S_IMODE(os.stat(os.path.join(d, "index.html")).st_mode)
        check(mode == 0o666 & ~old_umask, "index.html has mode %o (0666 less the umask)" % mode)

        # index.html cannot be replaced (a directory): found before the search, so no
        # verdict is written, and DIR is left as it was.
        d = os.path.join(tmp, "blocked")
        os.makedirs(os.path.join(d, "index.html"))
        p = run("--html", d, counter)
        check(p.returncode == 2 and p.stdout == "", "index.html being a directory: exit %d, stdout %r"
              % (p.returncode, p.stdout[:40]))
        check(p.stderr.endswith("racefree check: error: --html: cannot write '%s/index.html': Is a directory\n" % d),
              "index.html being a directory: message %r" % p.stderr.splitlines()[-1:])
        check(listing(d) == ["index.html"] and listing(os.path.join(d, "index.html")) == [],
              "nothing is left behind: %s" % listing(d))

        # Bad input writes nothing: no directory created, an existing report untouched.
        d = os.path.join(tmp, "never")
        p = run("--html", d, bad)
        check(p.returncode == 2 and "error:" in p.stderr and not os.path.exists(d),
              "bad input: exit %d, a located error, DIR not created" % p.returncode)
        d = os.path.join(tmp, "existing")
        p = run("--html", d, bad)
        with open(os.path.join(d, "index.html"), encoding="utf-8") as f:
            check(p.returncode == 2 and f.read() == page, "bad input: the existing report is untouched")

        # Missing parents are created.
        d = os.path.join(tmp, "a", "b", "c")
        p = run("--html", d, counter)
        check(p.returncode == 1 and listing(d) == ["index.html"], "missing parents created: %s"
              % (listing(d) if os.path.isdir(d) else "no " + d))

        # An unwritable directory: a clear message before the search, nothing written.
        if os.geteuid() != 0:
            d = os.path.join(tmp, "readonly")
            os.mkdir(d)
            os.chmod(d, 0o555)
            p = run("--html", d, counter)
            check(p.returncode == 2 and p.stdout == ""
                  and p.stderr == "racefree check: error: --html: cannot write into '%s': Permission denied\n" % d,
                  "unwritable directory: exit %d, %r" % (p.returncode, p.stderr))
            os.chmod(d, 0o755)
        else:
            print("note: running as root, the unwritable-directory case cannot be set up")

        # User text is escaped: markup in a comment and in the file name, invalid UTF-8.
        src = os.path.join(tmp, 'we<i>rd&"q".sml')
        with open(counter, "rb") as f:
            text = f.read()
        with open(src, "wb") as f:
            f.write(b"// </pre><script>alert('x')</script> & \xff\n" + text)
        d = os.path.join(tmp, "escaped")
        p = run("--html", d, src)
        with open(os.path.join(d, "index.html"), "rb") as f:
            raw = f.read()
        try:
            page = raw.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            page, utf8 = raw.decode("utf-8", "replace"), False
        check(p.returncode == 1 and utf8, "the page is UTF-8 although the source is not")
        check("&lt;/pre&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; \ufffd" in page
              and "<script>alert" not in page and page.count("<script>") == 1,
              "markup in a source comment is escaped")
        check('we&lt;i&gt;rd&amp;&quot;q&quot;.sml' in page and 'we<i>rd' not in page,
              "markup in the file name is escaped")

        # Two races, so two witness pictures each: every id in the page is still unique.
        d = os.path.join(tmp, "two")
        p = run("--html", d, os.path.join(root, "tests", "c-programs", "libc_summaries.c"))
        with open(os.path.join(d, "index.html"), encoding="utf-8") as f:
            page = f.read()
        ids = re.findall(r' id="([^"]*)"', page)
        dups = sorted({i for i in ids if ids.count(i) > 1})
        check(p.returncode == 1 and page.count('<article class="race"') == 2 and page.count("<svg") == 4
              and not dups, "two races, two pictures each, no duplicate id: %s" % dups[:5])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
