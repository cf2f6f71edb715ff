#!/usr/bin/env python3
"""A list of test inputs in a meson.build is sorted and names every file of its folder.

Usage: lists-check.py [--inputs] LIST_NAME MESON_FILE DIR EXT ITEM...

ITEMs are the list's entries in their order (file names without EXT). Fails, naming
the list and the file that holds it, when the list is not sorted, names a missing file
DIR/ITEM.EXT, or leaves out a file DIR/*.EXT (so a test program or golden file added
without its line, or left behind after its test was removed, is caught). With
--inputs, DIR holds the inputs of the listed cases, of any extension and several per
case (EXT is ignored): every file's name up to its first '.' (other than meson.build)
must be listed, but a case may have no file (it reads another case's, or none).
"""
import os
import sys


def main():
    args = sys.argv[1:]
    inputs = args[:1] == ["--inputs"]
    if inputs:
        args = args[1:]
    name, meson_file, folder, ext = args[:4]
    items = args[4:]
    errors = []
    for a, b in zip(items, items[1:]):
        if a >= b:
            errors.append("'%s' is listed after '%s': the list must be sorted (and have no duplicates)" % (b, a))
    if inputs:
        present = sorted({f.split(".", 1)[0] for f in os.listdir(folder) if f != "meson.build"})
        ext = ".*"
    else:
        present = sorted(f[:-len(ext)] for f in os.listdir(folder) if f.endswith(ext))
    for i in items:
        if i not in present and not inputs:
            errors.append("'%s' is listed, but %s does not exist" % (i, os.path.join(folder, i + ext)))
    for f in present:
        if f not in items:
            errors.append("%s is not in the list: add '%s' to %s" % (os.path.join(folder, f + ext), f, name))
    if errors:
        print("%s (%s):" % (name, meson_file))
        for e in errors:
            print("  " + e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
