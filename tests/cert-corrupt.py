#!/usr/bin/env python3
"""Corrupted certificates are rejected, each with the message that names what fails.

Writes fresh certificates (`racefree check|cover --certificate`) of a few race-free
inputs, then breaks each in every way below that must break the proof, and runs
`racefree verify-cert` on every broken copy: it must exit 1 and report the failed check
at the line that states what was broken (FILE:LINE: error: ...).
  - a basis marking dropped, or one of its counts raised, where the marking is a
    target's own (then nothing else covers the target);
  - a transition removed (the net's numbering, or its declared size, gives it away);
  - a weight of an invariant doubled, on a place a transition changes;
  - the initial marking flipped: the tokens an invariant counts taken away, or a
    basis marking's tokens added;
  - an invariant's place made omega;
  - a Farkas inequality's total lowered below the initial marking's weighted sum;
  - the version of the format changed.
Deletions that leave a proof valid (a basis marking nothing needs, a token nothing
counts) are not corruptions: the golden tests verify-cert-* pin the messages of
hand-broken certificates. Usage: cert-corrupt.py RACEFREE_BINARY SOURCE_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

INPUTS = [
    ("check", ["--no-state-equation"], "examples/counter_with_lock.sml"),
    ("check", ["--no-state-equation"], "examples/prods_cons.sml"),
    ("check", [], "examples/counter_with_lock.sml"),
    ("cover", ["--no-state-equation"], "tests/nets/door.spec"),
    ("cover", [], "tests/nets/mutex.spec"),
]


def tokens(words):
    """{place: count} of PLACE or PLACE*COUNT words."""
    out = {}
    for w in words:
        p, _, c = w.partition("*")
        out[int(p)] = int(c or 1)
    return out


def text_of(vec):
    return " ".join(str(p) if c == 1 else "%d*%d" % (p, c) for p, c in sorted(vec.items()))


def body(line):
    return line.split("#", 1)[0].split()


def corruptions(lines):
    """(what, broken lines, proof name or None, 1-based line of the error, message regex)."""
    trans = [i for i, l in enumerate(lines) if body(l)[:1] == ["transition"]]
    init_i = next(i for i, l in enumerate(lines) if body(l)[:1] == ["initial"])
    omega_i = next(i for i, l in enumerate(lines) if body(l)[:1] == ["omega"])
    first_section = next(i for i, l in enumerate(lines) if body(l)[:1] in (["proof"], ["uncertified"]))
    pre_post = []
    for i in trans:
        w = body(lines[i])
        arrow = w.index("->")
        pre_post.append((tokens(w[2:arrow]), tokens(w[arrow + 1:])))
    init = tokens(body(lines[init_i])[1:])
    for k, i in enumerate(trans):
        broken = lines[:i] + lines[i + 1:]
        if k + 1 < len(trans):
            yield ("transition %d removed" % k, broken, None, i + 1, r"expected 'transition %d " % k)
        else:
            yield ("the last transition removed", broken, None, first_section, r"the net is incomplete")
    proof = None
    for i, line in enumerate(lines):
        w = body(line)
        if w[:1] == ["proof"]:
            proof, targets, basis = w[1], [], {}
        elif w[:1] == ["target"]:
            targets.append((i, text_of(tokens(w[1:]))))
        elif w[:1] == ["basis"]:
            basis[text_of(tokens(w[1:]))] = i
        elif w[:1] == ["invariant"]:
            weights = tokens(w[1:-2])
            for p in sorted(weights):
                if any(pre.get(p, 0) != post.get(p, 0) for pre, post in pre_post):
                    doubled = {**weights, p: 2 * weights[p]}
                    yield ("invariant weight of place %d doubled" % p,
                           lines[:i] + ["invariant %s = %s" % (text_of(doubled), w[-1])] + lines[i + 1:], proof,
                           i + 1, r"takes \d+ from the invariant's weighted sum|total \d+ differs")
                    break
            if int(w[-1]) > 0:
                left = {p: c for p, c in init.items() if p not in weights}
                yield ("the tokens the invariant counts taken from the initial marking",
                       lines[:init_i] + ["initial " + text_of(left)] + lines[init_i + 1:], proof, i + 1,
                       r"total \d+ differs from the initial marking's weighted sum \d+")
            p = min(weights)
            omega = sorted(set(tokens(body(lines[omega_i])[1:])) | {p})
            yield ("invariant place %d made omega" % p,
                   lines[:omega_i] + ["omega " + " ".join(map(str, omega))] + lines[omega_i + 1:], proof, i + 1,
                   r"the invariant weighs omega place %d" % p)
        elif w[:1] == ["farkas"] and int(w[-1]) > 0:
            yield ("farkas total lowered", lines[:i] + [" ".join(w[:-1] + [str(int(w[-1]) - 1)])] + lines[i + 1:],
                   proof, i + 1, r"the farkas inequality's total \d+ is below")
        elif w[:1] == ["end"]:
            for t, text in targets:
                if text in basis:
                    b = basis[text]
                    yield ("the basis marking of target %s dropped" % text, lines[:b] + lines[b + 1:], proof,
                           t + 1, r"this target is neither covered by the basis nor excluded")
                    vec = tokens(text.split())
                    first = min(vec)
                    vec[first] += 1
                    yield ("a count of the basis marking of target %s raised" % text,
                           lines[:b] + ["basis " + text_of(vec)] + lines[b + 1:], proof, t + 1,
                           r"this target is neither covered by the basis nor excluded")
            if basis:
                b, text = min((b, text) for text, b in basis.items())
                added = dict(init)
                for p, c in tokens(text.split()).items():
                    added[p] = max(added.get(p, 0), c)
                yield ("the initial marking raised above basis marking %s" % text,
                       lines[:init_i] + ["initial " + text_of(added)] + lines[init_i + 1:], proof, None,
                       r"this basis marking lies below the initial marking|total \d+ differs")
    yield ("version 2 claimed", ["racefree certificate 2"] + lines[1:], None, 1,
           r"expected 'racefree certificate 1'")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures, n = [], 0
    with tempfile.TemporaryDirectory(prefix="rf-corrupt-") as tmp:
        cert = os.path.join(tmp, "proof.cert")
        for command, args, rel in INPUTS:
            subprocess.run([binary, command, "--certificate", cert] + args + [rel], cwd=root, capture_output=True)
            with open(cert, encoding="utf-8") as f:
                lines = f.read().split("\n")
            ok = subprocess.run([binary, "verify-cert", cert], capture_output=True, text=True)
            if ok.returncode != 0:
                failures.append("%s: the certificate itself is rejected:\n%s" % (rel, ok.stderr))
                continue
            for what, broken, proof, line, message in corruptions(lines):
                n += 1
                with open(cert, "w", encoding="utf-8") as f:
                    f.write("\n".join(broken))
                run = subprocess.run([binary, "verify-cert", cert], capture_output=True, text=True)
                where = re.escape(cert) + (r":%d: " % line if line else r":\d+: ")
                who = r"error: proof '%s': " % re.escape(proof) if proof else r"error: "
                if run.returncode != 1 or not re.search("^" + where + who + ".*(" + message + ")", run.stderr, re.M):
                    failures.append("%s %s, %s: exit %d, expected %s%s(%s)\n%s" % (
                        command, rel, what, run.returncode, where, who, message, run.stderr))
    for f in failures:
        print("FAIL " + f)
    print("%d corrupted certificates, %d failures" % (n, len(failures)))
    return 1 if failures or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
