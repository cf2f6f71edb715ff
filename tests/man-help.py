#!/usr/bin/env python3
"""Man pages in step with --help: docs/racefree.1 and docs/racefree-COMMAND.1 against
`racefree --help` and `racefree COMMAND --help`.

For racefree(1): its COMMANDS section names exactly the commands `racefree --help`
lists, and its OPTIONS section exactly the options there. For each command but `help`:
docs/racefree-COMMAND.1 exists, its NAME is racefree-COMMAND, and its OPTIONS section
lists exactly the options of `racefree COMMAND --help`, each with the same short alias
and the same argument name (`.TP` tags such as `\\fB\\-f\\fR, \\fB\\-\\-format\\fR=\\fIFORMAT\\fR`).
Every exit status that --help states has an entry in the page's EXIT STATUS section.
Every page is installed by docs/meson.build, and, when groff is there, renders with
`groff -man -ww` without a warning.
Usage: man-help.py RACEFREE_BINARY DOCS_DIR
"""
import os
import re
import shutil
import subprocess
import sys

OPTION = re.compile(r"^(?:(-\w), )?(--[\w-]+)(?:=(\S+))?$")


def run_help(binary, *args):
    proc = subprocess.run([binary] + list(args) + ["--help"], capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    if proc.returncode != 0:
        raise SystemExit("racefree %s --help: exit %d\n%s" % (" ".join(args), proc.returncode, proc.stderr))
    return proc.stdout


def help_section(text, title):
    """The indented lines under TITLE ("Options:") up to the next blank line."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.strip() == title:
            inside = True
        elif inside and not line.strip():
            break
        elif inside:
            lines.append(line)
    return lines


def help_options(text):
    """{long option: (short alias or None, argument name or None)} of a --help text."""
    opts = {}
    for line in help_section(text, "Options:"):
        cell = re.split(r"\s{2,}", line.strip())[0]
        m = OPTION.match(cell)
        if not m:
            raise SystemExit("cannot read the --help option line %r" % line)
        opts[m.group(2)] = (m.group(1), m.group(3))
    return opts


def help_exit_codes(text):
    m = re.search(r"Exit status:(.*?)(?:\n\n|\Z)", text, re.S)
    return sorted(set(re.findall(r"\b([0-9])\b", m.group(1)))) if m else []


def plain(roff):
    """A roff line as text: macros, font changes and escapes removed."""
    s = re.sub(r"^\.[A-Z]{1,2}\s?", "", roff)
    s = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", s)
    s = s.replace("\\-", "-").replace("\\&", "").replace("\\(aq", "'").replace('"', "")
    return s.strip()


def man_sections(path):
    """{section title: [lines]} of a man page."""
    sections, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(".SH "):
                cur = line[4:].strip().strip('"')
                sections[cur] = []
            elif cur is not None:
                sections[cur].append(line)
    return sections


def tags(lines):
    """The tag line of every .TP paragraph of LINES."""
    return [plain(lines[i + 1]) for i, l in enumerate(lines[:-1]) if l.strip() == ".TP"]


def man_options(path, errors):
    opts = {}
    for tag in tags(man_sections(path).get("OPTIONS", [])):
        m = OPTION.match(tag)
        if not m:
            errors.append("%s: OPTIONS: cannot read the option tag %r" % (os.path.basename(path), tag))
            continue
        opts[m.group(2)] = (m.group(1), m.group(3))
    return opts


def compare_options(page, want, have, errors):
    def show(name, o):
        return "%s%s%s" % (o[0] + ", " if o[0] else "", name, "=" + o[1] if o[1] else "")
    for name, o in sorted(want.items()):
        if name not in have:
            errors.append("%s: OPTIONS lacks %s (listed by --help)" % (page, show(name, o)))
        elif have[name] != o:
            errors.append("%s: OPTIONS has %s, --help has %s" % (page, show(name, have[name]), show(name, o)))
    for name, o in sorted(have.items()):
        if name not in want:
            errors.append("%s: OPTIONS lists %s, which --help does not have" % (page, show(name, o)))


def check_exit_status(path, help_text, errors):
    listed = {t.split()[0] for t in tags(man_sections(path).get("EXIT STATUS", [])) if t}
    for code in help_exit_codes(help_text):
        if code not in listed:
            errors.append("%s: EXIT STATUS lacks %s (stated by --help)" % (os.path.basename(path), code))


def main():
    binary, docs = os.path.abspath(sys.argv[1]), sys.argv[2]
    errors = []
    top = run_help(binary)
    commands = sorted({re.split(r"\s+", l.strip())[0] for l in help_section(top, "Commands:")})
    main_page = os.path.join(docs, "racefree.1")
    man_commands = sorted({t.split()[0] for t in tags(man_sections(main_page).get("COMMANDS", [])) if t})
    if commands != man_commands:
        errors.append("racefree.1: COMMANDS lists %s, racefree --help lists %s" % (man_commands, commands))
    compare_options("racefree.1", help_options(top), man_options(main_page, errors), errors)
    check_exit_status(main_page, top, errors)

    pages = [main_page]
    for cmd in commands:
        if cmd == "help":
            continue
        page = os.path.join(docs, "racefree-%s.1" % cmd)
        if not os.path.exists(page):
            errors.append("racefree-%s.1: missing (racefree --help lists the command %s)" % (cmd, cmd))
            continue
        pages.append(page)
        name = man_sections(page).get("NAME", [""])
        if not any(plain(l).startswith("racefree-%s - " % cmd) for l in name):
            errors.append("%s: NAME does not start with 'racefree\\-%s \\-'" % (os.path.basename(page), cmd))
        text = run_help(binary, cmd)
        compare_options(os.path.basename(page), help_options(text), man_options(page, errors), errors)
        check_exit_status(page, text, errors)

    with open(os.path.join(docs, "meson.build"), encoding="utf-8") as f:
        build = f.read()
    for page in sorted(set(pages) | {os.path.join(docs, p) for p in os.listdir(docs) if p.endswith(".1")}):
        if "'%s'" % os.path.basename(page) not in build:
            errors.append("%s: not installed by docs/meson.build" % os.path.basename(page))

    groff = shutil.which("groff")
    for page in pages if groff else []:
        proc = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-z", page], capture_output=True, text=True)
        if proc.returncode != 0 or proc.stderr:
            errors.append("%s: groff -man -ww: %s" % (os.path.basename(page), proc.stderr.strip() or "failed"))

    for e in errors:
        print("FAIL:", e)
    print("%d pages, %d commands checked against --help" % (len(pages), len(commands)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
