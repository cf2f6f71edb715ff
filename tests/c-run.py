#!/usr/bin/env python3
"""C front-end test runner: checks one program against the verdicts its header states.

The header comment of each program states what racefree must say:
  // expect: LOCATION RACE          (or race-free): one line per shared location; the
                                    verdict lines printed must name exactly these
  // known-gap: LOCATION VERDICT: WHY
                                    racefree does not yet give LOCATION its true (expected)
                                    verdict but says VERDICT (RACE, race-free or unknown),
                                    for the reason WHY
  // expect-race-at: LOCATION L1 L2 racefree reports a race on LOCATION between accesses
                                    at lines L1 and L2 (either order): its witness, or one
                                    of the racing pairs of access statements it lists (each
                                    shown by an interleaving of its own): a racy twin's race
                                    must be the one it introduces, not one its fixed twin's
                                    model also has
  // expect-exit: N                 exit status (default: from the verdicts racefree should
                                    print today: 1 with a RACE, else 3 with an unknown, else 0)
  // expect-stderr: TEXT            TEXT must occur in the standard error
  // args: ARGS...                  extra arguments for `racefree check`
  // expect-deadlock: QUESTION: VERDICT
                                    a deadlock or misuse question racefree answers, as it prints
                                    it (`lock order a -> b -> a: DEADLOCK`, `relock m: cannot
                                    happen (proved)`, `unlock m: NOT HELD`, `end holding m:
                                    unknown`, `block holding s: BLOCKS HOLDING SPINLOCK`,
                                    `wait on c: LOST WAKE-UP`, the reason of an unknown left
                                    out); the question lines printed must be exactly these
  // expect-deadlocks: VERDICT      the overall deadlock verdict (deadlock, deadlock-free or
                                    unknown; default: deadlock when a line above expects a
                                    DEADLOCK, SELF-DEADLOCK, NOT HELD, HELD AT END, TWO
                                    MUTEXES, BLOCKS HOLDING SPINLOCK, LOST WAKE-UP, SELF-JOIN or
                                    JOIN OF DETACHED, else
                                    unknown when one expects unknown, else deadlock-free)
  // known-gap-deadlocks: VERDICT: WHY
                                    racefree does not yet give the program its true overall
                                    deadlock verdict but says VERDICT (the cycle lines are then
                                    not compared); never deadlock-free for a true deadlock
A program expecting a RACE, a DEADLOCK or a SELF-DEADLOCK has a fixed twin that expects none:
NAME_fixed.c, or the programs a `// fixed-twin: OTHER.c ...` line names.
A location racefree gets right while a known-gap line is still there fails ("known gap
fixed"), so that the line gets removed. A known gap can never excuse `race-free` for a
location whose true verdict is RACE: that is a soundness bug and always fails.
Every C program must also compile with `gcc -std=gnu11 -pthread -Wall -c` (no warning), and
the model `racefree model` prints must read back through the SML front end with the same
verdicts (names mapped back through the declaration comments). With --model-golden DIR, that
whole `racefree model` run (its output, diagnostics and exit status) must equal the golden file
DIR/NAME.golden, in golden-run.py's format, so that any change in lowering shows up as a diff
(RF_UPDATE_GOLDEN=1 writes the file, creating it for a new program).

With --pattern (examples/patterns/NAME.c or NAME.sml) the header must also carry
  // Pattern: NAME — DESCRIPTION    and    // why: ...
and a program expecting a RACE names its fixed twin(s) (`// fixed-twin: OTHER.c ...`),
each of which expects no RACE and names it back (`// racy-twin: NAME.c`); a C pattern
with a main function must also link (`gcc -std=gnu11 -pthread -Wall -o ...`).
Usage: c-run.py [--pattern] [--model-golden DIR] RACEFREE_BINARY SOURCE_ROOT PROGRAM
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

VERDICTS = ("RACE", "race-free", "unknown")
FOUND = ("DEADLOCK", "SELF-DEADLOCK", "NOT HELD", "HELD AT END", "TWO MUTEXES", "BLOCKS HOLDING SPINLOCK",
         "LOST WAKE-UP", "SELF-JOIN", "JOIN OF DETACHED")
DEADLOCK_LINE = re.compile(r"^((?:lock order|relock|unlock|end holding|condition|block holding|wait on|self-join"
                           r"|join of detached) .+?): "
                           r"(DEADLOCK|SELF-DEADLOCK|BLOCKS HOLDING SPINLOCK|LOST WAKE-UP|SELF-JOIN|JOIN OF DETACHED"
                           r"|NOT HELD|HELD AT END|TWO MUTEXES|deadlock-free \(proved\)|cannot happen \(proved\)"
                           r"|always held \(proved\)|one mutex at a time \(proved\)|unknown)( \(.*\))?$")


def deadlock_overall(verdicts):
    """deadlock, unknown or deadlock-free, from the verdicts of the question lines."""
    vs = list(verdicts)
    return "deadlock" if any(v in FOUND for v in vs) else "unknown" if "unknown" in vs else "deadlock-free"


def deadlock_verdicts(stdout):
    """The question lines: QUESTION -> verdict (an unknown's reason left out), and whether
    the deadlock check ran (its summary line)."""
    got, ran = {}, False
    for line in stdout.splitlines():
        m = DEADLOCK_LINE.match(line)
        if m:
            got[m.group(1)] = m.group(2)
        ran = ran or line.startswith(("deadlocks: ", "misuse: "))
    return got, ran


def verdicts(stdout):
    got = {}
    for line in stdout.splitlines():
        if DEADLOCK_LINE.match(line):
            continue
        m = re.match(r"^(\S.*?): (RACE|race-free \(proved(: .*)?\)|unknown.*)$", line)
        if m:
            v = m.group(2)
            got[m.group(1)] = "race-free" if v.startswith("race-free") else "unknown" if v.startswith("unknown") else v
    return got


class Header:
    """What a program's header comment states (see the module docstring)."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.path = path
        self.expect, self.gaps, self.stderr_want, self.args = {}, {}, [], []
        self.race_at = {}
        self.deadlocks, self.deadlocks_want, self.deadlocks_gap = {}, None, None
        self.exit_want, self.pattern, self.why = None, None, False
        self.fixed_twins, self.racy_twins, self.errors = [], [], []
        last_gap = None
        for line in self.text.splitlines():
            m = re.match(r"\s*//\s{2,}(\S.*?)\s*$", line)
            if m and last_gap:
                # an indented comment line continues the reason of the known-gap line above
                self.gaps[last_gap] = (self.gaps[last_gap][0], self.gaps[last_gap][1] + " " + m.group(1))
                continue
            last_gap = None
            m = re.match(r"\s*//\s*([a-z-]+|Pattern):\s*(.*?)\s*$", line)
            if not m:
                continue
            key, value = m.group(1), m.group(2)
            if key == "expect":
                v = re.match(r"(.+?)\s+(RACE|race-free)$", value)
                if v:
                    self.expect[v.group(1)] = v.group(2)
                else:
                    self.errors.append("bad expect line: %r" % line)
            elif key == "known-gap":
                v = re.match(r"(.+?)\s+(RACE|race-free|unknown):\s*(\S.*)$", value)
                if v:
                    self.gaps[v.group(1)] = (v.group(2), v.group(3))
                    last_gap = v.group(1)
                else:
                    self.errors.append("bad known-gap line (LOCATION VERDICT: WHY): %r" % line)
            elif key == "expect-race-at":
                v = re.match(r"(.+?)\s+(\d+)\s+(\d+)$", value)
                if v:
                    self.race_at[v.group(1)] = tuple(sorted((int(v.group(2)), int(v.group(3)))))
                else:
                    self.errors.append("bad expect-race-at line (LOCATION LINE LINE): %r" % line)
            elif key == "expect-deadlock":
                v = re.match(r"(.+?): (\S.*)$", value)
                if v and DEADLOCK_LINE.match(value):
                    self.deadlocks[v.group(1)] = v.group(2)
                else:
                    self.errors.append("bad expect-deadlock line: %r" % line)
            elif key == "expect-deadlocks":
                if value in ("deadlock", "deadlock-free", "unknown"):
                    self.deadlocks_want = value
                else:
                    self.errors.append("bad expect-deadlocks line: %r" % line)
            elif key == "known-gap-deadlocks":
                v = re.match(r"(deadlock|deadlock-free|unknown):\s*(\S.*)$", value)
                if v:
                    self.deadlocks_gap = (v.group(1), v.group(2))
                else:
                    self.errors.append("bad known-gap-deadlocks line (VERDICT: WHY): %r" % line)
            elif key == "expect-stderr":
                self.stderr_want.append(value)
            elif key == "expect-exit":
                self.exit_want = int(value)
            elif key == "args":
                self.args += shlex.split(value)
            elif key == "Pattern":
                self.pattern = value
            elif key == "why":
                self.why = bool(value)
            elif key == "fixed-twin":
                self.fixed_twins += value.replace(",", " ").split()
            elif key == "racy-twin":
                self.racy_twins += value.replace(",", " ").split()
        for loc, (today, _) in sorted(self.gaps.items()):
            if loc not in self.expect:
                self.errors.append("known-gap for %s, which has no expect line" % loc)
            elif today == self.expect[loc]:
                self.errors.append("known-gap for %s states its expected verdict" % loc)
            elif self.expect[loc] == "RACE" and today == "race-free":
                self.errors.append("known-gap for %s would excuse race-free on a true RACE: "
                                   "a soundness bug is never a known gap" % loc)

        if self.deadlocks_want is None:
            self.deadlocks_want = deadlock_overall(self.deadlocks.values())
        if self.deadlocks_gap:
            if self.deadlocks_gap[0] == self.deadlocks_want:
                self.errors.append("known-gap-deadlocks states the expected verdict")
            elif self.deadlocks_want == "deadlock" and self.deadlocks_gap[0] == "deadlock-free":
                self.errors.append("known-gap-deadlocks would excuse deadlock-free on a true deadlock: "
                                   "a soundness bug is never a known gap")

    def racy(self):
        """Expects a RACE, a DEADLOCK or a SELF-DEADLOCK (misuse alone asks for no twin)."""
        return ("RACE" in self.expect.values() or "DEADLOCK" in self.deadlocks.values()
                or "SELF-DEADLOCK" in self.deadlocks.values()
                or (self.deadlocks_want == "deadlock" and not self.deadlocks))

    def deadlocks_today(self):
        """The overall deadlock verdict racefree should print now."""
        return self.deadlocks_gap[0] if self.deadlocks_gap else self.deadlocks_want

    def today(self):
        """The verdicts racefree should print now: the expected ones, known gaps applied."""
        return {loc: self.gaps[loc][0] if loc in self.gaps else v for loc, v in self.expect.items()}


def pattern_checks(h):
    """--pattern: the header fields of a catalogue entry and the links between twins."""
    errors = []
    if not h.pattern or " — " not in h.pattern:
        errors.append("no '// Pattern: NAME — DESCRIPTION' line")
    if not h.why:
        errors.append("no '// why:' line")
    if not h.expect:
        errors.append("no '// expect:' line")
    me = os.path.basename(h.path)
    if h.racy() and not h.fixed_twins:
        errors.append("expects a RACE or a deadlock but names no '// fixed-twin:'")
    for kind, twins, back in (("fixed", h.fixed_twins, "racy"), ("racy", h.racy_twins, "fixed")):
        for t in twins:
            tp = os.path.join(os.path.dirname(h.path), t)
            if not os.path.exists(tp):
                errors.append("%s-twin %s does not exist" % (kind, t))
                continue
            th = Header(tp)
            if me not in (th.racy_twins if back == "racy" else th.fixed_twins):
                errors.append("%s-twin %s does not name %s back as its %s-twin" % (kind, t, me, back))
            if kind == "fixed" and th.racy():
                errors.append("fixed-twin %s still expects a RACE or a deadlock" % t)
            if kind == "racy" and not th.racy():
                errors.append("racy-twin %s expects no RACE and no deadlock" % t)
    return errors


def twin_checks(prog, h):
    """A program expecting a RACE or a deadlock has a fixed twin: NAME_fixed.c next to it,
    or the programs its `// fixed-twin:` line names; each exists and expects neither."""
    if not h.racy():
        return []
    base = os.path.splitext(prog)[0]
    twins = h.fixed_twins or ([os.path.basename(base) + "_fixed.c"]
                              if os.path.exists(base + "_fixed.c") else [])
    if not twins:
        return ["expects a RACE or a deadlock but has no fixed twin (%s_fixed.c or a '// fixed-twin:' line)"
                % os.path.basename(base)]
    errors = []
    for t in twins:
        tp = os.path.join(os.path.dirname(prog), t)
        if not os.path.exists(tp):
            errors.append("fixed-twin %s does not exist" % t)
        elif Header(tp).racy():
            errors.append("fixed-twin %s still expects a RACE or a deadlock" % t)
    return errors


def deadlock_checks(h, stdout):
    """The question lines and the overall deadlock verdict against the header."""
    errors = []
    got, ran = deadlock_verdicts(stdout)
    if not ran:
        return ["racefree printed no deadlocks: summary line"]
    overall, want = deadlock_overall(got.values()), h.deadlocks_today()
    if h.deadlocks_want == "deadlock" and overall == "deadlock-free":
        errors.append("SOUNDNESS BUG: racefree proves deadlock-free a program that deadlocks")
    elif overall != want:
        errors.append("overall deadlock verdict: expected %s%s, racefree says %s"
                      % (h.deadlocks_want, " (known gap: %s)" % want if h.deadlocks_gap else "", overall))
    elif h.deadlocks_gap and overall == h.deadlocks_want:
        errors.append("known deadlock gap fixed: racefree now says %s; remove the known-gap-deadlocks line" % overall)
    if h.deadlocks_gap:
        return errors
    for q in sorted(set(h.deadlocks) | set(got)):
        w, g = h.deadlocks.get(q), got.get(q)
        if w is None:
            errors.append("%s: racefree reports it (%s) but the header has no expect-deadlock line" % (q, g))
        elif g is None:
            errors.append("%s: expected %s, but racefree does not report it" % (q, w))
        elif w in FOUND and g.endswith("(proved)"):
            errors.append("%s: SOUNDNESS BUG: racefree proves impossible what happens" % q)
        elif w != g:
            errors.append("%s: expected %s, racefree says %s" % (q, w, g))
    return errors


def compile_checks(prog, link, args=(), root="."):
    """gcc compiles PROG without a warning, with the header's preprocessor options
    (-I, -D, -U, -std=, paths relative to ROOT as for racefree)."""
    errors = []
    cpp = [a for a in args if a.startswith(("-I", "-D", "-U", "-std="))]
    with tempfile.TemporaryDirectory() as tmp:
        steps = [["-c", "-o", os.path.join(tmp, "t.o")]]
        if link:
            steps.append(["-o", os.path.join(tmp, "t")])
        for extra in steps:
            cmd = ["gcc", "-std=gnu11", "-pthread", "-Wall"] + cpp + [os.path.abspath(prog)] + extra
            cc = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
            if cc.returncode != 0 or cc.stderr.strip():
                errors.append("%s failed or warned:\n%s" % (" ".join(cmd[:4] + extra[:1]), cc.stderr))
                break
    return errors


def compare(h, got):
    """Location by location: the expected verdict, or the documented known gap."""
    errors = []
    for loc in sorted(set(h.expect) | set(got)):
        want, have = h.expect.get(loc), got.get(loc)
        if want is None:
            errors.append("%s: racefree reports it (%s) but the header has no expect line" % (loc, have))
        elif have is None:
            errors.append("%s: expected %s, but racefree does not report it" % (loc, want))
        elif want == "RACE" and have == "race-free":
            errors.append("%s: SOUNDNESS BUG: racefree proves race-free a location that races" % loc)
        elif have == want and loc in h.gaps:
            errors.append("%s: known gap fixed: racefree now says %s; remove the known-gap line" % (loc, have))
        elif have != want and h.gaps.get(loc, (None,))[0] != have:
            errors.append("%s: expected %s%s, racefree says %s" % (
                loc, want, " (known gap: %s)" % h.gaps[loc][0] if loc in h.gaps else "", have))
    return errors


def race_lines(stdout):
    """LOCATION -> (the sorted pair of lines of the race reported on it, the set of sorted
    pairs of lines of the racing pairs of access statements listed under it)."""
    out, loc = {}, None
    for line in stdout.splitlines():
        m = re.match(r"^(\S.*?): (\S+)", line)
        if m:
            loc = m.group(1) if m.group(2) == "RACE" else None
            continue
        if loc is None:
            continue
        m = re.match(r"^\s+race: .* at \S+?:(\d+)(?::\d+)?(?: holding .*?)?, while .* at \S+?:(\d+)(?::\d+)?"
                     r"(?: holding .*)?$", line)
        if m:
            out.setdefault(loc, [None, set()])[0] = tuple(sorted((int(m.group(1)), int(m.group(2)))))
            continue
        m = re.match(r"^\s+race: (?:read|write) at \S+?:(\d+)(?::\d+)? and (?:read|write) at \S+?:(\d+)(?::\d+)?"
                     r" \(", line)
        if m:
            out.setdefault(loc, [None, set()])[1].add(tuple(sorted((int(m.group(1)), int(m.group(2))))))
    return out


def race_at_checks(h, stdout):
    """Each expect-race-at line: racefree reports a race on its location at its lines (the
    witness's pair, or a racing pair it lists)."""
    errors, got = [], race_lines(stdout)
    for loc, want in sorted(h.race_at.items()):
        if h.expect.get(loc) != "RACE":
            errors.append("expect-race-at for %s, which is not expected to RACE" % loc)
        elif loc not in got or got[loc][0] is None:
            errors.append("%s: no race reported, expected one at lines %d and %d" % ((loc,) + want))
        elif got[loc][0] != want and want not in got[loc][1]:
            errors.append("%s: the race reported is at lines %d and %d (racing pairs: %s), expected %d and %d "
                          "(the race the program introduces)"
                          % ((loc,) + got[loc][0] + (", ".join("%d-%d" % p for p in sorted(got[loc][1])) or "none",) + want))
    return errors


def split_args(args):
    """The header's arguments split into search budget options and --check (for `racefree
    check` only) and the others (C front-end options and files, for `racefree model` too)."""
    budget, front = [], []
    it = iter(args)
    for a in it:
        if a in ("--max-markings", "--timeout", "--check"):
            budget += [a, next(it, "")]
        elif a in ("--no-state-equation", "--search-only") or a.startswith(("--max-markings=", "--timeout=", "--check=")):
            budget.append(a)
        else:
            front.append(a)
    return budget, front


def load_golden_runner():
    """tests/golden-run.py, for its one golden file format."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "golden_run", os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden-run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def model_golden(binary, root, rel, args, golden_dir):
    """The whole `racefree model` run against DIR/NAME.golden (see the module docstring)."""
    golden = os.path.join(golden_dir, os.path.splitext(os.path.basename(rel))[0] + ".golden")
    cmd = " ".join(["racefree", "model", rel] + [shlex.quote(a) for a in split_args(args)[1]])
    proc = subprocess.run([binary] + shlex.split(cmd)[1:], cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    actual = load_golden_runner().render(cmd, proc)
    if os.environ.get("RF_UPDATE_GOLDEN") == "1":
        with open(golden, "w", encoding="utf-8") as f:
            f.write(actual)
        return []
    if not os.path.exists(golden):
        return ["no model golden %s: run the test with RF_UPDATE_GOLDEN=1 to create it" % golden]
    with open(golden, encoding="utf-8") as f:
        expected = f.read()
    if actual == expected:
        return []
    import difflib
    return ["`racefree model` differs from %s:\n%s" % (golden, "".join(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), golden, "actual")))]


def round_trip(binary, root, rel, args, got):
    """`racefree model` output, checked again as SML, gives the same verdicts."""
    env = dict(os.environ, LC_ALL="C")
    # search budget options go to both checks (an unknown verdict must stay unknown),
    # the others (C front-end options) to `racefree model` only
    budget, front = split_args(args)
    model = subprocess.run([binary, "model", rel] + front, cwd=root, capture_output=True, text=True, env=env)
    if model.returncode != 0:
        return ["racefree model failed (exit %d):\n%s" % (model.returncode, model.stderr)]
    names = {}
    for line in model.stdout.splitlines():
        m = re.match(r"^shared (\w+);(?:  // (.*))?$", line)
        if m:
            names[m.group(1)] = m.group(2) or m.group(1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.sml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(model.stdout)
        check = subprocess.run([binary, "check", path] + budget, capture_output=True, text=True, env=env)
    back = {names.get(k, "?" + k): v for k, v in verdicts(check.stdout).items()}
    if check.returncode not in (0, 1, 3) or back != got:
        return ["the model does not check back to the same verdicts:\n  C   %s\n  SML %s\n%s%s"
                % (sorted(got.items()), sorted(back.items()), check.stderr, model.stdout)]
    return []


def main():
    argv = sys.argv[1:]
    pattern = argv[:1] == ["--pattern"]
    if pattern:
        argv = argv[1:]
    golden_dir = None
    if argv[:1] == ["--model-golden"]:
        golden_dir, argv = argv[1], argv[2:]
    binary, root, prog = os.path.abspath(argv[0]), argv[1], argv[2]
    rel = os.path.relpath(os.path.abspath(prog), os.path.abspath(root))
    is_c = prog.endswith(".c")
    h = Header(prog)
    today = h.today()
    exit_want = h.exit_want
    if exit_want is None:
        dl = h.deadlocks_today()
        exit_want = (1 if "RACE" in today.values() or dl == "deadlock"
                     else 3 if "unknown" in today.values() or dl == "unknown" else 0)
    failures = list(h.errors)
    if pattern:
        failures += pattern_checks(h)
    else:
        failures += twin_checks(prog, h)
    if is_c:
        failures += compile_checks(prog, pattern and re.search(r"^int\s+main\s*\(", h.text, re.M),
                                   h.args, root)

    proc = subprocess.run([binary, "check", rel] + h.args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    got = verdicts(proc.stdout)
    if exit_want != 2:
        failures += compare(h, got)
        failures += race_at_checks(h, proc.stdout)
        failures += deadlock_checks(h, proc.stdout)
    if proc.returncode != exit_want:
        failures.append("exit status %d, expected %d" % (proc.returncode, exit_want))
    for s in h.stderr_want:
        if s not in proc.stderr:
            failures.append("stderr lacks %r" % s)
    if exit_want != 2 and is_c:
        failures += round_trip(binary, root, rel, h.args, got)
    if golden_dir and is_c:
        failures += model_golden(binary, root, rel, h.args, golden_dir)
    if failures:
        print("%s:\n%s\n--- stdout\n%s--- stderr\n%s" % (rel, "\n".join(failures), proc.stdout, proc.stderr))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
