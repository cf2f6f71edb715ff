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
  - a reset added, on a place an invariant weighs, to a transition that can fire (the
    certificate then claims version 2); a reset in a version 1 certificate;
  - a reset dropped (certificates of nets with reset arcs, written by RESET_CERTS, the
    tests/reset-certs helper): this script recomputes, on its own, the predecessors
    through that transition without the dropped reset, and expects the first basis
    marking whose predecessor is neither covered nor excluded to be reported; when there
    is none the drop is harmless and the certificate must stay valid;
  - the version of the format changed.
Deletions that leave a proof valid (a basis marking nothing needs, a token nothing
counts) are not corruptions: the golden tests verify-cert-* pin the messages of
hand-broken certificates. Usage: cert-corrupt.py RACEFREE_BINARY SOURCE_ROOT [RESET_CERTS]
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


def transition(words):
    """(pre, post, resets) of a transition line's words: {place: count} twice, a list."""
    arrow = words.index("->")
    reset = words.index("reset") if "reset" in words else len(words)
    return tokens(words[2:arrow]), tokens(words[arrow + 1:reset]), [int(p) for p in words[reset + 1:]]


def transition_line(words, resets):
    """The transition line of WORDS with the reset places RESETS (sorted; none: no clause)."""
    reset = words.index("reset") if "reset" in words else len(words)
    return " ".join(words[:reset] + (["reset"] + [str(p) for p in resets] if resets else []))


def proofs(lines):
    """Per proof: name, unmarkable places, bounds [(weights, total, line)], invariant lines
    [(weights, index)], basis [(marking, index)]."""
    out, cur = [], None
    for i, line in enumerate(lines):
        w = body(line)
        if w[:1] == ["proof"]:
            cur = {"name": w[1], "unmarkable": set(), "bounds": [], "invariants": [], "basis": []}
            out.append(cur)
        elif cur is None:
            continue
        elif w[:1] == ["unmarkable"]:
            cur["unmarkable"] |= set(tokens(w[1:]))
        elif w[:1] in (["invariant"], ["farkas"]):
            cur["bounds"].append((tokens(w[1:-2]), int(w[-1])))
            if w[0] == "invariant":
                cur["invariants"].append((tokens(w[1:-2]), i))
        elif w[:1] == ["basis"]:
            cur["basis"].append((tokens(w[1:]), i))
        elif w[:1] == ["end"]:
            cur = None
    return out


def predecessor(b, pre, post, resets):
    """The least marking from which a transition fires above B, or None (a reset place
    where B needs more than the transition puts back)."""
    if any(b.get(p, 0) > post.get(p, 0) for p in resets):
        return None
    m = {p: max(c - post.get(p, 0), 0) for p, c in b.items()}
    for p, c in pre.items():
        m[p] = m.get(p, 0) + c
    return {p: c for p, c in m.items() if c > 0}


def proof_fails(pf, pre, post, resets):
    """The index of the first basis marking of proof PF whose predecessor through the
    transition (PRE, POST, RESETS) is neither above a basis marking nor excluded, or None."""
    for b, i in pf["basis"]:
        if not any(p in b for p in post):
            continue  # not a producer: the checker never looks
        m = predecessor(b, pre, post, resets)
        if m is None:
            continue
        covered = any(all(m.get(p, 0) >= c for p, c in a.items()) for a, _ in pf["basis"])
        excluded = any(p in pf["unmarkable"] for p in m) or any(
            sum(c * m.get(p, 0) for p, c in w.items()) > total for w, total in pf["bounds"])
        if not covered and not excluded:
            return i
    return None


def corruptions(lines):
    """(what, broken lines, proof name or None, 1-based line of the error, message regex)."""
    trans = [i for i, l in enumerate(lines) if body(l)[:1] == ["transition"]]
    init_i = next(i for i, l in enumerate(lines) if body(l)[:1] == ["initial"])
    omega_i = next(i for i, l in enumerate(lines) if body(l)[:1] == ["omega"])
    first_section = next(i for i, l in enumerate(lines) if body(l)[:1] in (["proof"], ["uncertified"]))
    pre_post = []
    for i in trans:
        pre_post.append(transition(body(lines[i]))[:2])
    init = tokens(body(lines[init_i])[1:])
    v2 = ["racefree certificate 2"] + lines[1:]
    for pf in proofs(lines):
        for weights, line in pf["invariants"]:
            p = min(weights)
            first = next(j for w, j in pf["invariants"] if p in w)
            for k, i in enumerate(trans):
                w = body(lines[i])
                pre, post, resets = transition(w)
                if p in resets or any(q in pf["unmarkable"] for q in pre):
                    continue  # dead, or resetting p already
                yield ("a reset of place %d added to transition %d" % (p, k),
                       v2[:i] + [transition_line(w, sorted(resets + [p]))] + v2[i + 1:], pf["name"], first + 1,
                       r"transition %d \(line %d\) can fire and resets place %d, which the invariant weighs"
                       % (k, i + 1, p))
                break
    if lines[0] == "racefree certificate 1" and trans:
        w = body(lines[trans[0]])
        yield ("a reset in a version 1 certificate", lines[:trans[0]] + [transition_line(w, [0])] + lines[trans[0] + 1:],
               None, trans[0] + 1, r"'reset' in a version 1 certificate")
    for k, i in enumerate(trans):
        w = body(lines[i])
        pre, post, resets = transition(w)
        for p in resets:
            fewer = [q for q in resets if q != p]
            broken = lines[:i] + [transition_line(w, fewer)] + lines[i + 1:]
            failing = [(pf["name"], proof_fails(pf, pre, post, fewer)) for pf in proofs(lines)]
            failing = [(name, b) for name, b in failing if b is not None]
            if failing:
                yield ("the reset of place %d dropped from transition %d" % (p, k), broken, failing[0][0],
                       failing[0][1] + 1, r"the predecessor \{.*\} of this basis marking through transition %d "
                       r"\(line %d\) is neither covered" % (k, i + 1))
            else:
                yield ("the reset of place %d dropped from transition %d (harmless)" % (p, k), broken, None, None,
                       None)
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
    yield ("version 3 claimed", ["racefree certificate 3"] + lines[1:], None, 1,
           r"expected 'racefree certificate 1' or 'racefree certificate 2'")


def certificates(binary, root, tmp, reset_certs):
    """(command, name, lines) of each fresh certificate: racefree's on INPUTS, and those
    RESET_CERTS (may be None) writes."""
    cert = os.path.join(tmp, "fresh.cert")
    for command, args, rel in INPUTS:
        subprocess.run([binary, command, "--certificate", cert] + args + [rel], cwd=root, capture_output=True)
        with open(cert, encoding="utf-8") as f:
            yield command, rel, f.read().split("\n")
    if reset_certs:
        out = os.path.join(tmp, "resets")
        os.mkdir(out)
        subprocess.run([reset_certs, out], check=True)
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                yield "reset-certs", name, f.read().split("\n")


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    reset_certs = os.path.abspath(sys.argv[3]) if len(sys.argv) == 4 else None
    failures, n, harmless, resets = [], 0, 0, 0
    with tempfile.TemporaryDirectory(prefix="rf-corrupt-") as tmp:
        cert = os.path.join(tmp, "proof.cert")
        for command, rel, lines in certificates(binary, root, tmp, reset_certs):
            with open(cert, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            ok = subprocess.run([binary, "verify-cert", cert], capture_output=True, text=True)
            if ok.returncode != 0:
                failures.append("%s: the certificate itself is rejected:\n%s" % (rel, ok.stderr))
                continue
            for what, broken, proof, line, message in corruptions(lines):
                with open(cert, "w", encoding="utf-8") as f:
                    f.write("\n".join(broken))
                run = subprocess.run([binary, "verify-cert", cert], capture_output=True, text=True)
                resets += "reset" in what
                if message is None:
                    harmless += 1
                    if run.returncode != 0:
                        failures.append("%s %s, %s: exit %d, expected a valid certificate\n%s" % (
                            command, rel, what, run.returncode, run.stderr))
                    continue
                n += 1
                where = re.escape(cert) + (r":%d: " % line if line else r":\d+: ")
                who = r"error: proof '%s': " % re.escape(proof) if proof else r"error: "
                if run.returncode != 1 or not re.search("^" + where + who + ".*(" + message + ")", run.stderr, re.M):
                    failures.append("%s %s, %s: exit %d, expected %s%s(%s)\n%s" % (
                        command, rel, what, run.returncode, where, who, message, run.stderr))
    for f in failures:
        print("FAIL " + f)
    print("%d corrupted certificates (%d of them of resets), %d harmless changes of resets, %d failures"
          % (n, resets - harmless, harmless, len(failures)))
    return 1 if failures or n == 0 or (reset_certs and resets == harmless) else 0


if __name__ == "__main__":
    sys.exit(main())
