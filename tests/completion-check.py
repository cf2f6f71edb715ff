#!/usr/bin/env python3
"""Bash completion (data/racefree.bash) in step with --help, and installed.

Sources the script in bash and calls its completion function as bash would:
  - `racefree <TAB>` offers exactly the commands `racefree --help` lists (and help,
    --help, --version);
  - `racefree COMMAND --<TAB>` offers exactly the long options `racefree COMMAND --help`
    lists, for every command;
  - the values of --format, --check and --witness-format, and input files by kind
    (check: .c, .i, .sml and directories; cover: .spec, .tts).
Then `meson install --dry-run` must install it as .../bash-completion/completions/racefree.
Usage: completion-check.py RACEFREE_BINARY SOURCE_ROOT BUILD_ROOT
"""
import os
import re
import shutil
import subprocess
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def complete(script, cwd, *words):
    """COMPREPLY for the command line WORDS (the last one being completed)."""
    quoted = " ".join("'%s'" % w for w in words)
    prog = ('source "%s"; COMP_WORDS=(%s); COMP_CWORD=%d; _racefree; printf "%%s\\n" "${COMPREPLY[@]}"'
            % (script, quoted, len(words) - 1))
    p = subprocess.run(["bash", "--norc", "--noprofile", "-c", prog], cwd=cwd, capture_output=True, text=True)
    check(p.returncode == 0 and p.stderr == "", "bash failed on %r: %s" % (words, p.stderr))
    return sorted(x for x in p.stdout.split("\n") if x)


def help_text(binary, *args):
    return subprocess.run([binary] + list(args) + ["--help"], capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C")).stdout


def main():
    binary, root, build = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    script = os.path.join(os.path.abspath(root), "data", "racefree.bash")
    top = help_text(binary)
    commands = sorted(set(re.findall(r"^  ([a-z-]+) ", top.split("Commands:")[1].split("Options:")[0], re.M)))
    check(complete(script, root, "racefree", "") == sorted(commands + ["--help", "--version"]),
          "commands: %r, --help lists %r" % (complete(script, root, "racefree", ""), commands))
    for cmd in commands:
        if cmd == "help":
            continue
        wanted = sorted(set(re.findall(r"^  (?:-\w, )?(--[\w-]+)", help_text(binary, cmd), re.M)))
        got = complete(script, root, "racefree", cmd, "--")
        check(got == wanted, "%s: completion offers %s; --help lists %s" %
              (cmd, sorted(set(got) ^ set(wanted)) and got, wanted))
    check(complete(script, root, "racefree", "check", "--format", "") == ["json", "sarif", "text"], "check --format")
    check(complete(script, root, "racefree", "check", "--check", "") == ["all", "deadlocks", "misuse", "races"],
          "check --check")
    check(complete(script, root, "racefree", "net", "-f", "") == ["dot", "pdf", "png", "svg"], "net -f")
    got = complete(script, root, "racefree", "check", "tests/suppress/")
    check("tests/suppress/stats_counter.c" in got and "tests/suppress/v1" in got
          and not any(x.endswith(".json") for x in got), "check FILE: .c files and directories: %r" % got)
    got = complete(script, root, "racefree", "cover", "tests/nets/m")
    check(got == ["tests/nets/mutex.spec"], "cover FILE: .spec files: %r" % got)

    meson = shutil.which("meson")
    if not meson:
        check(False, "meson not found")
    else:
        p = subprocess.run([meson, "install", "-C", build, "--dry-run", "--no-rebuild"], capture_output=True,
                           text=True)
        check(p.returncode == 0 and re.search(r"racefree\.bash to \S*/bash-completion/completions\b", p.stdout),
              "meson install must install data/racefree.bash into bash-completion/completions:\n%s"
              % "\n".join(l for l in p.stdout.splitlines() if "racefree.bash" in l or "rror" in l))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
