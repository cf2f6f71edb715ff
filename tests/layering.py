#!/usr/bin/env python3
"""Layering test: no stage of the pipeline includes a header of a stage above it.

The stages and the stages each one builds on are stated once, in STAGES below, in
pipeline order (a stage builds only on stages listed before it). Every file under
src/, include/ and grammar/ belongs to a stage by its folder (src/STAGE/...,
include/racefree/STAGE/...; grammar/NAME.y and NAME.l to the front end NAME). Each
`#include "..."` line must name a header of the file's own stage, or a public header
(include/racefree/STAGE/) of a stage it builds on, directly or not; a private header
(one in src/STAGE/, or a parser or lexer header generated from grammar/) only from its
own stage. The build enforces the same through include paths (src/meson.build); this
test names the file and line, and also checks that each stage's meson.build declares
exactly the stages STAGES says it builds on, so the two cannot drift apart.
Usage: layering.py SOURCE_ROOT
"""
import os
import re
import sys

# Stage -> the stages it builds on directly, in pipeline order.
STAGES = [
    ("support", []),
    ("model", ["support"]),
    ("petri", ["support"]),
    ("frontend/sml", ["model"]),
    ("frontend/c", ["model"]),
    ("frontend/spec", ["petri"]),
    ("frontend/tts", ["petri"]),
    ("net", ["model", "petri"]),
    ("engine", ["petri"]),
    ("query", ["engine", "model", "net"]),
    ("report", ["query"]),
    ("driver", ["frontend/sml", "frontend/c", "frontend/spec", "frontend/tts", "net", "report"]),
    ("certify", ["support"]),
    ("cli", ["driver", "certify"]),
]

# grammar/NAME.y and NAME.l belong to this stage.
GRAMMARS = {"sml": "frontend/sml", "c": "frontend/c", "spec": "frontend/spec"}

# Dependencies a meson.build may name that are not stages.
EXTERNAL_DEPS = {"glib_dep", "json_glib_dep", "cgraph_dep", "gvc_dep", "glpk_dep", "cmocka_dep"}

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def below(stages):
    """Stage -> every stage it builds on, directly or not."""
    order = [name for name, _ in stages]
    closure = {}
    for name, deps in stages:
        for d in deps:
            if d not in order or order.index(d) >= order.index(name):
                raise SystemExit("layering.py: stage %s builds on %s, which is not listed before it"
                                 % (name, d))
        closure[name] = set(deps).union(*(closure[d] for d in deps)) if deps else set()
    return closure


def stage_of(rel, stage_names):
    """The stage of the file at REL (relative to the source root), or None."""
    parts = rel.split("/")
    if parts[0] == "grammar":
        return GRAMMARS.get(os.path.splitext(parts[-1])[0])
    if parts[0] == "src":
        folder = parts[1:-1]
    elif parts[:2] == ["include", "racefree"]:
        folder = parts[2:-1]
    else:
        return None
    for n in range(len(folder), 0, -1):
        if "/".join(folder[:n]) in stage_names:
            return "/".join(folder[:n])
    return None


def source_files(root):
    for top in ("src", "include", "grammar"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".y", ".l")):
                    yield os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = sys.argv[1]
    closure = below(STAGES)
    names = set(closure)
    failures = []

    # Every header, by the name an #include line uses: (stage, public?).
    headers = {}
    files = sorted(source_files(root))
    for rel in files:
        stage = stage_of(rel, names)
        if stage is None:
            failures.append("%s: belongs to no stage (add its folder to STAGES in tests/layering.py)" % rel)
            continue
        base = os.path.basename(rel)
        found = []
        if rel.endswith(".h"):
            found.append((base, rel.startswith("include/")))
        elif rel.startswith("grammar/"):
            stem = os.path.splitext(base)[0]
            found.append(("%s-%s.h" % (stem, "parser" if rel.endswith(".y") else "lexer"), False))
        for name, public in found:
            if name in headers and headers[name][2] != rel:
                failures.append("%s: header name %s is also %s" % (rel, name, headers[name][2]))
            headers[name] = (stage, public, rel)

    # Every #include "..." line.
    for rel in files:
        stage = stage_of(rel, names)
        if stage is None:
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for line_no, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                name = os.path.basename(m.group(1))
                if name not in headers:
                    failures.append('%s:%d: #include "%s": no such header in any stage' % (rel, line_no, m.group(1)))
                    continue
                owner, public, where = headers[name]
                if owner == stage:
                    continue
                if not public:
                    failures.append('%s:%d: #include "%s": a private header of stage %s (%s)'
                                    % (rel, line_no, m.group(1), owner, where))
                elif owner not in closure[stage]:
                    failures.append('%s:%d: #include "%s": a header of stage %s, which is not below stage %s '
                                    '(%s builds on: %s)'
                                    % (rel, line_no, m.group(1), owner, stage, stage,
                                       ", ".join(sorted(closure[stage])) or "nothing"))

    # Each stage's meson.build names exactly the stages it builds on.
    dep_of = {name.replace("/", "_") + "_dep": name for name in names}
    for name, deps in STAGES:
        path = os.path.join(root, "src", name, "meson.build")
        if not os.path.exists(path):
            failures.append("src/%s/meson.build: missing (stage %s)" % (name, name))
            continue
        with open(path, encoding="utf-8") as f:
            text = re.sub(r"#.*", "", f.read())
        own = name.replace("/", "_") + "_dep"
        named = set(re.findall(r"\b(\w+_dep)\b", text)) - {own} - EXTERNAL_DEPS
        unknown = sorted(d for d in named if d not in dep_of)
        declared = {dep_of[d] for d in named if d in dep_of}
        for d in unknown:
            failures.append("src/%s/meson.build: names %s, which is no stage" % (name, d))
        if declared != set(deps):
            failures.append("src/%s/meson.build: builds on %s, but tests/layering.py says %s"
                            % (name, ", ".join(sorted(declared)) or "nothing", ", ".join(sorted(deps)) or "nothing"))

    for f in failures:
        print(f)
    print("%d file(s) checked, %d failure(s)" % (len(files), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
