#!/usr/bin/env python3
"""Certificates: every race-free verdict racefree proves comes with a certificate that
`racefree verify-cert` accepts (docs/certificates.md).

Runs `racefree check --certificate FILE` on every example (examples/*.sml), every
pattern (examples/patterns/*.c, *.sml), every C test program (tests/c-programs/*.c)
and the value-variable programs (tests/values/*.sml),
with the options of its header's `// args:` lines, and `racefree cover --certificate
FILE` on every net of tests/nets/; then `racefree verify-cert FILE`, which must exit 0
and list exactly the race-free (safe) verdicts as valid proofs and every other verdict
as not certified. Skipped: programs whose arguments set a search budget
(--max-markings, --timeout: the budget tests) and programs racefree must refuse
(`// expect-exit: 2`). Racy programs are kept: their race-free variables are certified.
Usage: cert-run.py RACEFREE_BINARY SOURCE_ROOT
"""
import glob
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile

BUDGET = ("--max-markings", "--timeout")


def header_args(path):
    """The `// args:` options of PATH's header, and whether it expects exit status 2."""
    args, refused = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^//\s*(args|expect-exit):\s*(.*)$", line.strip())
            if m and m.group(1) == "args":
                args += shlex.split(m.group(2))
            elif m:
                refused |= m.group(2).strip() == "2"
    return args, refused


def inputs(root):
    """(command, input file relative to ROOT, extra arguments) of every input, in order."""
    for rel in sorted(glob.glob("examples/*.sml", root_dir=root)):
        yield "check", rel, []
    for pattern in ("examples/patterns/*.c", "examples/patterns/*.sml", "tests/c-programs/*.c",
                    "tests/values/*.sml"):
        for rel in sorted(glob.glob(pattern, root_dir=root)):
            args, refused = header_args(os.path.join(root, rel))
            if not refused and not any(a.split("=")[0] in BUDGET for a in args):
                yield "check", rel, args
    for rel in sorted(glob.glob("tests/nets/*.spec", root_dir=root)):
        yield "cover", rel, []


def word(name):
    """NAME as the certificate writes it (one word: blanks and '#' become '_')."""
    return re.sub(r"[\x00-\x20#\x7f]", "_", name)


def expected(command, rel, stdout):
    """Name -> "valid" or "not certified (WHY)", from racefree's verdicts."""
    if command == "cover":
        verdict = stdout.split("\n", 1)[0]
        name = word(os.path.basename(rel))
        return {name: "valid" if verdict == "safe" else "not certified (%s)" % verdict}
    out = {}
    for line in stdout.splitlines():
        if line.startswith(("lock order ", "relock ", "unlock ", "end holding ", "condition ", "self-join ",
                            "join of detached ")):
            continue   # deadlock and misuse verdicts: no certificate (yet)
        m = re.match(r"^(\S.*?): (RACE|race-free \(proved\)|unknown)", line)
        if m:
            v = m.group(2)
            out[word(m.group(1))] = ("valid" if v.startswith("race-free")
                                     else "not certified (%s)" % ("race" if v == "RACE" else v))
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures, n_inputs, n_proofs, n_other = [], 0, 0, 0
    with tempfile.TemporaryDirectory(prefix="rf-cert-") as tmp:
        for command, rel, args in inputs(root):
            n_inputs += 1
            cert = os.path.join(tmp, "proof.cert")
            if os.path.exists(cert):
                os.unlink(cert)
            run = subprocess.run([binary, command, "--certificate", cert] + args + [rel], cwd=root,
                                 capture_output=True, text=True)
            if run.returncode not in (0, 1, 3) or not os.path.exists(cert):
                failures.append("%s: racefree %s exits %d%s: %s" % (rel, command, run.returncode,
                                "" if os.path.exists(cert) else " writing no certificate", run.stderr.strip()))
                continue
            verify = subprocess.run([binary, "verify-cert", cert], capture_output=True, text=True)
            got = {}
            for line in verify.stdout.splitlines()[:-1]:
                name, _, rest = line.partition(": ")
                got[name] = "valid" if rest.startswith("valid:") else rest
            want = expected(command, rel, run.stdout)
            if verify.returncode != 0 or got != want:
                failures.append("%s: verify-cert exits %d; proofs %s, expected %s\n%s%s"
                                % (rel, verify.returncode, got, want, verify.stdout, verify.stderr))
            n_proofs += sum(1 for v in got.values() if v == "valid")
            n_other += sum(1 for v in got.values() if v != "valid")
    for f in failures:
        print("FAIL " + f)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("%d inputs: %d proofs verified, %d verdicts not certified, %d failures (%.1f s of CPU in racefree)"
          % (n_inputs, n_proofs, n_other, len(failures), cpu.ru_utime + cpu.ru_stime))
    return 1 if failures or n_proofs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
